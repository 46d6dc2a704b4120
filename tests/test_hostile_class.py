"""A whole hostile class, graded by the real command: every attack beside correct
neighbours. The run completes, each neighbour keeps full marks, no attack scores more
than it may, nothing is written outside OUT, no process is left, every report is
written. (tests/hostile_class.py holds the attacks; add new ones there.)"""

import contextlib
import json
import os
import re
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

import hostile_class as hc
from grader.bulk.grading import GRADER_FAILED
from grader.run.sandbox import Limits, bwrap_problem
from grader.untrusted import is_safe_name, printable
from memwatch import MemoryWatch

GRADE = [sys.executable, "-m", "grader.cli", "bulk"]
needs_bwrap = pytest.mark.skipif(bwrap_problem() is not None, reason=str(bwrap_problem()))
REPORTS = ["results.json", "grades.csv", "report.html", "results.sqlite"]
JOBS = 2
MEMORY_SLACK = 1 << 30
RECORD_BYTES = 256 << 10  # the most one submission may take in results.json; twice in SQLite


def snapshot(root: Path):
    """Every path under ROOT with its type, mode and content (links: their target)."""
    seen = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder) / name
            info = os.lstat(path)
            if stat_is_link(info):
                seen[path] = ("link", os.readlink(path))
            elif os.path.isfile(path) and not os.path.islink(path) and stat_is_file(info):
                seen[path] = ("file", info.st_mode, path.read_bytes())
            else:
                seen[path] = ("other", info.st_mode)
    return seen


def stat_is_link(info):
    import stat
    return stat.S_ISLNK(info.st_mode)


def stat_is_file(info):
    import stat
    return stat.S_ISREG(info.st_mode)


def processes_mentioning(text: str):
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
        except OSError:
            continue
        if text in command:
            found.append((entry.name, command[:200]))
    return found


def grade_class(base: Path, source: Path):
    """Run `grade bulk` on SOURCE from an empty folder with a private TMPDIR; return the
    process, OUT, and what was around OUT before."""
    work, tmp, out = base / "cwd", base / "tmp", base / "out"
    work.mkdir()
    tmp.mkdir()
    cases = hc.make_cases(base.parent / f"{base.name}-cases")  # its cache is no output
    before = snapshot(base)
    started = time.monotonic()
    with MemoryWatch() as memory:
        done = subprocess.run(GRADE + [str(source), "--out", str(out), "--cases", str(cases),
                                       "--timeout", "2", "--budget", "4", "--jobs", str(JOBS)],
                              capture_output=True, text=True, cwd=work, timeout=900,
                              env={**os.environ, "TMPDIR": str(tmp)})
    elapsed = time.monotonic() - started
    time.sleep(0.3)
    return {"done": done, "out": out, "tmp": tmp, "work": work, "base": base,
            "before": before, "elapsed": elapsed, "left": processes_mentioning(str(tmp)),
            "memory_drop": memory.drop}


CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def texts_of(value):
    """Every string in a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from texts_of(item)
    elif isinstance(value, list):
        for item in value:
            yield from texts_of(item)


def check_class(run, attacks):
    done, out = run["done"], run["out"]
    assert done.returncode in (0, GRADER_FAILED), done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert "\x1b" not in done.stdout + done.stderr
    for name in REPORTS:
        assert (out / name).exists(), name

    # nothing outside OUT: the input, the working folder and TMPDIR are as they were
    after = snapshot(run["base"])
    outside = {p: v for p, v in after.items() if out not in p.parents and p != out}
    assert outside == {p: v for p, v in run["before"].items()}
    assert not Path("/results.json").exists() and not Path("/gradescope").exists()
    for path in out.rglob("*"):
        assert out.resolve() in path.resolve().parents and not path.is_symlink()
    assert run["left"] == []

    records = {r.get("name", r["id"]): r for r in
               json.loads((out / "results.json").read_text())["submissions"]}
    assert all(is_safe_name(r["id"]) for r in records.values())
    for sid in hc.NEIGHBOURS:
        assert records[sid]["score"] == hc.FULL, (sid, records[sid]["error"])
        assert (out / "gradescope" / sid / "results.json").exists()
    failed = set()
    for name, attack in attacks.items():
        record = records[printable(name, keep_newlines=False)]  # (names are kept written out)
        assert record["score"] <= attack.at_most, (name, record["score"])
        if attack.says:
            assert attack.says in (record["error"] or ""), (name, record["error"])
        if attack.win_rate is not None:
            rate = record["questions"]["12"]["win_rate"]
            assert rate == pytest.approx(attack.win_rate, abs=1e-9), (name, rate)
        if record.get("grader_failed"):
            assert attack.grader_may_fail, (name, record["error"])
            assert (out / "errors" / f"{record['id']}.txt").exists()
            failed.add(name)
    assert (done.returncode == GRADER_FAILED) == bool(failed)
    for name, record in records.items():  # whatever it printed or raised
        assert len(json.dumps(record)) <= RECORD_BYTES, (name, len(json.dumps(record)))
        for text in texts_of(record):
            assert not CONTROL.search(text), (name, text[:300])  # (read raw: jq -r)
    with contextlib.closing(sqlite3.connect(out / "results.sqlite")) as store:
        stored = dict(store.execute("SELECT id, length(record) FROM results"))
    assert max(stored.values()) <= 2 * RECORD_BYTES, max(stored.items(), key=lambda i: i[1])
    assert len(records) == len(hc.NEIGHBOURS) + len(attacks)
    # the sandboxes' groups may hold JOBS x their limit; the grader, its workers and
    # whatever else runs on the machine meanwhile get MEMORY_SLACK on top
    assert run["memory_drop"] <= JOBS * Limits().group_memory + MEMORY_SLACK, run["memory_drop"]
    return records


@needs_bwrap
def test_a_hostile_class_in_a_folder(tmp_path):
    source = hc.make_folder(tmp_path / "in")
    run = grade_class(tmp_path, source)
    check_class(run, hc.FOLDER)
    size = sum(p.stat().st_size for p in run["out"].rglob("*") if p.is_file())
    print(f"\nfolder class: {len(hc.FOLDER) + len(hc.NEIGHBOURS)} submissions in "
          f"{run['elapsed']:.1f} s, OUT {size / 2**20:.1f} MiB, available memory fell by "
          f"{run['memory_drop'] / 2**20:.0f} MiB at most")
    assert size < 64 << 20


@needs_bwrap
def test_a_hostile_class_in_a_zip(tmp_path):
    (tmp_path / "zip").mkdir()
    source = hc.make_zip(tmp_path / "zip" / "class.zip")
    run = grade_class(tmp_path, source)
    records = check_class(run, hc.ZIP)
    assert records[hc.BAD_CRC]["grader_failed"]
    assert run["done"].returncode == GRADER_FAILED
