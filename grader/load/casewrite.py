"""Change a few values of a case file in place, atomically, keeping everything else.

Unlocking one case must not reformat the rest of a file staff wrote by hand, and a
kill at any moment must leave either the old file or the new one, never a mix. So
only the changed literals are replaced (located by their ast node positions), the
result is checked to read back as exactly the intended dict, and it is written to a
temporary file in the same folder, synced, and renamed over the original.
"""

from __future__ import annotations

import ast
import copy
import os
import pprint
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

from .. import asts
from . import casefile

CHUNK = 64 * 1024
# Test hook: seconds to pause after each chunk written, so a test can kill mid-write.
_DELAY_ENV = "GRADE_TEST_WRITE_DELAY"

KeyPath = Tuple[Any, ...]  # a key path into a case-file dict: ("suites", 0, "cases", 2, "code")


def apply(data: Dict, changes: Dict[KeyPath, Any]) -> Dict:
    """A copy of DATA with CHANGES made."""
    out = copy.deepcopy(data)
    for path, value in changes.items():
        target = out
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = value
    return out


def _test_dict(tree: ast.Module) -> Optional[ast.Dict]:
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and node.targets[0].id == "test"
                and isinstance(node.value, ast.Dict)):
            return node.value
    return None


def _child(node: ast.AST, step: Any) -> Optional[ast.AST]:
    if isinstance(node, ast.Dict):
        for key, value in zip(node.keys, node.values):
            if isinstance(key, ast.Constant) and key.value == step:
                return value
    elif isinstance(node, ast.List) and isinstance(step, int) and 0 <= step < len(node.elts):
        return node.elts[step]
    return None


def render(value: Any, old: str) -> str:
    """VALUE as a literal in the style of the literal OLD it replaces (a multi-line
    string stays a triple-quoted block) when that style can hold it; repr otherwise."""
    if isinstance(value, str) and "\n" in value:
        head = old.lstrip("rRuU")
        prefix = old[: len(old) - len(head)]
        quote = head[:3]
        if quote in ('"""', "'''") and quote not in value and "\r" not in value:
            text = prefix + quote + value + quote
            try:
                if asts.literal_eval(text) == value:
                    return text
            except (SyntaxError, ValueError):
                pass
    return repr(value)


def _offsets(source: bytes) -> List[int]:
    starts, position = [0], 0
    for line in source.splitlines(keepends=True):
        position += len(line)
        starts.append(position)
    return starts


def edit(source: str, changes: Dict[KeyPath, Any]) -> Optional[str]:
    """SOURCE with the literals at CHANGES' paths replaced, or None when a path is not a
    literal written out in the file (the caller then rewrites the whole file)."""
    try:
        tree = asts.parse(source)
    except SyntaxError:
        return None
    root = _test_dict(tree)
    if root is None:
        return None
    raw = source.encode("utf-8")
    starts = _offsets(raw)
    edits: List[Tuple[int, int, str]] = []
    for path, value in changes.items():
        node: Optional[ast.AST] = root
        for step in path[:-1]:
            node = _child(node, step) if node is not None else None
        if node is None:
            return None
        target = _child(node, path[-1])
        if target is not None:
            if not isinstance(target, ast.Constant):
                return None
            start = starts[target.lineno - 1] + target.col_offset
            end = starts[target.end_lineno - 1] + target.end_col_offset
            old = raw[start:end].decode("utf-8")
            edits.append((start, end, render(value, old)))
        elif isinstance(node, ast.Dict) and node.values:
            last = node.values[-1]
            end = starts[last.end_lineno - 1] + last.end_col_offset
            edits.append((end, end, f", {path[-1]!r}: {render(value, '')}"))
        else:
            return None
    for start, end, text in sorted(edits, reverse=True):
        raw = raw[:start] + text.encode("utf-8") + raw[end:]
    return raw.decode("utf-8")


def write_atomic(path: Path, text: str) -> None:
    """Replace PATH's contents with TEXT so that a reader (or a crash) sees the old
    file or the new one, whole."""
    path = Path(path)
    data = text.encode("utf-8")
    delay = float(os.environ.get(_DELAY_ENV) or 0)
    import tempfile  # (only a run that writes a case file needs it)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            for offset in range(0, len(data), CHUNK):
                handle.write(data[offset:offset + CHUNK])
                if delay:
                    handle.flush()
                    time.sleep(delay)
            handle.flush()
            os.fsync(handle.fileno())
        if path.exists():
            os.chmod(temp, path.stat().st_mode & 0o7777)
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
    try:
        folder = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(folder)
    except OSError:
        pass
    finally:
        os.close(folder)


def update(path: Path, changes: Dict[KeyPath, Any]) -> bool:
    """Make CHANGES to the case file at PATH; return whether the file changed. The new
    text must read back as the old dict with CHANGES made, or nothing is written."""
    path = Path(path)
    source = path.read_text(encoding="utf-8")
    data = casefile.read_literal(path, source)
    wanted = apply(data, changes)
    if wanted == data:
        return False
    text = edit(source, changes)
    if text is None or _reads_as(path, text) != wanted:
        text = "test = " + pprint.pformat(wanted, sort_dicts=False, width=100) + "\n"
        if _reads_as(path, text) != wanted:
            raise casefile.CaseFileError(f"{path}: could not write the change faithfully")
    write_atomic(path, text)
    return True


def _reads_as(path: Path, text: str) -> Optional[Dict]:
    try:
        return casefile.read_literal(path, text)
    except casefile.CaseFileError:
        return None
