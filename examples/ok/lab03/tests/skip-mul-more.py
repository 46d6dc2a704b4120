test = {
  'name': 'skip-mul-more',
  'points': 1,
  'suites': [
    {
      'type': 'doctest',
      'scored': True,
      'setup': r"""
      >>> from lab03 import *
      """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
          >>> skip_mul(1)
          1
          >>> skip_mul(2)
          2
          >>> skip_mul(7)
          105
          """
        },
        {
          'code': r"""
          >>> skip_mul(10) // skip_mul(6)
          80
          """,
          'hidden': False,
          'locked': False
        }
      ]
    }
  ]
}
