test = {
  'name': 'wwpp-scored',
  'points': 1,
  'suites': [
    {
      'cases': [
        {
          'code': r"""
          >>> def f(x):
          ...     return x * 2 if x < 10 else f(x - 10)
          >>> f(23)
          7c0878210e87fb4747057fb1d5d1ddc7
          # locked
          >>> f(9) > f(19)
          2c0f80cb8568e3a3420d4ba35d62aaf1
          # locked
          >>> 1 / 0
          9ee30c0bb2642a554fb2198e3b73feb1
          # locked
          """,
          'hidden': False,
          'locked': True
        }
      ],
      'scored': True,
      'type': 'wwpp'
    }
  ]
}
