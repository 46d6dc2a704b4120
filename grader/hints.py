"""Naming the likely mistake behind a failing question, from a catalogue of misconceptions.

A catalogue (`hints.json` in an assignment's cases folder, or in an ok assignment's
folder) lists, per question, the mistakes staff have named: a stable id, a sentence for
the student (the clause after "looks like": it describes the behaviour, never the
reference's code) and how the mistake is recognised, one or more signatures:

    {"version": 1,
     "hints": [{"id": "09-ties-to-larger", "question": "09",
                "text": "a tie between numbers of dice goes to the larger number",
                "signatures": [{"4": "0: 10"}, {"4": "~0: value"}],
                "fuzz": "strategy asked again",     # optional: words of a fuzz failure
                "mutants": ["..."]}]}               # optional: what it was named from

A signature maps case keys to what those cases showed. A case key is the case's position
among its question's visible cases ("3": what the student's workspace numbers it, hidden
cases left out) or among its hidden ones ("h1"). What a case showed is either its exact
fingerprint (`fingerprint`: the example that failed and what it printed; a raised
exception by its type only, since its message names the student's own variables; a fuzz
game by the kind of difference) or, written with a leading "~", its behaviour class
(`behaviour`: the example that failed and how, a wrong value, None, the exception's type
or a timeout), which an unseen mistake of the same class shares; its sentence must then
hold for every mistake of that class.

An entry matches when every case of one of its signatures agrees with the run, every
case before that signature's first case that ran passed (what a run that stops at its
first failure shows: the hint never depends on `-v`), and its fuzz words, if any, are in
a failing fuzz case's explanation. The hint shown is the entry that matches with the
most evidence (an exact fingerprint counts more than a behaviour class); two that match
equally show none. `grade mutate --hints` proposes entries: killed mutants grouped by
their first failure (grader/hint_mutants.py).
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from .load.casefile import CaseFileError
from .model import CaseResult, Question, QuestionResult
from .untrusted import loads as json_loads

CATALOGUE = "hints.json"
VERSION = 1
PASS = "pass"
UNSEEN = "unseen"  # in evidence: a case that did not run (locked, not chosen, or after a failure)
CLASS = "~"  # a signature value starting with it is a behaviour class, not a fingerprint
_FAILING = ("failed", "error", "timeout")
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,79}")
_KEY = re.compile(r"h?[1-9][0-9]*")
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
_LONG = 100  # characters of a fingerprint kept as text; a longer one ends with a digest


class HintsError(CaseFileError):
    """A catalogue that cannot be used: the message names the file and the problem
    (a CaseFileError, so every command reports it as the broken case file it is)."""


@dataclass(frozen=True)
class Hint:
    id: str
    question: str
    text: str
    signatures: Tuple[Dict[str, str], ...] = ()
    fuzz: str = ""
    mutants: Tuple[str, ...] = ()
    # shown too where cases before its signature's did not run (locked in a student's
    # workspace): the probe found its sentence true of every mistake it then matched
    locked: bool = False

    def sentence(self) -> str:
        return f"Looks like {self.text}" + ("" if self.text.endswith((".", "?", "!")) else ".")


@dataclass
class Catalogue:
    hints: List[Hint] = field(default_factory=list)
    path: Optional[Path] = None

    def for_question(self, key: str) -> List[Hint]:
        return [h for h in self.hints if h.question == key]

    def by_id(self) -> Dict[str, Hint]:
        return {h.id: h for h in self.hints}


# --- fingerprints --------------------------------------------------------------------------

def case_keys(question: Question) -> Dict[int, str]:
    """Case number -> key: "N" for the Nth visible case, "hN" for the Nth hidden one."""
    keys, visible, hidden = {}, 0, 0
    for case in question.cases:
        if case.hidden:
            hidden += 1
            keys[case.number] = f"h{hidden}"
        else:
            visible += 1
            keys[case.number] = str(visible)
    return keys


def _order(key: str) -> Tuple[int, int]:
    """Visible cases run first, in order, then the hidden ones."""
    return (1, int(key[1:])) if key.startswith("h") else (0, int(key))


def _short(text: str) -> str:
    if len(text) <= _LONG:
        return text
    import hashlib  # here, not at the top: it loads OpenSSL (~2 ms), which most runs never use
    digest = hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()[:12]
    return f"{text[:60]}... #{digest}"


def fuzz_words(message: str) -> str:
    """The kind of difference a fuzz failure's explanation names, without the game's
    particulars (its turn, scores, counts, and what came next): the same for a live game
    and a recorded one."""
    first = message.split("\n", 1)[0]
    _, _, why = first.partition("differs from the reference: ")
    if not why:
        _, _, why = first.partition("does not fit the game your play played: ")
    why = why or first
    if why.startswith(("turn ", "before the first turn")) and "; " in why:
        why = why.split("; ", 1)[1]
    why = why.split(": ", 1)[0].split("; ", 1)[0]
    return re.sub(r"\d+", "#", why.rstrip("."))


# TypeErrors that a student's typical slips raise and a mutant of the reference never
# does: text joined to a number, a number called as a function. A catalogue entry named
# from mutants' TypeErrors (a missing return, a call's arguments) must not match them
# (`str(gain) + "..." + who` was told its commentary returns nothing, hunt19 #1)
_TEXT_AND_NUMBER = re.compile(r"can only concatenate str \(not \"(int|float)\"\)|"
                              r"unsupported operand type\(s\) for [^:]+: "
                              r"('str' and '(int|float)'|'(int|float)' and 'str')")
_VALUE_CALLED = re.compile(r"'(int|float|str|bool|tuple|list|dict)' object is not callable")


def _family(kind: str, words: str) -> str:
    """What a fingerprint adds to an exception's type: the family of a TypeError no
    mutant raises, else nothing."""
    if kind != "TypeError":
        return ""
    if _TEXT_AND_NUMBER.search(words):
        return " (text and a number)"
    if _VALUE_CALLED.search(words):
        return " (a value called)"
    return ""


def fingerprint(result: CaseResult) -> Optional[str]:
    """What a case's verdict shows that a mistake decides; None when it is no evidence
    (locked, not run here)."""
    if result.status == "passed":
        return PASS
    if result.status not in _FAILING:
        return None
    if result.case.suite.type == "fuzz":
        return f"fuzz {result.status}: {fuzz_words(result.message)}"
    where = f"{result.failed_example if result.failed_example is not None else '-'}: "
    if result.status in ("timeout", "error"):
        return f"{where}{result.status}"
    got = _ADDRESS.sub(" at 0x", result.got)
    if result.traceback:  # raised: its last line is the exception, shown by type only
        lines = got.rstrip("\n").split("\n")
        kind, _, words = lines[-1].partition(":")
        kind = kind.strip()
        got = "\n".join(lines[:-1] + [f"raised {kind}{_family(kind, words)}"])
    got = "\n".join(line.rstrip() for line in got.rstrip("\n").split("\n"))
    return where + _short(got)


def behaviour(sign: str) -> Optional[str]:
    """The behaviour class of the fingerprint SIGN: where it failed and how (a wrong
    value, None, an exception's type, a timeout, a fuzz difference's kind); None for a
    pass."""
    if sign == PASS or sign.startswith(CLASS):
        return None
    if sign.startswith("fuzz "):
        return CLASS + sign
    where, _, got = sign.partition(": ")
    last = got.rsplit("\n", 1)[-1]
    if got in ("timeout", "error") or last.startswith("raised "):
        how = last
    elif not got:
        how = "none"
    else:
        how = "value"
    return f"{CLASS}{where}: {how}"


def agrees(wanted: str, sign: Optional[str]) -> bool:
    """Whether the fingerprint SIGN is what WANTED (a fingerprint or a class) asks for."""
    if sign is None:
        return False
    return wanted == sign or (wanted.startswith(CLASS) and behaviour(sign) == wanted)


def evidence(result: QuestionResult) -> Dict[str, str]:
    """Case key -> fingerprint of every case of RESULT that ran, UNSEEN for each that
    did not: locked, or left out of a `--case` run (whose locked cases were thus
    unseen too: review23 F3), or after the first failure."""
    keys = case_keys(result.question)
    out = {}
    for case in result.case_results:
        sign = UNSEEN if case.status == "locked" else case.fingerprint or fingerprint(case)
        if sign is not None and case.case.number in keys:
            out[keys[case.case.number]] = sign
    ran = {case.case.number for case in result.case_results}
    for case in result.question.cases:
        if case.number not in ran and case.number in keys:
            out[keys[case.number]] = UNSEEN
    return out


def first_failure(seen: Dict[str, str]) -> Optional[Tuple[str, str]]:
    failing = sorted((k for k, v in seen.items() if v not in (PASS, UNSEEN)), key=_order)
    return (failing[0], seen[failing[0]]) if failing else None


# --- matching ------------------------------------------------------------------------------

_EXACT, _CLASS = 2, 1  # what one failing case of a signature is worth


def agreement(signature: Dict[str, str], seen: Dict[str, str], unseen: bool = True) -> int:
    """How much SEEN agrees with one SIGNATURE (0: it does not). A signature speaks of a
    mistake whose earlier cases pass: with UNSEEN false, it agrees only where none of
    them went unseen. A case that did not run could have shown another mistake: in a
    locked su21 workspace a fifth of the real bug classes' failing questions got a
    wrong hint (hunt21 F13)."""
    if not all(agrees(sign, seen.get(key)) for key, sign in signature.items()):
        return 0
    start = min((_order(k) for k in signature), default=(0, 0))
    earlier = [v for k, v in seen.items() if _order(k) < start]
    if any(v not in (PASS, UNSEEN) for v in earlier) or not unseen and UNSEEN in earlier:
        return 0
    return sum(_CLASS if sign.startswith(CLASS) else _EXACT
               for sign in signature.values() if sign != PASS)


def strength(hint: Hint, seen: Dict[str, str], unseen: Optional[bool] = None) -> int:
    """How much of SEEN agrees with HINT, by its signature that agrees best (0: it does
    not match); where earlier cases did not run, only if HINT holds there (UNSEEN:
    whether to take it that it does; default, what its entry says)."""
    unseen = hint.locked if unseen is None else unseen
    agreed = max((agreement(s, seen, unseen) for s in hint.signatures), default=0)
    if hint.signatures and not agreed:
        return 0
    if hint.fuzz:
        if not any(v.startswith("fuzz ") and hint.fuzz in v for v in seen.values()):
            return 0
        agreed += _EXACT
    return agreed


def best(hints: Iterable[Hint], seen: Dict[str, str]) -> Optional[Hint]:
    """The one entry that matches SEEN with the most evidence; None if none does or
    two match equally."""
    scored = sorted(((strength(h, seen), h) for h in hints), key=lambda p: -p[0])
    if not scored or scored[0][0] == 0:
        return None
    if len(scored) > 1 and scored[1][0] == scored[0][0]:
        return None
    return scored[0][1]


def attach(result: QuestionResult, catalogue_of: Callable[[], Optional[Catalogue]],
           common: bool = False) -> QuestionResult:
    """RESULT with the hint for its failure, when the catalogue (read only then: a
    passing run need not) names one; with COMMON, else a mistake students make in any
    assignment, when its first failing example shows one (grader/common_mistakes.py)."""
    if result.status not in _FAILING:
        return result
    catalogue = catalogue_of()
    hints = catalogue.for_question(result.question.key) if catalogue is not None else []
    if hints:
        result.hint = best(hints, evidence(result))
    if result.hint is None and common:
        from . import common_mistakes
        result.hint = common_mistakes.name(result)
    return result


# --- the catalogue file ---------------------------------------------------------------------

def path_for(assignment) -> Optional[Path]:
    """Where ASSIGNMENT's catalogue is: beside its cases, or at the top of an ok folder."""
    places = [Path(assignment.cases) / CATALOGUE]
    if getattr(assignment, "folder", None) is not None:
        places.append(Path(assignment.folder) / CATALOGUE)
    return next((p for p in places if is_catalogue(p)), None)


def is_catalogue(path: Path) -> bool:
    """Whether PATH is this grader's catalogue (a JSON object whose "hints" list holds
    objects with an "id", sound or not), not a course's own data file that happens to be
    named hints.json: a lab reading one stopped every failing student's run (hunt23
    #6b, 6c, review24 R7)."""
    try:
        data = json_loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return False
    return (isinstance(data, dict) and isinstance(data.get("hints"), list)
            and all(isinstance(entry, dict) and "id" in entry for entry in data["hints"]))


def parse(data: Any, where: str = CATALOGUE) -> Catalogue:
    """A catalogue from the JSON value DATA; a HintsError naming WHERE and what is wrong."""
    def bad(problem: str) -> HintsError:
        return HintsError(f"{where}: {problem}")

    if not isinstance(data, dict) or not isinstance(data.get("hints"), list):
        raise bad('must be a JSON object with a "hints" list')
    if data.get("version", VERSION) != VERSION:
        raise bad(f"version {data.get('version')!r} is not one this grader reads ({VERSION})")
    hints, seen = [], set()
    for index, entry in enumerate(data["hints"], 1):
        if not isinstance(entry, dict):
            raise bad(f"entry {index} is not an object")
        name = entry.get("id")
        label = f"entry {index} ({name})" if isinstance(name, str) else f"entry {index}"
        if not isinstance(name, str) or not _ID.fullmatch(name):
            raise bad(f"{label}: \"id\" must be letters, digits, '-', '_' or '.'")
        if name in seen:
            raise bad(f"{label}: the id is used twice")
        seen.add(name)
        for key in ("question", "text"):
            if not isinstance(entry.get(key), str) or not entry[key].strip():
                raise bad(f"{label}: \"{key}\" must be a non-empty string")
        if "signature" in entry and "signatures" in entry:
            raise bad(f"{label}: give \"signatures\" (a list) or \"signature\", not both")
        signatures = entry.get("signatures", [entry["signature"]] if "signature" in entry else [])
        if not isinstance(signatures, list) or not all(
                isinstance(s, dict) and s and all(
                    isinstance(k, str) and _KEY.fullmatch(k) and isinstance(v, str) and v
                    for k, v in s.items()) for s in signatures):
            raise bad(f"{label}: \"signatures\" must be a list of objects mapping case keys "
                      "(\"3\", \"h1\") to fingerprints or \"~\" behaviour classes")
        if any(len({k.startswith("h") for k in s}) > 1 for s in signatures):
            # shown with the public cases, chosen by a hidden one's output: an oracle on it
            raise bad(f"{label}: a signature mixes public cases (\"3\") and hidden ones "
                      "(\"h1\"): give each its own signature")
        fuzz = entry.get("fuzz", "")
        if not isinstance(fuzz, str):
            raise bad(f"{label}: \"fuzz\" must be a string")
        if not (signatures or fuzz) or not all(
                any(v != PASS for v in s.values()) for s in signatures):
            raise bad(f"{label}: needs a failing case in each signature, or \"fuzz\" words "
                      "(an entry without evidence would match every failure)")
        mutants = entry.get("mutants", [])
        if not isinstance(mutants, list) or not all(isinstance(m, str) for m in mutants):
            raise bad(f"{label}: \"mutants\" must be a list of strings")
        if not isinstance(entry.get("locked", False), bool):
            raise bad(f"{label}: \"locked\" must be true or false")
        unknown = set(entry) - {"id", "question", "text", "signature", "signatures", "fuzz",
                                "mutants", "locked"}
        if unknown:
            raise bad(f"{label}: unknown key(s) {', '.join(sorted(unknown))}")
        hints.append(Hint(name, entry["question"], entry["text"].strip(),
                          tuple(dict(s) for s in signatures), fuzz, tuple(mutants),
                          entry.get("locked", False)))
    return Catalogue(hints)


def load(path: Path) -> Catalogue:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise HintsError(f"{path}: cannot be read ({error})") from None
    try:
        data = json_loads(text)
    except ValueError as error:
        raise HintsError(f"{path}: is not valid JSON ({error})") from None
    catalogue = parse(data, str(path))
    catalogue.path = Path(path)
    return catalogue


_CACHE: Dict[Tuple[str, float, int], Catalogue] = {}


def load_for(assignment) -> Optional[Catalogue]:
    """ASSIGNMENT's catalogue (None without one), read once per change of the file."""
    path = path_for(assignment) if assignment is not None else None
    if path is None:
        return None
    stat = os.stat(path)
    key = (str(path), stat.st_mtime, stat.st_size)
    if key not in _CACHE:
        _CACHE[key] = load(path)
    return _CACHE[key]


def for_students(data: Dict[str, Any]) -> Dict[str, Any]:
    """The catalogue a student workspace gets: signatures on visible cases only (a
    hidden case's fingerprint would tell what it prints), entries left with none
    dropped, without the mutants."""
    kept = []
    for entry in data["hints"]:
        signatures = entry.get("signatures", [entry["signature"]] if "signature" in entry else [])
        visible = [s for s in signatures if not any(k.startswith("h") for k in s)]
        if signatures and not visible:
            continue
        out = {k: v for k, v in entry.items() if k not in ("mutants", "signature", "signatures")}
        if visible:
            out["signatures"] = visible
        kept.append(out)
    return {"version": VERSION, "hints": kept}


# --- proposals from mutants -----------------------------------------------------------------

def propose(observed: Sequence[Tuple[str, str, Dict[str, str]]],
            catalogue: Optional[Catalogue] = None) -> List[Dict[str, Any]]:
    """Catalogue entries for staff to name: (mutant id, question, evidence) grouped by
    the question and the fingerprint of the first failure, largest groups first, each
    with its behaviour class and how many mutants share that; a group an existing entry
    already recognises names it ("known")."""
    groups: Dict[Tuple[str, str, str], List[str]] = {}
    for mutant, question, seen in observed:
        first = first_failure(seen)
        if first is not None:
            groups.setdefault((question, *first), []).append(mutant)
    classes: Dict[Tuple[str, str, Optional[str]], int] = {}
    for (question, key, sign), mutants in groups.items():
        classes[question, key, behaviour(sign)] = \
            classes.get((question, key, behaviour(sign)), 0) + len(mutants)
    out = []
    for (question, key, sign), mutants in sorted(groups.items(),
                                                 key=lambda g: (g[0][0], -len(g[1]), g[0])):
        entry: Dict[str, Any] = {"id": "", "question": question, "text": "",
                                 "signature": {key: sign}, "mutants": sorted(mutants)}
        if behaviour(sign) is not None:  # to name the class instead: its sentence must fit all
            entry["class"] = {"signature": {key: behaviour(sign)},
                              "mutants": classes[question, key, behaviour(sign)]}
        if catalogue is not None:
            known = best(catalogue.for_question(question), {key: sign})
            if known is not None:
                entry["known"] = known.id
        out.append(entry)
    return out
