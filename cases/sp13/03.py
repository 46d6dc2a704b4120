test = {
  'name': 'Question 3',
  'points': 1,
  'suites': [
    {
      'type': 'doctest',
      'scored': True,
      'setup': r"""
        >>> import hog, dice
        >>> hog.four_sided, hog.six_sided = dice.four_sided, dice.six_sided
        >>> hog.take_turn = getattr(hog.take_turn, 'wrapped', hog.take_turn)
        >>> from hog import *
        >>> def announce(outcome, who):
        ...     # the announce of hog.py, which students leave as it is
        ...     print(who, 'rolled a', outcome)
        ...     print(hog.draw_number(outcome))
        >>> hog.commentary, hog.announce = False, announce
        """,
      'teardown': '',
      'cases': [
        {
          'code': r"""
            >>> # How many pips has the picture of a 6?
            >>> draw_number(6).count('*')
            6
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> # The top row of a 2: its pips lie on the forward diagonal (/)
            >>> draw_number(2).split('\n')[1]
            '|     * |'
            """,
          'hidden': False,
          'locked': True
        },
        {
          'code': r"""
            >>> print(draw_number(3))
             -------
            |     * |
            |   *   |
            | *     |
             -------
            >>> print(draw_number(5))
             -------
            | *   * |
            |   *   |
            | *   * |
             -------
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> print(draw_number(6, '$'))
             -------
            | $   $ |
            | $   $ |
            | $   $ |
             -------
            >>> print(draw_number(1))
             -------
            |       |
            |   *   |
            |       |
             -------
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # Two and three pips lie on the forward diagonal (/)
            >>> print(draw_number(2))
             -------
            |     * |
            |       |
            | *     |
             -------
            >>> print(draw_number(3, 'o'))
             -------
            |     o |
            |   o   |
            | o     |
             -------
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> print(draw_number(4, '#'))
             -------
            | #   # |
            |       |
            | #   # |
             -------
            >>> draw_number(1, 'x') == draw_dice(True, False, False, False, 'x')
            True
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # With commentary on, roll_dice announces every die it rolls, 1s included
            >>> hog.commentary = True
            >>> points = roll_dice(2, make_test_dice(4, 1), 'Player 1')
            Player 1 rolled a 4
             -------
            | *   * |
            |       |
            | *   * |
             -------
            Player 1 rolled a 1
             -------
            |       |
            |   *   |
            |       |
             -------
            >>> points = roll_dice(1, make_test_dice(6), 'Player 0')
            Player 0 rolled a 6
             -------
            | *   * |
            | *   * |
            | *   * |
             -------
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # With commentary off, nothing is announced
            >>> hog.commentary = False
            >>> points = roll_dice(3, make_test_dice(2, 5), 'Player 0')
            >>> hog.commentary = True
            >>> points = roll_dice(1, make_test_dice(2), 'Player 0')
            Player 0 rolled a 2
             -------
            |     * |
            |       |
            | *     |
             -------
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> # take_turn passes the mover's name on; Free Bacon rolls no dice, so it is silent
            >>> hog.commentary = True
            >>> points = take_turn(2, 40, make_test_dice(5, 3), 'Player 0')
            Player 0 rolled a 5
             -------
            | *   * |
            |   *   |
            | *   * |
             -------
            Player 0 rolled a 3
             -------
            |     * |
            |   *   |
            | *     |
             -------
            >>> points = take_turn(0, 40, make_test_dice(5, 3), 'Player 1')
            """,
          'hidden': False,
          'locked': False
        },
        {
          'code': r"""
            >>> for n in range(1, 7):
            ...     print(draw_number(n, str(n)))
             -------
            |       |
            |   1   |
            |       |
             -------
             -------
            |     2 |
            |       |
            | 2     |
             -------
             -------
            |     3 |
            |   3   |
            | 3     |
             -------
             -------
            | 4   4 |
            |       |
            | 4   4 |
             -------
             -------
            | 5   5 |
            |   5   |
            | 5   5 |
             -------
             -------
            | 6   6 |
            | 6   6 |
            | 6   6 |
             -------
            """,
          'hidden': True,
          'locked': False
        },
        {
          'code': r"""
            >>> hog.commentary = True
            >>> points = roll_dice(3, make_test_dice(5, 2, 3), 'Player 1')
            Player 1 rolled a 5
             -------
            | *   * |
            |   *   |
            | *   * |
             -------
            Player 1 rolled a 2
             -------
            |     * |
            |       |
            | *     |
             -------
            Player 1 rolled a 3
             -------
            |     * |
            |   *   |
            | *     |
             -------
            """,
          'hidden': True,
          'locked': False
        }
      ]
    }
  ]
}
