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
            >>> # Commentary is called by play (question 5): its games use the rules of questions 1 to 5.
            >>> # What play returns is question 5's, so it is not shown.
            >>> # Commentary is called after every turn, with both scores
            >>> _ = play(always_roll(1), always_roll(1), dice=make_test_dice(3), goal=10, say=echo)
            Scores: 3 0
            Scores: 3 3
            Scores: 6 3
            Scores: 6 6
            Scores: 9 6
            Scores: 9 9
            Scores: 12 9
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # What commentary returns is the commentary for the next turn
            >>> _ = play(always_roll(1), always_roll(1), dice=make_test_dice(4), goal=11, say=numbered(1))
            Comment 1 at 4 0
            Comment 2 at 4 4
            Comment 3 at 8 4
            Comment 4 at 8 8
            Comment 5 at 12 8
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # Called on the last turn too, and once per turn only
            >>> _ = play(always_roll(5), always_roll(5), score0=92, score1=92, dice=make_test_dice(2), say=numbered(1))
            Comment 1 at 102 92
            >>> _ = play(always_roll(2), always_roll(2), score0=6, score1=6, dice=make_test_dice(3), goal=11, say=numbered(1))
            Comment 1 at 12 6
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # No turn, no commentary
            >>> _ = play(always_roll(2), always_roll(2), score0=104, score1=0, say=numbered(1))
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # An extra turn is a turn: commentary after each (this game uses More Boar, Question 5)
            >>> _ = play(always_roll(3), always_roll(1), score0=3, score1=60, dice=make_test_dice(6), goal=68, say=numbered(1))
            Comment 1 at 21 60
            Comment 2 at 21 66
            Comment 3 at 39 66
            Comment 4 at 57 66
            Comment 5 at 75 66
            >>> _ = play(always_roll(1), always_roll(1), score0=45, score1=20, dice=make_test_dice(3), goal=59, say=echo)
            Scores: 48 20
            Scores: 48 23
            Scores: 51 23
            Scores: 54 23
            Scores: 54 26
            Scores: 54 29
            Scores: 54 32
            Scores: 57 32
            Scores: 57 35
            Scores: 60 35
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> _ = play(always_roll(2), always_roll(3), dice=make_test_dice(4, 5, 3), goal=25, say=say_scores)
            Player 0 now has 9 and Player 1 now has 0
            Player 0 now has 9 and Player 1 now has 12
            Player 0 now has 16 and Player 1 now has 12
            Player 0 now has 16 and Player 1 now has 24
            Player 0 now has 24 and Player 1 now has 24
            Player 0 now has 24 and Player 1 now has 36
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> _ = play(always_roll(2), always_roll(4), dice=make_test_dice(2, 6, 3), goal=30, say=announce_lead_changes())
            Player 0 takes the lead by 8
            Player 1 takes the lead by 6
            Player 0 takes the lead by 2
            Player 1 takes the lead by 12
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> _ = play(always_roll(3), always_roll(1), dice=make_test_dice(2, 5, 4), goal=30, say=both(say_scores, announce_lead_changes()))
            Player 0 now has 11 and Player 1 now has 0
            Player 0 takes the lead by 11
            Player 0 now has 11 and Player 1 now has 2
            Player 0 now has 22 and Player 1 now has 2
            Player 0 now has 22 and Player 1 now has 7
            Player 0 now has 33 and Player 1 now has 7
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> _ = play(always_roll(4), always_roll(4), score0=30, score1=30, dice=make_test_dice(4, 3, 5, 6), goal=70, say=both(numbered(1), both(echo, announce_lead_changes())))
            Comment 1 at 48 30
            Scores: 48 30
            Player 0 takes the lead by 18
            Comment 2 at 48 48
            Scores: 48 48
            Comment 3 at 66 48
            Scores: 66 48
            Player 0 takes the lead by 18
            Comment 4 at 66 66
            Scores: 66 66
            Comment 5 at 84 66
            Scores: 84 66
            Player 0 takes the lead by 18
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
