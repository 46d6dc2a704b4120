test = {
  'name': 'concepts',
  'points': 0,
  'suites': [
    {
      'type': 'concept',
      'scored': False,
      'cases': [
        {
          'question': 'What does a recursive function need so that it stops?',
          'choices': [
            'A base case that returns without calling itself',
            'A while loop around the recursive call',
            'A global variable counting the calls',
            'Nothing: Python stops it after 1000 calls on purpose'
          ],
          'answer': 'A base case that returns without calling itself',
          'hidden': False
        },
        {
          'question': 'How many times is digit_sum called, in all, to compute digit_sum(507)?',
          'choices': [],
          'answer': '3',
          'hidden': False
        },
        {
          'question': 'Which call of grid_paths makes no recursive call?',
          'choices': [
            'grid_paths(1, 4)',
            'grid_paths(2, 2)',
            'grid_paths(3, 2)',
            'grid_paths(4, 4)'
          ],
          'answer': 'grid_paths(1, 4)',
          'hidden': False
        }
      ]
    }
  ]
}
