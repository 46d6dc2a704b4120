test = {
  'name': 'Question 11',
  'points': 2,
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
            >>> more_boar_strategy(21, 43, cutoff=8, num_rolls=6)  # 21 + 5 = 26 against 43: another turn
            0
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> more_boar_strategy(30, 55, cutoff=8, num_rolls=6)  # 30 + 4 = 34 against 55: no
            6
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # Rolls 0 when that gives another turn, even when Piggy Points is small
            >>> more_boar_strategy(33, 55, 8, 5)
            0
            >>> more_boar_strategy(12, 46, 10, 3)
            0
            >>> more_boar_strategy(10, 2, 7, 4)
            0
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Otherwise like piggypoints_strategy, cutoff included
            >>> more_boar_strategy(0, 29, 9, 5)
            0
            >>> more_boar_strategy(0, 29, 12, 5)
            5
            >>> more_boar_strategy(50, 55)
            6
            >>> more_boar_strategy(80, 90, 9, 2)
            0
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # The check is on the mover's score after Piggy Points, not before
            >>> more_boar_strategy(25, 43, 20, 6)
            6
            >>> more_boar_strategy(17, 44, 20, 6)
            6
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> [more_boar_strategy(s, 55, 20, 3) for s in range(0, 100, 5)]
            [3, 3, 3, 0, 3, 0, 3, 0, 3, 0, 3, 3, 0, 3, 0, 3, 0, 3, 0, 3]
            >>> sum(more_boar_strategy(s, o, 7, 3) for s in range(100) for o in range(100))
            11052
            """,
          'hidden': True,
          'locked': False
        },
        {
          'code': r"""
            >>> [(s, o) for s in range(60) for o in range(60) if more_boar_strategy(s, o, 20, 2) == 0][:12]
            [(7, 2), (7, 3), (7, 4), (7, 5), (7, 6), (7, 7), (7, 8), (8, 2), (8, 3), (8, 4), (8, 5), (8, 6)]
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
