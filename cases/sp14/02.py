test = {
  'name': 'Question 2',
  'points': 2,
  'suites': [
    {
      'type': 'doctest',
      'scored': True,
      'setup': r"""
        >>> import hog, dice
        >>> # Every case starts from hog.py's own dice, whatever an earlier case did
        >>> hog.four_sided, hog.six_sided = dice.four_sided, dice.six_sided
        >>> from hog import *
        """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
            >>> # take_turn rolls with roll_dice (question 1): its bugs show here too
            >>> take_turn(0, 42)
            5
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> take_turn(0, 48)
            9
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> take_turn(2, 0, make_test_dice(4, 6))
            10
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # Free Bacon: one more than the opponent's largest digit
            >>> take_turn(0, 0)
            1
            >>> take_turn(0, 7)
            8
            >>> take_turn(0, 30)
            4
            >>> take_turn(0, 91)
            10
            >>> take_turn(0, 99)
            10
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Every digit of a three-digit score counts
            >>> take_turn(0, 100)
            2
            >>> take_turn(0, 105)
            6
            >>> take_turn(0, 170)
            8
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Dice are rolled only for a turn of one or more dice, with the dice given
            >>> dice = make_test_dice(3, 4, 5, 6, 2)
            >>> take_turn(0, 25, dice)
            6
            >>> dice()
            3
            >>> take_turn(3, 25, dice)
            15
            >>> dice()
            2
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> take_turn(1, 50, make_test_dice(6))
            6
            >>> take_turn(1, 23, make_test_dice(5))  # Free Bacon would give 4
            5
            >>> take_turn(10, 50, make_test_dice(4))
            40
            >>> take_turn(3, 50, make_test_dice(2, 2, 1))
            1
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
            >>> [take_turn(0, score) for score in (9, 19, 28, 56, 63, 84, 110, 199)]
            [10, 10, 9, 7, 7, 9, 2, 10]
            """,
          'hidden': True,
          'locked': False
        },
        {
          'code': r"""
            >>> dice = make_test_dice(2, 3, 4, 5, 6)
            >>> [take_turn(n, 17, dice) for n in range(6)]
            [8, 2, 7, 13, 18, 20]
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
