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
        {'code': r"""
        >>> is_swap(28, 4)
        True
        >>> is_swap(22, 4)
        False
        """, 'hidden': False, 'locked': False},
        {'code': r"""
        >>> is_swap(124, 2)
        True
        >>> is_swap(10, 0)
        True
        >>> is_swap(2, 0)
        False
        """, 'hidden': True, 'locked': False}
      ]
    }
  ]
}
