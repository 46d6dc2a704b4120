"""Hidden cases stay hidden: the worker that runs a visible case (whose output students
see) is never sent a hidden case, so a submission that reads everything it can reach
(its job on stdin, the worker's frames and globals, every object the collector knows,
its own memory, /proc/self) and prints it shows students nothing hidden."""

import json
import uuid
from pathlib import Path

import pytest

from grader import assignment as assignments
from grader.bulk import grading as bulk
from grader.run.sandbox import bwrap_problem

ASSIGNMENT = assignments.load()
TOKEN = uuid.uuid4().hex[:12]
HIDDEN_CODE = f"HIDDENCODE{TOKEN}"
HIDDEN_WANT = f"HIDDENWANT{TOKEN}"

# Reads everything reachable and prints each distinct text that calls probe(.
HARVEST = r'''
import gc, os, sys

def _texts(value, found, depth=0, seen=None):
    seen = set() if seen is None else seen
    if depth > 6 or id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, bytes):
        value = value.decode("latin-1")
    if isinstance(value, str):
        if "probe(" in value:
            found.add(value)
        return
    if isinstance(value, dict):
        items = list(value.keys()) + list(value.values())
    elif isinstance(value, (list, tuple, set, frozenset)):
        items = list(value)
    else:
        return
    for item in items:
        _texts(item, found, depth + 1, seen)

def _memory(found):
    try:
        maps = open("/proc/self/maps").read().splitlines()
        mem = open("/proc/self/mem", "rb")
    except OSError as error:
        found.add("no memory: " + str(error) + " probe(")
        return
    for line in maps:
        fields = line.split()
        if "r" not in fields[1] or len(fields) > 5 and fields[5].startswith("[v"):
            continue
        start, end = (int(x, 16) for x in fields[0].split("-"))
        if end - start > 256 << 20:
            continue
        for chunk in range(start, end, 1 << 20):
            try:
                mem.seek(max(start, chunk - 128))
                data = mem.read(min(end, chunk + (1 << 20)) - max(start, chunk - 128))
            except (OSError, ValueError, OverflowError, MemoryError):
                break
            at = data.find(b"probe(")
            while at >= 0:
                found.add(data[max(0, at - 40):at + 60].decode("latin-1"))
                at = data.find(b"probe(", at + 1)

def probe(name):
    found = set()
    frame = sys._getframe()
    while frame is not None:
        _texts(frame.f_locals, found)
        _texts(frame.f_globals, found)
        frame = frame.f_back
    for frame in sys._current_frames().values():
        _texts(frame.f_locals, found)
    for module in list(sys.modules.values()):
        _texts(getattr(module, "__dict__", {}), found)
    for obj in gc.get_objects():
        if isinstance(obj, (dict, list, tuple)):
            _texts(obj, found)
    for fd in range(0, 64):
        try:
            os.set_blocking(fd, False)
            _texts(os.read(fd, 1 << 20), found)
        except (OSError, ValueError):
            pass
    for path in ("/proc/self/cmdline", "/proc/self/environ"):
        try:
            _texts(open(path, "rb").read(), found)
        except OSError:
            pass
    _memory(found)
    for text in sorted(found):
        print(text.replace("\n", "|")[:300])
    return name
'''


def case_file(folder: Path) -> Path:
    cases = []
    for i in range(3):
        cases.append({"code": f">>> probe('VISIBLE{i}{TOKEN}')\n'nope'\n",
                      "hidden": False, "locked": False})
    for i in range(2):
        cases.append({"code": f">>> probe('{HIDDEN_CODE}{i}')\n'{HIDDEN_WANT}{i}'\n",
                      "hidden": True, "locked": False})
    test = {"name": "Question 1", "points": 1,
            "suites": [{"type": "doctest", "scored": True, "setup": ">>> from hog import *\n",
                        "teardown": "", "cases": cases}]}
    folder.mkdir()
    (folder / "01.py").write_text("test = " + repr(test) + "\n")
    return folder


@pytest.mark.parametrize("sandbox", [True, False])
def test_a_submission_reading_its_whole_job_shows_nothing_hidden(tmp_path, sandbox):
    if sandbox and bwrap_problem() is not None:
        pytest.skip(bwrap_problem())
    cases = case_file(tmp_path / "cases")
    submissions = tmp_path / "in"
    (submissions / "snoop").mkdir(parents=True)
    (submissions / "snoop" / "hog.py").write_text(HARVEST)
    questions = bulk.load_cases(ASSIGNMENT, cases)
    settings = bulk.Settings(timeout=20, budget=60, sandbox=sandbox, jobs=1)
    out = tmp_path / "out"
    outcome = bulk.run(submissions, out, ASSIGNMENT, questions, settings)
    (record,) = outcome.records
    student_view = (out / "gradescope" / "snoop" / "results.json").read_text()
    # the harvest works: the first visible case printed the other visible cases' code
    assert f"VISIBLE2{TOKEN}" in student_view
    assert HIDDEN_CODE not in student_view and HIDDEN_WANT not in student_view
    visible = [f for f in record["failures"] if not f["hidden"]]
    assert visible and all(HIDDEN_CODE not in json.dumps(f) for f in visible)
    # the hidden run harvested too, but only staff see what it printed
    hidden = [f for f in record["failures"] if f["hidden"]]
    assert hidden and any(HIDDEN_CODE in f["detail"] for f in hidden)


MARKING = '''
def mark(name):
    """Leave a file named after the case that ran this: what was sent to a worker and run."""
    open("ran-" + name, "w").close()
    return name
'''


@pytest.mark.parametrize("scoring", ["all", "suites"])
def test_hidden_cases_that_would_not_be_judged_are_never_sent(tmp_path, scoring):
    """A visible failure stops its question (Hog's rule) or its suite (ok's rule, which
    then goes on with the next suite): the hidden cases it stops are never sent to a
    worker, those of a suite that goes on are run and judged."""
    from grader import session
    from grader.load import casefile
    from grader.run.runner import Runner

    def suite(visible, hidden):
        return {"type": "doctest", "scored": True, "setup": ">>> from hog import *\n",
                "teardown": "", "cases": [
                    {"code": f">>> mark('{visible[0]}')\n'{visible[1]}'\n", "hidden": False},
                    {"code": f">>> mark('{hidden}')\n'{hidden}'\n", "hidden": True}]}

    test = {"name": "Question 1", "points": 2,
            "suites": [suite(("v1", "wrong"), "h1"), suite(("v2", "v2"), "h2")]}
    (tmp_path / "01.py").write_text("test = " + repr(test) + "\n")
    (tmp_path / "hog.py").write_text(MARKING)
    question = casefile.load_question(tmp_path / "01.py")
    question.scoring = scoring
    runner = Runner(preflight=("hog",), src=tmp_path, timeout=30)
    try:
        result = session.grade([question], runner, assignment=ASSIGNMENT, respect_locks=False)
    finally:
        runner.close()
    (graded,) = result.questions
    verdicts = {r.case.number: r.status for r in graded.case_results}
    assert verdicts[1] == "failed"
    assert not (tmp_path / "ran-h1").exists(), "a hidden case of a stopped suite was run"
    if scoring == "suites":
        assert verdicts[3] == "passed" and verdicts[4] == "passed"
        assert (tmp_path / "ran-h2").exists()
    else:
        assert set(verdicts) == {1} and not (tmp_path / "ran-h2").exists()


def test_a_hidden_win_rate_case_tells_its_verdict_only_with_the_hidden_test(tmp_path):
    """Staff may mark a win-rate case hidden: its note ("Exact win rate ...: at least
    0.59, as required") was printed in the visible public test and the top-level output,
    the hidden verdict before publication (attack17 F6); the top-level count of cases
    counted hidden ones too."""
    import shutil
    sp14 = assignments.load("sp14")
    cases = tmp_path / "cases"
    shutil.copytree(sp14.cases, cases, ignore=shutil.ignore_patterns("__pycache__"))
    rate = json.loads((cases / "09.grader.json").read_text())
    rate["suites"][0]["cases"][0]["hidden"] = True
    (cases / "09.grader.json").write_text(json.dumps(rate))
    submissions = tmp_path / "in"
    (submissions / "ref").mkdir(parents=True)
    shutil.copy(sp14.reference / "hog.py", submissions / "ref" / "hog.py")
    questions = bulk.load_cases(sp14, cases)
    settings = bulk.Settings(timeout=20, budget=60, sandbox=False, jobs=1)
    bulk.run(submissions, tmp_path / "out", sp14, questions, settings)
    results = json.loads((tmp_path / "out" / "gradescope" / "ref" / "results.json").read_text())
    tests = {t["number"]: t for t in results["tests"]}
    assert "Exact win rate" in tests["09.hidden"]["output"]
    assert "Exact win rate" not in tests["09"]["output"]
    assert "Exact win rate" not in results["output"]
    public = sum(not c.hidden for q in questions for c in q.cases)
    assert results["output"].startswith(f"Graded with {public} cases.")
