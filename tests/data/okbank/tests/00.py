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
          'answer': 'd2893150f55f5505dc9546265a5ec3ca',
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
          'answer': '41e16b8190d68dced06bd703c78f89f7',
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
            edcbd82ba98a8122be244fa325c62071
            # locked
            >>> # Second call
            >>> test_dice()
            43d176e102c8d95338faf8791aa509b3
            # locked
            >>> # Third call
            >>> test_dice()
            46caef5ffd6d72c8757279cbcf01b12f
            # locked
            >>> # Fourth call
            >>> test_dice()
            327b19ffebddf93982e1ad2a4a6486f4
            # locked
            >>> # Fifth call: the cycle starts again
            >>> test_dice()
            edcbd82ba98a8122be244fa325c62071
            # locked
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
