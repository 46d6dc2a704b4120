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
_VERSION = 3  # of the cached observations


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
                 timeout: float = 5.0, locked: bool = False):
    """The GradeResult of FILES (source name -> text) on QUESTIONS, as a student's run
    grades them (in order, each question stopping at its first failure); LOCKED: as in a
    workspace whose locked cases are not unlocked yet (they do not run)."""
    if assignment.is_ok:
        from .okfolder import grade_copy, sources_in
        return grade_copy(assignment, {**sources_in(assignment, Path(assignment.folder)),
                                       **files}, timeout, questions, respect_locks=locked)
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
            return grade(questions, runner, assignment=assignment, respect_locks=locked)
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


def _graded(assignment: Assignment, files: Dict[str, bytes], wanted: List[Question],
            repeat: int, timeout: float, locked: bool) -> Dict[str, List[Dict[str, str]]]:
    """Question key -> the evidence of each of REPEAT gradings of FILES on WANTED. A
    question that timed out is not graded again: each grading costs the whole timeout
    of a core, most of what observing costs, and a loop shows the same."""
    seen: Dict[str, List[Dict[str, str]]] = {}
    for _ in range(max(1, repeat)):
        if not wanted:
            break
        result = grade_source(assignment, files, wanted, timeout, locked=locked)
        for q in result.questions:
            seen.setdefault(q.question.key, []).append(hints.evidence(q))
        timed_out = {q.question.key for q in result.questions if q.status == "timeout"}
        wanted = [q for q in wanted if q.key not in timed_out]
    return seen


def locked_keys(question: Question) -> Set[str]:
    """The case keys of QUESTION that a workspace as `grade init` makes it (or a lab as
    ok publishes it) does not run until the student unlocks them."""
    from .session import locked_numbers
    keys = hints.case_keys(question)
    return {keys[n] for n in locked_numbers(question, question.cases)}


def observe_sources(assignment: Assignment, items: Sequence[Tuple[str, Dict[str, bytes],
                                                                  Sequence[str]]],
                    jobs: Optional[int] = None, repeat: int = REPEAT,
                    timeout: float = 5.0, locked: bool = False,
                    unlocked: Optional[Sequence[Observed]] = None) -> List[Observed]:
    """(label, question, evidence) for every question of ITEMS, (label, files, question
    keys), that its files fail, each graded REPEAT times (`steady`).

    LOCKED: what a student sees before unlocking, where the locked cases do not run and
    a question's first failure may be a later case, with another hint (each question's
    first cases are locked in a Hog workspace). Taken from UNLOCKED (ITEMS' observations
    with every case run; graded first when not given): the same evidence without its
    locked cases, graded again where a locked case failed first."""
    questions = {q.key: q for q in staff_questions(assignment)}
    if locked and unlocked is None:
        unlocked = observe_sources(assignment, items, jobs, repeat, timeout)
    before: Dict[str, Dict[str, Dict[str, str]]] = {}
    for label, key, evidence in unlocked or ():
        before.setdefault(label, {})[key] = evidence

    def in_order(keys: Iterable[str]) -> List[Question]:
        keys = set(keys)
        return [questions[k] for k in assignment.questions if k in keys and k in questions]

    def one(item) -> List[Observed]:
        label, files, keys = item
        found: Dict[str, Optional[Dict[str, str]]] = {}
        if locked:
            again = []
            for key, evidence in before.get(label, {}).items():
                shut = locked_keys(questions[key])
                if hints.first_failure(evidence)[0] in shut:
                    again.append(key)
                else:
                    found[key] = {**{k: v for k, v in evidence.items() if k not in shut},
                                  **{k: hints.UNSEEN for k in shut}}
            seen = _graded(assignment, files, in_order(again), repeat, timeout, locked=True)
        else:
            seen = _graded(assignment, files, in_order(keys), repeat, timeout, locked=False)
        for key, runs in seen.items():
            found[key] = steady(runs)
        return [(label, key, found[key]) for key in keys if found.get(key) is not None
                and hints.first_failure(found[key]) is not None]

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


def _observe_cached(assignment: Assignment, kind: str, ids: Set[str], make_items,
                    jobs: Optional[int], use_cache: bool, repeat: int,
                    locked: bool) -> List[Observed]:
    """`observe_sources` of MAKE_ITEMS() (the mutants IDS), through the cache of KIND;
    the LOCKED view from the unlocked one (cached too)."""
    cache = _cache(assignment, f"{kind}-locked" if locked else kind, repeat)
    stored = _cached(cache, ids) if use_cache else None
    if stored is not None:
        return stored
    unlocked = _observe_cached(assignment, kind, ids, make_items, jobs, use_cache, repeat,
                               False) if locked else None
    observed = observe_sources(assignment, make_items(), jobs=jobs, repeat=repeat,
                               locked=locked, unlocked=unlocked)
    if cache is not None:
        _store(cache, sorted(ids), observed)
    return observed


def observe(run, jobs: Optional[int] = None, use_cache: bool = True,
            repeat: int = REPEAT, locked: bool = False) -> List[Observed]:
    """(mutant id, question, evidence) for every question a killed mutant of RUN (a
    `mutate.Run`) fails among those its function reaches (LOCKED: in a workspace whose
    locked cases are not unlocked yet, `observe_sources`)."""
    assignment: Assignment = run.assignment
    killed = [o for o in run.outcomes if o.killed]

    def items():
        reaching = _reaching(assignment, killed)
        return [(o.mutant.id, {o.mutant.file or assignment.source: o.mutant.source.encode()},
                 reaching[o.mutant.id]) for o in killed]
    return _observe_cached(assignment, "hints", {o.mutant.id for o in killed}, items, jobs,
                           use_cache, repeat, locked)


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
                      repeat: int = REPEAT, locked: bool = False) -> List[Observed]:
    """(mutant id, question, evidence) for every question a statement-order mutant
    (`reordered`) fails among those its function reaches (in an ok assignment, every
    question: its tests call each other's functions). Cached as `observe` is."""
    mutants = reordered(assignment, owners)

    def items():
        if assignment.is_ok:
            reaching = {m.id: list(assignment.questions) for m in mutants}
        else:
            calling = questions_calling(assignment)
            reaching = {m.id: sorted(calling.get(m.function, ())) for m in mutants}
        return [(m.id, {m.file or assignment.source: m.source.encode()}, reaching[m.id])
                for m in mutants]
    return _observe_cached(assignment, "moves", {m.id for m in mutants}, items, jobs,
                           use_cache, repeat, locked)


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


def mark_locked(data: Dict[str, Any], observed: Iterable[Observed]) -> Dict[str, Any]:
    """DATA with each entry's "locked" (shown where cases before its signature did not
    run): true when it matched some of OBSERVED (what mutants show with the locked cases
    not run: `observe_sources(locked=True)`) and each of them is one of its "mutants",
    whose sentence staff checked; otherwise the evidence may be another mistake's."""
    matched: Dict[str, Set[str]] = {}
    parsed = hints.parse(data).by_id()
    for label, key, seen in observed:
        for hint in parsed.values():
            if hint.question == key and hints.strength(hint, seen, unseen=True) > 0:
                matched.setdefault(hint.id, set()).add(label)
    out = []
    for entry in data["hints"]:
        entry = {k: v for k, v in entry.items() if k != "locked"}
        labels = matched.get(entry["id"], set())
        if labels and labels <= set(entry.get("mutants", [])):
            entry["locked"] = True
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
                                   hint.mutants, hint.locked))
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
