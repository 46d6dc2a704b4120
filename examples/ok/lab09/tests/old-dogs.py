test = {
  'name': 'old-dogs',
  'points': 1,
  'suites': [
    {
      'type': 'sqlite',
      'scored': True,
      'ordered': False,
      'setup': r"""
      sqlite> .read lab09.sql
      """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
          sqlite> SELECT * FROM old_dogs;
          rex
          """,
          'hidden': False,
          'locked': False
        }
      ]
    }
  ]
}
