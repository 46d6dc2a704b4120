"""The 'winrate' suite kind: question 12 reports the exact win rate of final_strategy.

A case file's suite `{'type': 'winrate', 'scored': True, 'cases': [{}]}` reads the
strategy into a table in the worker (the code of `strategy_table` travels as the
case's setup, like the fuzz driver), which reports how it fails (a timeout, a crash).
A table the worker prints is the student's word, so a submission's is read again by
the grader's questions (`reader.read_in`, confined as the runner confines the worker),
and only staff code's (`grade mutate`, with no runner) is taken as printed. The exact
win rate is computed here, outside the student's process, under the graded
assignment's rules (`Assignment.rules()`). Settings, each overridable by the suite itself, come from the
assignment config's "winrate" section:

    "winrate": {"strategy": "final_strategy", "baseline": 4, "threshold": null, "points": 2}

With no threshold the case passes for any valid strategy and the question keeps the
points of its case file (0 for Fall 2019): the win rate is only reported. With a
threshold, the case passes when the win rate reaches it, and the question is worth
"points" (when given).
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, Optional

from ... import assignment as assignments
from . import NUMPY_INSTALL, table as strategy_table
from ...model import Case, CaseResult, CaseRun, Question
from ...run.runner import CaseJob, Runner

DEFAULTS: Dict[str, Any] = {"strategy": "final_strategy", "baseline": 4, "threshold": None,
                            "budget": 8.0}
OUTPUT_CAP = 1 << 20  # the table is ~30 kB of JSON
SETTINGS = ("strategy", "baseline", "threshold", "budget", "points")
VALID = "an int from 0 to 10 at every score pair, the same when asked again, in time"
READER = '''def _read_strategy(module, name, budget):
    function = getattr(__import__(module), name, None)
    if not callable(function):
        return {"error": module + ".py has no function " + name}
    return _st["read_table"](function, name, budget=budget)
'''


class WinrateSetupError(Exception):
    """A winrate suite or config section that cannot be used as written."""


def _number(value, key: str, integer: bool = False):
    kind = int if integer else (int, float)
    if value is not None and (isinstance(value, bool) or not isinstance(value, kind)):
        raise WinrateSetupError(f"winrate setting {key!r} must be a number, not {value!r}")
    return value


class _Early:
    """An interview of a strategy begun in a thread (WinrateKind.start)."""

    def __init__(self, read) -> None:
        import threading
        self.verdict: Optional[dict] = None
        self.thread = threading.Thread(target=self._run, args=(read,), daemon=True)
        self.thread.start()

    def _run(self, read) -> None:
        try:
            self.verdict = read()
        except Exception:  # read again when judged, where it is reported
            self.verdict = None

    def result(self) -> Optional[dict]:
        self.thread.join()
        return self.verdict


class WinrateKind(assignments.AssignmentBound):
    """The 'winrate' suite kind (see `grader.session.SUITE_KINDS`)."""

    def __init__(self, assignment: Optional[assignments.Assignment] = None):
        super().__init__(assignment)
        self._early: Dict[int, _Early] = {}  # id of a case -> its interview begun early

    def start(self, case: Case, runner: Optional[Runner]) -> None:
        """In a student's own run (no control group, no sandbox), begin the grader's
        interview of the strategy now, beside the worker running the cases, on another
        core: the judge then takes its answers instead of waiting for them. Under a
        control group (bulk) the interview would share the submission's CPU time with its
        cases, and in a sandbox of a uid without a pid namespace of its own (Gradescope's
        uid mode in a container) its code could end the workers as they start (attack30
        F4), so it waits for its turn, as does any verdict read early but not a valid table (read
        again then, alone: an early one competed with the worker for the machine)."""
        if runner is None or runner.clock is not None or runner.sandboxed:
            return
        try:
            p = self.settings(case)
        except WinrateSetupError:
            return
        from .reader import read_in
        self._early[id(case)] = _Early(
            lambda: read_in(runner, self.assignment.module, p["strategy"], float(p["budget"])))

    def settings(self, case: Case) -> Dict[str, Any]:
        """DEFAULTS, then the assignment config's section, then the suite's own keys."""
        merged = dict(DEFAULTS)
        section = self.assignment.config.get("winrate") or {}
        if not isinstance(section, dict):
            raise WinrateSetupError("the assignment config's 'winrate' must be an object")
        for source in (section, case.suite.raw):
            merged.update({k: v for k, v in source.items() if k in SETTINGS})
        _number(merged["baseline"], "baseline", integer=True)
        if not 0 <= merged["baseline"] <= 10:
            raise WinrateSetupError("winrate setting 'baseline' must be from 0 to 10")
        for key in ("threshold", "budget", "points"):
            _number(merged.get(key), key)
        if not isinstance(merged["strategy"], str) or not merged["strategy"].isidentifier():
            raise WinrateSetupError("winrate setting 'strategy' must be a function name")
        return merged

    def prepare(self, questions: Iterable[Question]) -> None:
        """A question with a winrate suite and a threshold is worth the configured points."""
        for question in questions:
            for suite in question.suites:
                if suite.type != "winrate" or not suite.cases:
                    continue
                try:
                    p = self.settings(suite.cases[0])
                except WinrateSetupError:
                    continue  # the judge reports it
                if p["threshold"] is not None and p.get("points") is not None:
                    question.points = p["points"]

    def job(self, case: Case, job_id: int) -> CaseJob:
        try:
            p = self.settings(case)
        except WinrateSetupError:
            p = DEFAULTS  # the judge reports the problem
        from ...run import scripts
        source = scripts.source(strategy_table.__name__)
        setup = ['_st = {"__name__": "strategy_table"}\n',
                 f"exec(compile({source!r}, 'strategy_table.py', 'exec'), _st)\n", READER]
        call = (f"print(_st['json'].dumps(_read_strategy({self.assignment.module!r}, "
                f"{p['strategy']!r}, {float(p['budget'])!r}), separators=(',', ':')))\n")
        return CaseJob(id=job_id, examples=[call], setup=setup, output_cap=OUTPUT_CAP)

    @staticmethod
    def _without_numpy(case: Case, p: Dict[str, Any]) -> CaseResult:
        """A valid strategy, but no numpy to compute its win rate with: with no threshold
        to reach the case passes and says so; with one it cannot be judged."""
        why = ("the win rate is computed with numpy, which is not installed for this "
               f"Python (install it once: {NUMPY_INSTALL})")
        facts = {"strategy_valid": True, "win_rate": None}
        if p["threshold"] is None:
            return CaseResult(case, "passed", facts=facts,
                              note=f"{p['strategy']} is a valid strategy; its win rate was not "
                                   f"computed: {why}.")
        return CaseResult(case, "error", facts=facts, message=f"Not judged: {why}.")

    def _win_rate(self, table, baseline: int) -> Dict[str, float]:
        """The exact win rate of TABLE, from the user's cache when this very table was
        rated under these rules before (no numpy import, no tabulated game)."""
        from . import known
        rules = self.assignment.rules()
        entry = known.key(table, baseline, rules, int(rules.GOAL))
        rate = known.get(entry)
        if rate is None:
            from .winrate import game, win_rate
            rate = win_rate(table, baseline, game(rules)).as_dict()
            known.put(entry, rate)
        return rate

    def judge(self, case: Case, run: CaseRun, runner: Optional[Runner] = None) -> CaseResult:
        from .. import editions
        from .reader import is_table, last_json_line, read_in

        try:
            p = self.settings(case)
        except WinrateSetupError as error:
            return CaseResult(case, "error", message=str(error))
        name = p["strategy"]
        if run.status == "timeout":
            return CaseResult(case, "timeout", facts={"strategy_valid": False},
                              message=f"reading {name} at every score pair {run.message}")
        if run.status in ("crashed", "setup-error"):
            return CaseResult(case, "error", facts={"strategy_valid": False},
                              message=run.message or f"reading {name} failed")
        output = run.outputs[0] if run.outputs else None
        if output is None or output.raised is not None:
            return CaseResult(case, "error", facts={"strategy_valid": False},
                              traceback=output.raised.traceback if output else "",
                              message=f"reading {name} at every score pair raised an error")
        if runner is not None:  # a submission: only the answers to the grader's questions count
            early = self._early.pop(id(case), None)
            verdict = early.result() if early is not None else None
            if not is_table((verdict or {}).get("table")):
                verdict = read_in(runner, self.assignment.module, name, float(p["budget"]))
        else:  # staff code (`grade mutate`): the worker's own reading
            verdict = last_json_line(output.printed.encode("utf-8", "replace"))
        table = verdict.get("table") if verdict else None
        if not is_table(table):
            why = (verdict or {}).get("error") or "the table came back garbled (does the code "\
                                                  "print from another thread?)"
            return CaseResult(case, "failed", facts={"strategy_valid": False, "win_rate": None},
                              message=f"{name} is not a valid strategy.",
                              expected=VALID, got=str(why))
        try:
            rate = self._win_rate(table, p["baseline"])
        except ImportError:  # numpy: the self-contained runner of a workspace lacks it
            return self._without_numpy(case, p)
        except editions.RulesError as error:
            return CaseResult(case, "error", message=f"the win rate cannot be computed: {error}")
        facts = {"strategy_valid": True, "win_rate": rate["win_rate"],
                 "win_rate_as_first": rate["as_first"], "win_rate_as_second": rate["as_second"],
                 "win_rate_baseline": p["baseline"], "win_rate_threshold": p["threshold"]}
        note = (f"Exact win rate of {name} against always_roll({p['baseline']}): "
                f"{rate['win_rate']:.7f} ({rate['as_first']:.7f} moving first, "
                f"{rate['as_second']:.7f} moving second)")
        threshold = p["threshold"]
        if threshold is not None and rate["win_rate"] < threshold:
            return CaseResult(case, "failed", facts=facts, note=note,
                              message=f"{name} must win at least {threshold:g} of its games "
                                      f"against always_roll({p['baseline']}) on average.",
                              expected=f"a win rate of at least {threshold:g}",
                              got=f"{rate['win_rate']:.7f}")
        if threshold is not None:
            note += f": at least {threshold:g}, as required"
        return CaseResult(case, "passed", facts=facts, note=note)

