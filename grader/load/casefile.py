"""Load and write case files in ok's format.

A case file is Python source holding one assignment, `test = {...}`. It is read with
`ast.literal_eval`, never imported or executed, so a case file cannot run code in the
grader. Doctest code inside a case is split into examples by ok's own rules
(`parse_examples`); ok's annotation lines (`# locked`, `# choice: ...`,
`# explanation: ...`) are lifted off the expected output.
"""

from __future__ import annotations

import ast
import dataclasses
import glob
import json
import operator
import os
import re
import textwrap
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional

from .. import asts
from ..model import Case, Example, Question, Suite
from ..untrusted import loads as json_loads, printable

# What ok itself loads: sessions of Python (doctest; wwpp, "what would Python display",
# only unlocked, never run), concept questions, and other languages' suites (scheme,
# sqlite, logic), which this grader loads but does not run.
FOREIGN_SUITE_TYPES = ("scheme", "sqlite", "logic")
OK_SUITE_TYPES = ("doctest", "wwpp", "concept") + FOREIGN_SUITE_TYPES
SUITE_TYPES = OK_SUITE_TYPES + ("fuzz", "winrate")
_SESSION_TYPES = ("doctest", "wwpp")  # suites whose cases are `>>>` sessions
_UNSCORED_TYPES = ("wwpp", "concept")  # ok's default for `scored`
SIDECAR = ".grader.json"  # KEY.grader.json: this grader's own suites, which ok never reads
_ANNOTATION = re.compile(r"^#\s*(locked|choice|explanation)\s*(?::\s?(.*))?$")


class CaseFileError(Exception):
    """A case file that cannot be used; the message names the file and the problem."""


def read_literal(path: Path, source: Optional[str] = None) -> Dict[str, Any]:
    """Return the dict assigned to `test` in the case file at PATH: read as data, never
    run; a statement that would change it when ok imports the file is refused."""
    if source is None:
        try:
            source = asts.read_source(path)
        except OSError as error:
            raise CaseFileError(f"{path}: cannot read: {error}") from None
    try:
        tree = asts.parse(source, str(path))
    except SyntaxError as error:
        raise CaseFileError(f"{path}, line {error.lineno}: not valid Python: {error.msg}") from None
    names: Dict[str, Any] = {}  # earlier top-level assignments of data (a shared setup)
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 \
                and isinstance(node.targets[0], ast.Name):
            name, expression = node.targets[0].id, node.value
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) \
                and node.target.id in names:  # `SETUP += ...`: as `SETUP = SETUP + ...`
            name = node.target.id
            expression = ast.BinOp(ast.Name(name, ast.Load()), node.op, node.value)
        elif isinstance(node, ast.Delete) and all(isinstance(t, ast.Name) for t in node.targets):
            for target in node.targets:  # `del SETUP` once the cases are built
                names.pop(target.id, None)
            continue
        elif _only_reads(node):  # `assert test['points'] == 2`, `print(test['name'])`
            continue
        else:
            data = set(names) | {"test"}
            stored = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)
                      and isinstance(n.ctx, (ast.Store, ast.Del))}
            read = read_at_import(node) & data
            if stored & data or any(name == "test" or not _immutable(names[name])
                                    for name in read):  # may change what ok reads
                raise CaseFileError(
                    f"{path}, line {node.lineno}: case files hold data (`NAME = ...`, "
                    "`NAME += ...`); this statement may change it when ok imports the "
                    "file (it sets a data name, or hands a list or dict on), and grade "
                    "reads the data without running the file: write the data it makes")
            continue
        try:
            value = data_value(expression, names)
        except (ValueError, TypeError, RecursionError, MemoryError):
            if name != "test":
                names.pop(name, None)
                continue
            raise CaseFileError(
                f"{path}, line {node.lineno}: `test` must be data (dicts, lists, strings, "
                "numbers, booleans, names of such data set above it, + between strings or "
                "lists): case files hold data, not code") from None
        names[name] = value
    if "test" not in names:
        raise CaseFileError(f"{path}: no `test = {{...}}` assignment found")
    if not isinstance(names["test"], dict):
        raise CaseFileError(f"{path}: `test` must be a dict")
    return names["test"]  # the last assignment's, as ok reads it


# a line at the left margin that starts no data assignment, comment, string or closing
# bracket: a case file that may hold code ok runs when it imports the file
_CODE_LINE = re.compile(rb"^(?!(?:\xef\xbb\xbf)?(?:[A-Za-z_]\w*\s*\+?=[^=]|#|[\s'\")\]}]|[rRbBuUfF]{1,2}['\"]|$))",
                        re.M)


def load_time_code(path: Path, raw: Optional[bytes] = None) -> Optional[str]:
    """The statements of the case file at PATH that are not its data (an `import sys;
    sys.setrecursionlimit(...)`, a `sys.path` entry for a helper, `from proj import *`),
    as source, in their order; None when it has none. ok imports every case file while
    it loads, before any test, so they run once, in ok's own process: the worker runs
    them as it starts. Data assignments are left out (the cases, hidden ones too, are
    read as data and never handed to student code this way). RAW: the file's bytes, when
    read already."""
    try:
        raw = Path(path).read_bytes() if raw is None else raw
    except OSError:
        return None
    if not _CODE_LINE.search(raw):
        return None
    try:
        tree = asts.parse(raw, str(path))
    except (SyntaxError, ValueError):
        return None
    names: Dict[str, Any] = {}
    code, given = [], set()
    for node in tree.body:
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue  # a docstring
        if isinstance(node, ast.Assign) and len(node.targets) == 1 \
                and isinstance(node.targets[0], ast.Name):
            try:
                names[node.targets[0].id] = data_value(node.value, names)
                continue
            except (ValueError, TypeError, RecursionError, MemoryError):
                if node.targets[0].id == "test":
                    continue
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) \
                and node.target.id in names:
            continue
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            try:  # data under any target (`A, B = [...], []`, `S: str = '...'`): never code
                data_value(node.value, names)
                continue
            except (ValueError, TypeError, RecursionError, MemoryError):
                pass
        read = read_at_import(node) & (set(names) | {"test"})
        if isinstance(node, ast.Delete) or any(
                name == "test" or type(names[name]) not in (int, float, bool, type(None))
                for name in read):
            continue  # reads the data, which is not run here (an assert on it, a print)
        code += [f"{name} = {names[name]!r}" for name in sorted(read - given)]  # a number
        given |= read
        code.append(ast.unparse(node))
    return "\n".join(code) + "\n" if code else None


def _immutable(value: Any) -> bool:
    """Whether VALUE, a case file's data, no statement can change in place."""
    if isinstance(value, tuple):
        return all(_immutable(item) for item in value)
    return value is None or isinstance(value, (str, int, float, bool))


def _only_reads(node: ast.stmt) -> bool:
    """Whether the top-level statement NODE reads the file's data and changes nothing: an
    `assert` or a `print(...)` of names, subscripts and literals (hunt23 #5)."""
    def plain(expression: ast.AST) -> bool:
        return all(isinstance(n, (ast.Name, ast.Subscript, ast.Constant, ast.Load, ast.Compare,
                                  ast.cmpop, ast.BoolOp, ast.boolop, ast.UnaryOp, ast.unaryop,
                                  ast.Tuple, ast.List, ast.keyword, ast.JoinedStr,
                                  ast.FormattedValue, ast.Slice))
                   for n in ast.walk(expression))
    if isinstance(node, ast.Assert):
        return plain(node.test) and (node.msg is None or plain(node.msg))
    call = node.value if isinstance(node, ast.Expr) else None
    return (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
            and call.func.id == "print" and all(plain(a) for a in call.args)
            and all(plain(k.value) for k in call.keywords))


def read_at_import(node: ast.stmt) -> set:
    """The names the top-level statement NODE reads when ok imports the case file: a
    `def`'s body runs only when called (its decorators and defaults run), and an `if
    __name__ == '__main__':` block not at all (hunt23 #5: a helper reading the file's
    data refused the whole assignment)."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        parts = [*node.decorator_list, *node.args.defaults,
                 *[d for d in node.args.kw_defaults if d is not None]]
    elif isinstance(node, ast.If) and isinstance(node.test, ast.Compare) \
            and ast.unparse(node.test).replace('"', "'") == "__name__ == '__main__'":
        parts = node.orelse
    else:
        parts = [node]
    return {n.id for part in parts for n in ast.walk(part) if isinstance(n, ast.Name)}


DATA_CAP = 1 << 24  # characters a string built in a case file may have
ITEMS_CAP = 10_000  # items a list built in one (`CASES += CASES`) may have


ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)


def _arithmetic(op: ast.operator, left, right):
    """LEFT op RIGHT of two numbers (a third of a point is `1/3` in a case file: hunt28
    #2), ValueError where Python would raise or the result would be huge."""
    if isinstance(op, ast.Pow) and not (abs(right) <= 64 and abs(left) <= 1e6):
        raise ValueError("number")
    try:
        value = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
                 ast.Div: operator.truediv, ast.FloorDiv: operator.floordiv,
                 ast.Mod: operator.mod, ast.Pow: operator.pow}[type(op)](left, right)
    except (ArithmeticError, ValueError):
        raise ValueError("number") from None
    if type(value) not in (int, float):  # (a negative number's root is complex)
        raise ValueError("number")
    return value


def data_value(node: ast.AST, names: Dict[str, Any]) -> Any:
    """The value of the expression NODE where it is data: a literal, a name NAMES binds,
    `a + b` of strings, lists or tuples, `s * n` of a string and a number, arithmetic
    of numbers, a subscript or a conditional of such values, an f-string of them;
    ValueError for anything else (a call, a comprehension). Staff write a setup shared
    by several suites once (`SETUP = ...`), and ok, which imports case files, reads them
    as Python does: here no code runs."""
    if isinstance(node, ast.Name):
        if node.id in names:
            return names[node.id]
        raise ValueError(node.id)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ARITHMETIC):
        left, right = data_value(node.left, names), data_value(node.right, names)
        if all(type(x) in (int, float) for x in (left, right)):
            value = _arithmetic(node.op, left, right)
            if abs(value) > 1e18:
                raise ValueError("number")
            return value
        if not isinstance(node.op, (ast.Add, ast.Mult)):
            raise ValueError("operator")
        if isinstance(node.op, ast.Add) and type(left) is type(right) and isinstance(
                left, (str, list, tuple)) and len(left) + len(right) <= (
                    DATA_CAP if isinstance(left, str) else ITEMS_CAP):
            return left + right
        if (isinstance(node.op, ast.Mult) and isinstance(left, str) and type(right) is int
                and 0 <= right and len(left) * right <= DATA_CAP):
            return left * right
        raise ValueError("operator")
    if isinstance(node, ast.Subscript):  # `POINTS['q1']` of a dict set above
        container, key = data_value(node.value, names), data_value(node.slice, names)
        if isinstance(key, slice) or not isinstance(container, (dict, list, tuple, str)):
            raise ValueError("subscript")
        try:
            return container[key]
        except (KeyError, IndexError, TypeError):
            raise ValueError("subscript") from None
    if isinstance(node, ast.IfExp):
        test = data_value(node.test, names)
        return data_value(node.body if test else node.orelse, names)
    if isinstance(node, ast.JoinedStr):
        parts = []
        for part in node.values:
            if isinstance(part, ast.FormattedValue) and part.conversion == -1 \
                    and part.format_spec is None:
                value = data_value(part.value, names)
                if not isinstance(value, (str, int, float)):
                    raise ValueError("f-string")
                parts.append(str(value))
            else:
                parts.append(data_value(part, names))
        return "".join(parts)
    if isinstance(node, ast.Dict):
        built: Dict[Any, Any] = {}
        for key, value in zip(node.keys, node.values):
            if key is None:  # `{**BASE, ...}` of a dict set above
                merged = data_value(value, names)
                if not isinstance(merged, dict):
                    raise ValueError("**")
                built.update(merged)
            else:
                built[data_value(key, names)] = data_value(value, names)
        return built
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        items = [data_value(item, names) for item in node.elts]
        return {ast.List: list, ast.Tuple: tuple, ast.Set: set}[type(node)](items)
    return ast.literal_eval(node)


def sidecar_path(path: Path) -> Path:
    return Path(path).with_name(Path(path).stem + SIDECAR)


def read_case_data(path: Path) -> Dict[str, Any]:
    """The question's dict: the ok case file's suites, then those of its sidecar.

    ok rejects suite types and keys it does not know, so suites only this grader
    runs (fuzzing `play`, say) live in KEY.grader.json beside KEY.py: the ok file
    stays loadable by ok, unchanged.
    """
    data = read_literal(path)
    extra = sidecar_path(path)
    if extra.is_file():
        try:
            suites = json_loads(extra.read_text(encoding="utf-8"))["suites"]
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise CaseFileError(f"{extra}: not a valid sidecar ({error})") from None
        if not isinstance(suites, list):
            raise CaseFileError(f"{extra}: 'suites' must be a list")
        data = {**data, "suites": list(data.get("suites", [])) + suites}
    return data


def write_case_data(path: Path, data: Dict[str, Any]) -> None:
    """Write DATA as the ok case file PATH plus, for suites ok cannot load, a sidecar."""
    ok_suites = [s for s in data.get("suites", []) if s.get("type", "doctest") in OK_SUITE_TYPES]
    own = [s for s in data.get("suites", []) if s.get("type", "doctest") not in OK_SUITE_TYPES]
    Path(path).write_text(dump({**data, "suites": ok_suites}), encoding="utf-8")
    if own:
        sidecar_path(path).write_text(json.dumps({"suites": own}, indent=1) + "\n",
                                      encoding="utf-8")


PS1, PS2 = ">>> ", "... "
EXCEPTION_HEADERS = ("Traceback (most recent call last):", "Traceback (innermost last):")


def _answer(lines: List[str]) -> Example:
    """An expected output as written, with ok's `# locked` and `# choice:` lines lifted
    off it (the judge drops the other `# word: text` lines, as ok does)."""
    want_lines, locked, choices = [], False, []
    if lines and lines[0] in EXCEPTION_HEADERS:
        # ok reads an error's lines as text (`CodeAnswer.update`): a `# locked` under
        # one is part of it and locks nothing (ok's own lock leaves such answers clear)
        return Example(source="", want="\n".join(lines) + "\n")
    for line in lines:
        match = _ANNOTATION.match(line.rstrip())  # at the start of its line, as ok reads it
        if match is None:
            want_lines.append(line)
        elif match.group(1) == "locked":
            locked = True
        elif match.group(1) == "choice":
            choices.append(match.group(2) or "")
    return Example(source="", want="\n".join(want_lines) + "\n" if want_lines else "",
                   locked=locked, choices=tuple(choices))


def parse_examples(code: str, where: str = "<case>") -> List[Example]:
    """Split a session into examples as ok 1.18.1 does (`CodeCase.split_code`, then
    `Console._interpret_lines`), not as the standard library's doctest would: a prompt
    is a `>>> ` line with the `... ` lines after it up to the next `>>> ` or blank line
    (`>>>` or `...` with no space after them, or a tab, are answer text); a `... ` line
    after an answer or a blank line starts a prompt of its own; an answer after a blank
    line is compared with what the blank line printed, nothing, so it fails; tabs are
    kept as they are. A first line that is no prompt is refused, as ok refuses it."""
    parts: List[Any] = []  # str: a prompt line or blank; list: the lines of one answer
    for line in textwrap.dedent(code).splitlines():
        if not line or line.startswith(PS1) or line.startswith(PS2):
            parts.append(line)
        elif not parts:
            raise CaseFileError(f"{where}: the code must start with a `>>> ` prompt, "
                                f"not {line!r} (ok refuses it too)")
        elif isinstance(parts[-1], list):
            parts[-1].append(line)
        else:
            parts.append([line])
    examples: List[Example] = []
    current: List[str] = []

    def flush(answer: Optional[Example]) -> None:
        source = "\n".join(current)
        if answer is None:
            if source.strip():
                examples.append(Example(source=source + "\n", want=""))
        else:
            examples.append(dataclasses.replace(answer, source=source + "\n"))

    for part in parts + [""]:
        if isinstance(part, list):
            flush(_answer(part))
            current = []
            continue
        if current and (part.startswith(PS1) or not part):
            flush(None)
            current = []
        current.append(part[len(PS1):] if part.startswith((PS1, PS2)) else part)
    return examples


def ok_statements(code: str) -> List[str]:
    """The statements of a suite's setup or teardown as ok runs them (outputs are not
    compared there): from each `>>> ` line to the next `>>> ` or blank line, every line
    in between (prompt marks taken off) part of it."""
    statements: List[str] = []
    current: List[str] = []
    for line in textwrap.dedent(code).splitlines() + [""]:
        if current and (line.startswith(PS1) or not line):
            if "\n".join(current).strip():
                statements.append("\n".join(current))
            current = []
        current.append(line[len(PS1):] if line.startswith((PS1, PS2)) else line)
    return statements


class ParseCache:
    """The parsed examples of one case file, kept beside it in __pycache__ (like
    bytecode) and keyed by each code string itself: a run loads its cases without
    importing doctest (which imports pdb and unittest), and an edited case simply
    misses. Best effort: an unreadable or unwritable cache only costs the parse."""

    VERSION = 3

    def __init__(self, path: Optional[Path]):
        self.file = None if path is None else (
            Path(path).parent / "__pycache__" / f"{Path(path).stem}.examples.json")
        self.old: Dict[str, Any] = {}
        self.new: Dict[str, Any] = {}
        if self.file is not None:
            try:
                data = json_loads(self.file.read_text(encoding="utf-8"))
                if data.get("version") == self.VERSION and isinstance(data.get("examples"), dict):
                    self.old = data["examples"]
            except (OSError, ValueError, AttributeError):
                pass

    def examples(self, code: str, where: str) -> List[Example]:
        key = code
        cached = self.old.get(key)
        if cached is not None:
            try:
                examples = [Example(**{**entry, "choices": tuple(entry["choices"])})
                            for entry in cached]
                self.new[key] = cached
                return examples
            except (TypeError, KeyError):
                pass
        examples = parse_examples(code, where)
        self.new[key] = [dataclasses.asdict(example) for example in examples]
        return examples

    def save(self) -> None:
        if self.file is None or self.new == self.old:
            return
        try:
            self.file.parent.mkdir(exist_ok=True)
            partial = self.file.with_name(f".{self.file.name}.{os.getpid()}.tmp")
            partial.write_text(json.dumps({"version": self.VERSION, "examples": self.new}),
                               encoding="utf-8")
            os.replace(partial, self.file)
        except OSError:
            pass


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise CaseFileError(f"{what} must be a string")
    return value


def _flag(raw: Dict[str, Any], key: str, default: bool, what: str) -> bool:
    """A true-or-false key, checked as ok checks it (`value in (True, False)`, so 1 and 0
    pass): ok refuses the assignment over `'scored': 'yes'`, and reading such a value some
    other way would grade a bank ok never graded."""
    value = raw.get(key, default)
    if value not in (True, False):
        raise CaseFileError(f"{what} {key!r} must be True or False, not {value!r}")
    return bool(value)


def _require(raw: Dict[str, Any], keys: Iterable[str], what: str) -> None:
    """ok refuses the assignment over a key it needs that is missing (a case whose
    `code` was misspelt `Code`); read as empty, that case passed and every student got
    its points (hunt25 D)."""
    missing = [key for key in keys if key not in raw]
    if missing:
        raise CaseFileError(f"{what} has no {' or '.join(map(repr, missing))} (ok refuses it)")


def _optional_text(raw: Dict[str, Any], key: str, what: str, default: str = "") -> str:
    return _text(raw.get(key, default), f"{what} {key!r}")


def load_question(path: Path, source: Optional[str] = None) -> Question:
    """Load the case file at PATH into a Question."""
    path = Path(path)
    data = read_literal(path, source) if source is not None else read_case_data(path)
    cache = ParseCache(path if source is None else None)
    try:
        question = _build_question(path, data, cache)
    except RecursionError:  # (`X = [X]` a few thousand times, then shown)
        raise CaseFileError(f"{path}: its data is nested too deeply to read") from None
    cache.save()
    return question


def _build_question(path: Path, data: Dict[str, Any], cache: ParseCache) -> Question:
    where = str(path)
    try:
        points = data.get("points", 0)
        if isinstance(points, bool) or not isinstance(points, (int, float)):
            raise CaseFileError("'points' must be a number")
        _require(data, ("suites",), "the test")
        raw_suites = data["suites"]
        if not isinstance(raw_suites, (list, tuple)):  # ok's List field takes a tuple
            raise CaseFileError("'suites' must be a list")
        for key in ("description", "partner"):
            if key in data:
                _optional_text(data, key, "the test")
        # (escaped: a name is printed in every table and heading, and a case file passed
        # around by students could set a classmate's clipboard through it: attack25 F5)
        name = printable(_optional_text(data, "name", "the test", path.stem), keep_newlines=False)
        question = Question(key=path.stem, name=name, points=points, suites=[], path=path,
                            description=printable(_optional_text(data, "description",
                                                                 "the test", "")).strip())
        misplaced = (" has 'hidden': it belongs to each case (ok refuses it here; ignored, "
                     "the cases would be handed to students)")
        if "hidden" in data:
            raise CaseFileError("the test" + misplaced)
        number = 0
        for s_index, raw in enumerate(raw_suites, 1):
            if not isinstance(raw, dict):
                raise CaseFileError(f"suite {s_index} must be a dict")
            _require(raw, ("type", "cases"), f"suite {s_index}")
            kind = _text(raw["type"], f"suite {s_index} 'type'")
            if "hidden" in raw:
                raise CaseFileError(f"suite {s_index}" + misplaced)
            if kind not in SUITE_TYPES:
                raise CaseFileError(f"suite {s_index} has unknown type {kind!r} "
                                    f"(known: {', '.join(SUITE_TYPES)})")
            suite = Suite(number=s_index, type=kind,
                          scored=_flag(raw, "scored", kind not in _UNSCORED_TYPES,
                                       f"suite {s_index}"),
                          setup=_optional_text(raw, "setup", f"suite {s_index}"),
                          teardown=_optional_text(raw, "teardown", f"suite {s_index}"),
                          raw=raw, path=path)
            if kind in _SESSION_TYPES:
                suite.setup_examples = [Example(source=source, want="")
                                        for source in ok_statements(suite.setup)]
                suite.teardown_examples = [Example(source=source, want="")
                                           for source in ok_statements(suite.teardown)]
            raw_cases = raw.get("cases", [])
            if not isinstance(raw_cases, (list, tuple)):
                raise CaseFileError(f"suite {s_index} 'cases' must be a list")
            for c_index, raw_case in enumerate(raw_cases, 1):
                if not isinstance(raw_case, dict):
                    raise CaseFileError(f"suite {s_index} case {c_index} must be a dict")
                number += 1
                suite.cases.append(_load_case(raw_case, suite, number,
                                              f"{where} suite {s_index} case {c_index}", cache))
            question.suites.append(suite)
        return question
    except CaseFileError as error:
        message = str(error)
        raise CaseFileError(message if message.startswith(where) else f"{where}: {message}") from None


def _load_case(raw: Dict[str, Any], suite: Suite, number: int, where: str,
               cache: ParseCache) -> Case:
    if "scored" in raw:  # ok refuses it; ignored, the case would count all the same
        raise CaseFileError(f"{where}: 'scored' belongs to the suite (ok refuses it on a case)")
    case = Case(number=number, suite=suite, hidden=_flag(raw, "hidden", False, where),
                locked=_flag(raw, "locked", False, where), raw=raw)
    if suite.type == "concept":
        _require(raw, ("question", "answer"), where)
        case.question = textwrap.dedent(_text(raw["question"], f"{where} 'question'")).strip()
        case.answer = textwrap.dedent(_text(raw["answer"], f"{where} 'answer'")).strip()
        choices = raw.get("choices", [])
        if not isinstance(choices, list):
            raise CaseFileError(f"{where}: 'choices' must be a list")
        case.choices = [textwrap.dedent(str(c)).strip() for c in choices]
    elif suite.type in _SESSION_TYPES:
        _require(raw, ("code",), where)
        case.code = _text(raw["code"], f"{where} 'code'")
        case.examples = cache.examples(case.code, where)
        if not case.examples and case.code.strip():  # an empty one runs setup and teardown
            raise CaseFileError(f"{where}: 'code' has no `>>>` prompt")
    # locked is the case's own flag, as in ok: a `# locked` answer in a case not marked
    # locked is compared as it reads (ok's console skips its hashing: skip_locked_cases)
    return case


# `test = ...` at the start of a line (of the file's first line after a UTF-8 byte-order
# mark too: an editor's "UTF-8 with BOM", which Python, and so ok, reads past)
_TEST_ASSIGNMENT = re.compile(rb"^(?:\xef\xbb\xbf)?test\s*=", re.M)


def ok_config(folder: Path) -> Optional[Path]:
    """The ok configuration (`*.ok`) of the project whose case folder is FOLDER: in the
    project folder (FOLDER's parent, ok's working directory), else in FOLDER itself."""
    for place in (Path(folder).parent, Path(folder)):
        configs = sorted(p for p in place.glob("*.ok") if not p.name.startswith("."))
        if configs:
            return configs[0]
    return None


def _ok_case_files(config: Path, folder: Path) -> Optional[List[Path]]:
    """The case files the ok config names inside FOLDER, as ok finds them: each key of
    its "tests" is a glob relative to the config's folder (a `:parameter` suffix is
    ok's, not the file's); None when the config names no tests."""
    try:
        tests = json_loads(config.read_text(encoding="utf-8")).get("tests")
    except (OSError, ValueError, AttributeError) as error:
        raise CaseFileError(f"{config}: not a valid ok configuration ({error})") from None
    if not isinstance(tests, dict) or not tests:
        return None
    root, inside = config.parent.resolve(), Path(folder).resolve()
    found: List[Path] = []
    for pattern, sources in tests.items():
        if "ok_test" not in str(sources).split(","):
            continue
        pattern = str(pattern).split(":", 1)[0]
        for name in sorted(glob.glob(os.path.join(glob.escape(str(root)), pattern))):
            path = Path(name).resolve()
            if path.parent != inside or path.suffix != ".py" or path in found:
                continue
            if path.name == "__init__.py" and not path.read_text(errors="replace").strip():
                continue  # ok skips an empty package marker too
            found.append(path)
    return found


def case_files(folder: Path) -> Dict[str, Path]:
    """Question key (the file's stem) -> case file, for the case files in FOLDER.

    An ok configuration of the project decides which files are cases, with ok's own
    semantics (globs included): the other files beside them (`__init__.py`, helper
    modules, data) are the cases' helpers. Without one, a `.py` file that assigns
    `test = ...` is a case file and any other is a helper."""
    folder = Path(folder)
    config = ok_config(folder)
    named = _ok_case_files(config, folder) if config is not None else None
    if named is not None:
        return {p.stem: Path(folder) / p.name for p in named}
    files = {}
    for path in sorted(folder.glob("*.py")):
        if path.name.startswith("_"):
            continue
        try:
            head = path.read_bytes()
        except OSError:
            continue
        if _TEST_ASSIGNMENT.search(head):
            files[path.stem] = path
    return files


def load_questions(folder: Path, keys: Optional[Iterable[str]] = None) -> List[Question]:
    """Load every case file in FOLDER (or just KEYS), in question order."""
    folder = Path(folder)
    available = case_files(folder)
    if keys is None:
        chosen = sorted(available)
    else:
        chosen = []
        for key in keys:
            if key not in available:
                raise KeyError(key)
            if key not in chosen:
                chosen.append(key)
    return [load_question(available[key]) for key in chosen]


def question_keys(folder: Path) -> List[str]:
    return sorted(case_files(folder))


# --- writing -------------------------------------------------------------------------

def _dump_value(value: Any, indent: int) -> str:
    pad = " " * indent
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [f"{pad}  {key!r}: {_dump_value(value[key], indent + 2)}" for key in value]
        return "{\n" + ",\n".join(items) + f"\n{pad}}}"
    if isinstance(value, list):
        if not value:
            return "[]"
        if all(isinstance(v, str) and "\n" not in v for v in value):
            return "[\n" + ",\n".join(f"{pad}  {v!r}" for v in value) + f"\n{pad}]"
        items = [f"{pad}  {_dump_value(v, indent + 2)}" for v in value]
        return "[\n" + ",\n".join(items) + f"\n{pad}]"
    if isinstance(value, str) and "\n" in value:
        return _dump_block(value, indent)
    return repr(value)


def _dump_block(text: str, indent: int) -> str:
    """A multi-line string as ok writes it: r\"\"\" with the block indented."""
    body = textwrap.dedent(text).strip("\n")
    if '"""' in body or body.endswith("\\") or "\t" in body:
        return repr(text)
    pad = " " * (indent + 2)
    lines = [pad + line if line.strip() else "" for line in body.splitlines()]
    return 'r"""\n' + "\n".join(lines) + "\n" + pad + '"""'


def dump(data: Dict[str, Any]) -> str:
    """Render a case-file dict in ok's layout; `read_literal` gives the same dict back
    up to the indentation of multi-line strings (which every reader dedents)."""
    return "test = " + _dump_value(data, 0) + "\n"
