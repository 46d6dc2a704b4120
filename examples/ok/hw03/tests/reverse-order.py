test = {
  'name': 'reverse-order',
  'points': 0,
  'suites': [
    {
      'cases': [
        {
          'code': r"""
          >>> def up(n):
          ...     if n > 0:
          ...         up(n - 1)
          ...         print(n)
          >>> up(3)
          1
          2
          3
          """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
          >>> from hw03 import digit_stream
          >>> list(digit_stream(120))
          [0, 2, 1]
          """,
          'hidden': False,
          'locked': False
        }
      ],
      'scored': False,
      'type': 'wwpp'
    }
  ]
}
