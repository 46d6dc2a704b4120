"""`ast.parse` and `ast.literal_eval` safe to call from several threads at once.

CPython 3.11 keeps the depth counter of its AST constructor in state shared by all
threads: when a collection during one thread's parse runs Python code (a finalizer) and
another thread parses meanwhile, the first raises "SystemError: AST constructor
recursion depth mismatch". Bulk grading judges submissions in threads (and its judges
read literals), so every parse in the grader's own process goes through one lock.
"""

from __future__ import annotations

import ast
import threading
from typing import Any

_LOCK = threading.RLock()


def parse(source: Any, filename: str = "<unknown>", mode: str = "exec") -> ast.AST:
    with _LOCK:
        return ast.parse(source, filename, mode)


def literal_eval(text: Any) -> Any:
    """ast.literal_eval of TEXT (a string is parsed under the lock; a node needs none)."""
    if isinstance(text, ast.AST):
        return ast.literal_eval(text)
    with _LOCK:
        return ast.literal_eval(text)
