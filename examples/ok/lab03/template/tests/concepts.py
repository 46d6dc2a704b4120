test = {
  'name': 'concepts',
  'points': 0,
  'suites': [
    {
      'cases': [
        {
          'answer': '601e1bb24b038f6a32e84318f3610fa4',
          'choices': [
            'A base case that returns without calling itself',
            'A while loop around the recursive call',
            'A global variable counting the calls',
            'Nothing: Python stops it after 1000 calls on purpose'
          ],
          'hidden': False,
          'locked': True,
          'question': 'What does a recursive function need so that it stops?'
        },
        {
          'answer': 'c66c489c94f153ccc42909baf6da3202',
          'choices': [
          
          ],
          'hidden': False,
          'locked': True,
          'question': 'How many times is digit_sum called, in all, to compute digit_sum(507)?'
        },
        {
          'answer': 'ab0dcdd3ce5c9d3419b247a4106bbb7c',
          'choices': [
            'grid_paths(1, 4)',
            'grid_paths(2, 2)',
            'grid_paths(3, 2)',
            'grid_paths(4, 4)'
          ],
          'hidden': False,
          'locked': True,
          'question': 'Which call of grid_paths makes no recursive call?'
        }
      ],
      'scored': False,
      'type': 'concept'
    }
  ]
}
