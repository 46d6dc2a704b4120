"""`grade init` on a folder that already holds work: nothing a student wrote is lost."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import run_grade
from grader import workspace
from grader.load import casefile
from locktools import answers_for, grade, locked_marks

STUDENT_FILES = ("hog.py", "dice.py", "ucb.py")
texts = st.text(st.characters(blacklist_categories=("Cs",)), min_size=0, max_size=200)


def test_init_into_a_workspace_without_a_flag_changes_nothing(tmp_path):
    ws = tmp_path / "ws"
    assert run_grade("init", str(ws)).returncode == 0
    (ws / "hog.py").write_text("# my work\n")
    before = {p: p.read_bytes() for p in ws.rglob("*") if p.is_file()}
    result = run_grade("init", str(ws))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert f"grade init {ws} --tests-only" in result.stderr
    assert {p: p.read_bytes() for p in ws.rglob("*") if p.is_file()} == before


@settings(max_examples=5, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(contents=st.fixed_dictionaries({name: texts for name in STUDENT_FILES}),
       flag=st.sampled_from(["--force", "--tests-only"]))
def test_force_and_tests_only_never_overwrite_a_students_file(tmp_path_factory, contents, flag):
    ws = tmp_path_factory.mktemp("ws") / "hog"
    assert run_grade("init", str(ws)).returncode == 0
    for name, text in contents.items():
        (ws / name).write_text(text, encoding="utf-8")
    (ws / "notes.txt").write_text("mine")
    old_tests = {p.relative_to(ws / "tests"): p.read_bytes()
                 for p in (ws / "tests").rglob("*.py") if "__pycache__" not in p.parts}
    (ws / "tests" / "02.py").write_text("broken")
    result = run_grade("init", str(ws), flag)
    assert result.returncode == 0, result.stderr
    for name, text in contents.items():
        assert (ws / name).read_text(encoding="utf-8") == text
    assert (ws / "notes.txt").read_text() == "mine"
    assert "Kept your hog.py" in result.stdout
    # the tests are whole again, and the replaced ones are kept
    assert casefile.load_questions(ws / "tests")
    backups = list((ws / ".grade-backup").iterdir())
    assert len(backups) == 1 and str(backups[0].relative_to(ws)) in result.stdout
    assert (backups[0] / "tests" / "02.py").read_text() == "broken"
    assert (backups[0] / "tests" / "03.py").read_bytes() == old_tests[Path("03.py")]
    assert json.loads((ws / "grade.json").read_text())["edition"] == "fa19"


def test_missing_starter_files_come_back_only_with_force(tmp_path):
    ws = tmp_path / "ws"
    assert run_grade("init", str(ws)).returncode == 0
    (ws / "dice.py").unlink()
    assert run_grade("init", str(ws), "--tests-only").returncode == 0
    assert not (ws / "dice.py").exists()
    result = run_grade("init", str(ws), "--force")
    assert result.returncode == 0 and "Added the missing starter file(s) dice.py" in result.stdout
    assert (ws / "dice.py").exists()


def test_restoring_the_tests_keeps_what_was_unlocked(tmp_path, fa19):
    ws = tmp_path / "ws"
    assert run_grade("init", str(ws)).returncode == 0
    typed = answers_for("01", "salted", cases=fa19.cases)
    unlocked = grade(ws, "-u", "-q", "01", input="\n".join(typed) + "\n")
    assert unlocked.returncode == 0, unlocked.stdout
    assert not any(locked_marks(casefile.read_literal(ws / "tests" / "01.py")))
    still_locked = locked_marks(casefile.read_literal(ws / "tests" / "02.py"))
    assert any(still_locked)
    shutil.rmtree(ws / "tests" / "__pycache__", ignore_errors=True)
    (ws / "tests" / "05a.fuzz.json").unlink()
    broken = run_grade("-q", "05a", "-v", cwd=ws)
    assert "grade init . --tests-only" in broken.stdout + broken.stderr
    result = run_grade("init", ".", "--tests-only", cwd=ws)
    assert result.returncode == 0, result.stderr
    staff = casefile.read_case_data(fa19.cases / "01.py")
    marked = sum(locked_marks(workspace.student_version(staff)))
    assert f"{marked} case(s) you had unlocked stay unlocked" in result.stdout
    assert not any(locked_marks(casefile.read_literal(ws / "tests" / "01.py")))
    assert locked_marks(casefile.read_literal(ws / "tests" / "02.py")) == still_locked
    assert (ws / "tests" / "05a.fuzz.json").exists()
    assert "grade init" not in run_grade("-q", "05a", "-v", cwd=ws).stdout
