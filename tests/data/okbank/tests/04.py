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
            d763fd836a7bfb096222e985b161b406
            # locked
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> is_swap(28, 4)
            bc6c4798917b91886d7fa5f56e42878f
            # locked
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
        }
      ]
    }
  ]
}
