"""Lab 9: the Python part (the Scheme part is lab09.scm, the SQL part lab09.sql)."""


def flatten(items):
    """Return the non-list elements of the nested list ITEMS, in order.

    >>> flatten([1, [2, [3, []], 4], [[5]]])
    [1, 2, 3, 4, 5]
    >>> flatten([])
    []
    """
    "*** YOUR CODE HERE ***"
