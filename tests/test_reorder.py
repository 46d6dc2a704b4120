"""Statement-order mutants (`mutate.generate(..., statements=True)`): the mistakes of order
students make, which the hint catalogue is named from (issue 20) and which `grade
mutate`'s expression operators never produce.

Each is checked as a class: on generated functions (any indentation, comments between
statements, nested branches and loops) every such mutant compiles, moves statements
without changing any, or repeats exactly one, and touches nothing outside the function.
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

from hypothesis import given, settings, strategies as st

from grader import assignment as assignments
from grader import hint_mutants, mutate


def _leaves(tree: ast.AST) -> Counter:
    """The simple statements of TREE, wherever they are nested."""
    return Counter(ast.dump(node) for node in ast.walk(tree)
                   if isinstance(node, ast.stmt) and not hasattr(node, "body"))


def _play_loop(source: str) -> list:
    play = next(n for n in ast.parse(source).body
                if isinstance(n, ast.FunctionDef) and n.name == "play")
    loop = next((n for n in ast.walk(play) if isinstance(n, ast.While)), None)
    return [] if loop is None else loop.body


def _mentions(statement: ast.stmt, name: str) -> bool:
    return any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(statement))


def _fa19():
    a = assignments.load("fa19")
    source = (Path(a.reference) / a.source).read_text(encoding="utf-8")
    return source, mutate.generate(source, a.questions, mutate.load_config(a), statements=True)


def test_the_ordering_mistakes_students_make_in_play_are_generated():
    """The swap checked before the turn's points, the commentary called before the swap,
    the strategy asked twice, the swap checked inside player 0's branch only."""
    _, mutants = _fa19()
    loops = [(m, _play_loop(m.source)) for m in mutants if m.function == "play"]
    loops = [(m, body) for m, body in loops if body]

    def index(body, name):
        return next((i for i, s in enumerate(body) if _mentions(s, name)), len(body))

    assert any(index(body, "is_swap") < index(body, "take_turn") for _, body in loops)
    assert any(index(body, "say") < index(body, "is_swap") for _, body in loops)

    def turn(body):
        """The `if who == 0:` statement of BODY."""
        return next(s for s in body if isinstance(s, ast.If) and _mentions(s.test, "who"))

    assert any(sum(_mentions(s, "strategy0") for s in ast.walk(turn(body))
                   if isinstance(s, ast.Assign)) == 2 for _, body in loops)
    assert any(_mentions(turn(body).body[-1], "is_swap") and
               not any(_mentions(s, "is_swap") for s in body if s is not turn(body))
               for _, body in loops)


def test_a_mistake_made_once_is_also_made_in_the_code_written_twice():
    """Code written once per player (the goal checked for both scores, the strategy
    asked in both branches) gets the same mistake in every such place at once."""
    _, mutants = _fa19()
    whiles = [next(n for n in ast.walk(ast.parse(m.source)) if isinstance(n, ast.While)
                   and _mentions(n.test, "goal")) for m in mutants if m.function == "play"]
    both = ast.dump(ast.parse("score0 <= goal and score1 <= goal", mode="eval").body)
    assert any(ast.dump(w.test) == both for w in whiles)
    twice = [m for m in mutants if m.function == "play" and all(
        sum(isinstance(s, ast.Assign) and _mentions(s, f"strategy{who}")
            for s in ast.walk(ast.parse(m.source))) == 2 for who in (0, 1))]
    assert twice


def test_statement_order_mutants_are_hints_only():
    """`grade mutate` (and so every edition's mutation table) never grades them."""
    a = assignments.load("fa19")
    source = (Path(a.reference) / a.source).read_text(encoding="utf-8")
    operators = {m.operator for m in mutate.generate(source, a.questions,
                                                     mutate.load_config(a))}
    family = {m.operator for m in hint_mutants.reordered(a)}
    assert {"move", "duplicate", "into-branch", "out-of-branch", "move-alike",
            "duplicate-alike", "compare-alike", "overwrite", "overwrite-alike"} <= family
    assert not operators & family
    assert {m.owner for m in hint_mutants.reordered(a, owners={"06"})} == {"06"}


NAMES = st.sampled_from(["a", "b", "c", "total", "n"])
SIMPLE = st.one_of(
    st.builds(lambda x, y, k: f"{x} = {y} + {k}", NAMES, NAMES, st.integers(0, 9)),
    st.builds(lambda x, k: f"{x} += {k}", NAMES, st.integers(1, 9)),
    st.builds(lambda x: f"print({x})", NAMES),
)


def _block(depth: int):
    """Lines (relative indent level, text) of a block of statements."""
    compound = st.tuples(st.sampled_from(["if a > b:", "while n < 0:", "for i in range(2):"]),
                         st.deferred(lambda: _block(depth + 1)),
                         st.booleans())

    def lines(items):
        out = []
        for item in items:
            if isinstance(item, str):
                out.append((0, item))
                continue
            header, body, other = item
            out.append((0, header))
            out += [(level + 1, text) for level, text in body]
            if other and header.startswith("if"):
                out.append((0, "else:"))
                out.append((1, "total += 1"))
        return out

    statement = SIMPLE if depth >= 2 else st.one_of(SIMPLE, SIMPLE, compound)
    return st.lists(statement, min_size=1, max_size=5).map(lines)


@settings(max_examples=60, deadline=None)
@given(body=_block(0), unit=st.sampled_from(["    ", "  ", "\t"]),
       comments=st.booleans())
def test_statement_order_mutants_compile_and_only_move_or_repeat(body, unit, comments):
    lines = ["def f(a, b, n, total):", f"{unit}c = 0"]
    for level, text in body:
        lines.append(unit * (level + 1) + text)
        if comments and text.startswith("print"):
            lines.append(unit * (level + 1) + "# a note")
    lines.append(f"{unit}return total")
    source = "x = 1\n\n\n" + "\n".join(lines) + "\n\n\ny = 2\n"
    reference = _leaves(ast.parse(source))
    mutants = mutate.generate(source, ["f"], mutate.Config(), whole_functions=True,
                              statements=True)
    assert len({m.source for m in mutants}) == len(mutants)
    for mutant in mutants:
        tree = ast.parse(mutant.source)
        assert mutant.source.startswith("x = 1\n") and mutant.source.endswith("\ny = 2\n")
        assert mutant.source != source
        leaves = _leaves(tree)
        if mutant.operator == "duplicate":
            extra = leaves - reference
            assert sum(extra.values()) == 1 and not reference - leaves, mutant.id
        elif mutant.operator in ("duplicate-alike", "copy-into-branch"):
            extra = leaves - reference
            assert sum(extra.values()) >= 1 and not reference - leaves, mutant.id
        elif mutant.operator in ("move", "move-alike", "into-branch", "out-of-branch"):
            assert leaves == reference, mutant.id
        elif mutant.operator == "guard":
            assert leaves == reference and len(list(ast.walk(tree))) > \
                len(list(ast.walk(ast.parse(source)))), mutant.id
        elif mutant.operator in ("overwrite", "overwrite-alike"):  # `=` for `+=`
            removed, added = reference - leaves, leaves - reference
            assert sum(removed.values()) == sum(added.values()) >= 1, mutant.id
            assert mutant.operator == "overwrite-alike" or sum(added.values()) == 1
            assert all(d.startswith("AugAssign(") for d in removed), mutant.id
            assert all(d.startswith("Assign(") for d in added), mutant.id
        elif mutant.operator == "result-dropped":
            assert sum((reference - leaves).values()) == 1, mutant.id
            assert sum((leaves - reference).values()) == 1, mutant.id
        else:  # one expression edited the same way in alike places
            assert mutant.operator.endswith("-alike"), mutant.id
