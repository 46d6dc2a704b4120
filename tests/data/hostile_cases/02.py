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
        {'code': r"""
        >>> free_bacon(35)
        7
        >>> free_bacon(71)
        9
        """, 'hidden': False, 'locked': False},
        {'code': r"""
        >>> free_bacon(7)
        10
        """, 'hidden': True, 'locked': False}
      ]
    }
  ]
}
