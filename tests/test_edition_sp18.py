"""The Spring 2018 strategy contest (Pig Out, Free Bacon, Swine Swap by multiples, Time
Trot) holds up as an assignment: see editiontools for what each check means.

The page gives the rules and the contest, not problems: 01-06 are the rules' functions
(a simulator to test a strategy with), 07 the entry itself (TEAM_NAME and a valid, pure,
fast final_strategy), with its exact win rate reported against always_roll(4)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

import editiontools as checks
from grader.hog import editions

EDITION = "sp18-contest"
SOLUTIONS = checks.solutions(EDITION)
CATALOGUE = checks.catalogue(EDITION)
MUTANTS = {m.name: m for m in CATALOGUE.MUTANTS}


@pytest.fixture(scope="module")
def sp18():
    return checks.load(EDITION)


def test_points_and_settings(sp18):
    points = {key: q.points for key, q in checks.staff_questions(sp18).items()}
    assert points == {"01": 1, "02": 1, "03": 1, "04": 2, "05a": 2, "05b": 2, "06": 1,
                      "07": 2}
    assert sp18.config["rules"] == "sp18_contest"
    assert sp18.config["winrate"]["baseline"] == 4
    assert sp18.config["winrate"]["threshold"] is None


def test_verify_reference_passes_every_case_and_template_fails_every_question(sp18):
    checks.check_verify(sp18)


def test_grade_verify_command_exits_zero():
    checks.check_verify_command(EDITION)


def test_template_alone_scores_nothing(sp18, tmp_path):
    assert checks.grade_source(sp18, checks.template_source(sp18), tmp_path).score == 0


def test_there_are_solutions_in_two_styles_at_least():
    assert len(SOLUTIONS) >= 2


@pytest.mark.parametrize("solution", SOLUTIONS, ids=lambda path: path.stem)
def test_solution_in_another_style_gets_full_marks(sp18, solution, tmp_path):
    checks.check_solution(sp18, solution, tmp_path)


@pytest.fixture(scope="module")
def hogs(sp18):
    return checks.hogs(sp18)


def test_solutions_agree_on_every_score(hogs):
    reference, solutions = hogs
    for name, hog in solutions.items():
        for s in range(100):
            assert hog.free_bacon(s) == reference.free_bacon(s), (name, s)
        for s in range(250):
            for o in range(250):
                assert hog.is_swap(s, o) == reference.is_swap(s, o), (name, s, o)


def _game(hog, table, outcomes, start, goal):
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


@settings(max_examples=200, deadline=None)
@given(table=st.lists(st.lists(st.integers(0, 10), min_size=1, max_size=12), min_size=2,
                      max_size=2),
       outcomes=st.lists(st.integers(1, 6), min_size=1, max_size=8),
       start=st.tuples(st.integers(0, 99), st.integers(0, 99)),
       goal=st.integers(1, 100))
def test_solutions_play_like_the_reference(hogs, table, outcomes, start, goal):
    reference, solutions = hogs
    expected = _game(reference, table, outcomes, start, goal)
    for name, hog in solutions.items():
        assert _game(hog, table, outcomes, start, goal) == expected, name


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


def test_sp18_contest_rules_agree_with_the_reference_play(sp18):
    """`editions.turn`, driven by grader/hog/editions/sp18_contest.py, replays random games of the
    reference's play move for move: who moves, from which scores, the scores after
    each turn (extra turns included) and the final scores."""
    rules = sp18.rules()
    hog = checks.load_hog(sp18, "reference_sp18_contest_rules", checks.reference_source(sp18))
    rng = random.Random(18)
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


def test_the_catalogue_names_real_questions_and_covers_every_scored_one(sp18):
    questions = checks.staff_questions(sp18)
    for mutant in MUTANTS.values():
        assert mutant.may_fail <= set(questions), mutant.name
    assert {key for key, q in questions.items() if q.points > 0} <= {
        m.owner for m in MUTANTS.values()}


@pytest.mark.parametrize("name", list(MUTANTS))
def test_patch_applies_to_the_reference(sp18, name):
    source = checks.reference_source(sp18)
    mutated = MUTANTS[name].apply(source)
    assert mutated != source
    compile(mutated, "hog.py", "exec")


@pytest.fixture(scope="module")
def graded_mutants(request, sp18, tmp_path_factory):
    return checks.grade_mutants(request, sp18, MUTANTS, tmp_path_factory.mktemp("sp18_mutants"))


@pytest.mark.parametrize("name", list(MUTANTS))
def test_mutant_is_caught_by_its_own_question(name, graded_mutants):
    checks.check_mutant(MUTANTS[name], graded_mutants[name].result())


def test_ok_scores_the_reference_full_marks_and_the_template_0(sp18, ok_command, tmp_path):
    checks.check_ok_scores(sp18, ok_command, tmp_path / "hog")


# --- the contest runs on this edition's entries ----------------------------------------

def test_grade_contest_ranks_entries_of_this_edition(sp18, tmp_path):
    """An entry is a hog.py of this edition or a bare file with final_strategy and
    TEAM_NAME; one whose final_strategy calls an unwritten rule function is excluded."""
    import json
    from conftest import run_grade

    entries = tmp_path / "entries"
    entries.mkdir()
    (entries / "reference.py").write_text(checks.reference_source(sp18), encoding="utf-8")
    (entries / "bare.py").write_text(
        "TEAM_NAME = 'Bare Entry'\n\n\ndef final_strategy(score, opponent_score):\n"
        "    return 5 if score < opponent_score else 3\n", encoding="utf-8")
    unfinished = checks.template_source(sp18).replace(
        "TEAM_NAME = 'PLACEHOLDER'", "TEAM_NAME = 'Unfinished'").replace(
        "    return 4  # Replace this statement",
        "    return 0 if free_bacon(opponent_score) >= 8 else 5")
    (entries / "unfinished.py").write_text(unfinished, encoding="utf-8")
    done = run_grade("contest", str(entries), "--out", str(tmp_path / "out"), "--edition",
                     "sp18-contest", "--no-sandbox", timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Excluded unfinished.py" in done.stdout
    excluded = json.loads((tmp_path / "out" / "excluded.json").read_text())
    assert [e["team"] for e in excluded] == ["Unfinished"]
    board = (tmp_path / "out" / "leaderboard.csv").read_text()
    assert "Hog Grader Reference" in board and "Bare Entry" in board
