test = {
  'name': 'compose_repeat',
  'points': 2,
  'suites': [
    {
      'type': 'doctest',
      'scored': True,
      'setup': r"""
      >>> from hw02 import *
      """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
          >>> # compose is given: f after g
          >>> compose(square, increment)(3)
          16
          >>> compose(increment, square)(3)
          10
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
      >>> from hw02 import *
      """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
          >>> make_repeater(increment, 10)(0)
          10
          >>> make_repeater(lambda s: s + '!', 3)('hey')
          'hey!!!'
          """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
          >>> twice = make_repeater(triple, 2)
          >>> [twice(k) for k in range(4)]
          [0, 9, 18, 27]
          >>> make_repeater(twice, 2)(1)
          81
          """,
          'hidden': False,
          'locked': False
        }
      ]
    }
  ]
}
