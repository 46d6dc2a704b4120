"""Run student code for the grader, in a process of its own.

This file is executed as a script (`python -I worker.py FD`), never imported by the
grader, and uses the standard library only, so it can run inside a sandbox that sees
nothing but itself and the submission. It reads one job (a JSON line) from stdin,
points stdin at /dev/null, and for each case reports what the examples printed and
raised, one JSON line per case on file descriptor FD. The verdict is made outside, by
the grader, from that report, so nothing the student code does here can turn a wrong
answer into a right one. A case stops at its first failing prompt, as in ok: before
each next prompt the worker reports the last one's output and reads the grader's "go"
or "stop" from its job stream (the gate). In bulk and on Gradescope it never sees an
expected output; in a student's own run (and staff's runs of references and mutants)
it is told, for the visible cases, the text that passes a prompt where that is all ok's
rule asks, so that a passing prompt needs no answer from the grader: the student's
folder holds those cases anyway.
"""

import builtins
import codecs
import io
import json
import os
import random
import re
import select
import signal
import sys
import time
import traceback
import types

CASE_FILENAME = "<case>"
STACK_SIGNAL = signal.SIGUSR2  # the guard relays the grader's request for a stack


# ok's rule for debugging lines (okpy 1.18.1, client/utils/debug.py, applied to what one
# prompt printed, never to its returned value):
#     re.sub(r'^DEBUG[: ].*\n', '', printed_output, flags=re.MULTILINE | re.IGNORECASE)
# A line is what ends with "\n" (no other line end); it is dropped when it starts with
# DEBUG, in any case, then a colon or a space; a last line with no "\n" is kept.
DEBUG_LINE = re.compile(r"DEBUG[: ]", re.IGNORECASE)
DEBUG_START = re.compile(r"D(?:E(?:B(?:U(?:G)?)?)?)?\Z", re.IGNORECASE)  # may still become one
DEBUG_HEAD = 6  # characters that decide
TAIL = 4096  # characters kept from the end of a flood, for the student to see where it ended
VALUE_CAP = 65536  # characters of returned values shown, whatever the print cap
ASIDE_CAP = 2048  # characters of an example's DEBUG lines, and of what its shown values'
# reprs printed, kept for the student to see (never compared)


class Capture(io.TextIOBase):
    """sys.stdout for one example.

    Debugging lines, as ok defines them (DEBUG_LINE), are dropped as they are written,
    across partial writes, so that they never count towards any cap (time alone bounds
    them): a line that starts as one is held until its "\n" drops it; if the printing
    ends first (the example's end, or its returned value shown), it is kept, as ok keeps
    it. Other printed text is kept up to CAP characters; past that it is cut,
    and the last TAIL characters are kept. What the displayhook shows (a returned
    value) is kept at its place whatever the cap: a flood of prints must not turn a
    returned value into nothing. `cuts` lists (offset in the kept text, characters cut).
    """

    def __init__(self, cap, tail=TAIL, value_cap=VALUE_CAP):
        self.cap = max(0, cap)
        self.tail_cap = min(tail, self.cap)
        self.tail_room = 4 * self.tail_cap  # tails kept before returned values, in all
        self.value_room = value_cap
        self.kept, self.kept_len, self.printed = [], 0, 0
        self.cuts, self.cut_open = [], False
        self.tail, self.tail_len = [], 0
        self.trim_at = max(2 * self.tail_cap, 8192)
        self.state, self.head = "start", ""  # start of a line (HEAD: its first chars), keep, drop
        self.held, self.held_len, self.held_cut = [], 0, 0  # the DEBUG line being written
        self.held_room = 0  # what the cap leaves for it: where its cut is, if it has one
        self.lines = 0  # lines passed on (kept or cut), for the student to see how many
        self.aside = _Kept()  # what a shown value's repr printed (see DisplayHook), capped
        self.debug = _Kept()  # the DEBUG lines dropped, capped (see _dropped)
        self.debug_at = []  # where each was printed: characters printed before it

    # what code may ask of sys.stdout, as of a real text stream that is not a terminal
    encoding = "utf-8"
    errors = "strict"
    newlines = None
    line_buffering = False
    write_through = True
    name = "<stdout>"
    mode = "w"

    def writable(self):
        return True

    def isatty(self):
        return False

    def fileno(self):
        """A real descriptor (of /dev/null): code may pass it to os.isatty or
        os.get_terminal_size; bytes written to it directly are not captured."""
        return devnull_fd()

    def reconfigure(self, *, encoding=None, errors=None, newline=None, line_buffering=None,
                    write_through=None):
        """Accepted and ignored: the capture takes text in any case."""

    @property
    def buffer(self):
        """Bytes written here are captured as UTF-8 text (invalid bytes replaced)."""
        if getattr(self, "_buffer", None) is None:
            self._buffer = CaptureBuffer(self)
        return self._buffer

    def detach(self):
        return self.buffer

    def write(self, text):
        if not isinstance(text, str):
            raise TypeError("write() argument must be str, not " + type(text).__name__)
        if text:  # fast paths for what print() writes
            state = self.state
            if state == "drop" and "\n" not in text:
                self._hold(text)
                return len(text)
            if state == "keep" and text == "\n":
                self._emit(text)
                self.state = "start"
                return 1
            if (state == "keep" or (state == "start" and not self.head and text[0] not in "Dd")) \
                    and "\n" not in text:
                self._emit(text)  # the middle of a line, or one that cannot be DEBUG:
                self.state = "keep"
                return len(text)
        self._filter(text)
        return len(text)

    def show(self, text):
        """What the displayhook prints: kept at its place, outside the print cap, never
        taken for a DEBUG line (ok drops those from what was printed before the value)."""
        self._printing_ends()
        if len(text) <= self.value_room:
            self.value_room -= len(text)
            self._out(text, True)
        else:
            self._emit(text)
        self.state = "start" if text.endswith("\n") else "keep"

    def _filter(self, text):
        """Pass printed TEXT on, less its DEBUG lines, as they are recognised."""
        pos, size = 0, len(text)
        while pos < size:
            if self.state == "start":
                take = min(size, pos + DEBUG_HEAD - len(self.head))
                end = text.find("\n", pos, take)
                if end >= 0:
                    self._emit(self.head + text[pos:end + 1])
                    self.head, pos = "", end + 1
                    continue
                self.head += text[pos:take]
                pos = take
                if len(self.head) == DEBUG_HEAD and DEBUG_LINE.match(self.head):
                    self.state = "drop"
                    self.held_room = max(0, self.cap - self.printed) if not self.cut_open else 0
                    self._hold(self.head)
                    self.head = ""
                elif len(self.head) == DEBUG_HEAD or not DEBUG_START.match(self.head):
                    self.state = "keep"
                    self._emit(self.head)
                    self.head = ""
                continue
            end = text.find("\n", pos)
            stop = size if end < 0 else end + 1
            if self.state == "keep":
                self._emit(text[pos:stop])
            elif end < 0:
                self._hold(text[pos:stop])
            else:
                self._dropped(text[pos:stop])
            pos = stop
            if end >= 0:
                self.state = "start"

    def _hold(self, text):
        """Keep TEXT of a DEBUG line until it ends, in bounded room: what _emit would keep
        of it (the start that fits under the cap, the last TAIL characters) and how much
        is cut between."""
        self.held.append(text)
        self.held_len += len(text)
        room = self.held_room
        if self.held_len > room + 2 * self.tail_cap + 8192:
            joined = "".join(self.held)
            self.held_cut += len(joined) - room - self.tail_cap
            self.held = [joined[:room], joined[len(joined) - self.tail_cap:]]
            self.held_len = room + self.tail_cap

    def _dropped(self, last):
        """A DEBUG line ends with LAST: it is not compared, and its start is kept aside
        (ASIDE_CAP characters in all) for the student to see, as ok shows it."""
        if self.debug.size < ASIDE_CAP and self.debug.add("".join(self.held) + last):
            self.debug_at.append(self.printed)
        self.held, self.held_len, self.held_cut = [], 0, 0

    def _printing_ends(self):
        """What was printed is over (a value is shown, or the example ended): a line
        start or a DEBUG line with no "\n" is printed text, as ok keeps it."""
        if self.head:
            self._emit(self.head)
            self.head = ""
        if self.state == "drop":
            held, cut = "".join(self.held), self.held_cut
            self.held, self.held_len, self.held_cut = [], 0, 0
            if not cut:
                self._emit(held)
            else:  # the cut lies after the start that fitted under the cap
                self._emit(held[:self.held_room])
                if not self.cut_open:
                    self.cuts.append([self.kept_len, 0])
                    self.cut_open = True
                self.cuts[-1][1] += cut
                self._emit(held[self.held_room:])
            self.state = "keep"

    def _out(self, text, value):
        if not value:
            self._emit(text)
            return
        self.lines += text.count("\n")
        self._trim()
        if self.tail:  # the end of the flood before the value is kept, if there is room
            keep = self.tail_len <= self.tail_room
            if keep:
                self.tail_room -= self.tail_len
            for piece in self.tail:
                if keep:
                    self._keep(piece)
                else:
                    self.cuts[-1][1] += len(piece)
            self.tail.clear()
            self.tail_len = 0
        self.cut_open = False
        self._keep(text)

    def _keep(self, text):
        self.kept.append(text)
        self.kept_len += len(text)

    def _emit(self, text):
        self.lines += text.count("\n")
        if self.cut_open:
            self.tail.append(text)
            self.tail_len += len(text)
            if self.tail_len > self.trim_at:
                self._trim()
            return
        if self.printed < self.cap:
            room = self.cap - self.printed
            self._keep(text[:room])
            self.printed += min(room, len(text))
            text = text[room:]
            if not text:
                return
        if not self.cut_open:
            self.cuts.append([self.kept_len, 0])
            self.cut_open = True
        self.tail.append(text)
        self.tail_len += len(text)
        if self.tail_len > self.trim_at:
            self._trim()

    def _trim(self):
        """Cut the tail down to its last TAIL_CAP characters (now and then: a flood of
        small prints must cost little per print)."""
        if self.tail_len <= self.tail_cap:
            return
        joined = "".join(self.tail)
        excess = len(joined) - self.tail_cap
        self.cuts[-1][1] += excess
        joined = joined[excess:]
        self.tail = [joined] if joined else []
        self.tail_len = len(joined)

    def finish(self):
        """The example is over: what it printed, and where it was cut."""
        self._printing_ends()
        self._trim()
        for piece in self.tail:
            self._keep(piece)
        self.tail.clear()
        self.tail_len = 0
        return "".join(self.kept), [cut for cut in self.cuts if cut[1] > 0]

    def snapshot(self):
        """What finish() would give now, leaving the capture as it is."""
        cuts = [list(cut) for cut in self.cuts]
        tail = "".join(self.tail)
        if len(tail) > self.tail_cap:
            cuts[-1][1] += len(tail) - self.tail_cap
            tail = tail[len(tail) - self.tail_cap:]
        return "".join(self.kept) + tail, [cut for cut in cuts if cut[1] > 0]


# What ok's colorama removes from printed text when ok's stdout is no terminal (its
# autograder's runs, a pipe), before ok's log records it: colorama 0.4's own patterns
ANSI_OSC = re.compile("\001?\033\\]((?:.|;)*?)(\x07)\002?")
ANSI_CSI = re.compile("\001?\033\\[((?:\\d|;)*)([a-zA-Z])\002?")


def _without_osc(text):
    """TEXT less its OSC sequences as colorama 0.4 takes them out: each at the place
    it was found in the text as given (a second one is cut where the first stood)."""
    for match in ANSI_OSC.finditer(text):
        start, end = match.span()
        text = text[:start] + text[end:]
    return text


class Stdout:
    """sys.stdout for the worker's whole life, as ok's console has one (its output
    logger, put in place before any student code runs): what it is given goes to the
    running example's Capture, so code that kept sys.stdout at import (`out=sys.stdout`
    as a default, `from sys import stdout`) prints into the example that uses it; when
    none runs, nowhere. As ok's logger, `write` returns None and anything else is asked
    of the capture, but `writelines` and `buffer`, which ok's logger hands to the real
    stdout: what they are given is not compared. STRIP: remove colour codes from what
    is written, as ok does where its output is no terminal."""

    strip = False

    def __init__(self):
        self.target = _Sink()

    def write(self, text):
        if self.strip and isinstance(text, str):
            text = ANSI_CSI.sub("", _without_osc(text))
            if not text:
                return
        self.target.write(text)

    def writelines(self, lines):
        for line in lines:
            if not isinstance(line, str):
                raise TypeError("write() argument must be str, not " + type(line).__name__)

    @property
    def buffer(self):
        return _NO_BYTES

    def flush(self):
        self.target.flush()

    def __getattr__(self, name):
        return getattr(self.target, name)


class _Sink(io.TextIOBase):
    def writable(self):
        return True

    def write(self, text):
        if not isinstance(text, str):
            raise TypeError("write() argument must be str, not " + type(text).__name__)
        return len(text)


class _Aside(_Sink):
    """Where what a shown value's first repr prints goes: kept apart (ok prints it, and
    compares only the text repr returns), up to ASIDE_CAP characters in all."""

    def __init__(self, kept):
        self.kept = kept

    def write(self, text, len=len, isinstance=isinstance, str=str):
        if not isinstance(text, str):
            raise TypeError("write() argument must be str, not " + type(text).__name__)
        self.kept.add(text)
        return len(text)


class _Kept(list):
    """Texts kept for the student to see, never compared: ASIDE_CAP characters in all."""

    size = 0

    def add(self, text, len=len):
        """Keep the start of TEXT that fits; the start kept (maybe empty)."""
        room = ASIDE_CAP - self.size
        text = text[:room] if room > 0 else ""
        if text:
            self.append(text)
            self.size += len(text)
        return text


class _NoBytes(io.RawIOBase):
    """The bytes ok's logger lets through to the real stdout: never compared."""

    def writable(self):
        return True

    def write(self, data):
        return len(memoryview(data).cast("B"))


STDOUT = Stdout()
SINK = STDOUT.target
_NO_BYTES = _NoBytes()


class CaptureBuffer(io.RawIOBase):
    """sys.stdout.buffer for one example: decoded into its Capture as it is written."""

    def __init__(self, capture):
        self.capture = capture
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")

    def writable(self):
        return True

    def write(self, data):
        data = bytes(memoryview(data))
        self.capture.write(self.decoder.decode(data))
        return len(data)

    def flush(self):
        self.capture.write(self.decoder.decode(b"", final=True))


_DEVNULL = []


def devnull_fd():
    if not _DEVNULL:
        _DEVNULL.append(os.open(os.devnull, os.O_WRONLY | os.O_CLOEXEC))
    return _DEVNULL[0]


class Running:
    """Where the worker is, for a stack report: the case's examples, which one runs,
    the outputs so far and the capture of the one running."""

    def __init__(self):
        self.sources, self.index, self.outputs, self.capture = None, None, None, None
        # outside the examples: ("setup" or "teardown", the prompt running, examples run)
        self.part = None


RUNNING = Running()


CLOCK = time.monotonic  # the worker's own: student code may replace time.monotonic


class Prompts:
    """Says when a case's next prompt starts, as ok times each prompt (not each case)
    against the timeout: the grader then gives that prompt a full limit of its own. Only
    a prompt that starts SILENCE seconds or more after the last one said so is
    announced: a case of quick prompts costs no message."""

    SILENCE = 0.05

    def __init__(self):
        self.send, self.case, self.count, self.said = None, None, 0, 0.0

    def begin(self, case, send):
        self.send, self.case, self.count, self.said = send, case, 0, CLOCK()

    def next(self):
        self.count += 1
        if self.send is None or self.count == 1:
            return
        now = CLOCK()
        if now - self.said >= self.SILENCE:
            self.said = now
            self.send({"prompt": [self.case, self.count]})


PROMPTS = Prompts()


def in_folder(filename, src):
    """Whether FILENAME is a file under SRC. A frame's filename may be relative
    ("<frozen importlib._bootstrap>"), which abspath would put under the working
    folder, SRC itself: importlib's frames would pass for the student's."""
    return os.path.isabs(filename) and os.path.abspath(filename).startswith(src + os.sep)


def student_frame(frame, src):
    return frame.filename == CASE_FILENAME or in_folder(frame.filename, src)


def stack_text(frame, src):
    """The stack at FRAME, the case's lines and the student's frames only."""
    frames = []
    for summary in traceback.extract_stack(frame):
        if not student_frame(summary, src):
            continue
        line = summary.line
        if summary.filename == CASE_FILENAME and RUNNING.sources and RUNNING.index is not None:
            lines = RUNNING.sources[RUNNING.index].splitlines()
            line = lines[summary.lineno - 1] if 0 < (summary.lineno or 0) <= len(lines) else ""
        if summary.filename == CASE_FILENAME and not line:
            continue  # the grader's own line (the import before any case): nothing to show
        frames.append(traceback.FrameSummary(summary.filename, summary.lineno, summary.name,
                                             line=line))
    return ("Stopped here (most recent call last):\n"
            + "".join(traceback.StackSummary.from_list(frames).format()))


def output_of(capture, raised=None, finished=True):
    printed, cuts = capture.finish() if finished else capture.snapshot()
    output = {"printed": printed, "raised": raised, "truncated": bool(cuts), "cuts": cuts,
              "lines": capture.lines}
    if capture.aside:
        output["aside"] = "".join(capture.aside)[:ASIDE_CAP]
    if capture.debug:
        output["debug"] = "".join(capture.debug)[:ASIDE_CAP]
        output["debug_at"] = capture.debug_at
    return output


class DisplayHook:
    """sys.displayhook for one example: the value's repr goes to CAPTURE's own room, as
    ok's console compares it: repr is called twice (ok prints the first and compares
    the second), with what either prints left out of the comparison (what the first
    prints is kept aside, for the student to see as ok shows it); the text ends a line unless it is
    empty or already ends one (a grid's repr that ends each row with a newline). The
    builtins it uses are those of the worker's start, as ok's console binds repr when it
    loads: code that replaces `builtins.repr` changes no value shown."""

    def __init__(self, capture):
        self.capture = capture

    def __call__(self, value, repr=repr, type=type, str=str):
        if value is None:  # and `_` is never set: ok's console does not set it
            return
        aside = _Aside(self.capture.aside)
        STDOUT.target = aside
        try:
            repr(value)
            STDOUT.target = SINK
            text = repr(value)
        finally:
            STDOUT.target = self.capture
        if type(text) is not str:  # a str subclass: its own methods are not called
            text = str.__str__(text)
        last = text.splitlines(True)[-1] if text else ""
        self.capture.show(text if not last or last.splitlines()[0] != last else text + "\n")


SHOWN_RUNS = (2, 8)  # the runs of frames a deep stack shows before and after its cut


def format_frames(tb, keep):
    """The frames of the traceback TB whose file KEEP accepts, formatted as `traceback`
    formats them (a run of more than three alike shown as three, then "[Previous line
    repeated N more times]"), but for a stack of more than SHOWN_RUNS runs of frames
    (a recursion that alternates two lines or two functions makes a run of each call)
    only the first and the last few: a RecursionError read 300 lines where ok shows
    its last 15. The frames are chosen and each run cut to three before any is read or
    formatted: formatting a recursion 1000 deep frame by frame took ~17 ms, paid again
    by every fuzz game a recursing play raised in."""
    runs = []  # [(file, line, name), up to three of its traceback entries, count]
    while tb is not None:
        code = tb.tb_frame.f_code
        if keep(code.co_filename):
            key = (code.co_filename, tb.tb_lineno, code.co_name)
            if runs and runs[-1][0] == key:
                runs[-1][2] += 1
                if runs[-1][2] <= 3:
                    runs[-1][1].append(tb)
            else:
                runs.append([key, [tb], 1])
        tb = tb.tb_next
    if len(runs) > sum(SHOWN_RUNS) + 1:
        first, last = SHOWN_RUNS
        hidden = sum(count for _, _, count in runs[first:-last])
        runs[first:-last] = [hidden]
    text = []
    for run in runs:
        if isinstance(run, int):
            text.append(f"  ... ({run} more calls)\n")
            continue
        _, entries, count = run
        chain = None
        for entry in reversed(entries):
            chain = types.TracebackType(chain, entry.tb_frame, entry.tb_lasti, entry.tb_lineno)
        text.extend(traceback.format_list(traceback.extract_tb(chain)))
        if count > 3:
            text.append(f"  [Previous line repeated {count - 3} more "
                        f"time{'s' if count - 3 > 1 else ''}]\n")
    return "".join(text)


def describe(error, src):
    """The exception as ok compares it, and its traceback with only the student's frames."""
    # not <case>, nor this script run by -c
    frames = format_frames(error.__traceback__, lambda name: in_folder(name, src))
    try:
        only = traceback.format_exception_only(type(error), error)
    except BaseException:  # a hostile __str__
        only = [type(error).__name__ + "\n"]
    text = "Traceback (most recent call last):\n" if frames else ""
    text += frames + "".join(only)
    try:  # what ok compares: the class's own name, then str(), even when empty
        line = type(error).__name__ + ": " + str(error) + "\n"
    except BaseException:
        line = only[-1]
    described = {"type": type(error).__name__, "line": line, "traceback": text}
    if isinstance(error, SyntaxError) and isinstance(error.lineno, int):
        described["lineno"] = error.lineno
    return described


def _room():
    """How many nested calls code can make from here before RecursionError."""
    depth = [0]

    def down():
        depth[0] += 1
        down()

    try:
        down()
    except RecursionError:
        pass
    return depth[0]


_ROOM = compile("_room()", CASE_FILENAME, "eval", dont_inherit=True)
PROBE_ROOM = 1000  # what the probes may recurse beyond the frames under them
_EXTRA = {}  # frames under evaluate -> calls to add to the recursion limit there
# what ok 1.18.1's loader has under the import of a file whose docstrings are tests
# beyond what a prompt has (its main thread, deep in the loading; 981 calls against 987)
LOADER_FRAMES = 6


def _ok_room():
    """`_room` in a prompt run as ok 1.18.1 runs each one (`timer.timed`): in a thread
    of its own, three Python frames deep (threading's two bootstrap frames and its
    run()) before eval. Built on `_thread`, a builtin module: importing `threading`
    here could load a student's file of that name."""
    import _thread

    done, result = _thread.allocate_lock(), []

    def bootstrap():
        try:
            bootstrap_inner()
        finally:
            done.release()

    def bootstrap_inner():
        run()

    def run():
        result.append(eval(_ROOM, {"_room": _room}))

    done.acquire()
    try:
        _thread.start_new_thread(bootstrap, ())
    except RuntimeError:  # no thread to be had (a process limit): measure nothing
        return None
    done.acquire()
    return result[0] if result else None


def evaluate(source, namespace, display, fewer=0):
    """One prompt as ok's console runs it: an expression is evaluated and its value
    shown (unless None); anything else is executed and shows nothing, so `a; b` or an
    expression inside a loop displays nothing, unlike Python's own prompt. The
    recursion limit is raised by what this worker has under the prompt beyond what ok
    has (ok runs each prompt in a thread of its own), measured once (a thread as ok's,
    and a probe here): code recursing deep fails where it fails in ok, not sooner.
    FEWER: frames ok has there beyond a prompt's (LOADER_FRAMES, for the files its
    loader imports)."""
    frames, frame = 0, sys._getframe()
    while frame is not None:
        frames, frame = frames + 1, frame.f_back
    limit = sys.getrecursionlimit()
    if frames not in _EXTRA:
        # the probes recurse to the limit, and only their difference counts: under a
        # limit of their own, not the student's (10**7 took them minutes)
        sys.setrecursionlimit(frames + PROBE_ROOM)
        try:
            ok_room = _ok_room()
            _EXTRA[frames] = max(0, ok_room - _evaluate(_ROOM, {"_room": _room}, None)) \
                if ok_room is not None else 0
        finally:
            sys.setrecursionlimit(limit)
    extra = _EXTRA[frames] - fewer
    sys.setrecursionlimit(limit + extra)
    try:
        _evaluate(source, namespace, display)
    finally:
        if sys.getrecursionlimit() == limit + extra:  # else the student's code set its own
            sys.setrecursionlimit(limit)


def _evaluate(source, namespace, display):
    if display is None:  # the probe of `evaluate`: at the depth a prompt's code runs at
        return eval(source, namespace)
    # ok evaluates the prompt's lines joined with no newline after the last: a last
    # `... ` line of blanks is then no expression ("unexpected indent") but a statement
    if source.endswith("\n"):
        source = source[:-1]
    try:
        # ok evaluates the prompt's text with `eval`, which skips leading blanks
        # (`>>>  f(2)` is an expression there); `exec`, its fallback, does not
        code = compile(source.lstrip(" \t"), CASE_FILENAME, "eval", dont_inherit=True)
    except SyntaxError:
        exec(_as_statements(source), namespace)
        return
    try:
        value = eval(code, namespace)
    except SyntaxError:
        # ok's console catches a SyntaxError from evaluating the prompt as one from
        # compiling it, and runs the prompt again as a statement (a reader that raises
        # SyntaxError consumes its input twice): what it shows is that second run's
        exec(_as_statements(source), namespace)
        return
    display(value)


def _as_statements(source):
    """SOURCE compiled to run with `exec`; a prompt that does not compile says so as in
    ok, whose console compiles the text under Python's own name for it, "<string>"."""
    try:
        return compile(source, CASE_FILENAME, "exec", dont_inherit=True)
    except SyntaxError as error:
        if error.filename == CASE_FILENAME:
            error.filename = "<string>"
        raise


def run_examples(sources, namespace, src, cap, track=False, gate=None, fewer=0, part=None,
                 until_error=False):
    """Run each source; TRACK: these are the case's own examples (a stack report names
    the one running). GATE(index, output), after each example but the last: whether to
    go on (the grader judges; ok stops a case at its first failing prompt). PART: these
    are a case's setup or teardown, ("setup" or "teardown", examples run before), which
    a stack report names with the prompt running (the replay after a loop there).
    UNTIL_ERROR: stop after a prompt that raised, as ok stops a setup or a teardown."""
    outputs = []
    for index, source in enumerate(sources):
        PROMPTS.next()
        if part is not None:
            RUNNING.part = (part[0], index, part[1])
        capture = Capture(cap)
        if track:
            RUNNING.sources, RUNNING.index = sources, index
            RUNNING.outputs, RUNNING.capture = outputs, capture
        raised = None
        STDOUT.target = capture
        sys.stdout = STDOUT
        sys.displayhook = DisplayHook(capture)
        try:
            evaluate(source, namespace, sys.displayhook, fewer)
        except BaseException as error:  # SystemExit and KeyboardInterrupt are answers too
            raised = describe(error, src)
        finally:
            sys.stdout = STDOUT
            STDOUT.target = SINK
            sys.displayhook = sys.__displayhook__
        if track:
            RUNNING.capture = None
        outputs.append(output_of(capture, raised))
        if raised is not None and (until_error or raised["type"] == "SystemExit"):
            break
        if gate is not None and index + 1 < len(sources) and not gate(index, outputs[-1]):
            break
    if track:
        RUNNING.sources = RUNNING.index = RUNNING.outputs = None
    RUNNING.part = None
    return outputs


def unshadow(modules, src):
    """Forget the standard modules this worker imported whose names are the student's
    own files (a project's `typing.py`): the student's code then imports its own file,
    as it would in a fresh interpreter started in its folder."""
    for name in modules:
        module = sys.modules.get(name)
        where = getattr(module, "__file__", None) if module is not None else None
        if where and not os.path.abspath(where).startswith(src + os.sep):
            del sys.modules[name]


class LoggingAsOkLeavesIt:
    """ok configures the root logger when it starts (`logging.basicConfig` with its
    format, to standard error), before any student code runs: a student's own
    basicConfig (log lines to stdout, say) then does nothing, and no log line lands in a
    compared output. Done here the moment `logging` is first imported, so a worker whose
    code never logs does not pay for importing it (~2.6 ms)."""

    FORMAT = "%(levelname)s  | %(filename)s:%(lineno)d | %(message)s"  # ok's

    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if name != "logging":
            return None
        sys.meta_path.remove(cls)
        from importlib.machinery import PathFinder
        spec = PathFinder.find_spec(name, path)
        loader = getattr(spec, "loader", None)
        stdlib = os.path.dirname(os.__file__) + os.sep
        if (loader is not None and hasattr(loader, "exec_module")
                and str(getattr(spec, "origin", "")).startswith(stdlib)):  # not a logging.py of theirs
            run = loader.exec_module

            def exec_module(module):
                run(module)
                module.basicConfig(format=cls.FORMAT)
            loader.exec_module = exec_module
        return spec


def like_a_plain_interpreter():
    """What `site` gives the `python3` ok runs in, which this worker's -I -S start
    (its guard must import nothing from the environment) leaves out: site-packages
    (a course's numpy; a sandbox's are hidden), the `exit`, `quit` and `help` builtins
    (`EXIT = exit` at import raised NameError), and PYTHONPATH's folders (a course's
    library), before any of the student's code runs. The user's own site-packages
    (~/.local) come later, in a student's own run only (`--user-site`): a sandbox's HOME
    is shared or empty, where one submission's `.pth` would run in the next one's workers."""
    import site
    site.ENABLE_USER_SITE = False
    site.main()
    extra = os.environ.get("PYTHONPATH", "").split(os.pathsep)
    sys.path[0:0] = [os.path.abspath(entry) for entry in extra if entry]
    if "logging" not in sys.modules:
        sys.meta_path.insert(0, LoggingAsOkLeavesIt)


def quietly_gone():
    """The grader closed the job stream before its line (it stopped: a usage error, an
    interrupt): end without a word, since a student's run shows this process's
    standard error (its code's, as ok shows it)."""
    os._exit(0)


def main():
    """argv: FD SRC [--own=MODULE,...] [--warm=JSON] [--argv=JSON] [--user-site]
    [MODULE ...] (--argv: the code's sys.argv, ok's command line). The --warm
    modules are imported first, what they print or raise ignored (as ok imports the
    files whose docstrings are tests while it loads); a [NAME, PATH, CODE] entry there
    runs CODE as module NAME at PATH (a case file's statements beyond its data); a
    [MODULE, ENTRY] one puts ENTRY first on sys.path and imports MODULE (the module of an
    ok console, `scheme`, which ok imports so as it builds a scheme suite). The
    modules are imported before the job is read, so the interpreter's start and the
    student's import overlap the grader's own. FD - : the rest of the arguments come as the job stream's first line
    ({"args": [SRC, ...]}), for a worker started before the grader knew its folder."""
    channel, args = int(sys.argv[1]), sys.argv[2:]
    sending = []

    def send(message):
        data = (json.dumps(message) + "\n").encode()
        sending.append(True)
        try:
            while data:
                try:
                    data = data[os.write(channel, data):]
                except BlockingIOError:  # student code made the channel non-blocking
                    writable = select.poll()  # (select takes no descriptor above 1023)
                    writable.register(channel, select.POLLOUT)
                    writable.poll()
        finally:
            sending.pop()

    send({"hello": True})  # before any student code: a death before this is the grader's
    like_a_plain_interpreter()
    job_stream = os.fdopen(os.dup(0), "rb")
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    sys.stdin = open(0, closefd=False)
    sys.stdout = STDOUT
    if args == ["-"]:
        args = json.loads(job_stream.readline() or quietly_gone())["args"]
    src, preflight, own, warm = os.path.abspath(args[0]), args[1:], [], []
    if preflight and preflight[0].startswith("--own="):
        own, preflight = preflight[0][len("--own="):].split(","), preflight[1:]
    if preflight and preflight[0].startswith("--warm="):
        warm, preflight = json.loads(preflight[0][len("--warm="):]), preflight[1:]
    argv = ["ok"]
    if preflight and preflight[0].startswith("--argv="):
        argv, preflight = json.loads(preflight[0][len("--argv="):]), preflight[1:]
    quiet = bool(preflight) and preflight[0] == "--quiet-start"
    kept = []
    if quiet:  # what its imports and replays write was shown once (Runner.worker_args)
        preflight = preflight[1:]
        kept += [os.dup(1), os.dup(2)]
        nowhere = os.open(os.devnull, os.O_WRONLY)
        os.dup2(nowhere, 1)
        os.dup2(nowhere, 2)
        os.close(nowhere)

    def loud():
        """The worker's first case of its own begins: what it writes is shown again."""
        if kept:
            sys.stderr.flush()
            for fd, saved in zip((1, 2), kept):
                os.dup2(saved, fd)
                os.close(saved)
            kept.clear()

    if preflight and preflight[0] == "--user-site":
        preflight = preflight[1:]
        import site
        site.ENABLE_USER_SITE = os.getuid() == os.geteuid()  # (-I turned it off)
        site.addusersitepackages(None)
    os.chdir(src)
    sys.path.insert(0, src)
    unshadow(own, src)
    sys.argv = argv  # the code runs in ok's own process: it sees ok's command line

    def report_stack(signum, frame):
        """The grader's case timed out: say where the code is before being killed."""
        if sending:
            return
        outputs = list(RUNNING.outputs or [])
        if RUNNING.capture is not None:
            outputs.append(output_of(RUNNING.capture, finished=False))
        report = {"example": RUNNING.index, "text": stack_text(frame, src), "outputs": outputs}
        if RUNNING.part is not None:
            report["part"], report["at"], report["examples"] = RUNNING.part
        send({"stack": report})

    signal.signal(STACK_SIGNAL, report_stack)

    loaded, printed = [], _Kept()  # [module, what its import printed]: ok shows it, in no test

    def imported(module, fewer=0):
        output = run_examples(["import " + module + "\n"], {"__name__": "__main__"}, src,
                              65536, fewer=fewer)[0]
        if module not in [name for name, _ in loaded]:
            text = printed.add(output["printed"])
            if text:
                loaded.append([module, text])
        return output

    for module in warm:  # as ok imports them while loading: what they print or raise
        if isinstance(module, str):
            imported(module, LOADER_FRAMES)
            continue
        if len(module) == 2:  # an ok console's module: its path entry first, as ok's
            sys.path.insert(0, module[1])  # (relative: the folder's `scheme` zip)
            imported(module[0], LOADER_FRAMES)
            continue
        name, path, code = module  # a case file's own statements, as its import runs them:
        if os.path.isfile(os.path.join(src, path)):  # the file itself where it is here
            imported(name, LOADER_FRAMES)  # (imported once, as ok: hunt23 #12)
            continue
        run_examples([code], {"__name__": name, "__file__": os.path.join(src, path),
                              "__package__": name.rpartition(".")[0],
                              "__builtins__": builtins}, src, 65536, fewer=LOADER_FRAMES)
    for module in preflight:
        output = imported(module)
        if output["raised"] is not None:
            send({"preflight_error": output["raised"], "printed": output["printed"]})
            return
    send({"ready": True, **({"loaded": loaded} if loaded else {})})
    job = json.loads(job_stream.readline() or quietly_gone())  # then the gates' verdicts
    cap = job.get("output_cap", 65536)
    STDOUT.strip = bool(job.get("strip_ansi"))

    def go_on():
        """The grader's verdict at a gate: whether to go on."""
        try:
            os.set_blocking(job_stream.fileno(), True)  # student code may have changed it
            return job_stream.read(1) == b"g"
        except (OSError, ValueError):  # closed by student code: the case stops there
            return False

    def passes(case, index, output):
        """Whether OUTPUT passes example INDEX by the plain wants this run was shown."""
        wants = case.get("wants") or []
        want = wants[index] if index < len(wants) else None
        return (isinstance(want, str) and output["raised"] is None and not output["truncated"]
                and output["printed"].splitlines() == want.splitlines())

    def gate_of(case):
        def gate(index, output):
            if passes(case, index, output):
                return True  # no need to ask (the grader judges it again)
            send({"example": [case["id"], index], "output": output})
            return go_on()
        return gate if case.get("gate") else None

    # the case before this one: passed (as far as this worker can tell), else whether
    # the grader stopped it (a case that waits for it is stopped too: same suite)
    passed, stopped = True, False
    seed_each = job.get("seed_each", True)
    if job.get("seed") is not None and not seed_each:
        random.seed(job["seed"])  # once: its state carries from case to case, as in ok
    replaying = False
    for case in job["cases"]:
        if case.get("replay"):  # what a stopped predecessor ran: quietly, no report
            replaying = True
            if job.get("seed") is not None and seed_each:
                random.seed(job["seed"])
            namespace = {"__builtins__": builtins.__dict__}
            PROMPTS.begin(case["id"], None)
            cap = job.get("output_cap", 65536)
            if all(out["raised"] is None for out in run_examples(
                    case["setup"], namespace, src, cap, until_error=True)):
                run_examples(case["examples"], namespace, src, cap)
                run_examples(case["teardown"], namespace, src, cap, until_error=True)
            continue
        if replaying:
            replaying = False
            send({"replayed": True})
        loud()
        if case.get("wait") and not passed:
            if not stopped:
                send({"start": case["id"]})
            if stopped or not go_on():
                send({"id": case["id"], "skipped": True})
                stopped = True
                continue
        passed, stopped = False, False
        if job.get("seed") is not None and seed_each:
            random.seed(job["seed"])
        # no __name__, and the builtins' dict (not the module): as ok's console frame
        namespace = {"__builtins__": builtins.__dict__}
        PROMPTS.begin(case["id"], send)
        cap = case.get("output_cap", job.get("output_cap", 65536))
        setup = run_examples(case.get("setup", []), namespace, src, cap, part=("setup", 0),
                             until_error=True)
        failed = next((out for out in setup if out["raised"] is not None), None)
        if failed is not None:
            send({"id": case["id"], "setup_error": failed["raised"]})
            continue
        outputs = run_examples(case["examples"], namespace, src, cap, track=True,
                               gate=gate_of(case))
        teardown = run_examples(case.get("teardown", []), namespace, src, cap,
                                part=("teardown", len(outputs)), until_error=True)
        failed = next((out for out in teardown if out["raised"] is not None), None)
        report = {"id": case["id"], "outputs": outputs}
        printed = [out["printed"][:ASIDE_CAP] for out in setup]
        if any(printed):  # not compared; shown under the setup's lines, as ok shows them
            report["setup_printed"] = printed
        if failed is not None:  # ok fails a case whose teardown raises
            report["teardown_error"] = failed["raised"]
        passed = failed is None and len(outputs) == len(case["examples"]) and all(
            passes(case, index, output) for index, output in enumerate(outputs))
        send(report)
    send({"done": True})


if __name__ == "__main__":
    main()
