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
            ae54f398e6c98b4c11197ca202bbf4fb
            # locked
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
            >>> # The averaged function passes its arguments through to fn. (Question 8 averages
            >>> # functions of its own, never roll_dice or free_bacon: their bugs are not 8's.)
            >>> def add(a, b):
            ...     return a + b
            >>> make_averaged(add, 10)(3, 4)
            7.0
            >>> def roll_twice(dice):
            ...     return dice() + dice()
            >>> make_averaged(roll_twice, 1000)(make_test_dice(3))
            6.0
            >>> make_averaged(lambda score: 10 - min(score // 10, score % 10), 5)(42)
            8.0
            >>> make_averaged(lambda *parts: sum(parts), 4)(1, 2, 3, 4)
            10.0
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # fn is called exactly num_samples times, and only when the average is asked for
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
            >>> # num_samples is 1000 unless told otherwise
            >>> make_averaged(make_test_dice(1, 2, 3))()
            1.999
            """,
          'hidden': False,
          'locked': False
        }
      ]
    }
  ]
}
