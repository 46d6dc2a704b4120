"""Rebuild an edition's catalogue of likely mistakes (cases/<edition>/hints.json) and
measure it: the staff tool behind the README's hint figures (issue 20).

    python benchmarks/hint_catalogue.py [--edition fa19 | --assignment DIR]
                                        [--merge NAMED.json] [--proposals OUT.json]
                                        [--write] [--jobs N]

With --assignment DIR (a folder of your own: an ok assignment, whose catalogue is
DIR/hints.json unless one is beside its tests, or a Hog edition) it does the same
without real bug classes.

It grades every mutant `grade mutate` kills, and the real students' bug classes of the
edition (`real_bugs_file`: tests/mutants/catalogue.py for Fall 2019, labelled
"catalogue:NAME"; tests/mutants/<edition>.py for another, "su21:NAME"), on every
question they reach as a student's run does (grader/hint_mutants.py, cached), in two
views: with every case run, and as a workspace runs them before the student unlocks its
locked cases (a question's first failure may then be a later case, and an entry whose
signature starts after a case that did not run is shown only if marked "locked": each
generated mutant it matched there is one it lists, `hint_mutants.mark_locked`); merges the groups staff named in NAMED.json
(what `grade mutate --hints` or --proposals wrote, with "id" and "text" filled in; a
group may be named by its "class" signature instead, then its sentence must hold for the
whole class), with --generalise adds to each entry the behaviour classes of its
signatures that no other generated mutant shows (`generalise`), makes each entry's "mutants" the killed mutants whose evidence it matches
(review the diff: the sentence must be true of each; the real bug classes are listed by
hand, where the sentence is true of them: the figures are judged on them), writes the groups no entry names to
--proposals, and prints, for the real bug classes, the killed mutants and the real bug
classes held out (the catalogue cut to the signatures that generated mutants show), how
often the hint shown is one of the entries listing the bug (right), another (wrong) or
none. --write saves the rebuilt catalogue.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grader import assignment as assignments, hint_mutants, hints, mutate  # noqa: E402


def real_bugs_file(edition):
    """The file of EDITION's real students' bug classes (None without one): Fall 2019's
    is tests/mutants/catalogue.py, another edition's tests/mutants/<edition>.py. A bug's
    label is the file's name and its own ("catalogue:NAME", "su21:NAME")."""
    name = "catalogue" if edition == "fa19" else edition.replace("-", "_")
    path = ROOT / "tests" / "mutants" / f"{name}.py"
    return path if path.is_file() else None


def real_bug_classes(path):
    spec = importlib.util.spec_from_file_location(f"hint_real_bugs_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.MUTANTS


def observe_real(assignment, jobs=None, use_cache=True, locked=False):
    """(label, question, evidence) of the real bug classes ("catalogue:NAME", ...);
    LOCKED: before the student unlocks the locked cases (`hint_mutants.observe_sources`)."""
    path = real_bugs_file(assignment.edition)
    if path is None:
        return []
    classes = real_bug_classes(path)
    reference = (Path(assignment.reference) / assignment.source).read_text(encoding="utf-8")
    key = hashlib.sha256(path.read_bytes()).hexdigest()
    view = "-locked" if locked else ""
    cache = mutate.cache_dir() / (f"{assignment.edition}-{mutate.digest(assignment)}-"
                                  f"real{key[:12]}x{hint_mutants.REPEAT}{view}.json")
    if use_cache and cache.is_file():
        return [(m, q, e) for m, q, e in json.loads(cache.read_text(encoding="utf-8"))]
    items = [(f"{path.stem}:{m.name}", {assignment.source: m.apply(reference).encode()},
              sorted(m.may_fail)) for m in classes]
    unlocked = observe_real(assignment, jobs, use_cache) if locked else None
    observed = hint_mutants.observe_sources(assignment, items, jobs=jobs, timeout=4.0,
                                            locked=locked, unlocked=unlocked)
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(json.dumps(observed), encoding="utf-8")
    return observed


def generalise(data, generated):
    """DATA with, on each entry, the behaviour class of each of its one-case signatures
    whose every generated mutant (the real bugs left out: they judge the result) failing
    that case that way is one the entry lists: a mistake not seen yet that fails there
    the same way is then most likely this one."""
    groups = {}
    for label, question, seen in generated:
        first = hints.first_failure(seen)
        if first is not None:
            kind = hints.behaviour(first[1]) or first[1]
            groups.setdefault((question, first[0], kind), set()).add(label)
    for entry in data["hints"]:
        listed = set(entry.get("mutants", []))
        for signature in list(entry["signatures"]):
            if len(signature) != 1:
                continue
            (key, sign), = signature.items()
            kind = hints.behaviour(sign)
            labels = groups.get((entry["question"], key, kind), set())
            if kind and labels and labels <= listed and {key: kind} not in entry["signatures"]:
                entry["signatures"].append({key: kind})
    return data


def figures(data, killed, moved, real, owner=None, locked=None):
    """The rows of the README's table; with OWNER (mutant id -> the question owning its
    line), the killed and statement-order mutants in that question alone too; LOCKED,
    (killed, moved, real) as a workspace whose locked cases are not unlocked shows them,
    their rows too."""
    catalogue = hints.parse(data)
    generated = killed + moved
    rows = {"real bug classes": hint_mutants.measure(catalogue, real),
            "killed mutants": hint_mutants.measure(catalogue, killed),
            "statement-order mutants": hint_mutants.measure(catalogue, moved),
            "real bug classes, held out": hint_mutants.measure(
                hint_mutants.held_out(catalogue, generated), real, named=catalogue)}
    if owner:
        for name, observed in (("killed mutants", killed), ("statement-order mutants", moved)):
            rows[f"{name}, the question owning the line"] = hint_mutants.measure(
                catalogue, [o for o in observed if owner.get(o[0]) == o[1]])
    if locked:
        for name, observed in zip(("killed mutants", "statement-order mutants",
                                   "real bug classes"), locked):
            rows[f"{name}, cases locked"] = hint_mutants.measure(catalogue, observed)
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--edition")
    where.add_argument("--assignment", type=Path, help="an assignment folder of your own")
    parser.add_argument("--merge", type=Path, help="named proposals to merge in")
    parser.add_argument("--proposals", type=Path, help="where to write the unnamed groups")
    parser.add_argument("--write", action="store_true", help="save the rebuilt catalogue")
    parser.add_argument("--generalise", action="store_true",
                        help="add behaviour classes that only the entry's mutants show")
    parser.add_argument("--jobs", type=int)
    parser.add_argument("--no-cache", action="store_true")
    args = parser.parse_args(argv)
    assignment = assignments.load(None if args.assignment else args.edition or "fa19",
                                  args.assignment)
    home = Path(assignment.folder) if assignment.is_ok else Path(assignment.cases)
    path = hints.path_for(assignment) or home / hints.CATALOGUE
    data = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else \
        {"version": hints.VERSION, "hints": []}
    run = mutate.run(assignment, jobs=args.jobs, use_cache=not args.no_cache)
    killed = hint_mutants.observe(run, jobs=args.jobs, use_cache=not args.no_cache)
    moved = hint_mutants.observe_reordered(assignment, jobs=args.jobs,
                                           use_cache=not args.no_cache)
    generated = killed + moved
    real = observe_real(assignment, args.jobs, not args.no_cache) if not args.assignment else []
    locked = (hint_mutants.observe(run, jobs=args.jobs, use_cache=not args.no_cache, locked=True),
              hint_mutants.observe_reordered(assignment, jobs=args.jobs,
                                             use_cache=not args.no_cache, locked=True),
              observe_real(assignment, args.jobs, not args.no_cache, locked=True)
              if not args.assignment else [])
    if args.merge:
        data = hint_mutants.merge(data, json.loads(args.merge.read_text(encoding="utf-8")))
    reviewed = {o[0] for o in real}
    data = hint_mutants.rebuild(data, generated + real, reviewed=reviewed)
    if args.generalise:
        data = hint_mutants.rebuild(generalise(data, generated), generated + real,
                                    reviewed=reviewed)
    # (the real bug classes left out: with the cases locked, they are measured unseen)
    data = hint_mutants.mark_locked(data, locked[0] + locked[1])
    catalogue = hints.parse(data)
    unnamed = [o for o in generated + real
               if hints.best(catalogue.for_question(o[1]), o[2]) is None]
    if args.proposals:
        args.proposals.write_text(json.dumps({"groups": hints.propose(unnamed, catalogue)},
                                             indent=1, ensure_ascii=False) + "\n",
                                  encoding="utf-8")
    print(f"{path}: {len(data['hints'])} entries")
    owner = {o.mutant.id: o.mutant.owner for o in run.outcomes}
    owner.update({m.id: m.owner for m in hint_mutants.reordered(assignment)})
    for name, row in figures(data, killed, moved, real, owner, locked).items():
        if not row["total"] and not real:  # no real bug classes: an ok assignment's, say
            continue
        total = row["total"] or 1
        print(f"{name}: {row['total']} failing questions, right {row['right'] / total:.1%}, "
              f"wrong {row['wrong'] / total:.1%}, none {row['none'] / total:.1%}")
        for label, question, shown in row["wrongs"]:
            print(f"    wrong: {question} {label} -> {shown}")
    if args.write:
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
