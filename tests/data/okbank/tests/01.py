test = {
  'name': 'Question 1',
  'points': 2,
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
            >>> roll_dice(2, make_test_dice(4, 6, 1))
            70e71b420a966665c548a3bb2cb30d7d
            # locked
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> roll_dice(3, make_test_dice(4, 6, 1))
            43d176e102c8d95338faf8791aa509b3
            # locked
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> roll_dice(4, make_test_dice(2, 2, 3))
            9
            >>> roll_dice(1, make_test_dice(5))
            5
            >>> roll_dice(10, make_test_dice(6))
            60
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Pig Out: any 1 makes the turn score exactly 1, wherever it comes
            >>> roll_dice(1, make_test_dice(1))
            1
            >>> roll_dice(3, make_test_dice(2, 2, 1))
            1
            >>> roll_dice(4, make_test_dice(1, 1, 1, 1))
            1
            >>> roll_dice(5, make_test_dice(6, 1, 6, 6, 6))
            1
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # roll_dice must call dice exactly num_rolls times, even after a 1.
            >>> # The next outcome shows how many times it was called.
            >>> dice = make_test_dice(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)
            >>> roll_dice(3, dice)
            1
            >>> dice()
            4
            >>> roll_dice(2, dice)
            11
            >>> dice()
            7
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> dice = make_test_dice(3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
            >>> roll_dice(5, dice)
            25
            >>> dice()
            8
            """,
          'hidden': False,
          'locked': False
        }
      ]
    }
  ]
}
