test = {
  'name': 'wwpp-recursion',
  'points': 0,
  'suites': [
    {
      'cases': [
        {
          'code': r"""
          >>> def down(n):
          ...     if n == 0:
          ...         return 'done'
          ...     print(n)
          ...     return down(n - 1)
          >>> down(2)
          73a9752b0761167119f7a8667ed17719
          71a5e7aa11e66d4d6ce4be8fda1e18ec
          84f3ca67b5b9ca2e12b652feb307962a
          # locked
          >>> down(0)
          84f3ca67b5b9ca2e12b652feb307962a
          # locked
          """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
          >>> def half(n):
          ...     return n if n % 2 else half(n // 2)
          >>> half(24)
          c66c489c94f153ccc42909baf6da3202
          # locked
          >>> half(7) + half(8)
          11f2dd23b3fd248f63abf27f5ba01f68
          # locked
          >>> print(print(half(6)))
          c66c489c94f153ccc42909baf6da3202
          399369abd1b48a38479bd1bfa475106f
          # locked
          """,
          'hidden': False,
          'locked': True
        }
      ],
      'scored': False,
      'type': 'wwpp'
    }
  ]
}
