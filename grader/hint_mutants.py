"""`grade mutate --hints` and the rebuilding of a catalogue (grader/hints.py) from mutants.

`grade mutate` grades a mutant only as far as its verdict needs (fuzz suites first, the
cases that reach it, not the questions the table lets fail). A student's run goes in the
assignment's order and stops at each question's first failure, so each killed mutant is
graded again that way on every question its function reaches, and the fingerprints of
its cases are kept: the evidence a student with that mistake gives, in every question it
shows in. Each is graded twice: a fingerprint that differs between the two (the mistake
rolls real random dice) is kept as its behaviour class only, and a mutant whose first
failure moves is no evidence. Cached like `grade mutate`'s results.

Mistakes of order (the swap checked before the points are added, the strategy asked
twice, the commentary called inside one player's branch) are none of `grade mutate`'s
operators: `reordered` makes them from the reference's statements, for hints only (a
bank need not tell every order apart, so the mutation tables never grade them), and
`observe_reordered` observes them as the killed mutants are.

Staff rebuild a catalogue with `rebuild` (every entry's "mutants": the labels whose
evidence it matches, for review), name the groups `proposals` lists and `merge` them in
(benchmarks/hint_catalogue.py does the three for an edition, with the real bug classes
of tests/mutants/catalogue.py, and prints the figures the README gives).
"""

from __future__ import annotations

import copy
import json
import os
import shutil
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Sequence, Set, Tuple

from . import hints
from .assignment import Assignment
from .model import Question

Observed = Tuple[str, str, Dict[str, str]]  # (label, question, case key -> fingerprint)
REPEAT = 2  # gradings of each mutant: what differs between them is not a fingerprint
_VERSION = 2  # of the cached observations


def _unshrunk(questions: Sequence[Question]) -> List[Question]:
    """Copies of QUESTIONS whose fuzz suites do not shrink a failing game: the
    fingerprint is the first failing game's, and shrinking costs seconds."""
    out = []
    for question in questions:
        copied = copy.copy(question)
        copied.suites = []
        for suite in question.suites:
            suite = copy.copy(suite)
            if suite.type == "fuzz":
                suite.raw = {**suite.raw, "shrink": 0}
            suite.cases = [copy.copy(case) for case in suite.cases]
            for case in suite.cases:
                case.suite = suite
            copied.suites.append(suite)
        out.append(copied)
    return out


def grade_source(assignment: Assignment, files: Dict[str, bytes], questions: List[Question],
                 timeout: float = 5.0):
    """The GradeResult of FILES (source name -> text) on QUESTIONS, as a student's run
    grades them (in order, each question stopping at its first failure)."""
    if assignment.is_ok:
        from .okfolder import grade_copy, sources_in
        return grade_copy(assignment, {**sources_in(assignment, Path(assignment.folder)),
                                       **files}, timeout, questions)
    from .run.runner import Runner
    from .session import grade
    with tempfile.TemporaryDirectory(prefix="hint-mutant-") as folder:
        for name, data in files.items():
            (Path(folder) / name).write_bytes(data)
        for name in assignment.support:
            shutil.copy(Path(assignment.reference) / name, Path(folder) / name)
        runner = Runner(src=Path(folder), timeout=timeout, preflight=assignment.preflight,
                        warm=assignment.warm, **assignment.seeding(),
                        own_modules=assignment.modules, show_wants=True)
        try:
            return grade(questions, runner, assignment=assignment, respect_locks=False)
        finally:
            runner.close()


def staff_questions(assignment: Assignment) -> List[Question]:
    if assignment.is_ok:
        from .okfolder import staff_questions as ok_questions
        return _unshrunk(ok_questions(assignment))
    from .load import casefile
    return _unshrunk(casefile.load_questions(assignment.cases))


def steady(runs: Sequence[Dict[str, str]]) -> Optional[Dict[str, str]]:
    """One question's evidence from several gradings of the same code: a fingerprint
    they disagree on becomes its behaviour class; None when even the first failure's
    case or class differs (no evidence a student would reproduce)."""
    firsts = {hints.first_failure(seen) for seen in runs}
    if len(firsts) == 1:
        return dict(runs[0])
    where = {(key, hints.behaviour(sign)) for key, sign in
             (first or (None, hints.PASS) for first in firsts)}
    if len(where) != 1:
        return None
    out = dict(runs[0])
    key, sign = hints.first_failure(runs[0])
    out[key] = hints.behaviour(sign)
    return out


def observe_sources(assignment: Assignment, items: Sequence[Tuple[str, Dict[str, bytes],
                                                                  Sequence[str]]],
                    jobs: Optional[int] = None, repeat: int = REPEAT,
                    timeout: float = 5.0) -> List[Observed]:
    """(label, question, evidence) for every question of ITEMS, (label, files, question
    keys), that its files fail, each graded REPEAT times (`steady`). A question that
    timed out is not graded again: each grading costs the whole timeout of a core,
    most of what observing costs, and a loop shows the same."""
    questions = {q.key: q for q in staff_questions(assignment)}

    def one(item) -> List[Observed]:
        label, files, keys = item
        wanted = [questions[k] for k in assignment.questions if k in keys and k in questions]
        seen: Dict[str, List[Dict[str, str]]] = {}
        for _ in range(max(1, repeat)):
            if not wanted:
                break
            result = grade_source(assignment, files, wanted, timeout)
            for q in result.questions:
                seen.setdefault(q.question.key, []).append(hints.evidence(q))
            timed_out = {q.question.key for q in result.questions if q.status == "timeout"}
            wanted = [q for q in wanted if q.key not in timed_out]
        out = []
        for key in keys:
            evidence = steady(seen.get(key, []) or [{}])
            if evidence is not None and hints.first_failure(evidence) is not None:
                out.append((label, key, evidence))
        return out

    with ThreadPoolExecutor(max(1, jobs or 2 * (os.cpu_count() or 1))) as pool:
        return [o for items_ in pool.map(one, items) for o in items_]


def questions_calling(assignment: Assignment) -> Dict[str, Set[str]]:
    """Function -> the questions with a case that calls it when the reference runs."""
    from . import mutate
    from .load import casefile
    calling: Dict[str, Set[str]] = {}
    for (key, _), (names, _) in mutate.reach(
            assignment, casefile.load_questions(assignment.cases)).items():
        for name in names:
            calling.setdefault(name, set()).add(key)
    return calling


def _reaching(assignment: Assignment, outcomes) -> Dict[str, List[str]]:
    """Mutant id -> the questions with a case that calls its function."""
    if assignment.is_ok:
        return {o.mutant.id: sorted(set(o.ran) | set(o.failed)) for o in outcomes}
    calling = questions_calling(assignment)
    return {o.mutant.id: sorted(calling.get(o.mutant.function, set()) | set(o.failed))
            for o in outcomes}


def _cache(assignment: Assignment, kind: str, repeat: int) -> Optional[Path]:
    """Where observations of ASSIGNMENT's mutants of KIND are cached (an edition's only:
    an ok folder's grading is quick and its digest is not kept)."""
    if assignment.is_ok:
        return None
    from . import mutate
    return mutate.cache_dir() / (f"{assignment.edition}-{mutate.digest(assignment)}"
                                 f"-{kind}{_VERSION}x{repeat}.json")


def _cached(cache: Optional[Path], wanted: Set[str]) -> Optional[List[Observed]]:
    """The observations CACHE holds of the WANTED mutant ids, if it holds them all."""
    if cache is None or not cache.is_file():
        return None
    try:
        stored = json.loads(cache.read_text(encoding="utf-8"))
        if set(stored["mutants"]) >= wanted:
            return [(m, q, dict(e)) for m, q, e in stored["observed"] if m in wanted]
    except (OSError, ValueError, TypeError, KeyError):
        pass
    return None


def observe(run, jobs: Optional[int] = None, use_cache: bool = True,
            repeat: int = REPEAT) -> List[Observed]:
    """(mutant id, question, evidence) for every question a killed mutant of RUN (a
    `mutate.Run`) fails among those its function reaches."""
    assignment: Assignment = run.assignment
    killed = [o for o in run.outcomes if o.killed]
    cache = _cache(assignment, "hints", repeat)
    stored = _cached(cache, {o.mutant.id for o in killed}) if use_cache else None
    if stored is not None:
        return stored
    reaching = _reaching(assignment, killed)
    items = [(o.mutant.id, {o.mutant.file or assignment.source: o.mutant.source.encode()},
              reaching[o.mutant.id]) for o in killed]
    observed = observe_sources(assignment, items, jobs=jobs, repeat=repeat)
    if cache is not None:
        _store(cache, [o.mutant.id for o in killed], observed)
    return observed


def reordered(assignment: Assignment, owners: Optional[Iterable[str]] = None):
    """The statement-order mutants of ASSIGNMENT's reference (`mutate.generate`'s
    STATEMENTS; of the ones OWNERS own, when given): mistakes of order that the mutation
    tables never see, since a bank need not tell every order apart."""
    from . import mutate
    if assignment.is_ok:
        mutants = mutate.ok_mutants(assignment, statements=True)
    else:
        source = mutate.solution_source(Path(assignment.reference) / assignment.source)
        mutants = mutate.generate(source, assignment.questions, mutate.load_config(assignment),
                                  statements=True)
    wanted = None if owners is None else set(owners)
    return [m for m in mutants if wanted is None or m.owner in wanted]


def observe_reordered(assignment: Assignment, owners: Optional[Iterable[str]] = None,
                      jobs: Optional[int] = None, use_cache: bool = True,
                      repeat: int = REPEAT) -> List[Observed]:
    """(mutant id, question, evidence) for every question a statement-order mutant
    (`reordered`) fails among those its function reaches (in an ok assignment, every
    question: its tests call each other's functions). Cached as `observe` is."""
    mutants = reordered(assignment, owners)
    cache = _cache(assignment, "moves", repeat)
    stored = _cached(cache, {m.id for m in mutants}) if use_cache else None
    if stored is not None:
        return stored
    if assignment.is_ok:
        reaching = {m.id: list(assignment.questions) for m in mutants}
    else:
        calling = questions_calling(assignment)
        reaching = {m.id: sorted(calling.get(m.function, ())) for m in mutants}
    items = [(m.id, {m.file or assignment.source: m.source.encode()}, reaching[m.id])
             for m in mutants]
    observed = observe_sources(assignment, items, jobs=jobs, repeat=repeat)
    if cache is not None:
        _store(cache, [m.id for m in mutants], observed)
    return observed


def _store(cache: Path, graded: Iterable[str], observed: List[Observed]) -> None:
    """Add OBSERVED (of the GRADED mutant ids) to the observations CACHE holds: a run of
    a few mutants (`grade mutate -q 10 --hints`) must not replace a whole edition's."""
    ids = set(graded)
    mutants, kept = sorted(ids), list(observed)
    try:
        stored = json.loads(cache.read_text(encoding="utf-8"))
        mutants = sorted(ids | set(stored["mutants"]))
        kept += [(m, q, dict(e)) for m, q, e in stored["observed"] if m not in ids]
    except (OSError, ValueError, TypeError, KeyError):
        pass
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        partial = cache.with_name(f".{cache.name}.{os.getpid()}.tmp")
        partial.write_text(json.dumps({"mutants": mutants, "observed": kept}), encoding="utf-8")
        os.replace(partial, cache)
    except OSError:
        pass


def proposals(run, jobs: Optional[int] = None, use_cache: bool = True) -> dict:
    """What `grade mutate --hints` writes: entries to name, grouped by first failure, and
    how many killed mutants' failing questions the catalogue already names."""
    assignment = run.assignment
    path = hints.path_for(assignment)
    catalogue = hints.load(path) if path is not None else None
    observed = observe(run, jobs=jobs, use_cache=use_cache)
    observed += observe_reordered(assignment, {o.mutant.owner for o in run.outcomes},
                                  jobs=jobs, use_cache=use_cache)
    groups = hints.propose(observed, catalogue)
    named = sum(len(g["mutants"]) for g in groups if "known" in g)
    return {"catalogue": str(path) if path else None, "failing_questions": len(observed),
            "named": named, "groups": groups}


# --- rebuilding a catalogue -----------------------------------------------------------------

def _signatures(entry: Dict[str, Any]) -> List[Dict[str, str]]:
    return list(entry.get("signatures", [entry["signature"]] if "signature" in entry else []))


def rebuild(data: Dict[str, Any], observed: Iterable[Observed],
            reviewed: Iterable[str] = ()) -> Dict[str, Any]:
    """DATA (a catalogue's JSON) with each entry's "mutants" made the labels of OBSERVED
    whose evidence in its question it matches (staff review the difference: its
    sentence must hold for each), its signatures in the list form. The REVIEWED labels
    (the real bug classes, what the figures are judged against) stay where staff put
    them."""
    reviewed = set(reviewed)
    by_question: Dict[str, List[Tuple[str, Dict[str, str]]]] = {}
    for label, key, seen in observed:
        if label not in reviewed:
            by_question.setdefault(key, []).append((label, seen))
    parsed = hints.parse(data).by_id()
    out = []
    for entry in data["hints"]:
        hint = parsed[entry["id"]]
        entry = {**{k: v for k, v in entry.items() if k != "signature"},
                 "signatures": _signatures(entry)}
        entry["mutants"] = sorted({m for m in entry.get("mutants", []) if m in reviewed} | {
            label for label, seen in by_question.get(hint.question, [])
            if hints.strength(hint, seen) > 0})
        out.append(entry)
    return {**data, "hints": out}


def merge(data: Dict[str, Any], named: Dict[str, Any]) -> Dict[str, Any]:
    """DATA with the proposals of NAMED (what `grade mutate --hints` wrote) that staff
    gave an "id" and a "text": a new id is a new entry, a known one gets the group's
    signature as one more; groups left unnamed are left out."""
    entries = {e["id"]: {**e, "signatures": _signatures(e)} for e in data["hints"]}
    for entry in entries.values():
        entry.pop("signature", None)
    for group in named.get("groups", []):
        name, text = group.get("id"), group.get("text")
        if not name:
            continue
        signature = group["signature"]
        if name in entries:
            if entries[name]["question"] != group["question"]:
                raise hints.HintsError(f"{name}: named for question {group['question']}, "
                                       f"but the entry is question {entries[name]['question']}'s")
            if signature not in entries[name]["signatures"]:
                entries[name]["signatures"].append(signature)
            if text:
                entries[name]["text"] = text
        elif not text:
            raise hints.HintsError(f"{name}: a new entry needs a \"text\"")
        else:
            entries[name] = {"id": name, "question": group["question"], "text": text,
                             "signatures": [signature], "mutants": []}
    merged = {**data, "hints": sorted(entries.values(), key=lambda e: (e["question"], e["id"]))}
    hints.parse(merged)
    return merged


def held_out(catalogue: hints.Catalogue, observed: Iterable[Observed]) -> hints.Catalogue:
    """CATALOGUE as it would be had its entries been named from OBSERVED alone: the
    signatures some of OBSERVED's evidence agrees with (entries left with none go)."""
    seen_by: Dict[str, List[Dict[str, str]]] = {}
    for _, key, seen in observed:
        seen_by.setdefault(key, []).append(seen)
    kept = []
    for hint in catalogue.hints:
        signatures = tuple(s for s in hint.signatures if any(
            hints.agreement(s, seen) for seen in seen_by.get(hint.question, [])))
        if signatures:
            kept.append(hints.Hint(hint.id, hint.question, hint.text, signatures, hint.fuzz,
                                   hint.mutants))
    return hints.Catalogue(kept)


def measure(catalogue: hints.Catalogue, observed: Iterable[Observed],
            named: Optional[hints.Catalogue] = None) -> Dict[str, Any]:
    """The hint CATALOGUE shows for each of OBSERVED against the entries NAMED (default:
    CATALOGUE) lists its label under: right (one of those), wrong (another entry) or
    none; the wrong ones with what was shown."""
    lists: Dict[Tuple[str, str], set] = {}
    for hint in (named or catalogue).hints:
        for label in hint.mutants:
            lists.setdefault((label, hint.question), set()).add(hint.id)
    right, wrong, total, wrongs = 0, 0, 0, []
    for label, key, seen in observed:
        total += 1
        shown = hints.best(catalogue.for_question(key), seen)
        if shown is None:
            continue
        if shown.id in lists.get((label, key), ()):
            right += 1
        else:
            wrong += 1
            wrongs.append((label, key, shown.id))
    return {"right": right, "wrong": wrong, "none": total - right - wrong, "total": total,
            "wrongs": wrongs}
