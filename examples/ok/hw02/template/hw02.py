"""Homework 2: higher-order functions and recursion."""

from operator import add, mul

HW_SOURCE_FILE = __file__

square = lambda x: x * x
identity = lambda x: x
triple = lambda x: 3 * x
increment = lambda x: x + 1


def product(n, term):
    """Return term(1) * term(2) * ... * term(n).

    >>> product(3, identity)      # 1 * 2 * 3
    6
    >>> product(5, identity)
    120
    >>> product(3, square)        # 1 * 4 * 9
    36
    >>> product(4, triple)        # 3 * 6 * 9 * 12
    1944
    >>> product(1, increment)
    2
    """
    "*** YOUR CODE HERE ***"


def accumulate(fuse, start, n, term):
    """Fold term(1), ..., term(n) into START with the two-argument function FUSE,
    from left to right.

    >>> accumulate(add, 0, 5, identity)   # 0 + 1 + 2 + 3 + 4 + 5
    15
    >>> accumulate(add, 11, 3, square)    # 11 + 1 + 4 + 9
    25
    >>> accumulate(mul, 2, 3, square)     # 2 * 1 * 4 * 9
    72
    >>> accumulate(lambda x, y: x + y + 1, 2, 3, square)
    19
    """
    "*** YOUR CODE HERE ***"


def count_digit(n, digit):
    """Return how many times DIGIT appears among the digits of the non-negative
    integer N. Use recursion: no for or while.

    >>> count_digit(3, 3)
    1
    >>> count_digit(7337, 3)
    2
    >>> count_digit(100200, 0)
    4
    >>> count_digit(12345, 9)
    0
    >>> from construct_check import check
    >>> # no loops allowed
    >>> check(HW_SOURCE_FILE, 'count_digit', ['While', 'For'])
    True
    """
    "*** YOUR CODE HERE ***"


def make_repeater(f, n):
    """Return the function that applies F to its argument N times.

    >>> add_three = make_repeater(increment, 3)
    >>> add_three(5)
    8
    >>> make_repeater(triple, 5)(1)   # 3 * 3 * 3 * 3 * 3 * 1
    243
    >>> make_repeater(square, 2)(5)   # square(square(5))
    625
    >>> make_repeater(square, 0)(5)   # applying f no times gives back the argument
    5
    """
    "*** YOUR CODE HERE ***"


def compose(f, g):
    return lambda x: f(g(x))


def announce_digits(n):
    """Print the digits of the positive integer N, last digit first, one a line, each
    with its place; return how many digits there were.

    >>> count = announce_digits(407)
    place 1: 7
    place 2: 0
    place 3: 4
    >>> count
    3
    >>> announce_digits(5)
    place 1: 5
    1
    """
    "*** YOUR CODE HERE ***"


def nth_digit(n, k):
    """Return the Kth digit of the non-negative integer N, counting from 1 at the
    right. Raise ValueError when N has fewer than K digits or K < 1.

    >>> nth_digit(2468, 1)
    8
    >>> nth_digit(2468, 4)
    2
    >>> nth_digit(2468, 5)
    Traceback (most recent call last):
     ...
    ValueError: 2468 has no digit 5
    >>> nth_digit(7, 0)
    Traceback (most recent call last):
     ...
    ValueError: 7 has no digit 0
    """
    "*** YOUR CODE HERE ***"


class Tally:
    """A running count of how often each word has been seen.

    >>> t = Tally()
    >>> t.add('ok')
    1
    >>> t.add('ok')
    2
    >>> t.add('hog', 3)
    3
    >>> t.total()
    5
    """

    def __init__(self):
        self.counts = {}

    def add(self, word, times=1):
        """Count WORD TIMES more times; return how many times it has been seen.

        >>> t = Tally()
        >>> t.add('a', 2)
        2
        >>> t.add('b')
        1
        >>> t.add('a')
        3
        """
        "*** YOUR CODE HERE ***"

    def total(self):
        """Return how many words have been counted in all.

        >>> t = Tally()
        >>> t.total()
        0
        >>> for word in ['x', 'y', 'x']:
        ...     _ = t.add(word)
        >>> t.total()
        3
        """
        "*** YOUR CODE HERE ***"
