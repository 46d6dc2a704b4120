test = {
  'name': 'Question 1',
  'points': 1,
  'suites': [
    {
      'type': 'doctest',
      'scored': True,
      'setup': r"""
      >>> from lab05 import *
      >>> from tests.helpers import sample_tree
      """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
          >>> count_leaves(sample_tree())
          4
          >>> tree_max(sample_tree())
          9
          """,
          'hidden': False,
          'locked': False
        }
      ]
    }
  ]
}
