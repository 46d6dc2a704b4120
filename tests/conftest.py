import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader import assignment as assignments
from grader import workspace

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def fa19():
    return assignments.load()


def run_grade(*args, cwd=None, input=None, env=None, timeout=120):
    """The real `grade` command in a child process, as a student runs it."""
    full_env = {**os.environ, "COLUMNS": "120", **(env or {})}
    full_env.pop("FORCE_COLOR", None)
    return subprocess.run([sys.executable, "-m", "grader.cli", *args], cwd=cwd, input=input,
                          capture_output=True, text=True, env=full_env, timeout=timeout)


@pytest.fixture
def student_ws(tmp_path, fa19):
    """A fresh unlocked student workspace holding the untouched template."""
    return workspace.init(fa19, tmp_path / "hog")


@pytest.fixture
def solved_ws(student_ws, fa19):
    """A workspace whose hog.py is the reference solution."""
    shutil.copy(fa19.reference / "hog.py", student_ws / "hog.py")
    return student_ws
