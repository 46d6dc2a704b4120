"""Correct solutions in styles the editions' authors did not write, and student-like bugs,
for every edition but Fall 2019 (issue 9, sections 1 and 2, per issue 12's "same bar").

Each edition has a module tests/styles/<edition>.py with

- ALTERNATIVES: for each function a student writes, several correct implementations
  (source text: the function and any helpers of its own). A variant is the untouched
  template with one alternative per function appended (the appended definitions replace
  the stubs), so one graded file covers one choice for every function. `combinations`
  picks a few variants that together use every alternative at least once, plus a few
  random ones (fixed seed).
- WHOLE: whole hand-written files in one consistent style (appended to the template too).
- BUGS: one student-like mistake each, as a whole function (with helpers) appended to
  the reference: it must fail the question that owns it and no question the edition's
  mutant catalogue (tests/mutants/<edition>.py, CALLERS) does not list for that function.
- fingerprint(hog): what a variant must do exactly like the reference, computed in this
  process (fast), so that a variant that is not really correct is caught before a grade
  verdict is blamed on the cases.
"""

from __future__ import annotations

import ast
import importlib.util
import random
import re
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, FrozenSet, Iterator, List, Sequence, Tuple

TESTS = Path(__file__).resolve().parent
EDITIONS = ("su21", "sp14", "sp13", "sp18-contest")


# What ok drops from a student's output before comparing (okpy 1.18, client/utils/debug.py):
# whole lines starting with DEBUG and a colon or a space, in any case.
OK_DEBUG_LINE = re.compile(r"^DEBUG[: ].*\n", re.MULTILINE | re.IGNORECASE)


def without_debug(text: str) -> str:
    return OK_DEBUG_LINE.sub("", text)


@dataclass(frozen=True)
class Bug:
    """A student-like mistake: SOURCE redefines the function BROKEN (a key of the mutant
    catalogue's CALLERS) and may add helpers; OWNER is the question that must catch it."""

    name: str
    owner: str
    broken: str
    source: str
    why: str
    also: FrozenSet[str] = frozenset()

    def may_fail(self, callers) -> FrozenSet[str]:
        return callers[self.broken] | self.also | {self.owner}


def styles(edition: str) -> types.ModuleType:
    path = TESTS / "styles" / f"{edition.replace('-', '_')}.py"
    spec = importlib.util.spec_from_file_location(f"styles_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def defined_names(source: str) -> List[str]:
    """Top-level names an alternative binds (functions, classes, assignments)."""
    names = []
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.append(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                names.extend(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.extend((a.asname or a.name).split(".")[0] for a in node.names)
    return names


Choice = Tuple[Tuple[str, int], ...]  # (function, index of its alternative), in file order


def combinations(alternatives: Dict[str, Sequence[str]], extra: int = 3,
                 seed: int = 61) -> List[Choice]:
    """Variants that together use every alternative of every function at least once
    (variant i takes alternative (i + shift) mod count, shifts drawn per function), then
    EXTRA random ones."""
    rng = random.Random(seed)
    functions = list(alternatives)
    width = max(len(options) for options in alternatives.values())
    shifts = {f: rng.randrange(len(alternatives[f])) for f in functions}
    chosen = [tuple((f, (i + shifts[f]) % len(alternatives[f])) for f in functions)
              for i in range(width)]
    chosen += [tuple((f, rng.randrange(len(alternatives[f]))) for f in functions)
               for _ in range(extra)]
    return chosen


def compose(template: str, alternatives: Dict[str, Sequence[str]], choice: Choice) -> str:
    parts = [template]
    for function, index in choice:
        parts.append(f"# --- {function}: alternative {index}\n" + alternatives[function][index])
    return "\n\n".join(parts) + "\n"


def label(choice: Choice) -> str:
    return "-".join(str(index) for _, index in choice)


def single(alternatives: Dict[str, Sequence[str]]) -> Iterator[Tuple[str, int]]:
    for function, options in alternatives.items():
        for index in range(len(options)):
            yield function, index
