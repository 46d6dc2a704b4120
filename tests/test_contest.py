"""Contest ranking, report files, and validation of strategies before they enter."""

import csv
import itertools
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from grader.hog.strategy import table as strategy_table
from grader.hog.strategy.contest import WIN_THRESHOLD, match_points, rank, round_robin
from grader.hog.strategy.contest_report import write_report
from grader.hog.strategy.winrate import win_rate

SCRIPT = Path(strategy_table.__file__)


def test_ties_and_near_ties_are_losses():
    matrix = np.array([[0.5, 0.5, 0.5000009],
                       [0.5, 0.5, 0.5000011],
                       [0.4999991, 0.4999989, 0.5]])
    assert WIN_THRESHOLD == 0.500001
    assert match_points(matrix) == [0, 1, 0]


def test_rank_shares_places_and_orders_by_name():
    assert rank(["c", "a", "b", "d"], [1, 2, 1, 0]) == [
        (1, "a", 2), (2, "b", 1), (2, "c", 1), (4, "d", 0)]


def test_round_robin_exact_and_ties_lose():
    entries = [("four", 4), ("six", 6), ("also four", np.full((100, 100), 4)), ("five", 5)]
    result = round_robin(entries, processes=1)
    six, four, also = result.teams.index("six"), result.teams.index("four"), result.teams.index("also four")
    assert result.matrix[six, four] == pytest.approx(win_rate(6, 4).win_rate, abs=1e-12)
    assert result.matrix[four, six] == pytest.approx(1 - result.matrix[six, four], abs=1e-12)
    assert result.matrix[four, also] == pytest.approx(0.5, abs=1e-12)
    assert result.points[four] == result.points[also]
    assert result.ranking[0][1] == "six"
    assert [points for _, _, points in result.ranking] == sorted(result.points, reverse=True)


def test_round_robin_in_processes_matches_serial():
    rng = np.random.default_rng(5)
    entries = [(f"team {i}", rng.integers(1, 9, (100, 100))) for i in range(5)]
    serial = round_robin(entries, processes=1)
    pooled = round_robin(entries, processes=2)
    assert np.allclose(serial.matrix, pooled.matrix, atol=1e-12)
    assert serial.ranking == pooled.ranking


def test_report_files(tmp_path):
    result = round_robin([("<b>bold</b>", 6), ("plain", 4), ("five", 5)], processes=1)
    out = write_report(result, tmp_path / "out")
    rows = list(csv.DictReader(open(out / "leaderboard.csv", encoding="utf-8")))
    assert [row["team"] for row in rows] == [team for _, team, _ in result.ranking]
    assert rows[0]["rank"] == "1"
    data = json.loads((out / "matrix.json").read_text())
    assert data["teams"] == [row["team"] for row in rows]
    assert len(data["matrix"]) == 3 and data["matrix"][0][0] == 0.5
    page = (out / "index.html").read_text()
    assert "&lt;b&gt;bold&lt;/b&gt;" in page and "<b>bold" not in page
    assert "http" not in page and "<script" not in page and "<link" not in page


def valid(score, opponent):
    return (score + opponent) % 11


def check(strategy, budget=10.0):
    return strategy_table.read_table(strategy, "final_strategy", budget=budget)


def test_valid_strategy_gives_its_table():
    result = check(valid)
    assert result["table"][3][4] == 7 and len(result["table"]) == 100


@pytest.mark.parametrize("strategy, words", [
    (lambda s, o: 11 if (s, o) == (5, 6) else 4, "final_strategy(5, 6) returned 11; it must return an int from 0 to 10"),
    (lambda s, o: -1, "final_strategy(0, 0) returned -1"),
    (lambda s, o: 4.0, "final_strategy(0, 0) returned 4.0 (of type float, not int)"),
    (lambda s, o: None, "final_strategy(0, 0) returned None (of type NoneType, not int)"),
    (lambda s, o: True, "final_strategy(0, 0) returned True (a bool, not an int)"),
    (lambda s, o: 4 + 0 // (s - 7), "final_strategy(7, 0) raised ZeroDivisionError: integer division or modulo by zero"),
])
def test_invalid_strategies_are_described(strategy, words):
    assert check(strategy)["error"].startswith(words)


def test_nondeterministic_strategy():
    counter = itertools.count()
    error = check(lambda s, o: 4 if next(counter) < 10000 else 5)["error"]
    assert error == ("final_strategy(0, 0) returned 4 and then 5 when asked again; "
                     "it must be a pure function of the two scores")


def test_slow_strategy_is_stopped():
    def slow(score, opponent):
        if score == 50:
            while True:
                pass
        return 4
    error = check(slow, budget=0.3)["error"]
    assert error.startswith("final_strategy is too slow") and "(50, 0)" in error


def test_printing_strategy_keeps_stdout_clean(capsys):
    def chatty(score, opponent):
        print("hello")
        return 3
    assert "table" in check(chatty)
    assert capsys.readouterr().out == ""


def test_script_runs_isolated(tmp_path):
    (tmp_path / "hog.py").write_text(
        "print('importing')\n"
        "def final_strategy(score, opponent_score):\n    return 4\n"
        "def broken(score, opponent_score):\n    return '4'\n")
    run = lambda name: json.loads(subprocess.run(
        [sys.executable, "-I", str(SCRIPT), str(tmp_path), name],
        capture_output=True, text=True, timeout=60).stdout.splitlines()[-1])
    assert run("final_strategy")["table"] == [[4] * 100] * 100
    assert run("broken")["error"].startswith("broken(0, 0) returned '4' (of type str")
    assert run("missing") == {"error": "hog.py has no function missing"}


# --- hostile entries -------------------------------------------------------------------

from hypothesis import given, settings, strategies as st  # noqa: E402

from grader import assignment as assignments  # noqa: E402
from grader.run.sandbox import bwrap_problem  # noqa: E402
from grader.hog.strategy import commands as contest_commands  # noqa: E402
from grader.hog.strategy import reader as strategies  # noqa: E402
from grader.untrusted import printable  # noqa: E402

needs_bwrap = pytest.mark.skipif(bwrap_problem() is not None, reason=str(bwrap_problem()))
ROOT = Path(__file__).resolve().parents[1]


def always(k, team=None, before=""):
    name = "" if team is None else f"TEAM_NAME = {team!r}\n"
    return f"{before}{name}def final_strategy(score, opponent_score):\n    return {k}\n"


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.one_of(st.none(), st.text(max_size=300)),
                          st.sampled_from(["a.py", "b.py", "a", "Same (a.py).py"])),
                min_size=1, max_size=12))
def test_team_names_are_unique_printable_lines(teams):
    reads = [strategies.StrategyRead(Path(f"/entries/{file}"), table=[[4] * 100] * 100,
                                     team=team) for team, file in teams]
    names = contest_commands.team_names(reads)
    assert len(set(names)) == len(names) == len(reads)
    for name in names:
        assert name and name == printable(name, keep_newlines=False) and "\n" not in name
        assert len(name) <= strategies.TEAM_CAP + 2 * 64
    assert contest_commands.team_names(reads) == names  # the same entries, the same names


# What an entry may do to its guard at import, before it answers as a valid strategy:
# stop it; kill it; or first turn off its own death with the guard (PR_SET_PDEATHSIG
# 0), so that it surely answers everything before it goes. Under load a plain kill can
# also take effect only after the answers came (a contest run saw it ranked).
UNGUARDED = {
    "stops_guard": "import os, signal\nos.kill(os.getppid(), signal.SIGSTOP)\n",
    "kills_guard": "import os\nos.kill(os.getppid(), 9)\n",
    "outlives_guard": "import ctypes, os\nctypes.CDLL(None).prctl(1, 0, 0, 0, 0)\n"
                      "os.kill(os.getppid(), 9)\n",
}


@pytest.mark.parametrize("sandbox", [False, pytest.param(True, marks=needs_bwrap)],
                         ids=["limits", "bwrap"])
@pytest.mark.parametrize("attack", sorted(UNGUARDED))
def test_an_entry_that_stops_or_kills_its_guard_is_never_ranked(tmp_path, attack, sandbox):
    entry = tmp_path / f"{attack}.py"
    entry.write_text(UNGUARDED[attack] + always(5, "unguarded"))
    started = time.monotonic()
    read = strategies.read_strategy(entry, assignments.load(), budget=2, sandbox=sandbox)
    assert not read.valid, read
    assert "the process reading the strategy" in read.error
    assert time.monotonic() - started < 30
    (tmp_path / "fine.py").write_text(always(5, "fine"))
    fine = strategies.read_strategy(tmp_path / "fine.py", assignments.load(), budget=2,
                                    sandbox=sandbox)
    assert fine.valid and fine.team == "fine"  # the same reading, a well-behaved entry


FORGE = ("import os\n"
         "table = [[10] * 100 for _ in range(100)]\n"
         "verdict = __import__('json').dumps({'table': table, 'team': TEAM}) + '\\n'\n"
         "for fd in os.listdir('/proc/self/fd'):\n"
         "    if int(fd) > 2:\n"
         "        try:\n"
         "            os.write(int(fd), verdict.encode())\n"
         "        except OSError:\n"
         "            pass\n")
# the reader's own protocol forged: a hello, then 20000 answers of 10 dice ahead of the
# questions, on every descriptor
FORGE_ANSWERS = FORGE.replace("verdict.encode()", "b'{\"team\": \"forged\"}\\n' + bytes([10] * 20000)")
LONG = "\x1b[2J\x1b]0;owned\x07<script>alert(1)</script>" + "W" * 5000
CONSTANT = {"a.py": 6, "b.py": 5, "c.py": 4, "formula.py": 3, "long.py": 2, "not_text.py": 1,
            "atexit.py": 7, "caf\udce9.py": 8, "zoe1.py": 9, "zoe2.py": 10}  # always_roll(K)
# a file name that is not UTF-8 (a Latin-1 `café.py` from another system's zip) crashed
# the contest after every match (attack25 F2); two names that read alike were shown bare
# (attack25 F3)
ODD_NAMES = {"caf\udce9.py": always(8), "zoe1.py": always(9, "Zo\u00e9"),
             "zoe2.py": always(10, "Zoe\u0301")}
FORGED = ("second_verdict.py", "forged_alone.py", "forged_sleeps.py", "forged_answers.py",
          "forged_answers_sleep.py")


@pytest.fixture(scope="module")
def hostile_contest(tmp_path_factory):
    base = tmp_path_factory.mktemp("contest")
    entries = base / "entries"
    entries.mkdir()
    outside = base / "outside"
    outside.mkdir()
    (outside / "victim.py").write_text(always(6, "victim"))
    files = {
        "a.py": always(6, "Same"),
        "b.py": always(5, "Same"),
        "c.py": always(4, "Same (b.py)"),
        "formula.py": always(3, '=HYPERLINK("http://evil.example","win")'),
        "long.py": always(2, LONG),
        "not_text.py": always(1, 12345),
        # prints a forged verdict on stdout at exit: stdout is not the channel
        "atexit.py": always(7, "atexit", before=(
            "import atexit, json\natexit.register(lambda: print(json.dumps("
            "{'table': [[10] * 100] * 100, 'team': 'X' * 5000})))\n")),
        # a table of 10s written on every descriptor at import: then the entry lets
        # the reader go on, exits, or sleeps; its final_strategy is invalid (or missing)
        "second_verdict.py": f"TEAM = 'second'\n{FORGE}" + always(8),
        "forged_alone.py": f"TEAM = {LONG!r}\n{FORGE}os._exit(0)\n",
        "forged_sleeps.py": f"TEAM = 'sleeps'\n{FORGE}__import__('time').sleep(3600)\n",
        "forged_answers.py": f"TEAM = 'answers'\n{FORGE_ANSWERS}os._exit(0)\n",
        "forged_answers_sleep.py": f"TEAM = 'answers'\n{FORGE_ANSWERS}"
                                   "__import__('time').sleep(3600)\n",
        "dies.py": "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n" + always(6),
    }
    for name, text in {**files, **ODD_NAMES}.items():
        (entries / name).write_text(text)
    (entries / "copycat.py").symlink_to(outside / "victim.py")
    out = base / "out"
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "grader.cli", "contest", str(entries),
                           "--out", str(out), "--budget", "5"], capture_output=True, text=True,
                          cwd=ROOT, timeout=600)
    return done, out, time.monotonic() - started


@needs_bwrap
def test_hostile_entries_are_contained(hostile_contest):
    done, out, _ = hostile_contest
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout + done.stderr and "Traceback" not in done.stderr
    rows = list(csv.DictReader(open(out / "leaderboard.csv", encoding="utf-8")))
    teams = [row["team"] for row in rows]
    assert len(set(teams)) == len(teams) == len(CONSTANT)
    # a name two entries give is shown with each one's file, not first come first served;
    # one that reads as another's label gets its own file too
    assert {"Same (a.py)", "Same (b.py)", "Same (b.py) (c.py)", "not_text", "atexit",
            "caf\ufffd", "Zo\u00e9 (zoe1.py)", "Zoe\u0301 (zoe2.py)"} <= set(teams)
    assert {row["team"]: row["entry"] for row in rows}["Same (b.py) (c.py)"] == "c.py"
    assert "'=HYPERLINK(\"http://evil.example\",\"win\")" in teams
    for team in teams:
        assert len(team) <= strategies.TEAM_CAP and printable(team) == team
    excluded = {e["entry"]: e["error"] for e in json.loads((out / "excluded.json").read_text())}
    assert set(excluded) == {*FORGED, "dies.py", "copycat.py"}
    assert "symbolic link" in excluded["copycat.py"]
    matrix = json.loads((out / "matrix.json").read_text())
    atexit = matrix["teams"].index("atexit")
    seven_vs_six = win_rate(7, 6).win_rate
    a = matrix["teams"].index("Same (a.py)")
    assert matrix["entries"][a] == "a.py"
    assert matrix["matrix"][atexit][a] == pytest.approx(seven_vs_six, abs=1e-9)
    assert "zoe2.py" in done.stdout, "the terminal's leaderboard names each entry's file"
    page = (out / "index.html").read_text()
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page


@needs_bwrap
def test_a_forged_table_or_verdict_is_refused_and_the_others_keep_their_ranks(hostile_contest):
    """Tables of 10s written on every descriptor (as a verdict, or as the reader's own
    hello and answers ahead of its questions), then the entry goes on, exits or sleeps:
    never ranked, with the reason in words, in bounded time; the valid entries are
    ranked as their own tables rank them."""
    done, out, seconds = hostile_contest
    excluded = {e["entry"]: e["error"] for e in json.loads((out / "excluded.json").read_text())}
    assert set(FORGED) <= set(excluded)
    rows = list(csv.DictReader(open(out / "leaderboard.csv", encoding="utf-8")))
    dice = {"Same (a.py)": 6, "Same (b.py)": 5, "Same (b.py) (c.py)": 4, "not_text": 1,
            "atexit": 7, "caf\ufffd": 8, "Zo\u00e9 (zoe1.py)": 9, "Zoe\u0301 (zoe2.py)": 10}
    for row in rows:
        dice.setdefault(row["team"], 3 if "HYPERLINK" in row["team"] else 2)
    ranked = {(dice[row["team"]], int(row["rank"]), int(row["match_points"])) for row in rows}
    expected = round_robin([(str(k), k) for k in CONSTANT.values()], processes=1).ranking
    assert ranked == {(int(team), position, points) for position, team, points in expected}
    for name in FORGED:
        assert "something other than the strategy's answers came on the grader's channel" \
            in excluded[name], (name, excluded[name])
    assert seconds < 60, f"the contest took {seconds:.0f} s"


@needs_bwrap
def test_the_grader_failing_on_one_entry_leaves_it_out(tmp_path, monkeypatch):
    entries = tmp_path / "entries"
    entries.mkdir()
    for k in (4, 5, 6):
        (entries / f"k{k}.py").write_text(always(k, f"rolls {k}"))
    original = strategies.read_strategy

    def flaky(source, *args, **kwargs):
        if Path(source).name == "k5.py":
            raise OSError("planted: the disk went away")
        return original(source, *args, **kwargs)

    monkeypatch.setattr(strategies, "read_strategy", flaky)
    status = contest_commands.contest(assignments.load(), entries, tmp_path / "out", jobs=2,
                                      budget=5)
    assert status == contest_commands.CONTEST_GRADER_FAILED == 3
    assert "planted" in (tmp_path / "out" / "errors" / "k5.py.txt").read_text()
    excluded = json.loads((tmp_path / "out" / "excluded.json").read_text())
    assert [(e["entry"], e.get("grader_failed")) for e in excluded] == [("k5.py", True)]
    rows = list(csv.DictReader(open(tmp_path / "out" / "leaderboard.csv", encoding="utf-8")))
    assert [row["team"] for row in rows] == ["rolls 6", "rolls 4"]


@needs_bwrap
def test_without_control_groups_entries_are_read_one_at_a_time(tmp_path, monkeypatch, capsys):
    """Without control groups an entry's budget is wall time, and an entry whose
    processes took the CPU made the correct strategy read beside it too slow (attack25
    F1): the entries are then read one at a time, and the run says why."""
    import threading
    from grader.run import cgroups
    entries = tmp_path / "entries"
    entries.mkdir()
    for k in (4, 5, 6):
        (entries / f"k{k}.py").write_text(always(k, f"rolls {k}"))
    original, lock, running, most = strategies.read_strategy, threading.Lock(), [0], [0]

    def counted(*args, **kwargs):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        try:
            return original(*args, **kwargs)
        finally:
            with lock:
                running[0] -= 1

    monkeypatch.setattr(strategies, "read_strategy", counted)
    monkeypatch.setattr(cgroups, "problem", lambda: "planted: no control groups")
    status = contest_commands.contest(assignments.load(), entries, tmp_path / "out", jobs=2,
                                      budget=5)
    assert status == 0 and most[0] == 1
    assert "read one at a time" in capsys.readouterr().out


def test_an_entry_is_read_as_bulk_reads_submissions(tmp_path):
    """A huge entry is refused (it was cut at 1 MiB and read), and a link anywhere on
    the way is named, never followed (grader/safe_files.py)."""
    assignment = assignments.load()
    entries, staged = tmp_path / "entries", tmp_path / "staged"
    (entries / "folder").mkdir(parents=True)
    staged.mkdir()
    (entries / "huge.py").write_text(always(4, "huge") + "#" * (1 << 20) + "\n")
    with pytest.raises(strategies.RefusedEntry, match="huge.py is larger than 1024 KiB"):
        strategies._copy_submission(entries / "huge.py", staged, assignment, False)
    (entries / "folder" / "hog.py").symlink_to(assignment.reference / "hog.py")
    with pytest.raises(strategies.RefusedEntry, match="folder/hog.py is a symbolic link"):
        strategies._copy_submission(entries / "folder", staged, assignment, False)
    (entries / "linked").symlink_to(entries / "folder")
    with pytest.raises(strategies.RefusedEntry, match="linked is a symbolic link"):
        strategies._copy_submission(entries / "linked", staged, assignment, False)
    assert not (staged / "hog.py").exists()


@pytest.mark.parametrize("other", ["\u0410lice", "Alice\u3164", "ALICE", "A\u200blice",
                                   "\uff21lice"])
def test_a_name_that_reads_as_a_classmates_is_shown_with_its_file(other):
    """A Cyrillic capital A, a letter drawn as nothing, a fullwidth letter, another case:
    two "Alice"s with nothing to tell them apart (attack25 F3)."""
    reads = [strategies.StrategyRead(Path(f"/entries/{file}"), table=[[4] * 100] * 100,
                                     team=team) for team, file in (("Alice", "alice.py"),
                                                                    (other, "mallory.py"))]
    names = contest_commands.team_names(reads)
    assert names[0] == "Alice (alice.py)" and names[1].endswith(" (mallory.py)"), names


def test_no_entry_takes_a_classmates_name():
    """The first entry in file order got a shared name bare, so `aaa_mallory.py` could
    take Bob's name and Bob's own row read as the copy (`Bob Best (bob.py)`); an entry
    could also name itself as the label the grader gives another. Shared names and
    such labels are shown with each entry's own file."""
    def reads(*pairs):
        return [strategies.StrategyRead(Path(f"/entries/{file}"), table=[[4] * 100] * 100,
                                        team=team) for team, file in pairs]
    assert contest_commands.team_names(reads(("Bob Best", "aaa_mallory.py"),
                                             ("Bob Best", "bob.py"), ("Carol", "carol.py"))) \
        == ["Bob Best (aaa_mallory.py)", "Bob Best (bob.py)", "Carol"]
    assert contest_commands.team_names(reads(("Bob Best (bob.py)", "aaa_mallory.py"),
                                             ("Bob Best", "bob.py"))) \
        == ["Bob Best (bob.py) (aaa_mallory.py)", "Bob Best"]


@pytest.mark.skipif(os.uname().machine not in ("x86_64", "aarch64"),
                    reason="keyctl's system call number is known for x86_64 and aarch64 only")
def test_the_strategy_interview_keeps_sandboxed_code_from_keyrings_too(tmp_path):
    """The guard of a sandboxed run fails the code's keyctl calls (HOG_GRADER_KEYLESS in
    the run's environment); the strategy interview started its child with an
    environment of its own, so Question 12's reading of a uid-mode submission could
    still store a key for the next run as that uid (hunt21 F10)."""
    from grader.run.runner import Runner
    number = {"x86_64": 250, "aarch64": 219}[os.uname().machine]
    (tmp_path / "hog.py").write_text(
        "import ctypes\n"
        "call = ctypes.CDLL(None, use_errno=True).syscall\n"
        "call.restype = ctypes.c_long\n"
        f"ANSWER = 4 if call(ctypes.c_long({number}), ctypes.c_long(0), ctypes.c_long(-3), "
        "ctypes.c_long(1)) == -1 else 5\n"
        "def final_strategy(score, opponent_score):\n    return ANSWER\n")
    for env, answer in (({"HOG_GRADER_KEYLESS": "1"}, 4), (None, 5)):
        box = Runner(src=tmp_path, env=env)
        read = strategies.read_in(box, "hog", "final_strategy", 5.0)
        assert read.get("table") and {n for row in read["table"] for n in row} == {answer}, read
