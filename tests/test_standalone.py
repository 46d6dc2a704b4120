"""The workspace `grade publish` makes works with nothing installed: `python3 grade`
with only a Python 3.9+ interpreter (run here isolated, `-I -S`: no site-packages, no
user files), as a student who downloaded the archive runs it."""

from __future__ import annotations

import glob
import json
import os
import random
import re
import signal
import shutil
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path

import pexpect
import pytest

from conftest import run_grade
from grader import assignment as assignments
from grader.load import casefile
from locktools import answers_for

OLDEST = sorted(glob.glob("/root/.pyenv/versions/3.9.*/bin/python3")) or [sys.executable]
PY39 = OLDEST[0]
TOO_OLD = sorted(glob.glob("/root/.pyenv/versions/3.8.*/bin/python3"))
FA19 = assignments.load()
HW02 = Path(__file__).resolve().parents[1] / "examples" / "ok" / "hw02"


@pytest.fixture(scope="module")
def archive(tmp_path_factory):
    out = tmp_path_factory.mktemp("published") / "hog.zip"
    done = run_grade("publish", str(out), timeout=600)
    assert done.returncode == 0, done.stderr
    return out


@pytest.fixture
def unpacked(archive, tmp_path):
    """The archive unpacked as a student's unzip does (file modes kept)."""
    with zipfile.ZipFile(archive) as z:
        z.extractall(tmp_path)
        for info in z.infolist():
            mode = info.external_attr >> 16
            if mode:
                os.chmod(tmp_path / info.filename, mode & 0o777)
    return tmp_path / "hog"


CACHES = ["unpacked", "in the zip"]  # the runner's two ways to import the grader


def student(ws, *args, python=PY39, input=None, env=None, isolated=True, cache="unpacked"):
    """`python3 grade ARGS` in WS, with nothing but the interpreter. CACHE: whether the
    runner may unpack itself into the user's cache (else it imports from the zip, and
    runs its worker and fuzz driver with -c)."""
    flags = ["-I", "-S"] if isolated else []
    base = {"PATH": "/usr/bin:/bin", "HOME": str(ws.parent), "LANG": "C.UTF-8",
            "COLUMNS": "120"}
    if cache != "unpacked":
        base["HOG_RUNNER_NO_CACHE"] = "1"
    return subprocess.run([python, *flags, "grade", *args], cwd=ws, input=input,
                          capture_output=True, text=True, timeout=300, env={**base, **(env or {})})


def test_the_interpreter_alone_has_none_of_the_grader_libraries(unpacked):
    probe = subprocess.run([PY39, "-I", "-S", "-c", "import click"], capture_output=True)
    assert probe.returncode != 0, "the isolated interpreter must not see click"
    assert (unpacked / "grade").stat().st_mode & 0o111


@pytest.mark.parametrize("cache", CACHES)
def test_the_template_fails_with_commands_a_student_can_type(unpacked, cache):
    done = student(unpacked, "-q", "1", cache=cache)
    assert done.returncode == 1, done.stderr
    name = Path(PY39).name
    assert f"Run just this case: {name} grade -q 01 --case" in done.stdout
    assert f"Unlock them with: {name} grade -u -q 01" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr


def test_a_solved_workspace_scores_everything_without_numpy(unpacked):
    shutil.copy(FA19.reference / "hog.py", unpacked / "hog.py")
    for key in casefile.question_keys(unpacked / "tests"):
        typed = answers_for(key, "salted", cases=FA19.cases)
        if typed:
            done = student(unpacked, "-u", "-q", key, input="\n".join(typed) + "\n")
            assert done.returncode == 0, done.stdout + done.stderr
    done = student(unpacked, "--score", "-v", "--json", "-")
    assert done.returncode == 0, done.stderr
    record = json.loads(done.stdout)
    assert record["score"] == record["max_score"] == 22
    assert record["questions"]["12"]["win_rate"] is None
    assert "its win rate was not computed" in done.stderr and "numpy" in done.stderr
    for key in ("05a", "05b", "06"):  # the recorded fuzz games ran and agreed
        assert record["questions"][key]["status"] == "passed"


def test_with_numpy_the_win_rate_is_exact(unpacked):
    shutil.copy(FA19.reference / "hog.py", unpacked / "hog.py")
    done = student(unpacked, "-q", "12", "-v", python=sys.executable, isolated=False)
    assert done.returncode == 0, done.stderr
    assert re.search(r"Exact win rate of final_strategy against always_roll\(4\): 0\.\d{7}",
                     done.stdout)


@pytest.mark.parametrize("cache", CACHES)
def test_a_fuzz_failure_is_found_from_inside_the_runner(unpacked, cache):
    source = (FA19.reference / "hog.py").read_text()
    old = "        say = say(score0, score1)\n"
    assert source.count(old) == 1
    (unpacked / "hog.py").write_text(source.replace(old, "        say(score0, score1)\n"))
    shutil.rmtree(unpacked / "tests")  # unlocked copies: the fuzz case must be reached
    run_grade("init", str(unpacked), "--tests-only", "--unlocked")
    done = student(unpacked, "-q", "6", "-v", cache=cache)
    assert done.returncode == 1
    assert re.search(r"Fuzz recorded game \d+ of 100 \(seed 1\) has commentary that does not "
                     r"fit the game your play played: .*play must call what say returned",
                     done.stdout), done.stdout


def test_the_unlocker_works_on_a_terminal(unpacked):
    child = pexpect.spawn(PY39, ["-I", "-S", "grade", "-u", "-q", "02"], cwd=str(unpacked),
                          env={"PATH": "/usr/bin:/bin", "TERM": "dumb", "HOME": str(unpacked)},
                          encoding="utf-8", timeout=60, dimensions=(50, 200))
    typed = answers_for("02", "salted", cases=FA19.cases)
    for answer in typed:
        child.expect(r"\? ")
        child.sendline(answer)
        child.expect("OK!")
    child.expect("All locked cases unlocked")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_libraries_the_student_has_installed_do_not_get_in_the_way(unpacked, tmp_path):
    broken = tmp_path / "site"
    for name in ("click", "rich"):
        (broken / name).mkdir(parents=True)
        (broken / name / "__init__.py").write_text("raise ImportError('an old, broken copy')\n")
    done = student(unpacked, "--list", isolated=False, env={"PYTHONPATH": str(broken)})
    assert done.returncode == 0, done.stderr
    assert "Question 5a" in done.stdout


def test_damaged_tests_get_advice_that_works_here(unpacked):
    (unpacked / "tests" / "05a.fuzz.json").unlink()
    shutil.copy(FA19.reference / "hog.py", unpacked / "hog.py")
    done = student(unpacked, "-q", "05a", "-v")
    assert "download the assignment again" in done.stdout + done.stderr
    assert "grade init" not in done.stdout + done.stderr


@pytest.mark.skipif(not TOO_OLD, reason="no Python 3.8 on this machine to show the message")
def test_an_old_python_is_told_what_it_needs(unpacked):
    done = student(unpacked, python=TOO_OLD[0])
    assert done.returncode == 1 and "needs Python 3.9 or newer" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_archive_carries_no_reference_and_no_hidden_case(archive):
    reference_line = "previous[who] = num_rolls"
    hidden = [case.code for question in casefile.load_questions(FA19.cases)
              for case in question.cases if case.hidden and case.code]
    assert hidden, "the staff cases hide some cases"
    with zipfile.ZipFile(archive) as z:
        blobs = {info.filename: z.read(info) for info in z.infolist()}
    with zipfile.ZipFile(archive) as z, z.open("hog/grade") as runner:
        import io
        inner = zipfile.ZipFile(io.BytesIO(runner.read()))
        blobs.update({f"grade:{i.filename}": inner.read(i) for i in inner.infolist()})
        assert not [n for n in inner.namelist() if n.startswith("grader/data/")
                    and n != "grader/data/__init__.py"]
        # nor the staff's strategy solver (it made a winning table in three lines)
        assert "grader/hog/strategy/optimal.py" not in inner.namelist()
        assert "grader/hog/strategy/winrate.py" in inner.namelist()
    for name, blob in blobs.items():
        text = blob.decode("utf-8", "replace")
        assert reference_line not in text, name
        for code in hidden:
            assert code.strip() not in text, (name, code[:60])


def test_the_readme_says_what_it_needs(archive):
    with zipfile.ZipFile(archive) as z:
        readme = z.read("hog/README.md").decode()
    assert "python3 grade" in readme and "Python 3.9" in readme
    assert "numpy" in readme and "no pip, no network" in readme


def test_publishing_twice_gives_the_same_runner(archive, tmp_path):
    again = tmp_path / "again.zip"
    assert run_grade("publish", str(again), timeout=600).returncode == 0
    with zipfile.ZipFile(archive) as a, zipfile.ZipFile(again) as b:
        assert a.read("hog/grade") == b.read("hog/grade")


def test_the_readme_and_the_runner_say_the_same_way_to_install_numpy(unpacked):
    shutil.copy(FA19.reference / "hog.py", unpacked / "hog.py")
    done = student(unpacked, "-q", "12", "-v")
    assert done.returncode == 0, done.stdout + done.stderr
    told = re.search(r"python3 -m pip install[^)\n]*numpy", done.stdout + done.stderr)
    assert told, done.stdout + done.stderr
    assert f"`{told.group(0)}`" in (unpacked / "README.md").read_text()


@pytest.mark.parametrize("assignment", [[], ["--assignment", str(HW02)]])
def test_publish_without_the_runner_says_how_to_grade_with_the_installed_one(tmp_path,
                                                                            assignment):
    out = tmp_path / "plain.zip"
    assert run_grade("publish", str(out), "--no-runner", *assignment,
                     timeout=600).returncode == 0
    names = zipfile.ZipFile(out).namelist()
    top = names[0].split("/")[0]
    assert f"{top}/grade" not in names and f"{top}/README.md" in names
    readme = zipfile.ZipFile(out).read(f"{top}/README.md").decode()
    assert "| `grade` |" in readme and "`grade --score`" in readme
    assert "python3 grade" not in readme and "no pip" not in readme


def test_the_runner_unpacks_itself_once_and_falls_back_to_the_zip(unpacked, tmp_path):
    cache = unpacked.parent / ".cache" / "hog-grader" / "runner"
    assert student(unpacked, "--list").returncode == 0
    folders = list(cache.iterdir())
    assert len(folders) == 1 and (folders[0] / "grader" / "run" / "worker.py").is_file()
    assert not [p for p in cache.iterdir() if p.name.endswith(".part")]
    stamp = folders[0].stat().st_mtime_ns
    assert student(unpacked, "--list").returncode == 0
    assert list(cache.iterdir()) == folders and folders[0].stat().st_mtime_ns == stamp
    unwritable = student(unpacked, "-q", "1", env={"XDG_CACHE_HOME": "/proc/no-cache-here"})
    assert unwritable.returncode == 1 and "Traceback" not in unwritable.stderr
    assert "Question 1" in unwritable.stdout


def test_the_runner_cannot_restore_tests_and_says_what_to_do(unpacked):
    before = {p: p.read_bytes() for p in (unpacked / "tests").iterdir() if p.is_file()}
    done = student(unpacked, "init", ".", "--tests-only")
    assert done.returncode == 2 and "download the workspace again" in done.stderr
    assert "Traceback" not in done.stderr
    assert {p: p.read_bytes() for p in (unpacked / "tests").iterdir() if p.is_file()} == before


def _http(url, data=None):
    request = urllib.request.Request(url, method="POST" if data is not None else "GET",
                                     data=None if data is None else json.dumps(data).encode())
    return json.loads(urllib.request.urlopen(request, timeout=30).read())


@pytest.mark.parametrize("cache", CACHES)
def test_a_student_plays_a_whole_game_in_the_published_workspace(unpacked, cache):
    """The runner carries the page and runs the game's driver from its zip too."""
    shutil.copy(FA19.reference / "hog.py", unpacked / "hog.py")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(unpacked.parent), "LANG": "C.UTF-8"}
    if cache != "unpacked":
        env["HOG_RUNNER_NO_CACHE"] = "1"
    server = subprocess.Popen([PY39, "-I", "-S", "grade", "play", "--no-browser"], cwd=unpacked,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env=env)
    try:
        url = None
        for line in server.stdout:
            found = re.search(r"Open (http://127\.0\.0\.1:\d+/\S+/) in a browser", line)
            if found:
                url = found.group(1)
                break
        assert url, server.stderr.read()
        assert b"<html" in urllib.request.urlopen(url, timeout=30).read()
        version, generation, rng = -1, -1, random.Random(3)
        for _ in range(400):
            state = _http(url + f"state?since={version}&generation={generation}")
            version, generation = state["version"], state["generation"]
            if state["phase"] == "waiting":
                _http(url + "move", {"generation": generation, "dice": rng.randint(0, 10),
                                     "question": state["asking"]["question"]})
            elif state["phase"] in ("over", "error"):
                break
        assert state["phase"] == "over", state["error"]
        assert max(state["scores"]) >= 100
    finally:
        server.send_signal(signal.SIGINT)
        _, err = server.communicate(timeout=30)
    assert server.returncode == 130 and "Traceback" not in err  # Ctrl-C stops it


STAFF_COMMANDS = [["verify"], ["bulk", ".", "--out", "out"], ["mutate", "--json", "m.json"],
                  ["contest", ".", "--out", "out"], ["winrate", "hog.py"], ["optimal"],
                  ["publish", "x.zip"], ["gradescope", "x.zip"], ["lock", "tests"],
                  ["bulk", "--help"], ["--list-editions"]]


@pytest.mark.parametrize("argv", STAFF_COMMANDS, ids=" ".join)
def test_a_staff_command_in_the_runner_says_it_is_for_staff(unpacked, argv):
    before = {p: p.read_bytes() for p in unpacked.rglob("*") if p.is_file()}
    done = student(unpacked, *argv)
    said = " ".join(done.stderr.split())
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in said and "editions: )" not in said
    assert said.startswith("Error: ") and "is for staff" in said
    assert f"{Path(PY39).name} grade --help" in said
    assert {p: p.read_bytes() for p in unpacked.rglob("*") if p.is_file()} == before


def test_the_runner_offers_the_students_commands(unpacked):
    done = student(unpacked, "--help")
    assert done.returncode == 0, done.stderr
    said = " ".join(done.stdout.split())
    assert "play" in said and "--list" in said and "--unlock" in said
    for staff in ("verify ", "bulk ", "mutate ", "--list-editions", "gradescope "):
        assert staff not in said.replace("(init, verify, bulk, mutate, ...)", "")
    assert "staff commands (init, verify, bulk, mutate, ...) are not in it" in said.lower()
    readme = (unpacked / "README.md").read_text()
    assert "python3 grade play" in readme and "for staff" in readme


def test_the_runner_in_the_wrong_folder_says_where_to_run_it(unpacked):
    for argv in ([], ["--list"], ["-u"], ["play", "--no-browser"]):
        done = subprocess.run([PY39, "-I", "-S", str(unpacked / "grade"), *argv],
                              cwd=unpacked.parent, capture_output=True, text=True, timeout=120,
                              env={"PATH": "/usr/bin:/bin", "HOME": str(unpacked.parent),
                                   "LANG": "C.UTF-8", "COLUMNS": "200"})
        said = " ".join(done.stderr.split())
        assert done.returncode == 2, (argv, done.stdout, done.stderr)
        assert "not a project folder" in said and "editions" not in said, said
        assert f"run `{Path(PY39).name} grade` there" in said


def test_a_cache_edited_by_code_it_ran_is_unpacked_again(unpacked):
    """The runner unpacks itself once into the user's cache, where code it ran (the
    user's rights: a submission a TA checks with the course's runner) could edit the
    grader: every later run of the same zip, a fresh copy too, ran the edit. The cache
    is checked against the zip on each run (bytecode left beside it is not: README)."""
    assert student(unpacked, "-q", "1").returncode == 1  # unpacks and compiles the cache
    cached = list((unpacked.parent / ".cache" / "hog-grader" / "runner").glob("*/grader"))
    assert len(cached) == 1
    report = cached[0] / "report.py"
    report.write_text(report.read_text() + "\nraise SystemExit('EDITED CACHE RAN')\n")
    bytecode = next((cached[0] / "run" / "__pycache__").glob("runner.*.pyc"))
    bytecode.write_bytes(bytecode.read_bytes()[:16] + b"\0" * 64)
    done = student(unpacked, "-q", "1")
    assert done.returncode == 1 and "EDITED CACHE RAN" not in done.stdout + done.stderr, done.stderr
    assert "Run just this case" in done.stdout
    assert "EDITED" not in report.read_text()
    # a module added beside the grader's (it would shadow the standard library's), and
    # the cache replaced by a link to an edited copy
    (cached[0].parent / "textwrap.py").write_text("raise SystemExit('ADDED MODULE RAN')\n")
    done = student(unpacked, "-q", "1")
    assert done.returncode == 1 and "ADDED MODULE RAN" not in done.stdout + done.stderr
    cache = cached[0].parent
    edited = cache.with_name("edited")
    cache.rename(edited)
    (edited / "grader" / "report.py").write_text("raise SystemExit('LINKED COPY RAN')\n")
    cache.symlink_to(edited)
    done = student(unpacked, "-q", "1")
    assert done.returncode == 1 and "LINKED COPY RAN" not in done.stdout + done.stderr
    assert not cache.is_symlink()
