test = {
  'name': 'Problem 6',
  'points': 1,
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
          >>> autocorrect('teh quik brown fox')
          'ten duck brown box'
          >>> from tests.construct import uses_loops
          >>> uses_loops('typer.py', 'letter_swaps')
          False
          """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
          >>> import utils
          >>> utils.words_starting('zebra')
          []
          """,
          'hidden': False,
          'locked': False
        }
      ]
    },
    {
      'type': 'doctest',
      'scored': False,
      'setup': r"""
      >>> from typer import *
      """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
          >>> # unscored: a look at the data file utils.py reads when it is imported
          >>> from utils import WORDS
          >>> WORDS[:3]
          ['a', 'able', 'about']
          """,
          'hidden': False,
          'locked': False
        }
      ]
    }
  ]
}
