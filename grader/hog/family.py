"""Hog's editions as the grader ships them: each is a folder of the same shape,
`reference/<edition>/`, `student_template/<edition>/` and `cases/<edition>/` (whose
`assignment.json` holds the settings: the files the student writes, the rules module,
the win rate's baseline), travelling inside the installed package (`grader.data.*`); in
a source checkout they are the folders at the top of the repository. The staff
commands grade the default edition when given no assignment."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import List, Tuple

_ROOT = Path(__file__).resolve().parent.parent.parent
_FOLDERS = {"reference": "reference", "cases": "cases", "template": "student_template"}
DEFAULT_EDITION = "fa19"
SETTINGS = "assignment.json"


# What a Hog game's settings leave out: an assignment whose settings name "rules" is of
# the family, and its student writes hog.py beside the course's dice and ucb modules.
SETTINGS_DEFAULTS = {"source": "hog.py", "support": ["dice.py", "ucb.py"]}


def with_defaults(config: dict) -> dict:
    """CONFIG with the family's defaults when it is Hog's (it names "rules")."""
    if not isinstance(config, dict) or "rules" not in config:
        return config
    return {**SETTINGS_DEFAULTS, **config}


def data_root(part: str) -> Path:
    """The folder holding one subfolder per edition for PART (reference, cases, template)."""
    name = _FOLDERS[part]
    try:
        spec = importlib.util.find_spec(f"grader.data.{name}")
    except ModuleNotFoundError:
        spec = None
    if spec is not None and spec.submodule_search_locations:
        return Path(list(spec.submodule_search_locations)[0])
    return _ROOT / name


def editions() -> List[str]:
    """The editions shipped with the grader, by name."""
    root = data_root("cases")
    return sorted(p.parent.name for p in root.glob(f"*/{SETTINGS}"))


def folders(edition: str) -> Tuple[Path, Path, Path]:
    """EDITION's reference, template and cases folders."""
    return (data_root("reference") / edition, data_root("template") / edition,
            data_root("cases") / edition)
