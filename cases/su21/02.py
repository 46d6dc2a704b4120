test = {
  'name': 'Question 2',
  'points': 1,
  'suites': [
    {
      'type': 'doctest',
      'scored': True,
      'setup': r"""
        >>> from hog import *
        """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
            >>> piggy_points(14)
            7
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> piggy_points(50)
            9
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # A one-digit score has tens digit 0
            >>> piggy_points(9)
            13
            >>> piggy_points(0)
            4
            >>> piggy_points(4)
            8
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> piggy_points(27)
            9
            >>> piggy_points(72)
            9
            >>> piggy_points(88)
            4
            >>> piggy_points(90)
            13
            >>> piggy_points(19)
            12
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Scores can be 100 or more: the last two digits count
            >>> piggy_points(156)
            5
            >>> piggy_points(100)
            4
            >>> piggy_points(109)
            13
            >>> piggy_points(281)
            11
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # No for statement and no square brackets inside piggy_points
            >>> import ast, inspect, textwrap, hog
            >>> tree = ast.parse(textwrap.dedent(inspect.getsource(hog.piggy_points)))
            >>> sorted({type(node).__name__ for node in ast.walk(tree)
            ...         if isinstance(node, (ast.For, ast.List, ast.ListComp, ast.Subscript))})
            []
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> [piggy_points(score) for score in range(30, 40)]
            [7, 6, 5, 4, 5, 6, 7, 8, 9, 10]
            >>> [piggy_points(score) for score in range(5, 100, 10)]
            [9, 8, 7, 6, 5, 4, 5, 6, 7, 8]
            """,
          'hidden': True,
          'locked': False
        },
        {
          'code': r"""
            >>> [piggy_points(score) for score in range(100)]
            [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 5, 4, 5, 6, 7, 8, 9, 10, 11, 12, 6, 5, 4, 5, 6, 7, 8, 9, 10, 11, 7, 6, 5, 4, 5, 6, 7, 8, 9, 10, 8, 7, 6, 5, 4, 5, 6, 7, 8, 9, 9, 8, 7, 6, 5, 4, 5, 6, 7, 8, 10, 9, 8, 7, 6, 5, 4, 5, 6, 7, 11, 10, 9, 8, 7, 6, 5, 4, 5, 6, 12, 11, 10, 9, 8, 7, 6, 5, 4, 5, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4]
            >>> [piggy_points(score) for score in (110, 123, 145, 199, 200, 1000)]
            [5, 5, 5, 4, 4, 4]
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
