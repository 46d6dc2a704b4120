test = {
  'name': 'Question 6',
  'points': 2,
  'suites': [
    {
      'type': 'doctest',
      'scored': True,
      'setup': r"""
        >>> from hog import *
        >>> def echo(score0, score1):
        ...     print('Scores:', score0, score1)
        ...     return echo
        >>> def numbered(n):
        ...     def say(score0, score1):
        ...         print('Comment', n, 'at', score0, score1)
        ...         return numbered(n + 1)
        ...     return say
        """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
            >>> # Question 6's games never roll 0 dice and never let Feral Hogs fire (no dice
            >>> # count 2 away from the same player's previous one, or from 0 on a first turn):
            >>> # Free Bacon and Feral Hogs belong to questions 2 and 5b. They are whole games
            >>> # all the same, so they need play's turns (5a), take_turn, roll_dice and is_swap.
            >>> # Commentary is called after every turn, with both scores
            >>> play(always_roll(1), always_roll(1), dice=make_test_dice(3), goal=10, say=echo, feral_hogs=False)
            Scores: 3 0
            Scores: 3 3
            Scores: 6 3
            Scores: 6 6
            Scores: 9 6
            Scores: 9 9
            Scores: 12 9
            (12, 9)
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # What commentary returns is the commentary for the next turn
            >>> play(always_roll(1), always_roll(1), dice=make_test_dice(4), goal=12, say=numbered(1), feral_hogs=False)
            Comment 1 at 4 0
            Comment 2 at 4 4
            Comment 3 at 8 4
            Comment 4 at 8 8
            Comment 5 at 12 8
            (12, 8)
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # Commentary sees the scores after Swine Swap (5 and 55 swap on the first turn)
            >>> play(always_roll(1), always_roll(1), score0=0, score1=55, dice=make_test_dice(5), goal=67, say=echo, feral_hogs=False)
            Scores: 55 5
            Scores: 55 10
            Scores: 10 60
            Scores: 10 65
            Scores: 15 65
            Scores: 15 70
            (15, 70)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # ... on Player 1's turns too (55 and 5 swap on the second turn, 10 and 60 on the fourth)
            >>> play(always_roll(1), always_roll(1), score0=0, score1=50, dice=make_test_dice(5), goal=62, say=echo, feral_hogs=False)
            Scores: 5 50
            Scores: 55 5
            Scores: 60 5
            Scores: 10 60
            Scores: 15 60
            Scores: 15 65
            (15, 65)
            >>> # The game's own arguments are used (start, goal)
            >>> play(always_roll(3), always_roll(1), score0=30, score1=2, dice=make_test_dice(2), goal=50, say=numbered(1), feral_hogs=False)
            Comment 1 at 36 2
            Comment 2 at 36 4
            Comment 3 at 42 4
            Comment 4 at 42 6
            Comment 5 at 48 6
            Comment 6 at 48 8
            Comment 7 at 54 8
            (54, 8)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Called on the last turn too, and never more than once per turn
            >>> play(always_roll(5), always_roll(5), score0=94, score1=94, dice=make_test_dice(2), say=numbered(1), feral_hogs=False)
            Comment 1 at 104 94
            (104, 94)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> play(always_roll(3), always_roll(1), dice=make_test_dice(3, 5, 4), goal=25, say=say_scores, feral_hogs=False)
            Player 0 now has 12 and Player 1 now has 0
            Player 0 now has 12 and Player 1 now has 3
            Player 0 now has 24 and Player 1 now has 3
            Player 0 now has 24 and Player 1 now has 8
            Player 0 now has 36 and Player 1 now has 8
            (36, 8)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> play(always_roll(3), always_roll(4), dice=make_test_dice(2, 6, 3), goal=30, say=announce_lead_changes(), feral_hogs=False)
            Player 0 takes the lead by 11
            Player 1 takes the lead by 2
            Player 0 takes the lead by 9
            Player 1 takes the lead by 8
            (22, 30)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> play(always_roll(3), always_roll(1), dice=make_test_dice(2, 5, 4), goal=30, say=both(say_scores, announce_lead_changes()), feral_hogs=False)
            Player 0 now has 11 and Player 1 now has 0
            Player 0 takes the lead by 11
            Player 0 now has 11 and Player 1 now has 2
            Player 0 now has 2 and Player 1 now has 22
            Player 1 takes the lead by 20
            Player 0 now has 2 and Player 1 now has 27
            Player 0 now has 13 and Player 1 now has 27
            Player 0 now has 31 and Player 1 now has 13
            Player 0 takes the lead by 18
            (31, 13)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> play(always_roll(4), always_roll(1), score0=14, score1=30, dice=make_test_dice(3, 4), goal=60, say=both(numbered(1), both(echo, announce_lead_changes())), feral_hogs=False)
            Comment 1 at 28 30
            Scores: 28 30
            Player 1 takes the lead by 2
            Comment 2 at 28 33
            Scores: 28 33
            Comment 3 at 42 33
            Scores: 42 33
            Player 0 takes the lead by 9
            Comment 4 at 42 37
            Scores: 42 37
            Comment 5 at 56 37
            Scores: 56 37
            Comment 6 at 56 40
            Scores: 56 40
            Comment 7 at 40 70
            Scores: 40 70
            Player 1 takes the lead by 30
            (40, 70)
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
