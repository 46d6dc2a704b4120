test = {
  'name': 'Question 5',
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
            >>> averaged_dice = make_averaged(make_test_dice(4, 2, 3), 3)
            >>> averaged_dice()
            3.0
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> make_averaged(make_test_dice(1, 2), 2)()
            1.5
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # The arguments given to the averaged function reach FN
            >>> make_averaged(pow, 10)(2, 5)
            32.0
            >>> make_averaged(max, 4)(3, 9, 1)
            9.0
            >>> make_averaged(lambda: 7, 1)()
            7.0
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # FN is called exactly NUM_SAMPLES times per call of the averaged function
            >>> calls = []
            >>> def counter():
            ...     calls.append(1)
            ...     return len(calls)
            >>> make_averaged(counter, 4)()
            2.5
            >>> len(calls)
            4
            >>> averaged = make_averaged(counter, 2)
            >>> averaged()
            5.5
            >>> averaged()
            7.5
            >>> len(calls)
            8
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # 1000 samples unless told otherwise
            >>> calls = []
            >>> def counter():
            ...     calls.append(1)
            ...     return len(calls)
            >>> make_averaged(counter)()
            500.5
            >>> len(calls)
            1000
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> make_averaged(make_test_dice(2, 5, 6), 1000)()
            4.331
            >>> make_averaged(make_test_dice(3, 1, 5, 6), 1000)()
            3.75
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> def scaled(x, y):
            ...     return x * y
            >>> make_averaged(scaled, 3)(1.5, 4)
            6.0
            >>> make_averaged(make_test_dice(2, 3), 5)()
            2.4
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
