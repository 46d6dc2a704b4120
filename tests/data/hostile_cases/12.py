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
            >>> invalid = [(score, opponent) for score in range(100) for opponent in range(100)
            ...            if type(final_strategy(score, opponent)) != int
            ...            or not 0 <= final_strategy(score, opponent) <= 10]
            >>> invalid[:3]
            []
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # ... and the same answer every time it is asked
            >>> first = [final_strategy(score, opponent) for score in range(100) for opponent in range(100)]
            >>> again = [final_strategy(score, opponent) for score in range(100) for opponent in range(100)]
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
