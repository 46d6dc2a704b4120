test = {
  'name': 'Question 1',
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
        >>> roll_dice(2, make_test_dice(4, 6, 1))
        10
        """, 'hidden': False, 'locked': False},
        {'code': r"""
        >>> roll_dice(3, make_test_dice(4, 6, 1))
        1
        >>> roll_dice(3, make_test_dice(1, 2, 3))
        1
        """, 'hidden': False, 'locked': True},
        {'code': r"""
        >>> counted = []
        >>> def dice():
        ...     counted.append(1)
        ...     return 1
        >>> roll_dice(4, dice), len(counted)
        (1, 4)
        """, 'hidden': True, 'locked': False}
      ]
    }
  ]
}
