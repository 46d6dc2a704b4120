test = {
  'name': 'mixed',
  'points': 2,
  'suites': [
    {
      'type': 'doctest',
      'scored': True,
      'setup': r"""
      >>> from lab09 import *
      """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
          >>> flatten([[[[]]], 'a', ['b']])
          ['a', 'b']
          """,
          'hidden': False,
          'locked': False
        }
      ]
    },
    {
      'type': 'scheme',
      'scored': True,
      'setup': r"""
      scm> (load-all ".")
      """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
          scm> (over-twice '(1 2 3))
          (3)
          """,
          'hidden': False,
          'locked': False
        }
      ]
    }
  ]
}
