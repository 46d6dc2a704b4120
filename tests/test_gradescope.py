"""The Gradescope bundle, run as Gradescope runs it: `grade gradescope` builds the zip,
which is unpacked into a fake /autograder tree (a temporary folder: AUTOGRADER_ROOT),
`setup.sh` installs the grader in a virtual environment there, and `run_autograder`
grades a correct, a buggy and a hostile submission into results/results.json."""

from __future__ import annotations

import errno
import fcntl
import importlib.util
import json
import re
import os
import platform
import shutil
import stat
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest
from typing import Optional

from conftest import run_grade
from gradescope_schema import check
from grader import assignment as assignments
from grader.load import casefile

FA19 = assignments.load()
REFERENCE = (FA19.reference / "hog.py").read_text()
_spec = importlib.util.spec_from_file_location(
    "hog_mutants_catalogue", Path(__file__).with_name("mutants") / "catalogue.py")
catalogue = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(catalogue)
MUTANTS = {m.name: m for m in catalogue.MUTANTS}
STAFF = {q.key: q for q in casefile.load_questions(FA19.cases)}
MODES = ["uid", "bwrap"]  # without bubblewrap (as on Gradescope), and with it


def unpack(archive: Path, into: Path) -> None:
    with zipfile.ZipFile(archive) as z:
        for info in z.infolist():
            z.extract(info, into)
            mode = info.external_attr >> 16
            if mode:
                os.chmod(into / info.filename, mode & 0o777)


@pytest.fixture(scope="module")
def bundle(tmp_path_factory):
    out = tmp_path_factory.mktemp("bundle") / "autograder.zip"
    done = run_grade("gradescope", str(out), "--timeout", "5")
    assert done.returncode == 0, done.stderr
    return out


def setup_once(bundle: Path, shared: Path) -> Path:
    """SHARED/venv, made by the bundle's setup.sh (system packages skipped) in the first
    test process to ask; the others of a parallel session wait for it instead of each
    installing the same packages again (20 s of CPU each)."""
    shared.mkdir(parents=True, exist_ok=True)
    with open(shared / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        venv = shared / "venv"
        if not (shared / "done").exists():
            shutil.rmtree(shared / "source", ignore_errors=True)
            unpack(bundle, shared / "source")
            env = {**os.environ, "AUTOGRADER_ROOT": str(shared), "HOG_SETUP_NO_APT": "1"}
            env.pop("PYTHONPATH", None)
            done = subprocess.run([str(shared / "source" / "setup.sh")], env=env,
                                  capture_output=True, text=True, timeout=1800)
            assert done.returncode == 0, done.stdout + done.stderr
            assert (venv / "bin" / "python").exists()
            (shared / "done").write_text("")
    return venv


@pytest.fixture(scope="module")
def autograder(bundle, tmp_path_factory):
    """ROOT as Gradescope lays it out: this bundle unpacked in source/, and the
    environment setup.sh installed (once per test session) at venv/."""
    root = tmp_path_factory.mktemp("autograder")
    unpack(bundle, root / "source")
    base = tmp_path_factory.getbasetemp()
    shared = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "gradescope-setup"
    (root / "venv").symlink_to(setup_once(bundle, shared))
    return root


def submit(root: Path, files: dict, mode: str = "auto", timeout: float = 600, lay=None,
           env: Optional[dict] = None, cwd: Optional[Path] = None,
           script: Optional[Path] = None):
    """Put FILES in ROOT/submission, then let LAY(root) add what files cannot say (links,
    fifos); run SCRIPT (the bundle's run_autograder) with ENV's variables too; (results,
    its output)."""
    for folder in ("submission", "results"):
        if (root / folder).is_symlink():
            (root / folder).unlink()
        shutil.rmtree(root / folder, ignore_errors=True)
        (root / folder).mkdir()
    for name, text in files.items():
        (root / "submission" / name).parent.mkdir(parents=True, exist_ok=True)
        (root / "submission" / name).write_text(text)
    if lay is not None:
        lay(root)
    env = {"PATH": os.environ["PATH"], "AUTOGRADER_ROOT": str(root),
           "HOG_GRADESCOPE_SANDBOX": mode, "HOME": str(root), **(env or {})}
    done = subprocess.run([str(script or root / "source" / "run_autograder")], env=env, cwd=cwd,
                          capture_output=True, text=True, timeout=timeout)
    results = json.loads((root / "results" / "results.json").read_text())
    return results, done


def test_the_copy_gradescope_runs_finds_the_bundle(autograder):
    """Gradescope unpacks the bundle in /autograder/source and runs a copy of its
    run_autograder as /autograder/run_autograder: from there too, every point (attack28
    F1: it looked for its settings beside itself, and every submission failed)."""
    copy = autograder / "run_autograder"
    shutil.copy2(autograder / "source" / "run_autograder", copy)
    try:
        results, done = submit(autograder, {"hog.py": REFERENCE}, script=copy, cwd=autograder)
    finally:
        copy.unlink()
    assert done.returncode == 0, done.stdout + done.stderr
    assert score(results) == 22 and "autograder failed" not in results.get("output", "")


def score(results) -> float:
    return sum(t["score"] for t in results["tests"])


def entries_of(results, key):
    return [t for t in results["tests"] if t["number"] in (key, f"{key}.hidden")]


@pytest.mark.parametrize("mode", MODES)
def test_a_correct_submission_gets_every_point(autograder, mode):
    results, done = submit(autograder, {"hog.py": REFERENCE}, mode)
    assert done.returncode == 0, done.stderr
    assert score(results) == 22
    assert all(t["status"] == "passed" for t in results["tests"])
    assert "Exact win rate of final_strategy" in results["output"]
    for key, question in STAFF.items():
        entries = entries_of(results, key)
        if any(c.hidden for c in question.cases):
            public, hidden = entries
            assert public["visibility"] == "visible" and public["max_score"] == 0
            assert hidden["visibility"] == "after_published"
            assert hidden["max_score"] == question.points
        else:
            assert [e["visibility"] for e in entries] == ["visible"]
    assert ("unprivileged user" if mode == "uid" else "bubblewrap") in done.stdout


def test_the_unprivileged_user_is_leased_and_another_runs_processes_survive(autograder):
    """Without bubblewrap the runner drops to a user it then kills every process of: a
    user another run holds (a second grader, a parallel test) must not be that one."""
    from grader.gradescope import UID
    from grader.run.sandbox import UID_BASE, UidLease
    held = UidLease(UID - UID_BASE)
    others = subprocess.Popen(["setpriv", f"--reuid={held.uid}", f"--regid={held.uid}",
                               "--clear-groups", "sleep", "120"])
    try:
        results, done = submit(autograder, {"hog.py": REFERENCE}, "uid")
        assert done.returncode == 0, done.stderr
        assert score(results) == 22
        used = int(re.search(r"unprivileged user (\d+)", done.stdout).group(1))
        assert used != held.uid
        assert others.poll() is None, "the run killed a process of a user it did not hold"
    finally:
        others.kill()
        others.wait()
        held.release()


def test_a_run_after_a_fork_bomb_is_graded_while_its_dead_wait_to_be_reaped(autograder):
    """A fork bomb's killed processes stay zombies of its uid until init reaps them, after
    its run has given the uid back; RLIMIT_NPROC counts them, and the next run leasing
    that uid could not fork (0 points: "BlockingIOError ... Resource temporarily
    unavailable"). Forty unreaped processes of the uid the run prefers stand for them."""
    from grader.gradescope import UID
    from grader.run.sandbox import UID_BASE, UidLease, as_user
    lease = UidLease(UID - UID_BASE)
    uid = lease.uid
    dead = [subprocess.Popen(as_user(uid) + ["true"]) for _ in range(40)]
    for process in dead:
        while "State:\tZ" not in Path(f"/proc/{process.pid}/status").read_text():
            time.sleep(0.01)
    lease.release()
    try:
        results, done = submit(autograder, {"hog.py": REFERENCE}, "uid")
        assert done.returncode == 0, done.stderr
        assert score(results) == 22, results["output"]
        assert int(re.search(r"unprivileged user (\d+)", done.stdout).group(1)) != uid
    finally:
        for process in dead:
            process.wait()


def test_a_uid_mode_worker_has_processes_of_its_own_where_the_container_allows():
    """Each worker in a pid namespace of its own (its guard the namespace's first
    process): whatever it starts dies with it, however it hides from a sweep of /proc."""
    from grader.gradescope import _isolation, _uid_python, _uid_wrap
    from grader.run.sandbox import Limits, UidLease
    if subprocess.run(["unshare", "--pid", "--fork", "--mount-proc", "true"]).returncode:
        pytest.skip("this machine lets no one make a pid namespace")
    assert "--pid" in _isolation() and "--kill-child" in _isolation()
    lease = UidLease(95)
    try:
        wrap = _uid_wrap(Limits(), lease.uid)
        done = subprocess.run(wrap([_uid_python(wrap, lease.uid), "-I", "-S", "-c",
                                    "import os; print(os.getpid(), len([p for p in "
                                    "os.listdir('/proc') if p.isdigit()]))"]),
                              capture_output=True, text=True, timeout=60)
        assert done.stdout.split() == ["1", "1"], done.stdout + done.stderr
    finally:
        lease.release()


def test_no_process_of_a_uid_mode_worker_runs_unsealed():
    """The guard installs the sandbox's seccomp filter once it runs; where a run's
    workers shared a pid namespace, code that outlived its worker attached to the next
    worker's guard before then, skipped the filter and reached the keyrings (attack22
    S1). A root step before the uid's first process installs it: whatever runs as the
    uid, the guard's own start included, is filtered from its first instruction."""
    from grader.gradescope import _uid_python, _uid_wrap
    from grader.run.sandbox import Limits, UidLease
    lease = UidLease(94)
    probe = ("import ctypes, os\n"
             "libc = ctypes.CDLL(None, use_errno=True)\n"
             "status = open('/proc/self/status').read().splitlines()\n"
             "print(os.getuid(), [l.split()[1] for l in status if l.startswith('Seccomp:')])\n"
             "print(libc.ptrace(0, 0, 0, 0), ctypes.get_errno())\n")
    try:
        wrap = _uid_wrap(Limits(), lease.uid)
        done = subprocess.run(wrap([_uid_python(wrap, lease.uid), "-I", "-S", "-c", probe]),
                              capture_output=True, text=True, timeout=60)
        assert done.stdout == f"{lease.uid} ['2']\n-1 {errno.EPERM}\n", done.stdout + done.stderr
    finally:
        lease.release()


KEYCTL = {"x86_64": (248, 250), "aarch64": (217, 219)}.get(platform.machine())
ADD_KEY = """
import ctypes, sys
call = ctypes.CDLL(None, use_errno=True).syscall
call.restype = ctypes.c_long
print(call({add}, b"user", b"note", b"hidden case code", ctypes.c_size_t(16), ctypes.c_long(-4)))
"""
FIND_KEY = """
import ctypes
call = ctypes.CDLL(None, use_errno=True).syscall
call.restype = ctypes.c_long
print(call({keyctl}, 10, ctypes.c_long(-4), b"user", b"note", ctypes.c_long(0)))
"""


LOCK_KEYRING = """
import ctypes
call = ctypes.CDLL(None, use_errno=True).syscall
call.restype = ctypes.c_long
print(call({keyctl}, 5, ctypes.c_long(-4), ctypes.c_long(0x0b0b0000)))
"""


# in a session keyring of its own (as the guard gives every worker), stores a key in its
# persistent keyring, then lets its user keyring go (the kernel makes a new one, which no
# longer links the persistent keyring)
ADD_PERSISTENT_KEY = """
import ctypes
call = ctypes.CDLL(None, use_errno=True).syscall
call.restype = ctypes.c_long
call({keyctl}, 1, ctypes.c_long(0))
ring = call({keyctl}, 22, ctypes.c_long(-1), ctypes.c_long(-3))
print(call({add}, b"user", b"note", b"hidden case code", ctypes.c_size_t(16), ctypes.c_long(ring)))
call({keyctl}, 21, ctypes.c_long(-4))
"""
FIND_PERSISTENT_KEY = """
import ctypes
call = ctypes.CDLL(None, use_errno=True).syscall
call.restype = ctypes.c_long
call({keyctl}, 1, ctypes.c_long(0))
ring = call({keyctl}, 22, ctypes.c_long(-1), ctypes.c_long(-3))
print(call({keyctl}, 10, ctypes.c_long(ring), b"user", b"note", ctypes.c_long(0)))
"""


@pytest.mark.skipif(KEYCTL is None, reason="keyctl's syscall numbers are known for x86_64 and aarch64")
@pytest.mark.parametrize("locked", [False, True, "persistent"])
def test_the_clean_up_empties_the_users_keyrings(locked):
    """A key the code of one uid-mode run adds to its user's keyring outlived the run:
    the next run as that user read the hidden cases' code from it (attack17 F1). The
    code may also take write permission off its user keyring, which the clean-up's
    KEYCTL_CLEAR needed: the key then survived it (attack21 K1)."""
    from grader.gradescope import UID, _kill_leftovers
    from grader.run.sandbox import UID_BASE, UidLease, as_user
    lease = UidLease(UID - UID_BASE + 7)
    add, keyctl = KEYCTL
    try:
        def run(code):
            return int(subprocess.run(as_user(lease.uid) + [sys.executable, "-I", "-S", "-c", code],
                                      capture_output=True, text=True, check=True).stdout)
        find = FIND_PERSISTENT_KEY if locked == "persistent" else FIND_KEY
        if locked == "persistent":  # (attack21 K8)
            assert run(ADD_PERSISTENT_KEY.format(add=add, keyctl=keyctl)) > 0
        else:
            assert run(ADD_KEY.format(add=add)) > 0
        if locked is True:
            assert run(LOCK_KEYRING.format(keyctl=keyctl)) == 0
        assert run(find.format(keyctl=keyctl)) > 0, "the key is there for the next run"
        _kill_leftovers(lease.uid)
        assert run(find.format(keyctl=keyctl)) == -1
    finally:
        lease.release()


@pytest.mark.skipif(os.geteuid() != 0, reason="the uid-mode clean-up runs as root")
def test_the_clean_up_removes_a_folder_of_any_depth_a_run_left_in_tmp():
    """1 200 nested folders a submission left in /tmp made the clean-up's rmtree raise
    RecursionError: the run's results became "The autograder failed", and so did every
    later run that leased the same uid (attack21 K9)."""
    from grader.gradescope import UID, _kill_leftovers
    from grader.run.sandbox import UID_BASE, UidLease
    lease = UidLease(UID - UID_BASE + 8)
    top = Path("/tmp") / f"hog-grader-deep-{os.getpid()}"
    try:
        top.mkdir()
        os.chown(top, lease.uid, lease.uid)
        fd = os.open(top, os.O_RDONLY)
        for _ in range(1200):
            os.mkdir("d", dir_fd=fd)
            inner = os.open("d", os.O_RDONLY, dir_fd=fd)
            os.close(fd)
            fd = inner
        os.close(fd)
        _kill_leftovers(lease.uid)
        assert not top.exists()
    finally:
        if top.exists():
            subprocess.run(["rm", "-rf", "--", str(top)])
        lease.release()


# as the uid: a System V memory segment whose owner it gives to root (IPC_SET; its
# creator, which it cannot change, keeps owner rights), then the one in a world-writable
# folder that root made in /tmp; prints the segment's id
GIVE_AWAY = """
import ctypes, sys
libc = ctypes.CDLL(None, use_errno=True)
libc.shmget.argtypes = [ctypes.c_int, ctypes.c_size_t, ctypes.c_int]
libc.shmctl.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_void_p]
ident = libc.shmget(0, 4096, 0o1000 | 0o600)  # IPC_PRIVATE, IPC_CREAT
perm = ctypes.create_string_buffer(512)
assert libc.shmctl(ident, 2, perm) == 0  # IPC_STAT
ctypes.memmove(ctypes.addressof(perm) + 4, (0).to_bytes(4, "little"), 4)  # its owner
assert libc.shmctl(ident, 1, perm) == 0  # IPC_SET
open(sys.argv[1] + "/note", "w").write("hidden case code")
print(ident)
"""


@pytest.mark.skipif(os.geteuid() != 0, reason="the uid-mode clean-up runs as root")
def test_the_clean_up_removes_what_the_uid_made_and_gave_away_or_hid_in_a_shared_folder():
    """The clean-up removed System V objects by owner, which their creator may give
    away: a segment given to root outlived the run, and the next run as the uid read the
    hidden cases' code from it (attack22 S3); and it looked at the shared folders' own
    entries only, not in the world-writable folders root keeps there."""
    from grader.gradescope import UID, _kill_leftovers
    from grader.run.sandbox import UID_BASE, UidLease, as_user
    lease = UidLease(UID - UID_BASE + 9)
    shared = Path("/tmp") / f"hog-grader-shared-{os.getpid()}"
    ident = None
    try:
        shared.mkdir(mode=0o1777)
        shared.chmod(0o1777)
        done = subprocess.run(as_user(lease.uid) + [sys.executable, "-I", "-S", "-c", GIVE_AWAY,
                                                   str(shared)],
                              capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        ident = done.stdout.split()[0]

        def segments():
            rows = Path("/proc/sysvipc/shm").read_text().splitlines()
            return [row.split()[1] for row in rows[1:]]
        assert ident in segments() and (shared / "note").exists()
        _kill_leftovers(lease.uid)
        assert ident not in segments()
        assert not (shared / "note").exists()
    finally:
        subprocess.run(["rm", "-rf", "--", str(shared)])
        if ident is not None:
            subprocess.run(["ipcrm", "-m", ident], capture_output=True)
        lease.release()


@pytest.mark.parametrize("name", ["bacon_max_digit", "pig_out_scores_the_sum",
                                  "say_not_rebound", "feral_other_players_dice",
                                  "swap_strategy_tie_beneficial", "final_eleven_somewhere"])
def test_a_buggy_submission_loses_the_owners_points_with_the_case_shown(autograder, name):
    mutant = MUTANTS[name]
    results, done = submit(autograder, {"hog.py": mutant.apply(REFERENCE)}, "uid")
    assert done.returncode == 0, done.stderr
    failing = {t["number"].split(".")[0] for t in results["tests"] if t["status"] == "failed"}
    assert mutant.owner in failing and failing <= mutant.may_fail | {mutant.owner}
    lost = sum(STAFF[k].points for k in failing)
    assert score(results) == 22 - lost
    # A public failure is numbered as the student's own workspace numbers it.
    workspace_cases = {q.key: [c for c in q.cases if not c.hidden] for q in STAFF.values()}
    for entry in results["tests"]:
        if entry["visibility"] != "visible":
            continue
        for block in entry["output"].split("\n\nCase ")[1:]:
            number = int(block.split(":")[0])
            case = workspace_cases[entry["number"]][number - 1]
            if case.examples:
                first = case.examples[0].source.splitlines()[0]
                assert first in block, (entry["number"], number)


def test_modules_in_the_folder_run_autograder_starts_from_are_never_imported(autograder,
                                                                             tmp_path):
    """`python -m` puts the working directory first on sys.path: started from a folder
    the graded code may write (/tmp), the root grader imported the uuid.py and gzip.py
    the code left there, and reported full marks (attack21 K7)."""
    planted = tmp_path / "shared"
    planted.mkdir()
    marker = tmp_path / "imported"
    for name in ("csv", "uuid", "gzip", "unittest", "socket", "base64", "email"):
        (planted / f"{name}.py").write_text(f"open({str(marker)!r}, 'a').write('{name} ')\n")
    results, done = submit(autograder, {"hog.py": REFERENCE}, "uid", cwd=planted)
    assert done.returncode == 0, done.stderr
    assert not marker.exists(), marker.read_text()
    assert score(results) == 22


@pytest.mark.parametrize("mode", ["uid"])  # (bwrap's --clearenv: test_sandbox)
def test_the_autograders_environment_never_reaches_the_code(autograder, mode):
    """What run_autograder's environment holds (a course's upload token, say) is not the
    code's: in `uid` mode the worker inherited it all, and an error raised at import
    showed it in every visible test."""
    keys = "-1" if KEYCTL is None else (  # (and keyctl is refused the code: K8, hunt21 F8)
        "__import__('ctypes').CDLL(None).syscall(%d, 0, -3, 1)" % KEYCTL[1])
    leaky = REFERENCE + f"\nimport os\nraise RuntimeError(repr(dict(os.environ)), {keys})\n"
    results, done = submit(autograder, {"hog.py": leaky}, mode,
                           env={"COURSE_UPLOAD_TOKEN": "s3cr3t-token"})
    assert done.returncode == 0, done.stderr
    assert "RuntimeError" in json.dumps(results)
    assert "s3cr3t-token" not in json.dumps(results) + done.stdout
    assert "HOG_GRADER" not in json.dumps(results)
    assert "}\\\", -1)" in json.dumps(results), json.dumps(results)[:3000]


def test_uid_mode_code_reaches_no_network_and_no_earlier_verdicts(autograder):
    """In `uid` mode (no bubblewrap) the code kept the container's network (a hidden
    case's code went out while it ran) and could read Gradescope's metadata, which holds
    earlier submissions' hidden verdicts, into a visible test."""
    import socket
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(5)
    listener.settimeout(0.5)
    port = listener.getsockname()[1]
    probe = ("\nimport os as _os, socket as _socket\n_seen = []\n"
             "try:\n    _socket.create_connection(('127.0.0.1', %d), timeout=2).close()\n"
             "    _seen.append('network')\nexcept OSError:\n    pass\n"
             "try:\n    _seen.append(open(_os.path.join(%r, 'submission_metadata.json')).read())\n"
             "except OSError:\n    pass\n"
             "if _seen:\n    raise RuntimeError(repr(_seen))\n") % (port, str(autograder))
    metadata = autograder / "submission_metadata.json"
    metadata.write_text('{"previous_submissions": ["EARLIER-HIDDEN-VERDICT"]}')
    metadata.chmod(0o644)
    try:
        results, done = submit(autograder, {"hog.py": REFERENCE + probe}, "uid")
        assert done.returncode == 0, done.stderr
        text = json.dumps(results)
        assert "EARLIER-HIDDEN-VERDICT" not in text and "network" not in text
        assert score(results) == 22
        with pytest.raises(socket.timeout):
            listener.accept()
        assert "no network" in done.stdout
    finally:
        listener.close()
        metadata.unlink()


@pytest.mark.parametrize("mode", MODES)
def test_code_may_write_new_files_in_its_folder_as_in_ok(autograder, mode):
    """Code that logs to a file beside itself (ok runs it in the student's folder) lost
    every point in uid mode, Gradescope's usual one: the copy was root's. It may write
    new files there now, never the given ones."""
    writer = REFERENCE + ("\nwith open('calls.log', 'a') as _log:\n    _log.write('imported\\n')\n"
                          "try:\n    open('dice.py', 'a').write('# changed')\n"
                          "    free_bacon = None  # a given file changed: a question fails\n"
                          "except OSError:\n    pass\n")
    results, done = submit(autograder, {"hog.py": writer}, mode)
    assert done.returncode == 0, done.stderr
    assert score(results) == 22, [t["output"] for t in results["tests"] if t["score"] < t["max_score"]]


def test_uid_mode_leaves_nothing_for_the_next_run_as_that_user(autograder):
    """The unprivileged user is the same in every `uid`-mode run on a machine: a `.pth`
    left in its user site (HOME=/tmp) ran in every later run's workers (the honest
    solution scored 0), and its files in /tmp, /dev/shm and /run/lock (world-writable on a
    stock image) outlived the run."""
    import sysconfig
    version = sysconfig.get_python_version()
    planted = Path("/tmp/.local/lib") / f"python{version}" / "site-packages" / "zz_planted.pth"
    planted.parent.mkdir(parents=True, exist_ok=True)
    planted.write_text("import sys; sys.modules['hog'] = type(sys)('hog')\n")
    tag = f"left-{os.getpid()}"
    tops = [top for top in ("/tmp", "/dev/shm", "/run/lock") if os.path.isdir(top)]
    leaver = REFERENCE + (f"\nfor _top in {tops!r}:\n"
                          f"    open(_top + '/{tag}', 'w').write('x')\n")
    try:
        results, done = submit(autograder, {"hog.py": leaver}, "uid")
        assert done.returncode == 0, done.stderr
        assert score(results) == 22
        assert not [top for top in tops if Path(f"{top}/{tag}").exists()]
    finally:
        planted.unlink()
        for top in tops:
            Path(f"{top}/{tag}").unlink(missing_ok=True)


def test_hidden_case_code_never_reaches_the_results(autograder):
    broken = REFERENCE.replace("return 10 - min(score // 10, score % 10)", "return 0")
    results, _ = submit(autograder, {"hog.py": broken}, "uid")
    text = json.dumps(results)
    for question in STAFF.values():
        for case in question.cases:
            if case.hidden and case.code:
                assert case.code.strip() not in text
    hidden = [t for t in results["tests"] if t["number"].endswith(".hidden")]
    assert any("Hidden case" in t["output"] and "failed" in t["output"] for t in hidden)


HOSTILE = {
    "reads the staff files": (
        "import os\n"
        "SEEN = []\n"
        "for top, _, names in os.walk({root!r}):\n"
        "    for name in names:\n"
        "        try:\n"
        "            SEEN.append(open(os.path.join(top, name)).read())\n"
        "        except Exception:\n"
        "            pass\n"
        "def free_bacon(score):\n"
        "    print('\\n'.join(SEEN)[:20000])\n"
        "    return 0\n"),
    "overwrites the results": (
        "import json, os\n"
        "for path in [{results!r}, os.path.join({root!r}, 'results', 'evil.json')]:\n"
        "    try:\n"
        "        open(path, 'w').write(json.dumps({{'score': 1000, 'tests': []}}))\n"
        "    except Exception:\n"
        "        pass\n"),
    "leaves a daemon behind": (
        "import os, time, json\n"
        "if os.fork() == 0:\n"
        "    os.setsid()\n"
        "    if os.fork() == 0:\n"
        "        deadline = time.time() + 60\n"
        "        while time.time() < deadline:\n"
        "            try:\n"
        "                open({results!r}, 'w').write(json.dumps({{'score': 1000}}))\n"
        "            except Exception:\n"
        "                pass\n"
        "            time.sleep(0.2)\n"
        "    os._exit(0)\n"),
    # kills its guard (no kill_all reaches it) and any process of its user that comes to
    # kill it: the clean-up's `kill(-1)` ran as that user (attack17 F3: it outlived runs)
    "kills its guard and the clean-up": (
        "import os, signal, time, ctypes\n"
        "def _outlive():\n"
        "    try:\n"
        "        os.close(os.open('/tmp/outlive-lock', os.O_CREAT | os.O_EXCL | os.O_WRONLY))\n"
        "    except OSError:\n"
        "        return\n"
        "    ctypes.CDLL(None).prctl(1, 0, 0, 0, 0)\n"
        "    guard = os.getppid()\n"
        "    if os.fork():\n"
        "        return\n"
        "    os.setsid()\n"
        "    if os.fork():\n"
        "        os._exit(0)\n"
        "    os.kill(guard, signal.SIGKILL)\n"
        "    me, mine, deadline = os.getpid(), os.getuid(), time.time() + 60\n"
        "    while time.time() < deadline:\n"
        "        for pid in [int(p) for p in os.listdir('/proc') if p.isdigit()]:\n"
        "            try:\n"
        "                if pid != me and os.stat(f'/proc/{{pid}}').st_uid == mine and \\\n"
        "                        b'kill' in open(f'/proc/{{pid}}/cmdline', 'rb').read():\n"
        "                    os.kill(pid, signal.SIGKILL)\n"
        "            except OSError:\n"
        "                pass\n"
        "        time.sleep(0.0005)\n"
        "    os._exit(0)\n"
        "_outlive()\n"),
    # a process that forks and exits over and over: no scan of /proc ever finds it alive
    # long enough to stop it (attack18 H1); it dies with its worker's pid namespace
    "forks and exits in a loop": (
        "import os\n"
        "def _hop():\n"
        "    try:\n"
        "        os.close(os.open('/tmp/hop-lock', os.O_CREAT | os.O_EXCL | os.O_WRONLY))\n"
        "    except OSError:\n"
        "        return\n"
        "    if os.fork():\n"
        "        return\n"
        "    os.setsid()\n"
        "    while True:\n"
        "        try:\n"
        "            if os.fork():\n"
        "                os._exit(0)\n"
        "        except OSError:\n"
        "            pass\n"
        "_hop()\n"),
    "forks without end": (
        "import os\n"
        "def free_bacon(score):\n"
        "    while True:\n"
        "        try:\n"
        "            os.fork()\n"
        "        except OSError:\n"
        "            break\n"
        "    return 0\n"),
    "prints fake results": (
        "def free_bacon(score):\n"
        "    print('{{\"score\": 1000, \"tests\": []}}')\n"
        "    return 0\n"),
    # a NUL reached results.json's output (a database behind Gradescope may refuse it)
    "prints control characters": (
        "def free_bacon(score):\n"
        "    print('\\x00 \\x07 \\x08 \\x1b]0;title\\x07 \\x7f \\x9b')\n"
        "    return 0\n"),
}


# attacks that cost the submission its own grade (what is checked is that they cost no one
# else anything, and that nothing of theirs outlives the run)
SELF_HARM = {"kills its guard and the clean-up"}


def clock_ticks() -> float:
    """Now, in the unit of a process's start time in /proc/PID/stat."""
    return float(Path("/proc/uptime").read_text().split()[0]) * os.sysconf("SC_CLK_TCK")


def live_processes(uid: int, started_before: float = float("inf")):
    """The live processes of UID started before STARTED_BEFORE (clock_ticks): once a run
    has given its uid back, another test's run may lease it and start its own."""
    found = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            status = Path(f"/proc/{pid}/status").read_text()
            started = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[19])
        except (OSError, IndexError, ValueError):
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        if (int(fields["Uid"].split()[0]) == uid and not fields["State"].strip().startswith("Z")
                and started < started_before):
            found.append(pid)
    return found


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("attack", sorted(HOSTILE))
def test_a_hostile_submission_is_graded_and_changes_nothing(autograder, attack, mode):
    code = HOSTILE[attack].format(root=str(autograder),
                                  results=str(autograder / "results" / "results.json"))
    started = time.monotonic()
    results, done = submit(autograder, {"hog.py": REFERENCE + "\n" + code}, mode)
    finished = clock_ticks()
    assert done.returncode == 0, done.stderr
    assert {t["number"] for t in results["tests"]} >= set(STAFF), "our results, whole"
    if "def free_bacon" in code:
        assert next(t for t in results["tests"] if t["number"] == "02.hidden")["score"] == 0
    elif attack not in SELF_HARM:
        assert score(results) == 22, "the attack changes no grade"
    assert not (autograder / "results" / "evil.json").exists()
    text = json.dumps(results)
    for question in STAFF.values():
        for case in question.cases:
            if case.hidden and case.code:
                assert case.code.strip() not in text
    assert "previous[who] = num_rolls" not in text, "the reference never leaks"
    check(results)
    time.sleep(1)
    used = re.search(r"user (\d+)", done.stdout)
    if mode != "limits":
        assert used, done.stdout
        assert live_processes(int(used.group(1)), started_before=finished) == [], \
            "nothing the submission started outlives the run"
    again = json.loads((autograder / "results" / "results.json").read_text())
    assert again == results, "nothing rewrites the results afterwards"
    assert time.monotonic() - started < 300


@pytest.mark.parametrize("files, graded", [
    ({"Hog.py": REFERENCE}, True),
    ({"project/hog.py": REFERENCE}, True),
    ({"hog.txt": REFERENCE, "notes.md": "hi"}, False),
    ({}, False),
])
def test_the_submission_is_found_or_the_student_is_told(autograder, files, graded):
    results, done = submit(autograder, files, "uid")
    assert done.returncode == 0
    if graded:
        assert score(results) == 22
    else:
        assert score(results) == 0 and "No hog.py in your submission" in results["output"]
        for name in files:
            assert name in results["output"]


def test_two_copies_of_the_source_are_named_not_one_graded_at_random(autograder):
    """Two hog.py at the same depth (a/ and b/): one was graded, the student never told
    which; bulk refuses such a submission and says so, and the bundle now does too."""
    results, done = submit(autograder, {"a/hog.py": REFERENCE, "b/hog.py": "X = 1\n"}, "uid")
    assert done.returncode == 0
    assert score(results) == 0
    assert "more than one hog.py" in results["output"] and "a/hog.py" in results["output"]


def test_a_syntax_error_is_reported(autograder):
    results, _ = submit(autograder, {"hog.py": "def roll_dice(:\n"}, "uid")
    assert score(results) == 0 and "syntax error" in results["output"]


def test_the_bundle_says_what_it_does_without_bubblewrap(bundle):
    with zipfile.ZipFile(bundle) as z:
        names = set(z.namelist())
        readme = z.read("README.md").decode()
        settings = json.loads(z.read("gradescope.json"))
        modes = {i.filename: i.external_attr >> 16 for i in z.infolist()}
    assert {"setup.sh", "run_autograder", "grader_pkg/pyproject.toml"} <= names
    assert modes["setup.sh"] & 0o111 and modes["run_autograder"] & 0o111
    assert "assignment/cases/01.py" in names and "assignment/reference/hog.py" in names
    # the grader installed from it is readable by the code it grades (uid mode): no solver
    assert "grader_pkg/grader/hog/strategy/optimal.py" not in names
    assert "grader_pkg/grader/hog/strategy/winrate.py" in names
    assert "unprivileged user" in readme and "network" in readme
    assert settings["timeout"] == 5 and settings["hidden_visibility"] == "after_published"


def test_building_the_bundle_checks_its_target(tmp_path):
    target = tmp_path / "ag.zip"
    target.write_bytes(b"old")
    done = run_grade("gradescope", str(target))
    assert done.returncode == 2 and "--force" in done.stderr and target.read_bytes() == b"old"
    assert run_grade("gradescope", str(tmp_path / "ag.tar")).returncode == 2
    assert run_grade("gradescope", str(target), "--force", "--hidden-visibility",
                     "hidden").returncode == 0
    assert json.loads(zipfile.ZipFile(target).read("gradescope.json"))["hidden_visibility"] == \
        "hidden"


# --- links and special files (issue 18) ------------------------------------------------

def _root_only(root: Path) -> Path:
    secret = root / "secret.txt"
    secret.write_text("TOP SECRET first line\nmore = 1\n")
    secret.chmod(0o600)
    return secret


def _linked_submission(root: Path) -> None:
    shutil.rmtree(root / "submission")
    elsewhere = root / "elsewhere"
    elsewhere.mkdir(exist_ok=True)
    (elsewhere / "hog.py").write_text(REFERENCE)
    (root / "submission").symlink_to(elsewhere)


REFUSED = {  # what is laid in the submission, and what the student is told
    "hog.py links to the bundle's reference": (
        lambda root: (root / "submission" / "hog.py").symlink_to(
            root / "source" / "assignment" / "reference" / "hog.py"),
        "hog.py is a symbolic link: upload the file itself"),
    "hog.py links to a root-only file": (
        lambda root: (root / "submission" / "hog.py").symlink_to(_root_only(root)),
        "hog.py is a symbolic link: upload the file itself"),
    "a linked folder holds the reference": (
        lambda root: (root / "submission" / "project").symlink_to(
            root / "source" / "assignment" / "reference"),
        "project is a symbolic link"),
    "the submission folder is a link": (
        _linked_submission, "submission is a symbolic link"),
    "hog.py is a fifo": (
        lambda root: os.mkfifo(root / "submission" / "hog.py"),
        "hog.py is not a regular file"),
    "hog.py is a device": (
        lambda root: os.mknod(root / "submission" / "hog.py", stat.S_IFCHR | 0o644,
                              os.makedev(1, 5)),  # /dev/zero: never ends
        "hog.py is not a regular file"),
    "hog.py is a folder": (
        lambda root: (root / "submission" / "hog.py").mkdir(),
        "hog.py is a folder"),
    "hog.py is huge": (
        lambda root: (root / "submission" / "hog.py").write_text(
            REFERENCE + "#" * (1 << 20) + "\n"),
        "hog.py is larger than 1024 KiB"),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_links_and_special_files_are_refused_never_followed(autograder, case):
    lay, told = REFUSED[case]
    results, done = submit(autograder, {}, "uid", timeout=120, lay=lay)
    assert done.returncode == 0, done.stderr
    assert score(results) == 0
    assert told in results["output"], results["output"]
    assert {t["number"] for t in results["tests"]} >= set(STAFF)
    assert all(t["status"] == "failed" for t in results["tests"])
    text = json.dumps(results)
    assert "previous[who] = num_rolls" not in text, "the reference never leaks"
    assert "TOP SECRET" not in text, "nor a root-only file"


def test_a_folder_swapped_for_a_link_after_it_was_found_is_not_followed(tmp_path):
    """hog.py is read part by part from ROOT: a folder on its way that became a link
    since it was found (or the submission folder itself) is refused, not followed."""
    from grader.gradescope import Refused, find_submission, read_source
    (tmp_path / "submission" / "project").mkdir(parents=True)
    (tmp_path / "submission" / "project" / "hog.py").write_text("MINE = 1\n")
    found = find_submission(tmp_path / "submission", "hog.py")
    assert found.parts == ("project", "hog.py") and read_source(tmp_path, found) == b"MINE = 1\n"
    os.rename(tmp_path / "submission" / "project", tmp_path / "moved")
    (tmp_path / "submission" / "project").symlink_to(FA19.reference)
    with pytest.raises(Refused, match="project is a symbolic link: upload the file itself"):
        read_source(tmp_path, found)
    os.rename(tmp_path / "submission", tmp_path / "gone")
    (tmp_path / "submission").symlink_to(tmp_path / "gone")
    with pytest.raises(Refused, match="submission is a symbolic link"):
        read_source(tmp_path, found)


def test_an_upload_nested_two_folders_deep_is_found(tmp_path):
    """A project uploaded as its course folder (`cs61a/proj01/hog.py`) was graded 0."""
    from grader.gradescope import find_submission, read_source
    (tmp_path / "submission" / "cs61a" / "proj01").mkdir(parents=True)
    (tmp_path / "submission" / "cs61a" / "proj01" / "Hog.py").write_text("MINE = 2\n")
    found = find_submission(tmp_path / "submission", "hog.py")
    assert found.parts == ("cs61a", "proj01", "Hog.py")
    assert read_source(tmp_path, found) == b"MINE = 2\n"


# each copy's text says whether it is the one to grade; "-": no copy is (refused or none)
LEFTOVER_LAYOUTS = {
    "a dot folder beside it": ({"hw/hog.py": "MINE", ".old/hog.py": "OLD"}, "MINE"),
    "a dot folder only": ({".old/hog.py": "OLD"}, "-"),
    "an archiver's copy": ({"hw/hog.py": "MINE", "__MACOSX/hog.py": "OLD"}, "MINE"),
    "a bytecode folder": ({"hw/hog.py": "MINE", "__pycache__/hog.py": "OLD"}, "MINE"),
    "two plain folders": ({"hw/hog.py": "MINE", "old/hog.py": "OLD"}, "-"),
}


@pytest.mark.parametrize("layout", sorted(LEFTOVER_LAYOUTS))
def test_bulk_and_the_bundle_take_the_same_copy_passing_over_hidden_folders(tmp_path, layout):
    """The bundle looked into `.old/` and `__MACOSX/`, which bulk passes over: an honest
    student with an archiver's copy scored 0 on Gradescope and full marks in bulk's file
    of the same results (attack19 A2)."""
    from grader.bulk.grading import discover
    from grader.gradescope import Refused, find_submission, read_source
    files, graded = LEFTOVER_LAYOUTS[layout]
    for top in (tmp_path / "class" / "s1", tmp_path / "submission"):
        for name, text in files.items():
            (top / name).parent.mkdir(parents=True, exist_ok=True)
            (top / name).write_text(text)
    (tmp_path / "class" / "s2").mkdir()
    (tmp_path / "class" / "s2" / "hog.py").write_text("A CLASSMATE")
    from_bulk = {s.id: s for s in discover(tmp_path / "class", "hog.py")}["s1"]
    try:
        found = find_submission(tmp_path / "submission", "hog.py")
        from_bundle = read_source(tmp_path, found) if found is not None else None
    except Refused:
        from_bundle = None
    assert from_bulk.source == from_bundle == (None if graded == "-" else graded.encode())
    if graded == "-":
        assert from_bulk.problem


# --- one layout: bulk's gradescope/ID/results.json is the bundle's (issue 18) -------------

HW02 = Path(__file__).resolve().parents[1] / "examples" / "ok" / "hw02"
# a bug whose output depends on `random`: the same only if both seed every case alike
RANDOM_BACON = REFERENCE.replace("        return 0\n    return num_rolls\n",
                                 "        return 0\n    return __import__('random').randint(0, 10)\n")
assert RANDOM_BACON != REFERENCE
HW02_SOLUTION = (HW02 / "hw02.py").read_text()
SAME = {  # per assignment: the submissions graded both ways (None: no source at all)
    "fa19": ([], {"correct": {"hog.py": REFERENCE}, "random": {"hog.py": RANDOM_BACON},
                  "missing": None}),
    "hw02": (["--assignment", str(HW02)], {
        "solution": {"hw02.py": HW02_SOLUTION},
        "template": {"hw02.py": (HW02 / "template" / "hw02.py").read_text()},
        "random": {"hw02.py": HW02_SOLUTION.replace(
            "    return result\n", "    return result + __import__('random').randint(0, 9)\n",
            1)},
        "missing": None}),
}


def bundle_run(bundle: Path, root: Path, files) -> dict:
    """The bundle's runner on FILES, as run_autograder runs it (the grader from the bundle)."""
    with zipfile.ZipFile(bundle) as archive:
        archive.extractall(root / "source")
    (root / "submission").mkdir(parents=True)
    for name, text in (files or {"notes.txt": "nothing"}).items():
        (root / "submission" / name).write_text(text)
    env = {**os.environ, "PYTHONPATH": str(root / "source" / "grader_pkg")}
    ran = subprocess.run([sys.executable, "-m", "grader.gradescope", "--root", str(root)],
                         env=env, capture_output=True, text=True, timeout=600)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    return json.loads((root / "results" / "results.json").read_text())


@pytest.mark.parametrize("which", sorted(SAME))
def test_bulk_and_the_bundle_write_the_same_results_json(tmp_path, which):
    from gradescope_schema import check, layout
    options, submissions = SAME[which]
    bundle = tmp_path / "gs.zip"
    done = run_grade("gradescope", str(bundle), *options)
    assert done.returncode == 0, done.stderr
    source = tmp_path / "class"
    for sid, files in submissions.items():
        (source / sid).mkdir(parents=True)
        for name, text in (files or {"notes.txt": "nothing"}).items():
            (source / sid / name).write_text(text)
    out = tmp_path / "bulk"
    done = run_grade("bulk", str(source), "--out", str(out), *options, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    staff = {s["id"]: s for s in json.loads((out / "results.json").read_text())["submissions"]}
    for sid, files in submissions.items():
        from_bulk = json.loads((out / "gradescope" / sid / "results.json").read_text())
        from_bundle = bundle_run(bundle, tmp_path / f"ag-{sid}", files)
        check(from_bulk)
        check(from_bundle)
        assert layout(from_bulk) == layout(from_bundle), sid
        assert sum(t["score"] for t in from_bundle["tests"]) == staff[sid]["score"], sid
        assert list(staff[sid]["questions"]) == [t["number"] for t in from_bundle["tests"]
                                                 if not t["number"].endswith(".hidden")]
        assert "execution_time" not in from_bundle  # (how long the hidden cases took)
        if files is not None:  # graded: the very same file
            assert from_bulk == from_bundle, sid
    random = json.loads((out / "gradescope" / "random" / "results.json").read_text())
    assert 0 < sum(t["score"] for t in random["tests"]) < staff["correct" if which == "fa19"
                                                                else "solution"]["score"]


def test_another_process_of_the_uid_cannot_read_a_workers_memory(monkeypatch):
    """ptrace is refused a sandbox's code, but /proc/PID/mem of another process of the
    same uid was still open to it (review23 F7): a process that outlived its worker, where
    a run's workers share a pid namespace, could read or write the next one. The guard
    makes itself and its worker not dumpable."""
    from grader.gradescope import _uid_python, _uid_wrap
    from grader.run import guard
    from grader.run.sandbox import ENV, Limits, UidLease
    from grader import gradescope
    monkeypatch.setattr(gradescope, "_isolation", lambda: [])  # a container's: no pid namespace
    lease = UidLease(93)
    victim = "import os, time; print(os.getpid(), flush=True); time.sleep(30)"
    try:
        wrap = _uid_wrap(Limits(), lease.uid)
        python = _uid_python(wrap, lease.uid)
        worker = subprocess.Popen(wrap([python, "-I", "-S", guard.__file__, "0", "-c", victim]),
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                  env={**ENV, "PATH": os.environ["PATH"]})
        pid = worker.stdout.readline().strip()
        peek = subprocess.run(wrap([python, "-I", "-S", "-c",
                                    f"open('/proc/{pid}/mem', 'rb')"]),
                              capture_output=True, text=True, timeout=60)
        worker.kill()
        worker.wait()
        assert pid and "PermissionError" in peek.stderr, peek.stderr
    finally:
        lease.release()
