"""Read the worker's report channel: everything on it is untrusted data.

The worker runs student code in its own process, so the student controls every byte
it sends: a message may have any shape, any size, any nesting. Each line is parsed
here under limits and checked against the protocol before the grader uses any of it;
anything else raises `Malformed`, which costs that case only (an error verdict).
Sizes are capped here, in the grader, whatever the worker claims to have capped.
"""

from __future__ import annotations

import json
import re
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ..judge import clip
from ..untrusted import SURROGATE
from ..model import CaseRun, ExampleOutput, RaisedException

# The worker keeps a flood's tail and returned values outside its print cap
# (worker.TAIL, worker.VALUE_CAP), and its DEBUG lines and what shown values' reprs
# printed aside (worker.ASIDE_CAP each): what an honest worker may send beyond CAP.
ASIDE_CAP = 2048
WORKER_EXTRA = 5 * 4096 + 65536 + 1024 + 2 * ASIDE_CAP
TYPE_CAP = 256
LINE_CAP = 16 * 1024
TRACEBACK_CAP = 64 * 1024
FRAME_CAP = 64
MAX_CUTS = 4096
BYTES_PER_CHAR = 12  # the most JSON takes for one character (an escaped surrogate pair)
INT_DIGITS = 64
# values (objects, arrays, elements) a message may hold outside its strings: far more
# than an honest report of a case with thousands of examples, far less memory than a
# line of empty objects that its byte cap lets through
PARTS_CAP = 1 << 18
# a JSON string, or an unterminated one with the rest of the line: every match ends where
# the next search starts, so a pass is linear (a pattern that failed on an unterminated
# string was tried again from each of its quotes: 230 s for a 0.4 MB line, GIL held)
JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.S)


class Malformed(Exception):
    """A worker message that the protocol does not allow; says what was wrong."""


def _int(text: str) -> int:
    if len(text) > INT_DIGITS:
        raise Malformed("a number with too many digits")
    return int(text)


def too_many_values(line: bytes, containers: int, values: int) -> bool:
    """Whether the JSON text LINE holds more than CONTAINERS objects and arrays, or
    more than VALUES elements, outside its strings: what parsing it would cost in
    memory, known before it is parsed (a line of `[{},{},...]` a few MiB long is
    hundreds of MB once parsed). A pass over the bytes; a regex pass past the caps."""
    if (line.count(b"{") + line.count(b"[") <= containers
            and line.count(b",") + 1 <= values):
        return False
    bare = JSON_STRING.sub(b"", line)
    return (bare.count(b"{") + bare.count(b"[") > containers
            or bare.count(b",") + 1 > values)


def parse(line: bytes) -> Dict[str, Any]:
    """One line of the channel as a dict, or Malformed. Invalid UTF-8 and lone
    surrogates become U+FFFD; deep nesting, huge numbers and more values than
    PARTS_CAP are refused (a line's bytes are capped by its reader, but `[{},{},...]`
    made of 48 MiB took the grader 1.3 GB to parse)."""
    if too_many_values(line, PARTS_CAP, PARTS_CAP):
        raise Malformed(f"more than {PARTS_CAP} values in one message")
    text = line.decode("utf-8", "replace")
    try:
        message = json.loads(text, parse_int=_int)
    except (ValueError, RecursionError) as error:
        raise Malformed(f"not JSON ({type(error).__name__})") from None
    if not isinstance(message, dict):
        raise Malformed("not a JSON object")
    return message


def clean(value: Any, what: str, cap: int) -> str:
    """VALUE as a string of at most CAP characters (head and tail kept), or Malformed."""
    if not isinstance(value, str):
        raise Malformed(f"{what} is not a string")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: one for one, so offsets still hold
        value = SURROGATE.sub("\ufffd", value)
    return clip(value, cap)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def raised(data: Any, what: str = "raised") -> Optional[RaisedException]:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise Malformed(f"{what} is not an object")
    return RaisedException(type=clean(data.get("type"), f"{what}.type", TYPE_CAP),
                           line=clean(data.get("line"), f"{what}.line", LINE_CAP),
                           traceback=clean(data.get("traceback"), f"{what}.traceback",
                                           TRACEBACK_CAP))


def lineno(data: Any) -> Optional[int]:
    """A syntax error's line number, when the preflight error has a sane one."""
    value = data.get("lineno") if isinstance(data, dict) else None
    return value if _is_int(value) and 0 < value < 10 ** 9 else None


def example_limit(cap: int) -> int:
    """The most characters the grader accepts for one example printing under CAP."""
    return max(0, cap) + WORKER_EXTRA


def case_byte_limit(examples: int, cap: int, ceiling: int) -> int:
    """The longest report line the grader reads for a case of EXAMPLES examples."""
    return min(ceiling, BYTES_PER_CHAR * (examples + 1) * (example_limit(cap) + TRACEBACK_CAP
                                                           + LINE_CAP) + 65536)


def output(data: Any, limit: int) -> ExampleOutput:
    if not isinstance(data, dict):
        raise Malformed("an output is not an object")
    printed = data.get("printed")
    if not isinstance(printed, str):
        raise Malformed("printed is not a string")
    truncated = data.get("truncated", False)
    if not isinstance(truncated, bool):
        raise Malformed("truncated is not true or false")
    cuts = data.get("cuts", [])
    if not isinstance(cuts, list) or len(cuts) > MAX_CUTS:
        raise Malformed("cuts is not a short list")
    lines = data.get("lines", 0)
    if not _is_int(lines) or not 0 <= lines < 1 << 62:
        raise Malformed("lines is not a count")
    printed = clean(printed, "printed", 10 ** 12)
    debug_at = data.get("debug_at", [])
    if not (isinstance(debug_at, list) and len(debug_at) <= ASIDE_CAP
            and all(_is_int(at) and 0 <= at <= len(printed) for at in debug_at)
            and debug_at == sorted(debug_at)):
        raise Malformed("debug_at is not a short list of places in printed")
    checked: List[Tuple[int, int]] = []
    last = 0
    for cut in cuts:
        if not (isinstance(cut, list) and len(cut) == 2 and all(map(_is_int, cut))):
            raise Malformed("a cut is not a pair of integers")
        offset, count = cut
        if not last <= offset <= len(printed) or not 0 < count < 1 << 62:
            raise Malformed("a cut is out of place")
        checked.append((offset, count))
        last = offset
    if len(printed) > limit:  # more than the worker may send: cut here, in the grader
        checked = [c for c in checked if c[0] <= limit] + [(limit, len(printed) - limit)]
        printed, truncated = printed[:limit], True
    aside = clean(data.get("aside", ""), "aside", ASIDE_CAP)
    debug = clean(data.get("debug", ""), "debug", ASIDE_CAP)
    return ExampleOutput(printed=printed, raised=raised(data.get("raised")),
                         truncated=truncated or bool(checked), cuts=tuple(checked), lines=lines,
                         aside=aside, debug=debug, debug_at=tuple(debug_at))


def loaded(message: Dict[str, Any]) -> List[Tuple[str, str]]:
    """What a ready worker's imports printed, by module ([] for anything malformed):
    ASIDE_CAP characters in all."""
    entries = message.get("loaded", [])
    if not (isinstance(entries, list) and len(entries) <= 64 and all(
            isinstance(e, list) and len(e) == 2 and all(isinstance(p, str) for p in e)
            for e in entries)):
        return []
    kept, room = [], ASIDE_CAP
    for name, text in entries:
        text = clean(text, "loaded", room)
        if text and room > 0:
            kept.append((clean(name, "module", TYPE_CAP), text))
            room -= len(text)
    return kept


def case_run(message: Dict[str, Any], examples: int, cap: int, elapsed: float) -> CaseRun:
    """The CaseRun a case's report describes, for a job of EXAMPLES examples whose
    prints were capped at CAP characters each."""
    if "setup_error" in message:
        error = raised(message["setup_error"], "setup_error")
        if error is None:
            raise Malformed("setup_error is empty")
        return CaseRun(status="setup-error", duration=elapsed, message=error.traceback)
    outputs = message.get("outputs")
    if not isinstance(outputs, list):
        raise Malformed("outputs is not a list")
    if len(outputs) > examples:
        raise Malformed(f"{len(outputs)} outputs for {examples} example(s)")
    limit = example_limit(cap)
    teardown = raised(message.get("teardown_error"), "teardown_error")
    setup = message.get("setup_printed", [])
    if not isinstance(setup, list) or len(setup) > PARTS_CAP:
        raise Malformed("setup_printed is not a list")
    return CaseRun(outputs=[output(item, limit) for item in outputs], duration=elapsed,
                   teardown_error=teardown.traceback if teardown is not None else "",
                   setup_printed=[clean(text, "setup_printed", ASIDE_CAP) for text in setup])


Replay = Tuple[Optional[int], int, Optional[int]]  # prompts of (setup, examples, teardown)


def stack(message: Dict[str, Any], examples: int, cap: int,
          parts: Tuple[int, int] = (0, 0)) -> Tuple[Optional[int], str, List[ExampleOutput],
                                                  Optional[Replay]]:
    """(index of the example that was running, the stack as text, the outputs so far,
    the running example's last, what ran of the case before a loop in its setup or
    teardown) from a stack report. PARTS: the case's setup and teardown prompts."""
    data = message.get("stack")
    if not isinstance(data, dict):
        raise Malformed("stack is not an object")
    index = data.get("example")
    if not (_is_int(index) and 0 <= index < examples):
        index = None
    outputs = data.get("outputs", [])
    if not isinstance(outputs, list) or len(outputs) > examples:
        raise Malformed("the outputs of a stack report are not a short list")
    limit = example_limit(cap)
    checked = [output(item, limit) for item in outputs]
    if index is None or len(checked) != index + 1:
        index, checked = None, []
    return index, clean(data.get("text", ""), "stack.text", TRACEBACK_CAP), checked, \
        _replay(data, examples, parts) if index is None else None


def _replay(data: Dict[str, Any], examples: int, parts: Tuple[int, int]) -> Optional[Replay]:
    """What of a case to run again after a loop in its setup (the prompts before it) or
    its teardown (all its setup, the examples that ran, the teardown's prompts before
    it), as ok's one process keeps their effects; None where the report says neither."""
    part, at, ran = data.get("part"), data.get("at"), data.get("examples")
    if not (_is_int(at) and _is_int(ran) and 0 <= ran <= examples):
        return None
    if part == "setup" and 0 <= at < parts[0]:
        return at, 0, 0
    if part == "teardown" and 0 <= at < parts[1]:
        return None, ran, at
    return None


def kind(message: Dict[str, Any]) -> str:
    """Which message this is: hello, ready, preflight_error, replayed, prompt, example,
    start, case, stack, done."""
    for name in ("hello", "ready", "preflight_error", "replayed", "prompt", "example", "start",
                 "stack", "done"):
        if name in message:
            return name
    if "id" in message:
        return "case"
    raise Malformed("a message of no known kind")


def kind_or_none(message: Any) -> Optional[str]:
    try:
        return kind(message) if isinstance(message, dict) else None
    except Malformed:
        return None


def _pair(message: Dict[str, Any], key: str) -> Tuple[int, int]:
    value = message.get(key)
    if (not isinstance(value, list) or len(value) != 2
            or not all(_is_int(item) for item in value)):
        raise Malformed(f"{key} is not a pair of integers")
    return value[0], value[1]


def prompt(message: Dict[str, Any]) -> Tuple[int, int]:
    """(case id, prompt number) of a message saying that a case's next prompt starts."""
    return _pair(message, "prompt")


def example_place(message: Dict[str, Any]) -> Tuple[int, int]:
    """(case id, example index) of a gated example's report."""
    return _pair(message, "example")


def example_output(message: Dict[str, Any], limit: int) -> ExampleOutput:
    """The output a gated example's report holds."""
    return output(message.get("output"), limit)


def start(message: Dict[str, Any]) -> int:
    """The case id of a message asking whether that case may start."""
    value = message.get("start")
    if not _is_int(value):
        raise Malformed("start is not an integer")
    return value


def case_id(message: Dict[str, Any]) -> int:
    value = message.get("id")
    if not _is_int(value):
        raise Malformed("id is not an integer")
    return value


__all__: Sequence[str] = ("Malformed", "parse", "case_run", "stack", "kind", "kind_or_none",
                          "prompt", "example_place", "example_output", "start", "case_id", "raised",
                          "lineno", "clean", "example_limit", "case_byte_limit")
