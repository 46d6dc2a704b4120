"""Confine the worker that runs one submission: `Runner(wrap=Sandbox(...).wrap)`.

With bubblewrap the worker runs in new mount/pid/net/ipc/uts namespaces that show a
read-only system (/usr, the Python install with its site-packages hidden), the
submission's copy at /submission (read-only), the worker script, and a small private
/tmp. As root, bwrap builds the view, then `setpriv` drops to an unprivileged uid of
its own (so RLIMIT_NPROC binds: it never binds uid 0), leased machine-wide so that two
grading runs at once never share one, and `unshare --user`
puts it in a user namespace; as another user, bwrap's own user namespace is used.
Resource limits (`prlimit`) apply in every mode. The pid namespace dies with bwrap, so
killing the worker's process group (what Runner does) takes every process the
submission started with it. Expected outputs, the reference and the cases are never
mounted: the judging happens outside.
"""

from __future__ import annotations

import fcntl
import functools
import glob
import hashlib
import importlib.util
import json
import os
import tempfile
import shutil
import site
import subprocess
import sys
import sysconfig
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from . import cgroups
from .cgroups import Group, GroupLimits

INSIDE_SRC = "/submission"
# the submission's copy as the grader made it, read-only: each worker starts from a
# writable copy of it at INSIDE_SRC, on a tmpfs of its own (code that writes a file in
# its folder does so as in ok; nothing it writes outlives the worker or reaches the host)
INSIDE_GIVEN = "/submission-given"
INSIDE_WORKER_DIR = "/grader"
UID_BASE = 61000  # sandboxes run as uids UID_BASE ... UID_BASE + UID_COUNT - 1
UID_COUNT = 1000
SYSTEM_DIRS = ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
ETC_FILES = ("/etc/ld.so.cache", "/etc/localtime", "/etc/nsswitch.conf")
# the host's counters a sandbox's own /proc still shows (the system's load and task count,
# free memory, file locks, interrupts): two submissions graded at once could signal
# through them, one reading a hidden call from its job and sending the answer to the
# other (attack23 F5: /proc/loadavg). They read empty there. (The processor's speed as
# each sees it is such a channel too, which no file closes.)
# /proc/sys (the kernel's settings and counters: aio-nr, file-nr, dentry-state) is an
# empty folder there; nothing Python runs reads it (review24 R9).
HOST_COUNTERS = ("loadavg", "uptime", "stat", "meminfo", "vmstat", "schedstat",
                 "interrupts", "softirqs", "diskstats", "locks", "key-users", "zoneinfo",
                 "buddyinfo", "swaps", "pressure/cpu", "pressure/io", "pressure/memory")
# the code's whole environment in a sandbox; a user name, which `getpass.getuser()`
# reads before the password database (the sandbox's user has no entry there: the call
# raised KeyError, failing every test of code that asks at import)
ENV = {"PATH": "/usr/bin:/bin", "HOME": "/tmp", "LANG": "C.UTF-8", "USER": "student",
       "LOGNAME": "student", "HOG_GRADER_KEYLESS": "1"}  # (the guard takes the last away)
GROUP_OVERHEAD = 8
# sh running bwrap with its options read from the file $0 on the first free fd from 3
LAUNCH = ('for fd in 3 4 5 6 7 8 9; do [ -e /dev/fd/$fd ] || break; done; '
          '[ -e /dev/fd/$fd ] && { echo "no free fd for the options of bwrap" >&2; exit 125; }; '
          r'eval "exec bwrap --args $fd \"\$@\" $fd<\"\$0\""')


@dataclass(frozen=True)
class Limits:
    """Per-process limits (a fresh worker starts with a fresh allowance), and those of
    the sandbox's control group, on all its processes together."""

    cpu: int = 30  # seconds of CPU time
    memory: int = 512 << 20  # bytes of address space
    processes: int = 32
    file_size: int = 1 << 20  # bytes per file written
    open_files: int = 64
    tmp_size: int = 16 << 20  # bytes of the private /tmp (bwrap only)
    tmp_inodes: int = 4096  # files and folders in the private /tmp (bwrap as root only)
    group_memory: int = 512 << 20  # bytes of memory, all processes of the sandbox together
    cpus: float = 1.0  # cores' worth of CPU the sandbox may use at once

    def group(self) -> GroupLimits:
        # the sandbox's own processes (bwrap, its init, the guard) come on top
        return GroupLimits(memory=self.group_memory, processes=self.processes + GROUP_OVERHEAD,
                           cpus=self.cpus)

    def prlimit(self, include_nproc: bool = True) -> List[str]:
        """The limits, set before the filter is (it refuses to change the core size: a
        limit of 1 writes no core and pipes none to a crash collector; guard.SYSCALLS)."""
        argv = ["prlimit", f"--cpu={self.cpu}:{self.cpu + 1}", f"--as={self.memory}",
                f"--fsize={self.file_size}", f"--nofile={self.open_files}", "--core=1"]
        if include_nproc:
            argv.append(f"--nproc={self.processes}")
        return argv


@functools.lru_cache(maxsize=None)
def bwrap_problem() -> Optional[str]:
    """Why bubblewrap cannot be used here (None when it works)."""
    if shutil.which("bwrap") is None:
        return "bwrap (Debian package bubblewrap) is not installed"
    for tool in ("prlimit", "setpriv", "unshare", "mount"):
        if shutil.which(tool) is None:
            return f"{tool} (util-linux) is not installed"
    try:
        probe = subprocess.run(["bwrap", "--unshare-pid", "--ro-bind", "/", "/", "--proc",
                                "/proc", "--dev", "/dev", "true"],
                               stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, timeout=20)
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"bwrap does not start: {error}"
    if probe.returncode != 0:
        return "bwrap cannot create namespaces here: " + probe.stderr.decode(
            "utf-8", "replace").strip()
    return None


def base_python() -> str:
    """The interpreter outside any virtualenv: the sandbox shows stdlib only."""
    return os.path.realpath(getattr(sys, "_base_executable", None) or sys.executable)


def _under(path: str, roots: Iterable[str]) -> bool:
    return any(path == root or path.startswith(root.rstrip("/") + "/") for root in roots)


def _ancestors(path: str) -> List[str]:
    parts = Path(path).parts[1:-1]
    return ["/" + "/".join(parts[: i + 1]) for i in range(len(parts))]


# where the system's Pythons install packages, under the folders every sandbox binds
# (Debian's dist-packages among them): a copy of the grader installed there for another
# interpreter holds every hidden case and the reference (attack23 F4)
SYSTEM_PACKAGES = ("/usr/lib/python3*/site-packages", "/usr/lib/python3*/dist-packages",
                   "/usr/lib64/python3*/site-packages", "/usr/local/lib/python3*/site-packages",
                   "/usr/local/lib/python3*/dist-packages", "/usr/lib/python3/dist-packages")
_ASK_SITE = ("import json, site, sys\n"
             "print(json.dumps(site.getsitepackages() + [site.getusersitepackages()]"
             " + [p for p in sys.path if p.rstrip('/').endswith(('site-packages',"
             " 'dist-packages'))]))")


def _interpreter_folders(python: str) -> List[str]:
    """Where PYTHON itself (the sandbox's, under any virtualenv) finds packages: a venv
    over Debian's python3 knows only its own, and the sandboxed interpreter's `site`
    then put /usr/lib/python3/dist-packages on its path, in sight."""
    try:
        done = subprocess.run([python, "-I", "-c", _ASK_SITE], capture_output=True, text=True,
                              timeout=60, stdin=subprocess.DEVNULL)
        found = json.loads(done.stdout)
    except (OSError, ValueError, subprocess.SubprocessError):
        return []
    return [p for p in found if isinstance(p, str)] if isinstance(found, list) else []


@functools.lru_cache(maxsize=None)
def _package_folders() -> tuple:
    """Where this interpreter, the sandbox's and the system's install packages, and the
    grader's own folder: asking sysconfig cost every sandboxed worker (each
    submission's) ~2 ms of the grader's thread, under its lock, for an answer that never
    changes."""
    paths = set(site.getsitepackages())
    for base in {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix}:
        scheme = sysconfig.get_paths(vars={"base": base, "platbase": base})
        paths.update((scheme["purelib"], scheme["platlib"]))
    paths.update(_interpreter_folders(base_python()))
    paths.update(found for pattern in SYSTEM_PACKAGES for found in glob.glob(pattern))
    paths.add(str(Path(__file__).resolve().parent.parent))
    return tuple(os.path.realpath(p) for p in paths)


def hidden_paths(extra: Sequence[Path] = ()) -> List[str]:
    """Folders under the mounted system that must look empty: installed packages
    (the grader itself and its assignment may live there) and EXTRA."""
    paths = set(_package_folders()) | {os.path.realpath(str(p)) for p in extra}
    return sorted(p for p in paths if os.path.isdir(p))


HELPERS_FOLDER = "tests"  # what ok's banks call the folder, and what cases import from
HELPERS_CAP = 16 << 20
SIDECARS = (".grader.json", ".fuzz.json")
# assignment.SETTINGS, mutate.CONFIG, hints.CATALOGUE (the solution's lines, hidden
# cases' fingerprints: the grader reads it, the code it grades never)
STAFF_FILES = ("assignment.json", "mutation.json", "hints.json")


def is_case_file(path: Path, strict: bool = False) -> bool:
    """A file assigning `test` at its top level (a case file: expected outputs, maybe
    hidden cases), or, unless STRICT, one that does not parse (it may be one)."""
    from .. import asts, staff_copies
    try:
        tree = asts.parse(path.read_bytes())
    except (SyntaxError, ValueError, OSError):
        return not strict
    return staff_copies.assigns_test(tree)


def helper_files(folder: Path, cases: Iterable[Path] = (), cap: int = HELPERS_CAP,
                 screen=None) -> List[Path]:
    """The files of case folder FOLDER that student code may see, as paths relative to
    it: helper modules and data files beside the cases (ok's banks import
    `tests.play_utils` and read `tests/play.sol`), never a case file (expected outputs,
    hidden cases) nor a copy of one under another name (`01.py~`, `01.py.orig`), an
    archive or bytecode, a file SCREEN (a `staff_copies.Screen`: the reference's) says
    holds the solution's work or a hidden case, this grader's own files (sidecars,
    settings, the mutation table), links or special files. CAP bytes at most."""
    from .. import staff_copies
    folder = Path(folder)
    skip = {Path(c).resolve() for c in cases}
    found, total = [], 0
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if any(part.startswith(".") or part == "__pycache__" for part in relative.parts):
            continue
        if path.is_symlink() or not path.is_file() or path.resolve() in skip:
            continue
        name = path.name
        if name in STAFF_FILES or name.endswith(SIDECARS) or staff_copies.bytecode(name):
            continue
        size = path.stat().st_size
        if total + size > cap:
            continue
        if is_case_file(path, strict=not name.endswith(".py")):
            continue
        if screen is not None and screen.reason(path, relative) is not None:
            continue
        total += size
        found.append(relative)
    return found


def copy_helpers(folder: Path, into: Path, files: Sequence[Path]) -> None:
    """Copy FILES (helper_files of FOLDER) into INTO/tests/, where cases import them."""
    for relative in files:
        target = into / HELPERS_FOLDER / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(folder / relative, target)


def as_user(uid) -> List[str]:
    """The argv prefix that runs a command as UID (its own group, no other groups)."""
    return ["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups"]


class LeaseRefused(RuntimeError):
    """The uid lease folder cannot be trusted (someone else made it, or it is a link)."""


class UidLease:
    """A sandbox uid that no other sandbox on this machine holds while this lease lives.

    RLIMIT_NPROC counts every process of a uid, and a run's clean-up may kill a uid's
    processes, so two runs at once (two staff jobs, or a test session in parallel) must
    never share one. The lease is an flock on a file per uid: the kernel drops it when
    the holder dies, so a killed run leaks nothing. PREFERRED (a slot) is tried first.
    The files live in a folder only this user may enter (`trusted_folder`), opened
    relative to it and never through a link, so nobody else can hold the leases or make
    root create a file elsewhere.

    A uid that still has a process, even a zombie, is passed over although no one holds
    it: RLIMIT_NPROC counts the dead until they are reaped, and a fork bomb's killed
    children wait for init to reap them well after their run gave the uid back (the
    next run's first fork failed with EAGAIN). What a killed run left alive is skipped
    too, rather than shared. So is a uid a run `retire`d (its clean-up did not finish),
    in every later process, until staff remove its `UID.unclean` file.
    """

    def __init__(self, preferred: int = 0, folder: Optional[Path] = None):
        self._fd = None
        self._folder = folder or lease_folder()
        home = trusted_folder(self._folder)
        busy = uids_with_processes()
        try:
            for offset in range(UID_COUNT):
                uid = UID_BASE + (preferred + offset) % UID_COUNT
                if uid in busy or _exists(f"{uid}.unclean", home):
                    continue
                fd = os.open(str(uid), os.O_CREAT | os.O_RDWR | os.O_CLOEXEC | os.O_NOFOLLOW,
                             0o600, dir_fd=home)
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except OSError:
                    os.close(fd)
                    continue
                self.uid, self._fd = uid, fd
                return
        finally:
            os.close(home)
        raise RuntimeError(f"all {UID_COUNT} sandbox uids are in use on this machine")

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def retire(self) -> str:
        """Never lease this uid again on this machine (what a run left as it could not be
        removed); the path of the mark staff remove once the uid is clean."""
        home = trusted_folder(self._folder)
        try:
            os.close(os.open(f"{self.uid}.unclean", os.O_CREAT | os.O_WRONLY | os.O_NOFOLLOW |
                             os.O_CLOEXEC, 0o600, dir_fd=home))
        finally:
            os.close(home)
        return str(Path(self._folder) / f"{self.uid}.unclean")


def _exists(name: str, folder_fd: int) -> bool:
    try:
        os.stat(name, dir_fd=folder_fd, follow_symlinks=False)
        return True
    except FileNotFoundError:
        return False


def _processes() -> Iterable[Tuple[int, int, str, int]]:
    """(pid, real uid, state letter, threads) of every process /proc shows (none
    without it)."""
    try:
        pids = [name for name in os.listdir("/proc") if name.isdigit()]
    except OSError:
        return
    for pid in pids:
        try:
            with open(f"/proc/{pid}/status", "rb") as status:
                text = status.read(4096)
            start = text.index(b"\nUid:") + 5
            uid = int(text[start:text.index(b"\n", start)].split()[0])
            state = text[text.index(b"\nState:") + 7:].split()[0].decode("ascii")
            threads = int(text[text.index(b"\nThreads:") + 9:].split()[0])
        except (OSError, ValueError, IndexError, UnicodeDecodeError):
            continue
        yield int(pid), uid, state, threads


def _task_states(pid: int) -> List[str]:
    """The state letters of PID's threads (a process whose first thread has exited
    shows as a zombie while its other threads run)."""
    states = []
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return states
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/stat", "rb") as stat:
                states.append(stat.read().rsplit(b")", 1)[1].split()[0].decode("ascii"))
        except (OSError, IndexError, UnicodeDecodeError):
            continue
    return states


def uids_with_processes() -> set:
    """The real uids (what RLIMIT_NPROC counts by) of every process on this machine,
    zombies included, as /proc shows them (empty without /proc)."""
    return {uid for _, uid, _, _ in _processes()}


def kill_all_of(uid: int) -> bool:
    """SIGKILL every process of UID in one kill(-1), which the kernel makes atomic
    against fork: a process that forks and exits over and over (no /proc scan ever
    sees it where it is) dies with the rest. The signal comes from a child of this
    process that is UID by its effective id only: its real and saved ids are a second
    leased uid with no process, so the code it kills cannot signal it (a helper that
    ran wholly as UID was killed by the code it came to kill) and it may signal no one
    else. It never execs (exec would make its saved id UID). Whether it ran (only root
    can make it)."""
    import signal
    if os.geteuid() != 0:
        return False
    try:
        other = UidLease(preferred=(uid - UID_BASE + UID_COUNT // 2) % UID_COUNT)
    except (OSError, RuntimeError, LeaseRefused):
        return False
    try:
        if other.uid == uid:
            return False
        pid = os.fork()
        if pid == 0:  # (only system calls here: the grader may have threads)
            code = 1
            try:
                os.setgroups([])
                os.setresgid(other.uid, other.uid, other.uid)
                os.setresuid(other.uid, uid, other.uid)
                try:
                    os.kill(-1, signal.SIGKILL)
                except ProcessLookupError:  # nothing to signal
                    pass
                code = 0
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        return os.waitstatus_to_exitcode(status) == 0
    except OSError:
        return False
    finally:
        other.release()


def end_processes_of(uid: int, rounds: int = 3000) -> bool:
    """Kill every process of UID (by real uid) from here, which that uid's code cannot
    signal (a helper running as the uid was killed by the code it came to kill, which
    then outlived the run): at once with `kill_all_of`, which nothing escapes, and
    otherwise (not root) by a sweep of /proc, in which a process that may still fork (a
    thread running or sleeping) is stopped first; once none is, all are killed: a fork
    bomb cannot outrun it (one that forks and exits in a loop can). A process whose
    first thread has exited looks dead (a zombie) while its other threads run: it
    counts by its threads. Whether nothing is left but the dead; past ROUNDS (~1 ms
    each) everything found is killed anyway."""
    import signal
    import time
    found: Dict[int, List[str]] = {}
    atomic = True
    for _ in range(rounds):
        if atomic:
            atomic = kill_all_of(uid)
        found = {}
        for pid, owner, state, threads in _processes():
            if owner != uid or state == "X":
                continue
            if state == "Z":
                if threads <= 1:
                    continue
                states = [s for s in _task_states(pid) if s not in ("Z", "X")]
                if not states:
                    continue
                found[pid] = states
            else:
                found[pid] = [state]
        if not found:
            return True
        free = [pid for pid, states in found.items()
                if any(s in ("R", "S") for s in states)]
        for pid in free or found:
            try:
                os.kill(pid, signal.SIGSTOP if free else signal.SIGKILL)
            except OSError:
                pass
        time.sleep(0.001)
    for pid in found:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    return False


def lease_folder() -> Path:
    """Where the leases live: /run (root's own tmpfs, which no other user may write to)
    when this user can write there, else the temporary folder."""
    base = "/run" if os.access("/run", os.W_OK) else tempfile.gettempdir()
    return Path(base) / "hog-grader-uids"


def trusted_folder(folder: Path) -> int:
    """An fd of FOLDER, made 0700 if missing; raises LeaseRefused unless it is a real
    folder (not a link) owned by this user that no one else may enter."""
    try:
        os.mkdir(folder, 0o700)
    except FileExistsError:
        pass
    except OSError as error:
        raise LeaseRefused(f"cannot create the sandbox uid lease folder {folder}: "
                           f"{error.strerror}") from None
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        raise LeaseRefused(f"the sandbox uid lease folder {folder} is not a folder (a link?): "
                           "remove it; the grader makes its own") from None
    info = os.fstat(fd)
    problem = ("is owned by another user" if info.st_uid != os.geteuid()
               else "may be entered by other users" if info.st_mode & 0o077 else None)
    if problem:
        os.close(fd)
        raise LeaseRefused(f"the sandbox uid lease folder {folder} {problem}: remove it; the "
                           "grader makes its own, private to it")
    return fd


def lease_problem(folder: Optional[Path] = None) -> Optional[str]:
    """Why sandbox uids cannot be leased here (None when they can, or need not be)."""
    if os.geteuid() != 0:
        return None
    try:
        os.close(trusted_folder(folder or lease_folder()))
    except LeaseRefused as error:
        return str(error)
    return None


class Sandbox:
    """The confinement of one submission's worker.

    FOLDER is a fresh copy holding the submission's source and the assignment's support
    files (nothing else: it is shown to the submission). As root it runs as a uid of its
    own (`uid`), leased for its lifetime, slot SLOT's if free. With ISOLATE false only the
    resource limits apply (the `--no-sandbox` mode).
    """

    def __init__(self, folder: Path, *, slot: int = 0, limits: Limits = Limits(),
                 isolate: bool = True, hide: Sequence[Path] = (), cgroup: bool = False):
        self.folder = Path(folder).resolve()
        self.slot = slot
        self.limits = limits
        self.isolate = isolate
        self.hide = list(hide)
        self._given_bytes = self._given_files = 0
        if isolate:
            for path in [self.folder, *self.folder.rglob("*")]:
                if not path.is_symlink():  # readable to the sandbox's user; a staff
                    # script keeps its execute bits (a submission's files are written anew)
                    path.chmod(0o755 if path.is_dir() or path.stat().st_mode & 0o111 else 0o644)
                    self._given_files += 1
                    self._given_bytes += path.stat().st_size if path.is_file() else 4096
        # CGROUP: every process of the sandbox in a control group of its own (raises
        # cgroups.Unavailable where there are none): memory, processes and CPU are then
        # limited for all of them together, and `cpu_time` is what they used.
        self.group: Optional[Group] = (cgroups.hierarchy().create(limits.group())
                                       if cgroup else None)
        self._oom_seen = 0
        self.lease = UidLease(slot) if isolate and os.geteuid() == 0 else None
        self._private: Optional[Path] = None  # bwrap's argument files (see _launch)

    @property
    def uid(self) -> Optional[int]:
        """The uid the submission runs as (None when not dropping privileges)."""
        return self.lease.uid if self.lease is not None else None

    def __enter__(self) -> "Sandbox":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """Kill whatever still runs in the sandbox's group, remove the group and give
        back the uid."""
        if self.group is not None:
            self.group.remove()
        if self.lease is not None:
            self.lease.release()
        if self._private is not None:
            shutil.rmtree(self._private, ignore_errors=True)

    def cpu_time(self) -> float:
        """CPU seconds the sandbox's processes used (its group's; 0 without one)."""
        return self.group.cpu_time() if self.group is not None else 0.0

    @property
    def clock(self):
        """What Runner's `clock` should be: CPU time of the group, when there is one."""
        return self.cpu_time if self.group is not None else None

    def diagnose(self) -> str:
        """Why a process of the sandbox died, when the group knows more than its exit
        status (the kernel killed it for memory)."""
        if self.group is None:
            return ""
        kills = self.group.oom_kills()
        if kills > self._oom_seen:
            new, self._oom_seen = kills - self._oom_seen, kills
            return (f"the kernel killed {new} of its process(es): out of memory (a "
                    f"submission may use {self.limits.group_memory >> 20} MiB in all, "
                    "its processes together)")
        return ""

    @property
    def src(self) -> Path:
        """Where the worker finds the submission (what Runner's `src` must be)."""
        return Path(INSIDE_SRC) if self.isolate else self.folder

    @property
    def python(self) -> str:
        return base_python()

    def wrap(self, argv: List[str]) -> List[str]:
        """Runner's argv `[python, flags..., script.py, args...]`, run under the limits
        (and inside bwrap when isolating, where every script of the grader named in it
        is shown read-only under /grader)."""
        at = next(i for i, part in enumerate(argv) if part.endswith(".py"))
        python, flags, rest = argv[0], argv[1:at], argv[at:]
        join = cgroups.joiner(self.group) if self.group is not None else []
        if not self.isolate:
            return (join + self.limits.prlimit(include_nproc=os.geteuid() != 0)
                    + [python, *flags, *rest])
        scripts = [Path(part) for part in rest if part.endswith(".py") and Path(part).is_file()]
        inside = {str(path): f"{INSIDE_WORKER_DIR}/{path.name}" for path in scripts}
        copies = [self._copy_of(path) for path in scripts]
        return (join + self._launch(self._bwrap(copies)[1:]) + self._prepare() + self._drop()
                + [base_python(), *flags, *[inside.get(part, part) for part in rest]])

    def _private_folder(self) -> Path:
        """A folder of this sandbox's own, removed with it."""
        if self._private is None:
            self._private = Path(tempfile.mkdtemp(prefix="hog-sandbox-"))
            weakref.finalize(self, shutil.rmtree, str(self._private), True)
        return self._private

    def _copy_of(self, script: Path) -> Path:
        """SCRIPT copied into the private folder, which is what is bound: a bind mount's
        source is listed in /proc/self/mountinfo inside, and the grader's own path
        (its install folder, a staff member's home) is nothing the submission needs."""
        copy = self._private_folder() / "scripts" / script.name
        if not copy.exists():
            copy.parent.mkdir(exist_ok=True)
            shutil.copy2(script, copy)  # its time too: the bytecode's check compares it
            copy.chmod(0o644)
            compiled = Path(importlib.util.cache_from_source(str(script.resolve())))
            if compiled.is_file():
                into = Path(importlib.util.cache_from_source(str(copy)))
                into.parent.mkdir(exist_ok=True)
                shutil.copy2(compiled, into)
                into.chmod(0o644)
        return copy

    def _launch(self, options: List[str]) -> List[str]:
        """bwrap with OPTIONS read from a file on a free fd (`--args FD`), not from its
        argv: its init, pid 1 of the sandbox, would show every host path in them
        (the submission's copy, the folders hidden) in /proc/1/cmdline."""
        data = b"".join(os.fsencode(option) + b"\0" for option in options)
        path = self._private_folder() / hashlib.sha256(data).hexdigest()[:16]
        if not path.exists():
            path.write_bytes(data)
        return ["/bin/sh", "-c", LAUNCH, str(path)]

    @property
    def _folder_room(self) -> Tuple[int, int]:
        """(bytes, inodes) of the writable copy's tmpfs: the given files and as much
        room again as the private /tmp has."""
        return (self._given_bytes + self.limits.tmp_size,
                self._given_files + self.limits.tmp_inodes)

    def _prepare(self) -> List[str]:
        """Inside the sandbox, before privileges are dropped: the writable copy of the
        submission filled from INSIDE_GIVEN (its tmpfs capped by bwrap's --size
        otherwise); as root, first the private /tmp, /dev/shm (where `multiprocessing`
        keeps its locks and queues) and the copy's tmpfs mounted with a
        cap on their files too: bwrap's own tmpfs has none, and a 16 MiB /tmp full of
        empty files costs the host hundreds of MiB of kernel memory where no control
        group charges it. As root the given Python files stay root's, read-only to the
        code, in folders it may add files to (sticky, as /tmp): it writes new files,
        never the helpers or sources it was given (a course's construct_check.py made to
        pass everything). The other files it was given (a word list, a SQLite database,
        what an earlier run wrote into output/) are the code's to change, as in the
        course's folder under ok (hunt26 A): no case's expected output is read from them."""
        fill = f'cp -R {INSIDE_GIVEN}/. {INSIDE_SRC}/'
        if os.geteuid() != 0:
            return ["/bin/sh", "-c", fill + ' && exec "$@"', "fill"]
        size, inodes = self._folder_room
        tmp = (f"size={self.limits.tmp_size},nr_inodes={self.limits.tmp_inodes},"
               "mode=1777,nosuid,nodev")
        folder = f"size={size},nr_inodes={inodes},mode=0755,nosuid,nodev"
        return ["/bin/sh", "-c",
                f'mount -t tmpfs -o "$0" tmpfs /tmp && mount -t tmpfs -o "$0" tmpfs /dev/shm'
                f' && mount -t tmpfs -o "$1" tmpfs {INSIDE_SRC}'
                f' && {fill} && find {INSIDE_SRC} \\( -type d -exec chmod 1777 {{}} + \\)'
                f' -o \\( -type f ! -name "*.py" -exec chown {self.uid}:{self.uid} {{}} + \\)'
                f' && cd {INSIDE_SRC} && unset OLDPWD && shift && exec "$@"', tmp, folder]

    def _drop(self) -> List[str]:
        if os.geteuid() != 0:
            return self.limits.prlimit(include_nproc=False)
        uid = str(self.uid)
        return (as_user(uid) + ["--inh-caps=-all", "--bounding-set=-all", "--no-new-privs",
                                 "unshare", "--user"] + self.limits.prlimit())

    @staticmethod
    def _bytecode(scripts: Sequence[Path]) -> List[str]:
        """The scripts' compiled bytecode beside them inside, where pip wrote it: the
        guard runs a script from it (~5-10 ms less per worker than compiling it), and
        falls back to the source if the sandbox's user may not read it."""
        found = [(Path(importlib.util.cache_from_source(str(script.resolve()))), script)
                 for script in scripts]
        found = [(pyc, script) for pyc, script in found if pyc.is_file()]
        if not found:
            return []
        argv = ["--perms", "0755", "--dir", f"{INSIDE_WORKER_DIR}/__pycache__"]
        for pyc, script in found:
            argv += ["--ro-bind", str(pyc), f"{INSIDE_WORKER_DIR}/__pycache__/{pyc.name}"]
        return argv

    def _bwrap(self, scripts: Sequence[Path]) -> List[str]:
        argv = ["bwrap", "--die-with-parent", "--new-session", "--unshare-pid",
                "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try",
                "--hostname", "sandbox"]
        if os.geteuid() != 0:
            argv += ["--unshare-user", "--uid", "65534", "--gid", "65534"]
        argv += ["--ro-bind", "/usr", "/usr"]
        bound = ["/usr"]
        for path in SYSTEM_DIRS:
            if os.path.islink(path):
                argv += ["--symlink", os.readlink(path), path]
            elif os.path.isdir(path):
                argv += ["--ro-bind", path, path]
                bound.append(path)
        for path in ETC_FILES:
            argv += ["--ro-bind-try", path, path]
        prefix = os.path.realpath(sys.base_prefix)
        if not _under(prefix, bound):
            for parent in _ancestors(prefix + "/x"):
                if parent != prefix:
                    argv += ["--perms", "0755", "--dir", parent]
            argv += ["--ro-bind", prefix, prefix]
            bound.append(prefix)
        hidden: List[str] = []
        for path in hidden_paths(self.hide):  # (sorted: a folder before what it holds)
            if _under(path, bound) and not _under(path, hidden):
                # one inside a hidden folder is hidden with it, and its mount point could
                # not be made in the read-only tmpfs (attack28 F3: a grader installed in
                # a bound prefix failed every submission)
                hidden.append(path)
                argv += ["--tmpfs", path, "--remount-ro", path]
        argv += ["--ro-bind", str(self.folder), INSIDE_GIVEN]
        if os.geteuid() == 0:
            argv += ["--perms", "0755", "--dir", INSIDE_SRC]  # mounted by _prepare
        else:
            argv += ["--perms", "1777", "--size", str(self._folder_room[0]), "--tmpfs",
                     INSIDE_SRC]
        argv += ["--perms", "0755", "--dir", INSIDE_WORKER_DIR]
        for script in scripts:
            argv += ["--ro-bind", str(script.resolve()), f"{INSIDE_WORKER_DIR}/{script.name}"]
        argv += self._bytecode(scripts)
        argv += ["--proc", "/proc", "--ro-bind", "/dev/null", "/proc/cmdline",
                 "--tmpfs", "/proc/sys", "--remount-ro", "/proc/sys"]
        empty = self._private_folder() / "empty"  # (a device node cannot be opened in /proc)
        if not empty.exists():
            empty.write_bytes(b"")
        for name in HOST_COUNTERS:
            if os.path.exists(f"/proc/{name}"):
                argv += ["--ro-bind", str(empty), f"/proc/{name}"]
        argv += ["--dev", "/dev"]
        if os.geteuid() == 0:
            argv += ["--perms", "1777", "--dir", "/tmp", "--cap-add", "CAP_SYS_ADMIN"]
        else:
            argv += ["--perms", "1777", "--size", str(self.limits.tmp_size), "--tmpfs", "/tmp"]
            argv += ["--perms", "1777", "--size", str(self.limits.tmp_size), "--tmpfs",
                     "/dev/shm"]
        argv += ["--chdir", INSIDE_SRC, "--clearenv"]
        for key, value in ENV.items():
            argv += ["--setenv", key, value]
        return argv


__all__ = ["Sandbox", "Limits", "bwrap_problem", "lease_problem", "LeaseRefused", "base_python", "hidden_paths", "helper_files",
           "copy_helpers"]
