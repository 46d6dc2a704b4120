"""The sandbox holds against submissions that attack the grader or the machine."""

import functools
import ast
import errno
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from grader import assignment as assignments
from grader.run.runner import CaseJob, Runner
from grader.run.sandbox import UID_BASE, Limits, Sandbox, bwrap_problem

pytestmark = pytest.mark.skipif(bwrap_problem() is not None, reason=str(bwrap_problem()))

ASSIGNMENT = assignments.load()
SLOT = 40  # the uid the sandboxes here prefer: any other is taken when it is in use


def submission(tmp_path: Path, source: str) -> Path:
    folder = tmp_path / "copy"
    folder.mkdir()
    (folder / "hog.py").write_text(source)
    for name in ASSIGNMENT.support:
        shutil.copy(ASSIGNMENT.template / name, folder / name)
    return folder


def run_in(box: Sandbox, cases, *, timeout=5.0):
    runner = Runner(preflight=("hog",), src=box.src, wrap=box.wrap, timeout=timeout)
    jobs = [CaseJob(i, ["import hog"] + list(examples)) for i, examples in enumerate(cases)]
    return [r for _, r in runner.run(jobs)]


def sandbox(folder: Path, limits=Limits(), slot=SLOT) -> Sandbox:
    return Sandbox(folder, slot=slot, limits=limits, hide=[ASSIGNMENT.reference, ASSIGNMENT.cases])


def run(folder: Path, cases, *, timeout=5.0, limits=Limits(), slot=SLOT):
    with sandbox(folder, limits, slot) as box:
        return run_in(box, cases, timeout=timeout)


def printed(run_):
    return [o.printed for o in run_.outputs]


def processes_of(uid: int):
    found = []
    for entry in Path("/proc").iterdir():
        try:
            status = (entry / "status").read_text()
        except OSError:
            continue
        for line in status.splitlines():
            if line.startswith("Uid:") and int(line.split()[1]) == uid:
                found.append(entry.name)
    return found


def test_fork_bomb_is_capped_and_nothing_outlives_the_sandbox(tmp_path):
    folder = submission(tmp_path, "def bomb():\n"
                        "    import os, time\n"
                        "    n = 0\n"
                        "    for _ in range(500):\n"
                        "        try:\n"
                        "            if os.fork() == 0:\n"
                        "                time.sleep(60)\n"
                        "                os._exit(0)\n"
                        "        except OSError:\n"
                        "            break\n"
                        "        n += 1\n"
                        "    return n\n")
    with sandbox(folder, Limits(processes=16)) as box:
        [result] = run_in(box, [["hog.bomb()"]])
        forked = int(printed(result)[1])
        assert forked < 16
        assert processes_of(box.uid) == []


def test_detached_children_ignoring_sigterm_die_with_the_sandbox(tmp_path):
    folder = submission(tmp_path, "import os, signal, time\n"
                        "def escape():\n"
                        "    if os.fork() == 0:\n"
                        "        os.setsid()\n"
                        "        signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
                        "        signal.signal(signal.SIGHUP, signal.SIG_IGN)\n"
                        "        while True:\n"
                        "            time.sleep(1)\n"
                        "    return 'forked'\n"
                        "def hang():\n"
                        "    signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
                        "    signal.signal(signal.SIGINT, signal.SIG_IGN)\n"
                        "    escape()\n"
                        "    while True:\n"
                        "        pass\n")
    with sandbox(folder) as box:
        results = run_in(box, [["hog.escape()"], ["hog.hang()"], ["print('after')"]],
                         timeout=1.0)
        assert printed(results[0])[1] == "'forked'\n"
        assert results[1].status == "timeout"
        assert printed(results[2])[1] == "after\n"
        assert processes_of(box.uid) == []


def test_secrets_and_other_files_are_out_of_sight(tmp_path):
    other = tmp_path / "other_student"
    other.mkdir()
    (other / "hog.py").write_text("SECRET = 1\n")
    targets = [ASSIGNMENT.reference / "hog.py", ASSIGNMENT.cases / "assignment.json",
               other / "hog.py", Path(__file__), Path(__file__).parents[1] / "grader" / "judge.py"]
    folder = submission(tmp_path, "def peek(path):\n"
                        "    try:\n"
                        "        return open(path).read()[:20]\n"
                        "    except OSError as e:\n"
                        "        return type(e).__name__\n")
    [result] = run(folder, [[f"hog.peek({str(t)!r})" for t in targets]])
    assert printed(result)[1:] == ["'FileNotFoundError'\n"] * len(targets)


def test_a_hidden_folder_inside_another_in_a_bound_tree_is_hidden_with_it(tmp_path):
    """A grader installed in a tree the sandbox shows (a system or Docker Python: its
    site-packages under /usr, the editions' cases inside it), or a staff folder kept
    there with its tests/, hides a folder inside another: bwrap could not make the inner
    one's mount point in the outer one's read-only tmpfs, and every submission failed
    at its import (attack28 F3)."""
    import tempfile
    prefix = os.path.realpath(sys.base_prefix)  # always shown to the code, read-only
    if not os.access(prefix, os.W_OK):
        pytest.skip(f"a folder cannot be made in {prefix} here")
    outer = Path(tempfile.mkdtemp(prefix="hog-grader-test-", dir=prefix))
    try:
        (outer / "tests").mkdir()
        (outer / "tests" / "q1.py").write_text("test = {}\n")
        (outer / "solution.py").write_text("SECRET = 1\n")
        folder = submission(tmp_path, "def peek(path):\n"
                            "    try:\n"
                            "        return open(path).read()[:20]\n"
                            "    except OSError as e:\n"
                            "        return type(e).__name__\n")
        with Sandbox(folder, slot=SLOT, limits=Limits(), hide=[outer, outer / "tests"]) as box:
            [result] = run_in(box, [[f"hog.peek({str(outer / 'tests' / 'q1.py')!r})",
                                     f"hog.peek({str(outer / 'solution.py')!r})"]])
        assert result.status == "ran", result
        assert printed(result)[1:] == ["'FileNotFoundError'\n"] * 2
    finally:
        shutil.rmtree(outer)


def test_the_folders_hidden_are_worked_out_once_per_grader(tmp_path, monkeypatch):
    """Bulk grading builds a sandbox per submission: where packages are installed is
    asked of sysconfig once (~2 ms of the grader's thread each time), and what
    each sandbox hides besides still follows its own `hide`."""
    import sysconfig
    from grader.run import sandbox as sandboxes
    first = sandboxes.hidden_paths([tmp_path])
    monkeypatch.setattr(sysconfig, "get_paths", lambda *a, **k: pytest.fail("asked again"))
    other = tmp_path / "other"
    other.mkdir()
    again = sandboxes.hidden_paths([other])
    assert str(other) in again and str(tmp_path) not in again
    assert sorted(set(first) - {str(tmp_path)}) == sorted(set(again) - {str(other)})
    assert str(Path(sandboxes.__file__).resolve().parents[1]) in again


def test_host_command_lines_are_out_of_sight(tmp_path):
    """The host's kernel command line, and the command line of bwrap's init (pid 1 of
    the sandbox: every host path bwrap was given), are not shown."""
    folder = submission(tmp_path, "import os\n"
                        "def command_lines():\n"
                        "    seen = []\n"
                        "    for pid in ['.'] + [p for p in os.listdir('/proc') if p.isdigit()]:\n"
                        "        try:\n"
                        "            with open(f'/proc/{pid}/cmdline', 'rb') as f:\n"
                        "                seen.append(f.read().decode('utf-8', 'replace'))\n"
                        "        except OSError:\n"
                        "            pass\n"
                        "    return seen\n")
    [result] = run(folder, [["hog.command_lines()"]])
    seen = ast.literal_eval(printed(result)[1])
    assert any(line.startswith("bwrap") for line in seen)  # init's was read
    host = Path("/proc/cmdline").read_text().strip()
    assert host and not any(host in line for line in seen)
    assert not any(str(tmp_path) in line or str(ASSIGNMENT.cases) in line for line in seen)


def test_the_hosts_counters_read_empty(tmp_path):
    """Two submissions graded at once signalled through /proc/loadavg, whose task count
    is the host's (attack23 F5); its siblings (the host's idle time in uptime, free
    memory, file locks, pressure, the system's task and interrupt counts, /proc/sys's
    aio-nr, which io_setup sets at will: review24 R9) read empty or fail, and Python
    still starts."""
    from grader.run.sandbox import HOST_COUNTERS
    present = [name for name in HOST_COUNTERS if Path(f"/proc/{name}").exists()]
    folder = submission(tmp_path, "import ctypes, os\n"
                        "def counters(names):\n"
                        "    out = {}\n"
                        "    for name in names:\n"
                        "        with open('/proc/' + name, 'rb') as f:\n"
                        "            out[name] = len(f.read())\n"
                        "    return out\n"
                        "def aio():\n"  # io_setup raises the host's aio-nr (review24 R9)
                        "    libc = ctypes.CDLL(None, use_errno=True)\n"
                        "    context = ctypes.c_ulong(0)\n"
                        "    done = libc.syscall(206, 4242, ctypes.byref(context))\n"
                        "    return done, ctypes.get_errno()\n")
    [result] = run(folder, [[f"hog.counters({present!r})", "hog.os.listdir('/proc/sys')",
                             "hog.aio()" if os.uname().machine == "x86_64" else "(-1, 1)"]])
    assert {"loadavg", "uptime"} <= set(present)
    assert printed(result)[1:] == [repr({name: 0 for name in present}) + "\n", "[]\n",
                                   "(-1, 1)\n"], result


def test_the_graders_own_folder_is_not_named_in_the_mount_table(tmp_path):
    """A bind mount's source shows in /proc/self/mountinfo: the worker's scripts are
    bound from a copy in the sandbox's private folder, not from where the grader is
    installed (a staff member's home, a virtual environment)."""
    import grader
    folder = submission(tmp_path, "def mounts():\n"
                        "    return open('/proc/self/mountinfo').read()\n")
    [result] = run(folder, [["print(hog.mounts())"]])
    table = printed(result)[1]
    assert "/grader/worker.py" in table  # the table was read
    assert str(Path(grader.__file__).resolve().parent) not in table


def test_tmp_holds_only_so_many_files(tmp_path):
    """Empty files cost /tmp's size nothing, but the host a few hundred bytes of kernel
    memory each, charged to no one without control groups: their number is capped."""
    folder = submission(tmp_path, "import os\n"
                        "def fill(most):\n"
                        "    made = 0\n"
                        "    try:\n"
                        "        while made < most:\n"
                        "            os.close(os.open(f'/tmp/{made}', os.O_CREAT | os.O_WRONLY))\n"
                        "            made += 1\n"
                        "    except OSError as error:\n"
                        "        return made, errno.errorcode[error.errno]\n"
                        "    return made, None\n"
                        "import errno\n")
    [result] = run(folder, [["hog.fill(100_000)"]], timeout=30)
    made, error = ast.literal_eval(printed(result)[1])
    assert made < Limits().tmp_inodes and error == "ENOSPC"


def test_only_files_a_case_may_need_are_shown_beside_it(tmp_path):
    """Bulk grading shows the helpers and data files beside the cases under tests/, and
    none of the staff's own files there: the mutation table, a case file's backup."""
    from grader.bulk import grading as bulk

    cases = tmp_path / "cases"
    shutil.copytree(Path(__file__).parent / "data" / "bulk_cases", cases)
    shutil.copy(ASSIGNMENT.cases / "mutation.json", cases / "mutation.json")
    shutil.copy(cases / "01.py", cases / "01.py~")
    shutil.copy(cases / "01.py", cases / "01.py.orig")
    (cases / "words.txt").write_text("hog\n")
    (cases / "play_utils.py").write_text("def helper():\n    return 1\n")
    subs = tmp_path / "subs"
    (subs / "peek").mkdir(parents=True)
    (subs / "peek" / "hog.py").write_text((ASSIGNMENT.reference / "hog.py").read_text() + (
        "\nimport os as _os\n"
        "def roll_dice(num_rolls, dice=six_sided):\n"
        "    return sorted(_os.listdir('tests'))\n"))
    questions = bulk.load_cases(ASSIGNMENT, cases)
    outcome = bulk.run(subs, tmp_path / "out", ASSIGNMENT, questions,
                       bulk.Settings(timeout=5, jobs=1, cgroups=False))
    [failure] = [f for f in outcome.records[0]["failures"] if f["question"] == "01"][:1]
    assert "['play_utils.py', 'words.txt']" in failure["detail"]


def test_code_writes_only_tmp_new_files_and_the_data_it_was_given_in_its_own_copy(tmp_path):
    """Code may write new files in its folder, as in ok (an I/O lab saves a file), and
    change the data it was given (a word list it adds to), on a copy of its own: nothing
    it writes reaches the grader's copy, and the Python files it was given (its own
    source, a course's helper) stay read-only."""
    out = tmp_path / "OUT"
    out.mkdir()
    targets = ["/submission-given/hog.py", "/grader/worker.py", str(out / "results.json"),
               "/usr/evil", "/submission/hog.py", "/submission-given/words.txt", "/tmp/ok",
               "words.txt", "saved.txt"]
    folder = submission(tmp_path, "def write(path):\n"
                        "    try:\n"
                        "        with open(path, 'w') as f:\n"
                        "            f.write('pwned')\n"
                        "        return 'wrote'\n"
                        "    except OSError as e:\n"
                        "        return type(e).__name__\n")
    (folder / "words.txt").write_text("given\n")
    [result] = run(folder, [[f"hog.write({t!r})" for t in targets]
                            + ["open('saved.txt').read()"]])
    got = [line.strip().strip("'") for line in printed(result)[1:-1]]
    assert got[-3:] == ["wrote"] * 3
    assert "wrote" not in got[:-3]  # its source, the grader's files, the given copy
    assert printed(result)[-1] == "'pwned'\n"
    assert not (out / "results.json").exists()
    assert (folder / "hog.py").read_text().startswith("def write")
    assert (folder / "words.txt").read_text() == "given\n"
    assert not (folder / "saved.txt").exists()


def test_limits_memory_file_size_network_environment(tmp_path):
    folder = submission(tmp_path, "import os, socket\n"
                        "def hog_memory():\n"
                        "    return len(bytearray(4 << 30))\n"
                        "def big_file():\n"
                        "    with open('/tmp/big', 'wb') as f:\n"
                        "        f.write(b'x' * (8 << 20))\n"
                        "def call_home():\n"
                        "    socket.create_connection(('1.1.1.1', 80), timeout=1)\n")
    [result] = run(folder, [["hog.hog_memory()", "hog.big_file()", "hog.call_home()",
                             "sorted(hog.os.environ)", "hog.os.getuid() != 0"]])
    raised = [o.raised.type if o.raised else None for o in result.outputs]
    assert raised[1] == "MemoryError"
    assert raised[2] in ("OSError", "MemoryError")  # EFBIG, or the tmpfs is full
    assert raised[3] == "OSError"
    assert printed(result)[4] == "['HOME', 'LANG', 'LOGNAME', 'PATH', 'PWD', 'USER']\n"
    assert printed(result)[5] == "True\n"


def test_cpu_limit_and_killing_the_parent_cost_only_that_case(tmp_path):
    folder = submission(tmp_path, "import os, signal\n"
                        "def spin():\n"
                        "    signal.signal(signal.SIGXCPU, signal.SIG_IGN)\n"
                        "    while True:\n"
                        "        pass\n"
                        "def kill_parent():\n"
                        "    try:\n"
                        "        os.kill(os.getppid(), 9)\n"
                        "    finally:\n"
                        "        os.killpg(0, 9)\n")
    started = time.monotonic()
    results = run(folder, [["hog.spin()"], ["hog.kill_parent()"], ["print('alive')"]],
                  timeout=20, limits=Limits(cpu=1))
    assert time.monotonic() - started < 10  # the CPU limit, not the 20 s timeout, stopped it
    assert results[0].status == "crashed"
    assert "SIGKILL" in results[0].message or "137" in results[0].message
    assert results[1].status == "crashed"
    assert printed(results[2])[1] == "alive\n"
    assert os.getpid() > 0  # the grader (our process) survived os.kill(getppid())


def test_sandboxes_at_once_never_share_a_uid_and_a_dead_holder_frees_its_own(tmp_path):
    """Two grading runs on one machine (two staff jobs, a parallel test session) each
    get uids of their own; a run killed with SIGKILL gives its uid back."""
    folder = submission(tmp_path, "")
    boxes = [Sandbox(folder, slot=SLOT) for _ in range(5)]
    try:
        uids = [box.uid for box in boxes]
        assert len(set(uids)) == 5 and all(UID_BASE <= uid < UID_BASE + 1000 for uid in uids)
    finally:
        for box in boxes:
            box.close()
    holder = subprocess.Popen(
        [sys.executable, "-c", "from grader.run.sandbox import UidLease\n"
         "import sys, time\nlease = UidLease(977)\nprint(lease.uid, flush=True)\n"
         "time.sleep(60)"], stdout=subprocess.PIPE, text=True)
    try:
        held = int(holder.stdout.readline())
        other = Sandbox(folder, slot=held - UID_BASE)
        assert other.uid != held
        other.close()
    finally:
        holder.kill()
        holder.wait()
    box = Sandbox(folder, slot=held - UID_BASE)
    assert box.uid == held
    box.close()


needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="leases are taken by root only")


@needs_root
def test_a_retired_uid_is_never_leased_again_by_any_later_process(tmp_path):
    """A uid whose clean-up did not finish (what its run left could not be removed) was
    kept from other runs only while the grader process that leased it lived; the
    Gradescope bundle starts a process per submission, so the next one leased it
    again (attack21 K12). A retired uid is passed over until its mark is removed."""
    from grader.run.sandbox import UidLease
    folder = tmp_path / "leases"
    folder.mkdir(mode=0o700)
    lease = UidLease(981, folder=folder)
    retired = lease.uid
    mark = lease.retire()
    lease.release()
    later = subprocess.run(
        [sys.executable, "-c", "import sys; from pathlib import Path\n"
         "from grader.run.sandbox import UidLease\n"
         f"print(UidLease(981, folder=Path({str(folder)!r})).uid)"],
        capture_output=True, text=True, check=True)
    assert int(later.stdout) != retired
    os.unlink(mark)
    again = UidLease(981, folder=folder)
    assert again.uid == retired
    again.release()



# forks without end (within its process limit), each child ignoring the signals it may
BOMB = """
import os, signal, time
for name in ("SIGTERM", "SIGINT", "SIGHUP", "SIGUSR1"):
    signal.signal(getattr(signal, name), signal.SIG_IGN)
os.setsid()
while True:
    try:
        os.fork()
    except OSError:
        time.sleep(0.001)
"""


# its first thread ends alone (the exit system call, x86_64's 60, aarch64's 93): the
# process shows as a zombie while its other thread runs on
HEADLESS = """
import ctypes, platform, threading, time
threading.Thread(target=time.sleep, args=(60,)).start()
time.sleep(0.1)
ctypes.CDLL(None).syscall({"x86_64": 60, "aarch64": 93}[platform.machine()], 0)
"""


@needs_root
@pytest.mark.parametrize("code", [BOMB, HEADLESS], ids=["fork bomb", "headless"])
def test_every_process_of_a_uid_is_ended_whatever_it_does(tmp_path, code):
    """The Gradescope uid mode's clean-up killed as the uid, and code of that uid killed
    the killer (attack17 F3); from root, the sweep stops what could fork, then kills. A
    process whose first thread has ended looks like a zombie (attack17 F7)."""
    from grader.run.sandbox import UidLease, _processes, _task_states, as_user, \
        end_processes_of
    lease = UidLease(SLOT + 300)

    def alive():
        return [pid for pid, uid, state, _ in _processes() if uid == lease.uid and (
            state not in ("Z", "X") or set(_task_states(pid)) - {"Z", "X"})]
    try:
        started = subprocess.Popen(["prlimit", "--nproc=24"] + as_user(lease.uid)
                                   + [sys.executable, "-I", "-c", code],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while not (len(alive()) >= 20 if code is BOMB else any(
                state == "Z" and pid == started.pid
                for pid, uid, state, _ in _processes() if uid == lease.uid)):
            assert time.monotonic() < deadline, "it never got going"
            time.sleep(0.05)
        assert alive()
        assert end_processes_of(lease.uid)
        started.wait(timeout=10)
        assert alive() == []
    finally:
        subprocess.run(["pkill", "-9", "-U", str(lease.uid)])
        lease.release()

# forks and exits over and over, a dot to the fd it is given every 50 hops; below a
# subreaper of its own that reaps each hop's exited parent (an init slow to reap them
# would let the zombies fill RLIMIT_NPROC and stop the hops)
HOPPER = """
import ctypes, os, signal, sys
beats = int(sys.argv[1])
ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
signal.signal(signal.SIGCHLD, signal.SIG_IGN)
if os.fork():
    while True:
        signal.pause()
signal.signal(signal.SIGTERM, signal.SIG_IGN)
hops = 0
while True:
    try:
        if os.fork():
            os._exit(0)
    except OSError:
        continue
    hops += 1
    if hops % 50 == 0:
        os.write(beats, b".")
"""


@needs_root
def test_a_process_that_forks_and_exits_in_a_loop_is_ended(tmp_path, monkeypatch):
    """Where the container refuses a pid namespace, the clean-up alone must end it: a
    sweep of /proc seldom sees such a process where it is (attack18 H1: in C it hopped
    on in 3 of 4 runs), and here the sweep sees nothing at all. One kill(-1) from a
    child that the uid's code cannot signal ends it with the rest, the kernel keeping
    that atomic against fork."""
    from grader.run import sandbox
    from grader.run.sandbox import UidLease, as_user, end_processes_of, kill_all_of
    lease = UidLease(SLOT + 400)
    seen = sandbox._processes
    monkeypatch.setattr(sandbox, "uids_with_processes",
                        lambda: {uid for _, uid, _, _ in seen()})  # (for the leases)
    monkeypatch.setattr(sandbox, "_processes", lambda: iter(()))
    beats = tmp_path / "beats"
    fd = os.open(beats, os.O_CREAT | os.O_WRONLY | os.O_APPEND, 0o600)
    try:
        subprocess.Popen(["prlimit", "--nproc=24"] + as_user(lease.uid)
                         + [sys.executable, "-I", "-S", "-c", HOPPER, str(fd)],
                         pass_fds=[fd], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 10
        while beats.stat().st_size < 5:
            assert time.monotonic() < deadline, "it never got going"
            time.sleep(0.02)
        assert end_processes_of(lease.uid)
        ended = beats.stat().st_size
        time.sleep(0.5)
        assert beats.stat().st_size == ended, "it hopped on after the clean-up"
    finally:
        os.close(fd)
        kill_all_of(lease.uid)
        lease.release()


@needs_root
def test_a_uid_whose_dead_processes_are_not_yet_reaped_is_passed_over(tmp_path):
    """A fork bomb's killed children wait as zombies for init to reap them after their
    run gave the uid back: RLIMIT_NPROC still counts them, so the next run's worker
    could not fork its guard (a Gradescope test scored 0 on EAGAIN)."""
    from grader.run.sandbox import UidLease, as_user
    lease = UidLease(SLOT + 500)
    uid = lease.uid
    dead = [subprocess.Popen(as_user(uid) + ["true"]) for _ in range(3)]
    lease.release()
    try:
        for process in dead:  # exited, not reaped: zombies of UID
            while Path(f"/proc/{process.pid}/status").read_text().find("State:\tZ") < 0:
                time.sleep(0.01)
        again = UidLease(uid - UID_BASE)
        assert again.uid != uid
        again.release()
    finally:
        for process in dead:
            process.wait()
    after = UidLease(uid - UID_BASE)
    after.release()
    assert after.uid == uid, "reaped, the uid is free again"


@needs_root
def test_the_uid_leases_live_in_a_folder_only_root_may_enter():
    """A lease folder in a world-writable place (/run/lock) let any local user hold every
    lease or plant a link that root followed: the default one is root's own, 0700."""
    from grader.run.sandbox import lease_folder, UidLease
    lease = UidLease(SLOT)
    lease.release()
    folder = lease_folder()
    info = os.lstat(folder)
    parent = os.stat(folder.parent)
    assert folder.is_dir() and not folder.is_symlink()
    assert info.st_uid == 0 and info.st_mode & 0o777 == 0o700
    assert parent.st_uid == 0 and not parent.st_mode & 0o022, "others may replace the folder"


def _attacker_folders(tmp_path):
    """What a local user could have made at the lease folder's path before root ran."""
    victim = tmp_path / "victim"
    victim.mkdir()
    other = tmp_path / "theirs"
    other.mkdir(mode=0o700)
    os.chown(other, 65534, 65534)
    open_to_all = tmp_path / "open"
    open_to_all.mkdir()
    open_to_all.chmod(0o777)
    link = tmp_path / "link"
    link.symlink_to(victim)
    return victim, {"owned by another user": other, "may be entered by other users": open_to_all,
                    "not a folder (a link?)": link}


@needs_root
def test_a_lease_folder_made_by_someone_else_is_refused_and_never_followed(tmp_path):
    from grader.run.sandbox import LeaseRefused, UidLease, lease_problem
    victim, planted = _attacker_folders(tmp_path)
    for reason, folder in planted.items():
        with pytest.raises(LeaseRefused, match=re.escape(reason)):
            UidLease(SLOT, folder=folder)
        assert reason in lease_problem(folder)
    assert list(victim.iterdir()) == [], "root created a lease file through the link"
    assert list((tmp_path / "theirs").iterdir()) == []


@needs_root
def test_bulk_stops_before_grading_when_the_lease_folder_is_not_its_own(tmp_path, monkeypatch):
    """The run says why at once (exit 2 on the command line), instead of failing every
    submission one by one."""
    from grader.bulk import grading
    from grader.run import sandbox as sandbox_module
    _, planted = _attacker_folders(tmp_path)
    monkeypatch.setattr(sandbox_module, "lease_folder", lambda: planted["owned by another user"])
    source = tmp_path / "in" / "alice"
    source.mkdir(parents=True)
    (source / "hog.py").write_text((ASSIGNMENT.reference / "hog.py").read_text())
    with pytest.raises(grading.BulkError, match="uids of their own.*owned by another user"):
        grading.run(tmp_path / "in", tmp_path / "out", ASSIGNMENT, [],
                    grading.Settings(sandbox=True, cgroups=False))
    assert not (tmp_path / "out").exists()


KEYCTL = {"x86_64": 250, "aarch64": 219}.get(os.uname().machine)
# joins a session keyring of its own, writes its id to ./harness, then runs `grade ARGS`:
# a grader started in a container, a service or a login session has such a keyring
IN_A_SESSION = """
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
ring = libc.syscall(int(sys.argv[1]), 1, ctypes.c_char_p(b"_ses.hog-grader-test"))
if ring < 0:
    sys.exit(77)
open("harness", "w").write(str(ring))
os.execv(sys.executable, [sys.executable, "-m", "grader.cli", *sys.argv[2:]])
"""


@pytest.mark.skipif(KEYCTL is None, reason="keyctl's system call number is known for x86_64 "
                    "and aarch64 only")
def test_student_code_never_shares_the_graders_session_keyring(tmp_path):
    """Every worker kept the grader's session keyring: a key one submission's worker
    added there (its hidden cases' code) was read by the next submission's visible
    test, in bulk's sandboxes and the Gradescope bundle alike (attack19 A3). The guard
    joins a keyring of its own before any student code runs."""
    (tmp_path / "hw.ok").write_text(json.dumps({
        "name": "HW", "src": ["hw.py"], "tests": {"hw.py": "doctest"},
        "protocols": ["file_contents", "grading", "scoring"]}))
    (tmp_path / "hw.py").write_text(
        "import ctypes, os\n\n"
        "def session():\n"
        '    """\n'
        "    >>> session() == int(open('harness').read())\n"
        "    False\n"
        '    """\n'
        "    libc = ctypes.CDLL(None)\n"
        "    libc.syscall.restype = ctypes.c_long\n"
        f"    return libc.syscall({KEYCTL}, 0, ctypes.c_long(-3), 0)\n")
    done = subprocess.run([sys.executable, "-c", IN_A_SESSION, str(KEYCTL), "--json", "-"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    if done.returncode == 77:
        pytest.skip("this machine refuses keyctl (a seccomp profile): so does the code")
    assert json.loads(done.stdout)["questions"]["session"]["status"] == "passed", done.stdout


# joins a root session keyring, then runs FILL_AND_GUARD as UID (argv 3)
GUARD_IN_A_SESSION = """
import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
if libc.syscall(int(sys.argv[1]), 1, ctypes.c_char_p(b"_ses.hog-grader-quota")) < 0:
    sys.exit(77)
uid = sys.argv[3]
os.execvp("setpriv", ["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups",
                      sys.executable, "-I", "-S", "-c", sys.argv[6], *sys.argv[2:6]])
"""
# with "fill", adds keys to its user keyring until the kernel refuses (its quota: 200
# keys); then runs the guard (argv 3) on a script that says it ran
FILL_AND_GUARD = """
import ctypes, runpy, sys, time
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
count = 0
for _ in range(3 if sys.argv[4] == "fill" else 0):  # again once keys an earlier run
    while count < 100000 and libc.syscall(  # held are freed (the kernel does it later)
            int(sys.argv[1]), b"user", b"k%d" % count, b"x", ctypes.c_size_t(1),
            ctypes.c_long(-4)) > 0:
        count += 1
    time.sleep(0.1)
sys.argv = [sys.argv[3], "0", "-c", "print('ran')"]
runpy.run_path(sys.argv[0], run_name="__main__")
"""


@needs_root
@pytest.mark.skipif(KEYCTL is None, reason="keyctl's system call number is known for x86_64 "
                    "and aarch64 only")
def test_a_worker_whose_user_filled_its_key_quota_does_not_run_in_the_graders_keyring():
    """The guard's join of a keyring of its own fails when the uid's key quota is full,
    which the uid's own code can do: the worker then ran in the grader's session
    keyring, where a key it stored outlived the run (attack21 K2). It now refuses."""
    from grader.gradescope import CLEAR_KEYRINGS
    from grader.run import guard
    from grader.run.sandbox import as_user
    uid = str(UID_BASE + 1990)  # outside the leases' range: no run of ours uses it
    add_key = {"x86_64": 248, "aarch64": 217}[os.uname().machine]

    def start_guard(fill):  # its lifeline (stdin) stays open until it has ended
        with subprocess.Popen([sys.executable, "-c", GUARD_IN_A_SESSION, str(KEYCTL),
                               str(add_key), uid, guard.__file__, fill, FILL_AND_GUARD],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) as process:
            process.wait(timeout=60)
            return subprocess.CompletedProcess(process.args, process.returncode,
                                               process.stdout.read(), process.stderr.read())
    try:
        free = start_guard("")
        if free.returncode == 77:
            pytest.skip("this machine refuses keyctl (a seccomp profile): so does the code")
        assert free.returncode == 0 and free.stdout == "ran\n", free
        full = start_guard("fill")
        assert "ran" not in full.stdout, full
        assert full.returncode == guard.KEYRING_REFUSED, full
        assert "key quota" in full.stderr
    finally:
        subprocess.run(as_user(int(uid)) + [sys.executable, "-I", "-S", "-c", CLEAR_KEYRINGS],
                       capture_output=True, timeout=60)


@pytest.mark.skipif(KEYCTL is None, reason="keyctl's system call number is known for x86_64 "
                    "and aarch64 only")
def test_sandboxed_code_cannot_reach_the_kernels_keyrings_or_attach_to_a_process(tmp_path):
    """A uid's keyring outlives its processes, and its code can take away the permission
    a clean-up needs to empty it (attack21 K1, K8; hunt21 F8): what a run's hidden
    worker stored there, a later run as that uid read. In a sandbox, keyctl, add_key and
    request_key fail for the code (a seccomp filter the guard installs), and the
    variable that asks for it is gone before the code runs. So does ptrace: code that
    outlived its worker attached to the next worker's guard and undid its filter
    (attack22 S1)."""
    if bwrap_problem():
        pytest.skip(bwrap_problem())
    probe = ("import ctypes, os\n"
             "libc = ctypes.CDLL(None, use_errno=True)\n"
             "call = libc.syscall\n"
             "call.restype = ctypes.c_long\n"
             f"print(call(ctypes.c_long({KEYCTL}), ctypes.c_long(0), ctypes.c_long(-3), "
             "ctypes.c_long(1)), ctypes.get_errno(), 'HOG_GRADER_KEYLESS' in os.environ)\n"
             "print(libc.ptrace(0, 0, 0, 0), ctypes.get_errno())\n")
    folder = submission(tmp_path, (ASSIGNMENT.reference / "hog.py").read_text())
    (result,) = run(folder, [[f"exec({probe!r})"]])
    assert printed(result)[-1] == f"-1 {errno.EPERM} False\n-1 {errno.EPERM}\n", \
        printed(result)



def test_locks_and_notices_on_the_shared_system_files_tell_nothing(tmp_path):
    """The standard library is the same files in every sandbox: a lock one submission
    took on `os.py` and another tested carried a hidden answer between two submissions
    graded at once, every time (attack25 F4), and an inotify watch sees another's reads.
    Here the grader's side holds a lock on that file: the code's own lock is granted
    anyway (and holds nothing), asking who holds one fails, inotify fails."""
    import fcntl
    probe = ("import ctypes, errno, fcntl, os, struct\n"
             "fd = os.open(os.__file__, os.O_RDONLY)\n"
             "try:\n"
             "    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)\n"
             "    print('flock granted')\n"
             "except OSError as error:\n"
             "    print('flock', errno.errorcode[error.errno])\n"
             "try:\n"
             "    fcntl.fcntl(fd, fcntl.F_GETLK, struct.pack('hhqqi', fcntl.F_RDLCK, 0, 0, 0, 0))\n"
             "    print('getlk answered')\n"
             "except OSError as error:\n"
             "    print('getlk', errno.errorcode[error.errno])\n"
             "libc = ctypes.CDLL(None, use_errno=True)\n"
             "print('inotify', libc.inotify_init1(0), errno.errorcode[ctypes.get_errno()])\n")
    folder = submission(tmp_path, (ASSIGNMENT.reference / "hog.py").read_text())
    with open(os.__file__, "rb") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        (result,) = run(folder, [[f"exec({probe!r})"]])
    assert printed(result)[-1] == "flock granted\ngetlk EPERM\ninotify -1 EPERM\n", \
        printed(result)

I386_PROBE = """
import ctypes, errno, os, struct, sys
from grader.run import guard
fd = os.open(sys.argv[1], os.O_RDWR)
inode = os.fstat(fd).st_ino
libc = ctypes.CDLL(None, use_errno=True)
libc.mmap.restype = ctypes.c_void_p
libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int,
                      ctypes.c_int, ctypes.c_long]
page = libc.mmap(None, 4096, 7, 0x02 | 0x20 | 0x40, -1, 0)  # RWX, private, anonymous, low
# push rbx; ebx, ecx, edx = the three arguments; eax = the call; int 0x80; pop rbx; ret
code = bytes.fromhex("5389f889f34989c889d14489c2cd804863c05bc3")
ctypes.memmove(page, code, len(code))
int80 = ctypes.CFUNCTYPE(ctypes.c_long, ctypes.c_long, ctypes.c_long, ctypes.c_long,
                         ctypes.c_long)(page)
lock = page + 256  # a struct flock64 of the 32-bit ABI, in the low memory it can address
if int80(20, 0, 0, 0) != os.getpid():  # getpid: no 32-bit ABI on this kernel
    print('no ia32')
    sys.exit()
assert guard.seal()


def held():
    return sum(line.split()[5].endswith(f':{inode}') for line in open('/proc/locks'))


for command in (13, 14, 12):  # F_SETLK64, F_SETLKW64, F_GETLK64
    ctypes.memmove(lock, struct.pack('<hhqqi', 1, 0, 0, 0, 0), 24)
    print('fcntl64', command, int80(221, fd, command, lock), held())
info = ctypes.create_string_buffer(128)
print('sysinfo', libc.sysinfo(info), errno.errorcode.get(ctypes.get_errno()))
print('sysinfo32', int80(116, lock, 0, 0))
print('fadvise', os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED))
"""


@pytest.mark.skipif(os.uname().machine != "x86_64", reason="int 0x80 is x86_64's")
def test_the_32_bit_abi_and_the_hosts_counters_tell_nothing_either(tmp_path):
    """A 64-bit worker still reaches the 32-bit ABI with `int 0x80`: its fcntl64 lock
    commands (12-14), which the filter did not name, held real locks on the shared
    standard library again (attack26 F1); and sysinfo(2) read the host's process count
    that /proc shows empty, a channel another sandbox's threads set (F3). Under the
    filter: the locks are granted and hold nothing, asking fails, sysinfo fails in both
    ABIs, and fadvise (which emptied a shared file's cached pages: F2) does nothing."""
    import textwrap
    target = tmp_path / "shared.py"
    target.write_text("")
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(I386_PROBE), str(target)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    if done.stdout == "no ia32\n":
        pytest.skip("this kernel runs no 32-bit calls: nothing to close")
    assert done.stdout.splitlines() == [
        "fcntl64 13 0 0", "fcntl64 14 0 0", f"fcntl64 12 -{errno.EPERM} 0",
        f"sysinfo -1 EPERM", f"sysinfo32 -{errno.EPERM}", "fadvise None"], done.stdout


DEBIAN_PYTHON = "/usr/bin/python3.11"


@pytest.mark.skipif(not Path(DEBIAN_PYTHON).exists() or not Path("/usr/lib/python3/dist-packages").is_dir(),
                    reason="needs Debian's python3 and its dist-packages")
def test_the_system_pythons_packages_are_out_of_sight(tmp_path, monkeypatch):
    """Run from a venv made over Debian's python3 (the README's way on Debian), the
    sandbox's interpreter put /usr/lib/python3/dist-packages and /usr/local's on its
    path, where a system-wide grader holds every hidden case (attack23 F4). Every folder
    of packages the sandboxed interpreter looks in, or the system has, is empty there."""
    from grader.run import sandbox as sandboxes
    monkeypatch.setattr(sandboxes, "base_python", lambda: DEBIAN_PYTHON)
    sandboxes._package_folders.cache_clear()
    monkeypatch.setattr(sandboxes, "_package_folders", functools.lru_cache(None)(
        sandboxes._package_folders.__wrapped__))
    folder = submission(tmp_path, (
        "import glob, os, sys\n"
        "def seen():\n"
        "    folders = [p for p in sys.path if p.endswith(('site-packages', 'dist-packages'))]\n"
        "    folders += glob.glob('/usr/lib/python3*/*-packages')\n"
        "    folders += glob.glob('/usr/local/lib/python3*/*-packages')\n"
        "    return sys.executable, sorted(p for p in set(folders)\n"
        "                                  if os.path.isdir(p) and os.listdir(p))\n"))
    [result] = run(folder, [["hog.seen()"]])
    assert printed(result)[1:] == [repr((DEBIAN_PYTHON, [])) + "\n"], printed(result)


SEALED_PROBE = """
import ctypes, errno, fcntl, os, struct, sys
from grader.run import guard
path = sys.argv[1]
fd = os.open(path, os.O_RDWR)
inode = os.fstat(fd).st_ino
assert guard.seal()


def held():
    return [line for line in open('/proc/locks') if line.split()[5].endswith(f':{inode}')]


lock = struct.pack('hhqqi', fcntl.F_WRLCK, 0, 0, 0, 0)
for command in guard.FCNTL_NOTHING:
    fcntl.fcntl(fd, command, lock)
    print(command, 'granted', len(held()))
for command in guard.FCNTL_FAILED:
    try:
        fcntl.fcntl(fd, command, lock if command < 1024 else 0)
        print(command, 'answered')
    except OSError as error:
        print(command, errno.errorcode[error.errno])
for how in (fcntl.LOCK_SH, fcntl.LOCK_EX, fcntl.LOCK_EX | fcntl.LOCK_NB):
    fcntl.flock(fd, how)
    print('flock', how, 'granted', len(held()))
libc = ctypes.CDLL(None, use_errno=True)
for call, args in (('inotify_init', ()), ('inotify_init1', (0,)), ('fanotify_init', (0, 0))):
    print(call, getattr(libc, call)(*args), errno.errorcode.get(ctypes.get_errno()))
print('dumpable on', libc.prctl(4, 1, 0, 0, 0), errno.errorcode.get(ctypes.get_errno()))
print('dumpable off', libc.prctl(4, 0, 0, 0, 0), 'now', libc.prctl(3, 0, 0, 0, 0))
print('no new privs', libc.prctl(39, 0, 0, 0, 0))
"""


@pytest.mark.skipif(os.uname().machine not in ("x86_64", "aarch64"),
                    reason="the filter's call numbers are known for x86_64 and aarch64 only")
def test_the_filter_grants_every_lock_without_holding_it_and_fails_every_question(tmp_path):
    """Every record-lock command the filter lets through and every flock mode takes no
    lock the kernel records (`/proc/locks`), and every command or call that would tell
    one process what another did fails: the whole class attack25 F4's flock was one of,
    under the filter sandboxes install (here on a file of the test's own); and a process
    can turn its core dumps off but not on."""
    import textwrap
    from grader.run import guard
    target = tmp_path / "shared.py"
    target.write_text("")
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(SEALED_PROBE), str(target)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[:len(guard.FCNTL_NOTHING)] == [f"{c} granted 0" for c in guard.FCNTL_NOTHING]
    asked = lines[len(guard.FCNTL_NOTHING):len(guard.FCNTL_NOTHING) + len(guard.FCNTL_FAILED)]
    assert asked == [f"{c} EPERM" for c in guard.FCNTL_FAILED]
    rest = lines[len(guard.FCNTL_NOTHING) + len(guard.FCNTL_FAILED):]
    assert all(line.endswith("granted 0") for line in rest[:3]), rest
    assert rest[3:6] == [f"{call} -1 EPERM" for call in
                         ("inotify_init", "inotify_init1", "fanotify_init")], rest
    # a worker may turn its core dumps off, never on again (attack27: a crash collector
    # that is a program runs as root outside the sandbox); other prctl calls still work
    assert rest[6:] == ["dumpable on -1 EPERM", "dumpable off 0 now 0", "no new privs 1"], rest


CORE_PROBE = '''
def probe():
    import ctypes, os, resource, signal, subprocess, sys
    libc = ctypes.CDLL(None, use_errno=True)
    lowered = resource.RLIMIT_CORE, (0, 0)
    try:
        resource.setrlimit(*lowered)
        changed = "changed"
    except (ValueError, OSError) as error:
        changed = type(error).__name__
    child = subprocess.run([sys.executable, "-c",
        "import ctypes, os, resource, signal\\n"
        "print(resource.getrlimit(resource.RLIMIT_CORE), ctypes.CDLL(None).prctl(3, 0, 0, 0, 0), flush=True)\\n"
        "os.kill(os.getpid(), signal.SIGSEGV)"], capture_output=True, text=True)
    return (resource.getrlimit(resource.RLIMIT_CORE), changed, libc.prctl(4, 1, 0, 0, 0),
            child.stdout.strip(), child.returncode, sorted(n for n in os.listdir(".")
                                                           if n.startswith("core")))
'''


def test_no_process_of_a_sandbox_can_dump_its_memory(tmp_path):
    """A program a worker starts is dumpable again (execve undoes PR_SET_DUMPABLE), and a
    core size limit of 0 still hands a crash to the host's collector where that is a
    program (review27 F1). The limit is 1, at which the kernel writes and pipes no core,
    and no process may change it, nor turn dumps on: a crashing child leaves no core."""
    folder = submission(tmp_path, CORE_PROBE)
    [result] = run(folder, [["print(hog.probe())"]])
    assert result.status == "ran", result.message
    limit, changed, on, child, status, cores = ast.literal_eval(printed(result)[1].strip())
    assert limit == (1, 1) and changed != "changed" and on == -1, printed(result)
    assert child.startswith("(1, 1)") and status == -11 and cores == [], printed(result)
