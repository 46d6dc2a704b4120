test = {
  'name': 'paths-and-primes',
  'points': 2,
  'suites': [
    {
      'type': 'doctest',
      'scored': True,
      'setup': r"""
      >>> from lab03 import *
      """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
          >>> grid_paths(5, 7)
          210
          >>> [grid_paths(2, k) for k in range(1, 5)]
          [1, 2, 3, 4]
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
      >>> from lab03 import is_prime
      """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
          >>> [n for n in range(2, 30) if is_prime(n)]
          [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
          """
        },
        {
          'code': r"""
          >>> is_prime(7919), is_prime(7917)
          (True, False)
          """,
          'hidden': False,
          'locked': False
        }
      ]
    }
  ]
}
