"""Fuzzing works for every edition's `play`, however it is called: each edition's rules
module says how (its adapter: `PLAY`, `play_game`, `play_code`), and the framework
plays, compares, explains, shrinks and reproduces games from that alone."""

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader import assignment as assignments
from grader.hog import family
from grader import session
from grader.hog import editions
from grader.hog.fuzz import compare, driver, engine
from grader.hog.fuzz import suite as fuzz_suite
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
    result = session.grade(questions, Runner(preflight=("hog",), src=src, timeout=30), assignment=a,
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
    on_reference, on_broken = replay(made_up.reference, code), replay(broken, code)
    assert fuzz_suite.window(on_reference, on_broken) == (case.expected, case.got)
    assert on_reference != on_broken  # (a game left unshrunk on a loaded machine is cut)


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
    for name in family.editions():
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


# --- the shipped editions ---------------------------------------------------------------

EDITIONS = ("su21", "sp14", "sp13", "sp18-contest")


@pytest.mark.parametrize("name", EDITIONS)
def test_reference_passes_and_template_fails_every_fuzz_suite(name):
    a = assignments.load(name)
    passed = grade_fuzz(a, a.reference, shrink=0)
    assert passed, f"{name} has no fuzz suite"
    for key, question in passed.items():
        case = question.case_results[0]
        assert question.status == "passed", (key, case.message)
        assert f"{case.case.suite.raw['games']} games agree" in case.message
    for key, question in grade_fuzz(a, a.template, shrink=0).items():
        assert question.status == "failed" and question.score == 0, key


def mutant_source(a, name: str) -> str:
    import editiontools
    mutants = {m.name: m for m in editiontools.catalogue(a.edition).MUTANTS}
    return mutants[name].apply((a.reference / "hog.py").read_text())


def broken_copy(a, folder: Path, source: str) -> Path:
    folder.mkdir()
    for file in ("dice.py", "ucb.py"):
        shutil.copy(a.reference / file, folder / file)
    (folder / "hog.py").write_text(source)
    return folder


# edition: [(a mutant of its catalogue, the fuzz question it fails, what the words say)];
# the first of each is shrunk and its reproduction replayed
BROKEN = {
    "su21": [
        ("play_no_more_boar", "05",
         r"expected player (\d) to move next \(player \1 takes another turn \(.*More Boar\)\)"),
        ("play_asks_the_other_strategy", "05",
         r"strategy\d, the other player's, was called .*: in this edition play calls only the "
         r"mover's strategy"),
        ("play_strategy_called_twice", "05", r"strategy0 was called a second time this turn"),
        ("play_more_boar_before_points", "05",
         r"expected player \d to move next \(players alternate: More Boar does not apply\)"),
        ("play_goal_exclusive", "05", r"a turn was played after the goal"),
        ("say_not_on_extra_turns", "06",
         r"\(More Boar\); the commentary was not called at the end of the turn"),
        ("say_mover_first", "06", r"the commentary got the scores in the wrong order"),
    ],
    "sp14": [
        ("play_always_six_sided", "04",
         r"\(Hog Wild, .*\); expected a roll of the four_sided die, got one of the six_sided die"),
        ("play_no_swap", "04", r"the scores were not swapped \(Swine Swap\)"),
        ("play_same_player_after_swap", "04",
         r"players alternate: a swap does not change whose turn is next"),
        ("play_bacon_from_own_score", "04",
         r"the turn scored \d+ point\(s\), expected \d+ \(Free Bacon\)"),
    ],
    "sp13": [
        ("play_no_hog_tied", "05", r"the die was called too often: \d+ time\(s\) in a turn of 1 die"),
        ("play_always_six_sided", "05",
         r"expected a roll of the four_sided die, got one of the six_sided die"),
        ("play_strategy_called_twice", "05", r"strategy\d was called a second time this turn"),
        ("touchdown_missing", "05", r"the turn scored \d+ point\(s\), expected \d+"),
    ],
    "sp18-contest": [
        ("trot_ignored", "05b",
         r"expected player (\d) to move next \(player \1 takes another turn \(.*Time Trot\)\)"),
        ("play_no_swap", "05b", r"the scores were not swapped \(Swine Swap\)"),
        ("trot_chains", "05b", r"expected player \d to move next \(players alternate"),
        ("say_before_swap", "06", r"the commentary was called before the swap"),
        ("say_not_rebound", "06", r"play must call what say returned"),
    ],
}


@pytest.mark.parametrize("name, mutant, key, words",
                         [(name, *entry) for name, entries in BROKEN.items() for entry in entries],
                         ids=lambda value: value if isinstance(value, str) and "(" not in value
                         else "")
def test_broken_plays_of_each_edition_fail_with_the_right_words(name, mutant, key, words,
                                                                 tmp_path):
    a = assignments.load(name)
    src = broken_copy(a, tmp_path / "broken", mutant_source(a, mutant))
    first = BROKEN[name][0][0] == mutant
    # a budget to spare on a loaded machine: shrinking stops as soon as it is done
    case = grade_fuzz(a, src, [key], shrink=30 if first else 0)[key].case_results[0]
    assert case.status == "failed", case.message
    original = case.message.splitlines()[0]
    assert re.search(words, original), original
    judged = ("differs from the reference" if key != "06"  # 6 judges commentary alone
              else "has commentary that does not fit the game your play played")
    assert re.match(rf"Fuzz game \d+ of \d+ \(seed 1\) {judged}: turn \d+:", original)
    if first:
        shrunk = case.message.splitlines()[1]
        assert shrunk.startswith("The smallest failing game found: turn"), case.message
        assert re.search(words, shrunk), shrunk
        shown = fuzz_suite.window(replay(a.reference, case.transcript),
                                  replay(src, case.transcript))
        assert shown == (case.expected, case.got) and case.expected != case.got


ASK_BOTH = {
    # a play that also asks the other player's strategy at the start of each turn
    "sp14": [("            score0 += take_turn(strategy0(",
              "            strategy1(score1, score0)\n            score0 += take_turn(strategy0("),
             ("            score1 += take_turn(strategy1(",
              "            strategy0(score0, score1)\n            score1 += take_turn(strategy1(")],
    "sp13": [("        num_rolls = min(strategies[who](score, opponent_score),",
              "        strategies[other(who)](opponent_score, score)\n"
              "        num_rolls = min(strategies[who](score, opponent_score),")],
}


@pytest.mark.parametrize("name", sorted(ASK_BOTH))
def test_asking_the_other_strategy_is_judged_by_the_editions_own_words(name, tmp_path):
    """sp14 and sp13 ask for the mover's strategy once per turn and forbid nothing
    else: a play that also asks the other one passes. su21 and the sp18 contest tell
    students to call only the mover's strategy: there it fails, with those words."""
    a = assignments.load(name)
    source = (a.reference / "hog.py").read_text()
    for old, new in ASK_BOTH[name]:
        assert source.count(old) == 1, old
        source = source.replace(old, new)
    src = broken_copy(a, tmp_path / "both", source)
    for key, question in grade_fuzz(a, src, shrink=0).items():
        assert question.status == "passed", (key, question.case_results[0].message)


def test_sp13_commentary_is_traced_through_announce(tmp_path):
    """sp13's commentary is announce(outcome, who), called by roll_dice when the module's
    commentary is on: with `say` the adapter turns it on and traces announce, so a
    roll_dice that never announces is caught with words about the commentary."""
    a = assignments.load("sp13")
    rules = a.rules()
    specs = engine.generate(2, 60, rules, say=True)
    traces = engine.reference_traces(a.reference, specs, a.module, rules)
    said = [e for t in traces for e in t if compare.kind(e) == "c"]
    dice = [e for t in traces for e in t if compare.kind(e) == "d"]
    assert len(said) == len(dice) and {e[3] for e in said} == {"Player 0", "Player 1"}
    hog = engine.reference_module(a.reference)
    assert hog.commentary is False and hog.announce.__name__ == "announce"
    src = broken_copy(a, tmp_path / "quiet", mutant_source(a, "announce_missing"))
    questions = fuzz_questions(a, ["05"])
    questions[0].suites[0].raw = {**questions[0].suites[0].raw, "say": True, "shrink": 0}
    result = session.grade(questions, Runner(preflight=("hog",), src=src, timeout=30), assignment=a,
                           verbose=True, respect_locks=False)
    message = result.questions[0].case_results[0].message
    assert "the commentary was not called: expected commentary #0 called with (" in message


@pytest.mark.parametrize("name", EDITIONS)
def test_a_workspace_records_each_editions_games(name, tmp_path):
    """Workspaces carry no reference: each edition's fuzz games are recorded with the
    reference's traces, and judged from the recording."""
    from grader import workspace
    a = assignments.load(name)
    ws = workspace.init(a, tmp_path / "ws")
    keys = sorted(fuzz_questions(a, None) and [q.key for q in fuzz_questions(a)])
    questions = casefile.load_questions(ws / "tests", keys)
    for question in questions:
        suite = next(s for s in question.suites if s.type == "fuzz")
        assert suite.raw["mode"] == "recorded"
        assert (ws / "tests" / suite.raw["recorded"]).is_file()
        question.suites = [suite]
    for src, status in ((a.reference, "passed"), (a.template, "failed")):
        result = session.grade(questions, Runner(preflight=("hog",), src=src, timeout=30), assignment=a,
                               verbose=True, respect_locks=False)
        assert {q.status for q in result.questions} == {status}, name


@pytest.mark.parametrize("edition", ["su21", "sp18-contest"])  # (fa19: test_fuzz)
@pytest.mark.parametrize("cheat", ["strategy0(score0, score1)", "strategy1(score1, score0)"])
def test_a_play_that_cuts_commented_games_short_fails_commentary_in_every_edition(
        tmp_path, edition, cheat):
    """Every edition whose commentary question judges commentary on the student's own
    game (attack20 B1): a play that notices the tracer, asks a strategy once and raises
    only when given a commentary passes its own fuzz questions and fails the
    commentary one, as playing otherwise than the reference."""
    import ast
    a = assignments.load(edition)
    src = tmp_path / edition
    shutil.copytree(a.reference, src)
    text = (src / a.source).read_text()
    play = next(n for n in ast.parse(text).body
                if isinstance(n, ast.FunctionDef) and n.name == "play")
    first = play.body[1]  # (after its docstring)
    lines = text.splitlines(True)
    indent = " " * first.col_offset
    lines.insert(first.lineno - 1, f"{indent}if getattr(strategy0, '__module__', '') == "
                 f"'fuzz_driver' and say is not silence:\n{indent}    {cheat}\n"
                 f"{indent}    raise ValueError('not today')\n")
    (src / a.source).write_text("".join(lines))
    results = grade_fuzz(a, src)
    judged = {key: any(s.raw.get("judge") == "commentary" for s in q.question.suites)
              for key, q in results.items()}
    assert any(judged.values()) and not all(judged.values())
    for key, result in results.items():
        if judged[key]:
            assert result.status == "failed", key
            assert "otherwise than the reference" in result.case_results[0].message
        else:
            assert result.status == "passed", (key, result.case_results[0].message)
