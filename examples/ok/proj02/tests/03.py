test = {
  'name': 'Problem 3',
  'points': 1,
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
          >>> wpm('12345', 3)
          20.0
          >>> wpm('a b c', 20)
          3.0
          >>> wpm('', 10)
          0.0
          """,
          'hidden': False,
          'locked': False
        }
      ]
    }
  ]
}
