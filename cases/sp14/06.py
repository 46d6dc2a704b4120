test = {
  'name': 'Question 6',
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
            >>> max_scoring_num_rolls(make_test_dice(3))
            1 dice scores 3.0 on average
            2 dice scores 6.0 on average
            3 dice scores 9.0 on average
            4 dice scores 12.0 on average
            5 dice scores 15.0 on average
            6 dice scores 18.0 on average
            7 dice scores 21.0 on average
            8 dice scores 24.0 on average
            9 dice scores 27.0 on average
            10 dice scores 30.0 on average
            10
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Ties go to the smaller number of dice
            >>> max_scoring_num_rolls(make_test_dice(1, 5, 3, 3))
            1 dice scores 3.0 on average
            2 dice scores 3.5 on average
            3 dice scores 3.5 on average
            4 dice scores 1.0 on average
            5 dice scores 1.0 on average
            6 dice scores 1.0 on average
            7 dice scores 1.0 on average
            8 dice scores 1.0 on average
            9 dice scores 1.0 on average
            10 dice scores 1.0 on average
            2
            >>> max_scoring_num_rolls(make_test_dice(1))
            1 dice scores 1.0 on average
            2 dice scores 1.0 on average
            3 dice scores 1.0 on average
            4 dice scores 1.0 on average
            5 dice scores 1.0 on average
            6 dice scores 1.0 on average
            7 dice scores 1.0 on average
            8 dice scores 1.0 on average
            9 dice scores 1.0 on average
            10 dice scores 1.0 on average
            1
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> max_scoring_num_rolls(make_test_dice(1, 6))
            1 dice scores 3.5 on average
            2 dice scores 1.0 on average
            3 dice scores 1.0 on average
            4 dice scores 1.0 on average
            5 dice scores 1.0 on average
            6 dice scores 1.0 on average
            7 dice scores 1.0 on average
            8 dice scores 1.0 on average
            9 dice scores 1.0 on average
            10 dice scores 1.0 on average
            1
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # 1 to 10 dice are tried in that order with the same dice
            >>> max_scoring_num_rolls(make_test_dice(2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1))
            1 dice scores 1.91 on average
            2 dice scores 3.454 on average
            3 dice scores 4.635 on average
            4 dice scores 5.452 on average
            5 dice scores 5.914 on average
            6 dice scores 5.994 on average
            7 dice scores 5.732 on average
            8 dice scores 5.095 on average
            9 dice scores 4.094 on average
            10 dice scores 2.71 on average
            6
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> max_scoring_num_rolls(make_test_dice(4, 3, 2, 1))
            1 dice scores 2.5 on average
            2 dice scores 4.0 on average
            3 dice scores 3.0 on average
            4 dice scores 1.0 on average
            5 dice scores 1.0 on average
            6 dice scores 1.0 on average
            7 dice scores 1.0 on average
            8 dice scores 1.0 on average
            9 dice scores 1.0 on average
            10 dice scores 1.0 on average
            2
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> max_scoring_num_rolls(make_test_dice(6, 6, 6, 6, 6, 1, 6, 6, 6, 6, 6, 6, 6))
            1 dice scores 5.615 on average
            2 dice scores 10.306 on average
            3 dice scores 14.073 on average
            4 dice scores 16.939 on average
            5 dice scores 18.835 on average
            6 dice scores 19.865 on average
            7 dice scores 19.901 on average
            8 dice scores 19.095 on average
            9 dice scores 17.271 on average
            10 dice scores 14.629 on average
            7
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
