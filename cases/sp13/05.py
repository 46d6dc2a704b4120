test = {
  'name': 'Question 5',
  'points': 3,
  'suites': [
    {
      'type': 'doctest',
      'scored': True,
      'setup': r"""
        >>> import hog, dice
        >>> # Every case starts from hog.py's own dice and take_turn, whatever an earlier case did
        >>> hog.four_sided, hog.six_sided = dice.four_sided, dice.six_sided
        >>> hog.take_turn = getattr(hog.take_turn, 'wrapped', hog.take_turn)
        >>> from hog import *
        >>> # Commentary belongs to question 3: here it is off, and silent even if a roll_dice ignores the flag
        >>> hog.commentary, hog.announce = False, lambda outcome, who: None
        >>> def same_dice(*outcomes):
        ...     # Four-sided and six-sided dice become one test die: Hog Wild cannot change the game
        ...     hog.four_sided = hog.six_sided = make_test_dice(*outcomes)
        >>> def two_dice(four, six):
        ...     # A test die for each kind, so the game shows which kind each turn rolled
        ...     hog.four_sided, hog.six_sided = make_test_dice(*four), make_test_dice(*six)
        >>> def by_scores(*rolls):
        ...     # A strategy that depends on the scores only (asking it twice changes nothing)
        ...     return lambda score, opponent: rolls[(score + 2 * opponent) % len(rolls)]
        >>> turns = []
        >>> def record_turns():
        ...     # From now on play's calls of take_turn are recorded:
        ...     # (mover's name, number of dice, opponent's score, kind of dice)
        ...     turns.clear()
        ...     def recorded(num_rolls, opponent_score, dice=None, who=None):
        ...         kind = '/'.join(k for k, d in (('four', hog.four_sided), ('six', hog.six_sided)) if d is dice)
        ...         turns.append((who, num_rolls, opponent_score, kind))
        ...         return recorded.wrapped(num_rolls, opponent_score, dice, who)
        ...     recorded.wrapped = getattr(hog.take_turn, 'wrapped', hog.take_turn)
        ...     hog.take_turn = recorded
        """,
      'teardown': r"""
        >>> import dice
        >>> hog.four_sided, hog.six_sided = dice.four_sided, dice.six_sided
        >>> hog.take_turn = getattr(hog.take_turn, 'wrapped', hog.take_turn)
        """,
      'cases': [
        {
          'code': r"""
            >>> same_dice(4)
            >>> play(always_roll(5), always_roll(3))
            0
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> same_dice(4)
            >>> play(always_roll(3), always_roll(5))
            1
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # play returns the winner: 0 or 1
            >>> same_dice(6)
            >>> play(always_roll(3), always_roll(4))
            1
            >>> same_dice(6)
            >>> play(always_roll(1), always_roll(4))
            1
            >>> same_dice(2, 2, 3)
            >>> play(always_roll(1), always_roll(2))
            1
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # The game is over as soon as a score reaches 100, exactly 100 included
            >>> record_turns()
            >>> same_dice(5)
            >>> play(always_roll(2), always_roll(5))
            1
            >>> len(turns), turns[-1]
            (8, ('Player 1', 5, 40, 'four/six'))
            >>> record_turns()
            >>> same_dice(5)
            >>> play(always_roll(5), always_roll(0))
            0
            >>> len(turns), turns[-1]
            (7, ('Player 0', 5, 24, 'four/six'))
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Each turn calls take_turn once, with the strategy's dice, the opponent's score, the dice and the mover's name
            >>> record_turns()
            >>> same_dice(5)
            >>> play(always_roll(2), always_roll(1))
            0
            >>> turns[:5]
            [('Player 0', 2, 0, 'four/six'), ('Player 1', 1, 10, 'four/six'), ('Player 0', 1, 7, 'four/six'), ('Player 1', 1, 17, 'four/six'), ('Player 0', 2, 14, 'four/six')]
            >>> turns[-1]
            ('Player 0', 1, 70, 'four/six')
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Each strategy gets its own score first
            >>> record_turns()
            >>> same_dice(5, 3, 6)
            >>> play(lambda score, opponent: 0 if score > opponent else 2, always_roll(1))
            1
            >>> turns[:8]
            [('Player 0', 2, 0, 'four/six'), ('Player 1', 1, 8, 'four/six'), ('Player 0', 2, 11, 'four/six'), ('Player 1', 1, 16, 'four/six'), ('Player 0', 2, 22, 'four/six'), ('Player 1', 1, 24, 'four/six'), ('Player 0', 1, 33, 'four/six'), ('Player 1', 1, 31, 'four/six')]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # ... also player 1's
            >>> record_turns()
            >>> same_dice(5, 3, 6)
            >>> play(always_roll(1), lambda score, opponent: 0 if score > opponent else 2)
            0
            >>> turns[:8]
            [('Player 0', 1, 0, 'four/six'), ('Player 1', 1, 7, 'four/six'), ('Player 0', 1, 5, 'four/six'), ('Player 1', 2, 18, 'four/six'), ('Player 0', 1, 13, 'four/six'), ('Player 1', 2, 29, 'four/six'), ('Player 0', 1, 21, 'four/six'), ('Player 1', 2, 40, 'four/six')]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # The mover's strategy is asked once per turn, with the scores as they are then
            >>> asked = []
            >>> def counted(who, rolls):
            ...     def strategy(score, opponent):
            ...         asked.append((who, score, opponent))
            ...         return rolls
            ...     return strategy
            >>> same_dice(2, 3)
            >>> play(counted(0, 1), counted(1, 2))
            1
            >>> # no strategy is ever asked twice about the same scores
            >>> max(asked.count(call) for call in asked)
            1
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Hog Tied: a wish for more dice is cut to one when the sum ends in 7 (0 stays 0);
            >>> # these games call num_allowed_dice (question 4)
            >>> record_turns()
            >>> same_dice(2, 3)
            >>> play(always_roll(2), always_roll(4))
            1
            >>> turns[:4]
            [('Player 0', 2, 0, 'four/six'), ('Player 1', 1, 7, 'four/six'), ('Player 0', 2, 3, 'four/six'), ('Player 1', 1, 14, 'four/six')]
            >>> record_turns()
            >>> same_dice(2, 3)
            >>> play(always_roll(2), always_roll(0))
            1
            >>> turns[:2]
            [('Player 0', 2, 0, 'four/six'), ('Player 1', 0, 7, 'four/six')]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Hog Wild: the game starts at 0 + 0, a multiple of 7, so player 0 rolls four-sided dice;
            >>> # these games call select_dice (question 4)
            >>> record_turns()
            >>> two_dice([4], [6])
            >>> play(always_roll(1), always_roll(1))
            1
            >>> turns[:6]
            [('Player 0', 1, 0, 'four'), ('Player 1', 1, 4, 'six'), ('Player 0', 1, 11, 'six'), ('Player 1', 1, 15, 'six'), ('Player 0', 1, 22, 'six'), ('Player 1', 1, 26, 'six')]
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Full games
            >>> same_dice(4, 6, 5, 2, 3, 6, 1)
            >>> play(always_roll(5), always_roll(3))
            1
            >>> same_dice(6, 5, 4, 3, 2)
            >>> play(by_scores(0, 5, 10, 2), by_scores(6, 1, 0))
            0
            >>> two_dice([2, 3, 4], [6, 2, 5, 3, 4])
            >>> play(by_scores(3, 0, 5, 1), always_roll(4))
            1
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> record_turns()
            >>> two_dice([4, 1, 3], [5, 6, 6, 1, 4])
            >>> play(always_roll(6), by_scores(0, 2, 7, 10))
            1
            >>> len(turns), turns[-3:]
            (48, [('Player 1', 7, 33, 'six'), ('Player 0', 6, 97, 'six'), ('Player 1', 2, 34, 'six')])
            """,
          'hidden': True,
          'locked': False
        },
        {
          'code': r"""
            >>> same_dice(2, 6, 3, 5, 4, 6, 6, 1, 5)
            >>> play(by_scores(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10), by_scores(5, 0, 3))
            1
            >>> same_dice(6)
            >>> play(always_roll(10), always_roll(0))
            0
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
