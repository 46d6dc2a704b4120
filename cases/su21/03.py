test = {
  'name': 'Question 3',
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
            >>> # take_turn scores what roll_dice or piggy_points scores: their bugs (questions 1, 2) show here too
            >>> take_turn(2, 0, make_test_dice(4, 6, 1))
            10
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> take_turn(3, 0, make_test_dice(4, 6, 1))
            1
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # Rolling 0 dice is Piggy Points on the opponent's score
            >>> take_turn(0, 14)
            7
            >>> take_turn(0, 50)
            9
            >>> take_turn(0, 9)
            13
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # take_turn rolls the dice it is given
            >>> take_turn(10, 0, make_test_dice(6))
            60
            >>> take_turn(1, 0, make_test_dice(6))  # Piggy Points would give 4
            6
            >>> take_turn(4, 30, make_test_dice(5, 2, 3))
            15
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # 0 dice: the die is not rolled at all; k dice: it is rolled k times
            >>> dice = make_test_dice(2, 3, 4, 5, 6, 7, 8, 9, 10)
            >>> take_turn(0, 63, dice)
            7
            >>> dice()
            2
            >>> take_turn(3, 63, dice)
            12
            >>> dice()
            6
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # The goal is the one given: scores of 100 or more are fine below a goal of 200
            >>> take_turn(0, 156, goal=200)
            5
            >>> take_turn(2, 130, make_test_dice(5), 200)
            10
            >>> take_turn(0, 99, make_test_dice(3), 100)
            4
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> take_turn(11, 0)
            Traceback (most recent call last):
              ...
            AssertionError: Cannot roll more than 10 dice.
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> dice = make_test_dice(6, 1, 5, 2, 4, 3)
            >>> [take_turn(n, 47, dice) for n in range(11)]
            [7, 6, 1, 9, 1, 1, 1, 1, 1, 1, 1]
            """,
          'hidden': True,
          'locked': False
        },
        {
          'code': r"""
            >>> take_turn(5, 99, make_test_dice(2, 3, 4, 5, 6))
            20
            >>> take_turn(0, 181, make_test_dice(6), 300)
            11
            >>> take_turn(0, 0)
            4
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
