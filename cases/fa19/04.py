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
            >>> is_swap(2, 4)
            False
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> is_swap(28, 4)
            True
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> is_swap(22, 4)
            False
            >>> is_swap(44, 28)
            True
            >>> is_swap(28, 44)
            True
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # A one-digit score uses its digit twice
            >>> is_swap(3, 9)
            False
            >>> is_swap(3, 33)
            True
            >>> is_swap(1, 11)
            True
            >>> is_swap(7, 70)
            False
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Zeros: 0 gives 0
            >>> is_swap(2, 0)
            False
            >>> is_swap(10, 0)
            True
            >>> is_swap(0, 0)
            True
            >>> is_swap(20, 30)
            True
            >>> is_swap(0, 5)
            False
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Three-digit scores use the leftmost digit
            >>> is_swap(124, 2)
            True
            >>> is_swap(213, 32)
            True
            >>> is_swap(102, 2)
            False
            >>> is_swap(100, 0)
            True
            >>> is_swap(105, 5)
            False
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> is_swap(12, 21)
            True
            >>> is_swap(36, 29)
            True
            >>> is_swap(19, 91)
            True
            >>> is_swap(99, 9)
            True
            """,
          'hidden': True,
          'locked': False
        },
        {
          'code': r"""
            >>> [s for s in range(1, 160) if is_swap(s, 24)]
            [18, 24, 42, 81, 108, 118, 128, 138, 148, 158]
            >>> [s for s in range(160) if is_swap(s, 0)]
            [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150]
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
