test = {
  'name': 'Question 9',
  'points': 0,
  'suites': [
    {
      'type': 'doctest',
      'scored': True,
      'setup': r"""
        >>> import hog, dice
        >>> # Every case starts from hog.py's own dice and take_turn, whatever an earlier case did
        >>> hog.four_sided, hog.six_sided = dice.four_sided, dice.six_sided
        >>> hog.take_turn = getattr(hog.take_turn, 'wrapped', hog.take_turn)
        >>> from hog import *
        >>> # Commentary belongs to question 3: here it is off, and silent even if a roll_dice ignores the flag
        >>> hog.commentary, hog.announce = False, lambda outcome, who: None
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
