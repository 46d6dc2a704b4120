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
            >>> # Every 05a case turns Feral Hogs off: it is question 5b
            >>> play(always_roll(5), always_roll(3), dice=make_test_dice(3), goal=20, feral_hogs=False)
            (30, 9)
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # The game ends as soon as a score reaches the goal
            >>> play(always_roll(1), always_roll(1), dice=make_test_dice(5), goal=10, feral_hogs=False)
            (10, 5)
            >>> play(always_roll(2), always_roll(2), dice=make_test_dice(2), goal=4, feral_hogs=False)
            (4, 0)
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # No turn is played when a score is already at the goal
            >>> play(always_roll(3), always_roll(3), score0=100, score1=0, feral_hogs=False)
            (100, 0)
            >>> play(always_roll(3), always_roll(3), score0=15, score1=100, feral_hogs=False)
            (15, 100)
            >>> play(always_roll(3), always_roll(3), score0=10, score1=3, goal=10, feral_hogs=False)
            (10, 3)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Each strategy is called exactly once per turn, with (own score, opponent's score)
            >>> play(recorded(0, 1), recorded(1, 2), score0=12, score1=40, dice=make_test_dice(3), goal=50, feral_hogs=False)
            (18, 52)
            >>> calls
            [(0, 12, 40), (1, 40, 15), (0, 15, 46), (1, 46, 18)]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Player 1's strategy gets Player 1's score first
            >>> play(recorded(0, 0), recorded(1, 0), score0=3, score1=71, goal=80, feral_hogs=False)
            (12, 80)
            >>> calls
            [(0, 3, 71), (1, 71, 12)]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Free Bacon uses the opponent's score
            >>> play(always_roll(0), always_roll(0), score0=15, score1=62, goal=70, feral_hogs=False)
            (23, 70)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Swine Swap after the turn's points: Player 0 swaps up (5 and 55), later down (60 and 10)
            >>> play(recorded(0, 1), recorded(1, 1), score0=0, score1=55, dice=make_test_dice(5), goal=67, feral_hogs=False)
            (15, 70)
            >>> calls
            [(0, 0, 55), (1, 5, 55), (0, 55, 10), (1, 60, 10), (0, 10, 65), (1, 65, 15)]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # ... and on Player 1's turns: down (5 and 55), later up (60 and 10)
            >>> play(recorded(0, 1), recorded(1, 1), score0=0, score1=50, dice=make_test_dice(5), goal=62, feral_hogs=False)
            (15, 65)
            >>> calls
            [(0, 0, 50), (1, 50, 5), (0, 55, 5), (1, 5, 60), (0, 10, 60), (1, 60, 15)]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # After a swap (12 and 21 on the third turn), the other player still moves next
            >>> play(recorded(0, 2), recorded(1, 2), score0=0, score1=15, dice=make_test_dice(3), goal=27, feral_hogs=False)
            (27, 18)
            >>> calls
            [(0, 0, 15), (1, 15, 6), (0, 6, 21), (1, 12, 21), (0, 21, 18)]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Swaps with three-digit scores at the end of the game
            >>> play(always_roll(1), always_roll(1), score0=98, score1=4, dice=make_test_dice(6), feral_hogs=False)
            (104, 4)
            >>> play(always_roll(0), always_roll(5), score0=91, score1=12, dice=make_test_dice(6), feral_hogs=False)
            (100, 12)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> play(always_roll(4), always_roll(6), dice=make_test_dice(3, 5, 2, 6, 4, 1, 6, 2), feral_hogs=False)
            (103, 79)
            >>> play(always_roll(10), always_roll(2), dice=make_test_dice(6, 5, 4, 3, 2), feral_hogs=False)
            (120, 66)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> play(moves(0, 3, 7, 1, 0, 5, 9), always_roll(4), dice=make_test_dice(4, 2, 6, 5, 1, 3), feral_hogs=False)
            (19, 111)
            """,
          'hidden': True,
          'locked': False
        },
        {
          'code': r"""
            >>> play(recorded(0, 3), recorded(1, 5), score0=7, score1=27, dice=make_test_dice(2, 6, 5, 4, 3), feral_hogs=False)
            (55, 107)
            >>> calls
            [(0, 7, 27), (1, 27, 20), (0, 20, 47), (1, 47, 29), (0, 29, 67), (1, 67, 44), (0, 44, 87), (1, 87, 55)]
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
