test = {
  'name': 'Question 6',
  'points': 1,
  'suites': [
    {
      'type': 'doctest',
      'scored': True,
      'setup': r"""
        >>> from hog import *
        >>> def rolls(num_rolls, who, log):
        ...     '''Player WHO's strategy: NUM_ROLLS dice a turn. It logs where each turn starts,
        ...     as play asks it (asked again before the commentary at the same scores: one turn).'''
        ...     def strategy(score, opponent_score):
        ...         last = log[-1] if log else ('said',)
        ...         if last[0] == 'said' or sorted(last[2:]) != sorted([score, opponent_score]):
        ...             log.append(('turn', who, score, opponent_score))
        ...         return num_rolls
        ...     return strategy
        >>> def watched(log, n=1):
        ...     '''Commentary number N: logs the scores it is called with; returns number N + 1.'''
        ...     def say(score0, score1):
        ...         log.append(('said', n, score0, score1))
        ...         return watched(log, n + 1)
        ...     return say
        >>> def faults(log):
        ...     '''What is wrong with the commentary in LOG, judged on the turns play itself
        ...     played, whatever their scores: called once after every turn, each time what the
        ...     last call returned, with the scores the next turn starts from, as play asks that
        ...     turn's strategy (a player always asked the other way round is play's own bug).'''
        ...     if not log:
        ...         return ['play played no turn']
        ...     for k, (kind, *_) in enumerate(log + [('turn',)]):
        ...         if kind == 'turn' and k % 2:
        ...             return ['no commentary after turn %d' % (k // 2 + 1)]
        ...         if kind == 'said' and not k % 2:
        ...             return ['commentary called again after turn %d' % (k // 2) if k
        ...                     else 'commentary called before the first turn']
        ...     said, starts = log[1::2], log[2::2]
        ...     numbers = [n for _, n, *_ in said]
        ...     if numbers != list(range(1, len(said) + 1)):
        ...         return ['commentary functions called: %s (each must be what the last returned)' % numbers]
        ...     turns = [(k, said[k - 1][2:], who, (score, opponent)[::1 - 2 * who])
        ...              for k, (_, who, score, opponent) in enumerate(starts, 1)]
        ...     votes = [0, 0]
        ...     for _, scores, who, asked in turns:
        ...         votes[who] += (scores == asked) - (scores == asked[::-1])
        ...     flipped = [votes[0] < 0 and votes[1] >= 0, votes[1] < 0 and votes[0] >= 0]
        ...     return ['after turn %d commentary was called with %s; turn %d starts at %s'
        ...             % (k, scores, k + 1, asked[::-1] if flipped[who] else asked)
        ...             for k, scores, who, asked in turns
        ...             if scores != (asked[::-1] if flipped[who] else asked)]
        """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
            >>> # Question 6 is the commentary in play: called after every turn, with the scores the turn
            >>> # reached, what it returns used after the next turn. It is judged on the turns your own play
            >>> # plays, whatever their scores (those are question 5a's and 5b's): rolls(n, who, log) is a
            >>> # strategy that logs where each turn starts, watched(log) a commentary that logs what it is
            >>> # told, and faults(log) lists what is wrong. What play returns is not shown.
            >>> log = []
            >>> _ = play(rolls(9, 0, log), rolls(8, 1, log), dice=make_test_dice(2), goal=50, say=watched(log))
            >>> faults(log)
            []
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # What commentary returns is the commentary for the next turn (watched(log, n) returns
            >>> # watched(log, n + 1)), also on the last turn
            >>> log = []
            >>> _ = play(rolls(8, 0, log), rolls(10, 1, log), dice=make_test_dice(3), goal=80, say=watched(log))
            >>> faults(log)
            []
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # Commentary sees the scores after Swine Swap
            >>> log = []
            >>> _ = play(rolls(9, 0, log), rolls(8, 1, log), score0=3, score1=60, dice=make_test_dice(3), goal=90, say=watched(log))
            >>> faults(log)
            []
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # An extra turn is a turn: commentary after each (this game has Time Trot's extra turns)
            >>> log = []
            >>> _ = play(rolls(9, 0, log), rolls(1, 1, log), score0=10, score1=20, dice=make_test_dice(3), goal=40, say=watched(log))
            >>> faults(log)
            []
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # The commentary functions are given: play calls whichever it is given with the scores after
            >>> # each turn, and calls what it returns after the next one
            >>> say = both(say_scores, announce_lead_changes())
            >>> for scores in [(39, 0), (39, 36), (80, 36)]:
            ...     say = say(*scores)
            Player 0 now has 39 and Player 1 now has 0
            Player 0 takes the lead by 39
            Player 0 now has 39 and Player 1 now has 36
            Player 0 now has 80 and Player 1 now has 36
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Any commentary function: both's, whose calls return new functions
            >>> log = []
            >>> _ = play(rolls(8, 0, log), rolls(9, 1, log), score0=30, score1=31, dice=make_test_dice(4, 3, 5, 6), goal=99, say=both(silence, both(watched(log), silence)))
            >>> faults(log)
            []
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
