test = {
  'name': 'Problem 1',
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
          >>> lines = ['One fish.', 'Two fish!', 'red fish', 'blue fish']
          >>> choose_line(lines, lambda s: s[0].isupper(), 1)
          'Two fish!'
          >>> choose_line(lines, lambda s: 'fish' in s, 3)
          'blue fish'
          >>> choose_line(lines, lambda s: False, 0)
          ''
          """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
          >>> choose_line([], lambda s: True, 0)
          ''
          """,
          'hidden': False,
          'locked': False
        }
      ]
    },
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
          >>> only = about(['fish'])
          >>> [only(s) for s in ['One fish.', 'FISH', 'fishy', 'no']]
          [True, True, False, False]
          """,
          'hidden': False,
          'locked': False
        }
      ]
    }
  ]
}
