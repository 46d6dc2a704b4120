"""Student code never outlives the grader: run a script, then kill all it started.

Executed as a script, `python guard.py LIFELINE SCRIPT ARGS...` or `... LIFELINE -c SOURCE
ARGS...` (standard library only,
so it runs inside a sandbox too). The guard makes itself a child subreaper (Linux), so
every process the student code starts and orphans, however it detaches (setsid, double
fork, ignored signals), becomes the guard's child; it ignores the signals student code
could send it; and it runs SCRIPT as `__main__` in a forked child. Then it waits for:

- its lifeline, a pipe whose write end only the grader holds: EOF (the grader closed
  it, or died, even by SIGKILL, a closed terminal, anything) means end everything
  now; a byte `s` asks the script for its stack (SIGUSR2, which the worker answers);
  a byte `e` means end everything and exit with ENDED: proof that the guard was alive
  to read it, which a guard the student code killed can never give;
- the script's exit.

Either way it kills every descendant, again until none is left, and exits with the
script's status (128 + N when signal N killed it).
"""

import os
import select
import signal
import sys

STACK_SIGNAL = signal.SIGUSR2
ENDED = 0  # the guard's status after `e`: a killed guard ends by SIGKILL, never with it
IGNORED = ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGTSTP",
           "SIGTTIN", "SIGTTOU", "SIGALRM", "SIGVTALRM", "SIGPROF", "SIGXCPU", "SIGXFSZ")


def libc(name, *args):
    """The C library's NAME called with int ARGS; None where it cannot be. Through
    _ctypes' own calls where it can: importing ctypes cost every worker's start (and
    the grader's) a millisecond or more."""
    try:
        import _ctypes
        return _ctypes.call_function(_ctypes.dlsym(_ctypes.dlopen(None), name), args)
    except (OSError, AttributeError, ImportError, TypeError):
        pass
    try:
        import ctypes
        return getattr(ctypes.CDLL(None, use_errno=True), name)(*args)
    except (OSError, AttributeError, ImportError):
        return None


def prctl(option, value):
    """Linux's prctl(2); False where there is none."""
    return libc("prctl", option, value, 0, 0, 0) == 0


KEYCTL = {"x86_64": 250, "aarch64": 219}  # the keyctl system call's number
KEYRING_REFUSED = 112  # the guard's status when it will not run code in a shared keyring


def own_session_keyring():
    """Join a new, empty session keyring (keyctl KEYCTL_JOIN_SESSION_KEYRING, no name)
    before any student code runs: otherwise every worker shares the grader's, where a
    key one submission adds (its hidden cases' code) is read by the next submission's
    worker whatever its uid (attack19 A3). Nothing where keyctl is refused (a seccomp
    profile that blocks it blocks it for the code too)."""
    number = KEYCTL.get(os.uname().machine)
    joined = libc("syscall", number, 1, 0) if number is not None else None
    return joined is not None and joined >= 0


def keyrings_work():
    """Whether keyctl answers at all here (KEYCTL_GET_KEYRING_ID of @s, not created)."""
    number = KEYCTL.get(os.uname().machine)
    found = libc("syscall", number, 0, -3, 0) if number is not None else None
    return found is not None and found > 0


def in_anothers_keyring():
    """Whether the session keyring this process would use belongs to another user
    (KEYCTL_DESCRIBE of @s): where the guard could not join one of its own, it is then
    the grader's (attack21 K2: code that filled its user's key quota made the join
    fail). A student's own run stays in the student's own: nothing to refuse there."""
    number = KEYCTL.get(os.uname().machine)
    if number is None:
        return False
    try:
        import ctypes
        call = ctypes.CDLL(None, use_errno=True).syscall
        call.restype = ctypes.c_long
        text = ctypes.create_string_buffer(512)
        size = call(ctypes.c_long(number), ctypes.c_long(6), ctypes.c_long(-3), text,
                    ctypes.c_long(len(text)))
        if size <= 0:
            return False  # no keyring, or keyctl refused: nothing to share
        return int(text.value.split(b";")[1]) != os.getuid()
    except (OSError, AttributeError, ImportError, ValueError, IndexError):
        return True  # what cannot be checked is refused


KEYLESS = "HOG_GRADER_KEYLESS"  # set by a sandbox: see `seal`
# `guard.py --sealed COMMAND...`: `seal`, then run COMMAND; run as root before the
# command that becomes the sandbox's uid, no process of that uid ever runs without it
SEALED = "--sealed"
# Per machine, native and the 32-bit ABI a 64-bit process can still use: (AUDIT_ARCH_*,
# mask of the syscall number, the calls `seal` fails, the calls it makes do nothing, the
# fcntl calls). Failed: add_key, request_key, keyctl; ptrace, process_vm_readv,
# process_vm_writev, pidfd_getfd (and x32's own three); io_setup, io_uring_setup (the
# host's count of asynchronous I/O contexts, which code sets and another submission reads
# or runs out of: review24 R9); inotify_init, inotify_init1, fanotify_init (a read of a
# shared system file, seen from another sandbox); sysinfo (the host's load, memory and
# process count, which /proc shows empty: a count another sandbox's threads set carried
# an answer, attack26 F3). Done as nothing: flock; fadvise (advice only: DONTNEED took a
# shared file's pages out of the disk cache, one half of a channel, attack26 F2). The standard
# library is the same files in every sandbox, and a lock on one, taken in one sandbox and
# tested in another, carried a hidden answer between two submissions graded at once in
# 4 runs of 4 (attack25 F4): a lock that is granted and holds nothing still serves code
# that locks its own files, and tells no other process anything.
SYSCALLS = {"x86_64": ((0xC000003E, 0xBFFFFFFF,  # (x32's bit masked)
                        (248, 249, 250, 101, 310, 311, 438, 521, 539, 540, 206, 425, 543,
                         253, 294, 300, 99), (73, 221), (72,), (157, 160, 302)),
                       (0x40000003, 0xFFFFFFFF,
                        (286, 287, 288, 26, 347, 348, 438, 245, 425, 291, 332, 338, 116),
                        (143, 250, 272), (55, 221), (172, 75, 340))),
            "aarch64": ((0xC00000B7, 0xFFFFFFFF, (217, 218, 219, 117, 270, 271, 438, 0, 425,
                                                  26, 262, 179), (32, 223), (25,),
                         (167, 164, 261)),
                        (0x40000028, 0xFFFFFFFF, (309, 310, 311, 26, 376, 377, 438, 243, 425,
                                                  316, 360, 367, 116), (143, 270),
                         (55, 221), (172, 75, 369)))}
# Core dumps: a sandbox's processes run with a core size limit of 1, at which the kernel
# writes no core file and, where the host's crash collector is a program (apport,
# systemd-coredump: run as root, outside the submission's control group), hands it no
# dump; any other limit, 0 included, is piped to it whole (attack27, review27). So the
# limit may not be changed (setrlimit, and prlimit64 with a new value, on RLIMIT_CORE
# fail), and PR_SET_DUMPABLE may only turn dumps off (the guard does for its worker).
PR_SET_DUMPABLE, RLIMIT_CORE = 4, 4
# fcntl's commands on record locks and directory notices: the setting ones do nothing
# (F_SETLK, F_SETLKW, the open-file ones, and the 32-bit ABI's F_SETLK64, F_SETLKW64,
# which a 64-bit process reaches with `int 0x80`: attack26 F1), the asking ones fail
# (F_GETLK, F_OFD_GETLK, the 32-bit F_GETLK64, F_NOTIFY, whose answer would be another
# sandbox's doing; F_SETLEASE). (12-14 mean nothing to a 64-bit fcntl.)
FCNTL_NOTHING, FCNTL_FAILED = (6, 7, 37, 38, 13, 14), (5, 36, 1026, 1024, 12)


def sandbox_filter(machine):
    """A seccomp program (classic BPF, as bytes) that fails some calls with EPERM,
    makes others succeed without doing anything, and allows every other call (see
    SYSCALLS); None for an unknown MACHINE."""
    import struct
    table = SYSCALLS.get(machine)
    if table is None:
        return None
    code = []  # (op, jump if true, jump if false, k); a jump is a label or an offset
    allow, fail, nothing = (0x06, 0, 0, 0x7FFF0000), "fail", "nothing"
    for arch, mask, failed, no_op, fcntls, (prctl_, setrlimit, prlimit64) in table:
        sections = [  # the calls whose arguments are looked at, and what looks at them
            (fcntls, [(0x20, 0, 0, 24)]  # fcntl: its command (args[1]'s low word)
             + [(0x15, nothing, 0, command) for command in FCNTL_NOTHING]
             + [(0x15, fail, 0, command) for command in FCNTL_FAILED] + [allow]),
            ((prctl_,), [(0x20, 0, 0, 16), (0x15, 0, 2, PR_SET_DUMPABLE),  # option
                         (0x20, 0, 0, 24), (0x15, 0, fail, 0), allow]),  # its value: 0 only
            ((setrlimit,), [(0x20, 0, 0, 16), (0x15, fail, 0, RLIMIT_CORE), allow]),
            ((prlimit64,), [(0x20, 0, 0, 24), (0x15, 0, 4, RLIMIT_CORE),  # resource
                            (0x20, 0, 0, 32), (0x15, 0, fail, 0),  # a new limit (a
                            (0x20, 0, 0, 36), (0x15, 0, fail, 0), allow])]  # pointer): none
        block = [(0x20, 0, 0, 0), (0x54, 0, 0, mask)]  # the call's number, masked
        block += [(0x15, fail, 0, call) for call in failed]
        block += [(0x15, nothing, 0, call) for call in no_op]
        dispatch = [(call, index) for index, (calls, _) in enumerate(sections) for call in calls]
        starts, at = [], len(dispatch) + 1
        for _, section in sections:
            starts.append(at)
            at += len(section)
        block += [(0x15, starts[index] - i - 1, 0, call)
                  for i, (call, index) in enumerate(dispatch)]
        block.append(allow)
        for _, section in sections:
            block += section
        code += [(0x20, 0, 0, 4), (0x15, 0, len(block), arch)] + block  # another: skip
    code.append(allow)
    where = {fail: len(code), nothing: len(code) + 1}
    code.append((0x06, 0, 0, 0x00050000 | 1))  # SECCOMP_RET_ERRNO | EPERM
    code.append((0x06, 0, 0, 0x00050000))  # SECCOMP_RET_ERRNO | 0: returns 0, does nothing
    def offset(jump, index):
        return where[jump] - index - 1 if jump in where else jump
    return b"".join(struct.pack("=HBBI", op, offset(true, index), offset(false, index), k)
                    for index, (op, true, false, k) in enumerate(code))


def seal():
    """Install `sandbox_filter` for this process and all it starts (after
    PR_SET_NO_NEW_PRIVS). In a sandbox, a keyring is the one thing a uid's code could
    leave for the next run as that uid that no clean-up can reach (a keyring whose
    permissions it took away: attack21 K1, K8, hunt21 F8); and where the workers of a
    run share a uid and a pid namespace, code that outlived its worker attached to the
    next one and undid what its guard had set up (attack22 S1). True when it holds."""
    program = sandbox_filter(os.uname().machine)
    if program is None:
        return False
    try:
        import ctypes
        libc_ = ctypes.CDLL(None, use_errno=True)
        buffer = ctypes.create_string_buffer(program, len(program))

        class Fprog(ctypes.Structure):
            _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]
        fprog = Fprog(len(program) // 8, ctypes.addressof(buffer))
        if libc_.prctl(38, 1, 0, 0, 0) != 0:  # PR_SET_NO_NEW_PRIVS
            return False
        return libc_.prctl(22, 2, ctypes.byref(fprog), 0, 0) == 0  # SECCOMP_MODE_FILTER
    except (OSError, AttributeError, ImportError):
        return False


def become_subreaper():
    """Orphans among our descendants are re-parented to us (Linux 3.4+), not to init."""
    return prctl(36, 1)  # PR_SET_CHILD_SUBREAPER


def children():
    """Our children's pids, from /proc (None where there is no /proc)."""
    me = os.getpid()
    try:
        with open(f"/proc/{me}/task/{me}/children") as listing:
            return [int(pid) for pid in listing.read().split()]
    except OSError:
        pass
    return children_by_scan()


def children_by_scan():
    """Our children, whichever of our threads started them, from every process's
    /proc/PID/stat (None where there is no /proc). The grader's sweep reads them so
    too (run/process.py): its children may come from any of its threads."""
    me = os.getpid()
    try:
        entries = os.listdir("/proc")
    except OSError:
        return None
    found = []
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as stat:
                fields = stat.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if len(fields) > 1 and int(fields[1]) == me:
            found.append(int(entry))
    return found


def kill_all(subreaper):
    """SIGKILL every descendant, again as orphans are re-parented to us, until none is
    left. Without /proc or a subreaper, our process group is all we can reach."""
    if not subreaper or children() is None:
        try:
            os.killpg(os.getpgid(0), signal.SIGKILL)  # ends the guard too
        except OSError:
            pass
        return
    while True:
        for pid in children() or []:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        try:
            while os.waitpid(-1, os.WNOHANG)[0]:
                pass
        except ChildProcessError:
            return
        select.select([], [], [], 0.002)


def status_of(wait_status):
    if os.WIFSIGNALED(wait_status):
        return 128 + os.WTERMSIG(wait_status)
    return os.WEXITSTATUS(wait_status) if os.WIFEXITED(wait_status) else 1


def script_code(script):
    """SCRIPT's code from the bytecode pip compiled beside it when that is still SCRIPT's
    (the import system's own check of its timestamp and size): compiling the worker from
    source would cost every run ~10 ms before the student's code is even imported."""
    import _frozen_importlib_external as external  # already loaded: costs nothing
    try:
        return external.SourceFileLoader("__main__", script).get_code("__main__")
    except (ImportError, OSError):
        with open(script, "rb") as source:
            return compile(source.read(), script, "exec")


def run_script(lifeline, wake, saved, guard, script, args):
    """In the forked child: die with the guard (student code that kills its guard
    kills itself), undo the guard's own settings and run SCRIPT."""
    prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    if os.getppid() != guard:
        os._exit(137)
    signal.set_wakeup_fd(-1)
    for fd in (lifeline, *wake):
        os.close(fd)
    for signum, handler in saved.items():
        signal.signal(signum, handler)
    if script == "-c":  # the script's source itself (the grader runs from a zip)
        source, args = args[0], args[1:]
        sys.argv = ["-c", *args]
        code = compile(source, "<string>", "exec")
        namespace = {"__name__": "__main__", "__builtins__": __builtins__}
    else:
        sys.argv = [script, *args]
        code = script_code(script)
        namespace = {"__name__": "__main__", "__file__": script, "__builtins__": __builtins__}
    exec(code, namespace)


def main():
    if sys.argv[1:2] == [SEALED]:
        seal()  # (what it cannot install, the guard started below refuses or installs)
        os.execvp(sys.argv[2], sys.argv[2:])
    lifeline, script, args = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
    keyless = os.environ.pop(KEYLESS, None) == "1"
    if not own_session_keyring() and in_anothers_keyring():
        os.write(2, b"the worker could not get a keyring of its own (is its user's key "
                    b"quota full?): it does not run in the grader's\n")
        os._exit(KEYRING_REFUSED)
    if keyless and not seal() and keyrings_work():
        os.write(2, b"the sandbox could not keep the code from the kernel's keyrings\n")
        os._exit(KEYRING_REFUSED)
    if keyless:  # no other process of the uid reads or writes this one's memory through
        prctl(4, 0)  # /proc/PID/mem (PR_SET_DUMPABLE: its worker inherits it; review23 F7)
    subreaper = become_subreaper()
    saved = {}
    for name in IGNORED + ("SIGCHLD",):
        if hasattr(signal, name):
            signum = getattr(signal, name)
            saved[signum] = signal.getsignal(signum)
            signal.signal(signum, signal.SIG_IGN)
    wake = os.pipe()
    for fd in wake:
        os.set_blocking(fd, False)
    signal.signal(signal.SIGCHLD, lambda signum, frame: None)
    signal.set_wakeup_fd(wake[1])
    guard = os.getpid()
    child = os.fork()
    if child == 0:  # the script ends as a main script does: atexit, threads, flushes
        run_script(lifeline, wake, saved, guard, script, args)
        return
    result = None
    waiting = select.poll()  # (select takes no descriptor above 1023: the lifeline may be)
    waiting.register(lifeline, select.POLLIN)
    waiting.register(wake[0], select.POLLIN)
    while result is None:
        try:
            ready = dict(waiting.poll())
        except InterruptedError:
            continue
        if wake[0] in ready:
            try:
                os.read(wake[0], 512)
            except BlockingIOError:
                pass
        if lifeline in ready:
            try:
                data = os.read(lifeline, 64)
            except OSError:
                data = b""
            if not data:
                break
            if b"e" in data:
                result = ENDED
                break
            if b"s" in data:
                try:
                    os.kill(child, STACK_SIGNAL)
                except OSError:
                    pass
        try:
            pid, wait_status = os.waitpid(child, os.WNOHANG)
        except ChildProcessError:
            break
        if pid == child:
            result = status_of(wait_status)
    kill_all(subreaper)
    os._exit(result if result is not None else 137)


if __name__ == "__main__":
    main()
