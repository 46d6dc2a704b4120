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
            >>> # Question 6's games roll one die a turn (no Free Bacon, no Feral Hogs), and what play
            >>> # returns is question 5a's: it is not shown. They are whole games all the same, so they
            >>> # need play's turns (5a), take_turn, roll_dice and is_swap.
            >>> # Commentary is called after every turn, with both scores
            >>> _ = play(always_roll(1), always_roll(1), dice=make_test_dice(3, 4), goal=10, say=echo)
            Scores: 3 0
            Scores: 3 4
            Scores: 6 4
            Scores: 6 8
            Scores: 9 8
            Scores: 9 12
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # What commentary returns is the commentary for the next turn
            >>> _ = play(always_roll(1), always_roll(1), dice=make_test_dice(4, 5), goal=13, say=numbered(1))
            Comment 1 at 4 0
            Comment 2 at 4 5
            Comment 3 at 8 5
            Comment 4 at 8 10
            Comment 5 at 12 10
            Comment 6 at 12 15
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # Commentary sees the scores after Swine Swap (5 and 55 swap on the first turn)
            >>> _ = play(always_roll(1), always_roll(1), score0=0, score1=55, dice=make_test_dice(5), goal=67, say=echo)
            Scores: 55 5
            Scores: 55 10
            Scores: 10 60
            Scores: 10 65
            Scores: 15 65
            Scores: 15 70
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # ... on Player 1's turns too (55 and 5 swap on the second turn, 10 and 60 on the fourth)
            >>> _ = play(always_roll(1), always_roll(1), score0=0, score1=50, dice=make_test_dice(5), goal=62, say=echo)
            Scores: 5 50
            Scores: 55 5
            Scores: 60 5
            Scores: 10 60
            Scores: 15 60
            Scores: 15 65
            >>> # The game's own arguments are used (start, goal)
            >>> _ = play(always_roll(1), always_roll(1), score0=30, score1=2, dice=make_test_dice(5, 6), goal=51, say=numbered(1))
            Comment 1 at 35 2
            Comment 2 at 35 8
            Comment 3 at 40 8
            Comment 4 at 40 14
            Comment 5 at 45 14
            Comment 6 at 45 20
            Comment 7 at 20 50
            Comment 8 at 20 56
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Called on the last turn too, and never more than once per turn
            >>> _ = play(always_roll(1), always_roll(1), score0=88, score1=96, dice=make_test_dice(5), say=numbered(1))
            Comment 1 at 93 96
            Comment 2 at 93 101
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> _ = play(always_roll(1), always_roll(1), dice=make_test_dice(3, 5, 4), goal=16, say=say_scores)
            Player 0 now has 3 and Player 1 now has 0
            Player 0 now has 3 and Player 1 now has 5
            Player 0 now has 7 and Player 1 now has 5
            Player 0 now has 7 and Player 1 now has 8
            Player 0 now has 12 and Player 1 now has 8
            Player 0 now has 12 and Player 1 now has 12
            Player 0 now has 15 and Player 1 now has 12
            Player 0 now has 15 and Player 1 now has 17
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> _ = play(always_roll(1), always_roll(1), dice=make_test_dice(2, 6, 3), goal=20, say=announce_lead_changes())
            Player 0 takes the lead by 2
            Player 1 takes the lead by 4
            Player 0 takes the lead by 3
            Player 0 takes the lead by 2
            Player 1 takes the lead by 4
            Player 0 takes the lead by 3
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> _ = play(always_roll(1), always_roll(1), score0=10, score1=12, dice=make_test_dice(3, 5, 4), goal=14, say=both(say_scores, announce_lead_changes()))
            Player 0 now has 13 and Player 1 now has 12
            Player 0 takes the lead by 1
            Player 0 now has 13 and Player 1 now has 17
            Player 1 takes the lead by 4
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> _ = play(always_roll(1), always_roll(1), score0=15, score1=30, dice=make_test_dice(3, 4), goal=40, say=both(numbered(1), both(echo, announce_lead_changes())))
            Comment 1 at 18 30
            Scores: 18 30
            Player 1 takes the lead by 12
            Comment 2 at 18 34
            Scores: 18 34
            Comment 3 at 21 34
            Scores: 21 34
            Comment 4 at 21 38
            Scores: 21 38
            Comment 5 at 24 38
            Scores: 24 38
            Comment 6 at 42 24
            Scores: 42 24
            Player 0 takes the lead by 18
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
