"""`grade winrate`, `grade contest`, `grade optimal` and question 12's win rate, through the
real `grade` command in child processes; the figures are checked against the engine."""

import csv
import dataclasses
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pexpect
import pytest

from grader import assignment as assignments
from grader.hog import family
from grader.hog import editions
from grader.load import casefile
from grader.run.runner import Runner
from grader.session import grade
from grader.hog.strategy.optimal import best_full_state
from grader.hog.strategy.winrate import win_rate

from conftest import REPO, run_grade
from hostile_class import FORGES_WIN_RATE

REFERENCE_RATE = 0.8464711


def strategy_file(folder: Path, body: str, name: str = "hog.py", team: str = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    head = f"TEAM_NAME = {team!r}\n" if team is not None else ""
    path.write_text(head + body, encoding="utf-8")
    return path


def always(k: int) -> str:
    return f"def final_strategy(score, opponent_score):\n    return {k}\n"


def test_reference_win_rate_exact_and_timed(fa19):
    done = run_grade("winrate", str(fa19.reference / "hog.py"), "--json", "-")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["win_rate"] == pytest.approx(REFERENCE_RATE, abs=5e-8)
    assert (data["as_first"] + data["as_second"]) / 2 == pytest.approx(data["win_rate"], abs=1e-12)
    assert data["as_first"] > data["as_second"]
    assert 0 < data["seconds"] < 5
    shown = run_grade("winrate", str(fa19.reference / "hog.py"))
    assert "0.8464711" in shown.stdout and "moving first" in shown.stdout
    assert "\x1b[" not in shown.stdout  # no colour off a terminal


@pytest.mark.parametrize("k, baseline", [(6, 4), (2, 4), (4, 4), (3, 7)])
def test_constant_strategies_match_the_engine(tmp_path, k, baseline):
    path = strategy_file(tmp_path, always(k))
    done = run_grade("winrate", str(path), "--baseline", str(baseline), "--json", "-")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    expected = win_rate(k, baseline)
    assert data["win_rate"] == pytest.approx(expected.win_rate, abs=1e-12)
    assert data["as_second"] == pytest.approx(expected.as_second, abs=1e-12)
    if (k, baseline) == (6, 4):
        assert round(data["win_rate"], 7) == 0.5537917  # the spec's calibration figure


def test_other_function_and_helper_module_beside_it(tmp_path):
    (tmp_path / "tables.py").write_text("SIX = 6\n")
    path = strategy_file(tmp_path, "from tables import SIX\n"
                                   "def mine(score, opponent_score):\n    return SIX\n",
                         name="my_hog.py")
    done = run_grade("winrate", str(path), "--strategy", "mine", "--json", "-")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["win_rate"] == pytest.approx(win_rate(6, 4).win_rate)


INVALID = {
    "eleven": ("def final_strategy(s, o):\n    return 11 if (s, o) == (3, 5) else 4\n",
               "final_strategy(3, 5) returned 11"),
    "float": ("def final_strategy(s, o):\n    return 4.0 if s > 90 else 4\n",
              "final_strategy(91, 0) returned 4.0 (of type float"),
    "none": ("def final_strategy(s, o):\n    if o < 50:\n        return 5\n",
             "final_strategy(0, 50) returned None"),
    "bool": ("def final_strategy(s, o):\n    return True\n", "a bool, not an int"),
    "raises": ("def final_strategy(s, o):\n    return 4 + 0 // (s - 7)\n",
               "final_strategy(7, 0) raised ZeroDivisionError"),
    "drifts": ("calls = [0]\ndef final_strategy(s, o):\n    calls[0] += 1\n"
               "    return 4 if calls[0] <= 10000 else 5\n",
               "final_strategy(0, 0) returned 4 and then 5 when asked again"),
    # the same answers in the same order twice, but each depends on the pair asked before
    "remembers": ("last = [0]\ndef final_strategy(s, o):\n    answer, last[0] = last[0] % 11, o\n"
                  "    return answer\n", "when asked again; it must be a pure function"),
    "slow": ("import time\ndef final_strategy(s, o):\n    time.sleep(0.01)\n    return 4\n",
             "too slow"),
    "exits": ("import os\ndef final_strategy(s, o):\n    if s == 50:\n        os._exit(0)\n"
              "    return 4\n", "exited with status 0 while final_strategy(50, 0) was asked"),
    # a table of 10s written at import on every descriptor as the reader's verdict, then
    # the file exits: the table is never taken (the strategy would roll 11)
    "forges_a_verdict": ("import os\nverdict = b'{\"table\": ' + repr([[10] * 100] * 100)"
                         ".encode() + b', \"team\": null}\\n'\n"
                         "for fd in range(3, 64):\n    try:\n        os.write(fd, verdict)\n"
                         "    except OSError:\n        pass\nos._exit(0)\n" + always(11),
                         "something other than the strategy's answers came on the grader's "
                         "channel before it was ready"),
}


@pytest.mark.parametrize("name", sorted(INVALID))
def test_invalid_strategies_name_the_first_bad_pair(tmp_path, name):
    body, words = INVALID[name]
    path = strategy_file(tmp_path, body)
    done = run_grade("winrate", str(path), "--budget", "1", "--json", str(tmp_path / "out.json"))
    assert done.returncode == 1, done.stdout + done.stderr
    assert words in done.stderr
    assert "Traceback" not in done.stderr
    data = json.loads((tmp_path / "out.json").read_text())
    assert data["valid"] is False and words in data["error"]


def test_printing_strategy_is_still_read(tmp_path):
    path = strategy_file(tmp_path, "import sys\nprint('hello')\n"
                                   "def final_strategy(s, o):\n    print('{\"table\": 1}')\n"
                                   "    sys.stderr.write('noise')\n    return 6\n")
    done = run_grade("winrate", str(path), "--json", "-")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["win_rate"] == pytest.approx(win_rate(6, 4).win_rate)


@pytest.mark.parametrize("hook", [
    "lambda: os.write(1, b'x' * (3 << 20))",
    "lambda: print('{\"table\": ' + repr([[10] * 100] * 100) + ', \"team\": null}')",
])
def test_output_at_exit_neither_fakes_nor_breaks_the_verdict(tmp_path, hook):
    """The verdict travels on the grader's own channel: a flood or a forged verdict
    printed at exit is not read."""
    path = strategy_file(tmp_path, f"import atexit, os\natexit.register({hook})\n" + always(6))
    done = run_grade("winrate", str(path), "--json", "-")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["win_rate"] == pytest.approx(win_rate(6, 4).win_rate)


@pytest.mark.parametrize("body, args, words", [
    (None, (), "does not exist"),
    ("def final_strategy(s, o):\n    return (4\n", (), "syntax error"),
    ("x = " + "-" * 5000 + "1\n" + always(4), (), "nested too deeply"),  # (review27 F2)
    (always(4), ("--strategy", "nope"), "has no function nope"),
    (always(4), ("--baseline", "11"), "--baseline"),
])
def test_usage_errors_exit_2(tmp_path, body, args, words):
    path = tmp_path / "hog.py"
    if body is not None:
        path.write_text(body)
    done = run_grade("winrate", str(path), *args)
    assert done.returncode == 2
    assert words in done.stderr and "Traceback" not in done.stderr


# --- question 12 in grading ----------------------------------------------------------

def q12(ws: Path, *args, env=None):
    done = run_grade("-q", "12", "--json", "-", *args, cwd=ws, env=env)
    return done, json.loads(done.stdout)["questions"]["12"]


def test_q12_reports_the_win_rate(solved_ws):
    done, record = q12(solved_ws)
    assert done.returncode == 0, done.stderr
    assert record["win_rate"] == pytest.approx(REFERENCE_RATE, abs=5e-8)
    assert record["strategy_valid"] is True and record["max_score"] == 0
    assert "Question 12" in done.stderr and "0.8464711" in done.stderr


def _without_numpy(tmp_path: Path, cache: Path) -> dict:
    """An environment whose numpy cannot be imported, with CACHE as the user's cache."""
    fake = tmp_path / "no-numpy" / "numpy"
    fake.mkdir(parents=True, exist_ok=True)
    (fake / "__init__.py").write_text("raise ImportError('numpy is not here')\n")
    path = os.pathsep.join([str(fake.parent), os.environ.get("PYTHONPATH", "")])
    return {"PYTHONPATH": path, "XDG_CACHE_HOME": str(cache)}


def test_q12_rerun_with_the_same_strategy_reuses_its_win_rate(solved_ws, tmp_path):
    """A second run with an unchanged final_strategy takes its exact win rate from the
    user's cache: no numpy import, no tabulated game (a run with numpy gone still shows
    it); a changed strategy is computed afresh (without numpy: not computed)."""
    cache = tmp_path / "cache"
    first = run_grade("-q", "12", "--json", "-", cwd=solved_ws, env={"XDG_CACHE_HOME": str(cache)})
    assert json.loads(first.stdout)["questions"]["12"]["win_rate"] == pytest.approx(
        REFERENCE_RATE, abs=5e-8)
    done, record = q12(solved_ws, env=_without_numpy(tmp_path, cache))
    assert record["win_rate"] == pytest.approx(REFERENCE_RATE, abs=5e-8), done.stderr
    assert "0.8464711" in done.stderr and "not computed" not in done.stderr
    source = solved_ws / "hog.py"
    source.write_text(source.read_text() + "\n" + always(5))
    done, record = q12(solved_ws, env=_without_numpy(tmp_path, cache))
    assert record["strategy_valid"] is True and record["win_rate"] is None
    assert "not computed" in done.stderr


def test_q12_invalid_strategy_fails_with_the_pair(solved_ws):
    source = solved_ws / "hog.py"
    source.write_text(source.read_text() + "\n_real = final_strategy\n"
                      "def final_strategy(s, o):\n    return 0.5 if (s, o) == (9, 9) else _real(s, o)\n")
    done = run_grade("-q", "12", "-v", "--json", "-", cwd=solved_ws)
    record = json.loads(done.stdout)["questions"]["12"]
    assert done.returncode == 1
    assert record["status"] == "failed" and record["strategy_valid"] is False
    assert record["win_rate"] is None
    assert "final_strategy(9, 9) returned 0.5" in done.stderr


def _set_suite(ws: Path, **settings):
    path = casefile.sidecar_path(ws / "tests" / "12.py")
    data = json.loads(path.read_text())
    data["suites"][0].update(settings)
    path.write_text(json.dumps(data))


def test_q12_a_forged_table_earns_nothing(solved_ws):
    """The worker's printed table is the student's word: the grader asks the strategy
    itself, so the table that counts is the one final_strategy gives (0 dice, far below
    the threshold), not the reference's table the file printed in its place."""
    _set_suite(solved_ws, threshold=0.8, points=3)
    source = solved_ws / "hog.py"
    source.write_text(source.read_text() + FORGES_WIN_RATE)
    done = run_grade("-q", "12", "--score", "--json", "-", cwd=solved_ws)
    record = json.loads(done.stdout)["questions"]["12"]
    assert (record["score"], record["max_score"]) == (0, 3), done.stderr
    assert record["win_rate"] == pytest.approx(win_rate(0, 4).win_rate, abs=1e-9)
    assert "a win rate of at least 0.8" in done.stderr


@pytest.mark.parametrize("threshold, passed", [(0.9, False), (0.8, True)])
def test_q12_threshold_earns_points(solved_ws, threshold, passed):
    _set_suite(solved_ws, threshold=threshold, points=3)
    done = run_grade("-q", "12", "--score", "--json", "-", cwd=solved_ws)
    record = json.loads(done.stdout)["questions"]["12"]
    assert record["max_score"] == 3
    assert record["score"] == (3 if passed else 0)
    assert record["win_rate"] == pytest.approx(REFERENCE_RATE, abs=5e-8)
    assert done.returncode == (0 if passed else 1)
    if not passed:
        assert f"a win rate of at least {threshold:g}" in done.stderr


def test_assignment_config_threshold(fa19, tmp_path):
    """The config's section is read (a suite without its own settings), in process."""
    config = {**fa19.config, "winrate": {"baseline": 6, "threshold": 0.5, "points": 2}}
    staff = dataclasses.replace(fa19, config=config)  # (its cached properties stay behind)
    questions = casefile.load_questions(fa19.cases, ["12"])
    result = grade(questions, Runner(src=fa19.reference, preflight=("hog",)), assignment=staff,
                   verbose=True, respect_locks=False)
    record = result.questions[0].record()
    assert record["win_rate"] == pytest.approx(win_rate(_reference_table(fa19), 6).win_rate)
    assert record["win_rate_baseline"] == 6
    assert record["max_score"] == 2 and record["score"] == 2


def _reference_table(fa19):
    from grader.hog.strategy.reader import read_strategy
    return read_strategy(fa19.reference / "hog.py", fa19).table


def test_ok_still_loads_the_workspace(solved_ws, ok_command):
    """ok refuses a whole assignment when a case file has a suite type it does not know."""
    done = subprocess.run([str(ok_command), "-q", "12", "--local"], cwd=solved_ws,
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "HOME": str(solved_ws.parent)})
    assert "Invalid suite type" not in done.stdout + done.stderr
    assert "2 test cases passed" in done.stdout


# --- the contest ---------------------------------------------------------------------

def test_contest_ranks_excludes_and_ties(tmp_path):
    entries = tmp_path / "entries"
    strategy_file(entries, always(6), "six.py", team="Sixes")
    strategy_file(entries, always(4), "four.py", team="Fours")
    strategy_file(entries, always(4), "four_again.py", team="Fours too")
    strategy_file(entries / "folder_entry", always(5), team="Fives")
    strategy_file(entries, "def final_strategy(s, o):\n    return -1\n", "bad.py", team="Bad")
    out = tmp_path / "out"
    done = run_grade("contest", str(entries), "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert "Excluded bad.py" in done.stdout and "final_strategy(0, 0) returned -1" in done.stdout
    rows = list(csv.DictReader(open(out / "leaderboard.csv")))
    assert [r["team"] for r in rows] == ["Sixes", "Fives", "Fours", "Fours too"]
    assert [r["rank"] for r in rows] == ["1", "2", "3", "3"]  # a tie shares its place
    assert [r["match_points"] for r in rows] == ["3", "2", "0", "0"]  # ties are losses
    matrix = json.loads((out / "matrix.json").read_text())
    assert matrix["matrix"][0][2] == pytest.approx(win_rate(6, 4).win_rate, abs=1e-9)
    assert matrix["matrix"][2][3] == pytest.approx(0.5, abs=1e-9)
    assert "Sixes" in (out / "index.html").read_text()
    assert json.loads((out / "excluded.json").read_text())[0]["entry"] == "bad.py"
    assert "Sixes" in done.stdout and "Leaderboard" in done.stdout


def test_hostile_entries_do_not_break_the_contest(tmp_path):
    entries = tmp_path / "entries"
    strategy_file(entries, always(6), "six.py", team="Sixes")
    strategy_file(entries, "import os\nTEAM_NAME = ' '.join(sorted(os.listdir('.')))\n"
                  + always(4), "snoop.py")
    strategy_file(entries, "import os\ndef final_strategy(s, o):\n    os._exit(0)\n",
                  "exits.py", team="Exits")
    strategy_file(entries, "def final_strategy(s, o):\n    while True:\n        try:\n"
                  "            while True:\n                pass\n        except BaseException:\n"
                  "            pass\n", "loops.py", team="Loops")
    strategy_file(entries, "while True:\n    pass\n", "import_loops.py", team="Import")
    strategy_file(entries, "import os\nos.kill(os.getppid(), 9)\n" + always(5), "killer.py",
                  team="Killer")
    out = tmp_path / "out"
    done = run_grade("contest", str(entries), "--out", str(out), "--budget", "1", "--jobs", "4",
                     timeout=60)
    assert done.returncode == 0, done.stderr
    excluded = {e["entry"] for e in json.loads((out / "excluded.json").read_text())}
    # the killer may not signal its parent: its import fails, the contest goes on
    assert excluded == {"exits.py", "loops.py", "import_loops.py", "killer.py"}
    teams = [r["team"] for r in csv.DictReader(open(out / "leaderboard.csv"))]
    assert teams[0] == "Sixes" and len(teams) == 2
    snoop = next(t for t in teams if "hog.py" in t)
    assert "six" not in snoop and "exits" not in snoop  # each entry sees only its own copy


# --- optimal ---------------------------------------------------------------------------

def test_optimal_prints_both_win_rates():
    done = run_grade("optimal", "--sweeps", "1", timeout=180)
    assert done.returncode == 0, done.stderr
    full = next(line for line in done.stdout.splitlines() if "full state" in line)
    assert "0.8800845" in full
    assert "scores only" in done.stdout and "0.8464711" in done.stdout
    assert "coordinate ascent" in done.stdout and "local optimum" in done.stdout
    assert "Scores-only ascent" not in done.stdout + done.stderr  # no progress on a pipe
    assert "\x1b[" not in done.stdout


def test_optimal_help_claims_no_exact_scores_only_optimum():
    done = run_grade("optimal", "--help")
    text = " ".join(done.stdout.split())
    assert "coordinate ascent" in text and "not proven" in text and "--save" in text
    assert "the best strategy of the two scores" not in text


def rate_of(line_label: str, stdout: str) -> float:
    line = next(line for line in stdout.splitlines() if line_label in line)
    return float(next(cell for cell in line.split("│") if cell.strip().startswith("0."))
                 .strip())


def test_optimal_saves_a_strategy_file_winrate_and_the_contest_accept(tmp_path):
    saved = tmp_path / "entries" / "optimal.py"
    saved.parent.mkdir()
    done = run_grade("optimal", "--sweeps", "1", "--save", str(saved), timeout=180)
    assert done.returncode == 0, done.stderr
    best = rate_of("(best)", done.stdout)
    assert f"Wrote the best scores-only table to {saved}" in " ".join(done.stdout.split())
    rated = run_grade("winrate", str(saved), "--json", "-")
    assert rated.returncode == 0, rated.stderr
    assert json.loads(rated.stdout)["win_rate"] == pytest.approx(best, abs=5e-8)
    strategy_file(saved.parent, always(4), "four.py", team="Fours")
    out = tmp_path / "out"
    contest = run_grade("contest", str(saved.parent), "--out", str(out))
    assert contest.returncode == 0, contest.stderr
    rows = list(csv.DictReader(open(out / "leaderboard.csv")))
    assert [r["team"] for r in rows] == ["optimal vs always_roll(4)", "Fours"]
    matrix = json.loads((out / "matrix.json").read_text())["matrix"]
    assert matrix[0][1] == pytest.approx(best, abs=5e-8)


@pytest.mark.parametrize("where, words", [
    ("exists.py", "exists; it is not overwritten"),
    ("missing/x.py", "does not exist"),
    ("table.txt", "ending in .py"),
])
def test_optimal_save_problems_stop_before_the_work(tmp_path, where, words):
    (tmp_path / "exists.py").write_text("keep me\n")
    start = time.perf_counter()
    done = run_grade("optimal", "--save", str(tmp_path / where))
    assert done.returncode == 2
    assert words in done.stderr and "Traceback" not in done.stderr
    assert "full state" not in done.stdout
    assert time.perf_counter() - start < 30
    assert (tmp_path / "exists.py").read_text() == "keep me\n"


def test_optimal_shows_progress_on_a_terminal(tmp_path):
    custom = custom_assignment(tmp_path, rules="sp14", baseline=5)
    child = pexpect.spawn(sys.executable, ["-m", "grader.cli", "optimal", "--sweeps", "2",
                                           "--assignment", str(custom)],
                          cwd=str(REPO), timeout=180, encoding="utf-8",
                          env={**os.environ, "COLUMNS": "160", "TERM": "xterm"},
                          dimensions=(40, 160))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    assert "Full-state best response to always_roll(5)" in child.before
    assert "Scores-only ascent from the full-state policy" in child.before
    assert "sp14's rules" in child.before


# --- other editions' rules, through --edition and --assignment -----------------------

def custom_assignment(tmp_path: Path, rules: str, baseline: int, rules_source: str = None) -> Path:
    """An assignment folder of fa19's files graded under other RULES (an edition's
    module, or a rules file written into the folder) with another default baseline."""
    fa19 = assignments.load("fa19")
    folder = tmp_path / f"course_{rules.replace('.', '_')}"
    shutil.copytree(fa19.reference, folder / "reference")
    shutil.copytree(fa19.template, folder / "student_template")
    shutil.copytree(fa19.cases, folder / "cases")
    if rules_source is not None:
        (folder / rules).write_text(rules_source, encoding="utf-8")
    settings = folder / "cases" / "assignment.json"
    config = json.loads(settings.read_text())
    config.update(rules=rules, edition=folder.name,
                  winrate={**config["winrate"], "baseline": baseline})
    settings.write_text(json.dumps(config))
    return folder


MADE_UP_RULES = """
NAME = "made-up"
GOAL = 100
SIDES = 6
MAX_DICE = 10
NAMES = {"zero": "Free Bacon", "extra_turn": "Encore"}
START = (False,)

def sides(score, opponent):
    return 4 if score % 10 == opponent % 10 else 6

def dice(num_rolls, score, opponent):
    return num_rolls

def points(num_rolls, rolled, score, opponent):
    return 3 + opponent % 5 if num_rolls == 0 else rolled

def bonus(num_rolls, memory):
    return 0

def swap(score, opponent):
    return False

def extra_turn(score, opponent, num_rolls, memory):
    return not memory[0] and score % 10 == 3

def remember(num_rolls, memory, again):
    return (bool(again),)
"""


@pytest.mark.parametrize("rules, baseline", [("sp14", 5), ("sp18-contest", 6), ("su21", 6),
                                             ("sp13", 5), ("made_up.py", 3)])
def test_winrate_uses_the_assignments_rules_and_baseline(tmp_path, rules, baseline):
    custom = custom_assignment(tmp_path, rules, baseline,
                               MADE_UP_RULES if rules.endswith(".py") else None)
    path = strategy_file(tmp_path, "def final_strategy(s, o):\n    return (s + 2 * o) % 11\n")
    done = run_grade("winrate", str(path), "--assignment", str(custom), "--json", "-")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    module = editions.load(rules, custom)
    table = [[(s + 2 * o) % 11 for o in range(100)] for s in range(100)]
    assert data["baseline"] == baseline
    assert data["win_rate"] == pytest.approx(win_rate(table, baseline, module).win_rate, abs=1e-12)
    assert data["win_rate"] != pytest.approx(win_rate(table, baseline, "fa19").win_rate, abs=1e-6)


@pytest.mark.parametrize("edition", family.editions())
def test_winrate_of_each_shipped_edition(tmp_path, edition):
    assignment = assignments.load(edition)
    baseline = int((assignment.config.get("winrate") or {}).get("baseline", 4))
    path = strategy_file(tmp_path, always(3))
    done = run_grade("winrate", str(path), "--edition", edition, "--json", "-")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["baseline"] == baseline
    assert data["win_rate"] == pytest.approx(
        win_rate(3, baseline, assignment.rules()).win_rate, abs=1e-12)


def test_a_broken_rules_file_is_a_usage_error(tmp_path):
    custom = custom_assignment(tmp_path, "broken.py", 4, "NAME = 'broken'\n")
    path = strategy_file(tmp_path, always(4))
    done = run_grade("winrate", str(path), "--assignment", str(custom))
    assert done.returncode == 2
    assert "rules broken.py lack" in done.stderr and "Traceback" not in done.stderr


def test_q12_rates_under_the_graded_assignments_rules(fa19, tmp_path):
    custom = assignments.load(path=custom_assignment(tmp_path, "sp18-contest", 5))
    questions = casefile.load_questions(custom.cases, ["12"])
    result = grade(questions, Runner(src=custom.reference, preflight=("hog",)), assignment=custom,
                   verbose=True, respect_locks=False)
    record = result.questions[0].record()
    table = _reference_table(fa19)
    assert record["win_rate_baseline"] == 5
    assert record["win_rate"] == pytest.approx(
        win_rate(table, 5, editions.load("sp18-contest")).win_rate, abs=1e-12)


def test_contest_under_an_editions_rules(tmp_path):
    custom = custom_assignment(tmp_path, "sp18-contest", 6)
    entries = tmp_path / "entries"
    strategy_file(entries, always(6), "six.py", team="Sixes")
    strategy_file(entries, "def final_strategy(s, o):\n    return (s + o) % 8\n", "trot.py",
                  team="Trotters")
    out = tmp_path / "out"
    done = run_grade("contest", str(entries), "--out", str(out), "--assignment", str(custom))
    assert done.returncode == 0, done.stderr
    matrix = json.loads((out / "matrix.json").read_text())
    trot = [[(s + o) % 8 for o in range(100)] for s in range(100)]
    expected = win_rate(trot, 6, editions.load("sp18-contest")).win_rate
    i = matrix["teams"].index("Trotters")
    assert matrix["matrix"][i][1 - i] == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize("rules, baseline", [("sp18-contest", 6), ("su21", 6)])
def test_optimal_under_an_editions_rules(tmp_path, rules, baseline):
    custom = custom_assignment(tmp_path, rules, baseline)
    done = run_grade("optimal", "--assignment", str(custom), "--sweeps", "1", timeout=180)
    assert done.returncode == 0, done.stderr
    assert f"always_roll({baseline}) under {rules}'s rules" in done.stdout
    full = best_full_state(baseline, editions.load(rules))
    assert rate_of("full state", done.stdout) == pytest.approx(full.win_rate, abs=5e-8)
