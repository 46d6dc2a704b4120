"""A correct sp18-contest solution in functional style: comprehensions, divmod, any(),
a recursive play carrying the turn number and the extra-turn flag."""


def roll_dice(num_rolls, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    outcomes = [dice() for _ in range(num_rolls)]
    return 1 if any(o == 1 for o in outcomes) else sum(outcomes)


def free_bacon(score):
    assert score < 100, 'The game should be over.'
    return 2 + abs(int.__sub__(*divmod(score, 10)))


def take_turn(num_rolls, opponent_score, dice=six_sided):
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    assert opponent_score < 100, 'The game should be over.'
    return (lambda: roll_dice(num_rolls, dice), lambda: free_bacon(opponent_score))[num_rolls == 0]()


def is_swap(score0, score1):
    low, high = sorted((score0, score1))
    return low > 1 and high % low == 0


def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence):
    def turn(scores, who, number, was_extra, say):
        if max(scores) >= goal:
            return scores
        mine, theirs = scores[who], scores[1 - who]
        rolls = (strategy0, strategy1)[who](mine, theirs)
        mine += take_turn(rolls, theirs, dice)
        scores = (mine, theirs) if who == 0 else (theirs, mine)
        if is_swap(*scores):
            scores = scores[::-1]
        extra = not was_extra and rolls == number % 8
        say = say(*scores)
        return turn(scores, who if extra else other(who), number + 1, extra, say)
    return turn((score0, score1), 0, 0, False, say)


TEAM_NAME = 'Functional Hogs'


def final_strategy(score, opponent_score):
    bacon = free_bacon(opponent_score)
    if is_swap(score + bacon, opponent_score):
        return 0 if opponent_score > score + bacon else 5
    return 0 if bacon >= 9 or score + bacon >= GOAL_SCORE else 5
