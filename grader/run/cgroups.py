"""Control groups for sandboxes: one group per sandbox, with limits on the memory of
all its processes together, on their number, and on CPU (a share of one core), and
the CPU time the group used (what the runner charges timeouts in).

Linux has two interfaces, and a machine uses one or both:

- cgroup v2 (one unified hierarchy, `cgroup2` in /proc/self/mountinfo): `memory.max`,
  `pids.max`, `cpu.max`, `cpu.stat`, `cgroup.kill`. The grader's own cgroup must be
  delegated to it (root, or `systemd-run --scope -p Delegate=yes ...`) and hold no
  other process than the grader, which moves itself into a leaf of its own.
- cgroup v1 (one hierarchy per controller): `memory.limit_in_bytes`, `pids.max`,
  `cpu.cfs_quota_us`, `cpuacct.usage`; writable by root.

v2 is used when its controllers are there, else v1. Groups are made under the
grader's own cgroup (`/proc/self/cgroup`), in `hog-grader-PID/box-N`, so that any limit
above it still holds, and are removed (their processes killed) when a sandbox closes;
groups left by a grader that died are removed by the next one.

The libraries on the package index are v1-only or unmaintained, and systemd-run needs
systemd as PID 1, which containers often lack: the few file writes needed are done here.
"""

from __future__ import annotations

import atexit
import errno
import functools
import itertools
import os
import signal
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional

V1_CONTROLLERS = ("memory", "pids", "cpu", "cpuacct")
V2_CONTROLLERS = ("memory", "pids", "cpu")
PERIOD_US = 100_000


class Unavailable(Exception):
    """This machine cannot give the grader control groups; says why."""


@dataclass(frozen=True)
class GroupLimits:
    """Limits of one group, on all its processes together."""

    memory: int = 512 << 20  # bytes
    processes: int = 40
    cpus: float = 1.0  # cores' worth of CPU time per second of wall time


def _mounts() -> List[tuple]:
    """(mount point, filesystem type, super options) of every cgroup mount."""
    found = []
    try:
        lines = Path("/proc/self/mountinfo").read_text().splitlines()
    except OSError:
        return found
    for line in lines:
        left, _, right = line.partition(" - ")
        fields, tail = left.split(), right.split()
        if len(fields) >= 5 and len(tail) >= 3 and tail[0] in ("cgroup", "cgroup2"):
            found.append((fields[4].replace("\\040", " "), tail[0], tail[2].split(",")))
    return found


def _own_paths() -> Dict[str, str]:
    """Our cgroup path per v1 controller, and under "" for v2."""
    paths = {}
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return paths
    for line in lines:
        _, controllers, path = line.split(":", 2)
        for name in controllers.split(",") if controllers else [""]:
            paths[name] = path
    return paths


def _write(path: Path, value: str) -> None:
    with open(path, "w") as handle:
        handle.write(value)


class Group:
    """One control group (a folder per hierarchy it lives in)."""

    def __init__(self, folders: List[Path], version: int, cpu_file: Path, memory: Path):
        self.folders = folders
        self.version = version
        self._cpu_file = cpu_file
        self._cpu_fd: Optional[int] = None  # kept open: the runner reads it ~800 times a submission
        self._memory = memory

    @property
    def procs_files(self) -> List[str]:
        """Where a process writes its pid to join the group (in every hierarchy)."""
        return [str(folder / "cgroup.procs") for folder in self.folders]

    def _close_cpu_file(self) -> None:
        fd, self._cpu_fd = self._cpu_fd, None
        if fd is not None:
            os.close(fd)

    def __del__(self) -> None:  # a Group made to look at one (a watcher's) holds a descriptor
        self._close_cpu_file()

    def cpu_time(self) -> float:
        """Seconds of CPU time the group's processes have used, all of them together."""
        try:
            if self._cpu_fd is None:
                self._cpu_fd = os.open(self._cpu_file, os.O_RDONLY | os.O_CLOEXEC)
            text = os.pread(self._cpu_fd, 4096, 0).decode("ascii", "replace")
        except OSError:
            return 0.0
        if self.version == 1:
            try:
                return int(text) / 1e9
            except ValueError:
                return 0.0
        for line in text.splitlines():
            if line.startswith("usage_usec "):
                return int(line.split()[1]) / 1e6
        return 0.0

    def memory_peak(self) -> Optional[int]:
        """The most memory the group held at once, in bytes (None where not told)."""
        name = "memory.max_usage_in_bytes" if self.version == 1 else "memory.peak"
        try:
            return int((self._memory / name).read_text())
        except (OSError, ValueError):
            return None

    def oom_kills(self) -> int:
        """How many of the group's processes the kernel killed for memory."""
        name = "memory.oom_control" if self.version == 1 else "memory.events"
        try:
            for line in (self._memory / name).read_text().splitlines():
                key, _, value = line.partition(" ")
                if key == "oom_kill":
                    return int(value)
        except (OSError, ValueError):
            pass
        return 0

    def pids(self) -> List[int]:
        found = set()
        for folder in self.folders:
            try:
                found.update(int(p) for p in (folder / "cgroup.procs").read_text().split())
            except (OSError, ValueError):
                pass
        return sorted(found)

    def kill(self, timeout: float = 5.0) -> bool:
        """SIGKILL every process in the group until none is left; whether none is."""
        kill_file = self.folders[0] / "cgroup.kill"
        deadline = time.monotonic() + timeout
        while True:
            pids = self.pids()
            if not pids:
                return True
            if self.version == 2 and kill_file.exists():
                try:
                    _write(kill_file, "1")
                except OSError:
                    pass
            for pid in pids:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
            if time.monotonic() > deadline:
                return False
            time.sleep(0.005)

    def remove(self) -> None:
        """Kill what is left in the group and delete it."""
        self.kill()
        self._close_cpu_file()
        for folder in self.folders:
            _rmdir(folder)


def _rmdir(folder: Path, timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            folder.rmdir()
            return
        except FileNotFoundError:
            return
        except OSError as error:
            if error.errno != errno.EBUSY or time.monotonic() > deadline:
                return
            time.sleep(0.01)


class Hierarchy:
    """Where this grader makes its groups: `hog-grader-PID` under its own cgroup."""

    def __init__(self, version: int, bases: Dict[str, Path]):
        self.version = version
        self.bases = bases  # controller (v1) or "" (v2) -> the grader's own cgroup folder
        self.name = f"hog-grader-{os.getpid()}"
        self.roots: Dict[str, Path] = {}
        self._counter = itertools.count()
        self._lock = threading.Lock()

    def setup(self) -> None:
        _clean_stale(self.bases.values(), self.version)
        for key, base in self.bases.items():
            root = base / self.name
            try:
                root.mkdir(exist_ok=True)
            except OSError as error:
                raise Unavailable(f"cannot create a control group in {base}: "
                                  f"{error.strerror}") from None
            self.roots[key] = root
        if self.version == 2:
            _write_v2_subtree(self.roots[""])
        atexit.register(self.close)

    def close(self) -> None:
        for root in self.roots.values():
            for child in root.glob("box-*"):
                Group([child], self.version, child, child).remove()
            _rmdir(root)

    def create(self, limits: GroupLimits) -> Group:
        """A new, empty group with LIMITS."""
        with self._lock:
            name = f"box-{next(self._counter)}"
        if self.version == 1:
            folders = {key: root / name for key, root in self.roots.items()}
            for folder in folders.values():
                folder.mkdir()
            memory = folders["memory"]
            _write(memory / "memory.limit_in_bytes", str(limits.memory))
            if (memory / "memory.memsw.limit_in_bytes").exists():
                try:  # no swap either: the limit is on memory, not on RAM only
                    _write(memory / "memory.memsw.limit_in_bytes", str(limits.memory))
                except OSError:
                    pass
            _write(folders["pids"] / "pids.max", str(limits.processes))
            _write(folders["cpu"] / "cpu.cfs_period_us", str(PERIOD_US))
            _write(folders["cpu"] / "cpu.cfs_quota_us", str(int(PERIOD_US * limits.cpus)))
            return Group(list(folders.values()), 1, folders["cpuacct"] / "cpuacct.usage",
                         memory)
        folder = self.roots[""] / name
        folder.mkdir()
        _write(folder / "memory.max", str(limits.memory))
        if (folder / "memory.swap.max").exists():
            _write(folder / "memory.swap.max", "0")
        _write(folder / "pids.max", str(limits.processes))
        _write(folder / "cpu.max", f"{int(PERIOD_US * limits.cpus)} {PERIOD_US}")
        return Group([folder], 2, folder / "cpu.stat", folder)


def _write_v2_subtree(root: Path) -> None:
    wanted = " ".join("+" + name for name in V2_CONTROLLERS)
    try:
        _write(root / "cgroup.subtree_control", wanted)
    except OSError as error:
        raise Unavailable(f"cannot enable {', '.join(V2_CONTROLLERS)} in {root}: "
                          f"{error.strerror}") from None


def _clean_stale(bases, version: int) -> None:
    """Remove the groups of graders that are gone (killed before they could)."""
    for base in bases:
        for root in base.glob("hog-grader-*"):
            pid = root.name.rpartition("-")[2]
            if pid.isdigit() and not Path(f"/proc/{pid}").exists():
                for child in root.glob("box-*"):
                    Group([child], version, child, child).remove()
                _rmdir(root)


def _v2_base(mount: str, path: str) -> Path:
    """The grader's v2 cgroup, where it may enable controllers for its children. A
    cgroup with processes cannot (the no-internal-processes rule): the grader moves
    itself into a leaf of its own, if it is the only process there."""
    base = Path(mount) / path.lstrip("/")
    controllers = (base / "cgroup.controllers").read_text().split()
    missing = [c for c in V2_CONTROLLERS if c not in controllers]
    if missing:
        raise Unavailable(f"cgroup v2 controllers {', '.join(missing)} are not delegated "
                          f"to {base}")
    try:
        _write(base / "cgroup.subtree_control", " ".join("+" + c for c in V2_CONTROLLERS))
        return base
    except OSError as error:
        if error.errno != errno.EBUSY:
            raise Unavailable(f"cannot enable controllers in {base}: {error.strerror}") from None
    others = [int(p) for p in (base / "cgroup.procs").read_text().split() if int(p) != os.getpid()]
    if others:
        raise Unavailable(f"{base} holds other processes than the grader: run it in a "
                          "delegated cgroup of its own (systemd-run --scope -p Delegate=yes)")
    leaf = base / "hog-grader-self"
    leaf.mkdir(exist_ok=True)
    _write(leaf / "cgroup.procs", str(os.getpid()))
    try:
        _write(base / "cgroup.subtree_control", " ".join("+" + c for c in V2_CONTROLLERS))
    except OSError as error:
        raise Unavailable(f"cannot enable controllers in {base}: {error.strerror}") from None
    return base


def _detect() -> Hierarchy:
    mounts = _mounts()
    own = _own_paths()
    v2 = next((m for m in mounts if m[1] == "cgroup2"), None)
    if v2 is not None and "" in own:
        try:
            controllers = Path(v2[0], "cgroup.controllers").read_text().split()
        except OSError:
            controllers = []
        if all(c in controllers for c in V2_CONTROLLERS):
            return Hierarchy(2, {"": _v2_base(v2[0], own[""])})
    bases = {}
    for name in V1_CONTROLLERS:
        mount = next((m for m in mounts if m[1] == "cgroup" and name in m[2]), None)
        if mount is None or name not in own:
            raise Unavailable(f"no cgroup v1 '{name}' hierarchy and no cgroup v2 with "
                              f"{', '.join(V2_CONTROLLERS)} (see /proc/self/mountinfo)")
        bases[name] = Path(mount[0]) / own[name].lstrip("/")
    return Hierarchy(1, bases)


_hierarchy: Optional[Hierarchy] = None
_problem: Optional[str] = None
_guard = threading.Lock()


def hierarchy() -> Hierarchy:
    """This process's Hierarchy, set up on first use; Unavailable says why not."""
    global _hierarchy, _problem
    with _guard:
        if _hierarchy is None and _problem is None:
            try:
                found = _detect()
                found.setup()
                _hierarchy = found
            except Unavailable as error:
                _problem = str(error)
            except OSError as error:
                _problem = f"cannot use control groups: {error}"
        if _hierarchy is None:
            raise Unavailable(_problem)
        return _hierarchy


@functools.lru_cache(maxsize=None)
def problem() -> Optional[str]:
    """Why control groups cannot be used here (None when they can)."""
    try:
        hierarchy()
    except Unavailable as error:
        return str(error)
    return None


def joiner(group: Group) -> List[str]:
    """An argv prefix that puts the process in GROUP, then execs the rest (`--` ends the
    files). A shell, so that no process of the grader forks with threads around."""
    script = ('while [ "$1" != -- ]; do echo $$ > "$1" || exit 125; shift; done; '
              'shift; exec "$@"')
    return ["/bin/sh", "-c", script, "hog-cgroup", *group.procs_files, "--"]


__all__ = ["GroupLimits", "Group", "Unavailable", "hierarchy", "problem", "joiner"]
