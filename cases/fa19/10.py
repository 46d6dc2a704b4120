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
            >>> # bacon_strategy decides on free_bacon's points (question 2)
            >>> bacon_strategy(0, 9, margin=8, num_rolls=5)
            0
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> bacon_strategy(9, 0, margin=6, num_rolls=5)
            0
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # Rolls 0 when Free Bacon gives at least the margin
            >>> bacon_strategy(50, 22, margin=8, num_rolls=5)
            0
            >>> bacon_strategy(50, 22, margin=9, num_rolls=5)
            5
            >>> bacon_strategy(50, 35, margin=7, num_rolls=3)
            0
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Defaults: margin 8, 4 dice
            >>> bacon_strategy(0, 0)
            0
            >>> bacon_strategy(0, 44)
            4
            >>> bacon_strategy(70, 21)
            0
            >>> bacon_strategy(70, 33)
            4
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> [bacon_strategy(0, score, 6, 3) for score in range(30, 50)]
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> [bacon_strategy(score, 50, 5, 2) for score in range(0, 100, 10)]
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
            >>> [bacon_strategy(0, score, 9, 7) for score in range(100)]
            [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 7, 7, 7, 7, 7, 7, 7, 0, 0, 7, 7, 7, 7, 7, 7, 7, 7, 0, 0, 7, 7, 7, 7, 7, 7, 7, 7, 0, 0, 7, 7, 7, 7, 7, 7, 7, 7, 0, 0, 7, 7, 7, 7, 7, 7, 7, 7, 0, 0, 7, 7, 7, 7, 7, 7, 7, 7, 0, 0, 7, 7, 7, 7, 7, 7, 7, 7, 0, 0, 7, 7, 7, 7, 7, 7, 7, 7]
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
