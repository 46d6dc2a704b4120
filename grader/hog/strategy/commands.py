"""`grade winrate`, `grade contest` and `grade optimal`: read strategies into tables
(`strategies`), compute on the tables (`winrate`, `contest`, `optimal`), show the
figures with rich and write them for machines."""

from __future__ import annotations

import collections
import itertools
import json
import sys
import time
from pathlib import Path
from typing import List, Optional

from rich.table import Table
from rich.text import Text

from ... import report
from . import reader as strategies
from ...assignment import Assignment
from ...untrusted import one_line, printable, safe_name, shown_name

RATE = "{:.7f}"


def _write_json(data, path: str) -> None:
    text = json.dumps(data, indent=2) + "\n"
    if path == "-":
        sys.stdout.write(text)
    else:
        Path(path).write_text(text, encoding="utf-8")


def load_rules(assignment: Assignment, errors):
    """The assignment's tabulated rules, or None after printing why they cannot be used."""
    from .. import editions
    from .winrate import game

    try:
        return game(assignment.rules())
    except editions.RulesError as error:
        report.print_error(errors, str(error))
        return None


def rates_table(title: str, rows) -> Table:
    table = Table(title=title, title_justify="left")
    for name in ("", "win rate", "moving first", "moving second", "seconds"):
        table.add_column(name, justify="left" if not name else "right")
    for label, rate in rows:
        table.add_row(label, Text(RATE.format(rate.win_rate), style="bold"),
                      RATE.format(rate.as_first), RATE.format(rate.as_second),
                      f"{rate.seconds:.3f}")
    return table


def winrate(assignment: Assignment, hog_py: Path, function: str, baseline: int,
            json_path: Optional[str], budget: float) -> int:
    """Exit status: 0 computed, 1 invalid strategy, 2 unusable file."""
    from .winrate import win_rate

    console = report.make_console(stderr=json_path == "-")
    errors = report.make_console(stderr=True)
    start = time.perf_counter()
    try:
        strategies.check_source(hog_py, assignment)
    except strategies.StrategyFileError as error:
        report.print_error(errors, str(error))
        return 2
    rules = load_rules(assignment, errors)
    if rules is None:
        return 2
    read = strategies.read_strategy(hog_py, assignment, function, budget=budget, siblings=True)
    if not read.valid:
        report.print_error(errors, read.error if read.no_function
                           else f"{function} is not a valid strategy: {read.error}")
        if json_path:
            _write_json({"valid": False, "error": read.error, "strategy": function,
                         "baseline": baseline}, json_path)
        return 2 if read.no_function else 1
    rate = win_rate(read.table, baseline, rules)
    total = time.perf_counter() - start
    console.print(rates_table(f"{function} in {hog_py} against always_roll({baseline}), "
                              f"{rules.name} rules",
                              [(function, rate)]))
    console.print(f"Read the strategy in {read.seconds:.2f} s, computed exactly in "
                  f"{rate.seconds:.2f} s ({total:.2f} s in all).")
    if json_path:
        _write_json({"valid": True, "strategy": function, "baseline": baseline,
                     **rate.as_dict(), "read_seconds": read.seconds, "total_seconds": total},
                    json_path)
    return 0


def contest_entries(folder: Path, assignment: Assignment) -> List[Path]:
    """The entries of a contest folder: its .py files and its folders holding hog.py
    (links among them are kept, to be refused by name when they are read)."""
    if not folder.is_dir():
        raise strategies.StrategyFileError(f"{folder} is not a folder of entries")
    entries = [p for p in sorted(folder.iterdir())
               if not p.name.startswith((".", "_"))
               and (p.suffix == ".py" and (p.is_symlink() or p.is_file())
                    or p.is_symlink() and not p.suffix
                    or p.is_dir() and (p / assignment.source).exists())]
    if not entries:
        raise strategies.StrategyFileError(
            f"no entries in {folder}: expected .py files or folders holding {assignment.source}")
    return entries


# Letters of other scripts drawn as Latin ones (a part of Unicode TR39's confusables:
# the Cyrillic and Greek capitals and small letters a name can be spelt with)
_LOOK_LATIN = str.maketrans("АВЕЅІЈКМНОРСТХУаеіјорсхуѕһԁԛԝΑΒΕΖΗΙΚΜΝΟΡΤΥΧονρτυχ",
                            "ABESIJKMHOPCTXYaeijopcxyshdqwABEZHIKMNOPTYXovptux")
# Letters drawn as nothing (Hangul fillers, the blank Braille pattern)
_BLANK_LETTERS = dict.fromkeys(map(ord, "\u115f\u1160\u3164\uffa0\u2800"))


def looks_like(name: str) -> str:
    """What NAME reads as on a screen: names that read alike get the same key (the same
    letters composed or not, letters of another script drawn as Latin ones, letters
    drawn as nothing, case)."""
    import unicodedata
    drawn = unicodedata.normalize("NFKC", name).translate(_BLANK_LETTERS)
    return " ".join(unicodedata.normalize("NFKC", drawn.translate(_LOOK_LATIN)).casefold()
                    .split())


def team_names(reads) -> List[str]:
    """Each valid entry's TEAM_NAME (or its file name) as one printable line, made
    unique without favouring any entry: a name another entry's reads like (the same
    letters, or letters drawn alike: attack25 F3), or one that reads as another entry's
    label (`Name (file.py)`), is shown with each one's own file name (then a number).
    First come was first served: an entry whose file sorted first took a classmate's
    name, and the classmate's row read as the copy."""
    bases = [one_line(read.team or "", strategies.TEAM_CAP)
             or one_line(shown_name(read.source.stem), 60) or "entry" for read in reads]
    files = [one_line(shown_name(read.source.name), 60) for read in reads]
    alike = collections.Counter(map(looks_like, bases))
    shared = collections.Counter({base: alike[looks_like(base)] for base in bases})
    mimics = {base for base in bases for file in files if base.endswith(f" ({file})")}
    names: List[str] = []
    taken = set()
    for base, file in zip(bases, files):
        labelled = f"{base} ({file})"
        first = labelled if shared[base] > 1 or base in mimics else base
        name = next(c for c in itertools.chain([first, labelled],
                                               (f"{labelled} {n}" for n in itertools.count(2)))
                    if c not in taken)
        taken.add(name)
        names.append(name)
    return names


CONTEST_GRADER_FAILED = 3  # exit status: ranked, but the grader failed on some entries


def contest(assignment: Assignment, folder: Path, out: Path, jobs: int, budget: float,
            sandbox: bool = True) -> int:
    from .contest import round_robin
    from .contest_report import write_report
    from ...run import cgroups
    from ...run.sandbox import bwrap_problem, lease_problem

    console = report.make_console()
    errors = report.make_console(stderr=True)
    if sandbox and bwrap_problem() is not None:
        report.print_error(errors, f"cannot sandbox the entries: {bwrap_problem()}. Install it "
                           "(apt-get install bubblewrap), or pass --no-sandbox for trusted code")
        return 2
    if sandbox and lease_problem() is not None:
        report.print_error(errors, f"cannot give the entries uids of their own: {lease_problem()}")
        return 2
    try:
        entries = contest_entries(folder, assignment)
    except strategies.StrategyFileError as error:
        report.print_error(errors, str(error))
        return 2
    if out.exists() and not out.is_dir():
        report.print_error(errors, f"--out {out} exists and is not a folder")
        return 2
    rules = load_rules(assignment, errors)
    if rules is None:
        return 2
    missing = cgroups.problem() if sandbox else None
    cgroup, readers = sandbox and missing is None, jobs
    if missing is not None and jobs > 1:
        # Budgets are then wall time, and an entry whose processes took the CPU (each in
        # a session of its own) made a classmate's correct strategy read beside it too
        # slow (attack25 F1): one at a time, an entry's time is its own doing.
        console.print(f"Control groups are not available here ({missing}): the "
                      "entries are read one at a time, each budget in wall time.")
        readers = 1
    console.print(f"Reading {len(entries)} entries into tables...")
    reads = strategies.read_many(entries, assignment, jobs=readers, budget=budget,
                                 sandbox=sandbox, cgroup=cgroup)
    valid = [r for r in reads if r.valid]
    invalid = [r for r in reads if not r.valid]
    for read in invalid:
        console.print(Text(printable(f"Excluded {read.source.name}: {read.error}",
                                     keep_newlines=False), style="yellow"))
    failed = _write_failures(out, invalid)
    if len(valid) < 2:
        _write_excluded(out, invalid)
        report.print_error(errors, f"{len(valid)} valid entr{'y' if len(valid) == 1 else 'ies'}: "
                           "a contest needs at least two")
        return 2
    names = team_names(valid)
    entries = {name: shown_name(read.source.name) for name, read in zip(names, valid)}
    result = round_robin(list(zip(names, [r.table for r in valid])), rules, processes=jobs)
    excluded = _excluded(invalid)
    write_report(result, out, excluded=excluded,
                 entries=entries)
    _write_excluded(out, invalid)
    console.print(leaderboard(result, entries))
    console.print(f"{len(valid) * (len(valid) - 1) // 2} matches in {result.seconds:.1f} s. "
                  f"Wrote {out}: leaderboard.csv, matrix.json, index.html")
    if failed:
        report.print_error(errors, f"the grader failed on {len(failed)} entr"
                           f"{'y' if len(failed) == 1 else 'ies'}: tracebacks in "
                           f"{out / 'errors'}; they are left out of the contest")
        return CONTEST_GRADER_FAILED
    return 0


def _excluded(invalid) -> List[dict]:
    return [{"entry": shown_name(r.source.name), "team": r.team, "error": r.error,
             **({"grader_failed": True} if r.failure else {})} for r in invalid]


def _write_excluded(out: Path, invalid) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "excluded.json").write_text(json.dumps(_excluded(invalid), indent=1) + "\n",
                                       encoding="utf-8")


def _write_failures(out: Path, invalid) -> List[str]:
    """OUT/errors/ENTRY.txt for each entry the grader failed on; their names."""
    failed = [r for r in invalid if r.failure]
    taken: set = set()
    for read in failed:
        name = safe_name(read.source.name, taken)
        taken.add(name)
        path = out / "errors" / f"{name}.txt"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(read.failure, encoding="utf-8", errors="backslashreplace")
    return sorted(taken)


def leaderboard(result, entries) -> Table:
    """The ranking, each team beside its entry's file: two names that read alike are
    still told apart."""
    from .contest_report import mean_rates

    means = mean_rates(result)
    table = Table(title="Leaderboard", title_justify="left")
    for name, justify in (("rank", "right"), ("team", "left"), ("entry", "left"),
                          ("match points", "right"), ("mean win rate", "right")):
        table.add_column(name, justify=justify)
    for position, team, points in result.ranking:
        table.add_row(str(position), Text(printable(team, keep_newlines=False)),
                      Text(printable(entries.get(team, ""), keep_newlines=False)), str(points),
                      f"{means[team]:.4f}")
    return table


class _Steps:
    """Progress of long computations: a live line per step on a terminal, nothing on a
    pipe (where only the results are wanted)."""

    def __init__(self, console):
        from rich.progress import (BarColumn, MofNCompleteColumn, Progress, SpinnerColumn,
                                   TextColumn, TimeElapsedColumn)
        self.progress = None
        if console.is_terminal:
            self.progress = Progress(SpinnerColumn(), TextColumn("{task.description}"),
                                     BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                                     console=console, transient=True)

    def __enter__(self) -> "_Steps":
        if self.progress is not None:
            self.progress.start()
        return self

    def __exit__(self, *exc) -> None:
        if self.progress is not None:
            self.progress.stop()

    def step(self, description: str, total: int = 1):
        if self.progress is None:
            return None
        return self.progress.add_task(description, total=total)

    def update(self, task, **fields) -> None:
        if self.progress is not None and task is not None:
            self.progress.update(task, **fields)


def _ascent(steps: _Steps, label: str, sweeps: int, **kwargs):
    from .optimal import best_scores_only

    task = steps.step(f"{label}: first sweep", total=sweeps)

    def on_sweep(sweep: int, rate: float, changed: int) -> None:
        steps.update(task, completed=sweep,
                     description=f"{label}: {RATE.format(rate)} before sweep {sweep}, "
                                 f"{changed} pair(s) changed")

    result = best_scores_only(max_sweeps=sweeps, on_sweep=on_sweep, **kwargs)
    steps.update(task, completed=sweeps)
    return result


def save_problem(path: Path) -> Optional[str]:
    """Why a strategy file cannot be written at PATH, checked before any work; or None."""
    from ... import outputs

    if path.suffix != ".py":
        return f"--save {path}: a strategy file is a Python file ending in .py"
    if path.exists() or path.is_symlink():
        return f"--save {path} exists; it is not overwritten: remove it or choose another path"
    try:
        outputs.file_target(path, "--save")
    except outputs.OutputError as error:
        return str(error)
    return None


def strategy_source(table, team: str, note: str) -> str:
    """A strategy file `grade winrate` and `grade contest` read: FINAL_STRATEGY_TABLE,
    `final_strategy` reading it, and TEAM_NAME."""
    from .optimal import table_source

    return (f'"""{note}"""\n\nTEAM_NAME = {team!r}\n\n{table_source(table)}\n\n'
            "def final_strategy(score, opponent_score):\n"
            '    """The number of dice the table holds for the two scores."""\n'
            "    return int(FINAL_STRATEGY_TABLE[score][opponent_score], 16)\n")


def optimal(assignment: Assignment, baseline: int, sweeps: int,
            save: Optional[Path] = None) -> int:
    """The full-state optimum, and the scores-only ascent from two starts: the full-state
    policy, and the reference's final_strategy. Full state may use the game's memory
    (fa19's previous dice, sp18's turn counter); scores only is what the rules let a
    strategy see. SAVE: write the best scores-only table found as a strategy file."""
    from .optimal import best_full_state

    console = report.make_console()
    errors = report.make_console(stderr=True)
    if save is not None and save_problem(save):
        report.print_error(errors, save_problem(save))
        return 2
    rules = load_rules(assignment, errors)
    if rules is None:
        return 2
    with _Steps(console) as steps:
        task = steps.step(f"Full-state best response to always_roll({baseline})")
        full = best_full_state(baseline, rules)
        steps.update(task, completed=1)
        rows = [("full state", full),
                ("scores only, from full state",
                 _ascent(steps, "Scores-only ascent from the full-state policy", sweeps,
                         opponent=baseline, rules=rules))]
        task = steps.step("Reading the reference's final_strategy")
        reference = strategies.read_strategy(assignment.reference / assignment.source, assignment)
        steps.update(task, completed=1)
        if reference.valid:
            rows.append(("scores only, from reference", _ascent(
                steps, "Scores-only ascent from the reference's final_strategy", sweeps,
                opponent=baseline, rules=rules, start_table=reference.table)))
    table = Table(title=f"Best responses to always_roll({baseline}) under {rules.name}'s rules, "
                        "exact win rates", title_justify="left")
    for name in ("policy", "win rate", "moving first", "moving second", "sweeps", "seconds"):
        table.add_column(name, justify="left" if name == "policy" else "right")
    best = max((result for _, result in rows[1:]), key=lambda result: result.win_rate)
    for label, result in rows:
        history = getattr(result, "history", None)
        table.add_row(label + (" (best)" if result is best else ""),
                      Text(RATE.format(result.win_rate), style="bold"),
                      RATE.format(result.as_first), RATE.format(result.as_second),
                      str(len(history) - 1) if history else "", f"{result.seconds:.2f}")
    console.print(table)
    console.print("A strategy may see the two scores only. The full-state figure bounds every "
                  "strategy; the scores-only tables come from coordinate ascent: a local "
                  "optimum, not a proven best.")
    if save is not None:
        note = (f"The scores-only table `grade optimal` found against always_roll({baseline}) "
                f"under {rules.name}'s rules,\nby coordinate ascent (a local optimum): exact "
                f"win rate {RATE.format(best.win_rate)}.")
        try:
            with open(save, "x", encoding="utf-8") as out:
                out.write(strategy_source(best.table, f"optimal vs always_roll({baseline})", note))
        except OSError as error:
            report.print_error(errors, f"--save {save}: {error.strerror or error}")
            return 2
        console.print(f"Wrote the best scores-only table to {save} (final_strategy, TEAM_NAME): "
                      f"rate it with grade winrate {save}")
    return 0
