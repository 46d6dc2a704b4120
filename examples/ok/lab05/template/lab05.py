"""Lab 5: trees as a data abstraction."""


def count_leaves(t):
    """Return the number of leaves of the tree T.

    >>> count_leaves(tree(1))
    1
    >>> count_leaves(tree(1, [tree(2), tree(3, [tree(4), tree(5)])]))
    3
    """
    "*** YOUR CODE HERE ***"


def tree_max(t):
    """Return the largest label in the tree T.

    >>> tree_max(tree(4, [tree(9), tree(2, [tree(7)])]))
    9
    """
    "*** YOUR CODE HERE ***"


def replace_label(t, old, new):
    """Return a tree like T with every label OLD changed to NEW.

    >>> t = replace_label(tree(1, [tree(2), tree(1)]), 1, 6)
    >>> label(t), [label(b) for b in branches(t)]
    (6, [2, 6])
    """
    "*** YOUR CODE HERE ***"


def prune_deeper(t, depth):
    """Return a tree like T without the nodes more than DEPTH steps below the root.

    >>> t = prune_deeper(tree(1, [tree(2, [tree(3)]), tree(4)]), 1)
    >>> count_leaves(t)
    2
    >>> tree_max(t)
    4
    """
    "*** YOUR CODE HERE ***"


# Tree data abstraction (given)

def tree(label, branches=[]):
    """Construct a tree with the given label value and a list of branches."""
    for branch in branches:
        assert is_tree(branch), 'branches must be trees'
    return [label] + list(branches)


def label(tree):
    """Return the label value of a tree."""
    return tree[0]


def branches(tree):
    """Return the list of branches of the given tree."""
    return tree[1:]


def is_tree(tree):
    """Returns True if the given tree is a tree, and False otherwise."""
    if type(tree) != list or len(tree) < 1:
        return False
    for branch in branches(tree):
        if not is_tree(branch):
            return False
    return True


def is_leaf(tree):
    """Returns True if the given tree's list of branches is empty, and False
    otherwise.
    """
    return not branches(tree)
