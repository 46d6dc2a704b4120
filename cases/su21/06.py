test = {
  'name': 'Question 6',
  'points': 2,
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
            >>> # plays, whatever their scores (those are question 5's): rolls(n, who, log) is a strategy that
            >>> # logs where each turn starts, watched(log) a commentary that logs what it is told, and
            >>> # faults(log) lists what is wrong. What play returns is not shown.
            >>> log = []
            >>> _ = play(rolls(1, 0, log), rolls(1, 1, log), dice=make_test_dice(3), goal=10, say=watched(log))
            >>> faults(log)
            []
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # What commentary returns is the commentary for the next turn (watched(log, n) returns
            >>> # watched(log, n + 1))
            >>> log = []
            >>> _ = play(rolls(1, 0, log), rolls(1, 1, log), dice=make_test_dice(4), goal=11, say=watched(log))
            >>> faults(log)
            []
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # Called on the last turn too, and once per turn only
            >>> log = []
            >>> _ = play(rolls(5, 0, log), rolls(5, 1, log), score0=92, score1=92, dice=make_test_dice(2), say=watched(log))
            >>> faults(log)
            []
            >>> log = []
            >>> _ = play(rolls(2, 0, log), rolls(2, 1, log), score0=6, score1=6, dice=make_test_dice(3), goal=11, say=watched(log))
            >>> faults(log)
            []
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # An extra turn is a turn: commentary after each (these games have More Boar's extra turns)
            >>> log = []
            >>> _ = play(rolls(3, 0, log), rolls(1, 1, log), score0=3, score1=60, dice=make_test_dice(6), goal=68, say=watched(log))
            >>> faults(log)
            []
            >>> log = []
            >>> _ = play(rolls(1, 0, log), rolls(1, 1, log), score0=45, score1=20, dice=make_test_dice(3), goal=59, say=watched(log))
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
            >>> say = say_scores
            >>> for scores in [(9, 0), (9, 12), (16, 12), (16, 24)]:
            ...     say = say(*scores)
            Player 0 now has 9 and Player 1 now has 0
            Player 0 now has 9 and Player 1 now has 12
            Player 0 now has 16 and Player 1 now has 12
            Player 0 now has 16 and Player 1 now has 24
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> say = announce_lead_changes()
            >>> for scores in [(8, 0), (8, 14), (16, 14), (16, 28), (16, 30), (30, 30), (31, 30)]:
            ...     say = say(*scores)
            Player 0 takes the lead by 8
            Player 1 takes the lead by 6
            Player 0 takes the lead by 2
            Player 1 takes the lead by 12
            Player 0 takes the lead by 1
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> say = both(say_scores, announce_lead_changes())
            >>> for scores in [(11, 0), (11, 2), (22, 2), (22, 27)]:
            ...     say = say(*scores)
            Player 0 now has 11 and Player 1 now has 0
            Player 0 takes the lead by 11
            Player 0 now has 11 and Player 1 now has 2
            Player 0 now has 22 and Player 1 now has 2
            Player 0 now has 22 and Player 1 now has 27
            Player 1 takes the lead by 5
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Any commentary function: both's, whose calls return new functions
            >>> log = []
            >>> _ = play(rolls(4, 0, log), rolls(4, 1, log), score0=30, score1=30, dice=make_test_dice(4, 3, 5, 6), goal=70, say=both(silence, both(watched(log), silence)))
            >>> faults(log)
            []
            >>> log = []
            >>> _ = play(rolls(2, 0, log), rolls(3, 1, log), dice=make_test_dice(4, 5, 3), goal=25, say=both(watched(log), silence))
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
