test = {
  'name': 'Question 5b',
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
            >>> # The example of the contest page, turns 0 to 3, then turn 4 (no extra: 4 % 8 is not 3)
            >>> dice = make_test_dice(5, 4, 3, 4, 3,  4,  3, 3,  2, 1, 2,  6, 6, 6)
            >>> play(moves(5, 3, 3), moves(1, 2), dice=dice, goal=29)
            (46, 25)
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # Turn 1 with 1 die earns an extra turn; the extra turn (turn 2) does not, whatever it rolls
            >>> play(recorded(0, 9), recorded(1, 1), score0=10, score1=20, dice=make_test_dice(3), goal=40)
            (64, 26)
            >>> calls
            [(0, 10, 20), (1, 20, 37), (1, 23, 37), (0, 37, 26)]
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # Extra turns count as turns: after turn 1 and its extra turn 2, Player 0 rolls 3 on turn 3
            >>> play(recorded(0, 9, 3, 9), recorded(1, 1, 9), score0=10, score1=20, dice=make_test_dice(3), goal=60)
            (73, 50)
            >>> calls
            [(0, 10, 20), (1, 20, 37), (1, 23, 37), (0, 37, 50), (0, 46, 50)]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Never two extra turns in a row: turn 1 earns one, turn 2 (2 dice) does not
            >>> play(recorded(0, 9), moves(1, 2, 9, 9), score0=10, score1=20, dice=make_test_dice(3), goal=45)
            (64, 29)
            >>> calls
            [(0, 10, 20), (0, 37, 29)]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # 0 dice on turn 0 earns an extra turn (Free Bacon, then Time Trot)
            >>> play(moves(0, 9), moves(9), score0=10, score1=20, dice=make_test_dice(3), goal=50)
            (46, 74)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Turn numbers go on past 8: 0 dice on turn 8 and 2 dice on turn 10 earn extra turns
            >>> play(recorded(0, 3, 3, 3, 3, 0, 3), recorded(1, 2), score0=0, score1=1, dice=make_test_dice(4), goal=70)
            (74, 49)
            >>> calls
            [(0, 0, 1), (1, 1, 12), (0, 12, 9), (1, 9, 24), (0, 24, 17), (1, 17, 36), (0, 36, 25), (1, 25, 48), (0, 48, 33), (0, 50, 33), (1, 33, 62), (1, 41, 62), (0, 62, 49)]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # The game ends at the goal even when Time Trot holds (0 dice on turn 0)
            >>> play(recorded(0, 0), recorded(1, 9), score0=97, score1=42, goal=100)
            (101, 42)
            >>> calls
            [(0, 97, 42)]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> play(moves(0, 1, 2, 3, 4, 5, 6, 7), moves(7, 6, 5, 4, 3, 2, 1, 0), dice=make_test_dice(4, 5, 6, 2, 3))
            (106, 45)
            """,
          'hidden': True,
          'locked': False
        },
        {
          'code': r"""
            >>> play(recorded(0, 4), recorded(1, 5), dice=make_test_dice(6, 2, 5, 3, 4))
            (96, 100)
            >>> calls
            [(0, 0, 0), (1, 0, 16), (0, 16, 20), (1, 20, 33), (0, 33, 40), (0, 48, 40), (1, 40, 66), (0, 66, 60), (1, 60, 80), (0, 80, 80), (1, 80, 96)]
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
