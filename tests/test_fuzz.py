"""The fuzz suites of `play` catch broken copies of the reference, in the question that
owns the bug, at the right turn, with a reproduction that really replays the bug."""

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

import hog_mutants
import play_variants
from grader import assignment
from grader.load import casefile
from grader.hog.fuzz import driver as fuzz_driver
from grader.hog.fuzz import engine as fuzz_engine
from grader.hog.fuzz import suite as fuzz_suite
from grader import session
from grader import workspace
from grader.run.runner import Runner

ASSIGNMENT = assignment.load()
FUZZ_QUESTIONS = ("05a", "05b", "06")
GRADE = [sys.executable, "-m", "grader.cli"]


def fuzz_only(keys=FUZZ_QUESTIONS, seed=None):
    questions = casefile.load_questions(ASSIGNMENT.cases, keys)
    for question in questions:
        question.suites = [s for s in question.suites if s.type == "fuzz"]
        assert question.suites, f"{question.key} has no fuzz suite"
    if seed is not None:
        fuzz_suite.set_seed(questions, seed)
    return questions


def grade_fuzz(src, keys=FUZZ_QUESTIONS, seed=None):
    result = session.grade(fuzz_only(keys, seed), Runner(preflight=("hog",), src=src, timeout=30), verbose=True,
                           respect_locks=False)
    return {q.question.key: q for q in result.questions}


def hog_folder(src: Path, source: str) -> Path:
    """SRC made a submission folder: the hog.py text SOURCE, the reference's dice.py and ucb.py."""
    src.mkdir()
    for file in ("dice.py", "ucb.py"):
        shutil.copy(ASSIGNMENT.reference / file, src / file)
    (src / "hog.py").write_text(source, encoding="utf-8")
    return src


def replay(src: Path, code: str) -> str:
    """What the reproduction prints when pasted into `python3 -i hog.py` in SRC."""
    done = subprocess.run([sys.executable, "-i", "hog.py"], input=code, cwd=src,
                          capture_output=True, text=True, timeout=60)
    return done.stdout


def test_reference_passes_every_fuzz_suite():
    results = grade_fuzz(ASSIGNMENT.reference)
    for key in FUZZ_QUESTIONS:
        assert results[key].status == "passed", results[key].case_results[0].message
        games = results[key].case_results[0].case.suite.raw["games"]
        assert games >= 500
        assert f"{games} games agree" in results[key].case_results[0].message


def test_template_fails_every_fuzz_suite():
    results = grade_fuzz(ASSIGNMENT.template)
    for key in FUZZ_QUESTIONS:
        case = results[key].case_results[0]
        assert results[key].status == "failed"
        assert re.search(r"The smallest failing game found: turn 1: play returned \(0, 0\) "
                         r"without playing a turn although no score had reached the goal \d+: "
                         r"expected turn 1 to start with strategy0\(0, 0\)", case.message)


WORDS = {
    "strategy called twice": r"strategy0 was called a second time this turn",
    "strategy args swapped for player 1": r"strategy1 got the scores in the wrong order",
    "die called again after a 1": r"the die was called too often: \d+ time\(s\) in a turn of "
                                  r"\d+ dic?e",
    "swap before the feral bonus": r"the Swine Swap was decided before the Feral Hogs bonus",
    "feral hogs ignores feral_hogs=False": r"a Feral Hogs bonus was added although this game is "
                                           r"played with feral_hogs=False",
    "feral compares with the opponent's dice": r"the Feral Hogs bonus was not added|a Feral "
                                               r"Hogs bonus of 3 was added that this turn does "
                                               r"not earn",
    "commentary before the swap": r"the commentary was called before the swap",
    "commentary not rebound": r"expected commentary #1 .* got #0",
    "turn order changes after a swap": r"expected player 1 to move next \(players alternate: "
                                       r"a swap does not change whose turn is next\)",
    "goal boundary off by one": r"a turn was played after the goal",
}


def first_difference_turns(expected: str, got: str):
    """The turns (counted by strategy calls) a report may name for the first differing line."""
    want, have = expected.splitlines(), got.splitlines()
    index = next(i for i in range(max(len(want), len(have)))
                 if i >= len(want) or i >= len(have) or want[i] != have[i])
    started = sum(line.startswith("strategy") for line in want[:index])
    at_turn_start = index < len(want) and want[index].startswith("strategy")
    return {started, started + 1} if at_turn_start else {started}


@pytest.mark.parametrize("name", sorted(hog_mutants.MUTANTS))
def test_mutant_caught_in_its_question_at_the_right_turn(tmp_path, name):
    src = hog_mutants.make(tmp_path / "broken", name)
    owner = hog_mutants.MUTANTS[name][1]
    results = grade_fuzz(src, FUZZ_QUESTIONS[:FUZZ_QUESTIONS.index(owner) + 1])
    assert results[owner].status == "failed"
    for key in FUZZ_QUESTIONS[:FUZZ_QUESTIONS.index(owner)]:
        assert results[key].status == "passed", f"{name} charged to {key}"
    case = next(c for c in results[owner].case_results if c.status == "failed")
    original, second = case.message.splitlines()[:2]
    games = case.case.suite.raw["games"]
    judged = ("differs from the reference" if owner != "06"  # 6 judges commentary alone
              else "has commentary that does not fit the game your play played")
    assert re.match(rf"Fuzz game \d+ of {games} \(seed 1\) {judged}: turn \d+", original)
    # a first failing game that is already as small as hypothesis can find is not shrunk
    shrunk = second if second.startswith("The smallest failing game found:") else original
    assert re.search(WORDS[name], shrunk), shrunk

    code = case.transcript
    assert code.startswith(fuzz_suite.HEADER)
    on_reference = replay(ASSIGNMENT.reference, code)
    on_broken = replay(src, code)
    # (a game the shrinker had no time to shrink on a loaded machine is shown cut to
    # the lines around its first difference, as a student sees it)
    assert fuzz_suite.window(on_reference, on_broken) == (case.expected, case.got)
    assert on_reference != on_broken
    reported = int(re.search(r"turn (\d+)", shrunk).group(1))
    assert reported in first_difference_turns(on_reference, on_broken), shrunk


def test_shrunk_game_is_no_longer_than_the_original(tmp_path):
    src = hog_mutants.make(tmp_path / "broken", "goal boundary off by one")
    case = grade_fuzz(src, ("05a",))["05a"].case_results[0]
    original_turn = int(re.search(r"turn (\d+)", case.message.splitlines()[0]).group(1))
    shrunk = re.search(r"turn (\d+)", case.message.splitlines()[1])  # none: already minimal
    shrunk_turn = int(shrunk.group(1)) if shrunk else original_turn
    assert shrunk_turn <= original_turn
    assert case.expected.count("strategy") < 50


def test_same_seed_same_verdict_and_the_seed_changes_the_games(tmp_path):
    src = hog_mutants.make(tmp_path / "broken", "feral compares with the opponent's dice")
    first = grade_fuzz(src, ("05b",), seed=7)["05b"].case_results[0]
    again = grade_fuzz(src, ("05b",), seed=7)["05b"].case_results[0]
    other = grade_fuzz(src, ("05b",), seed=8)["05b"].case_results[0]
    assert first.message == again.message and first.transcript == again.transcript
    assert "(seed 7)" in first.message and "(seed 8)" in other.message
    assert first.message.splitlines()[0] != other.message.splitlines()[0]


def staff_workspace(folder: Path, hog: Path) -> Path:
    """A folder graded with the staff case files themselves (live fuzzing)."""
    (folder / "tests").mkdir(parents=True)
    for file in ("hog.py", "dice.py", "ucb.py"):
        shutil.copy(hog.parent / file if file == "hog.py" else ASSIGNMENT.reference / file,
                    folder / file)
    for key in FUZZ_QUESTIONS:
        for source in (ASSIGNMENT.cases / f"{key}.py", casefile.sidecar_path(ASSIGNMENT.cases / f"{key}.py")):
            shutil.copy(source, folder / "tests" / source.name)
    return folder


def test_cli_seed_option_replays_the_same_games(tmp_path):
    broken = hog_mutants.make(tmp_path / "broken", "commentary not rebound")
    ws = staff_workspace(tmp_path / "ws", broken / "hog.py")
    run = [*GRADE, "-v", "-q", "06", "--seed", "5", "-d", str(ws)]
    first = subprocess.run(run, capture_output=True, text=True, timeout=120)
    again = subprocess.run(run, capture_output=True, text=True, timeout=120)
    assert first.returncode == 1, first.stderr
    assert "(seed 5)" in first.stdout and "play must call what say returned" in first.stdout
    assert first.stdout == again.stdout


def test_workspace_records_traces_and_carries_no_reference(tmp_path):
    ws = workspace.init(ASSIGNMENT, tmp_path / "ws")
    play_body = "previous[who] = num_rolls"
    for path in ws.rglob("*"):
        if path.is_file():
            assert play_body not in path.read_text(encoding="utf-8"), path
    for key in FUZZ_QUESTIONS:
        data = casefile.read_case_data(ws / "tests" / f"{key}.py")
        suite = next(s for s in data["suites"] if s["type"] == "fuzz")
        assert suite["mode"] == "recorded"
        recorded = json.loads((ws / "tests" / suite["recorded"]).read_text())
        assert len(recorded["seeds"]["1"]) == 100

    def grade(*args):
        return subprocess.run([*GRADE, *args, "-d", str(ws)], capture_output=True, text=True,
                              timeout=120)

    template = grade("-q", "05a")
    assert template.returncode == 1
    shutil.copy(ASSIGNMENT.reference / "hog.py", ws / "hog.py")
    assert grade("-q", "05a", "-q", "05b", "-q", "06").returncode == 0
    broken = hog_mutants.make(tmp_path / "broken", "feral compares with the opponent's dice")
    shutil.copy(broken / "hog.py", ws / "hog.py")
    failed = grade("-v", "-q", "05b")
    assert failed.returncode == 1
    assert re.search(r"Fuzz recorded game \d+ of 100 \(seed 1\) differs from the\s+reference:"
                     r"\s+turn \d+", failed.stdout), failed.stdout
    refused = grade("-q", "05b", "--seed", "3")
    assert refused.returncode == 2 and "recorded" in refused.stderr


ATTACKS = {
    "fake empty output": "import json\n"
                         "def play(*args, **kwargs):\n"
                         "    json.dumps = lambda *a, **k: '[]'\n"
                         "    return (0, 0)\n",
    "exits the worker": "import os\n"
                        "def play(*args, **kwargs):\n"
                        "    os._exit(0)\n",
    "never ends": "def play(strategy0, strategy1, score0=0, score1=0, **kwargs):\n"
                  "    while True:\n"
                  "        try:\n"
                  "            strategy0(score0, score1)\n"
                  "        except Exception:\n"
                  "            pass\n",
    # the worker stops after a game cut short for going on too long: a batch that ends
    # early at such a game is read, and it must still fail
    "cuts the batch short": "import json\n"
                            "_dumps = json.dumps\n"
                            "def play(*args, **kwargs):\n"
                            "    json.dumps = lambda *a, **k: _dumps([[['s', 0, 0, 0, 1]] * 5002])\n"
                            "    return (0, 0)\n",
}


@pytest.mark.parametrize("attack", sorted(ATTACKS))
def test_attacks_on_the_driver_do_not_pass(tmp_path, attack):
    src = hog_folder(tmp_path / "attack", "from dice import make_test_dice\n" + ATTACKS[attack])
    questions = fuzz_only(("05a",))
    questions[0].suites[0].raw = {**questions[0].suites[0].raw, "shrink": 2, "games": 20}
    result = session.grade(questions, Runner(preflight=("hog",), src=src, timeout=10), verbose=True,
                           respect_locks=False)
    assert result.questions[0].status != "passed"
    assert result.questions[0].score == 0


ENDLESS = ("\n\ndef play(strategy0, strategy1, *args, **kwargs):\n"
           "    with open('games.txt', 'a') as games:\n"
           "        games.write('x')\n"
           "    while True:\n"
           "        strategy0(0, 0)\n")


@pytest.mark.parametrize("key", ["05a", "05b"])
def test_a_play_that_never_stops_plays_no_game_after_its_first(tmp_path, key):
    """A play that never stops (nor raises): each game runs to the tracer's limit, and
    a fuzz case's 500 such games cost seconds (of the student's wait, of bulk's and of
    every mutation run's) where the first already fails. Play's own questions stop at
    that game. (The commentary question judges every game's commentary on the student's
    own game: it still plays them all.)"""
    hog = (ASSIGNMENT.reference / "hog.py").read_text(encoding="utf-8")
    src = hog_folder(tmp_path / "endless", hog + ENDLESS)
    questions = fuzz_only((key,))
    for suite in questions[0].suites:
        suite.raw = {**suite.raw, "shrink": 0}
    result = session.grade(questions, Runner(preflight=("hog",), src=src, timeout=60),
                           respect_locks=False)
    cases = result.questions[0].case_results
    for case in cases:
        assert case.status == "failed", (case.status, case.message)
        games = case.case.suite.raw["games"]
        assert f"Fuzz game 1 of {games} (seed {case.case.raw['seed']}) differs" in case.message
    # one game for each fuzz case the worker started (it may start the next before the
    # question stops at its first failure), where each had played all its 500
    assert len((src / "games.txt").read_text()) <= sum(len(s.cases) for s in questions[0].suites)


def test_student_code_never_runs_in_the_grader_process(tmp_path):
    marker = tmp_path / "pids"
    src = hog_mutants.make(tmp_path / "broken", "commentary not rebound")
    hog = src / "hog.py"
    hog.write_text(hog.read_text().replace(
        "def play(", f"import os\nopen({str(marker)!r}, 'a').write(str(os.getpid()) + '\\n')\n"
                     "def play(", 1))
    grade_fuzz(src, ("06",))
    pids = {int(line) for line in marker.read_text().split()}
    assert os.getpid() not in pids and pids


# --- asking the other player's strategy (issue 9 §1) ----------------------------------

GAMES_IN_PROCESS = 120


@pytest.fixture(scope="module")
def suite_games():
    """{question: (specs, reference traces)} of the three fuzz suites, fewer games."""
    games = {}
    for question in fuzz_only():
        p = fuzz_suite.params(question.suites[0].cases[0])
        specs = fuzz_engine.generate(p["seed"], GAMES_IN_PROCESS,
                                     feral_hogs=p.get("feral_hogs", True),
                                     say=p["say"])
        games[question.key] = specs, fuzz_engine.reference_traces(ASSIGNMENT.reference, specs)
    return games


def passes_in_process(play, games) -> bool:
    """The engine's verdict on PLAY (generated here, traced in this process)."""
    for specs, expected in games.values():
        for spec, want in zip(specs, expected):
            if not fuzz_engine.agrees(want, fuzz_driver.trace_game(play, spec)):
                return False
    return True


@pytest.mark.parametrize("style", sorted(play_variants.STYLES))
def test_every_way_of_asking_the_strategies_gets_the_specs_verdict(suite_games, style):
    """Every combination of up to three strategy calls at the start of a turn: the
    comparison agrees with the spec's rule (`play_variants.correct`) on each."""
    asks = play_variants.all_asks(3)
    verdicts = {ask: passes_in_process(play_variants.load_play(
        play_variants.play_source(ask, style)), suite_games) for ask in asks}
    wrong = [ask for ask, passed in verdicts.items() if passed != play_variants.correct(ask)]
    assert not wrong, wrong
    assert sum(verdicts.values()) == 3  # the mover alone, or with the other before or after


@pytest.mark.parametrize("name", sorted(play_variants.NAMED))
def test_named_ways_of_asking_through_the_worker(tmp_path, name):
    """The real suites, in the worker, each named variant in every style."""
    asks, right, words = play_variants.NAMED[name]
    for style in play_variants.STYLES:
        src = play_variants.make(tmp_path / style, play_variants.play_source(asks, style))
        questions = fuzz_only()
        for question in questions:
            question.suites[0].raw = {**question.suites[0].raw, "shrink": 0}
        result = session.grade(questions, Runner(preflight=("hog",), src=src, timeout=30), verbose=True,
                               respect_locks=False)
        statuses = {q.question.key: q.status for q in result.questions}
        if right:
            assert set(statuses.values()) == {"passed"}, (style, statuses)
        else:
            assert statuses["05a"] == "failed", (style, statuses)
            message = result.questions[0].case_results[0].message
            assert re.search(words, message), message


# --- failure messages name the real difference (issue 9 §3) ---------------------------

PLAY_SWAP = ("        if is_swap(score0, score1):\n"
             "            score0, score1 = score1, score0\n")
PLAY_FERAL = "        if feral_hogs and abs(num_rolls - previous[who]) == 2:\n"
PLAY_SAY = "        say = say(score0, score1)\n"
MOVER0 = "            num_rolls = strategy0(score0, score1)\n"
MOVER1 = "            num_rolls = strategy1(score1, score0)\n"
NO_FERAL, FERAL, SAY = (False, False), (True, False), (False, True)

# kind: (patches to the reference's hog.py, games (feral_hogs, say), what the words must say)
BROKEN = {
    "the mover's strategy asked twice": (
        [(MOVER0, "            strategy0(score0, score1)\n" + MOVER0)], NO_FERAL,
        r"strategy0 was called a second time this turn"),
    "the other strategy asked twice": (
        [(MOVER0, MOVER0 + "            strategy1(score1, score0)\n"
                           "            strategy1(score1, score0)\n")], NO_FERAL,
        r"strategy1, the other player's, was asked a second time this turn"),
    "the other strategy asked with the mover's scores": (
        [(MOVER1, MOVER1 + "            strategy0(score1, score0)\n")], NO_FERAL,
        r"strategy0, the other player's, was called with the mover's view of the scores"),
    "the mover's scores in the wrong order": (
        [("strategy1(score1, score0)", "strategy1(score0, score1)")], NO_FERAL,
        r"strategy1 got the scores in the wrong order"),
    "a die called too often": (
        [("            pig_out = True\n", "            pig_out = True\n            dice()\n")],
        NO_FERAL, r"the die was called too often: \d+ time\(s\) in a turn of \d+ dic?e"),
    "a die called too rarely": (
        [("        total += outcome\n", "        total += outcome\n        if pig_out:\n"
                                         "            break\n")],
        NO_FERAL, r"the die was called too rarely: \d+ time\(s\) in a turn of \d+ dic?e"),
    "a Feral Hogs bonus although feral_hogs=False": (
        [(PLAY_FERAL, PLAY_FERAL.replace("feral_hogs and ", ""))], NO_FERAL,
        r"a Feral Hogs bonus was added although this game is played with feral_hogs=False"),
    "a missing Feral Hogs bonus": (
        [(PLAY_FERAL, PLAY_FERAL.replace("feral_hogs and ", "False and "))], FERAL,
        r"the Feral Hogs bonus was not added"),
    "Feral Hogs from the opponent's dice": (
        [("previous[who]) == 2", "previous[other(who)]) == 2")], FERAL,
        r"the Feral Hogs bonus was not added|a Feral Hogs bonus of 3 was added that this "
        r"turn does not earn"),
    "a swap not made": (
        [(PLAY_SWAP, "")], NO_FERAL, r"the scores were not swapped \(Swine Swap\)"),
    "a swap made wrongly": (
        [("        if is_swap(score0, score1):\n",
          "        if is_swap(score0, score1) or score0 % 7 == 3:\n")], NO_FERAL,
        r"the scores were swapped although Swine Swap does not apply"),
    "the swap before the bonus": (
        [(PLAY_SWAP, ""), (PLAY_FERAL, PLAY_SWAP + PLAY_FERAL)], FERAL,
        r"the Swine Swap was decided before the Feral Hogs bonus was added"),
    "commentary before the swap": (
        [(PLAY_SWAP, ""), (PLAY_SAY, ""),
         ("        who = other(who)\n", "        who = other(who)\n" + PLAY_SAY + PLAY_SWAP)],
        SAY, r"the commentary was called before the swap"),
    "commentary with the scores reversed": (
        [(PLAY_SAY, "        say = say(score1, score0)\n")], SAY,
        r"the commentary got the scores in the wrong order"),
    "commentary not called": (
        [(PLAY_SAY, "")], SAY, r"the commentary was not called at the end of the turn"),
    "commentary not rebound": (
        [(PLAY_SAY, "        say(score0, score1)\n")], SAY, r"play must call what say returned"),
    "turn order changed by a swap": (
        [("            score0, score1 = score1, score0\n",
          "            score0, score1 = score1, score0\n            who = other(who)\n")],
        NO_FERAL, r"expected player \d to move next \(players alternate: a swap does not "
                  r"change whose turn is next\)"),
    "a turn played after the goal": (
        [("while score0 < goal and score1 < goal", "while score0 <= goal and score1 <= goal")],
        NO_FERAL, r"a turn was played after the goal: the scores were \(\d+, \d+\) and the "
                  r"goal is \d+"),
    "the game ended early": (
        [("while score0 < goal and score1 < goal",
          "while score0 < goal - 1 and score1 < goal - 1")], NO_FERAL,
        r"play returned \(\d+, \d+\) (without playing a turn )?although no score had "
        r"reached the goal \d+"),
    "Free Bacon one point short": (
        [("    return 10 - min(score // 10, score % 10)\n",
          "    return 9 - min(score // 10, score % 10)\n")], NO_FERAL,
        r"the turn scored \d+ point\(s\), expected \d+"),
}


def patched_play(patches):
    """The reference's play with PATCHES applied to hog.py (traced in this process:
    the plays are ours, written here)."""
    source = (ASSIGNMENT.reference / "hog.py").read_text()
    for old, new in patches:
        assert source.count(old) == 1, old
        source = source.replace(old, new)
    namespace = {"__name__": "broken"}
    sys.path.insert(0, str(ASSIGNMENT.reference))
    try:
        exec(compile(source, "<broken>", "exec"), namespace)
    finally:
        sys.path.remove(str(ASSIGNMENT.reference))
    return namespace["play"]


TURN_WORDS = re.compile(r"^turn \d+: player \d rolled \d+ dic?e( \(asked for \d+\))? at \(\d+, \d+\)"
                        r"( \(outcomes [\d, ]+\))?, expected \(\d+, \d+\) after the turn")


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_every_failing_game_is_explained_by_its_kind(kind):
    """Each kind of broken play, every game it fails among 3 seeds x 150 games: the
    words name the kind, start at the turn (scores before and after), and say what
    the student's play did."""
    patches, (feral_hogs, say), words = BROKEN[kind]
    play = patched_play(patches)
    rules = ASSIGNMENT.rules()
    explained = 0
    for seed in (1, 2, 3):
        specs = fuzz_engine.generate(seed, 150, feral_hogs=feral_hogs, say=say)
        expected = fuzz_engine.reference_traces(ASSIGNMENT.reference, specs)
        for spec, want in zip(specs, expected):
            have = fuzz_driver.trace_game(play, spec)
            if fuzz_engine.agrees(want, have):
                continue
            message = fuzz_engine.explain(spec, want, have, rules)
            assert re.search(words, message), (spec, message)
            assert TURN_WORDS.match(message) or message.startswith("turn 1: "), message
            assert "could not describe" not in message
            explained += 1
    assert explained >= 5, f"{kind}: only {explained} failing games"


# --- everything from a child is untrusted (issue 10 §1) -----------------------------

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

from grader.hog.fuzz import compare as fuzz_compare  # noqa: E402
from grader.hog.fuzz import explain as fuzz_explain  # noqa: E402
from grader.model import CaseRun, ExampleOutput  # noqa: E402

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=3), inner,
                                                                max_size=3),
    max_leaves=25)
ARG = st.integers(-3, 130) | st.sampled_from(["'x'", "None", "[1, 2]"]) | st.floats(0, 5)
EVENT = st.one_of(
    st.integers(1, 6),
    st.tuples(st.just("s"), st.integers(0, 1), ARG, ARG, st.integers(0, 10)).map(list),
    st.tuples(st.just("c"), st.integers(0, 3), ARG, ARG).map(list),
    st.tuples(st.just("d"), st.sampled_from(["four_sided", "dice"]), st.integers(1, 6)).map(list))
ENDING = st.one_of(
    st.tuples(st.just("r"), st.sampled_from(["(3, 5)", "None", "(0, 0)", "1", "(1, 2, 3)"])),
    st.tuples(st.just("e"), st.text(max_size=20), st.text(max_size=20))).map(list)
TRACE = st.builds(lambda events, end: events + [end], st.lists(EVENT, max_size=30), ENDING)


@pytest.fixture(scope="module")
def small_fuzz_case():
    """A 05b fuzz case of 6 games, its kind, and the reference's traces of them."""
    question = fuzz_only(("05b",))[0]
    suite = question.suites[0]
    suite.raw = {**suite.raw, "games": 6, "shrink": 0}
    case = suite.cases[0]
    kind = fuzz_suite.FuzzKind(ASSIGNMENT)
    _, specs, expected = kind.games(case)
    return case, kind, specs, expected


def judged(small_fuzz_case, printed: str):
    case, kind, _, _ = small_fuzz_case
    run = CaseRun(outputs=[ExampleOutput(printed=printed)])
    return kind.judge(case, run, runner=None)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(JSON)
def test_any_json_from_the_worker_gives_a_verdict(small_fuzz_case, value):
    result = judged(small_fuzz_case, json.dumps(value))
    assert result.status in ("failed", "error")
    assert result.message


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_traces_changed_anywhere_give_a_failing_verdict(small_fuzz_case, data):
    """The reference's own traces with one game replaced, cut, or one event changed
    into anything (well-formed or not): failed or error, with words, never a crash."""
    _, _, specs, expected = small_fuzz_case
    got = json.loads(json.dumps(expected))
    game = data.draw(st.integers(0, len(got) - 1))
    how = data.draw(st.sampled_from(["event", "insert", "cut", "game", "trace"]))
    if how == "event":
        at = data.draw(st.integers(0, len(got[game]) - 1))
        got[game][at] = data.draw(JSON | EVENT)
    elif how == "insert":
        got[game].insert(data.draw(st.integers(0, len(got[game]))), data.draw(JSON | EVENT))
    elif how == "cut":
        got[game] = got[game][:data.draw(st.integers(0, len(got[game]) - 1))]
    elif how == "game":
        got[game] = data.draw(JSON)
    else:
        got[game] = data.draw(TRACE)
    if fuzz_compare.first_failing(expected, got) is None:
        return  # the change made another correct trace (an allowed question, say)
    result = judged(small_fuzz_case, json.dumps(got))
    assert result.status in ("failed", "error"), result.message
    assert "could not describe" not in result.message, result.message
    assert isinstance(result.expected, str) and isinstance(result.got, str)


@pytest.mark.parametrize("printed", [
    "[" * 100000 + "]" * 100000,  # nesting deeper than any recursion limit
    "[" + "9" * 5000 + "]",  # more digits than int() takes
    "[1e999, -1e999]", "[NaN]", "", "\x00", "null", "[[[\"s\", 0, 0, 0, 1]]]" * 3,
    json.dumps([[["s", 0, 2 ** 80, 0, 5], ["r", "(1, 2)"]]] * 6),
    json.dumps([[["s", 0, 0, 0, 5]] * 6000 + [["r", "x"]]] * 6),
    json.dumps([[["r", "y" * 100000]]] * 6),
])
def test_hostile_output_gives_a_verdict(small_fuzz_case, printed):
    result = judged(small_fuzz_case, printed)
    assert result.status in ("failed", "error")


@settings(max_examples=500, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_explain_and_render_describe_any_well_formed_trace(small_fuzz_case, data):
    """The words are built without the engine's safety net: whatever a well-formed
    trace holds, `explain` names a difference and `render` prints it."""
    _, _, specs, expected = small_fuzz_case
    index = data.draw(st.integers(0, len(specs) - 1))
    want = expected[index]
    cut = data.draw(st.integers(0, len(want) - 1))
    have = want[:cut] + data.draw(TRACE)
    assert fuzz_compare.problem(have) is None
    if fuzz_compare.agrees(want, have):
        return
    words = fuzz_explain.explain(specs[index], want, have, ASSIGNMENT.rules())
    assert words and words != "the traces agree"
    assert fuzz_engine.render(have)


HOSTILE = {
    # never returns, but only while the shrinker's player serves games
    "roll_dice hangs in the shrinker": (
        "    import traceback\n"
        "    if any(f.name == 'serve' for f in traceback.extract_stack()):\n"
        "        while True:\n"
        "            pass\n", r"differs from the reference: turn \d+"),
    "kills its process in the shrinker": (
        "    import os, signal, traceback\n"
        "    if any(f.name == 'serve' for f in traceback.extract_stack()):\n"
        "        os.kill(os.getpid(), signal.SIGKILL)\n", r"differs from the reference: turn \d+"),
    "writes garbage to every descriptor": (
        "    import os\n"
        "    for fd in range(1, 40):\n"
        "        try:\n"
        "            os.write(fd, b'garbage ]]] \\n{\\n')\n"
        "        except OSError:\n"
        "            pass\n", r""),
    "writes garbage to every descriptor in the shrinker": (
        "    import os, traceback\n"
        "    if any(f.name == 'serve' for f in traceback.extract_stack()):\n"
        "        for fd in range(1, 40):\n"
        "            try:\n"
        "                os.write(fd, b'garbage ]]] \\n{\\n')\n"
        "            except OSError:\n"
        "                pass\n", r"differs from the reference: turn \d+"),
    "puts wrong types in the tracer's events": (
        "    import sys\n"
        "    frame = sys._getframe()\n"
        "    while frame and 'events' not in frame.f_locals:\n"
        "        frame = frame.f_back\n"
        "    if frame:\n"
        "        frame.f_locals['events'].extend([5.5, ['s', '0'], {'a': 1}])\n",
        r"malformed|unreadable"),
    "makes the tracer answer an int per game": (
        "    import sys\n"
        "    frame = sys._getframe()\n"
        "    while frame and '_trace' not in frame.f_globals:\n"
        "        frame = frame.f_back\n"
        "    if frame:\n"
        "        frame.f_globals['_trace'] = lambda *args: 5\n", r"malformed|unreadable"),
    "makes the tracer print deep nesting": (
        "    import sys\n"
        "    frame = sys._getframe()\n"
        "    while frame and '_dumps' not in frame.f_globals:\n"
        "        frame = frame.f_back\n"
        "    if frame:\n"
        "        frame.f_globals['_dumps'] = lambda traces: '[' * 200000 + ']' * 200000\n",
        r"unreadable"),
}


@pytest.mark.parametrize("attack", sorted(HOSTILE))
def test_hostile_plays_get_a_verdict_and_the_run_goes_on(tmp_path, attack):
    """Each attack sits in roll_dice of a play that adds Feral Hogs even when told not
    to (so 05b's games without it fail and the shrinker runs); 05b gets a verdict, and
    05a (whose games never earn the bonus) is still graded after it."""
    code, words = HOSTILE[attack]
    source = (ASSIGNMENT.reference / "hog.py").read_text()
    source = source.replace("    total, pig_out = 0, False\n", code + "    total, pig_out = 0, False\n")
    source = source.replace("if feral_hogs and abs(", "if abs(")
    src = hog_folder(tmp_path / "hostile", source)
    questions = fuzz_only(("05b", "05a"))
    for question in questions:
        for suite in question.suites:
            suite.raw = {**suite.raw, "shrink": 6}
    result = session.grade(questions, Runner(preflight=("hog",), src=src, timeout=20), verbose=True,
                           respect_locks=False)
    first, then = result.questions
    assert first.status != "passed" and first.score == 0
    failing = next(c for c in first.case_results if c.status != "passed")
    assert re.search(words, failing.message), failing.message
    assert then.case_results and then.case_results[0].message
    if "the shrinker" in attack:
        assert then.status == "passed", then.case_results[0].message


def test_the_shrinkers_games_count_against_the_submissions_wall_cap(tmp_path):
    """Shrinking a failing game runs the student's play again, in a player of its own:
    its time is the submission's, so code that sleeps only there holds a bulk slot no
    longer than its wall cap allows (it took a budget of its own per failing suite,
    past the cap: attack29 F3). Once the cap is spent, the failing game stands as found."""
    sleep = ("    import time, traceback\n"
             "    if any(f.name == 'serve' for f in traceback.extract_stack()):\n"
             "        time.sleep(0.5)\n")
    source = (ASSIGNMENT.reference / "hog.py").read_text()
    source = source.replace("    total, pig_out = 0, False\n", sleep + "    total, pig_out = 0, False\n")
    source = source.replace("if feral_hogs and abs(", "if abs(")
    src = hog_folder(tmp_path / "slow", source)
    questions = fuzz_only(("05b",))
    for suite in questions[0].suites:
        suite.raw = {**suite.raw, "shrink": 30}
    runner = Runner(preflight=("hog",), src=src, timeout=5, wall_cap=4.0)
    started = time.monotonic()
    result = session.grade(questions, runner, verbose=True, respect_locks=False)
    took = time.monotonic() - started
    assert result.questions[0].score == 0
    failing = next(c for c in result.questions[0].case_results if c.status != "passed")
    assert ("differs from the reference" in failing.message  # (on a loaded machine, the
            or "its limit" in failing.message)  # fuzz games themselves may spend the cap)
    assert took < 4.0 + 8, took  # the cap, a game past it, and the fuzz run itself
    assert runner.waited >= 4.0


@pytest.fixture(scope="module")
def recorded_case(tmp_path_factory):
    """05a's recorded fuzz case in a fresh workspace, and the file its games are in."""
    ws = workspace.init(ASSIGNMENT, tmp_path_factory.mktemp("recorded") / "ws")
    question = casefile.load_questions(ws / "tests", ["05a"])[0]
    suite = next(s for s in question.suites if s.type == "fuzz")
    return suite.cases[0], ws / "tests" / suite.raw["recorded"]


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_a_damaged_recording_is_an_error_of_that_case(recorded_case, data):
    """The recorded games live in the student's workspace: any damage to them (games
    replaced by any JSON, or one spec or trace changed) is an error of that case."""
    case, path = recorded_case
    original = path.read_text()
    recording = json.loads(original)
    games = recording["seeds"]["1"]
    where = data.draw(st.sampled_from(["file", "games", "game", "spec", "trace"]))
    if where == "file":
        recording = data.draw(JSON)
    elif where == "games":
        recording["seeds"]["1"] = data.draw(JSON)
    else:
        index = data.draw(st.integers(0, len(games) - 1))
        part = {"game": None, "spec": 0, "trace": 1}[where]
        damaged = data.draw(JSON)
        if part is None:
            games[index] = damaged
        else:
            games[index][part] = damaged
    try:
        path.write_text(json.dumps(recording))
        kind = fuzz_suite.FuzzKind(ASSIGNMENT)
        kind.job(case, 0)
        result = kind.judge(case, CaseRun(outputs=[ExampleOutput(printed="[]")]), runner=None)
    finally:
        path.write_text(original)
    assert result.status in ("error", "failed")


def test_a_run_reads_and_checks_each_recorded_game_once(tmp_path, monkeypatch):
    """Replaying the recorded games costs milliseconds: each file is parsed, and each
    recorded trace checked, once per run (a case's job and its judge read the same
    file)."""
    ws = workspace.init(ASSIGNMENT, tmp_path / "ws")
    shutil.copy(ASSIGNMENT.reference / "hog.py", ws / "hog.py")
    questions = casefile.load_questions(ws / "tests", ["05a", "05b", "06"])
    games = sum(len(json.loads(p.read_text())["seeds"]["1"])
                for p in (ws / "tests").glob("*.fuzz.json"))
    checked = []
    real = fuzz_compare.problem
    monkeypatch.setattr(fuzz_compare, "problem", lambda trace: checked.append(1) or real(trace))
    # question 6 judges commentary on the game the student's play played: its traces
    # are read on their own, not only where they differ from the recorded ones
    assert '"commentary"' in (ws / "tests" / "06.grader.json").read_text()
    own_game = len(json.loads((ws / "tests" / "06.fuzz.json").read_text())["seeds"]["1"])
    result = session.grade(questions, Runner(preflight=("hog",), src=ws, timeout=30), assignment=ASSIGNMENT)
    assert result.all_passed, [c.message for q in result.questions for c in q.case_results]
    assert games == 350 and own_game == 100
    assert len(checked) == games + own_game


def test_a_live_commentary_game_equal_to_the_references_is_not_analysed(monkeypatch):
    """Bulk judges 500 commentary games a submission: a game that is the reference's
    own, event for event and type for type, passes without the analysis; one equal only
    in value (1.0 or True for 1, as JSON may carry) is analysed, and fails."""
    question = fuzz_only(("06",))[0]
    suite = question.suites[0]
    suite.raw = {**suite.raw, "games": 8, "shrink": 0}
    case = suite.cases[0]
    kind = fuzz_suite.FuzzKind(ASSIGNMENT)
    _, _, expected = kind.games(case)
    analysed = []
    real = fuzz_suite.FuzzKind._commentary_fault
    monkeypatch.setattr(fuzz_suite.FuzzKind, "_commentary_fault",
                        lambda self, trace, *a: analysed.append(1) or real(self, trace, *a))

    def judge(traces):
        printed = json.dumps(traces)  # all games on the last line, as the worker prints them
        return kind.judge(case, CaseRun(outputs=[ExampleOutput(printed=printed)]), runner=None)

    assert judge(expected).status == "passed" and analysed == []
    for unlike in (1.0, True):
        got = json.loads(json.dumps(expected))
        at = next(i for i, event in enumerate(got[3]) if isinstance(event, list)
                  and event and event[0] == "s" and event[1] == 1)
        got[3][at][1] = unlike  # equal to 1 in Python, not an int
        assert got == expected
        analysed.clear()
        result = judge(got)
        assert analysed and result.status == "failed"
        assert "Fuzz game 4 of 8" in result.message and "malformed" in result.message


CUT_SHORT = {  # a play that knows the fuzz tracer plays otherwise when given a commentary
    "raises after one strategy call": ("strategy0(score0, score1)\n"
                                       "        raise ValueError('not today')\n"),
    "asks the other strategy, then raises": ("strategy1(score1, score0)\n"
                                             "        raise ValueError('not today')\n"),
    "returns after one turn": ("score0 += take_turn(strategy0(score0, score1), score1, dice)\n"
                               "        say(score0, score1)\n"
                               "        return score0, score1\n"),
    "forges a finished game": ("take_turn(strategy0(score0, score1), score1, dice)\n"
                               "        score0 = max(score0, goal)\n"
                               "        say(score0, score1)\n"
                               "        return score0, score1\n"),
}


@pytest.mark.parametrize("cheat", sorted(CUT_SHORT))
def test_a_play_that_cuts_commented_games_short_fails_the_commentary_fuzz(tmp_path, cheat):
    """Question 6 judges commentary on the game the student's play played, so that a
    play bug is charged to play's questions only. A play that recognised the tracer and
    cut short only its commented games had every commentary bug excused (attack20 B1).
    Where this run's fuzz games of play all agreed with the reference, a game play plays
    otherwise under a commentary is question 6's."""
    src = tmp_path / "cheat"
    shutil.copytree(ASSIGNMENT.reference, src)
    hog = src / "hog.py"
    line = "    who = 0  # Who is about to take a turn, 0 (first) or 1 (second)\n"
    text = hog.read_text()
    assert line in text
    hog.write_text(text.replace(line, line + (
        "    if getattr(strategy0, '__module__', '') == 'fuzz_driver' and say is not silence:\n"
        "        " + CUT_SHORT[cheat]), 1))
    results = grade_fuzz(src)
    assert results["05a"].status == results["05b"].status == "passed"
    assert results["06"].status == "failed"
    message = results["06"].case_results[0].message
    assert "your play plays this game otherwise than the reference" in message, message


def test_a_play_bug_no_check_of_this_run_covers_stays_the_play_questions(tmp_path):
    """Question 6's games are played with Feral Hogs on; `-q 05a -q 06` checks play with
    it off only. A Feral Hogs bug is then no sign that play plays otherwise when given a
    commentary: 6 judges the commentary on the student's own game, as without 5a."""
    src = hog_mutants.make(tmp_path / "broken", "feral compares with the opponent's dice")
    results = grade_fuzz(src, ("05a", "06"))
    assert results["05a"].status == "passed"
    assert results["06"].status == "passed", results["06"].case_results[0].message


def test_traces_of_more_values_than_games_hold_are_refused_unparsed():
    """The fuzz case's traces are the last line its code prints: a play that swapped
    the tracer's output for 30 MB of `{}` had the grader parse it whole (1 GB of its
    own memory). A batch is refused when it holds more than COUNT games can."""
    import tracemalloc
    from grader.hog.fuzz.suite import read_traces
    bomb = "[" + "{}," * 3_000_000 + "{}]"
    tracemalloc.start()
    try:
        got, problem = read_traces("noise\n" + bomb + "\n", 100)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert got is None and problem == "more than 100 games' traces can hold"
    assert peak < 4 * len(bomb), f"{peak >> 20} MiB"
    honest = json.dumps([[["s", 0, 9, 6, 9], 5, 6, 5, ["c", 0, 48, 6], ["r", "(48, 6)"]]] * 100)
    assert read_traces(honest, 100)[0] is not None


@settings(max_examples=60, deadline=None)
@given(text=st.text(st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF) | st.characters(),
                    max_size=8))
def test_no_text_a_trace_carries_fails_to_encode(tmp_path_factory, text):
    """JSON may escape a lone surrogate ("\\ud800"), which parses into a str that no
    UTF-8 file can hold: a play that raised such a message under the tracer stopped
    bulk's report.html (attack21 K4). Every text parsed from a child is encodable."""
    from grader.bulk import report as bulk_report
    printed = json.dumps([[["s", 0, 0, 0, 1], 1, ["e", "ValueError: " + text, text]]])
    got, problem = fuzz_suite.read_traces(printed, 1)
    assert problem is None
    for event in got[0][2]:
        event.encode("utf-8")
    kind = fuzz_suite.FuzzKind(ASSIGNMENT)
    case = fuzz_only(("05a",))[0].suites[0].cases[0]
    result = kind.judge(case, CaseRun(outputs=[ExampleOutput(printed=printed)]), runner=None)
    page = tmp_path_factory.mktemp("page") / "report.html"
    bulk_report._write(page, result.message + "\ud800")  # a second wall: never raises
    assert "\\ud800" in page.read_text(encoding="utf-8")


def test_json_a_child_sends_too_deep_to_parse_is_junk_not_a_crash():
    """A strategy's hello line of 2000 nested arrays raised RecursionError in the
    grader, which the reader did not expect: the submission was counted as the
    grader's failure, again at every --resume (attack21 K5)."""
    from grader import untrusted
    from grader.hog.strategy import reader
    deep = "[" * 3000 + "]" * 3000
    with pytest.raises(ValueError):
        untrusted.loads(deep)
    assert reader.last_json_line(deep.encode()) is None
    assert fuzz_suite.read_traces(deep, 1) == (None, "not JSON")
    # U+D800 as raw UTF-8 bytes, which json would decode as it is (attack21 K10)
    untrusted.loads(b'{"error": "forged \xed\xa0\x80 words"}')["error"].encode("utf-8")
    # a surrogate escape as deep as json parses: cleaned without recursing (hunt21 F1)
    deep = "[" * 900 + '{"\\udc80": "\\ud800"}' + "]" * 900
    value = untrusted.loads(deep)
    for _ in range(900):
        value = value[0]
    assert value == {"\ufffd": "\ufffd"}


def test_a_player_flooding_its_answer_costs_the_grader_little(tmp_path):
    """The shrinker's player (student code) wrote 64 MiB without a newline: the grader
    copied its whole buffer for each 64 KiB read, 20 s of its own CPU per failing
    fuzz suite (attack20 B3). Now it reads the flood once and refuses it."""
    import time
    flood = ("import sys, os\nsys.stdin.readline()\n"
             "for _ in range(48 * 16):\n    os.write(1, b'x' * 65536)\nos.write(1, b'\\n')\n"
             "sys.stdin.read()\n")
    started = time.monotonic()
    with pytest.raises(fuzz_engine.PlayerGone):
        fuzz_engine.Player([sys.executable, "-c", flood], tmp_path, timeout=30)
    assert time.monotonic() - started < 5


@pytest.mark.parametrize("edition", ["fa19", "su21", "sp14", "sp13", "sp18-contest"])
def test_a_fuzz_job_carries_the_play_adapter_and_none_of_the_rules(edition):
    """Graded code can read its own job: every fuzz case sent the edition's whole rules
    module, which a submission printed into a visible case's output on Gradescope
    (attack23 F2). The worker gets PLAY and play_game only, and the games still run."""
    from grader.hog import editions
    chosen = assignment.load(edition)
    rules = chosen.rules()
    source = fuzz_engine.edition_source(rules)
    rule_functions = [name for name in editions.REQUIRED if callable(getattr(rules, name))]
    assert rule_functions and not [n for n in rule_functions if f"def {n}(" in source]
    assert "def play_game(" in source
    namespace = {"__name__": "fuzz_edition"}
    exec(compile(source, "fuzz_edition.py", "exec"), namespace)
    assert namespace["PLAY"] == rules.PLAY
    questions = casefile.load_questions(chosen.cases, None)
    case = next(c for q in questions for s in q.suites if s.type == "fuzz" for c in s.cases)
    job = fuzz_suite.FuzzKind(chosen).job(case, 0)
    text = "".join(job.setup + job.examples)
    assert "play_game" in text and not [n for n in rule_functions if f"def {n}(" in text]
