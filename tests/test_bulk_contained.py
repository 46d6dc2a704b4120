"""One submission never stops a bulk run: whatever fails while finding, grading, keeping
or reporting one submission is recorded with it (errors/ID.txt), the run goes on, every
report is written, the exit status says so, and --resume grades those again."""

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from grader import assignment as assignments
from grader.bulk import grading as bulk
from grader.bulk import report as bulk_report
from grader.bulk.store import Store
from grader.run.sandbox import bwrap_problem

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "tests" / "data" / "bulk_cases"
ASSIGNMENT = assignments.load()
REFERENCE = (ASSIGNMENT.reference / "hog.py").read_text()
QUESTIONS = bulk.load_cases(ASSIGNMENT, CASES)
GRADE = [sys.executable, "-m", "grader.cli", "bulk"]
needs_bwrap = pytest.mark.skipif(bwrap_problem() is not None, reason=str(bwrap_problem()))
STUDENTS = ["ann", "ben", "cat", "dan"]


class Injected(Exception):
    """A fault planted in one step of the grader, for one submission."""


def _fail_for(ids, original, pick_id):
    def wrapped(*args, **kwargs):
        if pick_id(*args, **kwargs) in ids:
            raise Injected(f"planted in {original.__name__}")
        return original(*args, **kwargs)
    return wrapped


# Each step of the grader that handles one submission, and how to plant a fault in it.
STEPS = {
    "discovery": lambda mp, ids: mp.setattr(bulk, "_load", _fail_for(
        ids, bulk._load, lambda name, *a: name)),
    "grading": lambda mp, ids: mp.setattr(bulk, "grade_submission", _fail_for(
        ids, bulk.grade_submission, lambda submission, *a, **k: submission.id)),
    "record": lambda mp, ids: mp.setattr(bulk, "make_record", _fail_for(
        ids, bulk.make_record, lambda submission, *a: submission.id)),
    "store": lambda mp, ids: mp.setattr(Store, "put", _fail_for(
        ids, Store.put, lambda self, sid, *a, **k: sid)),
    "report": lambda mp, ids: mp.setattr(bulk_report, "gradescope_json", _fail_for(
        ids, bulk_report.gradescope_json, lambda record, *a: record["id"])),
}


def make_class(root: Path, ids) -> Path:
    root.mkdir(parents=True)
    for sid in ids:
        (root / sid).mkdir()
        (root / sid / "hog.py").write_text(REFERENCE)
    return root


@pytest.fixture(scope="module")
def shared_class(tmp_path_factory):
    return make_class(tmp_path_factory.mktemp("contained") / "in", STUDENTS)


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(step=st.sampled_from(sorted(STEPS)),
       broken=st.sets(st.sampled_from(STUDENTS), min_size=1, max_size=3))
def test_a_fault_in_any_step_stays_with_its_submission(shared_class, tmp_path_factory, step,
                                                        broken):
    out = tmp_path_factory.mktemp("out")
    settings_ = bulk.Settings(timeout=5, budget=5, sandbox=False, jobs=2)
    with pytest.MonkeyPatch.context() as mp:
        STEPS[step](mp, broken)
        outcome = bulk.run(shared_class, out, ASSIGNMENT, QUESTIONS, settings_)
    records = {r["id"]: r for r in outcome.records}
    assert sorted(records) == STUDENTS
    assert set(outcome.failed) == broken
    for sid in STUDENTS:
        if sid in broken:
            trace = (out / "errors" / f"{sid}.txt").read_text()
            assert "Injected" in trace
            if step != "report":  # the grade stands; only its Gradescope file is missing
                assert records[sid]["grader_failed"] and records[sid]["score"] == 0
                assert "the grader failed on this submission" in records[sid]["error"]
        else:
            assert records[sid]["score"] == 5 and not records[sid].get("grader_failed")
            assert not (out / "errors" / f"{sid}.txt").exists()
            assert (out / "gradescope" / sid / "results.json").exists()
    staff = json.loads((out / "results.json").read_text())
    assert [s["id"] for s in staff["submissions"]] == STUDENTS
    assert "Traceback" not in (out / "results.json").read_text()
    assert len((out / "grades.csv").read_text().splitlines()) == 1 + len(STUDENTS)
    assert (out / "report.html").read_text().count('class="student"') == len(STUDENTS)


def test_resume_grades_again_only_what_the_grader_failed_on(tmp_path):
    source = make_class(tmp_path / "in", STUDENTS)
    out = tmp_path / "out"
    settings_ = bulk.Settings(timeout=5, budget=5, sandbox=False, jobs=2)
    with pytest.MonkeyPatch.context() as mp:
        STEPS["record"](mp, {"ben"})
        first = bulk.run(source, out, ASSIGNMENT, QUESTIONS, settings_)
    assert first.failed == ["ben"] and (out / "errors" / "ben.txt").exists()
    second = bulk.run(source, out, ASSIGNMENT, QUESTIONS, settings_, resume=True)
    assert second.graded == 1 and second.failed == []
    assert {r["id"]: r["score"] for r in second.records} == dict.fromkeys(STUDENTS, 5)
    assert not (out / "errors" / "ben.txt").exists()


# --- through the command, with the triggers found in the wild -------------------------

def cli(*args):
    return subprocess.run(GRADE + [str(a) for a in args], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)


def bad_crc_zip(path: Path, broken: str) -> Path:
    """A class export whose entry BROKEN has a flipped byte (its CRC no longer matches)."""
    with zipfile.ZipFile(path, "w") as archive:
        for sid in STUDENTS:
            archive.writestr(f"export/{sid}/hog.py", REFERENCE + f"\n# {sid}\n")
    data = bytearray(path.read_bytes())
    at = data.index(f"# {broken}".encode())
    data[at + 2] ^= 0x20
    path.write_bytes(bytes(data))
    return path


@needs_bwrap
def test_a_bad_crc_in_a_zip_is_one_failed_submission_and_resume_retries_it(tmp_path):
    archive = bad_crc_zip(tmp_path / "class.zip", "cat")
    out = tmp_path / "out"
    common = ["--out", out, "--cases", CASES, "--timeout", "5"]
    first = cli(archive, *common)
    assert first.returncode == bulk.GRADER_FAILED == 3, first.stderr
    assert "Traceback" not in first.stdout + first.stderr
    assert "grader failed on 1 submission(s) (cat)" in " ".join(first.stderr.split())
    assert "BadZipFile" in (out / "errors" / "cat.txt").read_text()
    scores = {s["id"]: s["score"] for s in json.loads((out / "results.json").read_text())[
        "submissions"]}
    assert scores == {"ann": 5, "ben": 5, "cat": 0, "dan": 5}
    for name in ("grades.csv", "report.html", "gradescope/cat/results.json"):
        assert (out / name).exists()

    with zipfile.ZipFile(archive, "w") as repaired:
        for sid in STUDENTS:
            repaired.writestr(f"export/{sid}/hog.py", REFERENCE + f"\n# {sid}\n")
    again = cli(archive, *common, "--resume")
    assert again.returncode == 0, again.stderr
    assert "Resuming: 3 of 4" in again.stdout
    scores = {s["id"]: s["score"] for s in json.loads((out / "results.json").read_text())[
        "submissions"]}
    assert scores == dict.fromkeys(STUDENTS, 5)
    assert not (out / "errors" / "cat.txt").exists()


@needs_bwrap
def test_wrong_shapes_on_the_report_channel_stay_with_the_submission(tmp_path):
    """Well-formed JSON of the wrong shape, written where the worker reports: whether the
    runner rejects it or trips on it, only this submission pays."""
    forger = REFERENCE + (
        "\nimport os\n"
        "for fd in os.listdir('/proc/self/fd'):\n"
        "    if int(fd) > 2:\n"
        "        try:\n"
        "            os.write(int(fd), b'{\"ready\": true}\\n{\"id\": 0, \"outputs\": [5]}\\n'\n"
        "                     b'{\"id\": 1, \"outputs\": {\"printed\": 3}}\\n'\n"
        "                     b'{\"id\": 2, \"setup_error\": 7}\\n')\n"
        "        except OSError:\n"
        "            pass\n")
    source = make_class(tmp_path / "in", ["ann", "ben"])
    (source / "forger").mkdir()
    (source / "forger" / "hog.py").write_text(forger)
    result = cli(source, "--out", tmp_path / "out", "--cases", CASES, "--timeout", "5")
    assert result.returncode in (0, bulk.GRADER_FAILED), result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    scores = {s["id"]: s["score"] for s in json.loads(
        (tmp_path / "out" / "results.json").read_text())["submissions"]}
    assert scores["ann"] == scores["ben"] == 5 and scores["forger"] < 5


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.nested_given])
@given(seed=st.integers(0, 10 ** 6), breaks_every=st.integers(1, 5))
def test_a_replay_that_breaks_never_escapes_the_shrinker(seed, breaks_every):
    """A student's process that dies during shrinking (its replays raise, some of the
    time, and differently each time) leaves a failing game to show, not a crash."""
    import random

    from grader.hog.fuzz import engine as fuzz

    spec = fuzz.random_spec(random.Random(seed), fuzz.settings(), {"feral_hogs": False}, False)
    calls = iter(range(10 ** 6))

    def fails(candidate):
        if next(calls) % breaks_every == 0:
            raise (ValueError, fuzz.PlayerGone, OSError)[next(calls) % 3]("replay broke")
        return len(candidate["dice"]) > 1

    found = fuzz.shrink(spec, fails, lambda s: len(s["dice"]), budget=1, max_examples=50)
    assert isinstance(found, dict) and set(found) == set(spec)


def test_a_name_as_long_as_a_zip_allows_is_kept_short(tmp_path):
    """A zip entry's name may run to 64 KiB; the name kept beside the safe id (in
    results.json, the store, grades.csv, the report) is cut, and says so."""
    archive = tmp_path / "class.zip"
    with zipfile.ZipFile(archive, "w") as out:
        out.writestr("n" * 60000 + "/hog.py", REFERENCE)
    [found] = bulk.discover(archive, "hog.py")
    assert found.source is not None and len(found.id) < 200
    assert len(found.name) <= 2000 and found.name.endswith("(truncated)")


@needs_bwrap
def test_a_sandbox_that_cannot_start_is_the_graders_failure_not_a_zero(tmp_path, monkeypatch):
    """A sandbox that fails before any code of the submission runs (bwrap unable to set
    up a mount: a deployment's layout, attack28 F3) says so, as the grader's failure
    that --resume grades again; it was each student's "import failed", score 0. A
    submission that ends its own interpreter at import is still its own zero."""
    from grader.run.sandbox import Sandbox
    real_wrap = Sandbox.wrap

    def broken_wrap(self, argv):  # its setup inside bwrap fails as a mount that cannot be made
        command = real_wrap(self, argv)
        at = next(i for i, part in enumerate(command) if part.startswith("mount -t tmpfs"))
        return command[:at] + [f"mount -t tmpfs tmpfs {tmp_path / 'gone'}/tmp && " + command[at]
                               ] + command[at + 1:]

    submissions = make_class(tmp_path / "in", ["ann"])
    (submissions / "ben").mkdir()
    (submissions / "ben" / "hog.py").write_text("import os\nos._exit(1)\n" + REFERENCE)
    settings_ = bulk.Settings(timeout=5, budget=5, sandbox=True, jobs=1)
    monkeypatch.setattr(Sandbox, "wrap", broken_wrap)
    broken = bulk.run(submissions, tmp_path / "out", ASSIGNMENT, QUESTIONS, settings_)
    assert sorted(broken.failed) == ["ann", "ben"]
    for record in broken.records:
        assert record["grader_failed"] and "the grader failed" in record["error"]
        trace = (tmp_path / "out" / "errors" / f"{record['id']}.txt").read_text()
        assert "before any of the submission's code ran" in trace and "gone/tmp" in trace
    monkeypatch.setattr(Sandbox, "wrap", real_wrap)
    fixed = bulk.run(submissions, tmp_path / "out", ASSIGNMENT, QUESTIONS, settings_,
                     resume=True)
    records = {r["id"]: r for r in fixed.records}
    assert not fixed.failed and records["ann"]["score"] == 5
    assert records["ben"]["score"] == 0 and not records["ben"].get("grader_failed")
    assert "stopped the interpreter" in records["ben"]["error"]
