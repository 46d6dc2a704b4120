"""Summer 2021 (Sow Sad, Piggy Points, More Boar) holds up as a complete assignment: see
editiontools for what each check means."""

from __future__ import annotations

import contextlib
import io

import random

import pytest
from hypothesis import given, settings, strategies as st

import editiontools as checks
from grader.hog import editions

EDITION = "su21"
SOLUTIONS = checks.solutions(EDITION)
CATALOGUE = checks.catalogue(EDITION)
MUTANTS = {m.name: m for m in CATALOGUE.MUTANTS}


@pytest.fixture(scope="module")
def su21():
    return checks.load(EDITION)


def test_points_follow_the_page(su21):
    points = {key: q.points for key, q in checks.staff_questions(su21).items()}
    assert points == {"00": 0, "01": 2, "02": 1, "03": 2, "04": 2, "05": 4, "06": 2, "07": 3,
                      "08": 2, "09": 2, "10": 1, "11": 2, "12": 0}
    assert su21.config["winrate"]["baseline"] == 6
    assert su21.config["winrate"]["threshold"] is None


def test_verify_reference_passes_every_case_and_template_fails_every_question(su21):
    checks.check_verify(su21)


def test_grade_verify_command_exits_zero():
    checks.check_verify_command(EDITION)


def test_template_alone_scores_nothing(su21, tmp_path):
    assert checks.grade_source(su21, checks.template_source(su21), tmp_path).score == 0


def test_there_are_solutions_in_two_styles_at_least():
    assert len(SOLUTIONS) >= 2


@pytest.mark.parametrize("solution", SOLUTIONS, ids=lambda path: path.stem)
def test_solution_in_another_style_gets_full_marks(su21, solution, tmp_path):
    checks.check_solution(su21, solution, tmp_path)


# --- the solutions agree with the reference beyond the cases ---------------------------

@pytest.fixture(scope="module")
def hogs(su21):
    return checks.hogs(su21)


def test_solutions_agree_on_every_score(hogs):
    reference, solutions = hogs
    scores = list(range(200)) + [1000, 1234]
    for name, hog in solutions.items():
        for s in scores:
            assert hog.piggy_points(s) == reference.piggy_points(s), (name, s)
        for s in range(0, 200, 3):
            for o in range(200):
                assert hog.more_boar(s, o) == reference.more_boar(s, o), (name, s, o)
        for s in range(100):
            for o in range(100):
                for cutoff, rolls in ((8, 6), (5, 2), (11, 9)):
                    args = (s, o, cutoff, rolls)
                    assert hog.piggypoints_strategy(*args) == reference.piggypoints_strategy(*args)
                    assert hog.more_boar_strategy(*args) == reference.more_boar_strategy(*args)
                answer = hog.final_strategy(s, o)
                assert type(answer) == int and 0 <= answer <= 10


def _game(hog, table, outcomes, start, goal):
    """A game with table-driven strategies that log their calls and a logging commentary."""
    log = []

    def strategy(who):
        def choose(score, opponent):
            log.append(("ask", who, score, opponent))
            return table[who][(score * 7 + opponent) % len(table[who])]
        return choose

    def say(score0, score1):
        log.append(("say", score0, score1))
        return say

    result = hog.play(strategy(0), strategy(1), *start, dice=hog.make_test_dice(*outcomes),
                      goal=goal, say=say)
    return result, log


@settings(max_examples=150, deadline=None)
@given(table=st.lists(st.lists(st.integers(0, 10), min_size=1, max_size=12), min_size=2,
                      max_size=2),
       outcomes=st.lists(st.integers(1, 6), min_size=1, max_size=8),
       start=st.tuples(st.integers(0, 130), st.integers(0, 130)),
       goal=st.integers(1, 200))
def test_solutions_play_like_the_reference(hogs, table, outcomes, start, goal):
    reference, solutions = hogs
    expected = _game(reference, table, outcomes, start, goal)
    for name, hog in solutions.items():
        assert _game(hog, table, outcomes, start, goal) == expected, name


def _announcements(hog, who, start, pairs):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        say = hog.announce_highest(who, *start)
        for pair in pairs:
            say = say(*pair)
    return out.getvalue()


@settings(max_examples=100, deadline=None)
@given(who=st.integers(0, 1), start=st.tuples(st.integers(0, 80), st.integers(0, 20)),
       pairs=st.lists(st.tuples(st.integers(0, 130), st.integers(0, 130)), max_size=15),
       outcomes=st.lists(st.integers(1, 6), min_size=1, max_size=6),
       trials=st.integers(1, 40))
def test_solutions_announce_and_average_like_the_reference(hogs, who, start, pairs,
                                                            outcomes, trials):
    reference, solutions = hogs
    said = _announcements(reference, who, start, pairs)
    averaged = reference.make_averaged(reference.make_test_dice(*outcomes), trials)()
    best = reference.max_scoring_num_rolls(reference.make_test_dice(*outcomes), trials)
    for name, hog in solutions.items():
        assert _announcements(hog, who, start, pairs) == said, name
        assert hog.make_averaged(hog.make_test_dice(*outcomes), trials)() == averaged, name
        assert hog.max_scoring_num_rolls(hog.make_test_dice(*outcomes), trials) == best, name


# --- the rules module agrees with the reference ----------------------------------------

def _logged_game(hog, choices, outcomes, start):
    """The reference's play: (final scores, [("ask", who, mine, theirs) and ("say", s0, s1)
    in the order they happened])."""
    log = []

    def strategy(who):
        def choose(score, opponent):
            log.append(("ask", who, score, opponent))
            return choices[who][(score * 7 + opponent) % len(choices[who])]
        return choose

    def say(score0, score1):
        log.append(("say", score0, score1))
        return say

    final = hog.play(strategy(0), strategy(1), *start, dice=hog.make_test_dice(*outcomes),
                     say=say)
    return final, log


def test_su21_rules_agree_with_the_reference_play(su21):
    """`editions.turn`, driven by grader/hog/editions/su21.py, replays random games of the
    reference's play move for move: who moves, from which scores, the scores after
    each turn (extra turns included) and the final scores."""
    rules = su21.rules()
    hog = checks.load_hog(su21, "reference_su21_rules", checks.reference_source(su21))
    rng = random.Random(21)
    extra_turns = 0
    for _ in range(2000):
        choices = [[rng.randint(0, 10) for _ in range(rng.randint(1, 4))] for _ in range(2)]
        outcomes = [rng.randint(1, 6) for _ in range(rng.randint(1, 6))]
        start = tuple(rng.choice([0, rng.randrange(100)]) for _ in range(2))
        want = _logged_game(hog, choices, outcomes, start)

        roll = hog.make_test_dice(*outcomes)
        scores, who, memory, log = list(start), 0, rules.START, []
        while not editions.game_over(rules, *scores):
            mine, theirs = scores[who], scores[1 - who]
            log.append(("ask", who, mine, theirs))
            asked = choices[who][(mine * 7 + theirs) % len(choices[who])]
            rolled = [roll() for _ in range(rules.dice(asked, mine, theirs))]
            done = editions.turn(rules, mine, theirs, asked, rolled, memory)
            scores[who], scores[1 - who], memory = done.score, done.opponent, done.memory
            log.append(("say", *scores))
            extra_turns += done.again
            who = who if done.again else 1 - who
        assert (tuple(scores), log) == want, (choices, outcomes, start)
    assert extra_turns > 500, "the random games hardly ever reach the extra-turn rule"


def test_reference_final_strategy_is_the_best_reply_to_always_roll_6(su21, hogs):
    """The reference's table came from our own dynamic programming; the win-rate engine,
    driven by the su21 rules module, must find it exactly as good as the best strategy of
    all (a su21 game has no memory beyond the two scores, so nothing can do better)."""
    from grader.hog.strategy.optimal import best_full_state
    from grader.hog.strategy.winrate import win_rate

    reference, _ = hogs
    table = [[reference.final_strategy(s, o) for o in range(100)] for s in range(100)]
    rules = su21.rules()
    rate = win_rate(table, su21.config["winrate"]["baseline"], rules=rules)
    best = best_full_state(su21.config["winrate"]["baseline"], rules=rules)
    assert abs(rate.win_rate - best.win_rate) < 1e-9
    assert rate.win_rate > win_rate(6, 6, rules=rules).win_rate + 0.25


# --- every bug class is charged to the question that owns it ---------------------------

def test_the_catalogue_names_real_questions_and_covers_every_scored_one(su21):
    questions = checks.staff_questions(su21)
    for mutant in MUTANTS.values():
        assert mutant.may_fail <= set(questions), mutant.name
    owners = {m.owner for m in MUTANTS.values()}
    assert {key for key, q in questions.items() if q.points > 0} <= owners
    assert "12" in owners


@pytest.mark.parametrize("name", list(MUTANTS))
def test_patch_applies_to_the_reference(su21, name):
    """A patch that silently stopped applying would grade the reference and 'pass'."""
    source = checks.reference_source(su21)
    mutated = MUTANTS[name].apply(source)
    assert mutated != source
    compile(mutated, "hog.py", "exec")


@pytest.fixture(scope="module")
def graded_mutants(request, su21, tmp_path_factory):
    return checks.grade_mutants(request, su21, MUTANTS, tmp_path_factory.mktemp("su21_mutants"))


@pytest.mark.parametrize("name", list(MUTANTS))
def test_mutant_is_caught_by_its_own_question(name, graded_mutants):
    checks.check_mutant(MUTANTS[name], graded_mutants[name].result())


# --- the course's own client agrees ----------------------------------------------------

def test_ok_scores_the_reference_full_marks_and_the_template_0(su21, ok_command, tmp_path):
    checks.check_ok_scores(su21, ok_command, tmp_path / "hog")
