test = {
  'name': 'Question 2',
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
            >>> free_bacon(42)
            4
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> free_bacon(38)
            7
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # A one-digit score has tens digit 0
            >>> free_bacon(7)
            9
            >>> free_bacon(0)
            2
            >>> free_bacon(2)
            4
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> free_bacon(24)
            4
            >>> free_bacon(90)
            11
            >>> free_bacon(99)
            2
            >>> free_bacon(19)
            10
            >>> free_bacon(61)
            7
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> [free_bacon(score) for score in range(100)]
            [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 3, 2, 3, 4, 5, 6, 7, 8, 9, 10, 4, 3, 2, 3, 4, 5, 6, 7, 8, 9, 5, 4, 3, 2, 3, 4, 5, 6, 7, 8, 6, 5, 4, 3, 2, 3, 4, 5, 6, 7, 7, 6, 5, 4, 3, 2, 3, 4, 5, 6, 8, 7, 6, 5, 4, 3, 2, 3, 4, 5, 9, 8, 7, 6, 5, 4, 3, 2, 3, 4, 10, 9, 8, 7, 6, 5, 4, 3, 2, 3, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
