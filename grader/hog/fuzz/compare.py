"""Traces as untrusted data: check their shape, then compare them with the reference's.

A trace (see `driver`) is a list of events: `["s", who, score, opponent, n]` a strategy
call, an int (or `["d", name, outcome]` for an edition's other dice) a die outcome,
`["c", k, *arguments]` a commentary call, and last `["r", repr]` or `["e", line, tb]`.

Every student trace comes from a child process the student controls, so nothing else
in the fuzz engine looks at one before `problem` has accepted its shape. The reference's
traces are trusted: a student trace equal to one needs no check.

`align` is the comparison itself. The mover's events must match the reference exactly;
beside them, where the edition allows it (fa19's spec asks that each strategy be called
once per turn, and does not forbid asking the other one; su21's forbids it), a `play`
may ask the *other* player's strategy once per turn, with that player's own view of
the scores at the start of the turn (its own score first). Strategies in fuzz games
are pure functions of the scores, so such a question cannot change the game.
"""

from __future__ import annotations

import bisect
from typing import Any, Dict, List, Optional, Sequence, Tuple

from . import driver

MAX_EVENTS = driver.MAX_EVENTS + 2  # the tracer's limit, one event past it, the ending
MAX_TEXT = driver.MAX_TEXT + 3  # and "..."
ENDINGS = ("r", "e")
EVENT_VALUES = 5  # the most an event holds (["s", who, score, opponent, rolls])


def too_large(line: bytes, count: int) -> bool:
    """Whether LINE, COUNT games' traces as JSON, holds more than such traces can (a
    list per game and per event, EVENT_VALUES a event): parsed, a line of 30 MB of
    `{}` took the grader 1 GB."""
    from ...run.messages import too_many_values
    return too_many_values(line, containers=count * (MAX_EVENTS + 1) + 1,
                           values=count * MAX_EVENTS * (EVENT_VALUES + 1) + count + 1)


def _int(value: Any) -> bool:
    return type(value) is int  # json.loads reads at most 4300 digits


def _scalar(value: Any) -> bool:
    """An argument as the tracer records it: a number, or the repr of anything else."""
    return type(value) is int or (type(value) is float and abs(value) < float("inf")) \
        or (type(value) is str and len(value) <= MAX_TEXT)


def _event_problem(event: Any) -> Optional[str]:
    if _int(event):
        return None
    if type(event) is not list or not event or type(event[0]) is not str:
        return f"an event that is not a die outcome or a tagged list ({_short(event)})"
    kind, size = event[0], len(event)
    if kind == "s":
        if size != 5 or event[1] not in (0, 1) or type(event[1]) is not int:
            return "a strategy call that is not [\"s\", who, score, opponent, n]"
        if not (_scalar(event[2]) and _scalar(event[3]) and _int(event[4])):
            return "a strategy call with arguments of the wrong types"
        return None
    if kind == "d":
        if size != 3 or type(event[1]) is not str or len(event[1]) > 40 or not _int(event[2]):
            return "a die event that is not [\"d\", name, outcome]"
        return None
    if kind == "c":
        if size < 2 or size > 10 or not _int(event[1]) or not all(map(_scalar, event[2:])):
            return "a commentary call that is not [\"c\", k, arguments...]"
        return None
    if kind == "r":
        if size != 2 or type(event[1]) is not str or len(event[1]) > MAX_TEXT:
            return "a result that is not [\"r\", text]"
        return None
    if kind == "e":
        if size != 3 or not all(type(x) is str and len(x) <= MAX_TEXT for x in event[1:]):
            return "an error that is not [\"e\", line, traceback]"
        return None
    return f"an event of unknown kind {kind[:20]!r}"


def _short(value: Any) -> str:
    text = type(value).__name__
    return text if not isinstance(value, (int, str)) or isinstance(value, bool) else \
        f"{text} {str(value)[:20]}"


def problem(trace: Any) -> Optional[str]:
    """What is wrong with the shape of TRACE, or None for a well-formed trace."""
    if type(trace) is not list:
        return f"a game's trace is {_short(trace)}, not a list of events"
    if not trace:
        return "a game's trace is empty"
    if len(trace) > MAX_EVENTS:
        return f"a game's trace has {len(trace)} events, more than the tracer records"
    last = len(trace) - 1
    for index, event in enumerate(trace):
        if type(event) is int and index < last:  # most events: die outcomes
            continue
        found = _event_problem(event)
        if found:
            return f"event {index + 1}: {found}"
        ending = type(event) is list and event[0] in ENDINGS
        if ending != (index == len(trace) - 1):
            return (f"event {index + 1}: the game's result is not its last event"
                    if ending else "the trace does not end with play's result or error")
    return None


def traces_problem(traces: Any, count: int, stopped: bool = False) -> Optional[str]:
    """What is wrong with a batch of COUNT traces as a whole (not their events). A
    STOPPED batch may end early, at a game the tracer cut short (see trace_games)."""
    if type(traces) is not list:
        return f"the games' traces came back as {_short(traces)}, not a list"
    if len(traces) == count:
        return None
    if stopped and 0 < len(traces) < count and type(traces[-1]) is list \
            and len(traces[-1]) > driver.MAX_EVENTS:
        return None
    return f"{len(traces)} traces came back for {count} games"


def spec_problem(spec: Any) -> Optional[str]:
    """What is wrong with a game spec read from a file (a recorded workspace's), or None."""
    if type(spec) is not dict:
        return "a game is not an object"
    strategies = spec.get("strategies")
    if type(strategies) is not list or len(strategies) != 2 or not all(
            type(s) is list and len(s) == 3 and type(s[0]) is list and 1 <= len(s[0]) <= 11
            and all(_int(n) and 0 <= n <= 10 for n in s[0])
            and _int(s[1]) and _int(s[2]) for s in strategies):
        return "a game's strategies are not two [choices, a, b]"
    dice = spec.get("dice")
    rolls = dice.values() if type(dice) is dict else [dice]
    if not rolls or not all(type(r) is list and 1 <= len(r) <= 20
                            and all(_int(n) and 1 <= n <= 20 for n in r) for r in rolls):
        return "a game's dice are not lists of outcomes"
    for key, value in spec.items():
        if key in ("score0", "score1", "goal"):
            if not _int(value) or not 0 <= value <= 10000:
                return f"a game's {key} is not a score"
        elif key not in ("strategies", "dice") and type(value) is not bool:
            return f"a game's option {key[:20]!r} is not true or false"
    return None


# --- turns of a (trusted) trace ------------------------------------------------------

def kind(event: Any) -> str:
    """'s', 'd' (any die), 'c', 'r', 'e', or '?' for nothing (past the end)."""
    if type(event) is int:
        return "d"
    if type(event) is list and event:
        return event[0]
    return "?"


def starts(trace: Sequence) -> List[int]:
    """Indices of the strategy calls of a reference trace: the starts of its turns."""
    return [index for index, event in enumerate(trace) if type(event) is list and event[0] == "s"]


def turn_at(turn_starts: Sequence[int], index: int) -> int:
    """The turn (0-based) of a reference trace that event INDEX belongs to: the last
    one started at or before it."""
    return max(0, bisect.bisect_right(turn_starts, index) - 1)


def turns_around(turn_starts: Sequence[int], index: int, length: int) -> List[int]:
    """The turns a question to the other strategy at INDEX of a reference trace of
    LENGTH events may belong to. Between two turns it may end the one or start the
    other (a turn without dice or commentary is a single event); after the last turn
    it ends that one."""
    if not turn_starts:
        return []
    out = []
    if index > 0:
        out.append(turn_at(turn_starts, index - 1))
    if index < length - 1:
        current = turn_at(turn_starts, index)
        if current not in out:
            out.append(current)
    return out


def _allowed_extra(expected: Sequence, turn_start: int, event: Any) -> bool:
    """EVENT is the other player's strategy, asked with its own view of the scores at
    the start of the turn that starts at TURN_START."""
    if type(event) is not list or len(event) != 5 or event[0] != "s":
        return False
    mover = expected[turn_start]
    return event[1] != mover[1] and event[2] == mover[3] and event[3] == mover[2]


def walk(expected: Sequence, got: Sequence, other: bool = True
         ) -> Tuple[Optional[Tuple[int, int]], Dict[int, int]]:
    """Compare a well-formed GOT with EXPECTED event by event: (None, extras) if they
    play the same game, else ((index in EXPECTED, index in GOT) of the first events
    that differ, extras). EXTRAS maps the index in GOT of each allowed question to the
    other player's strategy to its turn (0-based); with OTHER false there are none."""
    extras: Dict[int, int] = {}
    if got == expected:
        return None, extras
    turn_starts = starts(expected)
    i = j = 0
    n, m = len(expected), len(got)
    while i < n or j < m:
        if i < n and j < m and expected[i] == got[j]:
            i += 1
            j += 1
            continue
        if j < m and other:
            taken = set(extras.values())
            turn = next((t for t in turns_around(turn_starts, i, n) if t not in taken
                         and _allowed_extra(expected, turn_starts[t], got[j])), None)
            if turn is not None:
                extras[j] = turn
                j += 1
                continue
        return (i, j), extras
    return None, extras


def align(expected: Sequence, got: Sequence, other: bool = True
          ) -> Optional[Tuple[int, int]]:
    """None if GOT (well-formed) plays the same game as EXPECTED, else the indices of
    the first events that differ (see `walk`)."""
    return walk(expected, got, other)[0]


def agrees(expected: Sequence, got: Any, other: bool = True) -> bool:
    """GOT is a well-formed trace of the same game as EXPECTED (OTHER: the edition lets
    play ask the other player's strategy once per turn)."""
    return got == expected or (problem(got) is None and align(expected, got, other) is None)


def first_failing(expected: Sequence[Sequence], got: Any, other: bool = True) -> Optional[int]:
    """Index of the first game whose traces disagree (a missing or malformed one does)."""
    if type(got) is not list:
        return 0 if expected else None
    for index, trace in enumerate(expected):
        if index >= len(got) or not agrees(trace, got[index], other):
            return index
    return None
