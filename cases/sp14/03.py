test = {
  'name': 'Question 3',
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
            >>> select_dice(4, 24) == four_sided
            True
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> select_dice(16, 64) == four_sided
            False
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # Hog Wild: four-sided dice when the sum is a multiple of 7, 0 included
            >>> select_dice(0, 0) == four_sided
            True
            >>> select_dice(3, 4) == four_sided
            True
            >>> select_dice(50, 48) == four_sided
            True
            >>> select_dice(60, 45) == four_sided
            True
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> select_dice(1, 0) == six_sided
            True
            >>> select_dice(0, 6) == six_sided
            True
            >>> select_dice(20, 30) == six_sided
            True
            >>> select_dice(99, 99) == six_sided
            True
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # The dice themselves, not a roll of them
            >>> select_dice(7, 14) is four_sided
            True
            >>> select_dice(7, 15) is six_sided
            True
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> [score for score in range(50) if select_dice(score, 13) == four_sided]
            [1, 8, 15, 22, 29, 36, 43]
            >>> [score for score in range(50) if select_dice(13, score) == six_sided][:8]
            [0, 2, 3, 4, 5, 6, 7, 9]
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
