"""An ok test bank in the course's own shape loads unchanged (issue 9 §4).

tests/data/okbank is such a bank (made by tests/data/make_okbank.py): proj01.ok names
the case files with globs; tests/ holds __init__.py, helper modules the cases import
as `tests.*`, a data file the helpers read, and cases locked with ok's hash. A correct
solution unlocked with `grade -u` gets full marks from `grade` and from the real ok
client; without a .ok, helpers are still told apart from cases; bulk grading with the
bank keeps the case files out of the sandbox.
"""

from __future__ import annotations

import fnmatch
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from conftest import run_grade
from grader.load import casefile

DATA = Path(__file__).parent / "data"
BANK = DATA / "okbank"
ANSWERS = json.loads((DATA / "okbank_answers.json").read_text(encoding="utf-8"))
HELPERS = ("__init__.py", "check_strategy.py", "play_utils.py", "play.sol")


def course_folder(root: Path, fa19, hog: Path = None) -> Path:
    folder = root / "proj01"
    shutil.copytree(BANK, folder, ignore=shutil.ignore_patterns("__pycache__"))
    for name in fa19.support:
        shutil.copy(Path(fa19.template) / name, folder / name)
    shutil.copy(hog or Path(fa19.reference) / fa19.source, folder / fa19.source)
    return folder


def typed_answers() -> str:
    return "\n".join(line for key in sorted(ANSWERS) for line in ANSWERS[key]) + "\n"


def run_ok(ok_command, folder: Path, *args) -> str:
    env = {**os.environ, "HOME": str(folder.parent), "http_proxy": "http://127.0.0.1:9",
           "https_proxy": "http://127.0.0.1:9"}
    done = subprocess.run([str(ok_command), "--local", "--config", "proj01.ok", *args],
                          cwd=folder, env=env, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=600)
    return done.stdout + done.stderr


def ok_total(output: str) -> float:
    match = re.search(r"Total: ([\d.]+)", output)
    assert match, output
    return float(match.group(1))


def test_the_bank_has_the_course_shape():
    names = {p.name for p in (BANK / "tests").iterdir()}
    assert set(HELPERS) <= names
    texts = [p.read_text() for p in (BANK / "tests").glob("[0-9]*.py")]
    assert any("from tests.play_utils import" in t for t in texts)
    assert any("from tests.check_strategy import" in t for t in texts)
    assert sum("# locked" in t for t in texts) >= 10
    config = json.loads((BANK / "proj01.ok").read_text())
    assert any("*" in pattern or "?" in pattern or "[" in pattern for pattern in config["tests"])


def test_the_ok_config_names_the_cases_and_helpers_are_left_alone(tmp_path, fa19):
    folder = course_folder(tmp_path, fa19)
    assert sorted(casefile.case_files(folder / "tests")) == sorted(fa19.questions)
    assert casefile.question_keys(folder / "tests") == sorted(fa19.questions)


def test_locked_bank_loads_and_runs_what_is_unlocked(tmp_path, fa19):
    folder = course_folder(tmp_path, fa19)
    done = run_grade("--json", "-", cwd=folder)
    assert done.returncode == 1, done.stderr
    record = json.loads(done.stdout)
    assert record["error"] is None
    statuses = {key: q["status"] for key, q in record["questions"].items()}
    assert set(statuses) == set(fa19.questions)
    assert statuses["12"] == "passed"  # imports tests.check_strategy
    assert all(statuses[key] == "locked" for key in ANSWERS)
    assert all(q["failed"] == 0 for q in record["questions"].values())


def test_unlocked_bank_gives_full_marks_from_grade_and_from_ok(tmp_path, fa19, ok_command):
    folder = course_folder(tmp_path, fa19)
    assert ok_total(run_ok(ok_command, folder, "--score")) < 22  # locked: no points yet
    unlock = run_grade("-u", cwd=folder, input=typed_answers(), timeout=300)
    assert unlock.returncode == 0, unlock.stdout[-2000:] + unlock.stderr
    done = run_grade("--score", "--json", "-", cwd=folder)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr
    assert json.loads(done.stdout)["score"] == 22
    assert ok_total(run_ok(ok_command, folder, "--score")) == 22  # ok reads grade's unlocking


def test_a_broken_solution_fails_the_same_questions_under_grade_and_ok(tmp_path, fa19,
                                                                      ok_command):
    """play ignoring feral_hogs=False: only 5b, under both."""
    source = (Path(fa19.reference) / fa19.source).read_text()
    broken = tmp_path / "broken.py"
    broken.write_text(source.replace("if feral_hogs and abs(", "if abs("))
    folder = course_folder(tmp_path, fa19, hog=broken)
    assert run_grade("-u", cwd=folder, input=typed_answers(), timeout=300).returncode == 0
    record = json.loads(run_grade("--json", "-", cwd=folder).stdout)
    failing = sorted(k for k, q in record["questions"].items() if q["status"] != "passed")
    assert failing == ["05b"]
    breakdown = run_ok(ok_command, folder, "--score")
    assert re.search(r"Question 5b: 0\.0/1", breakdown), breakdown
    assert ok_total(breakdown) == 21


def test_without_an_ok_config_a_file_without_test_is_a_helper(tmp_path, fa19):
    folder = course_folder(tmp_path, fa19)
    (folder / "proj01.ok").unlink()
    (folder / "tests" / "strategies.py").write_text("def always(n):\n    return lambda s, o: n\n")
    assert sorted(casefile.case_files(folder / "tests")) == sorted(fa19.questions)
    done = run_grade("-q", "12", "-q", "04", "--json", "-", cwd=folder)
    assert done.returncode == 1, done.stderr  # 04 is locked
    assert "Error" not in done.stderr and "test = {" not in done.stderr, done.stderr
    assert json.loads(done.stdout)["questions"]["12"]["status"] == "passed"


KEYS = ["00", "01", "02", "03", "04", "05a", "05b", "06", "07", "08", "09", "10", "11", "12"]


@settings(max_examples=60, deadline=None)
@given(patterns=st.lists(st.sampled_from(
    ["tests/00.py", "tests/05*.py", "tests/0[1-4].py", "tests/1?.py", "tests/*.py",
     "tests/0[6-9].py:all", "tests/?[0-9].py", "tests/12.py", "tests/*_utils.py",
     "tests/__init__.py", "tests/0*.py", "hog.py"]), min_size=1, max_size=4, unique=True),
    sources=st.lists(st.sampled_from(["ok_test", "doctest", "ok_test,doctest"]),
                     min_size=4, max_size=4))
def test_case_files_are_what_the_ok_config_globs_name(tmp_path_factory, patterns, sources):
    """The files named, by ok's rules: globs from the config's folder, `:parameter`
    dropped, only ok_test sources, an empty __init__.py skipped."""
    folder = tmp_path_factory.mktemp("okglob")
    (folder / "tests").mkdir()
    for key in KEYS:
        (folder / "tests" / f"{key}.py").write_text("test = {'name': %r}\n" % key)
    for helper in ("__init__.py", "play_utils.py", "check_strategy.py"):
        (folder / "tests" / helper).write_text("" if helper == "__init__.py" else "X = 1\n")
    config = {pattern: source for pattern, source in zip(patterns, sources)}
    (folder / "course.ok").write_text(json.dumps({"name": "x", "tests": config}))
    expected = set()
    for pattern, source in config.items():
        if "ok_test" not in source.split(","):
            continue
        glob_part = pattern.split(":", 1)[0]
        for path in (folder / "tests").iterdir():
            if fnmatch.fnmatch(f"tests/{path.name}", glob_part) and path.name != "__init__.py":
                expected.add(path.stem)
    assert set(casefile.case_files(folder / "tests")) == expected


PROBE = '''
import os as _os

_MARK = "replay_games(play, " + "make_test_dice"


def _leak():
    for top in [CASES, "/tmp", _os.getcwd(), "/"]:
        for root, dirs, files in _os.walk(top):
            dirs[:] = [d for d in dirs if d not in ("proc", "sys", "dev", "usr", ".git",
                                                    ".venv", "site-packages", "lib")]
            for name in files:
                try:
                    with open(_os.path.join(root, name), errors="ignore") as f:
                        if _MARK in f.read(100000):
                            return _os.path.join(root, name)
                except OSError:
                    pass
            if top == "/" and root.count("/") > 3:
                dirs[:] = []
    return None


_LEAKED = _leak()


def free_bacon(score):
    assert score < 100, 'The game should be over.'
    if _LEAKED:
        print("LEAK", _LEAKED)
    return 10 - min(score // 10, score % 10)
'''


def _bulk(tmp_path, fa19, cases: Path, sandbox: bool) -> dict:
    subs = tmp_path / ("subs-sandbox" if sandbox else "subs-open")
    subs.mkdir()
    reference = (Path(fa19.reference) / fa19.source).read_text()
    probe = reference + PROBE.replace("CASES", repr(str(cases)))
    (subs / "probe.py").write_text(probe)
    out = tmp_path / ("out-sandbox" if sandbox else "out-open")
    args = ["bulk", str(subs), "--cases", str(cases), "--out", str(out), "--jobs", "1"]
    done = run_grade(*args, *([] if sandbox else ["--no-sandbox"]), timeout=900)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr
    return json.loads((out / "results.json").read_text())


def test_bulk_with_the_bank_keeps_case_files_out_of_the_sandbox(tmp_path, fa19):
    """A submission that searches the disk for the bank's case files (knowing where
    they are) finds them without the sandbox, and nothing with it."""
    folder = course_folder(tmp_path, fa19)
    assert run_grade("-u", cwd=folder, input=typed_answers(), timeout=300).returncode == 0
    cases = folder / "tests"
    opened = json.dumps(_bulk(tmp_path, fa19, cases, sandbox=False))
    assert "LEAK" in opened  # the probe works
    boxed = json.dumps(_bulk(tmp_path, fa19, cases, sandbox=True))
    assert "LEAK" not in boxed


@pytest.mark.xfail(strict=True, reason="needs branch `runtime`: the bank's helper modules "
                                       "(tests.*) and data file visible, read-only, in the "
                                       "bulk sandbox (issue 9 §4)")
def test_bulk_with_the_bank_gives_a_correct_submission_full_marks(tmp_path, fa19):
    folder = course_folder(tmp_path, fa19)
    assert run_grade("-u", cwd=folder, input=typed_answers(), timeout=300).returncode == 0
    subs = tmp_path / "subs"
    subs.mkdir()
    shutil.copy(Path(fa19.reference) / fa19.source, subs / "correct.py")
    out = tmp_path / "out"
    done = run_grade("bulk", str(subs), "--cases", str(folder / "tests"), "--out", str(out),
                     "--jobs", "1", timeout=900)
    assert done.returncode == 0, done.stderr
    submission = json.loads((out / "results.json").read_text())["submissions"][0]
    assert submission["score"] == 22, submission
