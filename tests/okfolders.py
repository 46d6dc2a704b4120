"""Helpers for tests of ok assignments: write a folder, and grade it with the real ok
client and with `grade`, test by test, points included."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path
from typing import Dict, Tuple

from conftest import run_grade


def write_folder(root: Path, files: Dict[str, str]) -> Path:
    """ROOT with FILES (relative name -> text) in it."""
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def ok_output(ok_command, folder: Path, *args: str) -> str:
    env = {**os.environ, "HOME": str(folder.parent), "http_proxy": "http://127.0.0.1:9",
           "https_proxy": "http://127.0.0.1:9"}
    config = next(folder.glob("*.ok")).name
    done = subprocess.run([str(ok_command), "--local", "--config", config, *args], cwd=folder,
                          env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL,
                          timeout=300)
    return done.stdout + done.stderr


def ok_points(ok_command, folder: Path, *args: str) -> Dict[str, Tuple[float, float]]:
    """test name -> (score, points) from `ok --score`'s point breakdown."""
    output = ok_output(ok_command, folder, "--score", *args)
    points, inside = {}, False
    for line in output.splitlines():
        if line.startswith("Point breakdown"):
            inside = True
        elif inside:
            match = re.match(r"\s+(.+?):\s*([\d.]+)/([\d.]+)\s*$", line)
            if match:
                points[match.group(1)] = (float(match.group(2)), float(match.group(3)))
            elif line.strip().startswith("Score"):
                break
    assert points, output[-2000:]
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
