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
        exec(compile(__source, "<case>", "single"), globals())
    except BaseException as __error:
        import traceback
        traceback.print_exception(type(__error), __error, __error.__traceback__)
        break
print("# You are at the failing line. Try things; exit() or Ctrl-D leaves.")
'''


def session_sources(case: CaseResult) -> List[str]:
    upto = case.failed_example if case.failed_example is not None else len(case.case.examples) - 1
    return ([e.source for e in case.case.suite.setup_examples]
            + [e.source for e in case.case.examples[: upto + 1]])


def start(src: Path, case: CaseResult) -> int:
    """Run the case's setup and lines up to the failure, then hand the student a prompt."""
    pairs = [(prompt(source), source) for source in session_sources(case)]
    script = _SCRIPT.format(src=str(src), pairs=pairs)
    return subprocess.call([sys.executable, "-i", "-c", script], cwd=str(src))

