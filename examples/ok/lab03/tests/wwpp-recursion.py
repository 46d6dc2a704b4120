test = {
  'name': 'wwpp-recursion',
  'points': 0,
  'suites': [
    {
      'type': 'wwpp',
      'cases': [
        {
          'code': r"""
          >>> def down(n):
          ...     if n == 0:
          ...         return 'done'
          ...     print(n)
          ...     return down(n - 1)
          >>> down(2)
          2
          1
          'done'
          >>> down(0)
          'done'
          """
        },
        {
          'code': r"""
          >>> def half(n):
          ...     return n if n % 2 else half(n // 2)
          >>> half(24)
          3
          >>> half(7) + half(8)
          8
          >>> print(print(half(6)))
          3
          None
          """
        }
      ]
    }
  ]
}
