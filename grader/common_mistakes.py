"""Mistakes students make in any assignment, named from the example that failed alone.

A course's homework has no catalogue of its own mistakes until staff name one (`grade
mutate --hints`), but some mistakes read the same in every assignment: a string returned
where it should be printed (the quotes show it), a result printed and None returned, an
expression that shows nothing (the function returned None), printed lines never printed,
a recursion that never
reaches a base case, a module that is not there, a lazy `map` where a list is expected, a
fraction lost to `//`.
Each rule looks at the first failing example of a question (what it expected, what it
showed, what it raised, its source) and its words hold for every failure it accepts;
anything less certain names nothing. Used for the failing questions of an ok assignment
that its catalogue, if any, names nothing of (Hog's editions have full catalogues).
"""

from __future__ import annotations

import math
import re
from typing import Callable, List, Optional, Tuple

from . import asts
from .hints import Hint
from .model import CaseResult, QuestionResult

_FAILING = ("failed", "error", "timeout")
_LAZY = re.compile(r"<(map|filter|zip|generator|reversed|enumerate|list_iterator|"
                   r"itertools\.\w+) object( \w+)? at 0x[0-9a-fA-F]+>$"
                   r"|(dict_keys|dict_values|dict_items)\(\[.*\]\)$|range\(-?\d+, -?\d+(, -?\d+)?\)$")
_QUOTES = ("'", '"')


def _lines(text: str) -> List[str]:
    return [line.rstrip() for line in text.rstrip("\n").split("\n")] if text.strip() else []


def _raised(result: CaseResult) -> Optional[str]:
    """The type of the exception the failing example raised, or None."""
    if not result.traceback:
        return None
    last = result.got.rstrip("\n").rsplit("\n", 1)[-1]
    return last.split(":", 1)[0].strip() or None


def _source(result: CaseResult) -> str:
    index = result.failed_example
    examples = result.case.examples
    return examples[index].source if index is not None and 0 <= index < len(examples) else ""


def _is_expression(source: str) -> bool:
    try:
        asts.parse(source, "<example>", "eval")
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return False
    return True


def _number(text: str) -> Optional[float]:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def _as_text(result: CaseResult) -> bool:
    """What was expected, shown as a returned string: `hello` (or `3`) against `'hello'`."""
    want, got = result.expected.rstrip("\n"), result.got.strip()
    return (_raised(result) is None and bool(want.strip()) and not want.startswith(_QUOTES)
            and got in (repr(want), f"'{want}'", f'"{want}"'))


def returns_text(result: CaseResult) -> bool:
    """Expected printed words, shown as a returned string: `hello` against `'hello'`."""
    return _as_text(result) and not _is_value(result.expected)


def returns_value_as_text(result: CaseResult) -> bool:
    """Expected a value (`3`, `[1, 2]`, `True`), shown as its text: `'3'`."""
    return _as_text(result) and _is_value(result.expected)


def prints_text(result: CaseResult) -> bool:
    """Expected a returned string, shown printed: `'hello'` against `hello`."""
    want, got = result.expected.strip(), result.got.rstrip("\n")
    return (_raised(result) is None and len(want) >= 2 and want[0] in _QUOTES
            and want[-1] == want[0] and bool(got.strip()) and got == want[1:-1])


def prints_then_none(result: CaseResult) -> bool:
    """What was expected printed, then None: `print(f(x))` of a function that prints."""
    want, got = _lines(result.expected), _lines(result.got)
    return (_raised(result) is None and bool(want) and want != ["None"]
            and got == want + ["None"])


def _is_value(text: str) -> bool:
    """Whether TEXT reads as a Python value (`6`, `[1, 2]`, `'hi'`), not printed words."""
    try:
        asts.literal_eval(text.strip())
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return False
    return True


def shows_nothing(result: CaseResult) -> bool:
    """An expression whose value was expected shows nothing: it was None, and nothing
    was printed."""
    return (_raised(result) is None and _is_value(result.expected)
            and not result.got.strip() and _is_expression(_source(result))
            and not debug_only(result))


def prints_nothing(result: CaseResult) -> bool:
    """Printed lines were expected (words, not a value) and nothing was shown."""
    return (_raised(result) is None and bool(result.expected.strip())
            and not _is_value(result.expected) and not result.got.strip()
            and not repr_prints(result) and not debug_only(result))


def debug_only(result: CaseResult) -> bool:
    """Nothing compared was shown, and what was expected is in a DEBUG line: the result
    went into a line the grader never compares."""
    want = result.expected.strip()
    return (_raised(result) is None and bool(want) and not result.got.strip()
            and want in result.debug_printed)


def repr_prints(result: CaseResult) -> bool:
    """The value shown has a repr that printed its text instead of returning it (what
    was expected is in what it printed, or it returned nothing): ok shows what it
    printed, and compares only what it returned."""
    want = result.expected.strip()
    return (_raised(result) is None and bool(result.repr_printed.strip())
            and (not result.got.strip() or bool(want) and want in result.repr_printed))


def too_deep(result: CaseResult) -> bool:
    return _raised(result) == "RecursionError" and "RecursionError" not in result.expected


def missing_module(result: CaseResult) -> bool:
    return (_raised(result) == "ModuleNotFoundError"
            and "ModuleNotFoundError" not in result.expected)


def asks_for_input(result: CaseResult) -> bool:
    """input() found no line to read: the words are the builtin's own, which code raising
    EOFError itself rarely copies."""
    return ("EOFError" not in result.expected and result.traceback.rstrip("\n")
            .endswith("\nEOFError: EOF when reading a line"))  # (its prompt may precede it in got)


def lazy_sequence(result: CaseResult) -> bool:
    want, got = result.expected.strip(), result.got.strip()
    return (_raised(result) is None and want.startswith("[") and want.endswith("]")
            and bool(_LAZY.match(got)))


def lost_fraction(result: CaseResult) -> bool:
    """Expected a number with a fraction, shown a whole one: its floor or truncation."""
    want, got = result.expected.strip(), result.got.strip()
    expected, shown = _number(want), _number(got)
    return (_raised(result) is None and expected is not None and shown is not None
            and "." in want and not expected.is_integer() and "." not in got
            and shown in (math.floor(expected), math.trunc(expected)))


RULES: List[Tuple[Hint, Callable[[CaseResult], bool]]] = [
    (Hint("common-returns-text", "*", "the function returns the text where the example "
          "expects it printed: the quotes show a returned string (print it instead)"),
     returns_text),
    (Hint("common-value-as-text", "*", "the function returns the value's text (a string: the "
          "quotes show it) where the example expects the value itself: return it as it is, "
          "not str() of it"), returns_value_as_text),
    (Hint("common-prints-text", "*", "the function prints the text where the example expects "
          "it returned: a returned string shows with its quotes"), prints_text),
    (Hint("common-prints-then-none", "*", "the function prints its result and returns None: "
          "printing a value does not return it"), prints_then_none),
    (Hint("common-shows-nothing", "*", "the example shows nothing: the function returns None "
          "there and prints nothing (a path through it with no `return`?)"), shows_nothing),
    (Hint("common-prints-nothing", "*", "the example expects printed lines and the code "
          "prints nothing there"), prints_nothing),
    (Hint("common-debug-only", "*", "the code shows its result only in DEBUG lines, which "
          "are never compared: return it (or print it without DEBUG)"), debug_only),
    (Hint("common-repr-prints", "*", "the value's __repr__ prints its text: it must return "
          "it (what a __repr__ prints is shown, but only what it returns is compared)"),
     repr_prints),
    (Hint("common-recursion-too-deep", "*", "the recursion goes deeper than Python allows for "
          "this input: it may never reach a base case"), too_deep),
    (Hint("common-missing-module", "*", "the code imports a module this Python does not "
          "have: a name mistyped, or a package to install for the Python that runs the "
          "grader (python3 -m pip install NAME)"), missing_module),
    (Hint("common-asks-for-input", "*", "the code calls input(), and a graded run has no one "
          "to type: take the value as an argument, or ask for it only under `if __name__ == "
          "'__main__':`"), asks_for_input),
    (Hint("common-lazy-sequence", "*", "the function returns a lazy sequence (a map, filter, "
          "zip, range or generator) where the example expects a list: list(...) makes one"),
     lazy_sequence),
    (Hint("common-lost-fraction", "*", "the result is a whole number where the example expects "
          "a fraction (// or int() where / is meant?)"), lost_fraction),
]


def name(result: QuestionResult) -> Optional[Hint]:
    """The common mistake behind RESULT's first failing visible case, when one rule
    (exactly) recognises it; None otherwise. Never from a hidden case: the hint is shown
    where students see the visible cases (Gradescope's public test), and what a hidden
    case printed would reach them through it (an oracle on its expected output)."""
    first = next((case for case in result.case_results
                  if case.status in _FAILING and not case.case.hidden), None)
    if first is None or first.status != "failed" and not first.traceback:
        return None
    found = [hint for hint, rule in RULES if rule(first)]
    return found[0] if len(found) == 1 else None
