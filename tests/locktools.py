"""Helpers for the locking tests: workspaces built from the fixture cases, the answers
a student who knows them would type, and the `grade` command run like a student."""

from __future__ import annotations

import dataclasses
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Dict, List

import pexpect

from grader import assignment as assignments
from grader.load import casefile
from grader.locking import hashes as locking
from grader import workspace

DATA = Path(__file__).parent / "data" / "cases"
REFERENCE = assignments.load().reference
GRADE = [sys.executable, "-m", "grader.cli"]


def fixture_assignment(cases: Path = DATA) -> assignments.Assignment:
    return dataclasses.replace(assignments.load(), cases=Path(cases), config={})


def make_workspace(root: Path, scheme: str = "salted", solved: bool = True,
                   cases: Path = DATA) -> Path:
    a = fixture_assignment(cases)
    transform = workspace.unlocked if scheme == "unlocked" else locking.transform(scheme, a.name)
    workspace.init(a, root, transform=transform)
    if solved:
        shutil.copy(REFERENCE / "hog.py", root / "hog.py")
    return root


def env(**extra: str) -> Dict[str, str]:
    out = dict(os.environ, NO_COLOR="1", TERM="dumb", COLUMNS="100")
    out.update(extra)
    return out


def grade(ws: Path, *args: str, input: str = None, **extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(GRADE + list(args), cwd=ws, input=input, capture_output=True,
                          text=True, env=env(**extra), timeout=60)


def spawn(ws: Path, *args: str, **extra: str) -> pexpect.spawn:
    return pexpect.spawn(GRADE[0], GRADE[1:] + ["-u"] + list(args), cwd=str(ws),
                         env=env(**extra), encoding="utf-8", timeout=30, dimensions=(50, 200))


def answers_for(key: str, scheme: str, cases: Path = DATA) -> List[str]:
    """What a student who knows every answer types to unlock question KEY, read from
    the staff's plain cases."""
    typed = []
    data = workspace.student_version(casefile.read_case_data(cases / f"{key}.py"))
    for _, case, kind in locking.case_paths(data):
        marked = case.get("locked") is True
        if not marked:
            continue
        if kind == "concept":
            typed.append(case["answer"])
            continue
        for block in locking.blocks(case["code"]):
            tokens = locking.lock_outputs(block, scheme, "k")
            if tokens is None:
                continue
            if len(tokens) == 1 and block.outputs and block.outputs[0].startswith("Traceback"):
                typed.append("Error")
            elif not block.outputs:
                typed.append("Nothing")
            else:
                typed.extend("" if scheme == "salted" and line == "<BLANKLINE>" else line
                             for line in block.outputs)
    return typed


def locked_marks(data: Dict) -> List[bool]:
    return [case.get("locked") is True for _, case, _ in locking.case_paths(data)]
