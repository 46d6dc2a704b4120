test = {
  'name': 'wwpp-scored',
  'points': 1,
  'suites': [
    {
      'type': 'wwpp',
      'scored': True,
      'cases': [
        {
          'code': r"""
          >>> def f(x):
          ...     return x * 2 if x < 10 else f(x - 10)
          >>> f(23)
          6
          >>> f(9) > f(19)
          False
          >>> 1 / 0
          Error
          """
        }
      ]
    }
  ]
}
