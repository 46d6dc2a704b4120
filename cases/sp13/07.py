test = {
  'name': 'Question 7',
  'points': 2,
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
            >>> strategy = make_comeback_strategy(8)
            >>> strategy(10, 20)
            6
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> strategy = make_comeback_strategy(8, 3)
            >>> strategy(20, 10)
            3
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # Behind by exactly MARGIN counts
            >>> strategy = make_comeback_strategy(5, 2)
            >>> strategy(10, 15)
            3
            >>> strategy(10, 14)
            2
            >>> strategy(0, 99)
            3
            >>> strategy(99, 0)
            2
            >>> strategy(40, 40)
            2
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # NUM_ROLLS is 5 unless given
            >>> strategy = make_comeback_strategy(12)
            >>> strategy(30, 42)
            6
            >>> strategy(30, 41)
            5
            >>> make_comeback_strategy(1, 9)(0, 1)
            10
            >>> make_comeback_strategy(1, 0)(5, 5)
            0
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Each strategy keeps its own settings
            >>> cautious, bold = make_comeback_strategy(20, 3), make_comeback_strategy(4, 6)
            >>> cautious(10, 25), bold(10, 25)
            (3, 7)
            >>> cautious(0, 20), bold(0, 20)
            (4, 7)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> strategy = make_comeback_strategy(7, 4)
            >>> [opponent for opponent in range(100) if strategy(50, opponent) == 5][:3]
            [57, 58, 59]
            >>> sorted(set(strategy(score, opponent) for score in range(100) for opponent in range(100)))
            [4, 5]
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
