test = {
  'name': 'Question 2',
  'points': 1,
  'suites': [
    {
      'type': 'doctest',
      'scored': True,
      'setup': r"""
      >>> import sys
      >>> if 'tests' not in sys.path: sys.path.insert(0, 'tests')
      >>> from helpers import sample_tree, labels
      >>> from lab05 import *
      """,
      'teardown': r"""
      >>> sys.path.remove('tests')
      """,
      'cases': [
        {
          'code': r"""
          >>> labels(replace_label(sample_tree(), 1, 0))
          [3, 0, 5, 9, 4, 0, 2]
          >>> labels(replace_label(sample_tree(), 7, 0)) == labels(sample_tree())
          True
          """,
          'hidden': False,
          'locked': False
        }
      ]
    }
  ]
}
