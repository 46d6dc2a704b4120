"""Fuzzing works for every edition's `play`, however it is called: each edition's rules
module says how (its adapter: `PLAY`, `play_game`, `play_code`), and the framework
plays, compares, explains, shrinks and reproduces games from that alone."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader import assignment as assignments
from grader import editions, session
from grader.fuzz import compare, driver, engine
from grader.load import casefile
from grader.run.runner import Runner

FA19 = assignments.load()


def fuzz_questions(a, keys=None):
    questions = casefile.load_questions(a.cases, keys)
    questions = [q for q in questions if any(s.type == "fuzz" for s in q.suites)]
    for question in questions:
        question.suites = [s for s in question.suites if s.type == "fuzz"]
    return questions


def grade_fuzz(a, src, keys=None, **raw):
    questions = fuzz_questions(a, keys)
    for question in questions:
        for suite in question.suites:
            suite.raw = {**suite.raw, **raw}
    result = session.grade(questions, Runner(src=src, timeout=30), assignment=a,
                           verbose=True, respect_locks=False)
    return {q.question.key: q for q in result.questions}


def replay(src: Path, code: str) -> str:
    done = subprocess.run([sys.executable, "-i", "hog.py"], input=code, cwd=src,
                          capture_output=True, text=True, timeout=60)
    return done.stdout


# --- a course's own edition: its play takes the goal by position, rolls the module's die

MADE_UP_PLAY = '''def play(strategy0, strategy1, goal=GOAL_SCORE):
    """Weekend Hog: no options, the module's six-sided die, scores from 0."""
    score0 = score1 = 0
    who = 0
    while score0 < goal and score1 < goal:
        if who == 0:
            score0 += take_turn(strategy0(score0, score1), score1, six_sided)
        else:
            score1 += take_turn(strategy1(score1, score0), score0, six_sided)
        if is_swap(score0, score1):
            score0, score1 = score1, score0
        who = other(who)
    return score0, score1
'''

MADE_UP_ADAPTER = '''

NAME = "weekend"


def bonus(num_rolls, memory):
    return 0


PLAY = {"dice": {"six_sided": 6}, "start": False, "goal": True, "say": None,
        "returns": "scores", "options": {}, "switches": {}}


def play_game(hog, strategy0, strategy1, dice, say, game):
    saved = hog.six_sided
    hog.six_sided = dice["six_sided"]
    try:
        return hog.play(strategy0, strategy1, game["goal"])
    finally:
        hog.six_sided = saved


def play_code(game):
    return "play(strategy0, strategy1, %d)\\n" % game["goal"]
'''


def replace_play(source: str, play: str) -> str:
    start = source.index("def play(")
    end = source.index("\n#####", start)
    return source[:start] + play + "\n" + source[end:]


@pytest.fixture(scope="module")
def made_up(tmp_path_factory):
    """A course's own edition in a folder of the usual shape (`--assignment PATH`)."""
    root = tmp_path_factory.mktemp("edition") / "weekend"
    (root / "reference").mkdir(parents=True)
    (root / "student_template").mkdir()
    (root / "cases").mkdir()
    for file in ("dice.py", "ucb.py"):
        shutil.copy(FA19.reference / file, root / "reference" / file)
    hog = replace_play((FA19.reference / "hog.py").read_text(), MADE_UP_PLAY)
    (root / "reference" / "hog.py").write_text(hog)
    rules = Path(editions.__file__).with_name("fa19.py").read_text()
    rules = rules[:rules.index("# --- fuzzing play")] + MADE_UP_ADAPTER
    (root / "weekend_rules.py").write_text(rules)
    (root / "cases" / "assignment.json").write_text(json.dumps(
        {"name": "weekend", "edition": "weekend", "rules": "weekend_rules.py",
         "questions": ["04"]}))
    (root / "cases" / "04.py").write_text(
        "test = {'name': 'Question 4', 'points': 1, 'suites': []}\n")
    (root / "cases" / "04.grader.json").write_text(json.dumps({"suites": [
        {"type": "fuzz", "scored": True, "games": 300, "shrink": 5, "cases": [{"seed": 1}]}]}))
    return assignments.load(path=root)


def test_a_course_edition_is_fuzzed_through_its_own_adapter(made_up, tmp_path):
    """Its play takes no dice and no start: the adapter sets the module's die, and games
    start from 0 with any goal. The reference passes; a broken copy fails with the
    rule named, and the reproduction (the module's die redefined at the prompt) replays
    what the message shows."""
    rules = made_up.rules()
    specs = engine.generate(1, 300, rules)
    assert all(s["score0"] == s["score1"] == 0 and type(s["dice"]) is list for s in specs)
    assert len({s["goal"] for s in specs}) > 20
    results = grade_fuzz(made_up, made_up.reference)
    assert results["04"].status == "passed", results["04"].case_results[0].message

    broken = tmp_path / "broken"
    shutil.copytree(made_up.reference, broken)
    source = (broken / "hog.py").read_text()
    (broken / "hog.py").write_text(source.replace(
        "        if is_swap(score0, score1):\n            score0, score1 = score1, score0\n", ""))
    case = grade_fuzz(made_up, broken)["04"].case_results[0]
    assert case.status == "failed"
    assert "the scores were not swapped (Swine Swap)" in case.message, case.message
    code = case.transcript
    assert "play(strategy0, strategy1, " in code and "def six_sided():" in code
    assert replay(made_up.reference, code) == case.expected
    assert replay(broken, code) == case.got != case.expected


def test_without_an_adapter_the_fuzz_case_is_an_error_that_says_so(made_up, tmp_path):
    root = tmp_path / "bare"
    shutil.copytree(made_up.folder, root)
    rules = (root / "weekend_rules.py").read_text()
    (root / "weekend_rules.py").write_text(rules[:rules.index("\nPLAY = ")])
    bare = assignments.load(path=root)
    case = grade_fuzz(bare, bare.reference)["04"].case_results[0]
    assert case.status == "error"
    assert "do not say how to fuzz its play" in case.message
    assert "play_game" in case.message


def test_the_fa19_adapter_calls_play_as_the_tracers_default_does():
    """The adapter is the only place that knows fa19's keywords: its traces are those of
    a play called with the game's keywords, for every option and commentary."""
    rules = FA19.rules()
    hog = engine.reference_module(FA19.reference)
    for feral_hogs in (True, False):
        for say in (True, False):
            specs = engine.generate(3, 150, rules, feral_hogs=feral_hogs, say=say)
            assert all(s["feral_hogs"] is feral_hogs and s["say"] is say for s in specs)
            assert driver.trace_games(hog, specs, "", rules) == driver.trace_games(hog.play, specs)


def test_every_shipped_edition_with_fuzz_suites_has_an_adapter():
    for name in assignments.editions():
        a = assignments.load(name)
        if fuzz_questions(a):
            engine.check_adapter(a.rules())
            compare_specs = engine.generate(1, 20, a.rules())
            assert all(compare.spec_problem(s) is None for s in compare_specs), name


def test_the_default_games_keep_their_seed():
    """Fall 2019 games are what they were before editions had adapters: recorded
    workspaces made earlier still match the games of their seed."""
    old = engine.generate(1, 50, feral_hogs=True, say=False)
    new = engine.generate(1, 50, FA19.rules(), say=False)
    assert old == new
    assert old[0] == {"strategies": old[0]["strategies"], "dice": [5, 6, 5, 2, 3, 2],
                      "score0": 9, "score1": 6, "goal": 18, "feral_hogs": True, "say": False}
