test = {
  'name': 'Problem 4',
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
          >>> same_len = lambda w, v, limit: abs(len(w) - len(v))
          >>> closest_word('cat', ['dog', 'cat'], same_len, 0)
          'cat'
          >>> closest_word('hi', ['hello', 'hey', 'bye'], same_len, 5)
          'hey'
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
          >>> from utils import WORDS
          >>> len(WORDS)
          970
          >>> closest_word('yellov', WORDS, lambda w, v, limit: sum(a != b for a, b in zip(w, v)) + abs(len(w) - len(v)), 2)
          'yellow'
          """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
          >>> closest_word('qqqqqqqq', WORDS, lambda w, v, limit: abs(len(w) - len(v)) + 9, 3)
          'qqqqqqqq'
          """,
          'hidden': False,
          'locked': False
        }
      ]
    }
  ]
}
