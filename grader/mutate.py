"""`grade mutate`: how strong an edition's case bank is, by mutation testing.

Every statement students write in the reference (between `# BEGIN PROBLEM N` and
`# END PROBLEM N`) is broken in the small ways students break it, one at a time: every
relational operator for every other (with its constant moved by one too: `== 0` ->
`<= 1`), arithmetic operators replaced, integer constants moved by one, conditions
negated, `and`/`or` swapped or one operand dropped, `min`/`max` swapped, strings and
lists sliced (`str(n)` -> `str(n)[-2:]`), call arguments swapped or dropped (a call
that omits `goal`), a `return` lost (its value computed and dropped), statements and
whole branch bodies removed, a loop left early through the function's next `return`. Each mutant is graded on the staff cases, and the questions it fails
are recorded. A good bank fails every mutant in the question that owns the broken
code, and in no question that could have avoided it.

`generate(..., statements=True)` makes another family, for hints only (grader/
hint_mutants.py): statements in the wrong order, done twice or under the wrong
condition, a total overwritten (`=` for `+=`), and one edit made in every place the
code is written alike once per player.
A bank need not tell every order apart, so `grade mutate`'s verdict never counts them.

Why the standard `ast` module and not mutmut or cosmic-ray: neither has statement
removal, argument swaps or early returns; both run one test command per mutant on a
copy of the project mutated in place (mutmut's trampolines must also import mutmut
inside the code under test, which here runs in an isolated `python -I -S` worker or a
sandbox); and neither knows which question owns a line or which cases can reach it.
Here a mutant is a text edit of one node of the reference, it runs only the cases
that call the function it breaks on the reference (measured once, by profiling the
reference on every case), and mutants are graded in parallel worker processes.

The edition's `cases/<edition>/mutation.json` (optional) says who owns what and
what each question cannot avoid:

    {"owners": {"play": "05a"},                    # function -> question (default:
                                                   #   the problem number of its markers)
     "regions": [{"function": "play", "unit": "play/feral_hogs", "owner": "05b",
                  "names": ["feral_hogs", "previous"]}],   # statements mentioning a name
     "unavoidable": {"03": {"calls": {"roll_dice": "why"}, "raises": {...},
                            "mutants": {"MUTANT ID": "why"}}},
     "equivalent": {"MUTANT ID": "why it cannot be told apart"},
     "free": {"final_strategy": "why"}}             # functions whose code is the student's
                                                   #   choice (only validity is graded): no mutants

`calls` lists units whose bugs may fail the question in any way; `raises` units whose
bugs may fail it only by raising or hanging; `mutants` single mutants that may fail it,
where the question avoids every other bug of their unit.
"""

from __future__ import annotations

import ast
import copy
import hashlib
import json
import os
import re
import shutil
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from multiprocessing import get_context
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Set, Tuple

from . import asts
from .assignment import Assignment
from .load import casefile
from .model import Question
from .run.runner import CaseJob, Runner, SubmissionError
from .session import kinds_for

CONFIG = "mutation.json"
MARKER = re.compile(r"#\s*(BEGIN|END) PROBLEM (\w+)")
FAILING = ("failed", "error", "timeout")
VERSION = 1  # of the cached results' format
ANY_OWNER = "*"  # a mutant of a function no test is named after: any failing test kills it


# --- configuration ---------------------------------------------------------------------

@dataclass
class Config:
    owners: Dict[str, str] = field(default_factory=dict)
    regions: List[Dict[str, Any]] = field(default_factory=list)
    unavoidable: Dict[str, Dict[str, Dict[str, str]]] = field(default_factory=dict)
    equivalent: Dict[str, str] = field(default_factory=dict)
    free: Dict[str, str] = field(default_factory=dict)  # function -> why its code is free

    def allowed(self, question: str, unit: str, crashed: bool, mutant: str = "") -> bool:
        """Whether a bug in UNIT may fail QUESTION (not its owner): the table says the
        question cannot avoid the unit (or cannot avoid it raising, and it raised), or
        names the MUTANT itself (a question that avoids every other bug of the unit)."""
        table = self.unavoidable.get(question, {})
        return (unit in table.get("calls", {}) or (crashed and unit in table.get("raises", {}))
                or mutant in table.get("mutants", {}))

    def listed(self) -> List[str]:
        """The mutants the table names one by one (as equivalent, or as unavoidable)."""
        return [*self.equivalent, *(key for table in self.unavoidable.values()
                                    for key in table.get("mutants", {}))]


def load_config(assignment: Assignment) -> Config:
    path = Path(assignment.cases) / CONFIG
    if not path.is_file():
        return Config()
    data = json.loads(path.read_text(encoding="utf-8"))
    return Config(owners=data.get("owners", {}), regions=data.get("regions", []),
                  unavoidable=data.get("unavoidable", {}),
                  equivalent=data.get("equivalent", {}), free=data.get("free", {}))


# --- mutants ----------------------------------------------------------------------------

@dataclass
class Mutant:
    id: str  # "function: old -> new": stable while the reference's line does not change
    function: str
    unit: str  # the function, or a region of it ("play/feral_hogs")
    owner: str  # the question whose cases must catch it
    operator: str
    line: int
    source: str = field(repr=False, default="")
    file: str = ""  # the source file it breaks, where an assignment has several


def solution_source(path: Path) -> str:
    """The text of a solution file mutants are made from, or an AssignmentError saying
    why it cannot be: mutants of a solution that does not compile tell nothing."""
    from .assignment import AssignmentError
    try:
        source = path.read_text(encoding="utf-8")
        asts.parse(source, str(path))
    except (OSError, UnicodeDecodeError) as error:
        raise AssignmentError(f"{path}: cannot read the solution: {error}") from None
    except (SyntaxError, ValueError) as error:
        where = f" (line {error.lineno})" if getattr(error, "lineno", None) else ""
        raise AssignmentError(f"{path}: the solution does not compile{where}: "
                              f"{getattr(error, 'msg', error)}; mutants are made from a "
                              "solution that passes its tests") from None
    return source


def graded_lines(source: str) -> Dict[int, str]:
    """Line number -> problem name, for every line between BEGIN/END PROBLEM markers."""
    lines, problem = {}, None
    for number, text in enumerate(source.splitlines(), 1):
        match = MARKER.search(text)
        if match and match.group(1) == "BEGIN":
            problem = match.group(2)
        elif match:
            problem = None
        elif problem is not None:
            lines[number] = problem
    return lines


def owner_of_problem(problem: str, questions: Sequence[str]) -> Optional[str]:
    """Question key for a problem number: '5' -> '05a' (the first key of that number)."""
    for key in questions:
        digits = re.match(r"\d+", key)
        if digits and digits.group(0).lstrip("0") == problem.lstrip("0"):
            return key
    return None


class _Offsets:
    """Absolute character offsets of ast positions (whose columns count UTF-8 bytes)."""

    def __init__(self, source: str):
        self.source = source
        self.lines = source.splitlines(True)
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line))

    def at(self, lineno: int, col: int) -> int:
        line = self.lines[lineno - 1]
        return self.starts[lineno - 1] + len(line.encode("utf-8")[:col].decode("utf-8", "replace"))

    def span(self, node: ast.AST) -> Tuple[int, int]:
        return self.at(node.lineno, node.col_offset), self.at(node.end_lineno, node.end_col_offset)


RELATIONAL = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)
COMPARE = {**{op: tuple(other for other in RELATIONAL if other is not op) for op in RELATIONAL},
           ast.Is: (ast.IsNot,), ast.IsNot: (ast.Is,), ast.In: (ast.NotIn,),
           ast.NotIn: (ast.In,)}
SLICES = ("[1:]", "[:-1]", "[-2:]")  # a first or last element lost, only the last two kept
SEQUENCE_CALLS = {"str", "list", "tuple", "sorted"}
SWAPPED_CALLS = {"min": "max", "max": "min"}
ARITH = {ast.Add: (ast.Sub,), ast.Sub: (ast.Add,), ast.Mult: (ast.Div,),
         ast.Div: (ast.Mult, ast.FloorDiv), ast.FloorDiv: (ast.Div, ast.Mod),
         ast.Mod: (ast.FloorDiv,), ast.Pow: (ast.Mult,)}


def _predicate(op: type, constant: int) -> Tuple[type, int]:
    """One name for the integer predicates `x OP constant` that agree on every int:
    `x < 2` is `x <= 1`, `x > 0` is `x >= 1`."""
    if op is ast.Lt:
        return ast.LtE, constant - 1
    if op is ast.Gt:
        return ast.GtE, constant + 1
    return op, constant


def _boundary_moves(node: ast.Compare, index: int) -> List[Tuple[type, int]]:
    """(operator, constant) for every relational operator with the int constant on the
    right of NODE's INDEXth comparison moved by one: the predicates that neither a
    changed operator nor a moved constant alone give (`== 0` -> `<= 1`)."""
    right = node.comparators[index]
    op = type(node.ops[index])
    if op not in RELATIONAL or not (isinstance(right, ast.Constant)
                                    and type(right.value) is int):
        return []
    c = right.value
    alone = {_predicate(other, c) for other in RELATIONAL}
    alone |= {_predicate(op, c + delta) for delta in (1, -1)}
    moves, seen = [], set(alone)
    for other in RELATIONAL:
        for delta in (1, -1):
            key = _predicate(other, c + delta)
            if key not in seen:
                seen.add(key)
                moves.append((other, c + delta))
    return moves


def _parents(tree: ast.AST) -> Dict[ast.AST, ast.AST]:
    parents = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[child] = node
    return parents


def _header_names(statement: ast.stmt) -> Set[str]:
    """The names a statement uses before its body: all of a simple statement's."""
    if isinstance(statement, (ast.If, ast.While)):
        parts = [statement.test]
    elif isinstance(statement, ast.For):
        parts = [statement.target, statement.iter]
    elif isinstance(statement, (ast.FunctionDef, ast.ClassDef, ast.With, ast.Try)):
        parts = []
    else:
        parts = [statement]
    return {n.id for part in parts for n in ast.walk(part) if isinstance(n, ast.Name)}


def body_lines(source: str) -> Dict[int, str]:
    """Line number -> function, for the lines of every function and method of SOURCE
    but their headers (`Cls.method`): what students write in an assignment whose source
    has no problem markers (a homework's every function is the student's)."""
    lines: Dict[int, str] = {}
    for name, function in _functions(asts.parse(source)):
        for number in range(function.body[0].lineno, function.end_lineno + 1):
            lines[number] = name
    return lines


def _functions(tree: ast.Module) -> List[Tuple[str, ast.FunctionDef]]:
    """(name, node) of the top-level functions and of the methods of top-level classes."""
    found = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            found.append((node.name, node))
        elif isinstance(node, ast.ClassDef):
            found += [(f"{node.name}.{item.name}", item) for item in node.body
                      if isinstance(item, ast.FunctionDef)]
    return found


def generate(source: str, questions: Sequence[str], config: Config,
             whole_functions: bool = False, statements: bool = False) -> List[Mutant]:
    """Every mutant of the graded lines of SOURCE: those between problem markers, or,
    with WHOLE_FUNCTIONS, every function's body, owned by the test named like the
    function (ok's doctest protocol) or, when there is none, by no test in particular
    (owner "*": any failing test kills it). With STATEMENTS, the statement-order
    mutants instead (`_reorder`: hints only, the mutation tables never see them)."""
    tree = asts.parse(source)
    graded = body_lines(source) if whole_functions else graded_lines(source)
    offsets = _Offsets(source)
    parents = _parents(tree)
    top = {}  # node -> function name (`Cls.method` for a method)
    for name, function in _functions(tree):
        for node in ast.walk(function):
            top[node] = name
    mutants: List[Mutant] = []
    seen: Dict[str, int] = {}
    sources: Set[str] = set()  # one mutant per distinct program

    def statement_of(node: ast.AST) -> ast.stmt:
        while not isinstance(node, ast.stmt):
            node = parents[node]
        return node

    def unit_and_owner(node: ast.AST, function: str,
                       above: bool = False) -> Tuple[str, Optional[str]]:
        """The unit (function or region) a mutation at NODE breaks: the innermost
        enclosing statement that mentions a region's name decides (from the statement
        above NODE's when ABOVE: an early return belongs to where it leaves from)."""
        statement = statement_of(node)
        if above:
            statement = parents.get(statement)
        while statement is not None and not isinstance(statement, ast.FunctionDef):
            names = _header_names(statement)
            for region in config.regions:
                if region.get("function") == function and names & set(region.get("names", [])):
                    return region["unit"], region["owner"]
            statement = parents.get(statement)
        owner = config.owners.get(function)
        if owner is None and whole_functions:
            owner = function if function in questions else ANY_OWNER
        elif owner is None:
            owner = owner_of_problem(graded[node.lineno], questions)
        return function, owner

    def add(node: ast.AST, operator: str, start: int, end: int, text: str,
            above: bool = False) -> None:
        mutated = source[:start] + text + source[end:]
        line_start = offsets.starts[node.lineno - 1]
        add_source(node, operator, mutated, f"{_lines(source, line_start, end)} -> "
                   f"{_lines(mutated, line_start, start + len(text))}", above)

    def add_source(node: ast.AST, operator: str, mutated: str, change: str,
                   above: bool = False) -> None:
        function = top.get(node)
        if function is None or function in config.free or mutated in sources:
            return
        try:
            compile(mutated, "hog.py", "exec")
        except SyntaxError:
            return
        unit, owner = unit_and_owner(node, function, above)
        if owner is None:
            return
        label = f"{function}: {change}"
        sources.add(mutated)
        count = seen.get(label, 0)
        seen[label] = count + 1
        mutants.append(Mutant(id=label + (f" #{count + 1}" if count else ""), function=function,
                              unit=unit, owner=owner, operator=operator, line=node.lineno,
                              source=mutated))

    def replace_expr(node: ast.expr, operator: str, new: ast.expr) -> None:
        start, end = offsets.span(node)
        add(node, operator, start, end, "(" + ast.unparse(new) + ")")

    def expressions(replace_expr, add) -> None:
        """The expression and statement operators, each edit made through REPLACE_EXPR
        (an expression by another) or ADD (a span of text by another)."""
        for node in ast.walk(tree):
            if getattr(node, "lineno", None) not in graded or node not in top:
                continue
            if isinstance(node, ast.Compare):
                for index, op in enumerate(node.ops):
                    for other in COMPARE.get(type(op), ()):
                        new = copy.deepcopy(node)
                        new.ops[index] = other()
                        replace_expr(node, "compare", new)
                for index in range(len(node.ops)):
                    for other, constant in _boundary_moves(node, index):
                        new = copy.deepcopy(node)
                        new.ops[index] = other()
                        new.comparators[index] = ast.Constant(constant)
                        replace_expr(node, "boundary", new)
            elif isinstance(node, ast.BinOp):
                for other in ARITH.get(type(node.op), ()):
                    new = copy.deepcopy(node)
                    new.op = other()
                    replace_expr(node, "arithmetic", new)
            elif isinstance(node, ast.AugAssign):
                for other in ARITH.get(type(node.op), ()):
                    new = copy.deepcopy(node)
                    new.op = other()
                    start, end = offsets.span(node)
                    add(node, "arithmetic", start, end, ast.unparse(new))
            elif isinstance(node, ast.Constant) and type(node.value) is int:
                for delta in (1, -1):
                    replace_expr(node, "constant", ast.Constant(node.value + delta))
            elif isinstance(node, ast.Constant) and type(node.value) is bool:
                replace_expr(node, "constant", ast.Constant(not node.value))
            elif isinstance(node, ast.BoolOp):
                new = copy.deepcopy(node)
                new.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
                replace_expr(node, "negate", new)
                for index in range(len(node.values)):
                    new = copy.deepcopy(node)
                    del new.values[index]
                    replace_expr(node, "drop-operand",
                                 new if len(new.values) > 1 else new.values[0])
            elif isinstance(node, ast.Call):
                _call_mutants(node, replace_expr)
            if isinstance(node, (ast.If, ast.While, ast.IfExp)):
                new = ast.UnaryOp(ast.Not(), copy.deepcopy(node.test))
                replace_expr(node.test, "negate", new)
            if isinstance(node, ast.Return) and node.value is not None and any(
                    isinstance(part, ast.Call) for part in ast.walk(node.value)):
                start, end = offsets.span(node)
                add(node, "no-return", start, end, source[offsets.span(node.value)[0]:end])
            if isinstance(node, ast.If):
                for body in (node.body, node.orelse):
                    if len(body) > 1:  # a one-statement body is the "remove" operator's
                        start, end = offsets.span(body[0])[0], offsets.span(body[-1])[1]
                        add(body[0], "remove-branch", start, end, "pass", above=True)
            if isinstance(node, ast.stmt) and not isinstance(node, ast.FunctionDef) \
                    and not _is_docstring(node, parents):
                start, end = offsets.span(node)
                add(node, "remove", start, end, "pass")
                _early_return(node, parents, offsets, source, add)

    if not statements:
        expressions(replace_expr, add)
        return mutants
    sources.add(source)  # a move past an identical statement changes nothing
    for _, function in _functions(tree):  # a wrong order involves the lines given too
        problems = [graded[n] for n in range(function.lineno, function.end_lineno + 1)
                    if n in graded]
        if problems:
            for number in range(function.body[0].lineno, function.end_lineno + 1):
                graded.setdefault(number, problems[0])
    alike = _alike(tree, top, graded)
    for node in ast.walk(tree):  # `total = x` for `total += x`: a total overwritten
        if isinstance(node, ast.AugAssign) and node.lineno in graded and node in top:
            _overwrite(node, [o for o in alike.get(node, ()) if isinstance(o, ast.AugAssign)],
                       source, offsets, add, add_source)
    tests: Dict[str, Dict[str, ast.expr]] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.If, ast.While)) and node in top:
            tests.setdefault(top[node], {})[ast.dump(node.test)] = node.test
    runs = [run for node in ast.walk(tree) if node in top for block in _blocks(node)
            for run in _runs([s for s in block if s.lineno in graded
                              and not _is_docstring(s, parents)], offsets)]
    for run in runs:
        _reorder(run, runs, offsets, add_source, alike,
                 lambda statement: list(tests.get(top.get(statement), {}).values()))

    def consistently(node: ast.expr, operator: str, new: ast.expr) -> None:
        """NEW for NODE, and the same edit in every place alike NODE (`_alike`)."""
        edits = [(node, new)]
        for other in alike.get(node, ()):
            renamed = _renamed(new, node, other)
            if renamed is None:
                return
            edits.append((other, renamed))
        if len(edits) < 2:
            return
        mutated = source
        for target, replacement in sorted(edits, key=lambda e: offsets.span(e[0]),
                                          reverse=True):
            start, end = offsets.span(target)
            mutated = mutated[:start] + "(" + ast.unparse(replacement) + ")" + mutated[end:]
        start, end = offsets.span(node)
        line_start = offsets.starts[node.lineno - 1]
        add_source(node, operator + "-alike", mutated,
                   f"{_lines(source, line_start, end)} -> {ast.unparse(new)}, and the same "
                   f"in {len(edits) - 1} alike place{'s' if len(edits) > 2 else ''}")

    expressions(consistently, lambda *args, **kwargs: None)
    return mutants


def _overwrite(node: ast.AugAssign, others: List[ast.AugAssign], source: str,
               offsets: "_Offsets", add, add_source) -> None:
    """NODE's `x += e` written `x = e`, and the same in every place alike (OTHERS: a
    student who writes it once writes it for both players)."""
    def span(target: ast.AugAssign) -> Tuple[int, int]:
        return (offsets.span(target.target)[1],
                offsets.at(target.value.lineno, target.value.col_offset))

    add(node, "overwrite", *span(node), " = ")
    if others:
        mutated = source
        for start, end in sorted((span(n) for n in [node] + others), reverse=True):
            mutated = mutated[:start] + " = " + mutated[end:]
        add_source(node, "overwrite-alike", mutated,
                   f"{offsets.lines[node.lineno - 1].strip()} -> "
                   f"{mutated.splitlines()[node.lineno - 1].strip()}, and the same in "
                   f"{len(others)} alike place{'s' if len(others) > 1 else ''}")


def _blocks(node: ast.AST) -> List[List[ast.stmt]]:
    """The statement lists directly under NODE (a function's body, a branch, a loop's)."""
    blocks = [getattr(node, name, None) for name in ("body", "orelse", "finalbody")]
    blocks += [handler.body for handler in getattr(node, "handlers", ())]
    return [b for b in blocks if isinstance(b, list) and b and isinstance(b[0], ast.stmt)]


_MOVABLE_LIMIT = 12  # statements of a block: moves grow as its square


def _runs(block: List[ast.stmt], offsets: _Offsets) -> List[List[ast.stmt]]:
    """The runs of BLOCK's statements that can be moved about: each owns its lines (no
    `a; b`) and is not a nested function or class."""
    def movable(index: int) -> bool:
        statement = block[index]
        before = block[index - 1].end_lineno if index else 0
        after = block[index + 1].lineno if index + 1 < len(block) else statement.end_lineno + 1
        return not isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef,
                                          ast.ClassDef)) \
            and not offsets.lines[statement.lineno - 1][:statement.col_offset].strip() \
            and before < statement.lineno and statement.end_lineno < after

    runs, current = [], []
    for index, statement in enumerate(block):
        if movable(index):
            current.append(statement)
            continue
        runs.append(current)
        current = []
    return [run for run in runs + [current] if 1 < len(run) <= _MOVABLE_LIMIT]


_ALIKE = (ast.Compare, ast.BinOp, ast.BoolOp, ast.Call, ast.UnaryOp, ast.IfExp, ast.Assign,
          ast.AugAssign, ast.Expr, ast.If, ast.While)


def _shape(node: ast.AST) -> str:
    """NODE's structure with its names' digits left out: code written once per player
    (`score0 < goal`, `score1 < goal`; `strategy0(score0, score1)`, `strategy1(score1,
    score0)`) has one shape."""
    node = copy.deepcopy(node)
    for part in ast.walk(node):
        if isinstance(part, ast.Name):
            part.id = part.id.rstrip("0123456789") or "_"
    return ast.dump(node)


def _alike(tree: ast.AST, top: Dict[ast.AST, str], graded) -> Dict[ast.AST, List[ast.AST]]:
    """Node -> the other nodes of its function shaped like it (`_shape`), none inside
    another: the places where a student who makes a mistake once (`<=` for `<` against
    the goal, the strategy asked twice) makes it again, in code written twice (one
    player's branch and the other's)."""
    groups: Dict[Tuple[str, str], List[ast.AST]] = {}
    for node in ast.walk(tree):
        if isinstance(node, _ALIKE) and node in top and node.lineno in graded:
            groups.setdefault((top[node], _shape(node)), []).append(node)

    def span(node: ast.AST) -> Tuple[Tuple[int, int], Tuple[int, int]]:
        return (node.lineno, node.col_offset), (node.end_lineno, node.end_col_offset)

    def apart(a: ast.AST, b: ast.AST) -> bool:
        (a0, a1), (b0, b1) = span(a), span(b)
        return a1 <= b0 or b1 <= a0

    alike: Dict[ast.AST, List[ast.AST]] = {}
    for nodes in groups.values():
        for node in nodes:
            others = [o for o in nodes if o is not node and apart(node, o)]
            if others:
                alike[node] = others
    return alike


def _renamed(new: ast.AST, node: ast.AST, other: ast.AST) -> Optional[ast.AST]:
    """NEW (an edit of NODE) made of OTHER's names where NODE has its own, or None when
    one name of NODE stands for two of OTHER."""
    names: Dict[str, str] = {}
    for mine, theirs in zip(ast.walk(node), ast.walk(other)):
        if isinstance(mine, ast.Name) and names.setdefault(mine.id, theirs.id) != theirs.id:
            return None
    new = copy.deepcopy(new)
    for part in ast.walk(new):
        if isinstance(part, ast.Name) and part.id in names:
            part.id = names[part.id]
    return new


def _reorder(run: List[ast.stmt], runs: List[List[ast.stmt]], offsets: _Offsets, add_source,
             alike: Dict[ast.AST, List[ast.AST]],
             conditions: Callable[[ast.stmt], List[ast.expr]] = lambda statement: []) -> None:
    """Statements in the wrong order, as students write them (hints only): one moved to
    every other place in its run (the swap checked before the points are added), a
    simple one done twice (the strategy asked twice), one moved into the end of an
    earlier branch or loop of its block (the swap checked after player 0's turns only)
    or out of the end of one, or done there as well (the turn passed again after a
    swap), or done only under one of its function's CONDITIONS or their negation (the
    commentary only while the game goes on), or a call's result not kept (the commentary
    function the last one returned). A move or a repeat is made in the alike runs and
    statements of the same function too (`_alike`: both players' branches)."""
    source = offsets.source

    def first(statement: ast.stmt) -> str:
        return offsets.lines[statement.lineno - 1].strip()

    def lines_of(statement: ast.stmt) -> Tuple[int, int]:
        return offsets.starts[statement.lineno - 1], offsets.starts[statement.end_lineno]

    def indent(statement: ast.stmt) -> str:
        return offsets.lines[statement.lineno - 1][:statement.col_offset]

    def text_of(statement: ast.stmt, like: Optional[ast.stmt] = None) -> str:
        """STATEMENT's lines, indented as LIKE's (its own by default)."""
        start, end = lines_of(statement)
        text = source[start:end]
        text += "" if text.endswith("\n") else "\n"
        if like is not None:
            old, new = indent(statement), indent(like)
            text = "".join(new + line[len(old):] if line.startswith(old) else line
                           for line in text.splitlines(True))
        return text

    def edited(edits: List[Tuple[int, int, str]]) -> str:
        out = source
        for start, end, text in sorted(edits, reverse=True):
            out = out[:start] + text + out[end:]
        return out

    def chunks(of: List[ast.stmt]) -> List[str]:
        parts = [source[lines_of(a)[0]:lines_of(b)[0]] for a, b in zip(of, of[1:])]
        last = source[lines_of(of[-1])[0]:lines_of(of[-1])[1]]
        return parts + [last if last.endswith("\n") else last + "\n"]

    def moved(of: List[ast.stmt], order: List[int]) -> Tuple[int, int, str]:
        parts = chunks(of)
        return lines_of(of[0])[0], lines_of(of[-1])[1], "".join(parts[k] for k in order)

    parallel = [other for other in runs if other is not run and len(other) == len(run)
                and all(b in alike.get(a, ()) for a, b in zip(run, other))]
    for i, statement in enumerate(run):
        for j, target in enumerate(run):
            if i == j:
                continue
            order = [k for k in range(len(run)) if k != i]
            order.insert(order.index(j) + (j > i), i)
            where = "before" if j < i else "after"
            change = f"{first(statement)} -> moved {where}: {first(target)}"
            add_source(statement, "move", edited([moved(run, order)]), change)
            if parallel:
                add_source(statement, "move-alike",
                           edited([moved(other, order) for other in [run] + parallel]),
                           f"{change}, and the same in {len(parallel)} alike place"
                           f"{'s' if len(parallel) > 1 else ''}")
        if isinstance(statement, (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign)):
            change = f"{first(statement)} -> done twice"
            add_source(statement, "duplicate",
                       edited([(lines_of(statement)[1],) * 2 + (text_of(statement),)]), change)
            others = [o for o in alike.get(statement, ()) if isinstance(o, ast.stmt)]
            if others:
                add_source(statement, "duplicate-alike", edited(
                    [(lines_of(o)[1],) * 2 + (text_of(o),) for o in [statement] + others]),
                    f"{change}, and the same in {len(others)} alike place"
                    f"{'s' if len(others) > 1 else ''}")
        a, b = lines_of(statement)
        if isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Call) \
                and statement.lineno == statement.value.lineno:
            start = offsets.at(statement.lineno, statement.col_offset)
            value = offsets.at(statement.value.lineno, statement.value.col_offset)
            add_source(statement, "result-dropped", source[:start] + source[value:],
                       f"{first(statement)} -> its result not kept")
        step = "\t" if "\t" in indent(statement) else "    "
        for condition in conditions(statement):
            for test in (condition, ast.UnaryOp(ast.Not(), condition)):
                guarded = indent(statement) + f"if {ast.unparse(test)}:\n" + "".join(
                    step + line if line.strip() else line
                    for line in text_of(statement).splitlines(True))
                add_source(statement, "guard", edited([(a, b, guarded)]),
                           f"{first(statement)} -> done only if {ast.unparse(test)}")
        for branch in run[:i]:
            if not isinstance(branch, (ast.If, ast.For, ast.While)):
                continue
            for body in (branch.body, branch.orelse):
                if not body or body[0].lineno == branch.lineno or \
                        (body is branch.orelse and isinstance(body[0], ast.If)
                         and body[0].col_offset == branch.col_offset):
                    continue
                at = lines_of(body[-1])[1]
                part = "the else of" if body is branch.orelse else "the end of"
                copied = text_of(statement, like=body[0])
                add_source(statement, "into-branch", edited([(at, at, copied), (a, b, "")]),
                           f"{first(statement)} -> moved into {part}: {first(branch)}")
                add_source(statement, "copy-into-branch", edited([(at, at, copied)]),
                           f"{first(statement)} -> also done at {part}: {first(branch)}")
        if isinstance(statement, (ast.If, ast.For, ast.While)):
            for body in (statement.body, statement.orelse):
                if len(body) < 2 or body[-1].lineno == statement.lineno:
                    continue
                last = body[-1]
                after = lines_of(statement)[1]
                add_source(last, "out-of-branch",
                           edited([lines_of(last) + ("",),
                                   (after, after, text_of(last, like=statement))]),
                           f"{first(last)} -> moved after: {first(statement)}")


def _call_mutants(node: ast.Call, replace_expr) -> None:
    """A call as students get it wrong: two positional arguments swapped (neighbours
    first), the last positional or a keyword argument left out (a default taken
    instead: `take_turn(n, score, dice)` without `goal`), `min` for `max`, and a string
    or list sliced."""
    args = node.args
    if not any(isinstance(a, ast.Starred) for a in args):
        pairs = [(i, i + 1) for i in range(len(args) - 1)]
        pairs += [(i, j) for i in range(len(args)) for j in range(i + 2, len(args))]
        for i, j in pairs:
            if ast.dump(args[i]) == ast.dump(args[j]):
                continue
            new = copy.deepcopy(node)
            new.args[i], new.args[j] = new.args[j], new.args[i]
            replace_expr(node, "swap-arguments", new)
        if len(args) >= 2:
            new = copy.deepcopy(node)
            new.args.pop()
            replace_expr(node, "drop-argument", new)
    for index, keyword in enumerate(node.keywords):
        if keyword.arg is not None:
            new = copy.deepcopy(node)
            del new.keywords[index]
            replace_expr(node, "drop-argument", new)
    name = node.func.id if isinstance(node.func, ast.Name) else None
    if name in SWAPPED_CALLS:
        new = copy.deepcopy(node)
        new.func = ast.Name(SWAPPED_CALLS[name], ast.Load())
        replace_expr(node, "min-max", new)
    if name in SEQUENCE_CALLS:
        for cut in SLICES:
            replace_expr(node, "slice", asts.parse(ast.unparse(node) + cut, mode="eval").body)


def _lines(text: str, start: int, end: int) -> str:
    """The lines of TEXT from offset START to the end of the line holding END, joined
    on one line (a block shows its first line and how many more it had)."""
    stop = text.find("\n", max(end - 1, start))
    lines = [line.strip() for line in text[start:None if stop < 0 else stop].splitlines()]
    lines = [line for line in lines if line]
    if len(lines) > 2:
        return f"{lines[0]} ... ({len(lines) - 1} more lines)"
    return " / ".join(lines)


def _is_docstring(node: ast.stmt, parents) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) \
        and isinstance(node.value.value, str)


def _early_return(node: ast.stmt, parents, offsets: _Offsets, source: str, add) -> None:
    """After a statement inside a loop: `return` what the function's next return returns."""
    scope, loop = parents.get(node), None
    while scope is not None and not isinstance(scope, (ast.FunctionDef, ast.Lambda)):
        if loop is None and isinstance(scope, (ast.For, ast.While)):
            loop = scope
        scope = parents.get(scope)
    if loop is None or scope is None or isinstance(node, ast.Return):
        return
    returns = [r for r in ast.walk(scope) if isinstance(r, ast.Return) and r.value is not None
               and _function_of(r, parents) is scope]
    later = [r for r in returns if r.lineno > node.end_lineno] or returns
    if not later:
        return
    value = ast.unparse(min(later, key=lambda r: r.lineno).value)
    end = offsets.at(node.end_lineno, node.end_col_offset)
    indent = " " * node.col_offset
    add(node, "early-return", end, end, f"\n{indent}return {value}", above=True)


def _function_of(node: ast.AST, parents) -> Optional[ast.AST]:
    node = parents.get(node)
    while node is not None and not isinstance(node, (ast.FunctionDef, ast.Lambda)):
        node = parents.get(node)
    return node


# --- which cases reach which function ----------------------------------------------------

PROFILE = [
    "import sys as _mutate_sys, os as _mutate_os\n",
    "_mutate_seen = set()\n",
    "def _mutate_profile(frame, event, arg, _file=_mutate_os.path.abspath(FILE)):\n"
    "    if event == 'call' and frame.f_code.co_filename == _file:\n"
    "        _mutate_seen.add(frame.f_code.co_firstlineno)\n",
    "_mutate_sys.setprofile(_mutate_profile)\n",
]
REPORT = "_mutate_sys.setprofile(None); print(sorted(_mutate_seen))\n"


def function_lines(source: str) -> List[Tuple[int, int, str]]:
    """(first line, last line, name) of every top-level function of SOURCE."""
    return [(node.lineno, node.end_lineno, node.name) for node in asts.parse(source).body
            if isinstance(node, ast.FunctionDef)]


def reach(assignment: Assignment, questions: Sequence[Question],
          timeout: float = 60.0) -> Dict[Tuple[str, int], Tuple[Set[str], float]]:
    """(question key, case number) -> (the graded source's top-level functions that the
    case calls when the reference runs it, profiled in the worker; the seconds it took)."""
    source_file = assignment.source
    spans = function_lines((Path(assignment.reference) / source_file).read_text(encoding="utf-8"))
    kinds = kinds_for(assignment)
    profile = [line.replace("FILE", repr(source_file)) for line in PROFILE]
    jobs, owner = [], {}
    for question in questions:
        for case in question.cases:
            if case.suite.type not in kinds:
                continue
            job = kinds[case.suite.type].job(case, len(jobs))
            job = CaseJob(id=job.id, examples=job.examples + [REPORT],
                          setup=profile + job.setup, teardown=job.teardown,
                          output_cap=job.output_cap)
            owner[job.id] = (question.key, case.number)
            jobs.append(job)
    runner = Runner(src=Path(assignment.reference), timeout=timeout,
                    preflight=(assignment.module,), **assignment.seeding())
    reached: Dict[Tuple[str, int], Tuple[Set[str], float]] = {}
    for job_id, run in runner.run(jobs):
        names: Set[str] = set()
        if run.outputs and run.outputs[-1].raised is None:
            for first in json.loads(run.outputs[-1].printed or "[]"):
                names.update(name for start, end, name in spans if start <= first <= end)
        else:
            names = {name for _, _, name in spans}  # could not tell: assume everything
        reached[owner[job_id]] = (names, run.duration)
    return reached


# --- running ------------------------------------------------------------------------------

@dataclass
class Outcome:
    mutant: Mutant
    failed: Dict[str, str]  # question -> "value" or "crash" (raised, hung or died)
    ran: List[str]  # the questions whose cases reach the mutant
    seconds: float
    by_owner: bool = True  # only its owner's failure kills it (else any test's)

    @property
    def killed(self) -> bool:
        if self.mutant.owner == ANY_OWNER or not self.by_owner:
            return bool(self.failed)
        return self.mutant.owner in self.failed


def _crashed(result) -> bool:
    """Whether the case failed by raising or hanging, not by a wrong value: a doctest's
    traceback, or a fuzz game that says `play raised` (its games show no traceback)."""
    message = result.message or ""
    return result.status in ("error", "timeout") or bool(result.traceback) \
        or "to raise" in message or "; play raised " in message or ": play raised " in message


def _for_mutants(questions: Sequence[Question]) -> List[Question]:
    """Copies of QUESTIONS for mutants: fuzz suites first (their games stop a play that
    loops, where a doctest would wait for its timeout) and no shrinking of failures."""
    out = []
    for question in questions:
        suites = []
        for suite in question.suites:
            suite = copy.copy(suite)
            if suite.type == "fuzz":
                suite.raw = {**suite.raw, "shrink": 0}
            suites.append(suite)
        suites.sort(key=lambda s: s.type != "fuzz")
        copied = copy.copy(question)
        copied.suites = suites
        for suite in suites:
            suite.cases = [copy.copy(case) for case in suite.cases]
            for case in suite.cases:
                case.suite = suite
        out.append(copied)
    return out


def _only(question: Question, numbers: Set[int]) -> Question:
    copied = copy.copy(question)
    copied.suites = []
    for suite in question.suites:
        kept = [case for case in suite.cases if case.number in numbers]
        if kept:
            part = copy.copy(suite)
            part.cases = kept
            copied.suites.append(part)
    return copied


_STATE: Dict[str, Any] = {}


def _init(edition: Optional[str], path: Optional[str], reached,
          every_question: bool = True) -> None:
    from . import assignment as assignments
    a = assignments.load(edition, Path(path) if path else None)
    _STATE.update(assignment=a, reached=reached, config=load_config(a),
                  every_question=every_question,
                  questions=_for_mutants(casefile.load_questions(a.cases)))


def _grade_mutant(mutant: Mutant, patience: float = 1.0) -> Outcome:
    """Grade MUTANT on the cases that reach its function, one question at a time, the
    owner first; a question stops at its first failing case (its worker is stopped, so
    a case that would loop costs nothing once the question has failed). A case may run
    PATIENCE x (1 s + 4 x what it took the profiled reference). Unless every question
    is wanted, a question the table lets fail in any way for the mutant's unit is not
    graded: its verdict cannot make a cross-charge (two thirds of the work for fa19)."""
    a: Assignment = _STATE["assignment"]
    reached = _STATE["reached"]
    config: Config = _STATE["config"]
    kinds = kinds_for(a)
    started = time.perf_counter()
    selected = []
    for question in _STATE["questions"]:
        if (not _STATE["every_question"] and question.key != mutant.owner
                and config.allowed(question.key, mutant.unit, crashed=False, mutant=mutant.id)):
            continue
        numbers = {case.number for case in question.cases
                   if mutant.function in reached.get((question.key, case.number), ((), 0))[0]}
        if numbers:
            selected.append(_only(question, numbers))
    selected.sort(key=lambda q: q.key != mutant.owner)
    failed: Dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="mutant-") as folder:
        (Path(folder) / a.source).write_text(mutant.source, encoding="utf-8")
        for name in a.support:
            shutil.copy(Path(a.reference) / name, Path(folder) / name)
        for question in selected:
            cases = [c for c in question.cases if c.suite.type in kinds]
            slowest = max(reached[(question.key, c.number)][1] for c in cases)
            runner = Runner(src=Path(folder), timeout=patience * (1.0 + 4 * slowest),
                            preflight=(a.module,), show_wants=True, **a.seeding())
            jobs = [kinds[c.suite.type].job(c, i) for i, c in enumerate(cases)]
            runs = runner.run(jobs)
            try:
                for job_id, case_run in runs:
                    case = cases[job_id]
                    verdict = kinds[case.suite.type].judge(case, case_run, runner=None)
                    if verdict.status in FAILING:
                        failed[question.key] = "crash" if _crashed(verdict) else "value"
                        break
            except SubmissionError:
                failed[question.key] = "crash"
            finally:
                runs.close()  # stops the worker of a question that failed early
                runner.close()
    return Outcome(mutant, failed, [q.key for q in selected], time.perf_counter() - started)


def _grade_batch(mutants: List[Mutant]) -> List[Outcome]:
    return [_grade_mutant(m) for m in mutants]


def _settle(mutants: List[Mutant]) -> List[Outcome]:
    """Grade again, with ten times the patience: a case that timed out on a loaded
    machine must not decide a verdict that would fail the check."""
    return [_grade_mutant(m, patience=10.0) for m in mutants]


def digest(assignment: Assignment) -> str:
    """What the results depend on: the reference, the cases, this grader's own code
    (not the editions' files an installed grader carries in grader/data: a source tree
    and its installed copy give one digest)."""
    h = hashlib.sha256(f"v{VERSION}".encode())
    grader_root = Path(__file__).resolve().parent
    folders = [(Path(assignment.reference), "*.py"), (Path(assignment.cases), "*.py"),
               (Path(assignment.cases), "*.json"), (grader_root, "**/*.py")]
    for folder, pattern in folders:
        for path in sorted(folder.glob(pattern)):
            inside = path.relative_to(folder).parts
            if "__pycache__" in inside or (folder == grader_root and inside[0] == "data") \
                    or path.name == "hints.json":  # naming mistakes changes no verdict
                continue
            h.update(str(path.relative_to(folder)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:20]


def cache_dir() -> Path:
    base = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    return base / "hog-grader" / "mutation"


@dataclass
class Run:
    assignment: Assignment
    config: Config
    outcomes: List[Outcome]
    seconds: float
    cached: bool = False
    generated: Set[str] = field(default_factory=set)  # every mutant id, chosen or not

    def survivors(self) -> List[Outcome]:
        return [o for o in self.outcomes if not o.killed]

    def new_survivors(self) -> List[Outcome]:
        return [o for o in self.survivors() if o.mutant.id not in self.config.equivalent]

    def stale_equivalents(self) -> List[str]:
        """Mutants listed as equivalent that no longer exist or are now killed, and
        mutants a question's table names that no longer exist."""
        killed = {o.mutant.id for o in self.outcomes if o.killed}
        return [key for key in self.config.listed()
                if (key in killed and key in self.config.equivalent)
                or (self.generated and key not in self.generated)]

    def cross_charges(self) -> List[Tuple[Outcome, str, str]]:
        """(outcome, question, how) for every question a mutant fails that neither owns
        it nor is listed as unable to avoid the broken unit. An ok assignment has no such
        table: a homework's tests may call each other's functions."""
        wrong = []
        if self.assignment.is_ok:
            return wrong
        for outcome in self.outcomes:
            for question, how in outcome.failed.items():
                if question != outcome.mutant.owner and not self.config.allowed(
                        question, outcome.mutant.unit, how == "crash", outcome.mutant.id):
                    wrong.append((outcome, question, how))
        return wrong

    def scores(self) -> Dict[str, Dict[str, int]]:
        """Per owning question: mutants, killed, equivalent, survivors."""
        table: Dict[str, Dict[str, int]] = {}
        for outcome in self.outcomes:
            row = table.setdefault(outcome.mutant.owner,
                                   {"mutants": 0, "killed": 0, "equivalent": 0, "survivors": 0})
            row["mutants"] += 1
            if outcome.killed:
                row["killed"] += 1
            elif outcome.mutant.id in self.config.equivalent:
                row["equivalent"] += 1
            else:
                row["survivors"] += 1
        return dict(sorted(table.items()))

    def record(self) -> Dict[str, Any]:
        return {"edition": self.assignment.edition or self.assignment.name, "seconds": round(self.seconds, 2),
                "cached": self.cached, "scores": self.scores(),
                "mutants": [{**{k: v for k, v in asdict(o.mutant).items() if k != "source"},
                             "failed": o.failed, "ran": o.ran, "seconds": round(o.seconds, 3)}
                            for o in self.outcomes],
                "new_survivors": [o.mutant.id for o in self.new_survivors()],
                "stale_equivalents": self.stale_equivalents(),
                "cross_charges": [{"mutant": o.mutant.id, "question": q, "how": how}
                                  for o, q, how in self.cross_charges()]}


def ok_mutants(assignment: Assignment, statements: bool = False) -> List[Mutant]:
    """Every mutant of every function in an ok assignment's source files (the solution);
    with STATEMENTS, the statement-order mutants instead (`generate`)."""
    keys = assignment.questions
    mutants = []
    for name in assignment.sources:
        path = Path(assignment.reference) / name
        if path.suffix != ".py" or not path.is_file():
            continue
        for mutant in generate(solution_source(path), keys, Config(),
                               whole_functions=True, statements=statements):
            mutant.file = name
            if len(assignment.sources) > 1:
                mutant.id = f"{name}: {mutant.id}"
            mutants.append(mutant)
    return mutants


def _grade_ok_mutant(assignment: Assignment, mutant: Mutant, questions: List[Question],
                     timeout: float, broken: Set[str]) -> Outcome:
    """The tests MUTANT fails, of those the solution passes (not BROKEN)."""
    from .okfolder import grade_copy, sources_in
    started = time.perf_counter()
    files = {**sources_in(assignment, Path(assignment.folder)),
             mutant.file: mutant.source.encode()}
    result = grade_copy(assignment, files, timeout, questions)
    failed = {q.question.key: ("crash" if q.status in ("error", "timeout") or any(
                  _crashed(c) for c in q.case_results) else "value")
              for q in result.questions if q.status in FAILING and q.question.key not in broken}
    return Outcome(mutant, failed, [q.question.key for q in result.questions],
                   time.perf_counter() - started, by_owner=False)


def run_ok(assignment: Assignment, jobs: Optional[int] = None,
           only: Optional[Iterable[str]] = None, timeout: float = 5.0) -> Run:
    """Mutation testing of an ok assignment's bank: every mutant of the solution graded
    on every test; any test the solution passes and the mutant fails kills it (a
    homework's tests call each other's functions: the owner, the test named like the
    function, only groups the table). Each mutant's grading waits on its worker
    processes, so threads run them side by side."""
    from concurrent.futures import ThreadPoolExecutor
    mutants = ok_mutants(assignment)
    generated = {m.id for m in mutants}
    if only is not None:
        wanted = set(only)
        mutants = [m for m in mutants if m.id in wanted or m.owner in wanted]
    from .okfolder import grade_copy, sources_in, staff_questions
    started = time.perf_counter()
    questions = staff_questions(assignment)
    solution = grade_copy(assignment, sources_in(assignment, Path(assignment.folder)), timeout,
                          questions)
    broken = {q.question.key for q in solution.questions if q.status in FAILING}
    with ThreadPoolExecutor(max(1, jobs or 2 * (os.cpu_count() or 1))) as pool:
        outcomes = list(pool.map(
            lambda m: _grade_ok_mutant(assignment, m, questions, timeout, broken), mutants))
    return Run(assignment, Config(), outcomes, time.perf_counter() - started,
               generated=generated)


def run(assignment: Assignment, jobs: Optional[int] = None, use_cache: bool = True,
        only: Optional[Iterable[str]] = None, every_question: bool = False) -> Run:
    """Generate every mutant of ASSIGNMENT's reference, grade each on the cases that
    reach it, in JOBS processes; reuse the results of an identical earlier run.
    EVERY_QUESTION grades the questions the table lets fail too (the full picture of
    what each mutant fails; the check's verdict is the same)."""
    if assignment.is_ok:
        return run_ok(assignment, jobs=jobs, only=only)
    config = load_config(assignment)
    source = solution_source(Path(assignment.reference) / assignment.source)
    mutants = generate(source, assignment.questions, config)
    generated = {m.id for m in mutants}
    if only is not None:
        wanted = set(only)
        mutants = [m for m in mutants if m.id in wanted or m.owner in wanted]
    mode = "-every" if every_question else ""
    cache = cache_dir() / f"{assignment.edition}-{digest(assignment)}{mode}.json"
    started = time.perf_counter()
    if use_cache and only is None and cache.is_file():
        try:
            stored = json.loads(cache.read_text(encoding="utf-8"))
            by_id = {m.id: m for m in mutants}
            outcomes = [Outcome(by_id[e["id"]], e["failed"], e["ran"], e["seconds"])
                        for e in stored["mutants"]]
            if len(outcomes) == len(mutants):
                return Run(assignment, config, outcomes, stored["seconds"], cached=True,
                           generated=generated)
        except (OSError, ValueError, KeyError, TypeError):
            pass
    questions = casefile.load_questions(assignment.cases)
    reached = reach(assignment, questions)
    # two per core: each spends about half its time waiting on its own worker process
    jobs = max(1, jobs or 2 * (os.cpu_count() or 1))
    batches = [mutants[i::jobs * 4] for i in range(jobs * 4)]
    path = str(assignment.folder) if assignment.folder else None
    edition = None if assignment.folder else assignment.edition
    with ProcessPoolExecutor(jobs, mp_context=get_context("spawn"), initializer=_init,
                             initargs=(edition, path, reached, every_question)) as pool:
        outcomes = [o for batch in pool.map(_grade_batch, batches) for o in batch]
        first = Run(assignment, config, outcomes, 0.0)
        doubtful = [o.mutant for o in outcomes if o.killed and o.mutant.id in config.equivalent
                    and o.failed[o.mutant.owner] == "crash"]
        doubtful += [o.mutant for o, _, how in first.cross_charges() if how == "crash"]
        if doubtful:
            unique = list({m.id: m for m in doubtful}.values())
            settled = {o.mutant.id: o for o in pool.submit(_settle, unique).result()}
            outcomes = [settled.get(o.mutant.id, o) for o in outcomes]
    order = {m.id: i for i, m in enumerate(mutants)}
    outcomes.sort(key=lambda o: order[o.mutant.id])
    result = Run(assignment, config, outcomes, time.perf_counter() - started,
                 generated=generated)
    if only is None:
        try:
            cache.parent.mkdir(parents=True, exist_ok=True)
            partial = cache.with_name(f".{cache.name}.{os.getpid()}.tmp")
            partial.write_text(json.dumps(result.record()), encoding="utf-8")
            os.replace(partial, cache)
        except OSError:
            pass
    return result


def show(result: Run, quiet: bool = False) -> int:
    """Print RESULT as tables (on standard error when QUIET: standard output holds JSON);
    return the exit status: 1 for a survivor not known to be equivalent, a stale
    equivalent or a cross-charge."""
    from rich.table import Table

    from . import report
    console = report.make_console(stderr=quiet)
    what = (result.assignment.name if result.assignment.is_ok
            else f"the {result.assignment.edition} cases")
    table = Table(title=f"Mutation testing of {what}")
    for column in ("question", "mutants", "killed", "equivalent", "survivors", "score"):
        table.add_column(column, justify="left" if column == "question" else "right")
    for key, row in result.scores().items():
        alive = row["mutants"] - row["equivalent"]
        score = f"{row['killed'] / alive:.0%}" if alive else "-"
        table.add_row(key, *(str(row[k]) for k in ("mutants", "killed", "equivalent",
                                                  "survivors")), score)
    console.print(table)
    problems = 0
    for outcome in result.new_survivors():
        problems += 1
        owner = "any test" if outcome.mutant.owner == ANY_OWNER else outcome.mutant.owner
        console.print(f"[red]survives[/red] (owner {owner}): {outcome.mutant.id}")
    for key in result.stale_equivalents():
        problems += 1
        console.print(f"[red]listed in the table, but no such mutant (or, as equivalent, "
                      f"it is killed)[/red]: {key}")
    for outcome, question, how in result.cross_charges():
        problems += 1
        console.print(f"[red]cross-charge[/red]: {question} fails ({how}) "
                      f"{outcome.mutant.unit}'s mutant {outcome.mutant.id}")
    how = "cached" if result.cached else f"{len(result.outcomes)} mutants graded"
    console.print(f"{len(result.outcomes)} mutants, {len(result.survivors())} survive "
                  f"({len(result.survivors()) - len(result.new_survivors())} known to be "
                  f"equivalent); {how} in {result.seconds:.1f} s.")
    return 1 if problems else 0
