"""Turn what a case printed and raised into a verdict, with doctest's own rules.

Runs in the grader, outside any sandbox: expected outputs never reach student code.
"""

from __future__ import annotations

import functools
import re
from typing import List, Optional

from .model import Case, CaseResult, CaseRun, Example, ExampleOutput

FLAGS = 0


@functools.lru_cache(maxsize=None)
def _checker():
    import doctest  # on the first mismatch only: it imports pdb and unittest
    return doctest.OutputChecker()


def matches(want: str, got: str) -> bool:
    """doctest's verdict; its OutputChecker also starts with exact equality."""
    return want == got or _checker().check_output(want, got, FLAGS)


# The debugging lines ok drops before comparing (okpy's client/utils/debug.py): whole
# lines that start with DEBUG and a colon or a space, in any case ("debug: x", "DEBUG x").
DEBUG_LINE = re.compile(r"^DEBUG[: ].*\n", re.MULTILINE | re.IGNORECASE)


def strip_debug(text: str) -> str:
    """Drop the debugging lines students may print while working, as ok does."""
    if "debug" not in text.lower():
        return text
    return DEBUG_LINE.sub("", text)


def as_doctest_sees(printed: str) -> str:
    """What an example printed, DEBUG: lines dropped, ending with a newline if it printed
    anything: doctest's own capture adds a missing one (a `want` cannot say that it is
    missing), and ok compares lines, so `print(..., end='')` as the last output passes
    under both."""
    text = strip_debug(printed)
    return text + "\n" if text and not text.endswith("\n") else text


def prompt(source: str) -> str:
    lines = source.rstrip("\n").splitlines() or [""]
    return "\n".join([">>> " + lines[0]] + ["... " + line for line in lines[1:]])


def show_output(output: ExampleOutput) -> str:
    text = strip_debug(output.printed)
    if output.truncated:
        text += "\n[... output cut here: it was too long ...]\n"
    if output.raised is not None:
        text += output.raised.traceback
    return text


def transcript(examples: List[Example], outputs: List[ExampleOutput], upto: int) -> str:
    """The session up to and including example UPTO, as the student's own run printed it."""
    parts = []
    for index, example in enumerate(examples[: upto + 1]):
        parts.append(prompt(example.source))
        if index < len(outputs):
            shown = show_output(outputs[index]).rstrip("\n")
            if shown:
                parts.append(shown)
    return "\n".join(parts)


def check_example(example: Example, output: ExampleOutput) -> bool:
    if output.truncated:
        return False
    if output.raised is not None:
        return example.exc_msg is not None and matches(example.exc_msg, output.raised.line)
    if example.exc_msg is not None:
        return False
    return matches(example.want, as_doctest_sees(output.printed))


def judge_case(case: Case, run: CaseRun) -> CaseResult:
    examples = case.examples
    if run.status == "timeout":
        return CaseResult(case, "timeout", message=run.message,
                          transcript="\n".join(prompt(e.source) for e in examples))
    if run.status == "crashed":
        return CaseResult(case, "error", message=run.message,
                          transcript="\n".join(prompt(e.source) for e in examples))
    if run.status == "setup-error":
        return CaseResult(case, "error", traceback=run.message,
                          message="the case's setup raised an error")
    for index, example in enumerate(examples):
        if index >= len(run.outputs):
            output: Optional[ExampleOutput] = None
        else:
            output = run.outputs[index]
        if output is None:
            return CaseResult(case, "error", failed_example=index,
                              message="the code stopped the case before this line ran",
                              transcript=transcript(examples, run.outputs, index - 1))
        if not check_example(example, output):
            got = strip_debug(output.printed)
            if output.raised is not None:
                got += output.raised.line
            return CaseResult(
                case, "failed", failed_example=index, expected=example.want, got=got,
                traceback=output.raised.traceback if output.raised else "",
                message="output was cut: it was far too long" if output.truncated else "",
                transcript=transcript(examples, run.outputs, index))
    return CaseResult(case, "passed",
                      transcript=transcript(examples, run.outputs, len(examples) - 1))
