"""Text that came from students, made safe for the places staff look at it.

A submission's id comes from a folder or zip entry name, a contest team name from the
entry's own code, a failure's text from what the code printed: each reaches a file
name, a spreadsheet cell, a terminal or a page. Each place has its own hazard (paths
outside OUT, formulas, escape sequences), and each has one function here.
"""

from __future__ import annotations

import json
import re
import traceback
import unicodedata
from dataclasses import dataclass
from typing import Callable, Generic, Iterable, Optional, TypeVar

NAME_BYTES = 120  # a safe id leaves room under NAME_MAX (255) for suffixes like ".part"
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")  # OWASP: what starts a spreadsheet formula


def _unprintable(char: str) -> bool:
    """Control, format (bidi overrides, zero-width), surrogate, private and unassigned
    characters, and line or paragraph separators."""
    return unicodedata.category(char)[0] == "C" or unicodedata.category(char) in ("Zl", "Zp")


SURROGATE = re.compile("[\ud800-\udfff]")  # a lone one cannot be encoded in UTF-8
_SURROGATE_IN_JSON = re.compile(r"\\u[dD][89a-fA-F]|[\ud800-\udfff]")  # escaped, or as is


def loads(text):
    """JSON a child process sent, parsed: ValueError for anything that is not JSON, too
    deep included (RecursionError), and every lone surrogate (`"\\ud800"` is valid JSON)
    replaced by U+FFFD, so that no text taken from it fails to encode where it is
    written (a page, a spreadsheet, a terminal)."""
    if isinstance(text, (bytes, bytearray)):  # json would decode U+D800's bytes as one
        text = bytes(text).decode("utf-8", "replace")
    try:
        value = json.loads(text)
    except RecursionError:
        raise ValueError("nested too deeply") from None
    return _without_surrogates(value) if _SURROGATE_IN_JSON.search(text) else value


def _without_surrogates(value):
    """VALUE (what json.loads made: this process's own lists and dicts) with each string,
    dict keys too, cleaned in place; a loop, not a recursion, as json nests deeper than
    Python recurses (hunt21 F1)."""
    top = [value]
    todo = [(top, 0)]
    while todo:
        holder, key = todo.pop()
        item = holder[key]
        if isinstance(item, str):
            holder[key] = SURROGATE.sub("\ufffd", item)
        elif isinstance(item, list):
            todo.extend((item, index) for index in range(len(item)))
        elif isinstance(item, dict):
            pairs = [(SURROGATE.sub("\ufffd", k), v) for k, v in item.items()]
            item.clear()
            item.update(pairs)
            todo.extend((item, k) for k in item)
    return top[0]


def printable(text: str, keep_newlines: bool = True) -> str:
    """TEXT with every character a terminal could act on written as an escape (`\\x1b`),
    so student text can move no cursor, set no title and reorder no line."""
    out = []
    for char in str(text):
        if char == "\n" and keep_newlines or char == "\t" and keep_newlines:
            out.append(char)
        elif _unprintable(char):
            code = ord(char)
            out.append(f"\\x{code:02x}" if code < 0x100 else
                       f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
        else:
            out.append(char)
    return "".join(out)


def one_line(text: str, width: int = 200) -> str:
    """A label on one line: whitespace runs made single spaces, unprintables dropped,
    at most WIDTH characters."""
    kept = "".join(" " if char.isspace() else char for char in str(text)
                   if char.isspace() or not _unprintable(char))
    kept = re.sub(r" +", " ", kept).strip()
    return kept if len(kept) <= width else kept[: width - 1] + "…"


def csv_cell(value):
    """VALUE as a spreadsheet shows it, never run: text that a spreadsheet would take as
    a formula gets a leading apostrophe (OWASP's rule for CSV injection)."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def shown_name(name: str) -> str:
    """NAME as given, as a JSON-safe string (undecodable bytes of a file name, kept by
    Python as lone surrogates, become U+FFFD)."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace") \
        if any(0xDC80 <= ord(c) <= 0xDCFF for c in name) else name


def is_safe_name(name: str) -> bool:
    """Whether NAME can be used as-is as one file name under OUT: not empty, no `/` or
    `\\`, not `.`/`..` or hidden, nothing unprintable, not starting like an option,
    short enough."""
    return (bool(name) and name == name.strip() and not name.startswith((".", "-", "~"))
            and not any(c in "/\\\0" or _unprintable(c) for c in name)
            and len(name.encode("utf-8", "surrogatepass")) <= NAME_BYTES)


def folded(name: str) -> str:
    """NAME as a file system that folds case and composes letters sees it, by upper case
    first, as NTFS and exFAT compare names (there `ılse`, with a dotless i, is `ILSE`, as
    `Ilse` is; casefold alone keeps them apart: attack26)."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).upper()).casefold()


def safe_name(name: str, taken: Iterable[str] = ()) -> str:
    """NAME if it is safe as a file name, else a readable safe stand-in (the printable
    part, shortened, with a digest of the whole name so different names stay
    different); never one of TAKEN, nor one that a file system folding case or
    composing letters (a macOS volume, an exFAT or SMB share) would take for one: there
    `Alice` and `alice` were one folder, and one student's results overwrote the other's."""
    taken = {folded(t) for t in taken}
    if is_safe_name(name) and folded(name) not in taken:
        return name
    raw = name.encode("utf-8", "surrogateescape")
    import hashlib  # here, not at the top: it loads OpenSSL (~2 ms), which most runs never use
    digest = hashlib.sha256(raw).hexdigest()
    stem = "".join(c if not (c in "/\\\0" or _unprintable(c) or c.isspace()) else "_"
                   for c in shown_name(name)).lstrip(".-~_") or "submission"
    stem = stem.encode("utf-8")[:40].decode("utf-8", "ignore")
    for length in range(8, 65, 4):
        candidate = f"{stem}~{digest[:length]}"
        if folded(candidate) not in taken:
            return candidate
    raise ValueError(f"no safe name left for {name!r}")  # 15 digests all taken: not by chance


T = TypeVar("T")


@dataclass
class CallInfo(Generic[T]):
    """The outcome of one step on one untrusted input: its value, or the exception it
    raised as data (like pytest's CallInfo), so one input never stops a run."""

    value: Optional[T] = None
    error: Optional[str] = None  # "ValueError: ...": one line
    traceback: Optional[str] = None

    @classmethod
    def from_call(cls, function: Callable[[], T]) -> "CallInfo[T]":
        try:
            return cls(value=function())
        except Exception as error:  # KeyboardInterrupt and SystemExit still end the run
            return cls(error=describe(error), traceback=traceback.format_exc())


def describe(error: BaseException) -> str:
    """The exception in one line, whatever its __str__ does."""
    try:
        text = str(error)
    except Exception:
        text = "(unprintable)"
    return one_line(f"{type(error).__name__}: {text}" if text else type(error).__name__, 300)
