"""Helpers the lab's test cases share (not a test: it has no `test`)."""

from lab05 import tree, label, branches

CALLS = []


def sample_tree():
    """The tree used by several cases:
            3
          / | \\
         1  4  1
        / \\    \\
       5   9    2
    """
    CALLS.append('sample_tree')
    return tree(3, [tree(1, [tree(5), tree(9)]), tree(4), tree(1, [tree(2)])])


def labels(t):
    """The labels of T in preorder."""
    return [label(t)] + [x for b in branches(t) for x in labels(b)]


def height(t):
    return 1 + max([height(b) for b in branches(t)], default=-1)
