test = {
  'name': 'Question 5b',
  'points': 1,
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
            >>> # Feral Hogs lives in whole games: every rule of question 5a (and take_turn, roll_dice,
            >>> # free_bacon, is_swap) applies in them
            >>> # Rolling 2 dice on the first turn is 2 away from 0: 3 extra points
            >>> play(*turns([2], [1]), dice=make_test_dice(2), goal=5)
            (7, 0)
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # The example of the project description
            >>> play(*turns([3, 5, 7], [4, 2, 0]), dice=make_test_dice(1), goal=18)
            (9, 18)
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # feral_hogs=False turns the rule off; the default is on
            >>> play(*turns([2, 4], [2, 4]), dice=make_test_dice(2), goal=12, feral_hogs=False)
            (12, 4)
            >>> play(*turns([2, 4], [2, 4]), dice=make_test_dice(2), goal=12)
            (18, 7)
            >>> play(*turns([2, 4], [2, 4]), dice=make_test_dice(2), goal=12, feral_hogs=True)
            (18, 7)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Each player is compared with their own previous turn, not the opponent's
            >>> play(*turns([3, 1, 5], [1, 3, 1]), dice=make_test_dice(1), goal=12)
            (14, 10)
            >>> play(*turns([4, 4, 4], [2, 6, 6]), dice=make_test_dice(1), goal=9)
            (6, 9)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Exactly 2 apart, in either direction; 1, 3 or 4 apart give nothing
            >>> play(*turns([1, 4, 8, 6], [3, 3, 3, 3]), dice=make_test_dice(2), goal=60)
            (67, 36)
            >>> play(*turns([6, 4], [3, 3]), dice=make_test_dice(2), goal=30)
            (38, 12)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Rolling 0 dice counts: 2 then 0 then 2 earn the bonus every time
            >>> play(*turns([2, 0, 2], [1, 1, 1]), dice=make_test_dice(2), goal=40)
            (44, 8)
            >>> play(*turns([0, 2, 0, 2], [1, 1, 1, 1]), score0=10, score1=60, dice=make_test_dice(2), goal=99)
            (103, 30)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # The bonus is added before Swine Swap looks at the scores
            >>> play(*turns([2], [1]), score0=3, score1=0, dice=make_test_dice(2), goal=10)
            (0, 10)
            >>> play(*turns([2], [1]), score0=6, score1=0, dice=make_test_dice(2), goal=13)
            (13, 0)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Every turn is recorded: who moved and what they saw
            >>> play(recorded(0, 2), recorded(1, 4), score0=5, score1=13, dice=make_test_dice(3, 4), goal=60)
            (62, 50)
            >>> calls()
            [(0, 5, 13), (1, 13, 15), (0, 15, 27), (1, 27, 22), (0, 41, 22), (1, 22, 48), (0, 48, 36), (1, 36, 55), (0, 55, 50)]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> play(*turns([2, 0, 4, 6, 4, 2, 0], [1, 3, 5, 3, 1]), dice=make_test_dice(5, 3, 6, 2, 4))
            (100, 62)
            """,
          'hidden': True,
          'locked': False
        },
        {
          'code': r"""
            >>> play(*turns([4], [0, 2]), dice=make_test_dice(3, 5, 2, 6, 4, 1, 6, 2))
            (111, 94)
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
