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
            c42887e7b9ffe8fc26bb57b61329f916
            # locked
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> free_bacon(71)
            872dbe4a4fe5d8451aa842c21194c866
            # locked
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
        }
      ]
    }
  ]
}
