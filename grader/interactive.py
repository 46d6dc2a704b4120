"""`grade -i`: an interactive Python session at the failing case, in a child process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import List

from .judge import prompt
from .model import CaseResult

_SCRIPT = r'''
import sys
sys.path.insert(0, {src!r})
for __shown, __source in {pairs!r}:
    print(__shown)
    try:
        try:  # an expression with blanks before it runs, as ok's `eval` takes it
            compile(__source.lstrip(" \t"), "<case>", "eval")
            __source = __source.lstrip(" \t")
        except SyntaxError:
            pass
        exec(compile(__source, "<case>", "single"), globals())
    except BaseException as __error:
        import traceback
        traceback.print_exception(type(__error), __error, __error.__traceback__)
        break
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


def start(src: Path, case: CaseResult) -> int:
    """Run the case's setup and lines up to the failure, then hand the student a prompt."""
    pairs = [(prompt(source), source) for source in session_sources(case)]
    script = _SCRIPT.format(src=str(src), pairs=pairs, closing=closing(case))
    return subprocess.call([sys.executable, "-i", "-c", script], cwd=str(src))

