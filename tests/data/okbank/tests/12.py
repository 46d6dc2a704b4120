test = {
  'name': 'Question 12',
  'points': 0,
  'suites': [
    {
      'type': 'doctest',
      'scored': True,
      'setup': r"""
        >>> from hog import *
        >>> from tests.check_strategy import check_strategy
        """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
            >>> check_strategy(final_strategy)
            """,
          'hidden': False,
          'locked': False
        }
      ]
    }
  ]
}
