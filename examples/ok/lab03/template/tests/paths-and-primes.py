test = {
  'name': 'paths-and-primes',
  'points': 2,
  'suites': [
    {
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
      ],
      'scored': True,
      'setup': r"""
      >>> from lab03 import *
      """,
      'teardown': '',
      'type': 'doctest'
    },
    {
      'cases': [
        {
          'code': r"""
          >>> [n for n in range(2, 30) if is_prime(n)]
          c91723405acf9415a2409cbc81e75d71
          # locked
          """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
          >>> is_prime(7919), is_prime(7917)
          (True, False)
          """,
          'hidden': False,
          'locked': False
        }
      ],
      'scored': True,
      'setup': r"""
      >>> from lab03 import is_prime
      """,
      'teardown': '',
      'type': 'doctest'
    }
  ]
}
