test = {
  'name': 'Question 7',
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
            >>> # The entry names itself: a string of 1 to 50 characters, not the placeholder
            >>> type(TEAM_NAME)
            <class 'str'>
            >>> 0 < len(TEAM_NAME.strip()) <= 50 and TEAM_NAME != 'PLACEHOLDER'
            True
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # final_strategy returns an int from 0 to 10 for every pair of scores
            >>> invalid = [(score, opponent) for score in range(100) for opponent in range(100)
            ...            if type(final_strategy(score, opponent)) != int
            ...            or not 0 <= final_strategy(score, opponent) <= 10]
            >>> invalid[:3]
            []
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # ... the same answer every time it is asked, whatever was asked before
            >>> first = [final_strategy(score, opponent) for score in range(100) for opponent in range(100)]
            >>> again = [final_strategy(score, opponent) for score in reversed(range(100)) for opponent in reversed(range(100))]
            >>> again.reverse()
            >>> [(i // 100, i % 100) for i in range(10000) if first[i] != again[i]][:3]
            []
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # ... and every pair of scores in under 10 seconds of CPU time
            >>> import time
            >>> start = time.process_time()
            >>> answers = [final_strategy(score, opponent) for score in range(100) for opponent in range(100)]
            >>> time.process_time() - start < 10
            True
            """,
          'hidden': False,
          'locked': False
        }
      ]
    }
  ]
}
