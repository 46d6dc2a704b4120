test = {
  'name': 'Question 1',
  'points': 2,
  'suites': [
    {
      'cases': [
        {
          'code': r"""
          >>> roll_dice(3, make_test_dice(4, 6, 1))
          1
          """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
          >>> s = 'hi'
          >>> s
          'hi'
          >>> print(s); print(s * 2)
          hi
          hihi
          >>> roll_dice(0)
          Traceback (most recent call last):
            ...
          AssertionError: Must roll at least once.
          >>> print('a', 'b')
          a b
          >>> None
          """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
          >>> roll_dice(1, make_test_dice(5))
          5
          """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
          >>> roll_dice(3, make_test_dice(2, 3))
          7
          """,
          'hidden': True,
          'locked': True
        }
      ],
      'scored': True,
      'setup': r"""
      >>> from hog import *
      """,
      'type': 'doctest'
    },
    {
      'cases': [
        {
          'question': 'What does roll_dice return when a 1 comes up?',
          'answer': 'It returns 1',
          'choices': ['It returns 1', 'It returns 0', 'It returns the sum of the others'],
          'hidden': False,
          'locked': True
        }
      ],
      'scored': False,
      'type': 'concept'
    }
  ]
}
