"""Spring 2014 (Free Bacon by the largest digit, Hog Wild, Swine Swap by doubling) holds up
as a complete assignment: see editiontools for what each shared check means."""

from __future__ import annotations

import contextlib
import io
import random

import pytest
from hypothesis import given, settings, strategies as st

import editiontools as checks
from grader.hog import editions

EDITION = "sp14"
SOLUTIONS = checks.solutions(EDITION)
CATALOGUE = checks.catalogue(EDITION)
MUTANTS = {m.name: m for m in CATALOGUE.MUTANTS}


@pytest.fixture(scope="module")
def sp14():
    return checks.load(EDITION)


def test_points_follow_our_numbering(sp14):
    """No source gives sp14's points: 2 for each of 01-08, 3 for the final strategy's win
    rate (at least 0.59 against always_roll(5))."""
    points = {key: q.points for key, q in checks.staff_questions(sp14).items()}
    assert points == {"01": 2, "02": 2, "03": 2, "04": 2, "05": 2, "06": 2, "07": 2, "08": 2,
                      "09": 0}
    winrate = sp14.config["winrate"]
    assert (winrate["baseline"], winrate["threshold"], winrate["points"]) == (5, 0.59, 3)
    assert checks.full_marks(sp14) == 19 and checks.ok_full_marks(sp14) == 16


def test_verify_reference_passes_every_case_and_template_fails_every_question(sp14):
    checks.check_verify(sp14)


def test_grade_verify_command_exits_zero():
    checks.check_verify_command(EDITION)


def test_template_alone_scores_nothing(sp14, tmp_path):
    assert checks.grade_source(sp14, checks.template_source(sp14), tmp_path).score == 0


def test_there_are_solutions_in_two_styles_at_least():
    assert len(SOLUTIONS) >= 2


@pytest.mark.parametrize("solution", SOLUTIONS, ids=lambda path: path.stem)
def test_solution_in_another_style_gets_full_marks(sp14, solution, tmp_path):
    checks.check_solution(sp14, solution, tmp_path)


# --- the solutions agree with the reference beyond the cases ---------------------------

@pytest.fixture(scope="module")
def hogs(sp14):
    return checks.hogs(sp14)


def test_solutions_agree_on_every_score(hogs):
    reference, solutions = hogs
    for name, hog in solutions.items():
        for o in list(range(200)) + [1000, 1234]:
            assert hog.take_turn(0, o) == reference.take_turn(0, o), (name, o)
        for s in range(200):
            for o in range(0, 200, 7):
                assert hog.select_dice(s, o) is hog.select_dice(o, s)
                assert (hog.select_dice(s, o) is hog.four_sided) == \
                       (reference.select_dice(s, o) is reference.four_sided), (name, s, o)
        for s in range(100):
            for o in range(100):
                for margin, rolls in ((8, 5), (5, 2), (11, 9)):
                    args = (s, o, margin, rolls)
                    assert hog.bacon_strategy(*args) == reference.bacon_strategy(*args)
                    assert hog.swap_strategy(*args) == reference.swap_strategy(*args), (name, args)
                answer = hog.final_strategy(s, o)
                assert type(answer) == int and 0 <= answer <= 10


def _game(hog, tables, four, six, goal):
    """A game with the dice of each kind replaced by test dice, and table-driven
    strategies that log what they are asked."""
    log = []
    hog.four_sided, hog.six_sided = hog.make_test_dice(*four), hog.make_test_dice(*six)

    def strategy(who):
        def choose(score, opponent):
            log.append((who, score, opponent))
            return tables[who][(score * 7 + opponent) % len(tables[who])]
        return choose

    try:
        result = hog.play(strategy(0), strategy(1), goal=goal)
    finally:
        hog.four_sided, hog.six_sided = hog.dice.four_sided, hog.dice.six_sided
    return result, log


def _same_game(theirs, ours):
    """Same final scores, and the reference's calls (the movers') among theirs in order,
    with at most one more call per turn (a correct play may also ask the other player)."""
    (result, calls), (want, movers) = theirs, ours
    remaining = iter(calls)
    return (result == want and all(call in remaining for call in movers)
            and len(calls) <= 2 * len(movers))


@settings(max_examples=150, deadline=None)
@given(tables=st.lists(st.lists(st.integers(0, 10), min_size=1, max_size=12), min_size=2,
                       max_size=2),
       four=st.lists(st.integers(1, 4), min_size=1, max_size=6),
       six=st.lists(st.integers(1, 6), min_size=1, max_size=8),
       goal=st.integers(1, 120))
def test_solutions_play_like_the_reference(hogs, tables, four, six, goal):
    reference, solutions = hogs
    expected = _game(reference, tables, four, six, goal)
    for name, hog in solutions.items():
        assert _same_game(_game(hog, tables, four, six, goal), expected), name


@settings(max_examples=60, deadline=None)
@given(outcomes=st.lists(st.integers(1, 6), min_size=1, max_size=6),
       samples=st.integers(1, 40))
def test_solutions_average_like_the_reference(hogs, outcomes, samples):
    reference, solutions = hogs
    averaged = reference.make_averaged(reference.make_test_dice(*outcomes), samples)()
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        best = reference.max_scoring_num_rolls(reference.make_test_dice(*outcomes))
    for name, hog in solutions.items():
        assert hog.make_averaged(hog.make_test_dice(*outcomes), samples)() == averaged, name
        theirs = io.StringIO()
        with contextlib.redirect_stdout(theirs):
            assert hog.max_scoring_num_rolls(hog.make_test_dice(*outcomes)) == best, name
        assert theirs.getvalue() == printed.getvalue(), name


# --- the rules module agrees with the reference ----------------------------------------

def test_sp14_rules_agree_with_the_reference_play(sp14):
    """`editions.turn`, driven by grader/hog/editions/sp14.py, replays random games of the
    reference's play move for move (the dice of each kind are test dice, as in the cases)."""
    rules = sp14.rules()
    hog = checks.load_hog(sp14, "reference_sp14_rules", checks.reference_source(sp14))
    rng = random.Random(14)
    for _ in range(2000):
        choices = [[rng.randint(0, 10) for _ in range(rng.randint(1, 4))] for _ in range(2)]
        strategies = [lambda s, o, c=c: c[(3 * s + o) % len(c)] for c in choices]
        four = [rng.randint(1, 4) for _ in range(rng.randint(1, 5))]
        six = [rng.randint(1, 6) for _ in range(rng.randint(1, 6))]
        want, asked = _game(hog, choices, four, six, rules.GOAL)

        dice = {4: hog.make_test_dice(*four), 6: hog.make_test_dice(*six)}
        scores, who, memory, replayed = [0, 0], 0, rules.START, []
        while not editions.game_over(rules, *scores):
            mine, theirs = scores[who], scores[1 - who]
            replayed.append((who, mine, theirs))
            wanted = choices[who][(mine * 7 + theirs) % len(choices[who])]
            roll = dice[rules.sides(mine, theirs)]
            outcomes = [roll() for _ in range(rules.dice(wanted, mine, theirs))]
            done = editions.turn(rules, mine, theirs, wanted, outcomes, memory)
            scores[who], scores[1 - who], memory = done.score, done.opponent, done.memory
            who = who if done.again else 1 - who
        assert (tuple(scores), replayed) == (want, asked)


# --- every bug class is charged to the question that owns it ---------------------------

def test_the_catalogue_names_real_questions_and_covers_every_scored_one(sp14):
    questions = checks.staff_questions(sp14)
    for mutant in MUTANTS.values():
        assert mutant.may_fail <= set(questions), mutant.name
    owners = {m.owner for m in MUTANTS.values()}
    assert {key for key, q in questions.items() if q.points > 0} | {"09"} <= owners


@pytest.mark.parametrize("name", list(MUTANTS))
def test_patch_applies_to_the_reference(sp14, name):
    """A patch that silently stopped applying would grade the reference and 'pass'."""
    source = checks.reference_source(sp14)
    mutated = MUTANTS[name].apply(source)
    assert mutated != source
    compile(mutated, "hog.py", "exec")


@pytest.fixture(scope="module")
def graded_mutants(request, sp14, tmp_path_factory):
    return checks.grade_mutants(request, sp14, MUTANTS, tmp_path_factory.mktemp("sp14_mutants"))


@pytest.mark.parametrize("name", list(MUTANTS))
def test_mutant_is_caught_by_its_own_question(name, graded_mutants):
    checks.check_mutant(MUTANTS[name], graded_mutants[name].result())


# --- the course's own client agrees ----------------------------------------------------

def test_ok_scores_the_reference_full_marks_and_the_template_0(sp14, ok_command, tmp_path):
    checks.check_ok_scores(sp14, ok_command, tmp_path / "hog")
