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
            >>> is_swap(46, 92)
            True
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> is_swap(92, 45)
            False
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # Either score may be the multiple; 3 times or more counts too
            >>> is_swap(111, 37)
            True
            >>> is_swap(37, 111)
            True
            >>> is_swap(10, 90)
            True
            >>> is_swap(15, 40)
            False
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Equal scores are multiples of each other
            >>> is_swap(20, 20)
            True
            >>> is_swap(2, 2)
            True
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Both scores must be larger than 1
            >>> is_swap(1, 5)
            False
            >>> is_swap(7, 1)
            False
            >>> is_swap(0, 12)
            False
            >>> is_swap(12, 0)
            False
            >>> is_swap(1, 1)
            False
            >>> is_swap(0, 0)
            False
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> [s for s in range(100) if is_swap(s, 12)]
            [2, 3, 4, 6, 12, 24, 36, 48, 60, 72, 84, 96]
            >>> [s for s in range(2, 200) if is_swap(97, s)]
            [97, 194]
            """,
          'hidden': True,
          'locked': False
        },
        {
          'code': r"""
            >>> sum(is_swap(a, b) for a in range(150) for b in range(150))
            1090
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
