test = {
  'name': 'Question 5a',
  'points': 2,
  'suites': [
    {
      'type': 'doctest',
      'scored': True,
      'setup': r"""
        >>> from hog import *
        >>> # turns(rolls0, rolls1): two strategies; player 0 rolls the dice counts of rolls0 in
        >>> # order, one per turn of its own, player 1 those of rolls1 (each list cycles). A new
        >>> # turn starts when the scores change. A play may also ask the other player's strategy
        >>> # once a turn: it answers what that player will roll on its next turn.
        >>> def turns(rolls0, rolls1):
        ...     state = {"scores": None, "turn": -1}
        ...     def strategy(who, rolls):
        ...         def choose(score, opponent_score):
        ...             scores = (score, opponent_score) if who == 0 else (opponent_score, score)
        ...             if scores != state["scores"]:
        ...                 state["scores"], state["turn"] = scores, state["turn"] + 1
        ...             mine = (state["turn"] + (state["turn"] % 2 != who)) // 2
        ...             return rolls[mine % len(rolls)]
        ...         return choose
        ...     return strategy(0, rolls0), strategy(1, rolls1)
        >>> log = []
        >>> def recorded(who, rolls):
        ...     def strategy(score, opponent_score):
        ...         log.append((who, score, opponent_score))
        ...         return rolls
        ...     return strategy
        >>> # calls(): the logged strategy calls, each turn's call of the mover's strategy. A play
        >>> # may also ask the other player's strategy once a turn, with that player's own view of
        >>> # the same scores: such a call is left out; any other call is shown as made.
        >>> def calls():
        ...     shown, scores, turn, asked = [], None, -1, set()
        ...     for who, score, opponent_score in log:
        ...         now = (score, opponent_score) if who == 0 else (opponent_score, score)
        ...         if now != scores:
        ...             scores, turn, asked = now, turn + 1, set()
        ...         if who != turn % 2 and who not in asked:
        ...             asked.add(who)
        ...         else:
        ...             asked.add(who)
        ...             shown.append((who, score, opponent_score))
        ...     return shown
        """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
            >>> # Question 5a's games are ones where Feral Hogs cannot fire (no player's dice
            >>> # count is ever 2 away from their previous one, or from 0 on a first turn):
            >>> # that rule is question 5b's, and feral_hogs=False is tested there too.
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
            >>> play(always_roll(3), always_roll(3), dice=make_test_dice(2), goal=6, feral_hogs=False)
            (6, 0)
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
            >>> play(recorded(0, 1), recorded(1, 3), score0=12, score1=40, dice=make_test_dice(3), goal=50, feral_hogs=False)
            (18, 58)
            >>> calls()
            [(0, 12, 40), (1, 40, 15), (0, 15, 49), (1, 49, 18)]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Player 1's strategy gets Player 1's score first
            >>> play(recorded(0, 0), recorded(1, 0), score0=3, score1=71, goal=80, feral_hogs=False)
            (12, 80)
            >>> calls()
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
            >>> calls()
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
            >>> calls()
            [(0, 0, 50), (1, 50, 5), (0, 55, 5), (1, 5, 60), (0, 10, 60), (1, 60, 15)]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # After a swap (12 and 21 on the third turn), the other player still moves next
            >>> play(recorded(0, 3), recorded(1, 3), score0=0, score1=15, dice=make_test_dice(2), goal=30, feral_hogs=False)
            (33, 24)
            >>> calls()
            [(0, 0, 15), (1, 15, 6), (0, 6, 21), (1, 12, 21), (0, 21, 18), (1, 18, 27), (0, 27, 24)]
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
            >>> play(always_roll(10), always_roll(3), dice=make_test_dice(6, 5, 4, 3, 2), feral_hogs=False)
            (120, 78)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> play(*turns([0, 3, 7, 1, 0, 5, 9], [4]), dice=make_test_dice(4, 2, 6, 5, 1, 3), feral_hogs=False)
            (19, 111)
            """,
          'hidden': True,
          'locked': False
        },
        {
          'code': r"""
            >>> play(recorded(0, 3), recorded(1, 5), score0=7, score1=27, dice=make_test_dice(2, 6, 5, 4, 3), feral_hogs=False)
            (55, 107)
            >>> calls()
            [(0, 7, 27), (1, 27, 20), (0, 20, 47), (1, 47, 29), (0, 29, 67), (1, 67, 44), (0, 44, 87), (1, 87, 55)]
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
