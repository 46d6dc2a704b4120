"""`grade bulk` end to end: hostile submissions get what they deserve, the batch carries
on, a killed run resumes to the same files, and the report renders in a real browser."""

import fcntl
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pexpect
import pytest

from grader import assignment as assignments
from grader.bulk import grading as bulk
from grader.run.sandbox import UID_BASE, UID_COUNT, bwrap_problem, lease_folder

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "tests" / "data" / "bulk_cases"
ASSIGNMENT = assignments.load()
REFERENCE = (ASSIGNMENT.reference / "hog.py").read_text()
TEMPLATE = (ASSIGNMENT.template / "hog.py").read_text()
GRADE = [sys.executable, "-m", "grader.cli", "bulk"]
needs_bwrap = pytest.mark.skipif(bwrap_problem() is not None, reason=str(bwrap_problem()))


def with_override(code: str) -> str:
    """The reference with some functions redefined at the end of the file."""
    return REFERENCE + "\n\n" + code


def make_folder(root: Path, sources: dict) -> Path:
    root.mkdir(parents=True)
    for sid, source in sources.items():
        if source is None:
            (root / sid).mkdir()
            (root / sid / "notes.txt").write_text("forgot my code")
            continue
        (root / sid).mkdir()
        data = source if isinstance(source, bytes) else source.encode()
        (root / sid / "hog.py").write_bytes(data)
    return root


def leftover_processes(grace: float = 5.0):
    """Processes running as a sandbox uid that no live sandbox holds (other runs at the
    same time hold theirs), and leases this process forgot to give back, still there
    GRACE seconds on (a killed sandbox's processes die as the kernel tears it down)."""
    deadline = time.monotonic() + grace
    while True:
        found = _leftovers()
        if not found or time.monotonic() > deadline:
            return found
        time.sleep(0.1)


def _leftovers():
    found = []
    for entry in Path("/proc").iterdir():
        try:
            uid = int((entry / "status").read_text().split("Uid:")[1].split()[0])
        except (OSError, IndexError, ValueError):
            continue
        if UID_BASE <= uid < UID_BASE + UID_COUNT and not uid_is_leased(uid):
            found.append(entry.name)
    for fd in Path("/proc/self/fd").iterdir():
        try:
            if Path(os.readlink(fd)).parent == lease_folder():
                found.append(f"lease {os.readlink(fd)}")
        except OSError:
            continue
    return found


def uid_is_leased(uid: int) -> bool:
    """Whether a run holds UID's lease now (a lease would pass over a uid with
    processes: asking UidLease would hide the leftovers this looks for)."""
    try:
        fd = os.open(lease_folder() / str(uid), os.O_RDONLY | os.O_NOFOLLOW)
    except FileNotFoundError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)
    return False


def run_bulk(source: Path, out: Path, *, jobs=2, timeout=1.0, budget=2.0, sandbox=True):
    questions = bulk.load_cases(ASSIGNMENT, CASES)
    settings = bulk.Settings(timeout=timeout, budget=budget, sandbox=sandbox, jobs=jobs)
    return bulk.run(source, out, ASSIGNMENT, questions, settings)


# --- hostile submissions -------------------------------------------------------------

HOSTILE = {
    "correct": REFERENCE,
    "empty": "",
    "template": TEMPLATE,
    "no_code": None,
    "syntax_error": "def roll_dice(:\n",
    "not_utf8": b"\xff\xfe\x00def roll_dice():\n",
    "exit_at_import": "import sys\nsys.exit(0)\n" + REFERENCE,
    "os_exit_at_import": "import os\nos._exit(3)\n" + REFERENCE,
    "exit_in_function": with_override(
        "import sys\ndef free_bacon(score):\n    sys.exit('all tests passed!')\n"),
    "os_exit_in_function": with_override(
        "import os\ndef is_swap(a, b):\n    os._exit(0)\n"),
    "loops_ignoring_signals": with_override(
        "import signal\n"
        "def roll_dice(num_rolls, dice=six_sided):\n"
        "    signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
        "    signal.signal(signal.SIGINT, signal.SIG_IGN)\n"
        "    while True:\n"
        "        pass\n"
        "free_bacon = is_swap = roll_dice\n"),
    "memory_hog": with_override(
        "def roll_dice(num_rolls, dice=six_sided):\n"
        "    hoard = []\n"
        "    while True:\n"
        "        hoard.append(bytearray(1 << 30))\n"),
    "kills_parent": with_override(
        "import os\n"
        "def roll_dice(num_rolls, dice=six_sided):\n"
        "    for action in (lambda: os.kill(os.getppid(), 9), lambda: os.kill(1, 9),\n"
        "                   lambda: os.killpg(0, 9)):\n"
        "        try:\n"
        "            action()\n"
        "        except OSError:\n"
        "            pass\n"),
    "forks_survivors": with_override(
        "import os, signal, time\n"
        "if os.fork() == 0:\n"
        "    os.setsid()\n"
        "    signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
        "    signal.signal(signal.SIGHUP, signal.SIG_IGN)\n"
        "    while True:\n"
        "        time.sleep(1)\n"),
    "fake_pass_messages": with_override(
        "import sys, json\n"
        "print('Expected:\\n    10\\nGot:\\n    10\\nAll tests passed! 5/5')\n"
        "sys.stderr.write(json.dumps({'score': 5, 'passed': True}) + '\\n')\n"
        "def roll_dice(num_rolls, dice=six_sided):\n"
        "    print(json.dumps({'id': 0, 'outputs': [{'printed': '10'}]}))\n"
        "    print('10')\n"),
    "forges_report_channel": with_override(
        "import os\n"
        "for fd in os.listdir('/proc/self/fd'):\n"
        "    if int(fd) > 2:\n"
        "        try:\n"
        "            os.write(int(fd), b'{\"ready\": true}\\n' + b''.join(\n"
        "                ('{\"id\": %d, \"outputs\": []}\\n' % i).encode() for i in range(20)))\n"
        "        except OSError:\n"
        "            pass\n"),
    "monkey_patcher": with_override(
        "import builtins, sys\n"
        "worker = sys.modules['__main__']\n"
        "worker.run_examples = lambda sources, ns, src, cap: [\n"
        "    {'printed': 'True\\n', 'raised': None, 'truncated': False} for _ in sources]\n"
        "worker.describe = lambda error, src: None\n"
        "builtins.repr = lambda value: '10'\n"
        "builtins.print = lambda *a, **k: None\n"
        "def roll_dice(num_rolls, dice=six_sided):\n"
        "    return 0\n"
        "def free_bacon(score):\n"
        "    return 0\n"),
    "huge_and_binary_output": with_override(
        "import os\n"
        "def roll_dice(num_rolls, dice=six_sided):\n"
        "    os.write(2, bytes(range(256)) * 100000)\n"
        "    for _ in range(2000):\n"
        "        print('x' * 100000)\n"
        "    return 10\n"
        "def free_bacon(score):\n"
        "    print(bytes(range(256)).decode('latin-1'))\n"
        "    return 10 - min(score // 10, score % 10)\n"),
    "stack_overflow": with_override(
        "import sys\n"
        "class Deep:\n"
        "    def __repr__(self):\n"
        "        return repr(self)\n"
        "def roll_dice(num_rolls, dice=six_sided):\n"
        "    sys.setrecursionlimit(10 ** 6)\n"
        "    return repr(Deep())\n"
        "def free_bacon(score):\n"
        "    return free_bacon(score)\n"),
    "reads_stdin": with_override(
        "import sys\n"
        "def roll_dice(num_rolls, dice=six_sided):\n"
        "    return int(sys.stdin.read() or input())\n"),
}


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    base = tmp_path_factory.mktemp("hostile")
    source = make_folder(base / "in", {})
    secrets = [ASSIGNMENT.reference / "hog.py", CASES / "01.py",
               source / "correct" / "hog.py", ROOT / "grader" / "judge.py"]
    out = base / "out"
    targets = [source / "correct" / "hog.py", out / "results.json",
               ROOT / "grader" / "judge.py", ASSIGNMENT.reference / "hog.py"]
    sources = dict(HOSTILE)
    sources["reads_secrets"] = (
        "leaked = []\n"
        f"for path in {[str(p) for p in secrets]!r}:\n"
        "    try:\n"
        "        leaked.append(open(path).read()[:10])\n"
        "    except OSError:\n"
        "        pass\n"
        "if leaked:\n"
        "    raise SystemExit('LEAKED ' + repr(leaked))\n" + REFERENCE)
    sources["writes_files"] = (
        "opened = []\n"
        f"for path in {[str(p) for p in targets]!r}:\n"
        "    try:\n"
        "        open(path, 'a').close()\n"  # appending nothing: a probe that changes nothing
        "        opened.append(path)\n"
        "    except OSError:\n"
        "        pass\n"
        "if opened:\n"
        "    raise SystemExit('WRITABLE ' + repr(opened))\n" + REFERENCE)
    source.rmdir()
    make_folder(source, sources)
    before = {p: p.read_bytes() for p in source.rglob("*") if p.is_file()}
    started = time.monotonic()
    outcome = run_bulk(source, out)
    elapsed = time.monotonic() - started
    return {r["id"]: r for r in outcome.records}, source, out, before, elapsed


@needs_bwrap
def test_hostile_submissions_get_what_they_deserve(hostile):
    records, _, _, _, _ = hostile
    scores = {sid: r["score"] for sid, r in records.items()}
    assert scores == {
        "correct": 5, "empty": 0, "template": 0, "no_code": 0, "syntax_error": 0,
        "not_utf8": 0, "exit_at_import": 0, "os_exit_at_import": 0,
        "exit_in_function": 4, "os_exit_in_function": 3, "loops_ignoring_signals": 0,
        "memory_hog": 3, "kills_parent": 3, "forks_survivors": 5, "fake_pass_messages": 3,
        # monkey_patcher: its patched worker functions never run (run_examples, describe),
        # and values are shown with the worker's own repr, as ok's console binds it: the
        # question its broken roll_dice and free_bacon do not reach (04) is earned
        "forges_report_channel": 0, "monkey_patcher": 2, "huge_and_binary_output": 2,
        "stack_overflow": 2,
        "reads_stdin": 3, "reads_secrets": 5, "writes_files": 5}
    assert records["reads_secrets"]["error"] is None
    assert records["writes_files"]["error"] is None
    assert {k for k, q in records["monkey_patcher"]["questions"].items() if q["score"]} == {"04"}
    assert "no hog.py" in records["no_code"]["error"]
    assert "syntax error" in records["syntax_error"]["error"]
    assert records["empty"]["error"] is None
    assert records["loops_ignoring_signals"]["questions"]["01"]["status"] == "timeout"
    assert "did not finish" in records["loops_ignoring_signals"]["questions"]["04"]["output"]
    assert "cut" in records["huge_and_binary_output"]["questions"]["01"]["output"]
    assert "SIGSEGV" in records["stack_overflow"]["questions"]["01"]["output"]
    assert "RecursionError" in records["stack_overflow"]["questions"]["02"]["output"]
    assert "MemoryError" in records["memory_hog"]["questions"]["01"]["output"]
    forged = records["forges_report_channel"]["questions"]
    assert {q["status"] for q in forged.values()} == {"error"}  # forged empty reports count as nothing


@needs_bwrap
def test_the_batch_is_bounded_and_leaves_nothing_behind(hostile):
    records, source, out, before, elapsed = hostile
    assert elapsed < 40
    assert leftover_processes() == []
    after = {p: p.read_bytes() for p in source.rglob("*") if p.is_file()}
    assert after == before
    results = json.loads((out / "results.json").read_text())
    assert [s["id"] for s in results["submissions"]] == sorted(records)
    gradescope = json.loads((out / "gradescope" / "correct" / "results.json").read_text())
    assert gradescope["score"] == 5
    assert [(t["number"], t["score"]) for t in gradescope["tests"]] == [
        ("01", 0), ("01.hidden", 2), ("02", 0), ("02.hidden", 1), ("04", 0), ("04.hidden", 2)]


@needs_bwrap
def test_gradescope_output_names_hidden_cases_without_showing_them(hostile):
    """The layout of the Gradescope bundle: a question's public cases on a visible test
    worth nothing, its points and hidden verdicts on a test shown after publication."""
    from gradescope_schema import check
    _, _, out, _, _ = hostile
    data = json.loads((out / "gradescope" / "template" / "results.json").read_text())
    check(data)
    tests = {t["number"]: t for t in data["tests"]}
    public, points = tests["02"], tests["02.hidden"]
    assert (public["max_score"], public["visibility"]) == (0, "visible")
    assert (points["max_score"], points["score"], points["visibility"]) == \
        (1, 0, "after_published")
    assert "Case 1: failed" in public["output"] and "free_bacon(35)" in public["output"]
    assert "Hidden case 1: failed" in points["output"]
    assert "free_bacon(7)" not in json.dumps(data)  # the hidden case's code
    staff = json.loads((out / "results.json").read_text())
    template = next(s for s in staff["submissions"] if s["id"] == "template")
    assert "free_bacon(7)" in template["questions"]["02"]["output"]


# --- the time budget -----------------------------------------------------------------

@needs_bwrap
def test_a_loop_costs_its_own_questions_only_once_the_budget_is_spent(tmp_path):
    """Each question that loops fails on its own loop, each at most one short limit
    after the budget is spent: none is failed unrun because of another's loop."""
    loop = with_override("def roll_dice(n, dice=six_sided):\n    while True:\n        pass\n"
                         "free_bacon = is_swap = roll_dice\n")
    questions = bulk.load_cases(ASSIGNMENT, CASES)
    settings = bulk.Settings(timeout=2.0, budget=2.0, jobs=1)
    started = time.monotonic()
    record = bulk.grade_submission(bulk.Submission("loop", loop.encode()), questions,
                                   ASSIGNMENT, settings)
    # CPU-time limits: 2 s, then 1 s for each other question; up to 3x that on a busy machine
    assert time.monotonic() - started < 3 * (2 + 1 + 1) + 2.5
    assert record["score"] == 0
    assert [q["status"] for q in record["questions"].values()] == ["timeout"] * 3
    details = [f["detail"] for f in record["failures"]]
    assert [f["question"] for f in record["failures"]] == ["01", "02", "04"]
    assert all("not run" not in detail for detail in details)
    assert "budget" not in details[0]
    assert all("time budget (2 s)" in d and "1 s each" in d for d in details[1:])


@needs_bwrap
@pytest.mark.alone  # its assertion is about wall time
def test_stop_repeated_loops_makes_one_loop_cost_one_limit(tmp_path):
    """Staff's opt-in: questions 2 and 4 reach question 1's loop and stop after 0.15 of
    their limit, saying why; the verdicts are those of the default."""
    loop = with_override("def roll_dice(n, dice=six_sided):\n    while True:\n        pass\n"
                         "free_bacon = is_swap = roll_dice\n")
    questions = bulk.load_cases(ASSIGNMENT, CASES)
    settings = bulk.Settings(timeout=2.0, jobs=1, stop_repeated_loops=True)
    started = time.monotonic()
    record = bulk.grade_submission(bulk.Submission("loop", loop.encode()), questions,
                                   ASSIGNMENT, settings)
    assert time.monotonic() - started < 2 + 2 * 0.3 + 4  # not 3 limits
    assert [q["status"] for q in record["questions"].values()] == ["timeout"] * 3
    details = [f["detail"] for f in record["failures"]]
    assert "did not finish within 2 s of CPU time" in details[0]
    assert all("looping where an earlier case of this submission ran out of time" in d
               for d in details[1:])


BROKEN_ROLL_DICE = {
    "loops": "def roll_dice(num_rolls, dice=six_sided):\n    while True:\n        pass\n",
    "overflows the C stack": (
        "import sys as _sys\n"
        "def roll_dice(num_rolls, dice=six_sided):\n"
        "    _sys.setrecursionlimit(10 ** 7)\n"
        # each call goes through C (map, sum): Python 3.11 runs a pure-Python recursion
        # without the C stack, where it grows for seconds instead of crashing
        "    deeper = lambda n: sum(map(deeper, [n + 1])) + 1\n"
        "    return deeper(0)\n"),
}


@needs_bwrap
@pytest.mark.parametrize("behaviour", sorted(BROKEN_ROLL_DICE))
def test_a_question_keeps_its_verdict_whatever_ran_before_it(behaviour):
    """A roll_dice that never returns (or kills the interpreter) spends the budget on
    the questions that call it; the others (free_bacon, is_swap, ...) must get the
    verdict they get when graded alone, hidden cases included."""
    source = with_override(BROKEN_ROLL_DICE[behaviour]).encode()
    questions = bulk.load_cases(ASSIGNMENT, None)
    # (a wall cap of 10 timeouts and 2 budgets is too tight for these 1 s limits on a
    # busy machine: it is meant for code that waits, not for this one)
    together = bulk.grade_submission(bulk.Submission("s", source), questions, ASSIGNMENT,
                                     bulk.Settings(timeout=1.0, budget=1.0, jobs=1, wall=300))
    alone = {key: q["score"] for key, q in together["questions"].items()}
    for question in [q for q in questions if alone[q.key] < q.points]:  # can it do better?
        record = bulk.grade_submission(bulk.Submission("s", source), [question], ASSIGNMENT,
                                       bulk.Settings(timeout=1.0, budget=1000.0, jobs=1))
        alone.update({key: q["score"] for key, q in record["questions"].items()})
    assert {key: q["score"] for key, q in together["questions"].items()} == alone
    kept = [key for key, q in together["questions"].items() if q["score"] == q["max_score"]]
    assert {"02", "04"} <= set(kept), kept
    assert all("not run" not in f["detail"] for f in together["failures"])


# --- input layouts -------------------------------------------------------------------

def test_discover_accepts_folders_files_and_zips(tmp_path):
    folder = make_folder(tmp_path / "folders", {"b": "B = 1\n", "a": "A = 1\n", "c": None})
    flat = tmp_path / "flat"
    flat.mkdir()
    (flat / "x.py").write_text("X = 1\n")
    (flat / "y.py").write_text("Y = 1\n")
    (flat / ".hidden.py").write_text("")
    archive = tmp_path / "export.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("export/s1/hog.py", "S1 = 1\n")
        z.writestr("export/s2/hog.py", "S2 = 1\n")
        z.writestr("export/s2/dice.py", "EVIL = 1\n")
        z.writestr("__MACOSX/export/s1/._hog.py", "junk")
        z.writestr("../escape/hog.py", "ESCAPE = 1\n")
    flat_zip = tmp_path / "flat.zip"
    with zipfile.ZipFile(flat_zip, "w") as z:
        z.writestr("p.py", "P = 1\n")

    found = bulk.discover(folder, "hog.py")
    assert [(s.id, s.source, s.problem) for s in found] == [
        ("a", b"A = 1\n", None), ("b", b"B = 1\n", None),
        ("c", None, "no hog.py in the submission; it holds: notes.txt")]
    assert [(s.id, s.source) for s in bulk.discover(flat, "hog.py")] == [("x", b"X = 1\n"), ("y", b"Y = 1\n")]
    escaped, *found = bulk.discover(archive, "hog.py")
    assert [(s.id, s.source) for s in found] == [("s1", b"S1 = 1\n"), ("s2", b"S2 = 1\n")]
    assert escaped.name == "../escape/hog.py" and "outside the archive" in escaped.problem
    assert [(s.id, s.source) for s in bulk.discover(flat_zip, "hog.py")] == [("p", b"P = 1\n")]
    with pytest.raises(bulk.BulkError, match="no submissions"):
        bulk.discover(tmp_path / "flat" / ".." / "folders" / "c", "hog.py")


# --- kill, resume, determinism, the report -------------------------------------------

SMALL = {
    "alice": REFERENCE,
    "bob": TEMPLATE,
    "carol": with_override("def roll_dice(n, dice=six_sided):\n    while True:\n        pass\n"),
    "dave": "def roll_dice(:\n",
    # sleeps far past every limit: its verdicts cannot depend on the machine's load
    "erin": with_override("import time\n_roll = roll_dice\n"
                          "def roll_dice(n, dice=six_sided):\n"
                          "    time.sleep(30)\n    return _roll(n, dice)\n"),
    "frank": with_override("def free_bacon(score):\n    return 10\n"),
    "grace": REFERENCE,
}
OUTPUTS = ["results.json", "grades.csv", "report.html", "gradescope/alice/results.json",
           "gradescope/carol/results.json", "gradescope/dave/results.json"]


def cli(*args, **kwargs):
    return subprocess.run(GRADE + [str(a) for a in args], capture_output=True, text=True,
                          cwd=ROOT, **kwargs)


@needs_bwrap
@pytest.mark.alone  # carol's loops wait beside busy tests: its wall cap came at another case
def test_killed_run_resumes_to_the_same_files_as_an_uninterrupted_one(tmp_path):
    source = make_folder(tmp_path / "in", SMALL)
    whole, broken = tmp_path / "whole", tmp_path / "broken"
    common = ["--cases", CASES, "--timeout", "1", "--budget", "1"]
    done = cli(source, "--out", whole, *common)
    assert done.returncode == 0, done.stderr
    assert "[7/7]" in done.stdout and "\x1b[" not in done.stdout
    assert "Bulk grading summary" in done.stdout

    process = subprocess.Popen(GRADE + [str(source), "--out", str(broken), "--jobs", "1"]
                               + [str(a) for a in common], cwd=ROOT,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    database = broken / "results.sqlite"
    deadline = time.monotonic() + 30
    count = 0
    while time.monotonic() < deadline and count < 2:
        time.sleep(0.05)
        try:
            with sqlite3.connect(str(database)) as db:
                count = db.execute("SELECT COUNT(*) FROM results").fetchone()[0]
        except sqlite3.Error:
            pass
    process.send_signal(signal.SIGKILL)
    process.wait()
    with sqlite3.connect(str(database)) as db:
        kept = db.execute("SELECT COUNT(*) FROM results").fetchone()[0]
    assert 2 <= kept < 7
    assert leftover_processes() == []

    refused = cli(source, "--out", broken, *common)
    assert refused.returncode == 2 and "--resume" in refused.stderr
    resumed = cli(source, "--out", broken, "--resume", *common)
    assert resumed.returncode == 0, resumed.stderr
    assert f"{kept} of 7" in resumed.stdout
    for name in OUTPUTS:
        assert (broken / name).read_bytes() == (whole / name).read_bytes(), name

    changed = cli(source, "--out", broken, "--resume", "--cases", CASES, "--timeout", "2")
    assert changed.returncode == 2 and "different settings" in changed.stderr

    chromium = "/usr/bin/chromium"
    if not os.path.exists(chromium):
        pytest.skip("chromium is not installed")
    check_report_renders(chromium, whole / "report.html", tmp_path)


def check_report_renders(chromium: str, report: Path, tmp_path: Path) -> None:
    flags = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
             "--no-first-run", "--disable-background-networking", "--disable-component-update",
             "--disable-sync", f"--user-data-dir={tmp_path / 'profile'}"]
    dom = subprocess.run(flags + ["--dump-dom", report.as_uri()], capture_output=True,
                         text=True, timeout=60).stdout
    assert dom.count('class="student"') == 7
    assert dom.count('class="bin"') == 6  # scores 0..5
    assert 'data-question="02"' in dom and "Most common failure" in dom
    assert "timed out" in dom  # carol's loop is Question 1's most common failure or listed
    shot = tmp_path / "report.png"
    subprocess.run(flags + [f"--screenshot={shot}", "--window-size=1200,1600", report.as_uri()],
                   capture_output=True, timeout=60)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10000


def test_without_bwrap_bulk_refuses_unless_no_sandbox(tmp_path):
    source = make_folder(tmp_path / "in", {"alice": REFERENCE, "bob": TEMPLATE})
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "prlimit").symlink_to("/usr/bin/prlimit")
    env = {**os.environ, "PATH": str(bin_dir)}
    refused = cli(source, "--out", tmp_path / "out", "--cases", CASES, env=env)
    assert refused.returncode == 2
    assert "bwrap" in refused.stderr and "--no-sandbox" in refused.stderr
    allowed = cli(source, "--out", tmp_path / "out", "--cases", CASES, "--no-sandbox", env=env)
    assert allowed.returncode == 0, allowed.stderr
    warning = " ".join(allowed.stderr.split())
    assert "WARNING" in warning and "can read the reference" in warning
    assert (tmp_path / "out" / "grades.csv").read_text().splitlines() == [
        "id,01,02,04,total", "alice,2,1,2,5", "bob,0,0,0,0"]


@needs_bwrap
def test_terminal_shows_a_live_progress_bar(tmp_path):
    source = make_folder(tmp_path / "in", {"alice": REFERENCE, "bob": TEMPLATE})
    child = pexpect.spawn(GRADE[0], GRADE[1:] + [str(source), "--out", str(tmp_path / "out"),
                                                 "--cases", str(CASES)],
                          cwd=str(ROOT), encoding="utf-8", timeout=30,
                          dimensions=(40, 120), env={**os.environ, "TERM": "xterm-256color"})
    output = child.read()
    child.close()
    assert child.exitstatus == 0
    assert "Grading" in output and "2/2" in output and "━" in output
    assert "[1/2]" not in output
    assert "Bulk grading summary" in output
