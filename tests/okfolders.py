"""Helpers for tests of ok assignments: write a folder, and grade it with the real ok
client and with `grade`, test by test, points included."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Dict, Tuple

from conftest import run_grade
from okcourse import ok_breakdown


def write_folder(root: Path, files: Dict[str, str]) -> Path:
    """ROOT with FILES (relative name -> text) in it."""
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def ok_points(ok_command, folder: Path, *args: str) -> Dict[str, Tuple[float, float]]:
    """test name -> (score, points) from `ok --score`'s point breakdown (there must be one)."""
    points = ok_breakdown(ok_command, folder, *args)
    assert points, f"ok printed no point breakdown in {folder}"
    return points


def grade_points(folder: Path, *args: str) -> Dict[str, Tuple[float, float]]:
    """test name (as ok prints it) -> (score, points) from `grade --score --json -`."""
    done = run_grade("--score", "--json", "-", *args, cwd=folder, timeout=300)
    try:
        record = json.loads(done.stdout)
    except ValueError:
        raise AssertionError(done.stdout[-2000:] + done.stderr[-2000:]) from None
    return {record_name(key, q): (q["score"], q["max_score"])
            for key, q in record["questions"].items()}


def record_name(key: str, question: dict) -> str:
    return question.get("name", key)
