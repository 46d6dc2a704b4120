test = {
  'name': 'Question 6',
  'points': 1,
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
            >>> play(always_roll(9), always_roll(8), dice=make_test_dice(2), goal=50, say=echo)
            Scores: 18 0
            Scores: 18 16
            Scores: 36 16
            Scores: 36 32
            Scores: 54 32
            (54, 32)
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # What commentary returns is the commentary for the next turn, also on the last turn
            >>> play(always_roll(8), always_roll(10), dice=make_test_dice(3), goal=80, say=numbered(1))
            Comment 1 at 24 0
            Comment 2 at 24 30
            Comment 3 at 48 30
            Comment 4 at 48 60
            Comment 5 at 72 60
            Comment 6 at 72 90
            (72, 90)
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # Commentary sees the scores after Swine Swap
            >>> play(always_roll(9), always_roll(8), score0=3, score1=60, dice=make_test_dice(3), goal=90, say=echo)
            Scores: 60 30
            Scores: 60 54
            Scores: 87 54
            Scores: 87 78
            Scores: 114 78
            (114, 78)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # No turn, no commentary
            >>> play(always_roll(9), always_roll(9), score0=100, score1=0, say=numbered(1))
            (100, 0)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # An extra turn is a turn: commentary after each (this game uses Time Trot, Question 5b)
            >>> play(always_roll(9), always_roll(1), score0=10, score1=20, dice=make_test_dice(3), goal=40, say=numbered(1))
            Comment 1 at 37 20
            Comment 2 at 37 23
            Comment 3 at 37 26
            Comment 4 at 64 26
            (64, 26)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> play(always_roll(10), always_roll(9), dice=make_test_dice(3, 5, 4), goal=80, say=both(say_scores, announce_lead_changes()))
            Player 0 now has 39 and Player 1 now has 0
            Player 0 takes the lead by 39
            Player 0 now has 39 and Player 1 now has 36
            Player 0 now has 80 and Player 1 now has 36
            (80, 36)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> play(always_roll(8), always_roll(9), score0=30, score1=31, dice=make_test_dice(4, 3, 5, 6), goal=99, say=both(numbered(1), both(echo, announce_lead_changes())))
            Comment 1 at 66 31
            Scores: 66 31
            Player 0 takes the lead by 35
            Comment 2 at 66 71
            Scores: 66 71
            Player 1 takes the lead by 5
            Comment 3 at 102 71
            Scores: 102 71
            Player 0 takes the lead by 31
            (102, 71)
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
