HW_SOURCE_FILE = __file__


def count_sevens(n):
    """Return how many digits of the non-negative integer N are 7, with no
    assignment statement.

    >>> count_sevens(7)
    1
    >>> count_sevens(0)
    0
    >>> count_sevens(17077)
    3
    >>> count_sevens(2626)
    0
    >>> from construct_check import check
    >>> # ban assignments and loops
    >>> check(HW_SOURCE_FILE, 'count_sevens',
    ...       ['Assign', 'AugAssign', 'For', 'While'])
    True
    """
    if n == 0:
        return 0
    return (n % 10 == 7) + count_sevens(n // 10)


def zigzag(n):
    """The Nth element of a sequence that counts up by one and turns around
    at every element that is a multiple of 5 or holds the digit 5.

    >>> [zigzag(i) for i in range(1, 12)]
    [1, 2, 3, 4, 5, 4, 3, 2, 1, 0, 1]
    >>> zigzag(15)
    5
    >>> zigzag(26)
    4
    >>> from construct_check import check
    >>> check(HW_SOURCE_FILE, 'zigzag', ['Assign', 'AugAssign'])
    True
    """
    def walk(i, value, step):
        if i == n:
            return value
        if i % 5 == 0 or '5' in str(i):
            return walk(i + 1, value - step, -step)
        return walk(i + 1, value + step, step)
    return walk(1, 1, 1)


def next_bigger_coin(coin):
    """The next bigger coin of 1, 5, 10, 25, or None.

    >>> next_bigger_coin(1)
    5
    >>> next_bigger_coin(10)
    25
    >>> next_bigger_coin(25) is None
    True
    """
    if coin == 1:
        return 5
    elif coin == 5:
        return 10
    elif coin == 10:
        return 25


def count_ways(total):
    """How many ways coins of 1, 5, 10 and 25 make TOTAL.

    >>> count_ways(15)
    6
    >>> count_ways(10)
    4
    >>> count_ways(100)
    242
    >>> from construct_check import check
    >>> check(HW_SOURCE_FILE, 'count_ways', ['While', 'For'])
    True
    """
    def ways(left, coin):
        if left == 0:
            return 1
        if left < 0 or coin is None:
            return 0
        return ways(left - coin, coin) + ways(left, next_bigger_coin(coin))
    return ways(total, 1)


def say_move(origin, destination):
    print("Move the top disk from rod", origin, "to rod", destination)


def hanoi_moves(n, start, end):
    """Print the moves that take N disks from rod START to rod END.

    >>> hanoi_moves(1, 1, 3)
    Move the top disk from rod 1 to rod 3
    >>> hanoi_moves(2, 1, 3)
    Move the top disk from rod 1 to rod 2
    Move the top disk from rod 1 to rod 3
    Move the top disk from rod 2 to rod 3
    >>> hanoi_moves(3, 1, 2)
    Move the top disk from rod 1 to rod 2
    Move the top disk from rod 1 to rod 3
    Move the top disk from rod 2 to rod 3
    Move the top disk from rod 1 to rod 2
    Move the top disk from rod 3 to rod 1
    Move the top disk from rod 3 to rod 2
    Move the top disk from rod 1 to rod 2
    """
    assert 1 <= start <= 3 and 1 <= end <= 3 and start != end, "Bad start/end"
    if n == 1:
        say_move(start, end)
    else:
        spare = 6 - start - end
        hanoi_moves(n - 1, start, spare)
        say_move(start, end)
        hanoi_moves(n - 1, spare, end)


from operator import sub, mul

def nameless_factorial():
    """A factorial function written as one expression.

    >>> nameless_factorial()(5)
    120
    >>> from construct_check import check
    >>> # ban assignments, nested defs and recursion by name
    >>> check(HW_SOURCE_FILE, 'nameless_factorial',
    ...     ['Assign', 'AugAssign', 'Recursion'])
    True
    """
    return (lambda f: lambda n: f(f, n))(lambda f, n: 1 if n == 0 else mul(n, f(f, sub(n, 1))))


class Account:
    """A bank account that refuses to go below zero.

    >>> a = Account('Kim')
    >>> a.deposit(10)
    10
    >>> a.withdraw(15)
    'Insufficient funds'
    >>> a
    Account('Kim', 10)
    >>> print(a)
    Kim: $10
    >>> Account.interest = 0.05
    >>> a.interest
    0.05
    """
    interest = 0.02

    def __init__(self, holder):
        self.holder = holder
        self.balance = 0

    def deposit(self, amount):
        self.balance += amount
        return self.balance

    def withdraw(self, amount):
        """
        >>> b = Account('Lee')
        >>> b.interest
        0.05
        >>> b.withdraw(1)
        'Insufficient funds'
        >>> b.deposit(3)
        3
        >>> b.withdraw(2)
        1
        """
        if amount > self.balance:
            return 'Insufficient funds'
        self.balance -= amount
        return self.balance

    def __repr__(self):
        return 'Account({0!r}, {1})'.format(self.holder, self.balance)

    def __str__(self):
        return '{0}: ${1}'.format(self.holder, self.balance)


def make_tracker(start):
    """A function that adds its argument to a running total, and remembers it.

    >>> t = make_tracker(3)
    >>> t(4)
    7
    >>> t(-10)
    -3
    >>> t2 = make_tracker(0)
    >>> t2(1), t(0)
    (1, -3)
    """
    total = start
    def track(amount):
        nonlocal total
        total += amount
        return total
    return track


def digit_stream(n):
    """Yield the digits of N from the last one.

    >>> s = digit_stream(305)
    >>> next(s)
    5
    >>> list(s)
    [0, 3]
    >>> next(s)
    StopIteration
    >>> type(digit_stream(3)).__name__
    'generator'
    """
    while True:
        yield n % 10
        n //= 10
        if n == 0:
            return
