test = {
  'name': 'Question 3',
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
            >>> take_turn(2, 0, make_test_dice(4, 5, 1))
            9
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> take_turn(0, 38)
            7
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # Rolling 0 dice is Free Bacon on the opponent's score
            >>> take_turn(0, 42)
            4
            >>> take_turn(0, 7)
            9
            >>> take_turn(0, 90)
            11
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # take_turn rolls the dice it is given: k dice call it k times, 0 dice never
            >>> dice = make_test_dice(2, 3, 4, 5, 6, 7, 8, 9, 10)
            >>> take_turn(0, 63, dice)
            5
            >>> dice()
            2
            >>> take_turn(3, 63, dice)
            12
            >>> dice()
            6
            >>> take_turn(10, 0, make_test_dice(6))
            60
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
            [5, 6, 1, 9, 1, 1, 1, 1, 1, 1, 1]
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
