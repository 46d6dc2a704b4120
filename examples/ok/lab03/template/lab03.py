"""Lab 3: recursion."""


def digit_sum(n):
    """Return the sum of the digits of the non-negative integer N.

    >>> digit_sum(0)
    0
    >>> digit_sum(4)
    4
    >>> digit_sum(2024)
    8
    """
    "*** YOUR CODE HERE ***"


def skip_mul(n):
    """Return n * (n - 2) * (n - 4) * ... down to 2 or 1.

    >>> skip_mul(5)    # 5 * 3 * 1
    15
    >>> skip_mul(8)    # 8 * 6 * 4 * 2
    384
    """
    "*** YOUR CODE HERE ***"


def is_prime(n):
    """Return whether the integer N > 1 is prime, by recursion.

    >>> is_prime(2)
    True
    >>> is_prime(21)
    False
    >>> is_prime(97)
    True
    """
    "*** YOUR CODE HERE ***"


def grid_paths(rows, cols):
    """Return the number of ways to walk from the top-left cell to the bottom-right
    cell of a ROWS by COLS grid, moving only right or down.

    >>> grid_paths(1, 1)
    1
    >>> grid_paths(2, 2)
    2
    >>> grid_paths(3, 3)
    6
    >>> grid_paths(2, 5)
    5
    """
    "*** YOUR CODE HERE ***"
