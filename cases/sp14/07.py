test = {
  'name': 'Question 7',
  'points': 2,
  'suites': [
    {
      'type': 'doctest',
      'scored': True,
      'setup': r"""
        >>> import hog, dice
        >>> # Every case starts from hog.py's own dice, whatever an earlier case did
        >>> hog.four_sided, hog.six_sided = dice.four_sided, dice.six_sided
        >>> from hog import *
        """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
            >>> bacon_strategy(0, 0)
            5
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> bacon_strategy(30, 79)
            0
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # Free Bacon of exactly MARGIN points is enough
            >>> bacon_strategy(50, 70)
            0
            >>> bacon_strategy(50, 60)
            5
            >>> bacon_strategy(12, 17, margin=8, num_rolls=3)
            0
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # MARGIN and NUM_ROLLS are used
            >>> bacon_strategy(10, 45, margin=6, num_rolls=2)
            0
            >>> bacon_strategy(10, 45, margin=7, num_rolls=2)
            2
            >>> bacon_strategy(10, 45, 6, 10)
            0
            >>> bacon_strategy(10, 44, 6, 10)
            10
            >>> bacon_strategy(99, 9, margin=10)
            0
            >>> bacon_strategy(99, 9, margin=11)
            5
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # The mover's own score does not matter
            >>> [bacon_strategy(score, 26) for score in (0, 26, 52, 98)]
            [5, 5, 5, 5]
            >>> [bacon_strategy(score, 72, margin=9, num_rolls=4) for score in (0, 9, 72, 90)]
            [4, 4, 4, 4]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> [opponent for opponent in range(100) if bacon_strategy(40, opponent) == 0][:12]
            [7, 8, 9, 17, 18, 19, 27, 28, 29, 37, 38, 39]
            >>> [opponent for opponent in range(100) if bacon_strategy(40, opponent, 3, 6) == 6]
            [0, 1, 10, 11]
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
