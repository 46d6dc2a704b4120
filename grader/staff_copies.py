"""What of a staff folder may be copied where graded code or students see it.

Every sandbox and every student's folder is made from staff files: an ok assignment's
folder, a Hog case folder's helpers. Staff keep files there by accident that hold the
solution's work or cases (hidden ones, expected outputs): a last term's solution with a
line changed, an editor's backup, a zip of the tests made before an edit, a legacy
`07.pyc`, the script that wrote the hidden cases. Code that read one passed what it
fails (attack22 C1-C7). A file is judged by its content, whatever its name, and an
archive by what it holds.

A file a course needs must never be left out (a data file, an image, a helper: the
solution then fails every copy; review23 F1, F2, F4): a module the sources or the cases
import is always copied, plain binary data is, and a file is left out only on evidence
(bytecode, an archive holding code or cases or that cannot be opened, a hidden case's
call, a case file, most of the solution's work). No content check sees every encoding:
`grade verify` lists what every copy gets and what it left out, and a course may name
the only files copies get (`given` in NAME.grader.json).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path, PurePosixPath
from typing import Dict, Iterable, List, Optional, Set, Tuple

from . import asts

BYTECODE = (".pyc", ".pyo")
SEALED_ARCHIVES = (".7z", ".rar", ".zst", ".lz4", ".lzma", ".z")  # (none in the stdlib)
SEALED_STARTS = (b"7z\xbc\xaf\x27\x1c", b"Rar!", b"\x28\xb5\x2f\xfd", b"\x04\x22\x4d\x18",
                 b"\x1f\x9d", b"\x5d\x00\x00")
READ_CAP = 64 << 20  # bytes an archive's files may hold in all, as read here
HIDDEN_LINE = 12  # characters a hidden case's call needs to be looked for in other files
SOLUTION_SHARE = 0.5  # of the solution's work a copy holds (in AST nodes) ...
SOLUTION_NODES = 15  # ... and at least this many
STUDENT_SHARE = 0.5  # of the names the sources students write define, a copy defines


def assigns_test(tree: ast.Module) -> bool:
    """Whether TREE assigns `test` at its top level: a case file."""
    return any(isinstance(node, (ast.Assign, ast.AnnAssign))
               and any(isinstance(t, ast.Name) and t.id == "test"
                       for t in (node.targets if isinstance(node, ast.Assign) else [node.target]))
               for node in tree.body)


def bytecode(name: str, data: bytes = b"") -> bool:
    """Bytecode: by name, or a `.pyc`'s header: a magic number (Python 3's are 3000 to
    4095, little-endian; 2.7's 62211), CR LF, and the rest of the header. (Any two
    non-ASCII bytes before CR LF were taken for one: a Windows text file whose first
    line is one accented or Greek letter, `λ\r\n`, was left out of every copy: hunt26 D.)"""
    if name.lower().endswith(BYTECODE):
        return True
    return (len(data) >= 16 and data[2:4] == b"\r\n"
            and (0x0B <= data[1] <= 0x0F or data[:2] == b"\x03\xf3"))


def members(name: str, data: bytes) -> Optional[List[Tuple[str, Optional[bytes]]]]:
    """The files of the archive DATA (called NAME), each None where it cannot be read
    here (an archive no standard module opens, one too large); None when DATA is no
    archive. A zip is found behind a header too (a self-extracting backup)."""
    import bz2
    import gzip
    import io
    import lzma
    import zipfile
    import zlib
    if name.lower().endswith(SEALED_ARCHIVES) or data.startswith(SEALED_STARTS):
        return [(name, None)]
    if zipfile.is_zipfile(io.BytesIO(data)):
        try:
            with zipfile.ZipFile(io.BytesIO(data)) as archive:
                infos = archive.infolist()
                if sum(info.file_size for info in infos) > READ_CAP:
                    return [(name, None)]
                return [(info.filename, archive.read(info)) for info in infos
                        if not info.is_dir()]
        except (zipfile.BadZipFile, OSError, ValueError, RuntimeError, NotImplementedError):
            return [(name, None)]
    for start, open_ in ((b"\x1f\x8b", gzip.decompress), (b"BZh", bz2.decompress),
                         (b"\xfd7zXZ\x00", lzma.decompress)):
        if data.startswith(start):
            try:
                inner = open_(data)
            except (OSError, EOFError, ValueError, lzma.LZMAError):
                return [(name, None)]
            return _tar(inner) or [(name.rsplit(".", 1)[0], inner)]
    if data[:1] == b"\x78" and data[1:2] in (b"\x01", b"\x5e", b"\x9c", b"\xda"):
        try:  # a bare zlib stream (attack22 C5)
            return [(name, zlib.decompressobj().decompress(data, READ_CAP))]
        except zlib.error:
            return None
    if data[257:262] == b"ustar":
        return _tar(data)
    return None


def _tar(data: bytes) -> Optional[List[Tuple[str, Optional[bytes]]]]:
    import io
    import tarfile
    try:
        with tarfile.open(fileobj=io.BytesIO(data)) as archive:
            return [(item.name, archive.extractfile(item).read() if item.size <= READ_CAP
                     else None) for item in archive.getmembers() if item.isfile()]
    except (tarfile.TarError, OSError, EOFError, ValueError):
        return None


def _bodies(tree: ast.AST) -> Dict[str, Tuple[List[str], int]]:
    """Qualified name -> (the dumps of the statements of its body, docstring left out;
    its size in AST nodes) of every function of TREE (methods too)."""
    found: Dict[str, Tuple[List[str], int]] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = prefix + child.name
                if not isinstance(child, ast.ClassDef):
                    body = child.body[ast.get_docstring(child, clean=False) is not None:]
                    found[name] = ([ast.dump(s) for s in body],
                                   sum(1 for s in body for _ in ast.walk(s)))
                visit(child, name + ".")
    visit(tree, "")
    return found


def _top_names(tree: ast.Module) -> Set[str]:
    return {node.name for node in tree.body
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}


def _within(part: List[str], whole: List[str]) -> bool:
    """Whether PART's statements are in WHOLE, in order (others between them)."""
    rest = iter(whole)
    return all(any(statement == other for other in rest) for statement in part)


def _imports(text: str) -> Set[str]:
    """The modules TEXT (Python, or a case's session) imports, and their parents."""
    names = set()
    for match in re.finditer(r"(?:^|[\s;>])(?:from[ \t]+([\w.]+)[ \t]+import|"
                             r"import[ \t]+([\w.]+(?:[ \t]*,[ \t]*[\w.]+)*))", text):
        for name in (match.group(1) or match.group(2) or "").split(","):
            name = name.strip().split(" ")[0]
            while name:
                names.add(name)
                name = name.rpartition(".")[0]
    return names


class Screen:
    """The checks for one assignment: its solution's files (SOLUTION, name -> bytes), the
    template's (TEMPLATE), the calls of its hidden cases that no public case, setup or
    source holds (HIDDEN), and the modules its sources and cases import (IMPORTED)."""

    def __init__(self, solution: Dict[str, bytes], template: Dict[str, bytes],
                 hidden: Iterable[str] = (), imported: Iterable[str] = (),
                 sources: Iterable[str] = ()):
        self.sources = {PurePosixPath(name).as_posix() for name in sources}
        self.source_names = {PurePosixPath(name).name for name in self.sources}
        self.copies = set(solution.values())
        self.hidden = {line for line in hidden if len(line) >= HIDDEN_LINE}
        self.imported = set(imported)
        self.solved: List[Tuple[List[str], int]] = []  # the bodies the solution writes
        for name, data in solution.items():
            try:
                mine = _bodies(asts.parse(data))
                given = _bodies(asts.parse(template[name])) if name in template else {}
            except (SyntaxError, ValueError):
                continue
            for qualified, (body, size) in mine.items():
                if body and (qualified not in given or given[qualified][0] != body):
                    self.solved.append((body, size))
        self.work = sum(size for _, size in self.solved)
        self.written = set()  # the top-level names the sources students write define
        for data in (template or solution).values():
            try:
                self.written |= _top_names(asts.parse(data))
            except (SyntaxError, ValueError):
                continue

    def _students_code(self, tree: ast.AST) -> bool:
        """Whether TREE defines most of the functions and classes students write: a
        student's version of a source (a class's submissions kept in the staff folder,
        named by student: attack28 F4), whatever its name and however little it solves."""
        shared = len(_top_names(tree) & self.written)
        return shared >= 1 and shared >= STUDENT_SHARE * len(self.written)

    def _solution_work(self, tree: ast.AST) -> bool:
        """Whether TREE's functions hold most of the solution's work: SOLUTION_SHARE of
        the bodies it writes, in AST nodes, each body's statements in order in one of
        TREE's (a last term's copy with lines added); never a helper that shares a
        getter or two (review23 F4)."""
        bodies = [body for body, _ in _bodies(tree).values()]
        shared = sum(size for solved, size in self.solved
                     if any(_within(solved, body) for body in bodies))
        return shared >= SOLUTION_NODES and shared >= SOLUTION_SHARE * self.work

    def reason(self, path: Path, relative: Optional[Path] = None) -> Optional[str]:
        """Why the file at PATH (RELATIVE where it is copied) must not be copied, or
        None."""
        relative = relative or Path(path.name)
        if path.suffix == ".py" and ".".join(relative.with_suffix("").parts) in self.imported:
            return None  # a helper the code imports: the solution needs it
        if relative.name in self.source_names and relative.as_posix() not in self.sources:  # (imported: the one at its path)
            return ("named like a source file: a student's copy or an old one, as of a "
                    "class's submissions kept in the folder")
        try:
            data = path.read_bytes()
        except OSError as error:
            return f"it cannot be read ({error.strerror})"
        return self._judge(relative.name, data, 0)

    def _judge(self, name: str, data: bytes, depth: int) -> Optional[str]:
        if bytecode(name, data):
            return "bytecode: what it holds cannot be checked"
        held = members(name, data)
        if held is not None:
            if {"__main__.py", "client/cli/ok.py"} <= {inner for inner, _ in held}:
                return "the ok client (no student's code needs it)"
            for inner, content in held:
                if content is None:
                    return "an archive this grader cannot open"
                why = "archives in archives" if depth >= 2 else self._judge(inner, content,
                                                                            depth + 1)
                if why is not None:
                    return f"an archive holding {inner}: {why}"
            return None
        if data in self.copies:
            return "a copy of the solution"
        text = data.decode("utf-8", "replace")
        if any(line in text for line in self.hidden):
            return "it holds a hidden case's call"
        for block in _encoded(text):
            why = self._judge("", block, depth + 1) if depth < 2 else None
            if why is not None:
                return f"it holds encoded data: {why}"
        try:
            tree = asts.parse(data)
        except (SyntaxError, ValueError):
            return ("a .py that does not parse (a draft, perhaps of a case file)"
                    if name.endswith(".py") else None)
        if assigns_test(tree):
            return "a case file under a name no test is read from"
        if self._solution_work(tree):
            return "it holds the solution's work"
        if self._students_code(tree):
            return "it defines the functions students write: a student's version of a source"
        return None


# a base64 block (an e-mail's attachment, a data URI, a shell archive's payload): a line
# of 60 characters or more with no blank, and the lines that follow it alike (attack22
# C6: a saved e-mail with the tests zipped in it); a uuencoded one (C7)
_BASE64 = re.compile(r"[A-Za-z0-9+/]{60,}={0,2}(?:\r?\n[A-Za-z0-9+/]{4,}={0,2})*")
_UUENCODED = re.compile(r"^begin [0-7]{3,4} \S.*\n((?:M.{60}\n)+(?:.*\n)*?)`?\nend$",
                        re.MULTILINE)


def _encoded(text: str) -> List[bytes]:
    """What the base64 blocks of TEXT, of 200 characters or more, and its uuencoded ones
    decode to: judged as files of their own."""
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
    for match in _UUENCODED.finditer(text):
        try:
            blocks.append(b"".join(binascii.a2b_uu(line) for line in match.group(1).splitlines()
                                   if line.strip()))
        except binascii.Error:
            pass
    return blocks


def _calls(code: str) -> List[str]:
    """The first lines of a session's prompts (`>>> f(2)`), prompt and blanks taken off."""
    lines = [line.strip() for line in code.splitlines()]
    return [line.split(" ", 1)[1].strip() for line in lines
            if line.startswith((">>> ", "scm> ", "sqlite> "))]


def hidden_calls(questions, common: str = "") -> List[str]:
    """The prompt lines of the hidden cases of QUESTIONS that tell them apart: not an
    import, and in no public case, setup or COMMON text (the sources): a helper quoting
    `from construct_check import check` is no copy of a case (review23 F2)."""
    public = set(_calls(common))
    hidden: List[str] = []
    for question in questions:
        for suite in question.suites:
            public.update(_calls(suite.setup or ""))
            public.update(_calls(getattr(suite, "teardown", "") or ""))
        for case in question.cases:
            calls = _calls(str(case.raw.get("code", "")))
            if case.hidden:
                hidden += calls
            else:
                public.update(calls)
    return [line for line in hidden if line not in public and line not in common
            and not re.match(r"(from|import)\s", line)]


def screen_of(solution: Path, template: Optional[Path], names: Iterable[str],
              questions=()) -> Screen:
    """The Screen of the source files NAMES of the folders SOLUTION and TEMPLATE, and
    of QUESTIONS' cases."""
    names = list(names)

    def read(folder: Optional[Path]) -> Dict[str, bytes]:
        out = {}
        for name in names if folder is not None else ():
            try:
                out[name] = (folder / name).read_bytes()
            except OSError:
                pass
        return out
    mine, given = read(solution), read(template)
    sources = "\n".join(data.decode("utf-8", "replace") for data in [*mine.values(),
                                                                     *given.values()])
    cases = "\n".join(str(case.raw.get("code", "")) + "\n" + (case.suite.setup or "")
                      for question in questions for case in question.cases)
    return Screen(mine, given, hidden_calls(questions, sources),
                  _imports(sources) | _imports(cases), names)


def split(screen: Screen, root: Path, candidates: Iterable[Path]
          ) -> Tuple[List[Path], List[Tuple[Path, str]]]:
    """CANDIDATES (relative to ROOT): those that may be copied, and those left out with
    why. A helper the kept helpers import is kept as one the sources import is (a
    `settings.py` with a `test = False` flag, imported by the `utils.py` the solution
    imports, was taken for a case file: every submission failed importing it, hunt26 D)."""
    kept, left = [], []
    for relative in candidates:
        why = screen.reason(root / relative, relative)
        if why is None:
            kept.append(relative)
        else:
            left.append((relative, why))
    scanned: Set[Path] = set()
    while True:
        found: Set[str] = set()
        for relative in kept:
            if relative.suffix == ".py" and relative not in scanned:
                scanned.add(relative)
                try:
                    found |= _imports((root / relative).read_text(encoding="utf-8", errors="replace"))
                except OSError:
                    pass
        found -= screen.imported
        if not found:
            return kept, left
        screen.imported |= found
        needed = [(relative, why) for relative, why in left
                  if screen.reason(root / relative, relative) is None]
        kept += [relative for relative, _ in needed]
        left = [item for item in left if item not in needed]
