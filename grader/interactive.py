"""`grade -i`: an interactive Python session at the failing case, in a child process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import List, Sequence

from .judge import prompt
from .model import Case, CaseResult

_SCRIPT = r'''
import sys
sys.path.insert(0, {src!r})


def __compiled(source):
    # as ok runs a prompt: an expression (blanks before it allowed) shows its value,
    # anything else runs (a statement, a line that is only a comment)
    try:
        compile(source.lstrip(" \t"), "<case>", "eval")
        source = source.lstrip(" \t")
    except SyntaxError:
        pass
    try:
        return compile(source, "<case>", "single")
    except SyntaxError:
        return compile(source, "<case>", "exec")


def __quietly(sources):
    import contextlib, io
    namespace = {{"__name__": "__main__"}}
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        for source in sources:
            try:
                exec(__compiled(source), namespace)
            except BaseException:
                pass


for __sources in {earlier!r}:
    __quietly(__sources)
for __shown, __source in {pairs!r}:
    print(__shown)
    try:
        exec(__compiled(__source), globals())
    except BaseException as __error:  # (an error the case expects: the next line follows)
        import traceback
        traceback.print_exception(type(__error), __error, __error.__traceback__)
print({closing!r})
'''


def session_sources(case: CaseResult) -> List[str]:
    """The setup and the case's lines to run before the prompt: up to the failing line,
    or, for a case that timed out, up to the line that never finished (not run)."""
    upto = case.failed_example if case.failed_example is not None else len(case.case.examples) - 1
    if case.status == "timeout":
        upto = (case.failed_example if case.failed_example is not None
                else len(case.case.examples)) - 1
    return ([e.source for e in case.case.suite.setup_examples]
            + [e.source for e in case.case.examples[: upto + 1]])


def closing(case: CaseResult) -> str:
    if case.status != "timeout":
        return "# You are at the failing line. Try things; exit() or Ctrl-D leaves."
    stuck = (prompt(case.case.examples[case.failed_example].source)
             if case.failed_example is not None else "one of the case's lines")
    return (f"# The next line did not finish in time (Ctrl-C stops it if you try it):\n"
            f"#   {stuck.replace(chr(10), chr(10) + '#   ')}\n"
            "# exit() or Ctrl-D leaves.")


def start(src: Path, case: CaseResult, earlier: Sequence[Case] = ()) -> int:
    """Run the question's EARLIER cases quietly (what they leave in the module, a
    mutable default's list, the failing case met in ok's one process), then the case's
    setup and lines up to the failure, then hand the student a prompt."""
    pairs = [(prompt(source), source) for source in session_sources(case)]
    before = [[e.source for e in c.suite.setup_examples] + [e.source for e in c.examples]
              for c in earlier if c.examples]
    script = _SCRIPT.format(src=str(src), pairs=pairs, closing=closing(case), earlier=before)
    return subprocess.call([sys.executable, "-i", "-c", script], cwd=str(src))

