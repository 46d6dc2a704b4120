test = {
  'name': 'Question 1',
  'points': 2,
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
            >>> roll_dice(2, make_test_dice(5, 3, 1))
            8
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> roll_dice(3, make_test_dice(5, 3, 1))
            1
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> roll_dice(1, make_test_dice(4))
            4
            >>> roll_dice(4, make_test_dice(6, 2, 3))
            17
            >>> roll_dice(10, make_test_dice(5))
            50
            >>> roll_dice(2, make_test_dice(4, 6), 'Player 0')
            10
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Pig Out: a 1 anywhere among the dice makes the turn worth exactly 1
            >>> roll_dice(1, make_test_dice(1))
            1
            >>> roll_dice(4, make_test_dice(1, 6, 6, 6))
            1
            >>> roll_dice(5, make_test_dice(6, 6, 6, 6, 1), 'Player 1')
            1
            >>> roll_dice(3, make_test_dice(1))
            1
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Every die is rolled, even after a 1: the next outcome shows how many were
            >>> dice = make_test_dice(2, 1, 3, 4, 5, 6, 7, 8, 9)
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
            >>> dice = make_test_dice(3, 5, 1, 2, 6, 4)
            >>> [roll_dice(n, dice) for n in (1, 2, 3, 4, 5)]
            [3, 1, 12, 1, 1]
            >>> dice()
            2
            """,
          'hidden': True,
          'locked': False
        },
        {
          'code': r"""
            >>> roll_dice(9, make_test_dice(2, 3, 4))
            27
            >>> roll_dice(7, make_test_dice(6, 5, 4, 3, 2, 1))
            1
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
