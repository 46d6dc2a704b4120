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
            >>> f1 = f0(12, 0)
            >>> f2 = f1(12, 11)
            15135cd29e433f2979d85b9016336862
            # locked
            >>> f3 = f2(20, 11)
            >>> f4 = f3(13, 20)
            >>> f5 = f4(20, 35)
            df3d001ae7c9df0937cf5bce21f5b1e3
            # locked
            >>> f6 = f5(20, 47) # Player 1 gets 12 points; not enough for a new high
            >>> f7 = f6(21, 47)
            >>> f8 = f7(21, 77)
            1a2a740ff55f860d9a98e0d7c3e4b721
            # locked
            >>> f9 = f8(77, 22) # Swap!
            >>> f10 = f9(33, 77) # Swap!
            e073bfd09a8dc7e41c5e5e7a817fc3f7
            # locked
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # Only a gain strictly greater than the highest so far is announced
            >>> f0 = announce_highest(0)
            >>> f1 = f0(5, 0)
            5 point(s)! That's the biggest gain yet for Player 0
            >>> f2 = f1(10, 0)
            >>> f3 = f2(16, 0)
            6 point(s)! That's the biggest gain yet for Player 0
            >>> f4 = f3(22, 7)
            >>> f5 = f4(29, 7)
            7 point(s)! That's the biggest gain yet for Player 0
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # The gain is measured from the score at the previous call
            >>> f0 = announce_highest(0)
            >>> f1 = f0(10, 0)
            10 point(s)! That's the biggest gain yet for Player 0
            >>> f2 = f1(18, 4)
            >>> f3 = f2(30, 9)
            12 point(s)! That's the biggest gain yet for Player 0
            >>> f4 = f3(31, 40)
            >>> f5 = f4(44, 40)
            13 point(s)! That's the biggest gain yet for Player 0
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Exact words, even for a gain of 1
            >>> f0 = announce_highest(1)
            >>> f1 = f0(0, 1)
            1 point(s)! That's the biggest gain yet for Player 1
            >>> f2 = f1(50, 3)
            2 point(s)! That's the biggest gain yet for Player 1
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # The starting values can be given
            >>> f0 = announce_highest(1, 10, 50)
            >>> f1 = f0(0, 60)
            >>> f2 = f1(0, 71)
            11 point(s)! That's the biggest gain yet for Player 1
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # A swap that lowers the score is a negative gain: nothing to announce
            >>> f0 = announce_highest(0)
            >>> f1 = f0(40, 3)
            40 point(s)! That's the biggest gain yet for Player 0
            >>> f2 = f1(3, 47)
            >>> f3 = f2(47, 8)
            44 point(s)! That's the biggest gain yet for Player 0
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Question 7 calls announce_highest directly with the scores of each turn, never
            >>> # through your play (that is question 6): a game's scores, told to both players
            >>> say = both(announce_highest(0), announce_highest(1))
            >>> for scores in [(6, 0), (6, 22), (12, 22), (12, 44), (28, 44), (28, 52), (32, 52)]:
            ...     say = say(*scores)
            6 point(s)! That's the biggest gain yet for Player 0
            22 point(s)! That's the biggest gain yet for Player 1
            16 point(s)! That's the biggest gain yet for Player 0
            """,
          'hidden': False,
          'locked': False
        }
      ]
    }
  ]
}
