test = {
  'name': 'Question 5a',
  'points': 2,
  'suites': [
    {
      'type': 'doctest',
      'scored': True,
      'setup': r"""
        >>> from hog import *
        >>> from itertools import cycle
        >>> def moves(*rolls):
        ...     rolls = cycle(rolls)
        ...     return lambda score, opponent_score: next(rolls)
        >>> calls = []
        >>> def recorded(who, *rolls):
        ...     rolls = cycle(rolls)
        ...     def strategy(score, opponent_score):
        ...         calls.append((who, score, opponent_score))
        ...         return next(rolls)
        ...     return strategy
        """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
            >>> # Time Trot is question 5b: in 05a games Player 0 rolls 9 dice and Player 1 rolls 8
            >>> # or 10 (or 0 on turns where no way of counting turns gives 0 modulo 8)
            >>> play(always_roll(9), always_roll(8), dice=make_test_dice(3), goal=50)
            (54, 24)
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # The game ends as soon as a score reaches the goal
            >>> play(always_roll(9), always_roll(8), dice=make_test_dice(2), goal=18)
            (18, 0)
            >>> play(always_roll(9), always_roll(10), score0=10, dice=make_test_dice(2), goal=28)
            (28, 0)
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # No turn is played when a score already reaches the goal
            >>> play(always_roll(9), always_roll(9), score0=100, score1=0)
            (100, 0)
            >>> play(always_roll(9), always_roll(9), score0=15, score1=100)
            (15, 100)
            >>> play(always_roll(9), always_roll(9), score0=12, score1=4, goal=12)
            (12, 4)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Each turn calls only the mover's strategy, once, with (own score, opponent's score)
            >>> play(recorded(0, 9), recorded(1, 8), score0=10, score1=31, dice=make_test_dice(2), goal=80)
            (82, 79)
            >>> calls
            [(0, 10, 31), (1, 31, 28), (0, 28, 47), (1, 47, 46), (0, 46, 63), (1, 63, 64), (0, 64, 79)]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Free Bacon looks at the opponent's score
            >>> play(moves(9, 0), moves(10, 0, 10, 10), dice=make_test_dice(2), goal=60)
            (44, 62)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Swine Swap after the turn's points: 3 + 27 = 30 and 60 trade places
            >>> play(recorded(0, 9), recorded(1, 8), score0=3, score1=60, dice=make_test_dice(3), goal=90)
            (114, 78)
            >>> calls
            [(0, 3, 60), (1, 30, 60), (0, 60, 54), (1, 54, 87), (0, 87, 78)]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Pig Out then a swap: 1 + 44 = 45 is a multiple of 15
            >>> play(recorded(0, 9), recorded(1, 10), score0=44, score1=15, dice=make_test_dice(1, 2), goal=47)
            (16, 47)
            >>> calls
            [(0, 44, 15), (1, 45, 15), (0, 15, 46), (1, 46, 16)]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # After a swap the other player still moves next
            >>> play(recorded(0, 9), recorded(1, 10), score0=2, score1=40, dice=make_test_dice(2), goal=70)
            (76, 60)
            >>> calls
            [(0, 2, 40), (1, 20, 40), (0, 40, 40), (1, 40, 58), (0, 58, 60)]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> play(always_roll(9), always_roll(8), dice=make_test_dice(3, 5, 2, 6, 4, 1, 6, 2))
            (100, 99)
            >>> play(moves(9), moves(8, 10), dice=make_test_dice(6, 5, 4, 3, 2))
            (107, 73)
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
