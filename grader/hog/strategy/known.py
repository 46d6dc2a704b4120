"""Win rates already computed, kept in the user's cache so that grading a strategy that
has not changed since the last run costs no numpy import and no tabulated game.

A win rate is a pure function of the table, the opponent, the goal, the rules module and
the engine, so the key is a hash of all of them: the table's bytes, the sources of the
rules module, of the package of rules helpers and of the engine. Whatever goes wrong
with the cache file (missing, unreadable, garbled, read-only) only means computing again.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import tempfile
from pathlib import Path
from typing import Dict, Optional, Sequence

KEEP = 64  # entries kept: the strategies of a few sessions of work
FIELDS = ("win_rate", "as_first", "as_second", "seconds")
_ENGINE = Path(__file__).with_name("winrate.py")


def path() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "hog-grader" / "winrates.json"


def _sources(rules) -> Optional[bytes]:
    """The code a win rate under RULES depends on; None when some is not a file."""
    from .. import editions
    files = [getattr(rules, "__file__", None), editions.__file__, str(_ENGINE)]
    folder = Path(editions.__file__).parent
    files += sorted(str(p) for p in folder.glob("*.py"))
    try:
        return b"".join(Path(f).read_bytes() + b"\0" for f in files if f) if all(files) else None
    except OSError:
        return None


def key(table: Sequence[Sequence[int]], opponent: int, rules, goal: int) -> Optional[str]:
    sources = _sources(rules)
    if sources is None:
        return None
    digest = hashlib.sha256(sources)
    digest.update(f"|{opponent}|{goal}|{len(table)}|".encode())
    digest.update(bytes(itertools.chain.from_iterable(table)))
    return digest.hexdigest()


def _read() -> Dict[str, dict]:
    try:
        data = json.loads(path().read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def get(entry: Optional[str]) -> Optional[Dict[str, float]]:
    """The win rate stored under ENTRY, or None."""
    if entry is None:
        return None
    found = _read().get(entry)
    if not isinstance(found, dict) or not all(
            type(found.get(name)) is float for name in FIELDS):
        return None
    return {name: found[name] for name in FIELDS}


def put(entry: Optional[str], rate: Dict[str, float]) -> None:
    """Store RATE under ENTRY, keeping the KEEP latest entries; never fails."""
    if entry is None:
        return
    try:
        data = _read()
        data.pop(entry, None)
        data[entry] = {name: float(rate[name]) for name in FIELDS}
        kept = dict(list(data.items())[-KEEP:])
        target = path()
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=".winrates-")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(kept, out, separators=(",", ":"))
            os.replace(temporary, target)
        except BaseException:
            os.unlink(temporary)
            raise
    except (OSError, ValueError, TypeError, KeyError):
        pass
