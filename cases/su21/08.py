test = {
  'name': 'Question 8',
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
            >>> dice = make_test_dice(3, 1, 5, 6)
            >>> averaged_dice = make_averaged(dice, 1000)
            >>> # Average of calling dice 1000 times
            >>> averaged_dice()
            3.75
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # The average is a true (float) mean
            >>> make_averaged(make_test_dice(1, 2), 3)()
            1.3333333333333333
            >>> make_averaged(make_test_dice(2, 3), 2)()
            2.5
            >>> make_averaged(make_test_dice(7), 5)()
            7.0
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # The averaged function passes its arguments on to original_function
            >>> def add(a, b):
            ...     return a + b
            >>> make_averaged(add, 10)(3, 4)
            7.0
            >>> def scaled(k, dice):
            ...     return k * dice()
            >>> make_averaged(scaled, 4)(10, make_test_dice(1, 2))
            15.0
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # original_function is called trials_count times, and only when the average is asked for
            >>> dice = make_test_dice(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
            >>> averaged = make_averaged(dice, 5)
            >>> dice()
            1
            >>> averaged()
            4.0
            >>> dice()
            7
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # trials_count is 1000 unless told otherwise
            >>> make_averaged(make_test_dice(1, 2, 3))()
            1.999
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> def pick(*options):
            ...     return options[len(options) // 2]
            >>> make_averaged(pick, 3)(4, 7, 9)
            7.0
            >>> averaged = make_averaged(make_test_dice(2, 4, 1, 6, 5), 7)
            >>> averaged()
            3.4285714285714284
            >>> averaged()
            3.5714285714285716
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
