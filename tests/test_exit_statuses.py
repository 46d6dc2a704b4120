"""Exit statuses a script or a shell can rely on, through the real command: Ctrl-C is
130 in every command (not click's "Aborted!" and 1), a usage error is 2. The README's
table lists every command's."""

from __future__ import annotations

import io
import json
import os
import re
import sys
import time

import pexpect
import pytest

from conftest import REPO, run_grade


def _spawn(*argv: str) -> pexpect.spawn:
    child = pexpect.spawn(sys.executable, ["-m", "grader.cli", *argv], cwd=str(REPO),
                          encoding="utf-8", timeout=120, dimensions=(40, 160),
                          env={**os.environ, "NO_COLOR": "1", "TERM": "xterm"})
    child.logfile_read = io.StringIO()
    return child


def _slow_assignment(tmp_path):
    """A copy of fa19 whose reference takes a minute to import: `verify` on it is
    surely still at work when Ctrl-C comes, however fast grading has become."""
    import shutil
    from grader import assignment as assignments
    fa19 = assignments.load("fa19")
    folder = tmp_path / "slow"
    shutil.copytree(fa19.reference, folder / "reference")
    shutil.copytree(fa19.template, folder / "student_template")
    shutil.copytree(fa19.cases, folder / "cases")
    hog = folder / "reference" / "hog.py"
    hog.write_text("import time\ntime.sleep(60)\n" + hog.read_text())
    return ["verify", "--assignment", str(folder)]


@pytest.mark.parametrize("argv, busy", [
    (lambda tmp_path: ["optimal", "--sweeps", "50"], r"Scores-only ascent"),  # its progress
    (_slow_assignment, None),  # says nothing until it is done
], ids=["optimal", "verify"])
def test_ctrl_c_stops_a_staff_command_with_130(argv, busy, tmp_path):
    child = _spawn(*argv(tmp_path))
    if busy:
        child.expect(busy)
    else:
        time.sleep(2)
    assert child.isalive(), "the command must still be working when Ctrl-C comes"
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    said = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", child.logfile_read.getvalue())
    assert child.exitstatus == 130, said
    assert "Stopped by Ctrl-C." in said
    assert "Aborted" not in said and "Traceback" not in said


def test_a_contest_with_fewer_than_two_valid_entries_is_a_usage_error(tmp_path):
    entries = tmp_path / "entries"
    entries.mkdir()
    (entries / "good.py").write_text("TEAM_NAME = 'good'\n"
                                     "def final_strategy(score, opponent_score):\n    return 4\n")
    (entries / "bad.py").write_text("TEAM_NAME = 'bad'\n"
                                    "def final_strategy(score, opponent_score):\n    return 11\n")
    out = tmp_path / "out"
    done = run_grade("contest", str(entries), "--out", str(out), "--no-sandbox")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "1 valid entry: a contest needs at least two" in " ".join(done.stderr.split())
    assert "Traceback" not in done.stderr
    assert [e["entry"] for e in json.loads((out / "excluded.json").read_text())] == ["bad.py"]
