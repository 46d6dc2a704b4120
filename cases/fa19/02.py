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
            >>> free_bacon(35)
            7
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> free_bacon(71)
            9
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # One-digit scores have a tens digit of 0
            >>> free_bacon(7)
            10
            >>> free_bacon(0)
            10
            >>> free_bacon(9)
            10
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> free_bacon(13)
            9
            >>> free_bacon(85)
            5
            >>> free_bacon(99)
            1
            >>> free_bacon(90)
            10
            >>> free_bacon(10)
            10
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> [free_bacon(score) for score in range(40, 50)]
            [10, 9, 8, 7, 6, 6, 6, 6, 6, 6]
            >>> [free_bacon(score) for score in range(0, 100, 11)]
            [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> free_bacon(46)
            6
            >>> free_bacon(64)
            6
            >>> free_bacon(28)
            8
            >>> free_bacon(19)
            9
            """,
          'hidden': True,
          'locked': False
        },
        {
          'code': r"""
            >>> [free_bacon(score) for score in range(100)]
            [10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 9, 9, 9, 9, 9, 9, 9, 9, 9, 10, 9, 8, 8, 8, 8, 8, 8, 8, 8, 10, 9, 8, 7, 7, 7, 7, 7, 7, 7, 10, 9, 8, 7, 6, 6, 6, 6, 6, 6, 10, 9, 8, 7, 6, 5, 5, 5, 5, 5, 10, 9, 8, 7, 6, 5, 4, 4, 4, 4, 10, 9, 8, 7, 6, 5, 4, 3, 3, 3, 10, 9, 8, 7, 6, 5, 4, 3, 2, 2, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
