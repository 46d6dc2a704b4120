test = {
  'name': 'Question 4',
  'points': 2,
  'suites': [
    {
      'type': 'doctest',
      'scored': True,
      'setup': r"""
        >>> import hog, dice
        >>> # Every case starts from hog.py's own dice, whatever an earlier case did
        >>> hog.four_sided, hog.six_sided = dice.four_sided, dice.six_sided
        >>> from hog import *
        >>> def same_dice(*outcomes):
        ...     # Four-sided and six-sided dice become one test die: Hog Wild cannot change the game
        ...     hog.four_sided = hog.six_sided = make_test_dice(*outcomes)
        >>> def two_dice(four, six):
        ...     # A test die for each kind, so the game shows which kind each turn rolled
        ...     hog.four_sided, hog.six_sided = make_test_dice(*four), make_test_dice(*six)
        >>> def by_scores(*rolls):
        ...     # A strategy that depends on the scores only (asking it twice changes nothing)
        ...     return lambda score, opponent: rolls[(score + 2 * opponent) % len(rolls)]
        """,
      'teardown': r"""
        >>> import dice
        >>> hog.four_sided, hog.six_sided = dice.four_sided, dice.six_sided
        """,
      'cases': [
        {
          'code': r"""
            >>> same_dice(4)
            >>> play(always_roll(1), always_roll(1), goal=10)
            (4, 12)
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # Player 1 reaches 8, which is twice 4: the swap hands the win to player 0
            >>> same_dice(4)
            >>> play(always_roll(1), always_roll(2), goal=8)
            (8, 4)
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # Scores come back player 0's first; the game stops once a score reaches the goal
            >>> same_dice(3)
            >>> play(always_roll(3), always_roll(1), goal=9)
            (9, 0)
            >>> same_dice(3)
            >>> play(always_roll(1), always_roll(3), goal=9)
            (3, 9)
            >>> same_dice(5)
            >>> play(always_roll(2), always_roll(2), goal=10)
            (10, 0)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Free Bacon uses the opponent's score at the start of the turn
            >>> same_dice(6)
            >>> play(always_roll(0), always_roll(0), goal=25)
            (16, 31)
            >>> play(always_roll(0), always_roll(1), goal=30)
            (25, 30)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Each strategy gets its own score first
            >>> same_dice(5, 3, 6)
            >>> play(lambda score, opponent: 0 if score > opponent else 2, always_roll(1), goal=30)
            (34, 25)
            >>> same_dice(5, 3, 6)
            >>> play(always_roll(1), lambda score, opponent: 0 if score > opponent else 2, goal=30)
            (18, 33)
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
            >>> play(counted(0, 1), counted(1, 2), goal=20)
            (17, 20)
            >>> # no strategy is ever asked twice about the same scores
            >>> max(asked.count(call) for call in asked)
            1
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Swine Swap after a turn of player 0 and after a turn of player 1
            >>> same_dice(3)
            >>> play(always_roll(2), always_roll(1), goal=15)
            (15, 9)
            >>> same_dice(2)
            >>> play(always_roll(1), always_roll(1), goal=9)
            (10, 4)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # A swap also comes when the score that doubles is the opponent's
            >>> same_dice(6, 4, 2, 5, 3)
            >>> play(by_scores(1, 3, 0, 2), by_scores(2, 0, 1), goal=40)
            (34, 40)
            >>> same_dice(3, 5, 6, 2)
            >>> play(by_scores(0, 4, 1), by_scores(3, 1, 0, 2), goal=50)
            (52, 30)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Hog Wild: the game starts at 0 + 0, a multiple of 7, so player 0 rolls four-sided dice;
            >>> # these games call select_dice (question 3)
            >>> two_dice([4], [6])
            >>> play(always_roll(1), always_roll(1), goal=20)
            (22, 16)
            >>> two_dice([3, 2], [5, 6])
            >>> play(always_roll(2), always_roll(1), goal=40)
            (41, 24)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Full games to 100 (same dice for both kinds)
            >>> same_dice(4, 6, 5, 2, 3, 6, 1)
            >>> play(always_roll(5), always_roll(3))
            (93, 103)
            >>> same_dice(6, 5, 4, 3, 2)
            >>> play(by_scores(0, 5, 10, 2), by_scores(6, 1, 0))
            (128, 45)
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # these games call select_dice (question 3)
            >>> two_dice([2, 3, 4], [6, 2, 5, 3, 4])
            >>> play(by_scores(3, 0, 5, 1), always_roll(4))
            (84, 112)
            >>> two_dice([4, 1, 3], [5, 6, 6, 1, 4])
            >>> play(always_roll(6), by_scores(0, 2, 7))
            (100, 81)
            """,
          'hidden': True,
          'locked': False
        },
        {
          'code': r"""
            >>> same_dice(2, 6, 3, 5, 4, 6, 6, 1, 5)
            >>> play(by_scores(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10), by_scores(5, 0, 3), goal=100)
            (120, 48)
            >>> same_dice(6)
            >>> play(always_roll(10), always_roll(0))
            (120, 7)
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
