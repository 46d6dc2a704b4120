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
            >>> # ... and after the Feral Hogs bonus
            >>> play(always_roll(2), always_roll(4), dice=make_test_dice(3), goal=25, say=numbered(1))
            Comment 1 at 9 0
            Comment 2 at 9 12
            Comment 3 at 15 12
            Comment 4 at 15 24
            Comment 5 at 21 24
            Comment 6 at 21 36
            (21, 36)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Called on the last turn too, and never more than once per turn
            >>> play(always_roll(5), always_roll(5), score0=94, score1=94, dice=make_test_dice(2), say=numbered(1))
            Comment 1 at 104 94
            (104, 94)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> play(always_roll(3), always_roll(2), dice=make_test_dice(3, 5, 4), goal=25, say=say_scores, feral_hogs=False)
            Player 0 now has 12 and Player 1 now has 0
            Player 0 now has 12 and Player 1 now has 8
            Player 0 now has 24 and Player 1 now has 8
            Player 0 now has 24 and Player 1 now has 15
            Player 0 now has 36 and Player 1 now has 15
            (36, 15)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> play(always_roll(2), always_roll(4), dice=make_test_dice(2, 6, 3), goal=30, say=announce_lead_changes(), feral_hogs=False)
            Player 0 takes the lead by 8
            Player 1 takes the lead by 6
            Player 0 takes the lead by 2
            Player 1 takes the lead by 12
            Player 0 takes the lead by 18
            (42, 24)
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
            >>> play(always_roll(0), always_roll(6), score0=30, score1=60, dice=make_test_dice(4, 3, 5, 6), say=both(numbered(1), both(echo, announce_lead_changes())))
            Comment 1 at 60 40
            Scores: 60 40
            Player 0 takes the lead by 20
            Comment 2 at 60 65
            Scores: 60 65
            Player 1 takes the lead by 5
            Comment 3 at 65 65
            Scores: 65 65
            Comment 4 at 65 94
            Scores: 65 94
            Player 1 takes the lead by 29
            Comment 5 at 71 94
            Scores: 71 94
            Comment 6 at 71 119
            Scores: 71 119
            (71, 119)
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
