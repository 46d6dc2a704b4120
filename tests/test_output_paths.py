"""Every command that writes checks where before it works: a missing folder, a file in
the way, or a folder it may not write gives exit status 2 and one line, at once, never a
traceback after the work is done."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from conftest import REPO

SLEEPY = "import time\ntime.sleep(60)\n"  # what would run if the work started first

# command name -> argv builder(target, base): base holds a workspace "ws", a sleepy
# submission folder "subs" and a sleepy hog.py "slow.py".
COMMANDS = {
    "grade --json": lambda t, b: ["-d", str(b / "ws"), "--json", t, "--timeout", "30"],
    "winrate --json": lambda t, b: ["winrate", str(b / "slow.py"), "--json", t],
    "bulk --out": lambda t, b: ["bulk", str(b / "subs"), "--out", t, "--no-sandbox"],
    "contest --out": lambda t, b: ["contest", str(b / "subs"), "--out", t, "--no-sandbox"],
    "init": lambda t, b: ["init", t],
    "publish": lambda t, b: ["publish", t],
    "gradescope": lambda t, b: ["gradescope", t],
    "mutate --json": lambda t, b: ["mutate", "-q", "01", "--json", t],
    "optimal --save": lambda t, b: ["optimal", "--save", t],
}
FOLDER_TARGETS = {"bulk --out", "contest --out", "init"}


@pytest.fixture(scope="module")
def base():
    """A world-readable scratch folder (an unprivileged user runs some commands in it)."""
    folder = Path(tempfile.mkdtemp(prefix="hog-outputs-"))
    folder.chmod(0o755)
    from grader import assignment, workspace
    fa19 = assignment.load()
    workspace.init(fa19, folder / "ws")
    (folder / "ws" / "hog.py").write_text(SLEEPY)
    (folder / "subs").mkdir()
    for name in ("a", "b"):
        (folder / "subs" / f"{name}.py").write_text(SLEEPY + "TEAM_NAME = 'x'\n")
    (folder / "slow.py").write_text(SLEEPY)
    (folder / "a file").write_text("not a folder")
    (folder / "locked up").mkdir(mode=0o555)
    (folder / "locked up").chmod(0o555)
    for path in folder.rglob("*"):
        if path.is_dir() and path.name != "locked up":
            path.chmod(0o755)
        elif path.is_file():
            path.chmod(0o644)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def grade(argv, cwd, as_nobody=False):
    prefix = (["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
              if as_nobody else [])
    env = {**os.environ, "PYTHONPATH": str(REPO), "HOME": str(cwd), "COLUMNS": "200"}
    started = time.monotonic()
    done = subprocess.run(prefix + [sys.executable, "-m", "grader.cli", *argv], cwd=cwd,
                          env=env, capture_output=True, text=True, timeout=120)
    return done, time.monotonic() - started


def target_for(kind: str, command: str) -> str:
    leaf = ("out" if command in FOLDER_TARGETS
            else "x.zip" if command in ("publish", "gradescope")
            else "x.py" if command == "optimal --save" else "x.json")
    return {"missing folder": f"no such folder/{leaf}",
            "a file in the way": f"a file/{leaf}",
            "not writable": f"locked up/{leaf}"}[kind]


@pytest.mark.parametrize("kind", ["missing folder", "a file in the way", "not writable"])
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_bad_output_path_stops_before_the_work(base, command, kind):
    if kind == "not writable" and os.geteuid() == 0 and shutil.which("setpriv") is None:
        pytest.fail("the unwritable case needs setpriv to drop root")
    target = target_for(kind, command)
    if command in FOLDER_TARGETS and kind == "missing folder":
        target = "a file/deeper/out"  # a folder target's missing parents are created
    done, elapsed = grade(COMMANDS[command](target, base), base,
                          as_nobody=kind == "not writable" and os.geteuid() == 0)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr + done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), done.stderr
    assert target.split("/")[0] in lines[0]
    assert elapsed < 20, "the check comes before the work"
    assert not (base / target).exists()


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_an_existing_output_folder_is_reported_for_file_targets(base, command):
    if command in FOLDER_TARGETS:
        return
    done, _ = grade(COMMANDS[command]("subs", base), base)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "subs" in done.stderr


def test_publish_refuses_to_replace_an_archive_unless_forced(tmp_path):
    target = tmp_path / "hog.zip"
    target.write_bytes(b"an older archive")
    done, _ = grade(["publish", str(target)], tmp_path)
    assert done.returncode == 2 and "already exists" in done.stderr and "--force" in done.stderr
    assert target.read_bytes() == b"an older archive"
    done, _ = grade(["publish", str(target), "--force"], tmp_path)
    assert done.returncode == 0, done.stderr
    import zipfile
    assert "hog/hog.py" in zipfile.ZipFile(target).namelist()


def test_publish_into_a_missing_folder_says_it_is_missing(tmp_path):
    done, _ = grade(["publish", str(tmp_path / "nowhere" / "hog.zip")], tmp_path)
    assert done.returncode == 2
    assert "does not exist" in done.stderr and "is not a folder" not in done.stderr


@pytest.mark.parametrize("contents", [[], ["notes.txt"], ["__init__.py", "_helper.py"]])
def test_lock_on_a_folder_without_case_files_is_an_error(tmp_path, contents):
    for name in contents:
        (tmp_path / name).write_text("x = 1\n")
    done, _ = grade(["lock", str(tmp_path)], tmp_path)
    assert done.returncode == 2 and "no case files" in done.stderr
    assert "Traceback" not in done.stderr and "file(s) changed" not in done.stdout


@pytest.mark.parametrize("target", ["grade.json", "hog.ok", "hog.py", "./dice.py",
                                    "tests/01.py", "tests/new.json", "../ws/grade.json"])
def test_a_report_never_replaces_a_file_of_the_workspace(tmp_path, target):
    """`grade --json grade.json` once replaced the file naming the workspace's edition
    (the next run graded another edition's cases); the student's code and tests are
    as precious."""
    from conftest import run_grade
    ws = tmp_path / "ws"
    assert run_grade("init", str(ws), "--edition", "su21").returncode == 0
    before = {p: p.read_bytes() for p in ws.rglob("*") if p.is_file()}
    done = run_grade("-q", "01", "--json", target, cwd=ws)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert "the workspace's own" in done.stderr
    assert {p: p.read_bytes() for p in ws.rglob("*") if p.is_file()} == before
    assert run_grade("-q", "01", "--json", "results.json", cwd=ws).returncode in (0, 1)
    assert (ws / "results.json").is_file()


@pytest.mark.parametrize("option", ["--json", "--score-out"])
@pytest.mark.parametrize("target", ["construct_check.py", "hw02.ok", "link-to-hw02.txt"])
def test_a_report_never_replaces_an_ok_folders_file_under_any_name(tmp_path, option, target):
    """A course's helper beside the source (construct_check.py), and the student's file
    under a second name (a hard link), are the workspace's too."""
    import os
    import shutil
    from conftest import run_grade
    ws = tmp_path / "hw02"
    shutil.copytree(Path(__file__).resolve().parent.parent / "examples" / "ok" / "hw02", ws,
                    ignore=shutil.ignore_patterns("template", "__pycache__"))
    os.link(ws / "hw02.py", ws / "link-to-hw02.txt")
    before = {p: p.read_bytes() for p in ws.rglob("*") if p.is_file()}
    done = run_grade("-q", "product", option, target, cwd=ws)
    assert done.returncode == 2 and "the workspace's own" in done.stderr, done.stderr
    assert {p: p.read_bytes() for p in ws.rglob("*") if p.is_file()} == before


def test_a_report_replaces_whatever_stood_at_its_path_whole(tmp_path):
    """The graded code runs before the report is written: a file it planted there (its
    own forged result, read-only; a link to elsewhere) must not survive as the result,
    nor be written through."""
    import shutil
    from conftest import run_grade
    ws = tmp_path / "hw02"
    shutil.copytree(Path(__file__).resolve().parent.parent / "examples" / "ok" / "hw02", ws,
                    ignore=shutil.ignore_patterns("template", "__pycache__"))
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text("KEEP ME\n")
    (ws / "out.json").symlink_to(elsewhere)
    (ws / "score.txt").write_text("Point breakdown\n\nScore:\n    Total: 99.0\n")
    (ws / "score.txt").chmod(0o444)
    done = run_grade("-q", "product", "--json", "out.json", "--score-out", "score.txt", cwd=ws)
    assert done.returncode == 0, done.stderr
    assert not (ws / "out.json").is_symlink() and elsewhere.read_text() == "KEEP ME\n"
    assert json.loads((ws / "out.json").read_text())["questions"]["product"]["status"] == "passed"
    assert "Total: 1.0" in (ws / "score.txt").read_text()
