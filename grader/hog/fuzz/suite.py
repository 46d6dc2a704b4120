"""Fuzz suites: random games of `play`, compared turn by turn with the reference.

A case file's suite `{'type': 'fuzz', 'say': False, 'games': 1000, 'shrink': 10,
'cases': [{'seed': 1}]}`, plus the edition's own options (fa19: `'feral_hogs': False`),
plays, for each case, the games of its seed with the student's `play` in the worker
(the tracer `fuzz_driver` and the edition's rules module, which says how its play is
called, travel as the case's setup) and judges the traces here. Two modes, chosen by
the suite itself:

- live (staff case files): the trusted reference plays the same games in this
  process; a failing game is shrunk (hypothesis) in a child process and printed as
  code to paste into `python3 -i hog.py`.
- recorded (`'mode': 'recorded', 'recorded': '05a.fuzz.json'`, written by
  `grade init`): workspaces carry no reference, so the expected traces of a fixed
  set of games are stored beside the case file and compared instead; no shrinking.
"""

from __future__ import annotations

import functools
import time
import json
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

from ... import assignment as assignments, untrusted
from . import commentary
from . import engine as fuzz
from ...model import Case, CaseResult, CaseRun, ExampleOutput, Question, RaisedException
from ...run.runner import CaseJob, Runner

DEFAULTS = {"games": 1000, "say": False, "shrink": 10.0, "recorded_games": 100, "seed": 1}
OUTPUT_CAP = 32 * 1024 * 1024
HEADER = "# Paste into python3 -i hog.py to replay the game:\n"
# reference: the whole game against the reference's; commentary: only the commentary,
# against the student's own game (see fuzz.commentary)
JUDGES = ("reference", "commentary")


class FuzzSetupError(Exception):
    """A fuzz suite that cannot be run as written (bad parameters, missing data)."""


def params(case: Case) -> Dict[str, Any]:
    """The suite's parameters with the case's own on top."""
    merged = dict(DEFAULTS)
    merged.update({k: v for k, v in case.suite.raw.items() if k != "cases"})
    merged.update(case.raw)
    for key in ("games", "seed", "recorded_games"):
        if isinstance(merged[key], bool) or not isinstance(merged[key], int):
            raise FuzzSetupError(f"fuzz suite parameter {key!r} must be an integer")
    merged["dice_counts"] = dice_counts(merged.get("dice_counts"))
    if merged.get("judge", "reference") not in JUDGES:
        raise FuzzSetupError(f"fuzz suite parameter 'judge' must be one of {', '.join(JUDGES)}")
    if merged.get("judge") == "commentary" and not merged["say"]:
        raise FuzzSetupError("a fuzz suite judging commentary needs 'say': true")
    return merged


def dice_counts(value: Any) -> Optional[Tuple[Tuple[int, ...], ...]]:
    """The suite's `dice_counts` (sets of dice counts the games' strategies draw from),
    checked, as a hashable tuple; None when the suite leaves them free (0 to 10)."""
    if value is None:
        return None
    ok = isinstance(value, list) and value and all(
        isinstance(pool, list) and pool and all(
            isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 10 for n in pool)
        for pool in value)
    if not ok:
        raise FuzzSetupError("fuzz suite parameter 'dice_counts' must be a list of non-empty "
                             "lists of dice counts from 0 to 10")
    return tuple(tuple(pool) for pool in value)


_REPRS: Dict[int, Tuple[Sequence, List[str]]] = {}

# Passing verdicts by (case, the traces' line as printed): a class's correct submissions
# print the same line, byte for byte, and a pass depends on nothing else (its specs and
# the reference's traces, checked by identity). Bulk grading decoded and compared ~1 MB of
# JSON per submission again for each; a failure is always judged in full (it shrinks).
_PASSED: Dict[Tuple[int, str, bool], Tuple[Case, list, Sequence, str]] = {}
_PASSED_CAP = 64


def _reprs(traces: Sequence) -> List[str]:
    """repr of each of the reference's TRACES (a list kept by `_live_traces` or a
    recorded file's), once per list and process: bulk judges every submission on it."""
    kept = _REPRS.get(id(traces))
    if kept is None or kept[0] is not traces:
        if len(_REPRS) > 64:
            _REPRS.clear()
        kept = _REPRS[id(traces)] = (traces, [repr(trace) for trace in traces])
    return kept[1]


def _specs(rules: Any, p: Dict[str, Any], games: int) -> List[Dict[str, Any]]:
    options = fuzz.game_options(rules, p)
    return fuzz.generate(p["seed"], games, rules, say=bool(p["say"]),
                         counts=dice_counts(p.get("dice_counts")), **options)


@functools.lru_cache(maxsize=16)
def _live_traces(folder: str, module: str, rules: Any, seed: int, games: int,
                 options: Tuple[Tuple[str, bool], ...], say: bool,
                 counts: Optional[Tuple[Tuple[int, ...], ...]]) -> Tuple[list, list]:
    specs = fuzz.generate(seed, games, rules, say=say, counts=counts, **dict(options))
    return specs, fuzz.reference_traces(folder, specs, module, rules)

def _recorded_path(case: Case, p: Dict[str, Any]) -> Path:
    if case.suite.path is None:
        raise FuzzSetupError("a recorded fuzz suite must be loaded from a case file")
    return case.suite.path.parent / str(p["recorded"])


def _recorded(path: Path, seed: int, traces: bool = True) -> Tuple[list, list]:
    """The recorded games of SEED: a file in the student's workspace, so its shape is
    checked like anything else a student controls. The specs alone (TRACES false) are
    all a job needs: the traces are checked when judging, while the worker plays."""
    try:
        data = path.read_bytes()
    except OSError:
        data = b""
    found = _checked(data, seed, traces)
    if isinstance(found, str):
        import grader
        raise FuzzSetupError(f"{path} holds no usable recorded games for seed {seed} "
                             f"({found}): {grader.restore_tests_advice('hog.py')}")
    return found


@functools.lru_cache(maxsize=32)
def _checked(data: bytes, seed: int, traces: bool) -> Any:
    """(specs, traces) of a recorded file's DATA, parsed and checked once per process
    (a job and its judge read the same file), or what is wrong with it (words)."""
    if traces:
        found = _checked(data, seed, False)
        if isinstance(found, str):
            return found
        for trace in found[1]:
            problem = fuzz.compare.problem(trace)
            if problem:
                return problem
        return found
    try:
        games = json.loads(data.decode("utf-8"))["seeds"][str(seed)]
    except (ValueError, KeyError, TypeError, RecursionError):
        games = None
    if type(games) is not list or not games:
        return "no recorded games"
    for game in games:
        if type(game) is not list or len(game) != 2:
            return "a game is not [spec, trace]"
        problem = fuzz.compare.spec_problem(game[0])
        if problem:
            return problem
    return [g[0] for g in games], [g[1] for g in games]


class FuzzKind(assignments.AssignmentBound):
    """The 'fuzz' suite kind (see `grader.session.SUITE_KINDS`). One instance grades one
    run of one submission: it remembers how that run's games of play went."""

    def __init__(self, assignment: Optional[assignments.Assignment] = None):
        super().__init__(assignment)
        # id(case) -> (its job's id, the run's order; the options of its games)
        self._jobs: Dict[int, Tuple[int, tuple]] = {}
        # job id -> verdict (None until judged) of each case judging play's whole games
        self._play_verdicts: Dict[int, Optional[str]] = {}

    def games(self, case: Case, traces: bool = True) -> Tuple[Dict[str, Any], list, list]:
        """(parameters, specs, expected traces) of CASE; recorded traces are checked
        only when TRACES is true."""
        p = params(case)
        rules = self.rules()
        if p.get("mode", "live") == "recorded":
            specs, expected = _recorded(_recorded_path(case, p), p["seed"], traces)
        else:
            a = self.assignment
            options = tuple(sorted(fuzz.game_options(rules, p).items()))
            specs, expected = _live_traces(str(a.reference), a.module, rules, p["seed"],
                                           p["games"], options, bool(p["say"]),
                                           p["dice_counts"])
        return p, specs, expected

    def rules(self):
        """The edition's rules module, which says how its play is fuzzed."""
        from .. import editions
        try:
            rules = self.assignment.rules()
            fuzz.check_adapter(rules)
        except (editions.RulesError, fuzz.AdapterError) as error:
            raise FuzzSetupError(str(error)) from None
        return rules

    def _rules(self):
        try:
            return self.rules()
        except FuzzSetupError:
            return None

    def job(self, case: Case, job_id: int) -> CaseJob:
        try:
            p, specs, _ = self.games(case, traces=False)
        except FuzzSetupError:
            p, specs = {}, []  # the judge reports the problem
        rules = self._rules()
        options = tuple(sorted(fuzz.game_options(rules, p).items())) if p and rules else ()
        self._jobs[id(case)] = (job_id, options)
        if p.get("judge", "reference") == "reference":
            self._play_verdicts[job_id] = None
        edition = fuzz.edition_source(rules) if rules is not None else ""
        setup = ['_fuzz = {"__name__": "fuzz_driver"}\n',
                 f"exec(compile({fuzz.driver_source()!r}, 'fuzz_driver.py', 'exec'), _fuzz)\n",
                 '_edition = {"__name__": "fuzz_edition"}\n',
                 f"exec(compile({edition!r}, 'fuzz_edition.py', 'exec'), _edition)\n"]
        stop = _stops_early(p)
        call = (f"_fuzz['fuzz_print_traces']({self.assignment.module!r}, "
                f"_fuzz['json'].loads({json.dumps(specs, separators=(',', ':'))!r}), _edition, "
                f"{stop})\n")
        return CaseJob(id=job_id, examples=[call], setup=setup, output_cap=OUTPUT_CAP)

    def judge(self, case: Case, run: CaseRun, runner: Optional[Runner] = None) -> CaseResult:
        result = self._judge(case, run, runner)
        job_id = self._jobs.get(id(case), (None,))[0]
        if job_id in self._play_verdicts:
            self._play_verdicts[job_id] = result.status
        return result

    def _play_trusted(self, case: Case) -> bool:
        """Whether this run judged play's whole games against the reference before CASE
        (a commentary case: it is judged after them), games of CASE's own options among
        them (fa19's Feral Hogs on: `-q 05a -q 06` checks play without it only), and
        every one of them passed."""
        mine, own = self._jobs.get(id(case), (-1, ()))
        before = [(self._play_verdicts[job_id], options) for job_id, options in self._jobs.values()
                  if job_id < mine and job_id in self._play_verdicts]
        return (any(options == own for _, options in before)
                and all(status == "passed" for status, _ in before))

    def _judge(self, case: Case, run: CaseRun, runner: Optional[Runner] = None) -> CaseResult:
        if run.status == "timeout":
            return CaseResult(case, "timeout", message=f"the fuzz games {run.message}")
        if run.status in ("crashed", "setup-error"):
            return CaseResult(case, "error", message=run.message or "the fuzz driver failed")
        try:
            p, specs, expected = self.games(case)
        except FuzzSetupError as error:
            return CaseResult(case, "error", message=str(error))
        outputs = run.outputs if isinstance(run.outputs, list) else []
        output = outputs[0] if outputs else None
        if not isinstance(output, ExampleOutput) or not isinstance(output.printed, str):
            return CaseResult(case, "error", message="the fuzz test could not call play")
        if output.raised is not None:
            raised = output.raised.traceback if isinstance(output.raised, RaisedException) else ""
            return CaseResult(case, "error", traceback=str(raised),
                              message="the fuzz test could not call play")
        line = output.printed.rstrip("\n").rsplit("\n", 1)[-1]
        trusted = p.get("judge") == "commentary" and self._play_trusted(case)
        key = (id(case), line, trusted)
        known = _PASSED.get(key)
        if known is not None and known[0] is case and known[1] is specs \
                and known[2] is expected:
            return CaseResult(case, "passed", message=known[3])
        result = self._judge_traces(case, p, specs, expected, output, runner, trusted)
        if result.status == "passed":
            if len(_PASSED) >= _PASSED_CAP:
                _PASSED.clear()
            _PASSED[key] = (case, specs, expected, result.message)
        return result

    def _judge_traces(self, case: Case, p: Dict[str, Any], specs: list, expected: Sequence,
                      output: ExampleOutput, runner: Optional[Runner],
                      trusted: bool = False) -> CaseResult:
        got, problem = read_traces(output.printed, len(specs), _stops_early(p))
        if problem:
            return CaseResult(case, "error", message=f"the fuzz games' traces came back "
                              f"unreadable ({problem}): does play write over the grader's "
                              "output or change the tracer?")
        if p.get("judge") == "commentary":
            return self._judge_commentary(case, p, specs, got, runner, expected, trusted)
        index = fuzz.first_failing(expected, got, self._rules())
        recorded = p.get("mode") == "recorded"
        source = "recorded game" if recorded else "game"
        if index is None:
            return CaseResult(case, "passed", message=(
                f"{len(specs)} {source}s agree with the reference (seed {p['seed']})"))
        if index >= len(got):  # the reference's game went on as long: the batch stopped
            return CaseResult(case, "error", message=(
                f"fuzz {source} {index} went on past the tracer's limit as the reference's "
                "did: the case cannot judge play"))
        spec, want, have = specs[index], expected[index], got[index]
        message = (f"Fuzz {source} {index + 1} of {len(specs)} (seed {p['seed']}) differs from "
                   f"the reference: {fuzz.explain(spec, want, have, self._rules())}.")
        malformed = fuzz.compare.problem(have) is not None
        if not recorded and runner is not None and p["shrink"] and not malformed:
            small = self._shrink(spec, runner, float(p["shrink"]), p["dice_counts"])
            if small is not None and small[0] is not spec:
                spec, want, have = small
                message += (f"\nThe smallest failing game found: "
                            f"{fuzz.explain(spec, want, have, self._rules())}.")
        message += "\nThe code below replays it; Expected and Got are what it prints."
        rules = self._rules()
        first = next(iter(fuzz.settings(rules)["dice"]))
        expected, got = window(fuzz.render(want, tracebacks=False, first_die=first),
                               fuzz.render(have, first_die=first))
        return CaseResult(case, "failed", message=message, expected=expected, got=got,
                          transcript=HEADER + fuzz.reproduction(spec, rules).rstrip("\n"))

    def _returns_scores(self) -> bool:
        return fuzz.settings(self._rules())["returns"] == "scores"

    def _commentary_fault(self, trace: Any, spec: Optional[Dict[str, Any]] = None,
                          reference: Optional[Sequence] = None) -> Optional[str]:
        """What is wrong with TRACE's commentary; given the REFERENCE's trace of SPEC,
        first whether play played that game otherwise (see `_judge_commentary`)."""
        found = fuzz.compare.problem(trace)
        if found:
            return f"the record of this game that came back is malformed ({found})"
        if reference is not None and spec is not None:
            differs = self._own_game_differs(spec, reference, trace)
            if differs:
                return differs
        return commentary.fault(trace, self._returns_scores(), self._rules(), spec)

    def _judge_commentary(self, case: Case, p: Dict[str, Any], specs: list, got: list,
                          runner: Optional[Runner], expected: Sequence = (),
                          trusted: bool = False) -> CaseResult:
        """Each game's commentary judged on the game the student's play played. In a
        live suite, a game that is the reference's own game of its spec, event for
        event, has the reference's commentary: it is not analysed (most games of most
        submissions). Recorded games are all analysed: their file is in the student's
        folder, and commentary is judged on the game alone, whatever the file says.

        A game play plays otherwise than the reference is the play questions' business,
        unless TRUSTED: this run has judged play's whole games already, and they all
        passed. Then play plays differently here, where it is given a commentary, and
        that is this question's (a play that cut its games short here would have every
        commentary bug excused)."""
        recorded = p.get("mode") == "recorded"
        source = "recorded game" if recorded else "game"
        reference = _reprs(expected) if not recorded else []
        same = [i < len(reference) and trace == expected[i] and repr(trace) == reference[i]
                for i, trace in enumerate(got)]  # repr: 1.0 and True are not 1 here

        def why(i: int) -> Optional[str]:
            return self._commentary_fault(got[i], specs[i], expected[i] if trusted
                                          and i < len(expected) else None)

        index, reason = next(((i, w) for i, w in ((i, why(i)) for i in range(len(got))
                                                   if not same[i]) if w), (None, None))
        if index is None:
            return CaseResult(case, "passed", message=(
                f"{len(specs)} {source}s agree: the commentary fits the game play played "
                f"in each (seed {p['seed']})"))
        spec, have = specs[index], got[index]
        message = (f"Fuzz {source} {index + 1} of {len(specs)} (seed {p['seed']}) has "
                   f"commentary that does not fit the game your play played: {reason}.")
        malformed = fuzz.compare.problem(have) is not None
        rules = self._rules()
        own_game = malformed or not (trusted and index < len(expected) and
                                     self._own_game_differs(spec, expected[index], have))
        if own_game:
            if not recorded and runner is not None and p["shrink"] and not malformed:
                small = self._shrink(spec, runner, float(p["shrink"]), p["dice_counts"],
                                     own_game=True)
                if small is not None and small[0] is not spec:
                    spec, _, have = small
                    message += (f"\nThe smallest failing game found: "
                                f"{self._commentary_fault(have, spec)}.")
            message += ("\nThe code below replays it; Expected is what it prints with the "
                        "commentary right for that same game, Got what it prints.")
            want = (commentary.expected(have, self._returns_scores()) if not malformed
                    else have)
        else:
            message = (f"Fuzz {source} {index + 1} of {len(specs)} (seed {p['seed']}): "
                       f"{reason}.\nThe code below replays it; Expected and Got are what "
                       "it prints.")
            want = expected[index]
        first = next(iter(fuzz.settings(rules)["dice"]))
        expected_text, shown = window(fuzz.render(want, tracebacks=False, first_die=first),
                                      fuzz.render(have, first_die=first))
        return CaseResult(case, "failed", message=message, expected=expected_text, got=shown,
                          transcript=HEADER + fuzz.reproduction(spec, rules).rstrip("\n"))

    def _own_game_differs(self, spec: Dict[str, Any], want: Sequence, have: Any
                          ) -> Optional[str]:
        """How the student's game HAVE, its commentary left out, differs from the
        reference's WANT, in words (None if it does not). HAVE is well-formed."""
        rules = self._rules()
        plain_want, plain_have = _uncommented(want), _uncommented(have)
        if fuzz.agrees(plain_want, plain_have, rules):
            return None
        return (f"your play plays this game otherwise than the reference "
                f"({fuzz.explain(dict(spec, say=False), plain_want, plain_have, rules)}), "
                "although its games in the play questions' fuzz tests all agreed with the "
                "reference in this run: commentary is judged on whole games, as play "
                "plays them when not given a commentary")

    def _shrink(self, spec, runner: Runner, budget: float,
                counts=None, own_game: bool = False) -> Optional[Tuple[dict, list, list]]:
        """(spec, expected, got) of the smallest failing game found among games like the
        suite's (dice COUNTS), or None (also when anything at all goes wrong: the game
        that failed stands on its own). OWN_GAME: a game fails on its commentary alone,
        judged on the student's own game."""
        left = (runner.wall_cap - runner.waited) if runner.wall_cap is not None else budget
        if left <= 0:
            return None  # the submission's wall cap is spent: the failing game stands
        started = time.monotonic()
        try:
            return self._shrunk(spec, runner, min(budget, left), counts, own_game)
        except Exception:
            return None
        finally:  # the student's code ran meanwhile: its time counts as its cases' (attack29 F3)
            runner.waited += time.monotonic() - started

    def _shrunk(self, spec, runner: Runner, budget: float,
                counts, own_game: bool = False) -> Optional[Tuple[dict, list, list]]:
        a = self.assignment
        rules = self.rules()
        module = runner.preflight[0] if runner.preflight else a.module
        reference = functools.partial(fuzz.reference_traces, str(a.reference), module=module,
                                      rules=rules)
        try:
            player = fuzz.Player(fuzz.player_argv(runner.python, runner.wrap), runner.src,
                                 module, env=runner.env,
                                 timeout=min(runner.timeout, 5.0, max(budget, 0.1)),
                                 edition=fuzz.edition_source(rules))
        except fuzz.PlayerGone:
            return None
        try:
            def fails(candidate):
                have = player.traces([candidate])[0]
                if own_game:
                    return self._commentary_fault(have, candidate) is not None
                return not fuzz.agrees(reference([candidate])[0], have, rules)

            def size(candidate):
                return len(reference([candidate])[0])

            small = fuzz.shrink(spec, fails, size, budget=budget, rules=rules, counts=counts)
            if small is spec:
                return None
            want, have = reference([small])[0], player.traces([small])[0]
            failing = (self._commentary_fault(have, small) is not None if own_game
                       else not fuzz.agrees(want, have, rules))
            return (small, want, have) if failing else None
        except fuzz.PlayerGone:
            return None
        finally:
            player.close()


def _uncommented(trace: Sequence) -> list:
    return [event for event in trace if fuzz.compare.kind(event) != "c"]


def _stops_early(p: Dict[str, Any]) -> bool:
    """Whether the worker plays no game after the first it cut short for going on too
    long: play's games judged against the reference (that game fails them); a commentary
    case judges every game's commentary."""
    return p.get("judge", "reference") == "reference"


def read_traces(printed: str, count: int, stopped: bool = False) -> Tuple[Any, Optional[str]]:
    """The traces that the worker printed (its last line: anything printed before
    it is not ours), and what is wrong with them as a batch (None if nothing; a
    STOPPED batch may end at a game cut short)."""
    lines = printed.rstrip("\n").rsplit("\n", 1)
    if fuzz.compare.too_large(lines[-1].encode("utf-8", "replace"), count):
        return None, f"more than {count} games' traces can hold"
    try:
        got = untrusted.loads(lines[-1])
    except ValueError:
        return None, "not JSON"
    return got, fuzz.compare.traces_problem(got, count, stopped)


def window(expected: str, got: str, limit: int = 40, context: int = 10) -> Tuple[str, str]:
    """Long outputs cut to the lines around their first difference."""
    want, have = expected.splitlines(True), got.splitlines(True)
    if max(len(want), len(have)) <= limit:
        return expected, got
    first = next((i for i, (a, b) in enumerate(zip(want, have)) if a != b),
                 min(len(want), len(have)))
    start = max(0, first - context)
    skipped = f"[... {start} lines that agree ...]\n" if start else ""
    return (skipped + "".join(want[start:first + context]),
            skipped + "".join(have[start:first + context]))


def set_seed(questions: Iterable[Question], seed: int) -> None:
    """Make every fuzz case of QUESTIONS play the games of SEED (`--seed`)."""
    for question in questions:
        for suite in question.suites:
            if suite.type != "fuzz":
                continue
            if suite.raw.get("mode") == "recorded":
                raise FuzzSetupError(
                    f"{question.name}'s fuzz games are recorded in this workspace (no reference "
                    "here to play new ones): --seed works on staff runs only")
            for case in suite.cases:
                case.raw = {**case.raw, "seed": seed}


def record(assignment: assignments.Assignment, key: str, data: Dict, tests: Path) -> Dict:
    """The student case-file dict with its fuzz suites in recorded mode; writes the
    expected traces of their games (played by the reference) to tests/KEY.fuzz.json
    (a question's second fuzz suite to KEY-2.fuzz.json, and so on)."""
    suites = []
    count = 0
    for suite in data.get("suites", []):
        if suite.get("type") != "fuzz" or suite.get("mode") == "recorded":
            suites.append(suite)
            continue
        count += 1
        name = f"{key}.fuzz.json" if count == 1 else f"{key}-{count}.fuzz.json"
        seeds: Dict[str, List] = {}
        cases = suite.get("cases") or [{}]
        for raw in cases:
            p = {**DEFAULTS, **{k: v for k, v in suite.items() if k != "cases"}, **raw}
            rules = FuzzKind(assignment).rules()
            specs = _specs(rules, p, p["recorded_games"])
            traces = fuzz.reference_traces(str(assignment.reference), specs, assignment.module,
                                           rules)
            seeds[str(p["seed"])] = [[s, t] for s, t in zip(specs, traces)]
        (tests / name).write_text(json.dumps({"seeds": seeds}, separators=(",", ":")) + "\n",
                                  encoding="utf-8")
        suites.append({**suite, "mode": "recorded", "recorded": name, "cases": cases})
    return {**data, "suites": suites}
