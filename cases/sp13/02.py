test = {
  'name': 'Question 2',
  'points': 1,
  'suites': [
    {
      'type': 'doctest',
      'scored': True,
      'setup': r"""
        >>> import hog, dice
        >>> # Every case starts from hog.py's own dice and take_turn, whatever an earlier case did
        >>> hog.four_sided, hog.six_sided = dice.four_sided, dice.six_sided
        >>> hog.take_turn = getattr(hog.take_turn, 'wrapped', hog.take_turn)
        >>> from hog import *
        >>> # Commentary belongs to question 3: here it is off, and silent even if a roll_dice ignores the flag
        >>> hog.commentary, hog.announce = False, lambda outcome, who: None
        """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
            >>> take_turn(0, 32)
            4
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> take_turn(2, 0, make_test_dice(6, 6))
            14
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # Free Bacon: one more than the opponent's tens digit (0 below 10)
            >>> take_turn(0, 5)
            1
            >>> take_turn(0, 30)
            4
            >>> take_turn(0, 89)
            9
            >>> take_turn(0, 99)
            10
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Touchdown: a multiple of 6 gains a sixth of itself
            >>> take_turn(3, 0, make_test_dice(6))
            21
            >>> take_turn(4, 0, make_test_dice(6))
            28
            >>> take_turn(5, 0, make_test_dice(6))
            35
            >>> take_turn(10, 0, make_test_dice(6))
            70
            >>> take_turn(3, 0, make_test_dice(2, 4, 6))
            14
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Hogtimus Prime: a prime becomes the next prime, once; 1 is not prime
            >>> take_turn(1, 0, make_test_dice(2))
            3
            >>> take_turn(1, 0, make_test_dice(3))
            5
            >>> take_turn(4, 0, make_test_dice(4, 5, 5, 5))
            23
            >>> take_turn(5, 0, make_test_dice(5, 6, 5, 6, 5))
            27
            >>> take_turn(1, 0, make_test_dice(4))
            4
            >>> take_turn(3, 0, make_test_dice(2, 1, 2))
            1
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Touchdown first, then Hogtimus Prime: 6 becomes 7, which becomes 11
            >>> take_turn(2, 0, make_test_dice(3))
            11
            >>> take_turn(1, 0, make_test_dice(6))
            11
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # The rules apply to Free Bacon too
            >>> take_turn(0, 14)
            3
            >>> take_turn(0, 47)
            7
            >>> take_turn(0, 52)
            11
            >>> take_turn(0, 61)
            11
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Dice are rolled only for a turn of one or more dice, with the dice given
            >>> dice = make_test_dice(4, 4, 5, 6, 2)
            >>> take_turn(0, 25, dice)
            5
            >>> dice()
            4
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
            >>> # A three-digit score's tens digit
            >>> take_turn(0, 123)
            5
            >>> take_turn(0, 105)
            1
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> [take_turn(0, score) for score in range(0, 100, 10)]
            [1, 3, 5, 4, 7, 11, 11, 8, 9, 10]
            >>> [take_turn(1, 0, make_test_dice(n)) for n in range(1, 7)]
            [1, 3, 5, 4, 7, 11]
            """,
          'hidden': True,
          'locked': False
        },
        {
          'code': r"""
            >>> dice = make_test_dice(2, 3, 4, 5, 6)
            >>> [take_turn(n, 17, dice) for n in range(11)]
            [3, 3, 11, 17, 21, 20, 22, 27, 33, 38, 40]
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
