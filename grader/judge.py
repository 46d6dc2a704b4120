"""Turn what a case printed and raised into a verdict, with doctest's own rules.

Runs in the grader, outside any sandbox: expected outputs never reach student code.
"""

from __future__ import annotations

import functools
import re
from typing import List, Optional, Tuple

from .model import Case, CaseResult, CaseRun, Example, ExampleOutput

FLAGS = 0


@functools.lru_cache(maxsize=None)
def _checker():
    import doctest  # on the first mismatch only: it imports pdb and unittest
    return doctest.OutputChecker()


_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+>")
_FUNCTION_REPR = re.compile(r"^<(function|bound method|built-in function|lambda)\b.*>$")


def _as_written(want: str, got: str) -> str:
    """GOT with what a case cannot spell out exactly written as the case may: a line
    that is a function's repr becomes the answer word `Function` where the case says
    so (what a student types to unlock it), and memory addresses are the case's own."""
    wants, gots = want.splitlines(True), got.splitlines(True)
    if len(wants) != len(gots):
        return got
    out = []
    for w, g in zip(wants, gots):
        if w.strip() == "Function" and _FUNCTION_REPR.match(g.strip()):
            g = w
        elif " at 0x" in w and _ADDRESS.search(g):
            addresses = iter(_ADDRESS.findall(w))
            g = _ADDRESS.sub(lambda m: next(addresses, m.group(0)), g)
        out.append(g)
    return "".join(out)


def matches(want: str, got: str) -> bool:
    """doctest's verdict; its OutputChecker also starts with exact equality."""
    if want == got or _checker().check_output(want, got, FLAGS):
        return True
    if "Function" in want or " at 0x" in want:
        return _checker().check_output(want, _as_written(want, got), FLAGS)
    return False


def strip_debug(text: str) -> str:
    """Drop lines starting with `DEBUG:`, which students may print while working."""
    if "DEBUG:" not in text:
        return text
    return "".join(line for line in text.splitlines(True) if not line.startswith("DEBUG:"))


def prompt(source: str) -> str:
    lines = source.rstrip("\n").splitlines() or [""]
    return "\n".join([">>> " + lines[0]] + ["... " + line for line in lines[1:]])


HEAD_LINES, TAIL_LINES = 20, 10  # what is shown of an output longer than both


def bounded(output: ExampleOutput) -> Tuple[str, int]:
    """What OUTPUT printed (DEBUG lines left out), cut to its first and last lines when
    long, with a line saying how many were cut; and the number of lines it printed
    when it was cut (0 when shown whole)."""
    text = strip_debug(output.printed)
    lines = text.splitlines(True)
    tail = strip_debug(output.tail).splitlines(True) if output.truncated else []
    if output.truncated and tail and not output.tail.startswith("\n") and lines \
            and not lines[-1].endswith("\n"):
        tail = tail[1:]  # the first tail line is the end of a line cut in two
    total = max(output.lines, len(lines) + len(tail)) if output.truncated else len(lines)
    if not output.truncated and total <= HEAD_LINES + TAIL_LINES:
        return text, 0
    head = lines[:HEAD_LINES]
    end = (tail or lines[HEAD_LINES:])[-TAIL_LINES:]
    cut = max(total - len(head) - len(end), 0)
    if head and not head[-1].endswith("\n"):
        head[-1] += "\n"
    marker = f"[... {cut:,} more line(s) cut ...]\n" if cut else "[... cut ...]\n"
    return "".join(head) + marker + "".join(end), total


def show_output(output: ExampleOutput) -> str:
    text, _ = bounded(output)
    if output.raised is not None:
        text += output.raised.traceback
    return text


def transcript(examples: List[Example], outputs: List[ExampleOutput], upto: int,
               last_output: bool = True) -> str:
    """The session up to and including example UPTO, as the student's own run printed
    it; without what UPTO printed when LAST_OUTPUT is false (a failure shows that once,
    as what the code got)."""
    parts = []
    for index, example in enumerate(examples[: upto + 1]):
        parts.append(prompt(example.source))
        if index < len(outputs) and (last_output or index < upto):
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
    return matches(example.want, strip_debug(output.printed))


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
            got, printed = bounded(output)
            if output.raised is not None:
                got += output.raised.line
            return CaseResult(
                case, "failed", failed_example=index, expected=example.want, got=got,
                traceback=output.raised.traceback if output.raised else "",
                message="output was cut: it was far too long" if output.truncated else "",
                transcript=transcript(examples, run.outputs, index, last_output=False),
                printed_lines=printed)
    return CaseResult(case, "passed",
                      transcript=transcript(examples, run.outputs, len(examples) - 1))
