"""ok's doctest protocol: the examples in the docstrings of a source file, one test per
function, class and method, each worth one point.

ok imports the student's module and walks `dir()` for the callables defined there;
the grader never imports student code, so it finds the same callables by reading the
file with `ast`: module-level functions and classes, their methods (inherited ones
too, from classes of the same file) and nested classes, named `Cls.method`, in ok's
order (alphabetical at each level, a class before its members). A name bound to a
lambda, or to another of the file's callables, is a callable too (in a class as well:
`__str__ = __repr__`); a function defined inside an `if`, `try`, `with`, `match` or loop
at the top counts (not under `if __name__ == '__main__':`; of an `if` on a flag the file
sets, the branch that runs); a property does not (it is no callable); a function
wrapped by a decorator of the file that does not keep its docstring (`functools.wraps`,
`update_wrapper`) has the wrapper's docstring: none. Names bound only by running the
module (`f.__wrapped__`, `g = make()`) are not found.

A docstring becomes a case the way ok reads it: prompt lines (`>>> `, `... `) and the
lines after them up to a blank line; a line ending in `...` is skipped. The case runs
after `from MODULE import *`, like ok's. A callable with no docstring has a case with
no examples: it passes once the module imports, as it scores in ok (`ok --score`; a
plain `ok` run calls it failed, a difference of ok's own two paths).
"""

from __future__ import annotations

import ast
import re
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional

from .. import asts
from ..model import Case, Question, Suite
from .casefile import CaseFileError, ParseCache

_PROMPT = re.compile(r"(\s*)(>>> |\.\.\. )")


@dataclass
class Target:
    """One callable ok would test: its dotted name and docstring (None: it has none)."""

    name: str
    docstring: Optional[str]


class DiscoveryError(Exception):
    """The file cannot be read for callables (a syntax error, say); says where."""


def module_name(path: str) -> str:
    """`hw02.py` -> `hw02`, `sub/x.py` -> `sub.x`: the name ok imports a file by."""
    return Path(path).with_suffix("").as_posix().replace("/", ".")


def _docstring(node: ast.AST) -> Optional[str]:
    doc = ast.get_docstring(node, clean=False)
    return doc if doc else None


def _is_main_guard(test: ast.AST) -> bool:
    return (isinstance(test, ast.Compare) and len(test.ops) == 1
            and isinstance(test.ops[0], ast.Eq)
            and {ast.dump(test.left), ast.dump(test.comparators[0])}
            == {ast.dump(ast.Name("__name__", ast.Load())), ast.dump(ast.Constant("__main__"))})


def _run_at_import(body: List[ast.stmt], flags: Optional[Dict[str, object]] = None
                   ) -> List[ast.stmt]:
    """The statements of BODY and of the blocks inside it (`if`, `try`, `with`, loops,
    `match`) in the order that leaves what importing leaves: ok finds a function
    defined in any of them. An `if __name__ == '__main__':` block does not run on
    import; an `if` on a constant, or on a name the module binds once to a constant
    (FLAGS: `RECURSIVE = True`), runs one branch; a `try` body's function is the one
    left when a handler defines it too (the handler runs only if the body fails); a
    loop's `else` does not run after a `break` the loop always reaches."""
    if flags is None:
        flags = _flags(body)
    found: List[ast.stmt] = []
    for node in body:
        if isinstance(node, ast.If):
            known = _truth(node.test, flags)
            if not _is_main_guard(node.test) and (known is None or known):
                found += _run_at_import(node.body, flags)
            if known is None or not known:
                found += _run_at_import(node.orelse, flags)
        elif isinstance(node, (ast.Try, getattr(ast, "TryStar", ast.Try))):
            for handler in node.handlers:
                found += _run_at_import(handler.body, flags)
            found += _run_at_import(node.body, flags) + _run_at_import(node.orelse, flags) \
                + _run_at_import(node.finalbody, flags)
        elif isinstance(node, (ast.With, ast.AsyncWith, ast.For, ast.AsyncFor, ast.While)):
            found += _run_at_import(node.body, flags)
            if not any(isinstance(each, ast.Break) for each in node.body):
                found += _run_at_import(getattr(node, "orelse", []), flags)  # no break
        elif isinstance(node, getattr(ast, "Match", ())):
            for case in node.cases:
                found += _run_at_import(case.body, flags)
        else:
            found.append(node)
    return found


def _flags(body: List[ast.stmt]) -> Dict[str, object]:
    """The module's names bound once, at its top, to a constant (`DEBUG = False`), and
    bound nowhere else: not by another assignment, `:=`, a loop, `with ... as`, an
    import, a `def` or `global` code."""
    constant: Dict[str, object] = {}
    for node in body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(
                node.targets[0], ast.Name) and isinstance(node.value, ast.Constant):
            constant[node.targets[0].id] = node.value.value
    bindings: Dict[str, int] = {}
    for node in ast.walk(ast.Module(body=body, type_ignores=[])):
        names: List[str] = []
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names = [node.id]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names = [node.name]
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [(alias.asname or alias.name).split(".")[0] for alias in node.names]
        elif isinstance(node, ast.ExceptHandler) and node.name:
            names = [node.name]
        for name in names:
            bindings[name] = bindings.get(name, 0) + 1
    return {name: value for name, value in constant.items() if bindings.get(name) == 1}


def _truth(test: ast.AST, flags: Dict[str, object]) -> Optional[bool]:
    """Whether the `if` test TEST holds on import, when the file says (None: unknown)."""
    if isinstance(test, ast.Constant):
        return bool(test.value)
    if isinstance(test, ast.Name) and test.id in flags:
        return bool(flags[test.id])
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _truth(test.operand, flags)
        return None if inner is None else not inner
    return None


def _is_property(node: ast.AST) -> bool:
    """A method made a property (`@property`, `@x.setter`, `@cached_property`)."""
    for decorator in node.decorator_list:
        name = decorator.attr if isinstance(decorator, ast.Attribute) else \
            decorator.id if isinstance(decorator, ast.Name) else ""
        if name in ("property", "cached_property", "setter", "getter", "deleter"):
            return True
    return False


_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
MRO_DEPTH = 50  # bases followed from a nested class, at most (by name)
_KEEPS = object()  # a decorator's result that keeps the decorated function's docstring


def _result_of(decorator: ast.AST, top: Dict[str, Optional[ast.AST]]):
    """What the decorator DECORATOR binds a function's name to, as far as the file says:
    an inner function of it (a node), None for an object without a docstring (a
    lambda), _KEEPS where the function's own docstring stays (`functools.wraps`,
    `wrapper.__doc__ = fn.__doc__`, the function itself returned), False when unknown
    (a decorator of another module: the function is taken as it is written)."""
    if isinstance(decorator, ast.Call):  # `@repeat(2)`: what repeat returns decorates
        maker = top.get(decorator.func.id) if isinstance(decorator.func, ast.Name) else None
        if not isinstance(maker, _FUNCTIONS):
            return False
        inner = {n.name: n for n in maker.body if isinstance(n, _FUNCTIONS)}
        made = [n.value.id for n in _own_returns(maker)
                if isinstance(n.value, ast.Name) and n.value.id in inner]
        if len(set(made)) != 1:
            return False
        return _returned(inner[made[0]])
    function = top.get(decorator.id) if isinstance(decorator, ast.Name) else None
    if not isinstance(function, _FUNCTIONS):
        return False
    return _returned(function)


def _own_returns(function: ast.AST) -> List[ast.Return]:
    """The return statements of FUNCTION itself, not of the functions defined in it."""
    found, todo = [], list(ast.iter_child_nodes(function))
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Return):
            found.append(node)
        elif not isinstance(node, (*_FUNCTIONS, ast.Lambda, ast.ClassDef)):
            todo.extend(ast.iter_child_nodes(node))
    return found


def _returned(decorator: ast.AST):
    """The function the decorator function DECORATOR returns (see _result_of)."""
    params = {a.arg for a in decorator.args.args}
    inner = {n.name: n for n in decorator.body if isinstance(n, _FUNCTIONS)}
    returns = [n.value for n in _own_returns(decorator) if n.value is not None]
    if len(returns) != 1:
        return False
    value = returns[0]
    if isinstance(value, ast.Lambda):
        return None
    if isinstance(value, ast.Name) and value.id in params:
        return _KEEPS  # the function itself (registered, traced by side effect)
    if not (isinstance(value, ast.Name) and value.id in inner):
        return False
    wrapper = inner[value.id]
    if any("wraps" in ast.dump(d) for d in wrapper.decorator_list):
        return _KEEPS
    for node in ast.walk(decorator):
        if isinstance(node, ast.Assign) and any(  # `wrapper.__doc__ = fn.__doc__`
                isinstance(t, ast.Attribute) and t.attr == "__doc__" for t in node.targets):
            return _KEEPS
        # `functools.update_wrapper(wrapper, fn)`, `wrapper = wraps(fn)(wrapper)`
        if isinstance(node, ast.Call) and (
                _called_name(node.func) == "update_wrapper"
                or isinstance(node.func, ast.Call) and _called_name(node.func.func) == "wraps"):
            return _KEEPS
    return wrapper


def _base_name(base: ast.AST) -> ast.AST:
    """The class a base names: `Box` of `Box[int]` (a generic's alias, which gives the
    class itself to the bases: hunt28 #1)."""
    return base.value if isinstance(base, ast.Subscript) else base


def _wrapped(value: ast.AST) -> ast.AST:
    """The function `staticmethod(f)` wraps (a class's attribute: the function itself,
    its docstring too); VALUE otherwise. (Not classmethod's: ok's walk of a bound method
    recurses through `__self__` without end.)"""
    if isinstance(value, ast.Call) and _called_name(value.func) == "staticmethod" \
            and len(value.args) == 1 and not value.keywords:
        return value.args[0]
    return value


def _called_name(func: ast.AST) -> str:
    """`f` of `f(...)` or of `module.f(...)`."""
    return func.attr if isinstance(func, ast.Attribute) else \
        func.id if isinstance(func, ast.Name) else ""


def decorated_doc(node: ast.AST, top: Dict[str, Optional[ast.AST]]) -> Optional[str]:
    """The docstring ok reads for NODE: that of what its decorators bind its name to,
    outermost first: the first that returns another function of the file gives that
    function's (a wrapper without one: none); one that keeps the docstring it is given
    (`wraps`, or a decorator of another module, taken to) passes on the next one's."""
    for decorator in getattr(node, "decorator_list", []):
        result = _result_of(decorator, top)
        if result is None:
            return None
        if result is not False and result is not _KEEPS:
            return _docstring(result)
    return _docstring(node) or _generated_doc(node)


def _generated_doc(node: ast.AST) -> Optional[str]:
    """The docstring the standard library writes for a class without one: `@dataclass`
    and a `NamedTuple` subclass get their signature (`Point(x, y)`), text with no
    examples, which ok's plain run passes (hunt20 #13)."""
    if not isinstance(node, ast.ClassDef):
        return None
    factories = [_called_name(d.func if isinstance(d, ast.Call) else d)
                 for d in node.decorator_list]
    bases = [_called_name(base) for base in node.bases]
    if "dataclass" in factories or "NamedTuple" in bases:
        return f"{node.name}(...)"
    return None


def _no_doc_callable(value: ast.AST) -> bool:
    """A lambda, or one made a static method: a callable of the module without a
    docstring (a test with no examples, as ok finds it)."""
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) \
            and value.func.id == "staticmethod" and len(value.args) == 1:
        value = value.args[0]
    return isinstance(value, ast.Lambda)


_VALUES = (ast.Constant, ast.List, ast.Tuple, ast.Dict, ast.Set, ast.JoinedStr,
           ast.ListComp, ast.DictComp, ast.SetComp, ast.GeneratorExp, ast.Compare, ast.BinOp)


def _rebind(top: Dict[str, Optional[ast.AST]], classes: Dict[str, ast.ClassDef],
            name: str, value: ast.AST) -> None:
    """NAME, a function or class of the file, bound again to VALUE after its `def`:
    what ok then finds under NAME. `fib = memo(fib)` (a decorator of the file called on
    it) is the decorator's result, as `@memo` gives; a plain value (`f = 5`) is no test;
    anything else (a call of another module's) is taken to keep the function."""
    if isinstance(value, _VALUES) or _gives_a_value(value, top) or _makes_an_instance(
            value, top, classes):
        top.pop(name, None)
        classes.pop(name, None)
        return
    if not (isinstance(value, ast.Call) and len(value.args) == 1 and not value.keywords):
        return
    result = _result_of(value.func, top)
    if result is None:
        top[name] = None
    elif result is _KEEPS:
        argument = value.args[0]
        if isinstance(argument, ast.Name) and argument.id in top:
            top[name] = top[argument.id]
    elif result is not False:
        top[name] = result


def _makes_an_instance(call: ast.AST, top: Dict[str, Optional[ast.AST]],
                       classes: Dict[str, ast.ClassDef]) -> bool:
    """Whether CALL makes an instance of a class of the file that cannot be called (the
    scheme idiom `nil = nil()`): ok's walk finds no function under the name."""
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)):
        return False
    seen, todo = set(), [top.get(call.func.id)]
    if not isinstance(todo[0], ast.ClassDef):
        return False
    while todo:
        cls = todo.pop()
        if not isinstance(cls, ast.ClassDef) or id(cls) in seen or len(seen) > MRO_DEPTH:
            continue
        seen.add(id(cls))
        if any(isinstance(node, _FUNCTIONS) and node.name == "__call__" for node in cls.body):
            return False
        todo.extend(classes.get(base.id) for base in cls.bases if isinstance(base, ast.Name))
    return True


def _gives_a_value(call: ast.AST, top: Dict[str, Optional[ast.AST]]) -> bool:
    """Whether CALL calls a function of the file that returns no callable (only
    literal values, or None, or a generator): `scratch = scratch()`."""
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)):
        return False
    function = top.get(call.func.id)
    if not isinstance(function, _FUNCTIONS):
        return False
    todo = list(ast.iter_child_nodes(function))
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Yield, ast.YieldFrom)):
            return True
        if not isinstance(node, (*_FUNCTIONS, ast.Lambda, ast.ClassDef)):
            todo.extend(ast.iter_child_nodes(node))
    return all(r.value is None or isinstance(r.value, _VALUES) for r in _own_returns(function))


def discover(source: str, filename: str = "<source>") -> List[Target]:
    """The callables of SOURCE that ok's doctest protocol tests, in ok's order."""
    try:
        tree = asts.parse(source, filename)
    except SyntaxError as error:  # with the line and its caret, as Python (and ok) show it
        import traceback
        shown = "".join(traceback.format_exception_only(SyntaxError, error)).rstrip("\n")
        raise DiscoveryError(f"{filename} has a syntax error on line {error.lineno}:\n"
                             f"{shown}") from None
    classes: Dict[str, ast.ClassDef] = {}
    top: Dict[str, Optional[ast.AST]] = {}
    texts: Dict[str, str] = {}  # names bound to a string (a docstring kept apart)
    # id(class node) -> its bases' nodes, read where it is defined (`class Tally(Tally):`
    # below the given Tally inherits from that one)
    bases_of: Dict[int, List[ast.ClassDef]] = {}
    # id(class node) -> {name: what `Cls.name = f` after the class binds there}
    patched: Dict[int, Dict[str, Optional[ast.AST]]] = {}
    assigned: Dict[int, str] = {}  # id(def node) -> the docstring `f.__doc__ = ...` gives
    statements = _run_at_import(tree.body)
    for node in statements:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(
                node.targets[0], ast.Attribute) and node.targets[0].attr == "__doc__":
            owner, value = node.targets[0].value, _text_of(node.value, texts)
            if isinstance(owner, ast.Name) and top.get(owner.id) is not None \
                    and value is not None:
                assigned[id(top[owner.id])] = value
            continue
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(
                node.targets[0], ast.Attribute) and isinstance(node.targets[0].value, ast.Name) \
                and node.targets[0].value.id in classes:  # `Tally.total = _total`
            target, value = node.targets[0], node.value
            if _no_doc_callable(value) or isinstance(value, ast.Name) and value.id in top:
                patched.setdefault(id(classes[target.value.id]), {})[target.attr] = (
                    None if _no_doc_callable(value) else top[value.id])
            continue
        if isinstance(node, ast.Assign) and len(node.targets) == 1 \
                and isinstance(node.targets[0], ast.Name):
            value = _text_of(node.value, texts)
            if value is not None:
                texts[node.targets[0].id] = value
            else:
                texts.pop(node.targets[0].id, None)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if isinstance(node, ast.ClassDef):  # its bases as bound where it is defined
                bases_of[id(node)] = [classes[b.id] for b in map(_base_name, node.bases)
                                      if isinstance(b, ast.Name) and b.id in classes]
            top[node.name] = node
            if isinstance(node, ast.ClassDef):
                classes[node.name] = node
        elif (isinstance(node, ast.Assign) and len(node.targets) == 1
              or isinstance(node, ast.AnnAssign) and node.value is not None):
            target = node.targets[0] if isinstance(node, ast.Assign) else node.target
            if not isinstance(target, ast.Name):
                continue
            value = node.value
            if _no_doc_callable(value):
                top[target.id] = None
            elif isinstance(value, ast.Name) and value.id in top:
                top[target.id] = top[value.id]
            elif target.id in top:
                _rebind(top, classes, target.id, value)
            if isinstance(top.get(target.id), ast.ClassDef):  # `Base = Account`
                classes[target.id] = top[target.id]
        elif isinstance(node, ast.Delete):  # `del helper`: no test any more
            for target in node.targets:
                if isinstance(target, ast.Name):
                    top.pop(target.id, None)
                    classes.pop(target.id, None)

    orders: Dict[int, List[ast.ClassDef]] = {}  # id(class) -> its order, once

    def mro(cls: ast.ClassDef, seen: frozenset, depth: int = 0) -> List[ast.ClassDef]:
        """CLS and the file's own classes it inherits from, in Python's method resolution
        order (C3; left to right, depth first where C3 has no answer): with several
        bases, the first that defines a method is the one a name reaches. Each class's
        order is worked out once, the module's top classes in the order they are
        defined (below), so that a base's is always known: a ladder of classes on two
        bases each took exponential time, and a chain of a thousand overflowed."""
        if id(cls) in orders:
            return orders[id(cls)]
        if id(cls) in bases_of:  # a class of the module's top: its bases where defined
            bases = [base for base in bases_of[id(cls)] if base is not cls]
        else:  # a nested class: the module's classes of those names
            bases = [classes[b.id] for b in map(_base_name, cls.bases) if isinstance(b, ast.Name)
                     and b.id in classes and classes[b.id].name not in seen
                     and classes[b.id] is not cls] if depth < MRO_DEPTH else []
        if len(bases) == 1:  # C3 of one base: the class, then the base's order
            order = [cls] + [c for c in mro(bases[0], seen | {cls.name}, depth + 1)
                             if c is not cls]
        else:
            lines = [mro(base, seen | {cls.name}, depth + 1) for base in bases] + [list(bases)]
            order = [cls]
            while any(lines):
                lines = [line for line in lines if line]
                head = next((line[0] for line in lines
                             if not any(line[0] in other[1:] for other in lines)), None)
                if head is None:  # no consistent order (Python would refuse the class)
                    head = lines[0][0]
                order.append(head)
                lines = [[c for c in line if c is not head] for line in lines]
        orders[id(cls)] = order
        return order

    for defined in [node for node in statements if isinstance(node, ast.ClassDef)]:
        mro(defined, frozenset({defined.name}))

    bodies: Dict[int, List[ast.stmt]] = {}  # id(class) -> its body's statements, once

    def members(cls: ast.ClassDef, seen: frozenset) -> Dict[str, Optional[ast.AST]]:
        own: Dict[str, Optional[ast.AST]] = {}
        for each in reversed(mro(cls, seen)):  # a class's own members over its bases'
            body: Dict[str, Optional[ast.AST]] = {}  # what its body has bound so far
            if id(each) not in bodies:
                bodies[id(each)] = _run_at_import(each.body)
            for node in bodies[id(each)]:
                # (a private name as the class that defines it holds it: see _mangled)
                if isinstance(node, ast.Assign) and _no_doc_callable(node.value):
                    for target in node.targets:  # `speak = lambda self: 'hi'`
                        if isinstance(target, ast.Name):
                            own[_mangled(target.id, each.name)] = body[target.id] = None
                elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                        and _is_property(node):
                    own.pop(_mangled(node.name, each.name), None)  # no callable: ok skips it
                    body.pop(node.name, None)
                elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    own[_mangled(node.name, each.name)] = body[node.name] = node
                elif isinstance(node, ast.Assign) and isinstance(
                        named := _wrapped(node.value), ast.Name):
                    # a class body reads its own names, then the module's (not its bases')
                    alias = body.get(named.id, top.get(named.id, False))
                    if alias is not False:  # `__str__ = __repr__`, `h = helper`: both tested
                        for target in node.targets:
                            if isinstance(target, ast.Name):
                                own[_mangled(target.id, each.name)] = body[target.id] = alias
            own.update(patched.get(id(each), {}))
        return own

    found: List[Target] = []

    def docstring(node: Optional[ast.AST]) -> Optional[str]:
        if node is None:
            return None
        if id(node) in assigned:  # `f.__doc__ = TEXT` after its def
            return assigned[id(node)] or None
        found_doc = decorated_doc(node, top)
        if found_doc is None and isinstance(node, ast.ClassDef):
            for statement in node.body:  # `__doc__ = """..."""` in the class body
                if isinstance(statement, ast.Assign) and any(
                        isinstance(t, ast.Name) and t.id == "__doc__" for t in statement.targets):
                    found_doc = _text_of(statement.value, {}) or None
        return found_doc

    def walk(entries: Dict[str, Optional[ast.AST]], prefix: str, seen: frozenset) -> None:
        for name in sorted(entries):
            node = entries[name]
            found.append(Target(prefix + name, docstring(node)))
            if isinstance(node, ast.ClassDef) and node.name not in seen:
                walk(members(node, seen | {node.name}), prefix + name + ".", seen | {node.name})

    walk(top, "", frozenset())
    return found


def _mangled(name: str, owner: str) -> str:
    """NAME as the class named OWNER that defines it holds it (`__check` in `Account` is
    `_Account__check`, and so in its subclasses): ok names a test by what `dir()` of the
    imported class lists (hunt23 #7, review24 R5)."""
    if owner and owner.strip("_") and name.startswith("__") and not name.endswith("__"):
        return f"_{owner.lstrip('_')}{name}"
    return name


def _text_of(node: ast.AST, texts: Dict[str, str]) -> Optional[str]:
    """The string NODE is, when the file says: a literal, or a name TEXTS binds."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.Name):
        return texts.get(node.id)
    return None


def ok_code(docstring: str) -> str:
    """The session ok reads from a docstring (its `Doctest.post_instantiation`)."""
    code: List[str] = []
    prompt_on, leading = False, ""
    for line in textwrap.dedent(docstring).split("\n"):
        match = _PROMPT.match(line)
        if match:
            if prompt_on and not line.startswith(leading):
                raise CaseFileError("the doctest's lines are not indented alike")
            if not prompt_on:
                prompt_on, leading = True, match.group(1)
            code.append(line.lstrip())
        elif line.endswith("..."):
            continue
        elif not line.strip():
            prompt_on, leading = False, ""
        elif prompt_on:
            if not line.startswith(leading):
                raise CaseFileError("the doctest's lines are not indented alike")
            code.append(line[len(leading):])
    return "\n".join(code)


def question(target: Target, path: Path, module: str,
             cache: Optional[ParseCache] = None) -> Question:
    """The test of one callable: a suite that imports MODULE, and one case holding every
    example of the docstring (ok stops it at the first that fails). CACHE: the parsed
    docstrings of PATH (`ParseCache`), so that a run whose docstrings did not change
    does not import doctest (~10 ms, with pdb and unittest)."""
    cache = cache if cache is not None else ParseCache(None)
    setup = f">>> from {module} import *"
    suite = Suite(number=1, type="doctest", setup=setup,
                  setup_examples=cache.examples(setup, "<setup>"), path=path)
    q = Question(key=target.name, name=target.name, points=1, suites=[suite], path=path)
    where = f"{path.name}: the docstring of {target.name}"
    try:
        code = ok_code(target.docstring or "")
        examples = cache.examples(code, where) if code.strip() else []
    except CaseFileError as error:
        message = str(error)
        q.error = message if message.startswith(where) else f"{where}: {message}"
        return q
    suite.cases.append(Case(number=1, suite=suite, code=code, examples=examples))
    return q
