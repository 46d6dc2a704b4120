test = {
  'name': 'Problem 5',
  'points': 2,
  'suites': [
    {
      'type': 'doctest',
      'scored': True,
      'setup': r"""
      >>> from typing import *
      """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
          >>> letter_swaps('car', 'cat', 5)
          1
          >>> letter_swaps('', 'abc', 5)
          3
          >>> letter_swaps('same', 'same', 0)
          0
          """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
          >>> big = 'a' * 200
          >>> letter_swaps(big, 'b' * 200, 3) > 3
          True
          """,
          'hidden': False,
          'locked': False
        }
      ]
    }
  ]
}
