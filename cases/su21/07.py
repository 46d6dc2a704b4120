test = {
  'name': 'Question 7',
  'points': 3,
  'suites': [
    {
      'type': 'doctest',
      'scored': True,
      'setup': r"""
        >>> from hog import *
        """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
            >>> f0 = announce_highest(1) # Only announce Player 1 score gains
            >>> f1 = f0(11, 0)
            >>> f2 = f1(11, 7)
            Player 1 has reached a new maximum point gain. 7 point(s)!
            >>> f3 = f2(20, 7)
            >>> f4 = f3(20, 19)
            Player 1 has reached a new maximum point gain. 12 point(s)!
            >>> f5 = f4(20, 29) # Player 1 gets 10 points; not enough for a new high
            >>> f6 = f5(30, 29)
            >>> f7 = f6(30, 55)
            Player 1 has reached a new maximum point gain. 26 point(s)!
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # Only a gain strictly greater than the highest so far is announced
            >>> f0 = announce_highest(0)
            >>> f1 = f0(6, 0)
            Player 0 has reached a new maximum point gain. 6 point(s)!
            >>> f2 = f1(12, 0)
            >>> f3 = f2(19, 0)
            Player 0 has reached a new maximum point gain. 7 point(s)!
            >>> f4 = f3(26, 4)
            >>> f5 = f4(34, 9)
            Player 0 has reached a new maximum point gain. 8 point(s)!
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # The gain is counted from WHO's score at the previous call
            >>> f0 = announce_highest(0)
            >>> f1 = f0(9, 0)
            Player 0 has reached a new maximum point gain. 9 point(s)!
            >>> f2 = f1(15, 5)
            >>> f3 = f2(27, 8)
            Player 0 has reached a new maximum point gain. 12 point(s)!
            >>> f4 = f3(27, 40)
            >>> f5 = f4(40, 40)
            Player 0 has reached a new maximum point gain. 13 point(s)!
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # The other player's score never matters
            >>> f0 = announce_highest(1)
            >>> f1 = f0(50, 3)
            Player 1 has reached a new maximum point gain. 3 point(s)!
            >>> f2 = f1(90, 3)
            >>> f3 = f2(0, 5)
            >>> f4 = f3(99, 9)
            Player 1 has reached a new maximum point gain. 4 point(s)!
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # A turn of the other player (or no change) is a gain of 0: never announced
            >>> f0 = announce_highest(0)
            >>> f1 = f0(0, 10)
            >>> f2 = f1(0, 20)
            >>> f3 = f2(1, 20)
            Player 0 has reached a new maximum point gain. 1 point(s)!
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # The starting values can be given: last_score, then running_high
            >>> f0 = announce_highest(1, 50, 10)
            >>> f1 = f0(0, 60)
            >>> f2 = f1(0, 71)
            Player 1 has reached a new maximum point gain. 11 point(s)!
            >>> f3 = announce_highest(0, 5, 3)(9, 0)
            Player 0 has reached a new maximum point gain. 4 point(s)!
            >>> f4 = announce_highest(0, 5, 3)(8, 0)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Each returned function is a fresh commentary: using an old one again starts from its own state
            >>> f0 = announce_highest(0)
            >>> f1 = f0(10, 0)
            Player 0 has reached a new maximum point gain. 10 point(s)!
            >>> f2 = f1(15, 0)
            >>> f2b = f1(21, 0)
            Player 0 has reached a new maximum point gain. 11 point(s)!
            >>> f3 = f2(21, 0)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> f = announce_highest(1)
            >>> for s1 in [3, 3, 9, 14, 14, 30, 31, 53, 58, 80, 81, 104]:
            ...     f = f(0, s1)
            Player 1 has reached a new maximum point gain. 3 point(s)!
            Player 1 has reached a new maximum point gain. 6 point(s)!
            Player 1 has reached a new maximum point gain. 16 point(s)!
            Player 1 has reached a new maximum point gain. 22 point(s)!
            Player 1 has reached a new maximum point gain. 23 point(s)!
            """,
          'hidden': True,
          'locked': False
        },
        {
          'code': r"""
            >>> f = announce_highest(0, 20, 2)
            >>> for s0 in [21, 24, 24, 30, 41, 41, 52, 70, 75, 100]:
            ...     f = f(s0, 99)
            Player 0 has reached a new maximum point gain. 3 point(s)!
            Player 0 has reached a new maximum point gain. 6 point(s)!
            Player 0 has reached a new maximum point gain. 11 point(s)!
            Player 0 has reached a new maximum point gain. 18 point(s)!
            Player 0 has reached a new maximum point gain. 25 point(s)!
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
