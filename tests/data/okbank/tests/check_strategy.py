"""Question 12's helper: is a strategy valid at every pair of scores?"""


def check_strategy(strategy, goal=100):
    """Raise ValueError naming the first pair of scores where STRATEGY does not return an
    int from 0 to 10, or returns something else when asked again."""
    for score in range(goal):
        for opponent in range(goal):
            answer = strategy(score, opponent)
            if type(answer) != int or not 0 <= answer <= 10:
                raise ValueError('strategy({}, {}) returned {!r}: not 0 to 10 dice'.format(
                    score, opponent, answer))
            if strategy(score, opponent) != answer:
                raise ValueError('strategy({}, {}) changed its answer'.format(score, opponent))
