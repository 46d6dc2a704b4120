test = {
  'name': 'Question 0',
  'points': 0,
  'suites': [
    {
      'type': 'concept',
      'scored': False,
      'cases': [
        {
          'question': 'If `dice = make_test_dice(4, 1, 2)`, which of the following is true of calling dice() four times?',
          'choices': [
            'It returns 4, 1, 2, 4',
            'It returns 4, 1, 2, and then raises an error',
            'It returns 4, 1, 2, 1',
            'It returns a random outcome each time'
          ],
          'answer': 'It returns 4, 1, 2, 4',
          'hidden': False,
          'locked': True
        },
        {
          'question': 'Which of the following is the correct way to make a die that always rolls 6?',
          'choices': [
            'make_test_dice(6)',
            'make_fair_dice(6)',
            'make_test_dice(1, 6)',
            'six_sided'
          ],
          'answer': 'make_test_dice(6)',
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
            >>> test_dice = make_test_dice(4, 1, 2, 6)
            >>> test_dice()
            4
            >>> # Second call
            >>> test_dice()
            1
            >>> # Third call
            >>> test_dice()
            2
            >>> # Fourth call
            >>> test_dice()
            6
            >>> # Fifth call: the cycle starts again
            >>> test_dice()
            4
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> dice = make_test_dice(1, 2, 3)
            >>> [dice() for _ in range(7)]
            [1, 2, 3, 1, 2, 3, 1]
            """,
          'hidden': False,
          'locked': False
        }
      ]
    }
  ]
}
