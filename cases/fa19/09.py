test = {
  'name': 'Question 9',
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
            >>> # max_scoring_num_rolls averages roll_dice with make_averaged (questions 1 and 8)
            >>> dice = make_test_dice(3)   # dice always returns 3
            >>> max_scoring_num_rolls(dice, num_samples=1000)
            10
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> dice = make_test_dice(1, 6)
            >>> max_scoring_num_rolls(dice)
            1
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # 10 dice must be tried too
            >>> max_scoring_num_rolls(make_test_dice(6), 10)
            10
            >>> max_scoring_num_rolls(make_test_dice(2))
            10
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Ties go to the smaller number of dice
            >>> max_scoring_num_rolls(make_test_dice(1), 10)
            1
            >>> max_scoring_num_rolls(make_test_dice(1, 2, 2, 3), 6)
            2
            >>> max_scoring_num_rolls(make_test_dice(1, 3, 2, 5), 6)
            2
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # num_samples is used, and 1 to 10 dice are tried in that order with the same dice
            >>> max_scoring_num_rolls(make_test_dice(2, 1, 2, 2), 1)
            1
            >>> max_scoring_num_rolls(make_test_dice(2, 1, 2, 2), 2)
            3
            >>> max_scoring_num_rolls(make_test_dice(2, 1, 2, 2), 1000)
            2
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # With fair dice the answer is a number of dice from 1 to 10
            >>> max_scoring_num_rolls() in range(1, 11)
            True
            >>> type(max_scoring_num_rolls(six_sided, 50))
            <class 'int'>
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> max_scoring_num_rolls(make_test_dice(5, 4, 1, 6, 3), 7)
            3
            >>> max_scoring_num_rolls(make_test_dice(4, 4, 4, 4, 1), 13)
            2
            >>> max_scoring_num_rolls(make_test_dice(2, 2, 1), 3)
            2
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
