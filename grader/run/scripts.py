"""The grader's own scripts (the worker, the fuzz driver, the strategy reader), found
wherever the grader lives: as files of an installed package, or inside the zip of the
self-contained runner that `grade publish` puts in a workspace. A script that is a file
is run by its path; one inside a zip is run as `python -c SOURCE` (the same argv after
it), so a student needs nothing but the interpreter."""

from __future__ import annotations

import importlib.util
import os
from typing import List

# Run every script as `-c SOURCE` even when it is a file: for a worker that runs as a
# user who may not read the grader's files (`grader.gradescope`'s `uid` mode).
INLINE = False


def _spec(module: str):
    spec = importlib.util.find_spec(module)
    if spec is None or spec.loader is None:
        raise ImportError(f"the grader's script {module} is missing")
    return spec


def source(module: str) -> str:
    """The source text of MODULE (never executed here)."""
    spec = _spec(module)
    text = spec.loader.get_source(module)
    if text is None:
        raise ImportError(f"the grader's script {module} has no source")
    return text


def argv(module: str) -> List[str]:
    """What follows the interpreter's options to run MODULE as a script."""
    spec = _spec(module)
    if spec.origin and os.path.isfile(spec.origin) and not INLINE:
        return [spec.origin]
    return ["-c", source(module)]
