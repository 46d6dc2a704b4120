"""`grade` and the real ok client agree test by test, points included, on every bank in
examples/ok/ (a homework, labs, a two-file project): on the solution, on the starter
template, and on one-bug variants of the solution made by `grade mutate`'s generator.
Where ok cannot run a folder at all (a project's typing.py, scheme suites), grade
still grades what it can, and says what it does not run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run_grade
from grader import assignment as assignments
from grader import mutate
from okcourse import BANKS, copy_bank
from okfolders import grade_points, ok_points

COMPARABLE = ["hw02", "hw03", "lab03", "lab05", "proj02b"]
PER_BANK = 6


def sampled_mutants(bank: str):
    mutants = mutate.ok_mutants(assignments.load(path=BANKS / bank))
    step = max(1, len(mutants) // PER_BANK)
    return [pytest.param(bank, m.file, m.source, id=f"{bank}:{m.id[:50]}")
            for m in mutants[::step]][:PER_BANK]


@pytest.mark.parametrize("bank", COMPARABLE)
@pytest.mark.parametrize("src", [None, "template"], ids=["solution", "template"])
def test_solution_and_template_score_as_ok_scores_them(bank, src, ok_command, tmp_path):
    folder = copy_bank(bank, tmp_path, src=src)
    assert grade_points(folder) == ok_points(ok_command, folder)


@pytest.mark.parametrize("bank,file,source",
                         [p for bank in COMPARABLE for p in sampled_mutants(bank)])
def test_one_bug_variants_score_as_ok_scores_them(bank, file, source, ok_command, tmp_path):
    folder = copy_bank(bank, tmp_path)
    (folder / file).write_text(source, encoding="utf-8")
    assert grade_points(folder) == ok_points(ok_command, folder)


def test_locked_tests_score_as_ok_scores_them(ok_command, tmp_path):
    """A lab as students get it, locked by ok itself: locked suites earn nothing."""
    folder = copy_bank("lab03", tmp_path, locked=True)
    assert grade_points(folder) == ok_points(ok_command, folder)


def test_a_project_ok_cannot_start_is_graded(tmp_path):
    """ok crashes on a typing.py (its own imports find the student's file)."""
    folder = copy_bank("proj02", tmp_path)
    done = run_grade("--score", "--json", "-", cwd=folder)
    record = json.loads(done.stdout)
    assert done.returncode == 0, done.stderr
    assert record["score"] == record["max_score"] > 0


def test_scheme_suites_are_named_and_the_python_is_graded(tmp_path):
    folder = copy_bank("lab09", tmp_path)
    done = run_grade("--score", cwd=folder)
    assert "does not run scheme suites" in done.stdout
    assert "All questions run passed" in done.stdout, done.stdout
    template = copy_bank("lab09", tmp_path / "t", src="template")
    assert run_grade(cwd=template).returncode == 1
    scheme_file = run_grade("-q", "tests.scm", "--score", "--json", "-", cwd=folder)
    record = json.loads(scheme_file.stdout)["questions"]["tests.scm"]
    assert record["status"] == "unsupported" and record["max_score"] == 0, record
