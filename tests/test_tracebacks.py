"""The student's frames of a traceback, as the worker and the fuzz driver show them:
the text the standard library gives for those frames, whatever the stack (recursions of
any depth and shape, other files' frames in between), but a stack of many runs of frames
(a recursion alternating two lines) shows only its first and last runs, and only the
frames shown are read and formatted."""

import contextlib
import itertools

import importlib.util
import sys
import traceback
from pathlib import Path

from hypothesis import given, settings, strategies as st

from grader.hog.fuzz import driver
from grader.run import process

_spec = importlib.util.spec_from_file_location("worker_under_test", process.WORKER)
worker = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(worker)

# A step of the stack: None (through a file of the grader's), (function, which of its
# two lines) in the student's file, or a recursion N deep (frames alike: one function,
# one line)
CALLS = st.lists(st.one_of(st.none(), st.tuples(st.integers(0, 2), st.integers(0, 1)),
                           st.integers(1, 40)), max_size=10)


def _student_module(folder: Path):
    lines = ["def step(plan, helper):\n",
             "    if not plan:\n",
             "        raise ValueError('bottom')\n",
             "    call = plan[0]\n",
             "    if call is None:\n",
             "        return helper(lambda: step(plan[1:], helper))\n",
             "    if type(call) is int:\n",
             "        return deeper(call, plan[1:], helper)\n",
             "    return FUNCTIONS[call[0]](plan, helper)\n",
             "def deeper(n, plan, helper):\n",
             "    if n > 1:\n",
             "        return deeper(n - 1, plan, helper)\n",
             "    return step(plan, helper)\n"]
    for k in range(3):
        lines += [f"def f{k}(plan, helper):\n",
                  "    if plan[0][1]:\n",
                  "        return step(plan[1:], helper)\n",
                  "    return step(plan[1:], helper)  # the other line\n"]
    lines.append("FUNCTIONS = [f0, f1, f2]\n")
    path = folder / "student.py"
    path.write_text("".join(lines))
    spec = importlib.util.spec_from_file_location("student_for_tracebacks", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _through(callback):  # a frame outside the student's folder
    return callback()


def _raised(module, plan):
    try:
        module.step(plan, _through)
    except ValueError as error:
        return error
    raise AssertionError("the plan did not raise")


def _expected(error, keep):
    """The standard library's text of the kept frames, cut as the worker cuts it: runs of
    frames alike (one file, line and function) kept whole, the middle ones told by their
    number of calls."""
    frames = [f for f in traceback.extract_tb(error.__traceback__) if keep(f.filename)]
    runs = [list(run) for _, run in
            itertools.groupby(frames, key=lambda f: (f.filename, f.lineno, f.name))]
    first, last = worker.SHOWN_RUNS
    if len(runs) > first + last + 1:
        runs[first:-last] = [sum(map(len, runs[first:-last]))]
    return "".join(f"  ... ({run} more calls)\n" if isinstance(run, int)
                   else "".join(traceback.StackSummary.from_list(run).format())
                   for run in runs)


@contextlib.contextmanager
def _frames_read(monkeypatch):
    """How many frames the describing reads (each one `traceback` summarises, whichever
    way it is asked: a count, not a time, since a collection of a loaded test process's
    heap once made 10 ms into 260)."""
    read = []

    class Counted(traceback.FrameSummary):
        def __init__(self, *args, **kwargs):
            read.append(1)
            super().__init__(*args, **kwargs)

    with monkeypatch.context() as patch:
        patch.setattr(traceback, "FrameSummary", Counted)
        yield read


@settings(max_examples=150, deadline=None)
@given(plan=CALLS)
def test_the_student_frames_read_as_the_standard_library_formats_them(tmp_path_factory, plan):
    folder = tmp_path_factory.mktemp("src")
    module = _student_module(folder)
    error = _raised(module, plan)
    keep = lambda name: name.startswith(str(folder) + "/")  # noqa: E731
    expected = _expected(error, keep)
    assert worker.format_frames(error.__traceback__, keep) == expected
    assert driver.format_frames(error.__traceback__, keep) == expected


def test_a_deep_recursion_is_shown_in_a_few_lines_and_fast(tmp_path, monkeypatch):
    module = _student_module(tmp_path)
    error = _raised(module, [sys.getrecursionlimit() - 50])
    keep = lambda name: name.startswith(str(tmp_path) + "/")  # noqa: E731
    with _frames_read(monkeypatch) as read:
        text = worker.describe(error, str(tmp_path))["traceback"]
    assert text == ("Traceback (most recent call last):\n" + _expected(error, keep)
                    + "ValueError: bottom\n")
    assert "more times]" in text and len(text.splitlines()) < 30
    assert sum(read) < 30, f"{sum(read)} frames read: every frame was formatted"


def test_a_recursion_through_two_lines_is_cut_to_its_first_and_last_calls(tmp_path, monkeypatch):
    """Each call of a recursion that alternates two lines is a run of its own: without
    the cut, hundreds of lines (hunt27: 368 where ok shows 43)."""
    module = _student_module(tmp_path)
    error = _raised(module, [(0, 0)] * (sys.getrecursionlimit() // 3))
    with _frames_read(monkeypatch) as read:
        text = worker.describe(error, str(tmp_path))["traceback"]
    keep = lambda name: name.startswith(str(tmp_path) + "/")  # noqa: E731
    assert text == ("Traceback (most recent call last):\n" + _expected(error, keep)
                    + "ValueError: bottom\n")
    lines = text.splitlines()
    assert len(lines) < 35 and sum("more calls)" in line for line in lines) == 1
    assert lines[1].endswith("in step") and lines[-3].endswith("in step")
    assert sum(read) < 35, f"{sum(read)} frames read: every frame was formatted"
