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
    if n < 10:
        return n
    return digit_sum(n // 10) + n % 10


def skip_mul(n):
    """Return n * (n - 2) * (n - 4) * ... down to 2 or 1.

    >>> skip_mul(5)    # 5 * 3 * 1
    15
    >>> skip_mul(8)    # 8 * 6 * 4 * 2
    384
    """
    if n <= 2:
        return n
    return n * skip_mul(n - 2)


def is_prime(n):
    """Return whether the integer N > 1 is prime, by recursion.

    >>> is_prime(2)
    True
    >>> is_prime(21)
    False
    >>> is_prime(97)
    True
    """
    def no_factor_from(k):
        if k * k > n:
            return True
        return n % k != 0 and no_factor_from(k + 1)
    return no_factor_from(2)


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
    if rows == 1 or cols == 1:
        return 1
    return grid_paths(rows - 1, cols) + grid_paths(rows, cols - 1)
