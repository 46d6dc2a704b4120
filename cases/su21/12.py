test = {
  'name': 'Question 12',
  'points': 0,
  'suites': [
    {
      'type': 'doctest',
      'scored': True,
      'setup': r"""
        >>> from hog import *
        """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
            >>> # final_strategy returns an int from 0 to 10 for every pair of scores
            >>> answers = [(score, opponent, final_strategy(score, opponent))
            ...            for score in range(100) for opponent in range(100)]
            >>> [(score, opponent) for score, opponent, dice in answers
            ...  if type(dice) != int or not 0 <= dice <= 10][:3]
            []
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # ... and the same answer every time it is asked, whatever was asked before
            >>> first = [final_strategy(score, opponent) for score in range(100) for opponent in range(100)]
            >>> again = [final_strategy(score, opponent) for score in reversed(range(100)) for opponent in reversed(range(100))]
            >>> again.reverse()
            >>> [(i // 100, i % 100) for i in range(10000) if first[i] != again[i]][:3]
            []
            """,
          'hidden': False,
          'locked': False
        }
      ]
    }
  ]
}
