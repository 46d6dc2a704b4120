test = {
  'name': 'Question 0',
  'points': 0,
  'suites': [
    {
      'type': 'concept',
      'scored': False,
      'cases': [
        {
          'question': 'If `dice = make_test_dice(3, 5)`, what do three calls of dice() return?',
          'choices': [
            '3, then 5, then 3',
            '3, then 5, then an error',
            '5, then 3, then 5',
            'Three random numbers from 1 to 6'
          ],
          'answer': '3, then 5, then 3',
          'hidden': False,
          'locked': True
        },
        {
          'question': 'Which call makes a die that comes up 2 every time it is rolled?',
          'choices': [
            'make_test_dice(2)',
            'make_fair_dice(2)',
            'make_test_dice(1, 2)',
            'four_sided'
          ],
          'answer': 'make_test_dice(2)',
          'hidden': False,
          'locked': True
        }
      ]
    },
    {
      'type': 'doctest',
      'scored': False,
      'setup': r"""
        >>> from hog import *
        """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
            >>> test_dice = make_test_dice(5, 2, 6)
            >>> test_dice()
            5
            >>> # Second call
            >>> test_dice()
            2
            >>> # Third call
            >>> test_dice()
            6
            >>> # Fourth call: back to the first outcome
            >>> test_dice()
            5
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> dice = make_test_dice(4, 1)
            >>> [dice() for _ in range(5)]
            [4, 1, 4, 1, 4]
            """,
          'hidden': False,
          'locked': False
        }
      ]
    }
  ]
}
