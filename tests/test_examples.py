"""The README's first command: bulk grading the shipped example class."""

import csv
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from grader.run.sandbox import bwrap_problem

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "submissions"
README = EXAMPLES.parent / "README.md"


def readme_scores():
    """The README's table: id -> (points, out of), as a reader of the page sees them."""
    rows = re.findall(r"^\| (\w+) \|[^|]*\| (\d+) / (\d+)\b", README.read_text(), re.M)
    return {sid: (float(got), float(of)) for sid, got, of in rows}


def test_the_example_class_gets_what_each_submission_earns(tmp_path):
    if bwrap_problem():
        pytest.skip(f"no sandbox here: {bwrap_problem()}")
    out = tmp_path / "out"
    result = subprocess.run([sys.executable, "-m", "grader.cli", "bulk", str(EXAMPLES),
                             "--out", str(out), "--jobs", "2"],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    assert "Bulk grading summary" in result.stdout and "Traceback" not in result.stderr
    rows = {row["id"]: row for row in csv.DictReader((out / "grades.csv").open())}
    totals = {sid: float(row["total"]) for sid, row in rows.items()}
    stated = readme_scores()
    assert set(stated) == set(totals), "examples/README.md lists every submission"
    assert {sid: got for sid, (got, _) in stated.items()} == totals, \
        "examples/README.md states the scores grade bulk gives"
    assert {of for _, of in stated.values()} == {totals["ada"]}
    assert totals["ada"] == 22 and totals["cy"] == 0 and totals["dee"] == 0
    assert rows["ben"]["02"] == "0" and rows["ben"]["07"] == "0" and rows["ben"]["01"] == "2"
    # eve's play loops and prints a fake pass line: 05a-06 lost, the rest earned
    assert [rows["eve"][q] for q in ("01", "04", "05a", "05b", "06", "08", "11")] == \
           ["2", "2", "0", "0", "0", "2", "2"]
    records = {s["id"]: s for s in json.loads((out / "results.json").read_text())["submissions"]}
    assert "syntax error" in records["dee"]["error"] and "line" in records["dee"]["error"]
    assert "def roll_dice" not in json.dumps(records["eve"]), "eve read another submission"
