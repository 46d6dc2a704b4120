test = {
  'name': 'Question 1',
  'points': 1,
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
            10
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> roll_dice(3, make_test_dice(4, 6, 1))
            1
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> roll_dice(4, make_test_dice(2, 3))
            10
            >>> roll_dice(1, make_test_dice(6))
            6
            >>> roll_dice(10, make_test_dice(5))
            50
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Pig Out: one 1 anywhere among the dice makes the turn score 1
            >>> roll_dice(1, make_test_dice(1))
            1
            >>> roll_dice(7, make_test_dice(1, 1, 1, 1, 1, 3, 4))
            1
            >>> roll_dice(4, make_test_dice(3, 3, 3, 1))
            1
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Every die is rolled, even after a 1: the next outcome tells how many were
            >>> dice = make_test_dice(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)
            >>> roll_dice(4, dice)
            1
            >>> dice()
            5
            >>> roll_dice(3, dice)
            21
            >>> dice()
            9
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> dice = make_test_dice(4, 5, 6, 1, 2)
            >>> roll_dice(3, dice)
            15
            >>> roll_dice(3, dice)
            1
            >>> roll_dice(4, dice)
            1
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
