test = {
  'name': 'tally_more',
  'points': 1,
  'suites': [
    {
      'type': 'doctest',
      'scored': True,
      'setup': r"""
      >>> from hw02 import Tally
      >>> t = Tally()
      """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
          >>> [t.add(w) for w in 'abracadabra']
          [1, 1, 1, 2, 1, 3, 1, 4, 2, 2, 5]
          >>> t.total()
          11
          """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
          >>> t.add('z', 0)
          0
          >>> t.total()
          0
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
      >>> from hw02 import Tally
      """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
          >>> # not scored: a warm-up that shows what a Tally holds
          >>> t = Tally()
          >>> t.counts
          {}
          """,
          'hidden': False,
          'locked': False
        }
      ]
    }
  ]
}
