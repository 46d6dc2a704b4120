"""The fuzz engine for `play`: generate games, trace the reference, compare traces,
explain the first difference in words, shrink a failing game, and write it as code.

Nothing here shows anything to a user (that is `fuzz_suite`), and nothing here runs
student code in this process: student traces arrive as data (from the worker, or
from a `Player`, a child process serving games for shrinking).
"""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import random
import select
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence

from . import compare
from . import driver as fuzz_driver
from ..run.runner import end_group, spawn

DRIVER = Path(fuzz_driver.__file__)
Spec = Dict[str, Any]
Trace = List[Any]


def driver_source() -> str:
    return DRIVER.read_text(encoding="utf-8")


# --- games ---------------------------------------------------------------------------

def random_spec(rng: random.Random, feral_hogs: bool, say: bool) -> Spec:
    """One game: random start and goal, a short test die, two strategies drawn from a
    few dice counts by a linear hash of the two scores."""
    goal = rng.choice((100, rng.randint(1, 100), rng.randint(5, 40)))
    if rng.random() < 0.4:
        score0 = score1 = 0
    else:
        score0, score1 = rng.randrange(goal), rng.randrange(goal)
    strategies = [[[rng.randint(0, 10) for _ in range(rng.randint(1, 4))],
                   rng.randint(0, 5), rng.randint(0, 5)] for _ in range(2)]
    dice = [rng.randint(1, 6) for _ in range(rng.randint(1, 6))]
    return {"strategies": strategies, "dice": dice, "score0": score0, "score1": score1,
            "goal": goal, "feral_hogs": feral_hogs, "say": say}


def generate(seed: int, games: int, *, feral_hogs: bool, say: bool) -> List[Spec]:
    """The games of SEED: the same seed gives the same games on every run."""
    rng = random.Random(f"hog-fuzz:{seed}")
    return [random_spec(rng, feral_hogs, say) for _ in range(games)]


# --- the reference, traced in this process -------------------------------------------

# The reference is imported and traced in the grader's own process, which may grade
# several submissions at once in threads: importing touches sys.modules and tracing
# swaps sys.stdout, both global, so one thread at a time.
_REFERENCE_LOCK = threading.RLock()


@functools.lru_cache(maxsize=4)
def _reference_play(folder: str, module: str) -> Callable:
    saved_path = list(sys.path)
    saved = {name: sys.modules.pop(name) for name in ("dice", "ucb") if name in sys.modules}
    sys.path.insert(0, folder)
    try:
        spec = importlib.util.spec_from_file_location(f"_fuzz_reference_{module}",
                                                      os.path.join(folder, module + ".py"))
        loaded = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(loaded)
    finally:
        sys.path[:] = saved_path
        for name in ("dice", "ucb"):
            sys.modules.pop(name, None)
        sys.modules.update(saved)
    return loaded.play


def reference_play(folder: str, module: str = "hog") -> Callable:
    """`play` of the trusted reference in FOLDER, imported under a private name so it
    cannot be confused with (or shadow) any other `hog`, `dice` or `ucb`."""
    with _REFERENCE_LOCK:
        return _reference_play(folder, module)


def reference_traces(folder: str, specs: Sequence[Spec], module: str = "hog") -> List[Trace]:
    with _REFERENCE_LOCK:
        play = reference_play(str(folder), module)
        return [fuzz_driver.trace_game(play, spec) for spec in specs]


# --- comparing and explaining --------------------------------------------------------

first_failing = compare.first_failing
agrees = compare.agrees


def _kind(event: Any) -> str:
    if isinstance(event, list) and event and isinstance(event[0], str):
        return event[0]
    return "d" if isinstance(event, int) and not isinstance(event, bool) else "?"


def _scores(event: list) -> tuple:
    """The (score0, score1) a strategy call implies, from the mover's point of view."""
    _, who, score, opponent, _ = event
    return (score, opponent) if who == 0 else (opponent, score)


def _pair(pair: Sequence) -> str:
    return "(" + ", ".join(str(x) for x in pair) + ")"


def _what(event: Any) -> str:
    kind = _kind(event)
    if event is None:
        return "nothing more"
    if kind == "s":
        return f"player {event[1]}'s turn: strategy{event[1]}({event[2]}, {event[3]})"
    if kind == "d":
        return "another die roll"
    if kind == "c":
        return f"commentary #{event[1]} called with ({event[2]}, {event[3]})"
    if kind == "r":
        return f"play to return {event[1]}"
    if kind == "e":
        return f"play to raise {event[1]}"
    return repr(event)


@dataclass
class Turn:
    number: int  # 1-based
    start: int  # index of its strategy call in the trace
    who: int
    scores: tuple  # (score0, score1) before the turn
    dice: int  # how many dice the strategy asked for
    outcomes: List[int]

    def words(self) -> str:
        dice = "1 die" if self.dice == 1 else f"{self.dice} dice"
        rolled = f"player {self.who} rolled {dice} at {_pair(self.scores)}"
        if self.outcomes:
            rolled += f" (outcomes {', '.join(map(str, self.outcomes))})"
        return rolled


def turns(trace: Trace) -> List[Turn]:
    out = []
    for index, event in enumerate(trace):
        if _kind(event) == "s":
            outcomes = []
            for later in trace[index + 1:]:
                if _kind(later) != "d":
                    break
                outcomes.append(later)
            out.append(Turn(len(out) + 1, index, event[1], _scores(event), event[4], outcomes))
    return out


def _dice_in_turn(trace: Trace, turn_start: int) -> int:
    count = 0
    for event in trace[turn_start + 1:]:
        if _kind(event) == "s":
            break
        count += _kind(event) == "d"
    return count


def explain(spec: Spec, expected: Trace, got: Trace) -> str:
    """The first difference between two traces of SPEC, in words, at the turn it is in."""
    at = compare.align(expected, got)
    if at is None:
        return "the traces agree"
    k, j = at
    want = expected[k] if k < len(expected) else None
    have = got[j] if j < len(got) else None
    done = [t for t in turns(expected) if t.start < k]
    turn = done[-1] if done else None
    where = f"turn {turn.number}: {turn.words()}" if turn else "before the first turn"
    kw, kh = _kind(want), _kind(have)
    last = next((e for e in reversed(got[:j]) if _kind(e) == "s"), None)
    if kh == "s" and turn is not None and last is not None and last[1:4] == have[1:4]:
        return (f"{where}; expected strategy{have[1]} called once this turn, "
                f"got a second call strategy{have[1]}({have[2]}, {have[3]})")
    if kw == "s" and kh == "s":
        upcoming = f"turn {len(done) + 1}"
        if want[1] != have[1]:
            return (f"{upcoming}: expected player {want[1]} to move (a swap does not change "
                    f"whose turn is next), got strategy{have[1]} called"
                    + (f", after {where}" if turn else ""))
        ordered_before = any(_kind(e) == "s" and e[1] == want[1] and e[2] != e[3]
                             for e in expected[:k])
        if (have[2], have[3]) == (want[3], want[2]) and not ordered_before:
            return (f"{upcoming}: strategy{want[1]} got the scores in the wrong order: expected "
                    f"strategy{want[1]}({want[2]}, {want[3]}) (the mover's own score first), "
                    f"got strategy{want[1]}({have[2]}, {have[3]})")
        if turn is None:
            return (f"turn 1: expected the game to start at {_pair(_scores(want))}, "
                    f"got strategy0({have[2]}, {have[3]})")
        return (f"{where}; expected {_pair(_scores(want))} after the turn, "
                f"got {_pair(_scores(have))}")
    if "d" in (kw, kh) and turn is not None:
        rolled = _dice_in_turn(got, next(i for i in range(j - 1, -1, -1) if _kind(got[i]) == "s"))
        return (f"{where}; expected the die called {turn.dice} time(s), once per die rolled, "
                f"got {rolled} call(s)")
    if kw == "c" and kh == "c":
        if want[1] != have[1]:
            return (f"{where}; expected commentary #{want[1]} (the function the previous "
                    f"commentary returned) to be called, got #{have[1]}: play must call what "
                    "say returned")
        return (f"{where}; expected the commentary called with {_pair(want[2:])} (the scores "
                f"after the swap), got {_pair(have[2:])}")
    if kw == "r" and kh == "r":
        return f"the game ended after {where}; expected play to return {want[1]}, got {have[1]}"
    if kw == "s":
        after = f" (after {where})" if turn else ""
        return f"turn {len(done) + 1}: expected {_what(want)}, got {_what(have)}{after}"
    return f"{where}; expected {_what(want)}, got {_what(have)}"


# --- reproductions -------------------------------------------------------------------

def _strategy_code(name: str, strategy: list) -> str:
    choices, a, b = strategy
    size = len(choices)
    if size == 1 or (a % size == 0 and b % size == 0):
        pick = str(choices[0])
    else:
        terms = [t for t in (f"{a} * score" if a != 1 else "score",
                             f"{b} * opponent" if b != 1 else "opponent")
                 if not t.startswith("0 ")]
        pick = f"{choices}[({' + '.join(terms)}) % {size}]"
    return (f"def {name}(score, opponent):\n"
            f"    n = {pick}\n"
            f"    print('{name}', score, opponent, '->', n)\n"
            f"    return n\n")


def reproduction(spec: Spec) -> str:
    """SPEC as code to paste into `python3 -i hog.py`: it prints every call that the
    trace records, so its output is the trace (see `render`)."""
    parts = [_strategy_code("strategy0", spec["strategies"][0]),
             _strategy_code("strategy1", spec["strategies"][1]),
             f"test_dice = make_test_dice({', '.join(map(str, spec['dice']))})\n"
             "def dice():\n"
             "    outcome = test_dice()\n"
             "    print('  dice ->', outcome)\n"
             "    return outcome\n"]
    say = ""
    if spec.get("say"):
        parts.append("def commentary(k):\n"
                     "    def say(score0, score1):\n"
                     "        print('  commentary', k, 'called with', score0, score1)\n"
                     "        return commentary(k + 1)\n"
                     "    return say\n")
        say = ", say=commentary(0)"
    parts.append(f"play(strategy0, strategy1, score0={spec['score0']}, score1={spec['score1']},\n"
                 f"     dice=dice, goal={spec['goal']}{say}, feral_hogs={spec['feral_hogs']})\n")
    return "\n".join(parts)


def render(trace: Trace, tracebacks: bool = True) -> str:
    """What the reproduction prints for TRACE in `python3 -i hog.py`."""
    lines = []
    for event in trace:
        kind = _kind(event)
        if kind == "s":
            lines.append(f"strategy{event[1]} {event[2]} {event[3]} -> {event[4]}")
        elif kind == "d":
            lines.append(f"  dice -> {event}")
        elif kind == "c":
            lines.append(f"  commentary {event[1]} called with {event[2]} {event[3]}")
        elif kind == "r":
            if event[1] != "None":
                lines.append(event[1])
        elif kind == "e":
            lines.append((event[2] if tracebacks and len(event) > 2 and event[2]
                          else "").rstrip("\n") or event[1])
            if fuzz_driver.GameTooLong.__name__ in event[1]:
                lines.append("(in python3 -i this game never ends: press Ctrl-C)")
        else:
            lines.append(repr(event))
    return "\n".join(lines) + "\n"


# --- a child process that plays games for shrinking ----------------------------------

class PlayerGone(Exception):
    """The process playing the student's games died, hung or wrote garbage."""


class Player:
    """A child process serving games with the submission's `play`: student code runs
    there (wrapped like the worker, e.g. in a sandbox), never in the grader."""

    def __init__(self, argv: List[str], src: Path, module: str = "hog",
                 env: Optional[Dict[str, str]] = None, timeout: float = 5.0):
        self.timeout = timeout
        self.process = spawn(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            start_new_session=True, env=env)
        self.buffer = b""
        self._send({"src": str(Path(src).resolve()), "module": module})
        reply = self._receive()
        if not isinstance(reply, dict) or not reply.get("ready"):
            self.close()
            raise PlayerGone(str(reply))

    def _send(self, message: Any) -> None:
        try:
            self.process.stdin.write((json.dumps(message) + "\n").encode())
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise PlayerGone("the process playing the games has died") from None

    def _receive(self) -> Any:
        deadline = time.monotonic() + self.timeout
        out = self.process.stdout
        while b"\n" not in self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self.close()
                raise PlayerGone(f"a game took longer than {self.timeout:g} s")
            ready, _, _ = select.select([out], [], [], remaining)
            if ready:
                chunk = os.read(out.fileno(), 1 << 20)
                if not chunk:
                    self.close()
                    raise PlayerGone("the process playing the games has died")
                self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        try:
            return json.loads(line)
        except ValueError:
            self.close()
            raise PlayerGone("the process playing the games wrote garbage") from None

    def traces(self, specs: Sequence[Spec]) -> List[Trace]:
        self._send(list(specs))
        reply = self._receive()
        if not isinstance(reply, list) or len(reply) != len(specs):
            self.close()
            raise PlayerGone("the process playing the games answered nonsense")
        return reply

    def close(self) -> None:
        end_group(self.process, timeout=0)
        for stream in (self.process.stdin, self.process.stdout):
            try:
                stream.close()
            except OSError:
                pass


def player_argv(python: str = sys.executable,
                wrap: Callable[[List[str]], List[str]] = lambda argv: argv) -> List[str]:
    return wrap([python, "-I", "-B", str(DRIVER)])


# --- shrinking -----------------------------------------------------------------------

def spec_strategy(feral_hogs: bool, say: bool):
    """Hypothesis strategy of game specs; its simplest games are short ones."""
    from hypothesis import strategies as st

    @st.composite
    def specs(draw):
        goal = draw(st.integers(1, 100))
        score0 = draw(st.integers(0, goal - 1))
        score1 = draw(st.integers(0, goal - 1))
        strategies = [[draw(st.lists(st.integers(0, 10), min_size=1, max_size=4)),
                       draw(st.integers(0, 5)), draw(st.integers(0, 5))] for _ in range(2)]
        dice = draw(st.lists(st.integers(1, 6), min_size=1, max_size=6))
        return {"strategies": strategies, "dice": dice, "score0": score0, "score1": score1,
                "goal": goal, "feral_hogs": feral_hogs, "say": say}
    return specs()


def shrink(spec: Spec, fails: Callable[[Spec], bool], size: Callable[[Spec], int],
           budget: float = 10.0, max_examples: int = 400) -> Spec:
    """The smallest game (by SIZE) that FAILS, found by hypothesis (derandomised, no
    example database), or SPEC itself if nothing smaller fails within BUDGET seconds.

    Past the budget every new game counts as passing, so hypothesis winds down at
    once; answers are cached, so its final replay of the minimal game agrees.
    """
    from hypothesis import HealthCheck, Phase, Verbosity, errors, find, settings

    deadline = time.monotonic() + budget
    answers: Dict[str, bool] = {}

    def condition(candidate: Spec) -> bool:
        key = json.dumps(candidate, sort_keys=True)
        if key not in answers:
            answers[key] = time.monotonic() < deadline and fails(candidate)
        return answers[key]

    config = settings(database=None, derandomize=True, max_examples=max_examples,
                      deadline=None, verbosity=Verbosity.quiet, report_multiple_bugs=False,
                      phases=(Phase.generate, Phase.shrink),
                      suppress_health_check=list(HealthCheck))
    try:
        found = find(spec_strategy(spec["feral_hogs"], bool(spec.get("say"))), condition,
                     settings=config)
    except (errors.NoSuchExample, errors.Unsatisfiable):
        return spec
    return found if size(found) < size(spec) else spec
