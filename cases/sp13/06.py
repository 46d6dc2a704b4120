test = {
  'name': 'Question 6',
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
            >>> averaged_dice = make_average(make_test_dice(3, 1, 5, 6), 100)
            >>> averaged_dice()
            3.75
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> make_average(make_test_dice(1, 2), 2)()
            1.5
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # The arguments given to the averaged function reach FN
            >>> make_average(pow, 10)(2, 5)
            32.0
            >>> make_average(max, 4)(3, 9, 1)
            9.0
            >>> make_average(lambda: 7, 1)()
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
            >>> make_average(counter, 4)()
            2.5
            >>> len(calls)
            4
            >>> averaged = make_average(counter, 2)
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
            >>> make_average(make_test_dice(2, 5, 6), 1000)()
            4.331
            >>> make_average(make_test_dice(4, 2, 1, 6, 3), 7)()
            3.142857142857143
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> def scaled(x, y):
            ...     return x * y
            >>> make_average(scaled, 3)(1.5, 4)
            6.0
            >>> make_average(make_test_dice(2, 3), 5)()
            2.4
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
