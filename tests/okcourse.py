"""Helpers for the ok banks in examples/ok/ (banks in a course's shape: the staff copy,
with the solution in the source files and the starters under template/).

copy_bank(name, into, src=None, locked=False) makes a folder ok can run;
ok_breakdown(ok_command, folder, *args) runs the real ok client there, offline, and
returns its per-test "Point breakdown"."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Dict, Iterable, Optional, Tuple, Union

BANKS = Path(__file__).resolve().parent.parent / "examples" / "ok"
_LINE = re.compile(r"\s+(.+?):\s*([\d.]+)/([\d.]+)\s*$")


def copy_bank(name: str, into: Path, src: Union[None, str, Iterable[Path]] = None,
              locked: bool = False) -> Path:
    """Copy the bank NAME to INTO/NAME, without template/ and notes. SRC: None keeps the
    solution; "template" puts the starter source files in place; else the paths of the
    source files to put in place by name. LOCKED: the tests as students get them
    (template/tests/, locked by ok) instead of the staff's unlocked ones."""
    bank = BANKS / name
    folder = Path(into) / name
    shutil.copytree(bank, folder, ignore=shutil.ignore_patterns(
        "__pycache__", "template", "README.md", "OK_NOTES.md", "answers.json"))
    files = []
    if src == "template":
        files = [p for p in (bank / "template").iterdir() if p.is_file()]
    elif src is not None:
        files = [Path(p) for p in src]
    for path in files:
        shutil.copy(path, folder / path.name)
    if locked:
        for path in (bank / "template" / "tests").glob("*.py"):
            shutil.copy(path, folder / "tests" / path.name)
    return folder


def config(folder: Path) -> str:
    return sorted(p.name for p in Path(folder).glob("*.ok") if not p.name.startswith("."))[0]


def run_ok(ok_command, folder: Path, *args, input: Optional[str] = None,
           env: Optional[Dict[str, str]] = None) -> subprocess.CompletedProcess:
    """The real ok client run as the course's students run it offline (ENV: variables
    set for it; the tests' own PYTHONPATH is not passed on)."""
    base = {**os.environ, "HOME": str(folder), "http_proxy": "http://127.0.0.1:9",
            "https_proxy": "http://127.0.0.1:9"}
    base.pop("PYTHONPATH", None)
    env = {**base, **(env or {})}
    return subprocess.run([str(ok_command), "--local", "--config", config(folder), *args],
                          cwd=folder, env=env, capture_output=True, text=True,
                          stdin=None if input is not None else subprocess.DEVNULL,
                          input=input, timeout=300)


def parse_breakdown(output: str) -> Dict[str, Tuple[float, float]]:
    """ok's "Point breakdown" lines: test name (as ok prints it) -> (score, max)."""
    scores, inside = {}, False
    for line in output.splitlines():
        if line.startswith("Point breakdown"):
            inside = True
        elif inside:
            match = _LINE.match(line)
            if match:
                scores[match.group(1)] = (float(match.group(2)), float(match.group(3)))
            elif line.strip().startswith("Score"):
                break
    return scores


def ok_breakdown(ok_command, folder: Path, *args) -> Dict[str, Tuple[float, float]]:
    """Run `ok --local --score ARGS` in FOLDER: test name -> (score, max); {} when ok
    printed no breakdown."""
    done = run_ok(ok_command, folder, "--score", *args)
    return parse_breakdown(done.stdout + done.stderr)
