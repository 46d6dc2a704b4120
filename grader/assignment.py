"""Where an assignment's reference, template and staff cases are, and its settings.

The files travel inside the installed package (`grader.fa19.*`); in a source checkout
they are the folders at the top of the repository.
"""

from __future__ import annotations

import importlib.util
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Optional

_ROOT = Path(__file__).resolve().parent.parent
_FOLDERS = {"reference": "reference", "cases": "cases", "template": "student_template"}


def _folder(edition: str, part: str) -> Path:
    name = _FOLDERS[part]
    try:
        spec = importlib.util.find_spec(f"grader.{edition}.{name}")
    except ModuleNotFoundError:
        spec = None
    if spec is not None and spec.submodule_search_locations:
        return Path(list(spec.submodule_search_locations)[0])
    return _ROOT / name


@dataclass
class Assignment:
    name: str  # ok's assignment name: the key of its locked-case hashes
    edition: str
    reference: Path
    template: Path
    cases: Path
    source: str = "hog.py"
    support: List[str] = field(default_factory=lambda: ["dice.py", "ucb.py"])
    config: Dict[str, Any] = field(default_factory=dict)

    @property
    def module(self) -> str:
        return Path(self.source).stem

    @property
    def student_files(self) -> List[str]:
        return [self.source] + list(self.support)


def load(edition: str = "fa19") -> Assignment:
    cases = _folder(edition, "cases")
    config = json.loads((cases / "assignment.json").read_text(encoding="utf-8"))
    return Assignment(name=config["name"], edition=config.get("edition", edition),
                      reference=_folder(edition, "reference"),
                      template=_folder(edition, "template"), cases=cases,
                      source=config.get("source", "hog.py"),
                      support=config.get("support", ["dice.py", "ucb.py"]), config=config)


class AssignmentBound:
    """Base of suite kinds that read the assignment: it is loaded on first use, so
    registering a kind at import costs nothing; tests pass their own."""

    def __init__(self, assignment: Optional[Assignment] = None):
        self._assignment = assignment

    @property
    def assignment(self) -> Assignment:
        if self._assignment is None:
            self._assignment = load()
        return self._assignment
