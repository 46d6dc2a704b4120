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
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence

from . import compare
from . import explain as fuzz_explain
from . import driver as fuzz_driver
from ... import untrusted
from ...run.process import GUARD_GRACE, Outbox, end_group, guard_argv, guarded
from ...run.ready import readable

DRIVER = Path(fuzz_driver.__file__)

Spec = Dict[str, Any]
Trace = List[Any]


def driver_source() -> str:
    from ...run import scripts
    return scripts.source(fuzz_driver.__name__)


# --- the edition: how its play is called ------------------------------------------

class AdapterError(Exception):
    """An edition's rules module that does not say how to fuzz its play."""


def settings(rules: Any = None) -> Dict[str, Any]:
    """The edition's fuzzing settings (`PLAY` in its rules module) with defaults; with
    no RULES, those of a Fall 2019-shaped play (the tracer's keyword call)."""
    return fuzz_explain.play_settings(rules)


def check_adapter(rules: Any) -> None:
    """RULES say how to fuzz their edition's play, or AdapterError says what is missing."""
    missing = [name for name in ("PLAY", "play_game", "play_code") if not hasattr(rules, name)]
    if missing:
        raise AdapterError(f"the rules of edition {getattr(rules, 'NAME', '?')} do not say how "
                           f"to fuzz its play (no {', '.join(missing)}; see grader.hog.editions)")


_SOURCES: Dict[tuple, str] = {}


def edition_source(rules: Any) -> str:
    """What the worker's tracer needs of the rules module, sent beside it: its `PLAY`
    settings and its `play_game` (with what that reads at the module's top level), never
    the rules themselves, which graded code could read out of its own job and print into
    a visible case's output (attack23 F2). From the module's loader, so a module inside
    the zip of a workspace's self-contained runner has one too; worked out once per
    module and process (every fuzz case of a run sends it)."""
    key = (rules.__name__, getattr(rules, "__file__", None))
    if key not in _SOURCES:
        loader = getattr(rules, "__loader__", None)
        text = loader.get_source(rules.__name__) if hasattr(loader, "get_source") else None
        if text is None:
            text = Path(rules.__file__).read_text(encoding="utf-8")
        _SOURCES[key] = _adapter(text, getattr(rules, "PLAY", None))
    return _SOURCES[key]


def _adapter(text: str, play: Any) -> str:
    """PLAY as a literal, and `play_game` with the top-level definitions it reads, from
    the rules module's source TEXT (the whole of it where PLAY is no literal)."""
    import ast
    from ... import asts
    try:
        written = repr(play)
        if asts.literal_eval(written) != play:
            return text
        tree = asts.parse(text)
    except (ValueError, SyntaxError, RecursionError):
        return text
    defined: Dict[str, ast.stmt] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defined[node.name] = node
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    defined[target.id] = node
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                defined[(alias.asname or alias.name).split(".")[0]] = node
    wanted, todo = [], ["play_game"]
    while todo:
        node = defined.get(todo.pop())
        if node is None or node in wanted:
            continue
        wanted.append(node)
        local = ({a.arg for a in ast.walk(node.args) if isinstance(a, ast.arg)}
                 if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else set())
        todo += [n.id for n in ast.walk(node) if isinstance(n, ast.Name) and n.id not in local]
    wanted = [node for node in tree.body if node in wanted and node is not defined.get("PLAY")]
    return "\n\n".join([f"PLAY = {written}", *(ast.get_source_segment(text, node) or ""
                                                 for node in wanted)]) + "\n"


def game_options(rules: Any, given: Dict[str, Any]) -> Dict[str, bool]:
    """The edition's own options of a game: GIVEN (a suite's parameters) over defaults."""
    return {name: bool(given.get(name, default))
            for name, default in settings(rules)["options"].items()}


# --- games ---------------------------------------------------------------------------

def random_spec(rng: random.Random, play: Dict[str, Any], options: Dict[str, bool],
                say: bool, goal: int = 100,
                counts: Optional[Sequence[Sequence[int]]] = None) -> Spec:
    """One game: a random start and goal (where the edition's play takes them), short
    test dice, two strategies drawn from a few dice counts by a linear hash of the two
    scores.

    COUNTS, when given, are the sets of dice counts a strategy may draw from (one set
    per strategy, picked at random): a question keeps a rule it does not own from
    firing that way (fa19: no two counts 2 apart, so Feral Hogs never fires)."""
    if play["goal"]:
        goal = rng.choice((100, rng.randint(1, 100), rng.randint(5, 40)))
    if not play["start"] or rng.random() < 0.4:
        score0 = score1 = 0
    else:
        score0, score1 = rng.randrange(goal), rng.randrange(goal)
    if counts:
        pools = [list(rng.choice(counts)) for _ in range(2)]
        strategies = [[[rng.choice(pool) for _ in range(rng.randint(1, 4))],
                       rng.randint(0, 5), rng.randint(0, 5)] for pool in pools]
    else:
        strategies = [[[rng.randint(0, 10) for _ in range(rng.randint(1, 4))],
                       rng.randint(0, 5), rng.randint(0, 5)] for _ in range(2)]
    dice = {name: [rng.randint(1, faces) for _ in range(rng.randint(1, 6))]
            for name, faces in play["dice"].items()}
    return {"strategies": strategies, "dice": dice if len(dice) > 1 else next(iter(dice.values())),
            "score0": score0, "score1": score1, "goal": goal, **options,
            "say": bool(say and play["say"])}


def generate(seed: int, games: int, rules: Any = None, *, say: bool = False,
             counts: Optional[Sequence[Sequence[int]]] = None, **options: bool) -> List[Spec]:
    """The games of SEED for the edition of RULES (default: Fall 2019's shape, OPTIONS
    as given), strategies drawing from COUNTS if given: the same seed gives the same
    games on every run."""
    play = settings(rules)
    if rules is not None:
        options = game_options(rules, options)
    rng = random.Random(f"hog-fuzz:{seed}")
    goal = getattr(rules, "GOAL", 100)
    return [random_spec(rng, play, options, say, goal, counts) for _ in range(games)]

# --- the reference, traced in this process -------------------------------------------

# The reference is imported and traced in the grader's own process, which may grade
# several submissions at once in threads: importing touches sys.modules and tracing
# swaps sys.stdout (and an edition's adapter may set the module's dice), all global,
# so one thread at a time.
_REFERENCE_LOCK = threading.RLock()


@functools.lru_cache(maxsize=8)
def _reference_module(folder: str, module: str) -> Any:
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
    return loaded


def reference_module(folder: str, module: str = "hog") -> Any:
    """The trusted reference in FOLDER, imported under a private name so it cannot be
    confused with (or shadow) any other `hog`, `dice` or `ucb`."""
    with _REFERENCE_LOCK:
        return _reference_module(str(folder), module)


def reference_play(folder: str, module: str = "hog") -> Callable:
    return reference_module(folder, module).play


def reference_traces(folder: str, specs: Sequence[Spec], module: str = "hog",
                     rules: Any = None) -> List[Trace]:
    """The reference's traces of SPECS, its play called as the edition's RULES say."""
    with _REFERENCE_LOCK:
        hog = reference_module(str(folder), module)
        if rules is None:
            return fuzz_driver.trace_games(hog.play, specs)
        return fuzz_driver.trace_games(hog, specs, "", rules)


# --- comparing and explaining --------------------------------------------------------

def other_strategy(rules: Any) -> bool:
    """The edition lets play ask the other player's strategy once per turn."""
    return settings(rules)["other_strategy"] == "once"


def first_failing(expected: Sequence[Trace], got: Any, rules: Any = None) -> Optional[int]:
    return compare.first_failing(expected, got, other_strategy(rules))


def agrees(expected: Trace, got: Any, rules: Any = None) -> bool:
    return compare.agrees(expected, got, other_strategy(rules))


def _kind(event: Any) -> str:
    return compare.kind(event)


def explain(spec: Spec, expected: Trace, got: Any, rules: Any = None) -> str:
    """The first difference between two traces of SPEC, in words, at the turn it is in
    (see `fuzz.explain`); RULES, the edition's rules module, names the rule involved."""
    try:
        return fuzz_explain.explain(spec, expected, got, rules)
    except Exception:  # never let the words stop a verdict
        at = compare.align(expected, got, other_strategy(rules)) \
            if compare.problem(got) is None else None
        return ("the traces differ" + (f" at event {at[1] + 1}" if at else "")
                + " (the grader could not describe how)")


# --- reproductions -------------------------------------------------------------------

def _strategy_code(name: str, strategy: list) -> str:
    choices, a, b = strategy
    size = len(choices)
    if size == 1 or (a % size == 0 and b % size == 0):
        pick = str(choices[0])
    else:
        terms = [t for t in (f"{a} * score" if a != 1 else "score",
                             f"{b} * opponent_score" if b != 1 else "opponent_score")
                 if not t.startswith("0 ")]
        pick = f"{choices}[({' + '.join(terms)}) % {size}]"
    return (f"def {name}(score, opponent_score):\n"
            f"    n = {pick}\n"
            f"    print('{name}', score, opponent_score, '->', n)\n"
            f"    return n\n")


def reproduction(spec: Spec, rules: Any = None) -> str:
    """SPEC as code to paste into `python3 -i hog.py`: it prints every call that the
    trace records, so its output is the trace (see `render`). The test dice are named
    as the edition's `PLAY["dice"]`, the first commentary function is `announcer(0)`,
    and the call of play is the edition's `play_code`."""
    play = settings(rules)
    names = list(play["dice"])
    given = spec["dice"] if isinstance(spec["dice"], dict) else {names[0]: spec["dice"]}
    parts = ["from dice import make_test_dice\n",
             _strategy_code("strategy0", spec["strategies"][0]),
             _strategy_code("strategy1", spec["strategies"][1])]
    for name in names:
        parts.append(f"test_{name} = make_test_dice({', '.join(map(str, given[name]))})\n"
                     f"def {name}():\n"
                     f"    outcome = test_{name}()\n"
                     f"    print('  {name} ->', outcome)\n"
                     "    return outcome\n")
    if spec.get("say"):
        parts.append("def announcer(k):\n"
                     "    def say(*args):\n"
                     "        print('  commentary', k, 'called with', *args)\n"
                     "        return announcer(k + 1)\n"
                     "    return say\n")
    game = {key: value for key, value in spec.items() if key not in ("strategies", "dice")}
    parts.append(rules.play_code(game) if rules is not None else _keyword_code(game, names[0]))
    return "\n".join(parts)


def _keyword_code(game: Dict[str, Any], die: str) -> str:
    options = [f"{key}={game[key]!r}" for key in game if key != "say"]
    options.insert(2 if len(options) > 1 else 0, f"dice={die}")
    if game.get("say"):
        options.append("say=announcer(0)")
    return f"play(strategy0, strategy1, {', '.join(options)})\n"


def render(trace: Any, tracebacks: bool = True, first_die: str = "dice") -> str:
    """What the reproduction prints for TRACE in `python3 -i hog.py` (FIRST_DIE: the
    name of the edition's first die, whose outcomes are plain ints in a trace)."""
    found = compare.problem(trace)
    if found:
        return f"(the record of this game is malformed: {found})\n"
    lines = []
    for event in trace:
        kind = _kind(event)
        if kind == "s":
            lines.append(f"strategy{event[1]} {event[2]} {event[3]} -> {event[4]}")
        elif kind == "d":
            lines.append(f"  {first_die} -> {event}" if type(event) is int
                         else f"  {event[1]} -> {event[2]}")
        elif kind == "c":
            lines.append(f"  commentary {event[1]} called with "
                         + " ".join(str(x) for x in event[2:]))
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

PLAYER_CAP = 64 << 20  # bytes of one answer: a game's traces are a few kB


class PlayerGone(Exception):
    """The process playing the student's games died, hung or wrote garbage."""


class Player:
    """A child process serving games with the submission's `play`: student code runs
    there (wrapped like the worker, e.g. in a sandbox), never in the grader.

    Once it has died, hung, stopped reading or written anything but a well-formed
    answer, it is closed for good: every later request raises `PlayerGone` at once.
    Every write to it and read from it has a deadline (TIMEOUT): its code may have
    forged its answers and stopped reading its games."""

    def __init__(self, argv: List[str], src: Path, module: str = "hog",
                 env: Optional[Dict[str, str]] = None, timeout: float = 5.0,
                 edition: Optional[str] = None):
        self.timeout = timeout
        self.gone: Optional[str] = None
        self.process, self.lifeline = guarded(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            env=env)
        self.buffer = bytearray()  # (+= on bytes copied it whole for each chunk: attack20 B3)
        self._send({"src": str(Path(src).resolve()), "module": module, "edition": edition})
        reply = self._receive()
        if not isinstance(reply, dict) or reply.get("ready") is not True:
            self._fail(f"the submission could not be loaded to play games "
                       f"({str(reply)[:200]})")

    def _fail(self, why: str):
        if self.gone is None:
            self.gone = why
            self.close()
        raise PlayerGone(self.gone)

    def _send(self, message: Any) -> None:
        if self.gone is not None:
            raise PlayerGone(self.gone)
        outbox = Outbox(self.process.stdin, (json.dumps(message) + "\n").encode())
        if not outbox.flush(self.timeout):
            if outbox.broken:
                self._fail("the process playing the games has died")
            self._fail(f"the process playing the games stopped reading them (it did not "
                       f"take a game within {self.timeout:g} s)")

    def _receive(self, games: int = 0) -> Any:
        if self.gone is not None:
            raise PlayerGone(self.gone)
        deadline = time.monotonic() + self.timeout
        out = self.process.stdout
        try:
            end = self.buffer.find(b"\n")
            while end < 0:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    self._fail(f"a game took longer than {self.timeout:g} s")
                ready = readable([out], remaining)
                if ready:
                    chunk = os.read(out.fileno(), 1 << 20)
                    if not chunk:
                        self._fail("the process playing the games has died")
                    at = chunk.find(b"\n")
                    if at >= 0:
                        end = len(self.buffer) + at
                    self.buffer += chunk
                    if len(self.buffer) > PLAYER_CAP:
                        self._fail("the process playing the games wrote too much")
        except (OSError, ValueError):
            self._fail("the process playing the games has died")
        line = bytes(self.buffer[:end])
        del self.buffer[:end + 1]
        if compare.too_large(line, games):  # GAMES' traces (0: the greeting)
            self._fail("the process playing the games wrote garbage")
        try:
            return untrusted.loads(line)
        except ValueError:
            self._fail("the process playing the games wrote garbage")

    def traces(self, specs: Sequence[Spec]) -> List[Any]:
        """The traces of SPECS, one per game, as they came back: a list of the right
        length, each trace still to be checked (`compare.problem`)."""
        self._send(list(specs))
        reply = self._receive(len(specs))
        if compare.traces_problem(reply, len(specs)):
            self._fail("the process playing the games answered nonsense")
        return reply

    def close(self) -> None:
        self.lifeline.cut()
        end_group(self.process, timeout=GUARD_GRACE)
        for stream in (self.process.stdin, self.process.stdout):
            try:
                stream.close()
            except (OSError, ValueError):
                pass


def player_argv(python: str = sys.executable,
                wrap: Callable[[List[str]], List[str]] = lambda argv: argv) -> List[str]:
    return wrap(guard_argv(python, DRIVER))


# --- shrinking -----------------------------------------------------------------------

def spec_strategy(play: Dict[str, Any], options: Dict[str, bool], say: bool, goal: int = 100,
                  counts: Optional[Sequence[Sequence[int]]] = None):
    """Hypothesis strategy of game specs like `random_spec`'s (with the same COUNTS);
    its simplest games are short ones."""
    from hypothesis import strategies as st

    @st.composite
    def specs(draw):
        end = draw(st.integers(1, 100)) if play["goal"] else goal
        if play["start"]:
            score0, score1 = draw(st.integers(0, end - 1)), draw(st.integers(0, end - 1))
        else:
            score0 = score1 = 0
        pools = [st.integers(0, 10) if not counts
                 else st.sampled_from(list(draw(st.sampled_from(list(counts)))))
                 for _ in range(2)]
        strategies = [[draw(st.lists(pool, min_size=1, max_size=4)),
                       draw(st.integers(0, 5)), draw(st.integers(0, 5))] for pool in pools]
        dice = {name: draw(st.lists(st.integers(1, faces), min_size=1, max_size=6))
                for name, faces in play["dice"].items()}
        return {"strategies": strategies,
                "dice": dice if len(dice) > 1 else next(iter(dice.values())),
                "score0": score0, "score1": score1, "goal": end, **options,
                "say": say}
    return specs()


def shrink(spec: Spec, fails: Callable[[Spec], bool], size: Callable[[Spec], int],
           budget: float = 10.0, max_examples: int = 400, rules: Any = None,
           counts: Optional[Sequence[Sequence[int]]] = None) -> Spec:
    """The smallest game (by SIZE) that FAILS, found by hypothesis (derandomised, no
    example database), or SPEC itself if nothing smaller fails within BUDGET seconds.

    Past the budget every new game counts as passing, so hypothesis winds down at
    once; answers are cached, so its final replay of the minimal game agrees. A replay
    that breaks (the student's process died, say) counts as passing: it is no smaller
    game known to fail, and nothing it raises reaches hypothesis.
    """
    from hypothesis import HealthCheck, Phase, Verbosity, errors, find
    from hypothesis import settings as hypothesis_settings

    deadline = time.monotonic() + budget
    answers: Dict[str, bool] = {}
    broken: List[BaseException] = []

    def condition(candidate: Spec) -> bool:
        key = json.dumps(candidate, sort_keys=True)
        if key not in answers:
            answers[key] = False
            if time.monotonic() < deadline and not broken:
                try:
                    answers[key] = bool(fails(candidate))
                except Exception as error:  # the player died or hung: stop asking
                    broken.append(error)
        return answers[key]

    config = hypothesis_settings(
        database=None, derandomize=True, max_examples=max_examples, deadline=None,
        verbosity=Verbosity.quiet, report_multiple_bugs=False,
        phases=(Phase.generate, Phase.shrink), suppress_health_check=list(HealthCheck))
    play = settings(rules)
    try:
        options = {name: spec[name] for name in play["options"] if name in spec}
        if rules is None:
            options = {key: value for key, value in spec.items() if type(value) is bool
                       and key != "say"}
        strategy = spec_strategy(play, options, bool(spec.get("say")),
                                 getattr(rules, "GOAL", 100), counts)
        found = find(strategy, condition, settings=config)
        return found if size(found) < size(spec) else spec
    except (errors.NoSuchExample, errors.Unsatisfiable):
        return spec
    except Exception:  # shrinking is a courtesy: the game that failed stands as it is
        return spec
