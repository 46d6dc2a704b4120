test = {
  'name': 'Question 8',
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
            >>> swap_strategy(20, 52)
            0
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> swap_strategy(39, 21)
            5
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # A swap that helps: the opponent would have exactly twice the mover's score
            >>> swap_strategy(23, 60)
            0
            >>> swap_strategy(17, 44)
            0
            >>> swap_strategy(3, 12)
            0
            >>> swap_strategy(25, 64, margin=8, num_rolls=4)
            0
            >>> swap_strategy(23, 60, margin=10, num_rolls=2)
            0
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # A swap that hurts: roll NUM_ROLLS even when Free Bacon is worth MARGIN or more
            >>> swap_strategy(27, 18)
            5
            >>> swap_strategy(84, 45, margin=6, num_rolls=3)
            3
            >>> swap_strategy(8, 9)
            5
            >>> swap_strategy(1, 2, margin=0, num_rolls=7)
            7
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # No swap: like bacon_strategy
            >>> swap_strategy(50, 80)
            0
            >>> swap_strategy(12, 12)
            5
            >>> swap_strategy(12, 17)
            0
            >>> swap_strategy(12, 16)
            5
            >>> swap_strategy(70, 35, margin=4, num_rolls=6)
            0
            >>> swap_strategy(70, 35, margin=7, num_rolls=6)
            6
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # MARGIN and NUM_ROLLS are passed on
            >>> swap_strategy(5, 31, 4, 1)
            0
            >>> swap_strategy(5, 31, 5, 1)
            1
            >>> swap_strategy(5, 31, 5, 9)
            9
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> [opponent for opponent in range(100) if swap_strategy(30, opponent) == 0]
            [7, 8, 9, 17, 18, 19, 27, 28, 29, 37, 38, 39, 47, 48, 49, 57, 58, 59, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99]
            >>> [score for score in range(100) if swap_strategy(score, 40, margin=11, num_rolls=3) == 0]
            [15]
            >>> [score for score in range(100) if swap_strategy(score, 40, margin=1, num_rolls=3) == 3]
            [75]
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
