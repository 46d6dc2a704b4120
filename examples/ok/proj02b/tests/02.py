test = {
  'name': 'Problem 2',
  'points': 2,
  'suites': [
    {
      'type': 'doctest',
      'scored': True,
      'setup': r"""
      >>> from typer import *
      """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
          >>> accuracy('Cute Dog!', 'Cute Dog.')
          50.0
          >>> accuracy('a b c d', 'a b c d e f')
          100.0
          >>> round(accuracy('one two three', 'one too three'), 2)
          66.67
          """,
          'hidden': False,
          'locked': False
        }
      ]
    }
  ]
}
