test = {
  'name': 'over-twice',
  'points': 1,
  'suites': [
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
          scm> (over-twice '(2 5 3 9 4))
          (5 9)
          """,
          'hidden': False,
          'locked': False
        }
      ]
    }
  ]
}
