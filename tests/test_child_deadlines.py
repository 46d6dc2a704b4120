"""No child can make the grader wait without a deadline (issue 18, item 1).

The attack: at import, the student's code writes the word the grader waits for
(`{"ready": true}`) on every open file descriptor, then sleeps, so the grader goes on
to feed a child that never reads. Each feeder of a child is attacked here for real
(real processes, real bulk runs): the worker fed its job, the fuzz player fed games by
the shrinker, the browser game fed its answers, the strategy reader. Each must give
the attacker a timeout or an error, in bounded time, and its neighbours their marks.
And a bulk run that is interrupted (Ctrl-C, SIGTERM) stops at once, still writes its
reports for what finished, and `--resume` grades the rest.
"""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from grader import assignment as assignments
from grader.hog.fuzz import engine as fuzz
from grader.run.runner import CaseJob, Runner
from grader.run.sandbox import bwrap_problem

import hostile_class

ROOT = Path(__file__).resolve().parents[1]
ASSIGNMENT = assignments.load()
REFERENCE = (ASSIGNMENT.reference / "hog.py").read_text()
BULK_CASES = ROOT / "tests" / "data" / "bulk_cases"
GRADE = [sys.executable, "-m", "grader.cli", "bulk"]
needs_bwrap = pytest.mark.skipif(bwrap_problem() is not None, reason=str(bwrap_problem()))

PIPE_BYTES, FORGE = hostile_class.PIPE_BYTES, hostile_class.FORGE
# forges "ready" on every channel, then sleeps far past every limit
FORGES_READY = REFERENCE + "\n\n" + FORGE + (
    "_forge(b'{\"ready\": true}\\n')\n"
    "_time.sleep(3600)\n")


def submission(folder: Path, text: str, assignment=ASSIGNMENT) -> Path:
    """FOLDER holding TEXT as hog.py beside the assignment's support files."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "hog.py").write_text(text)
    for name in assignment.support:
        (folder / name).write_bytes((assignment.template / name).read_bytes())
    return folder


def bounded(function, seconds):
    """FUNCTION's value, or a failed test if it has not returned within SECONDS (it
    then goes on in a daemon thread: a hang must fail the test, not stop the suite)."""
    box = {}

    def call():
        try:
            box["value"] = function()
        except BaseException as error:  # handed back to the test
            box["error"] = error

    thread = threading.Thread(target=call, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still waiting after {seconds} s: the grader hangs"
    if "error" in box:
        raise box["error"]
    return box["value"]


def run_command(argv, seconds, **options):
    """Run ARGV in a session of its own; kill it all if it outlives SECONDS."""
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True, **options)
    try:
        out, err = process.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail(f"{' '.join(map(str, argv[:4]))} ... still running after {seconds} s")
    return subprocess.CompletedProcess(argv, process.returncode, out, err)


# --- the worker, fed its job ----------------------------------------------------------

def big_jobs(count=3):
    """Cases whose job is larger than a pipe holds (as a real assignment's is)."""
    pad = "x" * (PIPE_BYTES + 4096)
    return [CaseJob(i, [f"roll_dice(1, make_test_dice({i + 2}))\n", f"len({pad!r})\n"],
                    setup=["from hog import *\n"]) for i in range(count)]


def test_a_worker_that_forged_ready_and_sleeps_costs_timeouts_not_a_hung_grader(tmp_path):
    runner = Runner(preflight=("hog",), src=submission(tmp_path, FORGES_READY), timeout=1.0, budget=2.0)
    started = time.monotonic()
    try:
        runs = bounded(lambda: [run for _, run in runner.run(big_jobs())], 30)
    finally:
        runner.close()
    assert time.monotonic() - started < 20
    assert [run.status for run in runs] == ["timeout"] * 3
    assert all("did not finish within 1 s" in run.message for run in runs)


def test_a_correct_submission_still_gets_a_job_larger_than_a_pipe(tmp_path):
    runner = Runner(preflight=("hog",), src=submission(tmp_path, REFERENCE), timeout=5.0)
    try:
        runs = bounded(lambda: [run for _, run in runner.run(big_jobs())], 60)
    finally:
        runner.close()
    assert [run.status for run in runs] == ["ran"] * 3
    assert [run.outputs[0].printed for run in runs] == ["2\n", "3\n", "4\n"]
    assert runs[0].outputs[1].printed == f"{PIPE_BYTES + 4096}\n"


def padded_cases(folder: Path) -> Path:
    """bulk_cases with a visible case of question 1 whose source is larger than a pipe
    holds, so the job the grader writes to a worker is too."""
    return hostile_class.make_cases(folder, BULK_CASES)


@needs_bwrap
def test_a_forged_ready_in_a_bulk_run_beside_a_correct_neighbour(tmp_path):
    source = tmp_path / "in"
    for sid, text in (("forger", FORGES_READY), ("neighbour", REFERENCE)):
        (source / sid).mkdir(parents=True)
        (source / sid / "hog.py").write_text(text)
    cases, out = padded_cases(tmp_path / "cases"), tmp_path / "out"
    started = time.monotonic()
    done = run_command(GRADE + [str(source), "--out", str(out), "--cases", str(cases),
                                "--timeout", "1", "--budget", "2"], 120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert time.monotonic() - started < 60
    records = {r["id"]: r for r in json.loads((out / "results.json").read_text())["submissions"]}
    assert records["neighbour"]["score"] == records["neighbour"]["max_score"] > 0
    assert records["forger"]["score"] == 0
    assert "timed out" in json.dumps(records["forger"]["questions"]).lower()
    for name in ("grades.csv", "report.html", "gradescope/forger/results.json"):
        assert (out / name).exists(), name


# --- the fuzz player, fed games by the shrinker -----------------------------------------

# In the player only (whose stdin is the grader's pipe; a worker's is /dev/null): say
# ready, answer a few thousand games in advance with an empty trace, then read no more.
FORGES_PLAYER_ANSWERS = REFERENCE + "\n\n" + FORGE + (
    "if _os.path.realpath('/proc/self/fd/0') != _os.devnull:\n"
    "    _forge(b'{\"ready\": true}\\n' + b'[[]]\\n' * 4000)\n"
    "    _time.sleep(3600)\n")


def test_a_player_that_stops_reading_is_gone_within_its_timeout(tmp_path):
    """The shrinker asks one game at a time; a player that forged its answers in
    advance and reads no more must not block the grader however many it is asked."""
    submission(tmp_path, FORGES_PLAYER_ANSWERS)
    rules = ASSIGNMENT.rules()
    spec = fuzz.generate(1, 1, rules)[0]
    player = fuzz.Player(fuzz.player_argv(), tmp_path, timeout=1.0,
                         edition=fuzz.edition_source(rules))

    def ask_many():
        for _ in range(4000):  # the shrinker asks up to 400 games, each of this size
            player.traces([spec])
        return "answered"

    started = time.monotonic()
    try:
        with pytest.raises(fuzz.PlayerGone, match="stopped reading"):
            bounded(ask_many, 30)
    finally:
        player.close()
    assert time.monotonic() - started < 15


# --- the browser game, fed its answers ------------------------------------------------

def test_a_play_that_asks_for_rolls_and_never_reads_them_ends_its_game(tmp_path):
    from grader.hog.play.game import Game

    fa19 = assignments.load("fa19")
    source = (fa19.reference / "hog.py").read_text() + "\n\n" + FORGE + (
        "def play(*args, **kwargs):\n"  # asks for 5000 rolls at once, reads no outcome
        "    _forge(b'{\"event\": \"roll\", \"sides\": 6}\\n' * 4900)\n"
        "    _time.sleep(3600)\n")
    submission(tmp_path, source, fa19)
    game = Game(tmp_path, fa19.module, fa19.rules(), stuck_seconds=30).start()
    try:
        deadline = time.monotonic() + 20
        state = bounded(game.state, 5)
        while state["phase"] not in ("error", "over") and time.monotonic() < deadline:
            time.sleep(0.2)
            state = bounded(game.state, 5)  # the page is answered meanwhile
        assert state["phase"] == "error", state["phase"]
        assert "read" in state["error"], state["error"]
    finally:
        game.stop()


# --- the strategy reader ----------------------------------------------------------------

@pytest.mark.parametrize("forged, words", [
    (b'{"ready": true}\n{"table": null}\n', "something other than the strategy's answers"),
    (b'{"team": "forged"}\n', "too slow"),  # the reader's hello: then no question is read
])
def test_a_strategy_file_that_forged_a_verdict_and_sleeps_is_invalid_in_bounded_time(
        tmp_path, forged, words):
    """The reader asks its child questions and reads each answer under a deadline: a
    child that forged the reader's words and sleeps is invalid within the budget."""
    from grader.hog.strategy.reader import read_strategy

    path = tmp_path / "hog.py"
    path.write_text(REFERENCE + "\n\n" + FORGE + f"_forge({forged!r})\n_time.sleep(3600)\n")
    started = time.monotonic()
    read = bounded(lambda: read_strategy(path, ASSIGNMENT, budget=1.0, sandbox=False), 30)
    assert not read.valid and words in read.error, read.error
    assert time.monotonic() - started < 15


# --- an interrupted bulk run ------------------------------------------------------------

SLEEPS_IN_ROLL_DICE = REFERENCE + "\n\nimport time as _time\n_roll = roll_dice\n" + (
    "def roll_dice(num_rolls, dice=six_sided):\n"
    "    _time.sleep(600)\n"
    "    return _roll(num_rolls, dice)\n")


def stored(database: Path):
    try:
        with sqlite3.connect(str(database)) as db:
            return {row[0] for row in db.execute("SELECT id FROM results")}
    except sqlite3.Error:
        return set()


@needs_bwrap
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_an_interrupted_bulk_run_stops_at_once_and_writes_its_reports(tmp_path, signum):
    source, out = tmp_path / "in", tmp_path / "out"
    for sid, text in (("a_done", REFERENCE), ("b_in_flight", SLEEPS_IN_ROLL_DICE),
                      ("c_queued", REFERENCE)):
        (source / sid).mkdir(parents=True)
        (source / sid / "hog.py").write_text(text)
    common = ["--cases", str(BULK_CASES), "--timeout", "3", "--budget", "3", "--jobs", "1"]
    process = subprocess.Popen(GRADE + [str(source), "--out", str(out)] + common, cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while "a_done" not in stored(out / "results.sqlite") and time.monotonic() < deadline:
            time.sleep(0.05)
        assert "a_done" in stored(out / "results.sqlite")
        time.sleep(0.5)  # b_in_flight is sleeping in its first case now
        process.send_signal(signum)
        sent = time.monotonic()
        _, err = process.communicate(timeout=30)
        took = time.monotonic() - sent
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    assert process.returncode == 130, err
    assert "--resume" in err and "Traceback" not in err
    assert took < 6, f"the interrupted run took {took:.1f} s to stop"
    results = json.loads((out / "results.json").read_text())["submissions"]
    assert [r["id"] for r in results] == ["a_done"]
    assert results[0]["score"] == results[0]["max_score"]
    assert (out / "grades.csv").read_text().count("\n") == 2  # the header and a_done
    assert "a_done" in (out / "report.html").read_text()
    assert stored(out / "results.sqlite") == {"a_done"}  # nothing half-graded is kept

    if signum == signal.SIGINT:
        resumed = run_command(GRADE + [str(source), "--out", str(out), "--resume"] + common,
                              120, cwd=ROOT)
        assert resumed.returncode == 0, resumed.stderr
        assert "1 of 3" in resumed.stdout
        results = {r["id"]: r for r in
                   json.loads((out / "results.json").read_text())["submissions"]}
        assert sorted(results) == ["a_done", "b_in_flight", "c_queued"]
        assert results["c_queued"]["score"] == results["c_queued"]["max_score"]
        assert results["b_in_flight"]["score"] < results["b_in_flight"]["max_score"]
