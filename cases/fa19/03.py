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
            >>> # take_turn scores what roll_dice or free_bacon scores: their bugs (questions 1, 2) show here too
            >>> take_turn(2, 0, make_test_dice(4, 5, 1))
            9
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
            >>> # Rolling 0 dice is Free Bacon
            >>> take_turn(0, 35)
            7
            >>> take_turn(0, 71)
            9
            >>> take_turn(0, 7)
            10
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # take_turn must roll the dice it is given, from one die up
            >>> take_turn(1, 42, make_test_dice(4))
            4
            >>> take_turn(1, 0, make_test_dice(1))
            1
            >>> take_turn(10, 0, make_test_dice(6))
            60
            >>> take_turn(5, 20, make_test_dice(2, 4, 3))
            15
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Rolling 0 dice does not roll the die at all; rolling k calls it k times
            >>> dice = make_test_dice(5, 6, 7, 8, 9, 10, 11, 12)
            >>> take_turn(0, 42, dice)
            8
            >>> dice()
            5
            >>> take_turn(2, 42, dice)
            13
            >>> dice()
            8
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
            >>> take_turn(4, 99, make_test_dice(1, 2, 3, 4))
            1
            >>> take_turn(0, 99)
            1
            >>> take_turn(0, 0)
            10
            """,
          'hidden': True,
          'locked': False
        },
        {
          'code': r"""
            >>> dice = make_test_dice(3, 1, 4, 1, 5, 9, 2, 6)
            >>> [take_turn(n, 50, dice) for n in range(11)]
            [10, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1]
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
