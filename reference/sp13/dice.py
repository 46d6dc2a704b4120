"""Dice for Hog: each die is a function of no arguments that returns one outcome.

Fair dice (`four_sided`, `six_sided`) pick every face with the same chance. Test dice,
made by `make_test_dice`, repeat a fixed list of outcomes in order, so that a game
played with them always goes the same way.
"""

from random import randint


def make_fair_dice(sides):
    """A die with faces 1 to SIDES, each as likely as the others."""
    assert type(sides) == int and sides >= 1, 'a die needs a whole number of sides'

    def dice():
        return randint(1, sides)
    return dice


four_sided = make_fair_dice(4)
six_sided = make_fair_dice(6)


def make_test_dice(*outcomes):
    """A die that returns OUTCOMES one after the other, starting over after the last.

    >>> dice = make_test_dice(2, 5)
    >>> dice(), dice(), dice()
    (2, 5, 2)
    """
    assert len(outcomes) > 0, 'a test die needs at least one outcome'
    for outcome in outcomes:
        assert type(outcome) == int and outcome >= 1, 'outcomes are positive integers'
    index = len(outcomes) - 1

    def dice():
        nonlocal index
        index = (index + 1) % len(outcomes)
        return outcomes[index]
    return dice
