test = {
  'name': 'skip-mul-more',
  'points': 1,
  'suites': [
    {
      'cases': [
        {
          'code': r"""
          >>> skip_mul(1)
          71a5e7aa11e66d4d6ce4be8fda1e18ec
          # locked
          >>> skip_mul(2)
          73a9752b0761167119f7a8667ed17719
          # locked
          >>> skip_mul(7)
          adfce2d1478b733d7dfebac7b9f1cb9d
          # locked
          """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
          >>> skip_mul(10) // skip_mul(6)
          80
          """,
          'hidden': False,
          'locked': False
        }
      ],
      'scored': True,
      'setup': r"""
      >>> from lab03 import *
      """,
      'teardown': '',
      'type': 'doctest'
    }
  ]
}
