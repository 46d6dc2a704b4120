"""The exact win-rate engine, for every edition, against a plain recursion written over
`grader.hog.editions.turn`, and against the reference `play` by sampling."""

import itertools
import math
import random
import sys
import types
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from grader.hog import editions
from grader.hog.strategy import winrate
from grader.hog.strategy.optimal import best_full_state, best_scores_only, table_source
from grader.hog.strategy.winrate import game, roll_distribution, table_strategy, win_rate

REFERENCE = Path(__file__).resolve().parents[1] / "reference" / "fa19"
EDITIONS = ("fa19", "su21", "sp14", "sp13", "sp18-contest")


def reference_hog():
    sys.path.insert(0, str(REFERENCE))
    try:
        import hog
    finally:
        sys.path.remove(str(REFERENCE))
    return hog


# --- The plain recursion ----------------------------------------------------------------

@lru_cache(maxsize=None)
def dice_outcomes(k, sides):
    """[(outcomes, chance)] for k dice: every multiset of faces with its multinomial
    chance, merged by what a turn can see of them (its Pig Out value)."""
    if k == 0:
        return [((), 1.0)]
    merged = {}
    for faces in itertools.combinations_with_replacement(range(1, sides + 1), k):
        ways = math.factorial(k)
        for face in set(faces):
            ways //= math.factorial(faces.count(face))
        value = editions.pig_out(faces)
        seen, count = merged.get(value, (faces, 0))
        merged[value] = (seen, count + ways)
    return [(faces, count / sides ** k) for faces, count in merged.values()]


def with_goal(rules, goal):
    """The rules module with another goal, for small games."""
    return types.SimpleNamespace(**{**vars(rules), "GOAL": goal})


def plain_first_player_wins(rules, tables, goal, best_for=None):
    """Chance that player 0 (moving first) wins: a memoised recursion over (who moves,
    score0, score1, memory), each turn played by `editions.turn`. Player `best_for`,
    if given, ignores its table and rolls what is best for it."""
    small = with_goal(rules, goal)

    def after(who, asked, score0, score1, memory):
        mine, theirs = (score0, score1) if who == 0 else (score1, score0)
        rolled = small.dice(asked, mine, theirs)
        total = 0.0
        for outcomes, chance in dice_outcomes(rolled, small.sides(mine, theirs)):
            done = editions.turn(small, mine, theirs, asked, outcomes, memory)
            new0, new1 = (done.score, done.opponent) if who == 0 else (done.opponent, done.score)
            total += chance * wins(who if done.again else 1 - who, new0, new1, done.memory)
        return total

    @lru_cache(maxsize=None)
    def wins(who, score0, score1, memory):
        if editions.game_over(small, score0, score1):
            return 1.0 if score0 > score1 else 0.0
        if who == best_for:
            chances = [after(who, k, score0, score1, memory) for k in range(11)]
            return max(chances) if who == 0 else min(chances)
        mine, theirs = (score0, score1) if who == 0 else (score1, score0)
        return after(who, int(tables[who][mine][theirs]), score0, score1, memory)

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20000))
    try:
        return wins(0, 0, 0, small.START)
    finally:
        sys.setrecursionlimit(limit)


def plain_rates(rules, table, opponent, goal):
    first = plain_first_player_wins(rules, (table, opponent), goal)
    second = 1 - plain_first_player_wins(rules, (opponent, table), goal)
    return first, second


def constant(k, goal=100):
    return np.full((goal, goal), k)


@st.composite
def tables(draw, goal):
    """Strategy tables of the kinds students write: constant, by a rule of the two
    scores, or anything at all."""
    kind = draw(st.sampled_from(["constant", "rule", "any"]))
    if kind == "constant":
        return constant(draw(st.integers(0, 10)), goal)
    if kind == "rule":
        a, b, m = draw(st.integers(0, 10)), draw(st.integers(0, 10)), draw(st.integers(2, 11))
        s, o = np.meshgrid(np.arange(goal), np.arange(goal), indexing="ij")
        return (a * s + b * o) % m
    seed = draw(st.integers(0, 2 ** 32 - 1))
    return np.random.default_rng(seed).integers(0, 11, (goal, goal))


# fa19 remembers 121 previous-dice pairs, so its plain recursion is the slowest.
GOALS = {"fa19": 15, "su21": 25, "sp14": 25, "sp13": 25, "sp18-contest": 18}


@pytest.mark.parametrize("edition", EDITIONS)
@settings(deadline=None, max_examples=6)
@given(data=st.data())
def test_exact_against_the_plain_recursion(edition, data):
    rules = editions.load(edition)
    goal = GOALS[edition]
    table, opponent = data.draw(tables(goal)), data.draw(tables(goal))
    exact = win_rate(table, opponent, rules, goal)
    first, second = plain_rates(rules, table, opponent, goal)
    assert (exact.as_first, exact.as_second) == pytest.approx((first, second), abs=1e-12)
    assert exact.win_rate == pytest.approx((first + second) / 2, abs=1e-12)


@pytest.mark.parametrize("edition, goal", [("su21", 40), ("sp14", 40), ("sp13", 40),
                                           ("sp18-contest", 30)])
def test_exact_against_the_plain_recursion_at_a_larger_goal(edition, goal):
    """Digit rules with two digits on both sides, swaps and Hog Tied at sums like 37."""
    rules = editions.load(edition)
    rng = np.random.default_rng(12)
    table, opponent = rng.integers(0, 11, (goal, goal)), constant(5, goal)
    exact = win_rate(table, opponent, rules, goal)
    assert (exact.as_first, exact.as_second) == pytest.approx(
        plain_rates(rules, table, opponent, goal), abs=1e-12)


def test_calibration_figures():
    assert round(win_rate(6, 4).win_rate, 7) == 0.5537917
    assert win_rate(4, 4).win_rate == pytest.approx(0.5, abs=1e-12)


@pytest.mark.parametrize("edition", EDITIONS)
def test_symmetry(edition):
    rng = np.random.default_rng(7)
    table = rng.integers(0, 11, (100, 100))
    other = rng.integers(0, 11, (100, 100))
    forward, backward = win_rate(table, other, edition), win_rate(other, table, edition)
    assert forward.win_rate + backward.win_rate == pytest.approx(1.0, abs=1e-12)
    assert forward.as_first == pytest.approx(1 - backward.as_second, abs=1e-12)
    assert win_rate(table, table, edition).win_rate == pytest.approx(0.5, abs=1e-12)


@pytest.mark.parametrize("edition", EDITIONS)
def test_fast_enough(edition):
    """At most 0.1 s of CPU per exact rate once the edition's tables are built (the
    benchmark has the figures; this allows a loaded machine three times that)."""
    rng = np.random.default_rng(3)
    table = rng.integers(0, 11, (100, 100))
    win_rate(table, 5, edition)
    start = __import__("time").process_time()
    for _ in range(3):
        win_rate(table, 5, edition)
    assert (__import__("time").process_time() - start) / 3 < 0.3


def test_roll_distribution_is_exact():
    for sides in (4, 6):
        for k in range(1, 11):
            dist = roll_distribution(k, sides)
            assert sum(dist.values()) == 1
            plain = {editions.pig_out(outcomes): p for outcomes, p in dice_outcomes(k, sides)}
            assert {t: float(p) for t, p in dist.items()} == pytest.approx(plain, abs=1e-15)


def test_monte_carlo_with_reference_play():
    hog = reference_hog()
    rng = np.random.default_rng(3)
    table = rng.choice([0, 3, 5, 6, 8], size=(100, 100))
    strategy, baseline = table_strategy(table), hog.always_roll(4)
    random.seed(61)
    samples = 3000
    first = 1 - hog.make_averaged(hog.winner, samples)(strategy, baseline)
    second = hog.make_averaged(hog.winner, samples)(baseline, strategy)
    exact = win_rate(table, 4)
    assert first == pytest.approx(exact.as_first, abs=0.04)
    assert second == pytest.approx(exact.as_second, abs=0.04)
    assert (first + second) / 2 == pytest.approx(exact.win_rate, abs=0.03)


# --- A course's own edition: every rule reading everything ----------------------------

TOY = '''
NAME = "toy"
GOAL = 100
SIDES = 6
MAX_DICE = 10
NAMES = {}
START = (0, 0)

def sides(score, opponent):
    return 4 if (score * opponent) % 5 == 1 else (3 if score % 11 == 0 else 6)

def dice(num_rolls, score, opponent):
    return min(num_rolls, 1 + (score + 2 * opponent) % 10)

def points(num_rolls, rolled, score, opponent):
    base = 1 + (opponent * 7 + score) % 9 if num_rolls == 0 else rolled
    return base + (score % 3 == 0)

def bonus(num_rolls, memory):
    return 2 if num_rolls == memory[1] else 0

def swap(score, opponent):
    return (score + opponent) % 9 == 4

def extra_turn(score, opponent, num_rolls, memory):
    return memory[0] < 2 and (score + num_rolls + opponent) % 4 == 0

def remember(num_rolls, memory, again):
    return (min(memory[0] + 1, 2) if again else 0, min(num_rolls, 3))
'''


@pytest.fixture(scope="module")
def toy(tmp_path_factory):
    folder = tmp_path_factory.mktemp("toy")
    (folder / "toy.py").write_text(TOY, encoding="utf-8")
    return editions.load("toy.py", folder)


@settings(deadline=None, max_examples=8)
@given(data=st.data())
def test_a_made_up_edition_reading_everything_is_exact(toy, data):
    """Its extra turns land on memories placed unlike plain turns': the engine's
    general two-part sum (sp18 and su21 take the signed one, the rest neither)."""
    goal = 24
    assert game(toy, goal).parts == 2 and game("sp18-contest").signed
    table, opponent = data.draw(tables(goal)), data.draw(tables(goal))
    exact = win_rate(table, opponent, toy, goal)
    assert (exact.as_first, exact.as_second) == pytest.approx(
        plain_rates(toy, table, opponent, goal), abs=1e-12)


def test_a_rules_file_is_tabulated_once_per_content(tmp_path):
    """Bulk grading asks the assignment for its rules once per submission."""
    (tmp_path / "toy.py").write_text(TOY, encoding="utf-8")
    first = game(editions.load("toy.py", tmp_path), 20)
    assert game(editions.load("toy.py", tmp_path), 20) is first
    (tmp_path / "toy.py").write_text(TOY.replace("min(num_rolls, 3)", "min(num_rolls, 10)"),
                                     encoding="utf-8")
    assert game(editions.load("toy.py", tmp_path), 20) is not first


def test_only_the_parameters_a_rule_names_are_tabulated():
    fa19 = editions.load("fa19")
    assert winrate.parameters_read(fa19.extra_turn, 4) == (False,) * 4
    assert winrate.parameters_read(fa19.points, 4) == (True, True, False, True)
    assert winrate.parameters_read(editions.load("su21").extra_turn, 4) == (True, True, False, False)

    def sneaky(score, opponent):
        return locals()["opponent"]

    def closure(score, opponent):
        return (lambda: opponent)()

    assert winrate.parameters_read(sneaky, 2) == (True, True)
    assert winrate.parameters_read(closure, 2) == (False, True)
    assert winrate.parameters_read(max, 2) == (True, True)


def test_rules_where_a_turn_can_score_nothing_are_refused(tmp_path):
    (tmp_path / "idle.py").write_text(TOY.replace("return base + (score % 3 == 0)",
                                                  "return base - 1"), encoding="utf-8")
    with pytest.raises(winrate.RulesError, match="score"):
        game(editions.load("idle.py", tmp_path))


# --- Best responses -------------------------------------------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
def test_full_state_best_response_is_optimal(edition):
    rules, goal = editions.load(edition), 10
    best = best_full_state(3, rules, goal=goal)
    opponent = constant(3, goal)
    assert best.as_first == pytest.approx(
        plain_first_player_wins(rules, (None, opponent), goal, best_for=0), abs=1e-12)
    assert best.as_second == pytest.approx(
        1 - plain_first_player_wins(rules, (opponent, None), goal, best_for=1), abs=1e-12)


@pytest.mark.parametrize("edition", EDITIONS)
def test_scores_only_ascent_improves_and_is_exact(edition):
    rules, goal = editions.load(edition), 30
    result = best_scores_only(4, rules, start_table=4, goal=goal)
    assert result.history[0] == pytest.approx(0.5, abs=1e-12)
    assert all(b >= a - 1e-12 for a, b in zip(result.history, result.history[1:]))
    assert result.win_rate == pytest.approx(
        win_rate(result.table, 4, rules, goal).win_rate, abs=1e-12)
    assert result.win_rate <= best_full_state(4, rules, goal=goal).win_rate + 1e-12


def test_reference_final_strategy_is_the_stored_table():
    hog = reference_hog()
    table = [[hog.final_strategy(s, o) for o in range(100)] for s in range(100)]
    assert all(type(k) is int for row in table for k in row)
    assert win_rate(table, 4).win_rate > 0.84
    namespace = {}
    exec(table_source(table), namespace)
    assert [[int(c, 16) for c in row] for row in namespace["FINAL_STRATEGY_TABLE"]] == table


def test_the_strategy_is_read_beside_the_cases_only_in_a_students_own_run(tmp_path):
    """The interview of final_strategy runs the student's code in a process of its own:
    begun early, beside the worker, only where nothing is sandboxed (a student's own
    run). In a sandbox whose uid has no pid namespace of its own it could end each
    worker as it starts (attack30 F4), so there it waits for its turn, as under a
    control group."""
    import shutil
    from grader import assignment as assignments
    from grader.hog.strategy.suite import WinrateKind
    from grader.load import casefile
    from grader.run.runner import Runner
    fa19 = assignments.load("fa19")
    shutil.copy(fa19.reference / "hog.py", tmp_path / "hog.py")
    for name in fa19.support:
        shutil.copy(fa19.template / name, tmp_path / name)
    [question] = casefile.load_questions(fa19.cases, ["12"])
    case = next(c for s in question.suites if s.type == "winrate" for c in s.cases)
    kind = WinrateKind(fa19)
    kind.start(case, Runner(src=tmp_path, wrap=lambda argv: ["env", *argv]))
    assert not kind._early
    kind.start(case, Runner(src=tmp_path))
    early = kind._early.pop(id(case))
    assert early.result() is not None
