"""The results of a bulk run, in an SQLite file in OUT, written as each submission finishes.

Each result is committed on its own, so a run killed at any moment loses only the
submissions in flight, and `--resume` grades only what is missing (or what changed:
a result is kept with the digest of the source it was computed from; one the grader
itself failed on is kept marked for retrying, and graded again). The settings
the results depend on are kept too: resuming with different cases or limits would
mix incomparable results, so it is refused.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any, Dict, List, Optional

FILENAME = "results.sqlite"


class StoreError(Exception):
    """OUT holds results that cannot be used for this run; the message says why."""


class Store:
    def __init__(self, folder: Path):
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / FILENAME
        try:
            self.db = sqlite3.connect(str(self.path), isolation_level=None)
            self.db.execute("CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT)")
            self.db.execute("CREATE TABLE IF NOT EXISTS results (id TEXT PRIMARY KEY, "
                            "digest TEXT NOT NULL, record TEXT NOT NULL, "
                            "retry INTEGER NOT NULL DEFAULT 0)")
            columns = [row[1] for row in self.db.execute("PRAGMA table_info(results)")]
            if "retry" not in columns:  # a store written before results could be retried
                self.db.execute("ALTER TABLE results ADD COLUMN retry INTEGER NOT NULL DEFAULT 0")
        except sqlite3.DatabaseError as error:
            raise StoreError(f"{self.path} is not a results database this grader wrote "
                             f"({error}): choose another --out folder") from None

    def close(self) -> None:
        self.db.close()

    def settings(self) -> Optional[Dict[str, Any]]:
        row = self.db.execute("SELECT value FROM meta WHERE key = 'settings'").fetchone()
        return json.loads(row[0]) if row else None

    def begin(self, settings: Dict[str, Any], resume: bool) -> Dict[str, str]:
        """Claim the store for a run with SETTINGS; return {id: digest} already graded
        (results the grader failed on are left out: they are graded again)."""
        rows = list(self.db.execute("SELECT id, digest, retry FROM results"))
        previous = self.settings()
        if rows and not resume:
            raise StoreError(f"{self.path.parent} already holds results of {len(rows)} "
                             "submission(s): pass --resume to finish that run, or choose "
                             "an empty --out folder")
        if rows and previous != settings:
            changed = sorted(k for k in set(settings) | set(previous or {})
                             if (previous or {}).get(k) != settings.get(k))
            raise StoreError(f"{self.path.parent} was graded with different settings "
                             f"({', '.join(changed)}): resuming would mix results; "
                             "choose an empty --out folder")
        self.db.execute("INSERT OR REPLACE INTO meta VALUES ('settings', ?)",
                        (json.dumps(settings, sort_keys=True),))
        return {sid: digest for sid, digest, retry in rows if not retry}

    def put(self, submission_id: str, digest: str, record: Dict[str, Any],
            retry: bool = False) -> None:
        self.db.execute("INSERT OR REPLACE INTO results VALUES (?, ?, ?, ?)",
                        (submission_id, digest, json.dumps(record, sort_keys=True), int(retry)))

    def records(self, ids: List[str], missing: bool = False) -> List[Any]:
        """The records of IDS, in that order: ids without a result are left out, or
        given as None with MISSING."""
        found = {row[0]: json.loads(row[1])
                 for row in self.db.execute("SELECT id, record FROM results")}
        return [found.get(i) for i in ids if missing or i in found]
