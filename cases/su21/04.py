test = {
  'name': 'Question 4',
  'points': 2,
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
            >>> more_boar(25, 43)
            True
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> more_boar(32, 33)
            False
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # A one-digit score's digit is both its smallest and its largest
            >>> more_boar(7, 10)
            False
            >>> more_boar(10, 7)
            False
            >>> more_boar(3, 5)
            False
            >>> more_boar(19, 5)
            True
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Both conditions are needed, and both are strict
            >>> more_boar(18, 33)
            True
            >>> more_boar(24, 33)
            True
            >>> more_boar(34, 33)
            False
            >>> more_boar(39, 38)
            False
            >>> more_boar(29, 28)
            False
            >>> more_boar(12, 12)
            False
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Which player is which matters
            >>> more_boar(43, 25)
            False
            >>> more_boar(28, 55)
            True
            >>> more_boar(55, 28)
            False
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Three-digit scores: every digit counts
            >>> more_boar(105, 43)
            True
            >>> more_boar(43, 105)
            False
            >>> more_boar(190, 25)
            True
            >>> more_boar(112, 34)
            False
            >>> more_boar(129, 345)
            True
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> [s for s in range(100) if more_boar(s, 55)]
            [16, 17, 18, 19, 26, 27, 28, 29, 36, 37, 38, 39, 46, 47, 48, 49, 60, 61, 62, 63, 64, 70, 71, 72, 73, 74, 80, 81, 82, 83, 84, 90, 91, 92, 93, 94]
            """,
          'hidden': True,
          'locked': False
        },
        {
          'code': r"""
            >>> sum(more_boar(s, o) for s in range(200) for o in range(200))
            4524
            >>> [o for o in range(100) if more_boar(38, o)]
            [4, 5, 6, 7, 44, 45, 46, 47, 54, 55, 56, 57, 64, 65, 66, 67, 74, 75, 76, 77]
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
