test = {
  'name': 'Question 5',
  'points': 4,
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
        >>> def recorded(who, rolls):
        ...     def strategy(score, opponent_score):
        ...         calls.append((who, score, opponent_score))
        ...         return rolls
        ...     return strategy
        """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
            >>> play(always_roll(5), always_roll(3), dice=make_test_dice(2), goal=20)
            (20, 6)
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # More Boar: Player 0 reaches 29, 38 and 47 against 55 and moves again each time
            >>> play(recorded(0, 3), recorded(1, 3), score0=20, score1=55, dice=make_test_dice(3), goal=60)
            (56, 64)
            >>> calls
            [(0, 20, 55), (0, 29, 55), (0, 38, 55), (0, 47, 55), (1, 55, 56)]
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # The game ends as soon as a score reaches the goal
            >>> play(always_roll(1), always_roll(1), dice=make_test_dice(4), goal=8)
            (8, 4)
            >>> play(always_roll(2), always_roll(2), dice=make_test_dice(3), goal=6)
            (6, 0)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # No turn is played when a score already reaches the goal
            >>> play(always_roll(3), always_roll(3), score0=100, score1=0)
            (100, 0)
            >>> play(always_roll(3), always_roll(3), score0=15, score1=100)
            (15, 100)
            >>> play(always_roll(3), always_roll(3), score0=12, score1=4, goal=12)
            (12, 4)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Each turn calls only the mover's strategy, once, with (own score, opponent's score)
            >>> play(recorded(0, 1), recorded(1, 1), score0=10, score1=30, dice=make_test_dice(4), goal=40)
            (26, 42)
            >>> calls
            [(0, 10, 30), (1, 30, 14), (0, 14, 34), (0, 18, 34), (1, 34, 22), (0, 22, 38), (1, 38, 26)]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Piggy Points looks at the opponent's score
            >>> play(always_roll(0), always_roll(0), score0=11, score1=33, goal=40)
            (32, 43)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # More Boar chains as long as it holds, and an extra turn can end the game
            >>> play(recorded(0, 3), recorded(1, 1), score0=3, score1=60, dice=make_test_dice(6), goal=68)
            (75, 66)
            >>> calls
            [(0, 3, 60), (1, 60, 21), (0, 21, 66), (0, 39, 66), (0, 57, 66)]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # More Boar compares the mover's score with the opponent's, on Player 1's turns too
            >>> play(recorded(0, 1), recorded(1, 1), score0=45, score1=20, dice=make_test_dice(3), goal=60)
            (60, 35)
            >>> calls
            [(0, 45, 20), (1, 20, 48), (0, 48, 23), (0, 51, 23), (1, 23, 54), (1, 26, 54), (1, 29, 54), (0, 54, 32), (1, 32, 57), (0, 57, 35)]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # The game ends at the goal even when More Boar holds (80 against 74)
            >>> play(recorded(0, 2), recorded(1, 2), score0=70, score1=74, dice=make_test_dice(5), goal=80)
            (80, 74)
            >>> calls
            [(0, 70, 74)]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # take_turn is given the goal: scores above 100 are fine below a goal of 200
            >>> play(always_roll(0), always_roll(2), score0=120, score1=146, dice=make_test_dice(4), goal=160)
            (131, 162)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> play(always_roll(4), always_roll(6), dice=make_test_dice(3, 5, 2, 6, 4, 1, 6, 2))
            (69, 104)
            >>> play(always_roll(10), always_roll(2), dice=make_test_dice(6, 5, 4, 3, 2))
            (120, 11)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> play(moves(0, 3, 7, 1, 0, 5, 9), always_roll(4), dice=make_test_dice(4, 2, 6, 5, 1, 3))
            (6, 111)
            """,
          'hidden': True,
          'locked': False
        },
        {
          'code': r"""
            >>> play(recorded(0, 3), recorded(1, 5), score0=7, score1=27, dice=make_test_dice(2, 6, 5, 4, 3))
            (67, 107)
            >>> calls
            [(0, 7, 27), (1, 27, 20), (0, 20, 47), (0, 29, 47), (1, 47, 44), (0, 44, 67), (1, 67, 55), (0, 55, 87), (1, 87, 67)]
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
