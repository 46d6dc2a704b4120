"""What student code prints is captured as the judge reads it: DEBUG lines are dropped by
ok's own rule (styletools.without_debug, ok's regular expression, on what was printed
before a returned value, never on the value) and never count towards a cap, and a cap
never turns a returned value into nothing."""

import os
import shutil
import subprocess
import sys
import textwrap
import time

from hypothesis import given, settings, strategies as st

from conftest import run_grade
from grader.judge import judge_case, with_cuts
from grader.model import Case, Example, Suite
from grader.run import worker
from grader.run.runner import CaseJob, Runner
from styletools import without_debug

# Print pieces built from the parts that matter: the DEBUG: prefix (any case, a colon or a
# space after it, as ok drops), pieces of it, "\n" (ok's only line end) and the other line
# ends str.splitlines knows (which ok does not), and plain text, some long. Values are made
# of V, which no print uses; some look like DEBUG lines (ok never drops a value).
PIECES = st.lists(st.sampled_from(["DEBUG:", "DEB", "UG:", "DEBUG", "debug", "De", ":", " ",
                                   "x", "ab", "\n", "\r", "\r\n", "\x0c", "\u2028", "D",
                                   "y" * 50, "z" * 3000]),
                  max_size=12).map("".join)
VALUES = st.tuples(st.sampled_from(["", "DEBUG: ", "debug "]), st.integers(1, 30)).map(
    lambda v: v[0] + "V" * v[1] + "\n")
OPS = st.lists(st.one_of(st.tuples(st.just("write"), PIECES),
                         st.tuples(st.just("value"), VALUES)), max_size=40)


def ok_kept(ops):
    """What ok keeps of OPS: each run of prints less its DEBUG lines, values as shown."""
    kept, printed = [], []
    for kind, text in ops + [("value", "")]:
        if kind == "write":
            printed.append(text)
        else:
            kept += [without_debug("".join(printed)), text]
            printed = []
    return "".join(kept)


def capture_of(ops, cap, tail=worker.TAIL):
    capture = worker.Capture(cap, tail=tail)
    for kind, text in ops:
        (capture.write if kind == "write" else capture.show)(text)
    return capture.finish()


def holes(expected, kept, cuts):
    """The text cut out of EXPECTED, checking that KEPT is EXPECTED less those holes."""
    cut_out, at_expected, at_kept = [], 0, 0
    for offset, count in cuts:
        span = offset - at_kept
        assert kept[at_kept:offset] == expected[at_expected:at_expected + span]
        at_expected += span
        cut_out.append(expected[at_expected:at_expected + count])
        at_expected += count
        at_kept = offset
    assert kept[at_kept:] == expected[at_expected:]
    return cut_out


@settings(max_examples=400, deadline=None)
@given(OPS)
def test_debug_lines_are_dropped_as_ok_drops_them(ops):
    kept, cuts = capture_of(ops, cap=10 ** 9)
    assert cuts == []
    assert kept == ok_kept(ops)


def ok_debug(ops):
    """The DEBUG lines ok shows but leaves out of what it compares, in order."""
    import re
    lines, printed = [], []
    for kind, text in ops + [("value", "")]:
        if kind == "write":
            printed.append(text)
        else:
            lines += re.findall(r"^DEBUG[: ].*\n", "".join(printed), re.MULTILINE | re.IGNORECASE)
            printed = []
    return "".join(lines)


@settings(max_examples=400, deadline=None)
@given(OPS)
def test_the_debug_lines_dropped_are_kept_aside_for_the_student(ops):
    capture = worker.Capture(10 ** 9)
    for kind, text in ops:
        (capture.write if kind == "write" else capture.show)(text)
    capture.finish()
    assert "".join(capture.debug) == ok_debug(ops)[:worker.ASIDE_CAP]


@settings(max_examples=400, deadline=None)
@given(OPS, st.integers(0, 200), st.integers(0, 64))
def test_a_cap_cuts_prints_only_and_keeps_every_value(ops, cap, tail):
    kept, cuts = capture_of(ops, cap=cap, tail=tail)
    expected = ok_kept(ops)
    cut_out = holes(expected, kept, cuts)
    assert all("V" not in text for text in cut_out), "a returned value was cut"
    assert expected.count("V") == kept.count("V")
    assert all(count > 0 for _, count in cuts)
    printed = len(expected) - expected.count("V")
    if printed <= cap:
        assert cuts == [] and kept == expected
    values = [text for kind, text in ops if kind == "value"]
    # a line's first five characters may travel with the value that ends the line
    assert len(kept) <= (cap + 5 * min(tail, cap) + sum(map(len, values))
                         + 5 * (len(values) + 1))


@settings(max_examples=40, deadline=None)
@given(st.integers(1000, 5000), OPS)
def test_any_number_of_debug_lines_costs_no_room(lines, ops):
    capture = worker.Capture(100)
    for i in range(lines):
        capture.write(f"DEBUG: roll {i}\n" if i % 3 else "DEBUG:")
        if i % 3 == 0:
            capture.write(f" split {i}\n")
    for kind, text in ops:
        (capture.write if kind == "write" else capture.show)(text)
    kept, cuts = capture.finish()
    expected = ok_kept(ops)
    holes(expected, kept, cuts)
    if len(expected) - expected.count("V") <= 100:
        assert cuts == [] and kept == expected


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 300), st.integers(0, 64), st.integers(1, 3000), st.booleans())
def test_a_debug_line_left_unfinished_is_kept_in_bounded_room(cap, tail, pieces, value):
    """A DEBUG line is held until its "\\n" drops it; one that never gets it is printed
    text (ok keeps it), cut as any print is, and holding it never takes more room than
    what is kept of it."""
    capture = worker.Capture(cap, tail=tail)
    written = ["DeBuG "] + [f"{i:07d}," for i in range(pieces)]
    for piece in written:
        capture.write(piece)
        assert capture.held_len <= cap + 2 * tail + 8192 + 8
    if value:
        capture.show("V\n")
    kept, cuts = capture.finish()
    expected = "".join(written) + ("V\n" if value else "")
    holes(expected, kept, cuts)
    kept_tail = min(cap, tail)
    assert len(kept) <= cap + kept_tail + 2
    assert kept.endswith("V\n" if value else expected[len(expected) - kept_tail:])


STYLES = {
    "print": 'print("DEBUG:", {x})',
    "print-sep": 'print("DEBUG:", {x}, sep="")',
    "end-empty": 'print("DEBUG:", {x}, end=""); print()',
    "split-write": '__import__("sys").stdout.write("DEB"); '
                   '__import__("sys").stdout.write("UG: " + str({x}) + "\\n")',
    "write": '__import__("sys").stdout.write("DEBUG: %s\\n" % ({x},))',
}


def run_op_lists(tmp_path, op_lists, cap):
    """Each list of ops run by real student code in the real worker: the outputs."""
    (tmp_path / "hog.py").write_text(textwrap.dedent('''
        import sys
        def act(ops, value):
            for how, text in ops:
                if how == "print":
                    print(text)
                elif how == "end":
                    print(text, end="")
                else:
                    sys.stdout.write(text)
            return value
        '''))
    jobs = [CaseJob(i, [f"act({ops!r}, {'V' * (i + 1)!r})\n"], setup=["from hog import *\n"])
            for i, ops in enumerate(op_lists)]
    runner = Runner(preflight=("hog",), src=tmp_path, timeout=30, output_cap=cap)
    return [run.outputs[0] for _, run in runner.run(jobs)]


def printed_by(ops):
    parts = []
    for how, text in ops:
        parts.append(text + "\n" if how == "print" else text)
    return "".join(parts)


@settings(max_examples=15, deadline=None)
@given(st.lists(st.lists(st.tuples(st.sampled_from(["print", "end", "write"]), PIECES),
                         max_size=30), min_size=1, max_size=6),
       st.integers(0, 300))
def test_the_real_worker_captures_generated_print_patterns(tmp_path_factory, op_lists, cap):
    outputs = run_op_lists(tmp_path_factory.mktemp("prints"), op_lists, cap)
    for index, (ops, output) in enumerate(zip(op_lists, outputs)):
        value = repr("V" * (index + 1)) + "\n"
        expected = without_debug(printed_by(ops)) + value
        holes(expected, output.printed, output.cuts)
        assert output.printed.count("V") == expected.count("V")
        assert output.truncated == bool(output.cuts)


def doctest_case(want):
    suite = Suite(number=1, type="doctest")
    return Case(number=1, suite=suite, examples=[Example("f()\n", want)])


def test_a_flood_of_prints_fails_but_shows_the_returned_value(tmp_path):
    (tmp_path / "hog.py").write_text("def f():\n"
                                     "    for i in range(50000):\n"
                                     "        print('roll', i)\n"
                                     "    return 10\n")
    runner = Runner(preflight=("hog",), src=tmp_path, timeout=30, output_cap=2000)
    (_, run), = runner.run([CaseJob(0, ["f()\n"], setup=["from hog import *\n"])])
    output = run.outputs[0]
    assert output.truncated and output.printed.endswith("roll 49999\n10\n")
    result = judge_case(doctest_case("10\n"), run)
    assert result.status == "failed" and result.got.rstrip().endswith("10")
    assert with_cuts(output).count("characters cut here") == 1
    # shown once, as its first and last lines, with how many lines were cut between
    assert result.got.count("more line(s) cut") == 1 and "characters cut here" not in result.got
    assert result.printed_lines == 50001 and output.lines == 50001
    assert f"[... {50001 - 30:,} more line(s) cut ...]" in result.got


def reference_with_debug(fa19, style):
    """The reference with a DEBUG: line printed on every roll of every die."""
    source = (fa19.reference / "hog.py").read_text()
    anchor = "def roll_dice(num_rolls, dice=six_sided):\n"
    assert anchor in source
    shout = STYLES[style].format(x="num_rolls")
    wrapped = (f"def roll_dice(num_rolls, dice=six_sided):\n"
               f"    {shout}\n"
               f"    return _roll_dice(num_rolls, dice)\n\n\n"
               f"def _roll_dice(num_rolls, dice=six_sided):\n")
    return source.replace(anchor, wrapped, 1)


@settings(max_examples=len(STYLES), deadline=None)
@given(st.sampled_from(sorted(STYLES)))
def test_correct_code_printing_debug_lines_keeps_full_marks(fa19, grade_hog, style):
    result = grade_hog(reference_with_debug(fa19, style), ["01", "08", "09"])
    assert [(q.question.key, q.score, q.max_score) for q in result.questions] == \
           [(q.question.key, q.max_score, q.max_score) for q in result.questions]


def test_the_copy_sees_ten_thousand_debug_lines(fa19, tmp_path):
    """The premise of the test above: max_scoring_num_rolls rolls 10,000 times or more."""
    folder = tmp_path / "sub"
    folder.mkdir()
    (folder / "hog.py").write_text(reference_with_debug(fa19, "print"))
    for name in fa19.support:
        shutil.copy(fa19.reference / name, folder / name)
    runner = Runner(preflight=("hog",), src=folder, timeout=30, output_cap=65536)
    job = CaseJob(0, ["import io, contextlib; buf = io.StringIO()\n",
                      "with contextlib.redirect_stdout(buf): n = "
                      "max_scoring_num_rolls(make_test_dice(3))\n",
                      "buf.getvalue().count('DEBUG:'), n\n"], setup=["from hog import *\n"])
    (_, run), = runner.run([job])
    count, value = eval(run.outputs[-1].printed)
    assert count >= 10000 and value == 10


# What code may do with sys.stdout, as with a real text stream (a pipe, not a terminal).
STREAM_USES = [
    "print(sys.stdout.isatty(), sys.stdout.writable(), sys.stdout.readable())",
    "print(os.isatty(sys.stdout.fileno()))",
    "print(sys.stdout.encoding.lower().replace('-', ''), sys.stdout.errors)",
    "sys.stdout.reconfigure(line_buffering=True); print('reconfigured')",
    "print('to', 'stdout', file=sys.stdout, sep='-', flush=True)",
    "sys.stdout.write('no newline'); sys.stdout.flush()",
]
# ... and what ok's output logger hands to the real stdout (its `writelines`, its byte
# `buffer`): run without an error, and not compared (ok records nothing of it)
UNRECORDED_USES = [
    "print('before', flush=True); sys.stdout.buffer.write(b'bytes\\n'); sys.stdout.buffer.flush()",
    "sys.stdout.buffer.write('caf\\u00e9 \\u2713\\n'.encode()); sys.stdout.buffer.flush()",
    "sys.stdout.buffer.write(b'\\xff\\xfe bad \\xc3\\n'); sys.stdout.buffer.flush()",
    "sys.stdout.flush(); sys.stdout.writelines(['a\\n', 'b\\n'])",
    "w = io.TextIOWrapper(sys.stdout.buffer, encoding='utf-8', write_through=True); "
    "w.write('wrapped\\n'); w.flush(); w.detach()",
]


def test_stdout_behaves_as_a_real_text_stream_does(tmp_path):
    """Correct code that writes bytes through sys.stdout.buffer, or asks the stream what
    it is, prints what a real interpreter with its output piped prints (the oracle:
    python itself), instead of failing on a missing attribute."""
    (tmp_path / "hog.py").write_text("")
    setup = ["import io, os, sys\n"]
    jobs = [CaseJob(i, [f"exec({use!r})\n"], setup=setup) for i, use in enumerate(STREAM_USES)]
    runner = Runner(preflight=("hog",), src=tmp_path, timeout=30)
    got = [run.outputs[0] for _, run in runner.run(jobs)]
    for use, output in zip(STREAM_USES, got):
        real = subprocess.run([sys.executable, "-c", "import io, os, sys\n" + use],
                              capture_output=True, env={"PYTHONIOENCODING": "utf-8",
                                                        "PATH": os.environ["PATH"]})
        assert real.returncode == 0, real.stderr
        assert output.raised is None, (use, output.raised)
        assert output.printed == real.stdout.decode("utf-8", "replace"), use
    jobs = [CaseJob(i, [f"exec({use!r})\n"], setup=setup) for i, use in enumerate(UNRECORDED_USES)]
    got = [run.outputs[0] for _, run in runner.run(jobs)]
    for use, output in zip(UNRECORDED_USES, got):
        assert output.raised is None, (use, output.raised)
        assert output.printed == ("before\n" if use.startswith("print") else ""), use


def test_nuls_escape_codes_and_invalid_bytes_are_shown_safely(solved_ws):
    """A case whose code prints control characters or invalid UTF-8 fails on them, and
    the student sees them written out, not acted on by the terminal."""
    source = (solved_ws / "hog.py").read_text()
    anchor = "    # BEGIN PROBLEM 1\n"
    assert source.count(anchor) == 1
    (solved_ws / "hog.py").write_text(source.replace(anchor, anchor + (
        "    print('a\\x00b\\x1bcc\\x07d\\udcff\\udcfe! title')\n"), 1))
    done = run_grade("-q", "01", cwd=solved_ws)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    assert not any(ch in done.stdout for ch in "\x00\x1b\x07"), done.stdout
    assert "\ufffd\ufffd! title" in done.stdout


FLOOD = ("import os as _os, threading as _threading, time as _time\n"
         "def _flood():\n"
         "    chunk = b'x' * 65536\n"
         "    while True:\n"
         "        try:\n"
         "            _os.write(2, chunk)\n"
         "        except OSError:\n"
         "            return\n"
         "_threading.Thread(target=_flood, daemon=True).start()\n"
         "_time.sleep(3)\n")


def own_cpu_seconds(pid: int) -> float:
    """PID's own user + system CPU time (not its children's), from /proc."""
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_code_flooding_its_standard_error_costs_the_grader_next_to_nothing(solved_ws):
    """A thread writing to fd 2 without end (for the 3 s the import sleeps) once cost the
    grader most of a core of its own, outside every limit on the code: it read the pipe
    4 KiB at a time as fast as the code wrote. The grader keeps the first bytes only."""
    hog = solved_ws / "hog.py"
    hog.write_text(FLOOD + hog.read_text())
    env = {**os.environ, "COLUMNS": "120"}
    grader = subprocess.Popen([sys.executable, "-m", "grader.cli", "-q", "01"], cwd=solved_ws,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    used = 0.0
    while grader.poll() is None:
        try:
            used = own_cpu_seconds(grader.pid)
        except (OSError, IndexError):
            pass
        time.sleep(0.05)
    out, err = grader.communicate()
    assert grader.returncode == 0, out + err
    assert "passed" in out
    assert used < 1.0, f"the grader spent {used:.2f} s of its own CPU"


def test_a_hidden_cases_job_does_not_tell_the_length_of_its_answer():
    """The code can read the job it runs (its frames): a hidden case's room for a long
    output was 2 x its answer's length + 4096, which gave the answer's exact length. It
    is a power of two now, the same for answers of about the same size."""
    from grader.session import DoctestKind

    def cap(length, hidden):
        case = doctest_case("z" * length)
        case.hidden = hidden
        return DoctestKind().job(case, 0).output_cap

    assert cap(33333, hidden=False) == 2 * 33333 + 4096  # a visible one keeps its room
    rooms = {cap(length, hidden=True) for length in (31000, 33333, 40000, 60000)}
    assert len(rooms) == 1
    (room,) = rooms
    assert room & (room - 1) == 0 and room >= 2 * 60000 + 4096
