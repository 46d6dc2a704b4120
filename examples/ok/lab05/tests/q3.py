test = {
  'name': 'Question 3',
  'points': 2,
  'suites': [
    {
      'type': 'doctest',
      'scored': True,
      'setup': r"""
      >>> from lab05 import *
      >>> from tests.helpers import sample_tree, labels, height
      """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
          >>> labels(prune_deeper(sample_tree(), 1))
          [3, 1, 4, 1]
          >>> height(prune_deeper(sample_tree(), 0))
          0
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
      >>> from lab05 import *
      >>> import sys
      >>> sys.path.insert(0, 'tests')
      >>> import helpers
      >>> import tests.helpers
      """,
      'teardown': r"""
      >>> sys.path.remove('tests')
      """,
      'cases': [
        {
          'code': r"""
          >>> # two names, two module objects: each keeps its own CALLS
          >>> helpers is tests.helpers
          False
          >>> helpers.height(tests.helpers.sample_tree())
          2
          >>> helpers.labels(prune_deeper(helpers.sample_tree(), 5)) == helpers.labels(helpers.sample_tree())
          True
          """,
          'hidden': False,
          'locked': False
        }
      ]
    }
  ]
}
