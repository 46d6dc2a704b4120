test = {
  'name': 'Question 4',
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
            >>> num_allowed_dice(7, 10)
            1
            """,
          'hidden': False,
          'locked': True
        },
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
            >>> # Hog Tied: at most one die when the sum of the scores ends in 7
            >>> num_allowed_dice(0, 0)
            10
            >>> num_allowed_dice(1, 0)
            10
            >>> num_allowed_dice(5, 7)
            10
            >>> num_allowed_dice(13, 24)
            1
            >>> num_allowed_dice(0, 7)
            1
            >>> num_allowed_dice(60, 57)
            1
            >>> num_allowed_dice(70, 70)
            10
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Hog Wild: four-sided dice when the sum is a multiple of 7, 0 included
            >>> select_dice(0, 0) == four_sided
            True
            >>> select_dice(16, 64) == six_sided
            True
            >>> select_dice(50, 48) == four_sided
            True
            >>> select_dice(99, 99) == six_sided
            True
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
            >>> [total for total in range(200) if num_allowed_dice(total, 0) == 1][:6]
            [7, 17, 27, 37, 47, 57]
            >>> [total for total in range(200) if num_allowed_dice(0, total) == 10][:8]
            [0, 1, 2, 3, 4, 5, 6, 8]
            >>> [score for score in range(50) if select_dice(score, 13) == four_sided]
            [1, 8, 15, 22, 29, 36, 43]
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
