test = {
  'name': 'Question 8',
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
            >>> strategy = make_mean_strategy(5, 4)
            >>> strategy(1, 41)
            0
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> strategy = make_mean_strategy(5, 4)
            >>> strategy(2, 41)
            4
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # Hog Wild for the opponent: the sum after Free Bacon is a multiple of 7
            >>> strategy = make_mean_strategy(4)
            >>> strategy(25, 34)
            0
            >>> strategy(26, 34)
            5
            >>> strategy(0, 0)
            5
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Hog Tied for the opponent: the sum after Free Bacon ends in 7
            >>> strategy = make_mean_strategy(2, 3)
            >>> strategy(12, 12)
            0
            >>> strategy(11, 12)
            3
            >>> strategy(9, 41)
            0
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Free Bacon counts after Touchdown and Hogtimus Prime, and must reach MIN_POINTS
            >>> strategy = make_mean_strategy(11, 6)
            >>> strategy(7, 59)
            0
            >>> strategy(27, 59)
            0
            >>> strategy(9, 62)
            6
            >>> make_mean_strategy(12, 6)(7, 59)
            6
            >>> make_mean_strategy(5, 6)(3, 20)
            0
            >>> make_mean_strategy(6, 6)(3, 20)
            6
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # NUM_ROLLS is 5 unless given; each strategy keeps its own settings
            >>> gentle, mean = make_mean_strategy(9), make_mean_strategy(1, 2)
            >>> gentle(2, 12), mean(2, 12)
            (5, 0)
            >>> gentle(5, 90), mean(5, 90)
            (0, 0)
            >>> gentle(6, 90), mean(6, 90)
            (5, 2)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> strategy = make_mean_strategy(3, 7)
            >>> [score for score in range(100) if strategy(score, 45) == 0]
            [4, 5, 11, 15, 18, 25, 32, 35, 39, 45, 46, 53, 55, 60, 65, 67, 74, 75, 81, 85, 88, 95]
            >>> [opponent for opponent in range(100) if strategy(30, opponent) == 0]
            [14, 16, 21, 22, 28, 33, 36, 40, 47, 50, 56, 57, 64, 66, 74, 79, 80, 87, 88, 93, 97]
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
