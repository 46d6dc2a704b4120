test = {
  'name': 'Question 10',
  'points': 1,
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
            >>> piggypoints_strategy(0, 9, cutoff=8, num_rolls=5)
            0
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> piggypoints_strategy(30, 44, cutoff=5, num_rolls=6)
            6
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # Rolls 0 when Piggy Points gives at least the cutoff
            >>> piggypoints_strategy(50, 14, cutoff=7, num_rolls=5)
            0
            >>> piggypoints_strategy(50, 14, cutoff=8, num_rolls=5)
            5
            >>> piggypoints_strategy(50, 27, cutoff=9, num_rolls=3)
            0
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Defaults: cutoff 8, 6 dice
            >>> piggypoints_strategy(0, 0)
            6
            >>> piggypoints_strategy(0, 40)
            0
            >>> piggypoints_strategy(70, 51)
            0
            >>> piggypoints_strategy(70, 33)
            6
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # The mover's own score does not matter
            >>> [piggypoints_strategy(score, 62, 8, 2) for score in range(0, 100, 11)]
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> [piggypoints_strategy(0, score, 9, 7) for score in range(100)]
            [7, 7, 7, 7, 7, 0, 0, 0, 0, 0, 7, 7, 7, 7, 7, 7, 0, 0, 0, 0, 7, 7, 7, 7, 7, 7, 7, 0, 0, 0, 7, 7, 7, 7, 7, 7, 7, 7, 0, 0, 7, 7, 7, 7, 7, 7, 7, 7, 7, 0, 0, 7, 7, 7, 7, 7, 7, 7, 7, 7, 0, 0, 7, 7, 7, 7, 7, 7, 7, 7, 0, 0, 0, 7, 7, 7, 7, 7, 7, 7, 0, 0, 0, 0, 7, 7, 7, 7, 7, 7, 0, 0, 0, 0, 0, 7, 7, 7, 7, 7]
            >>> [piggypoints_strategy(5, score, 4, 3) for score in range(0, 100, 9)]
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
