test = {
  'name': 'Question 11',
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
            >>> # swap_strategy uses free_bacon, is_swap and bacon_strategy (questions 2, 4 and 10)
            >>> swap_strategy(12, 33, 8, 6)  # beneficial swap: 12 + 7 = 19 and 33 swap
            962aea5f59fc55bd65ccacf4603c8f22
            # locked
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> swap_strategy(4, 2, 8, 6)  # detrimental swap: 4 + 10 = 14 and 2
            327b19ffebddf93982e1ad2a4a6486f4
            # locked
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # Rolls 0 for a beneficial swap, even when Free Bacon is small
            >>> swap_strategy(0, 49, 8, 5)
            0
            >>> swap_strategy(2, 66)
            0
            >>> swap_strategy(8, 99, 10, 3)
            0
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Never rolls 0 into a detrimental swap, even when Free Bacon is large
            >>> swap_strategy(0, 0, 8, 5)
            5
            >>> swap_strategy(10, 10)
            4
            >>> swap_strategy(9, 3, 2, 7)
            7
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Ending level with the opponent is neither: it plays like bacon_strategy
            >>> swap_strategy(26, 33, 8, 5)
            5
            >>> swap_strategy(26, 33, 7, 5)
            0
            >>> swap_strategy(0, 10, 8, 5)
            0
            >>> swap_strategy(0, 10, 11, 5)
            5
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Otherwise, like bacon_strategy, margin included
            >>> swap_strategy(0, 22, 8, 5)
            0
            >>> swap_strategy(0, 22, 9, 5)
            5
            >>> swap_strategy(50, 35)
            4
            >>> swap_strategy(20, 20, 8, 3)
            3
            """,
          'hidden': False,
          'locked': False
        }
      ]
    }
  ]
}
