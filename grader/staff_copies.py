"""What of a staff folder may be copied where graded code or students see it.

Every sandbox and every student's folder is made from staff files: an ok assignment's
folder, a Hog case folder's helpers. Staff keep files there by accident that hold the
solution's work or cases (hidden ones, expected outputs): a last term's solution with a
line changed, an editor's backup, a zip of the tests made before an edit, a legacy
`07.pyc`, the script that wrote the hidden cases. Code that read one passed what it
fails (attack22 C1-C4). A file is judged by its content, whatever its name; what is
copied, and what is left out and why, `grade verify` lists, for what no check can see.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Tuple

from . import asts

# archives and bytecode: what they hold cannot be checked, and no case needs one
OPAQUE_NAMES = (".pyc", ".pyo", ".zip", ".tar", ".tgz", ".gz", ".bz2", ".xz", ".zst", ".7z",
                ".rar", ".whl", ".egg", ".jar", ".tbz", ".tbz2", ".txz", ".lz4", ".lzma", ".z")
OPAQUE_STARTS = (b"PK\x03\x04", b"PK\x05\x06", b"\x1f\x8b", b"BZh", b"\xfd7zXZ\x00",
                 b"7z\xbc\xaf\x27\x1c", b"\x28\xb5\x2f\xfd", b"Rar!", b"\x04\x22\x4d\x18",
                 b"\x1f\x9d", b"\x5d\x00\x00")
# binary files a course gives that hold no text (a GUI's images, sounds, fonts)
MEDIA_STARTS = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"GIF87a", b"GIF89a", b"BM",
                b"\x00\x00\x01\x00", b"RIFF", b"OggS", b"ID3", b"\xff\xfb", b"fLaC",
                b"\x00\x01\x00\x00", b"OTTO", b"wOFF", b"wOF2")
CONTROL = bytes(b for b in range(32) if b not in b"\t\n\r\f\x0b") + b"\x7f"
HIDDEN_LINE = 12  # characters a hidden case's line needs to be looked for in other files


def opaque(name: str, data: bytes = b"") -> bool:
    """An archive or bytecode, by NAME or by the file's bytes DATA: an archive's or a
    `.pyc`'s first bytes, or any binary content but a known image, sound or font (a
    zip behind a header, a bare zlib stream: attack22 C5), which no search for a case
    or the solution can read into."""
    if (name.lower().endswith(OPAQUE_NAMES) or data.startswith(OPAQUE_STARTS)
            or data[2:4] == b"\r\n" and not data[:2].isascii()):
        return True
    if not _binary(data):
        return False
    return not data.startswith(MEDIA_STARTS) or _holds_zip(data)


def _binary(data: bytes) -> bool:
    """Not text: not UTF-8, and more than 2% control bytes (an 8-bit text has none)."""
    try:
        data.decode("utf-8")
        return False
    except UnicodeDecodeError:
        sample = data[:1 << 16]
        return len(sample) - len(sample.translate(None, CONTROL)) > len(sample) // 50


def _holds_zip(data: bytes) -> bool:
    import io
    import zipfile
    return zipfile.is_zipfile(io.BytesIO(data))


def assigns_test(tree: ast.Module) -> bool:
    """Whether TREE assigns `test` at its top level: a case file."""
    return any(isinstance(node, (ast.Assign, ast.AnnAssign))
               and any(isinstance(t, ast.Name) and t.id == "test"
                       for t in (node.targets if isinstance(node, ast.Assign) else [node.target]))
               for node in tree.body)


def _bodies(tree: ast.AST) -> Dict[str, List[str]]:
    """Qualified name -> the dumps of the statements of its body, docstring left out,
    of every function of TREE (methods too)."""
    found: Dict[str, List[str]] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = prefix + child.name
                if not isinstance(child, ast.ClassDef):
                    docstring = ast.get_docstring(child, clean=False) is not None
                    found[name] = [ast.dump(s) for s in child.body[docstring:]]
                visit(child, name + ".")
    visit(tree, "")
    return found


def _within(part: List[str], whole: List[str]) -> bool:
    """Whether PART's statements are in WHOLE, in order (others between them)."""
    rest = iter(whole)
    return all(any(statement == other for other in rest) for statement in part)


class Screen:
    """The checks for one assignment: its solution's files (SOLUTION, name -> bytes),
    the template's (TEMPLATE), and the lines of its hidden cases (HIDDEN)."""

    def __init__(self, solution: Dict[str, bytes], template: Dict[str, bytes],
                 hidden: Iterable[str] = ()):
        self.copies = set(solution.values())
        self.hidden = {line.strip() for line in hidden if len(line.strip()) >= HIDDEN_LINE}
        self.solved: List[List[str]] = []  # the bodies the solution writes
        for name, data in solution.items():
            try:
                mine = _bodies(asts.parse(data))
                given = _bodies(asts.parse(template[name])) if name in template else {}
            except (SyntaxError, ValueError):
                continue
            for qualified, body in mine.items():
                trivial = len(body) == 1 and body[0].startswith(
                    ("Pass(", "Raise(", "Expr(", "Return()", "Return(value=Constant(value=None"))
                if given.get(qualified) != body and body and not trivial:
                    self.solved.append(body)

    def _solution_work(self, tree: ast.AST) -> bool:
        """Two of the solution's function bodies, or one of two statements or more, in
        functions of TREE (each may hold more statements than the solution's)."""
        bodies = list(_bodies(tree).values())
        shared = [len(solved) for solved in self.solved
                  if any(_within(solved, body) for body in bodies)]
        return len(shared) >= 2 or any(size >= 2 for size in shared)

    def _holds_hidden(self, data: bytes) -> bool:
        text = data.decode("utf-8", "replace")
        return any(line in text for line in self.hidden)

    def reason(self, path: Path, name: Optional[str] = None) -> Optional[str]:
        """Why the file at PATH (called NAME where it is copied) must not be copied, or
        None."""
        name = name or path.name
        try:
            data = path.read_bytes()
        except OSError as error:
            return f"it cannot be read ({error.strerror})"
        if opaque(name, data):
            return "an archive or bytecode: what it holds cannot be checked"
        if data in self.copies:
            return "a copy of the solution"
        text = data.decode("utf-8", "replace")
        if any(line in text for line in self.hidden):
            return "it holds a hidden case's code"
        if _UUENCODED.search(text) or any(opaque("", block) or self._holds_hidden(block)
                                          for block in _encoded(text)):
            return "it holds encoded data that cannot be checked (base64, uuencode)"
        try:
            tree = asts.parse(data)
        except (SyntaxError, ValueError):
            return ("a .py that does not parse (a draft, perhaps of a case file)"
                    if name.endswith(".py") else None)
        if assigns_test(tree):
            return "a case file under a name no test is read from"
        if self._solution_work(tree):
            return "it holds the solution's work"
        return None


# a base64 block (an e-mail's attachment, a data URI, a shell archive's payload): a line
# of 60 characters or more with no blank, and the lines that follow it alike (attack22
# C6: a saved e-mail with the tests zipped in it)
_BASE64 = re.compile(r"[A-Za-z0-9+/]{60,}={0,2}(?:\r?\n[A-Za-z0-9+/]{4,}={0,2})*")


_UUENCODED = re.compile(r"^begin [0-7]{3,4} \S.*\n(?:M.{60}\n){3,}", re.MULTILINE)


def _encoded(text: str) -> List[bytes]:
    """What the base64 blocks of TEXT, of 200 characters or more, decode to."""
    import base64
    import binascii
    blocks = []
    for match in _BASE64.finditer(text):
        data = "".join(match.group().split()).rstrip("=")
        if len(data) >= 200:
            try:
                blocks.append(base64.b64decode(data + "=" * (-len(data) % 4)))
            except (binascii.Error, ValueError):
                pass
    return blocks


def hidden_lines(questions) -> List[str]:
    """The prompt lines of every hidden case of QUESTIONS, without their prompts."""
    lines = []
    for question in questions:
        for case in question.cases:
            if case.hidden:
                for line in str(case.raw.get("code", "")).splitlines():
                    stripped = line.strip()
                    if stripped.startswith((">>> ", "... ", "scm> ", "sqlite> ")):
                        lines.append(stripped.split(" ", 1)[1])
    return lines


def screen_of(solution: Path, template: Optional[Path], names: Iterable[str],
              questions=()) -> Screen:
    """The Screen of the source files NAMES of the folders SOLUTION and TEMPLATE."""
    def read(folder: Optional[Path]) -> Dict[str, bytes]:
        out = {}
        for name in names if folder is not None else ():
            try:
                out[name] = (folder / name).read_bytes()
            except OSError:
                pass
        return out
    return Screen(read(solution), read(template), hidden_lines(questions))


def split(screen: Screen, root: Path, candidates: Iterable[Path]
          ) -> Tuple[List[Path], List[Tuple[Path, str]]]:
    """CANDIDATES (relative to ROOT): those that may be copied, and those left out with
    why."""
    kept, left = [], []
    for relative in candidates:
        why = screen.reason(root / relative, relative.name)
        if why is None:
            kept.append(relative)
        else:
            left.append((relative, why))
    return kept, left
