"""`grade -u`: unlock cases by predicting what they print.

For each locked case in order, the case's session is shown up to a hidden answer and
the student types, at `? `, what Python would print. A case is saved (its file
rewritten with the plain answers, atomically) as soon as all its answers are right,
so stopping at any prompt (exit(), Ctrl-C, Ctrl-D, end of a piped input) keeps
everything unlocked so far. Stopping with exit() or Ctrl-D is a clean end (exit status
0), as in ok, which ends every way out of its unlocker alike; Ctrl-C is 130, as for
every command of the grader.
"""

from __future__ import annotations

import ast
import random
import re
import signal
import sys
import textwrap
from collections import OrderedDict
from typing import Callable, Dict, List, NamedTuple, Optional, Sequence, Set, TextIO, Tuple

import grader
from .. import asts
from ..load import casewrite
from . import hashes as locking
from ..model import Case, Question
from ..untrusted import printable

EXIT_WORDS = ("exit()", "quit()")  # as ok: a bare `exit` may be the answer a case expects
LANGUAGES = {"scheme": "Scheme", "sqlite": "SQLite", "logic": "Logic"}
INTRO = ("At each \"? \", type what you would expect {language} to print.\n"
         "Answer words: Error (it raises an exception), Nothing (it prints nothing),\n"
         "Function (the value is a function), Infinite Loop (it never finishes).\n"
         "Type exit() or press Ctrl-D to stop; what you unlock is saved as you go.")


_EXCEPTION_NAME = re.compile(r"^(Traceback\b.*|[A-Za-z_][\w.]*(Error|Exception|Exit|Interrupt)"
                             r"\b.*)$")
INTERRUPTED = 130  # the shell's status for a program stopped by Ctrl-C


class _Statement(NamedTuple):
    """What `setup_to_show` needs of one doctest statement, from one parse."""

    bound: Set[str]  # the names it binds at the top level
    used: Set[str]  # every name it mentions
    star: bool  # a star import
    defines: bool  # only definitions: functions, classes, imports
    changes: bool  # may change what later lines see beyond the names it binds


_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Import, ast.ImportFrom)


def _read(source: str) -> _Statement:
    """SOURCE (one doctest statement) as `_Statement`. It may change state with a call,
    an assignment to an attribute or an item, `+=`, `del` or a block; an `assert` only
    checks (staff's, over an answer table: not shown for itself)."""
    try:
        tree = asts.parse(source)
    except SyntaxError:
        return _Statement(set(), set(re.findall(r"[A-Za-z_]\w*", source)), False, False, True)
    bound: Set[str] = set()
    star = changes = False
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                star = star or alias.name == "*"
                bound.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = list(node.targets) if isinstance(node, ast.Assign) else [node.target]
            plain = not isinstance(node, ast.AugAssign) and all(
                isinstance(n, (ast.Name, ast.Tuple, ast.List, ast.Starred, ast.Store))
                for target in targets for n in ast.walk(target))
            changes = changes or not plain or any(isinstance(n, ast.Call) for n in ast.walk(node))
            while targets:
                target = targets.pop()
                if isinstance(target, ast.Name):
                    bound.add(target.id)
                elif isinstance(target, (ast.Tuple, ast.List)):
                    targets += target.elts
                elif isinstance(target, ast.Starred):
                    targets.append(target.value)
        elif not isinstance(node, ast.Assert):
            changes = True
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    defines = all(isinstance(node, _DEFINITIONS) for node in tree.body)
    return _Statement(bound, used, star, defines, changes)


def _statements(session: str) -> List[Tuple[List[str], str]]:
    """SESSION's statements: each one's prompt lines (with the comment lines that
    precede it) and its source."""
    found, comments = [], []
    for block in locking.blocks(textwrap.dedent(session)):
        source = "\n".join(line[4:] for line in block.prompt)
        if not source.strip() or source.lstrip().startswith("#") and "\n" not in source:
            comments += block.prompt
            continue
        found.append((comments + block.prompt, source))
        comments = []
    return found


def setup_to_show(setup: str, code: str) -> Tuple[List[str], int]:
    """The lines of a suite's SETUP that a student unlocking CODE needs: its star
    imports, every line that may change state (`items.append(3)`, `lab.LIMIT = 2`,
    `c()`, `n = items.pop()`: what it changes cannot be told apart from what CODE
    reads; hunt30 F1, review30 #5), every statement other than a definition that
    mentions a name needed, and the definitions of the names CODE and those lines use
    (and those they use in turn); and how many lines are left out. Helpers written for
    other cases would bury the one call the student is asked about."""
    needed: Set[str] = set()
    for _, source in _statements(code):
        needed |= _read(source).used
    parsed = _statements(setup)
    statements = [_read(source) for _, source in parsed]
    shown = [s.star or s.changes for s in statements]
    for keep, statement in zip(shown, statements):
        if keep:
            needed |= statement.used
    grew = True
    while grew:
        grew = False
        for index, s in enumerate(statements):
            if not shown[index] and (s.bound & needed or not s.defines and s.used & needed):
                shown[index], grew = True, True
                needed |= s.used
    lines = [line for (prompt, _), keep in zip(parsed, shown) if keep for line in prompt]
    total = len([line for line in textwrap.dedent(setup).strip("\n").splitlines()
                 if line.strip()])
    return lines, total - len(lines)


class Stop(Exception):
    """The student asked to stop."""


class Prompter:
    """Reads answers from a terminal (with line editing) or a pipe (echoing them, so a
    transcript reads like a session)."""

    def __init__(self, stdin: TextIO = sys.stdin, out: Callable[[str], None] = print):
        self.out = out
        self.echo = not _isatty(stdin)
        if not self.echo:
            try:
                import readline  # noqa: F401  (line editing for input())
            except ImportError:
                pass

    def ask(self, prompt: str) -> str:
        try:
            line = input(prompt)
        except EOFError:
            self.out("")
            raise Stop from None
        if self.echo:
            self.out(line)
        if locking.normalize(line) in EXIT_WORDS:
            raise Stop
        return line


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _shuffled(choices: Sequence[str], seed: str) -> List[str]:
    """Choices in an order that does not give the answer away (ok lists the answer
    first), the same order on every run."""
    order = list(choices)
    random.Random(seed).shuffle(order)
    return order


class Unlocker:
    def __init__(self, key: str, prompter: Prompter, out: Callable[[str], None] = print):
        self.key = key
        self.prompter = prompter
        self.out = out

    def answer(self, token: str, choices: Sequence[str], seed: str, label: str = "? ") -> str:
        """Ask until the answer to TOKEN is right; return the text that unlocks it."""
        shown = _shuffled(choices, seed) if choices else []
        if shown:
            self.out("Choose the number of the right choice (or type it):")
            for number, choice in enumerate(shown, 1):
                self.out(f"{number}) {choice}")
        while True:
            guess = self.prompter.ask(label)
            picked = guess.strip()
            # A number picks a choice, unless the choices are numbers themselves: try both.
            guesses = [guess]
            is_choice = False
            if shown and picked.isdigit() and 1 <= int(picked) <= len(shown):
                guesses.append(shown[int(picked) - 1])
                is_choice = True
            if shown:
                typed = locking.normalize(picked).casefold()
                same = [c for c in shown if locking.normalize(c).casefold() == typed]
                guesses += same
                is_choice = is_choice or bool(same)
            for attempt in guesses:
                plain = locking.check(token, attempt, self.key)
                if plain is not None:
                    self.out("-- OK! --")
                    return plain
            self.out("-- Not quite. Try again! --" + self._hint(picked, shown, is_choice))

    @staticmethod
    def _hint(picked: str, shown: Sequence[str], is_choice: bool) -> str:
        """A nudge about the form of a wrong answer (never about its content)."""
        if shown and not is_choice:
            return f" Choose a number from 1 to {len(shown)}, or type the choice."
        if _EXCEPTION_NAME.match(picked):
            return (" (When the code raises an exception, the answer is the word Error, "
                    "or the exception's name alone where the question asks for it.)")
        return ""

    def case(self, case: Case, where: str = "") -> Dict[str, object]:
        """Walk through CASE (whose file is WHERE); return the keys of its dict to change
        to unlock it."""
        changes: Dict[str, object] = {"locked": False}
        if case.is_concept:
            token = case.raw.get("answer", "")
            if not locking.is_token(token):  # a plain answer marked locked: ok never opens it
                raise locking.unknown(token)
            self.out("Q: " + case.question)
            changes["answer"] = self.answer(token, case.choices, case.question)
            return changes
        code = case.raw.get("code", "")
        kind = case.suite.type
        for block in locking.blocks(code, kind):  # said before a question it cannot check
            unknown = [t for t in block.outputs if block.locked and not locking.is_token(t)]
            if unknown:
                raise locking.unknown(unknown[0])
        if case.suite.setup.strip() and kind in locking.PROMPTS:  # (not Python: all of it)
            self.out(textwrap.dedent(case.suite.setup).strip())
        elif case.suite.setup.strip():
            shown, left_out = setup_to_show(case.suite.setup, code)
            if shown:
                self.out("\n".join(shown))
            if left_out:
                self.out(f"(and {left_out} more setup line{'s' if left_out != 1 else ''}, "
                         f"not needed here{': see ' + where if where else ''})")
        answers: Dict[int, List[str]] = {}
        for index, block in enumerate(locking.blocks(code, kind)):
            self.out("\n".join(block.prompt))
            if not block.locked:
                if block.outputs:
                    self.out("\n".join(block.outputs))
                continue
            plains = []
            for number, token in enumerate(block.outputs, 1):
                label = "? " if len(block.outputs) == 1 else f"(line {number})? "
                plains.append(self.answer(token, block.choices, code + str(index), label))
            answers[index] = locking.unlocked_answer(block, plains)
        if answers:
            changes["code"] = locking.rebuild(code, answers, kind)
        return changes


def case_path(case: Case) -> Tuple[object, ...]:
    return ("suites", case.suite.number - 1, "cases", case.suite.cases.index(case))


def save(question: Question, case: Case, changes: Dict[str, object]) -> None:
    """Rewrite the case in its file; Ctrl-C waits until the file is whole."""
    prefix = case_path(case)
    full = {prefix + (key,): value for key, value in changes.items()}
    blocked = hasattr(signal, "pthread_sigmask")
    if blocked:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        casewrite.update(question.path, full)
    finally:
        if blocked:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _left(todo: Sequence[Tuple[Question, Case]], done: set) -> "OrderedDict[str, List[Case]]":
    left: "OrderedDict[str, List[Case]]" = OrderedDict()
    for question, case in todo:
        if (question.key, case.number) not in done:
            left.setdefault(question.key, []).append(case)
    return left


def run(questions: Sequence[Question], key: str, chosen: Sequence[str] = (),
        stdin: TextIO = sys.stdin, out: Optional[Callable[[str], None]] = None) -> int:
    """Unlock the locked cases of QUESTIONS (the ones CHOSEN with -q, or all); return 0
    when none is left locked or the student stopped (exit(), Ctrl-D, the end of piped
    input), 130 after Ctrl-C, 1 when a case could not be unlocked or saved."""
    if out is None:
        def out(text: str) -> None:  # a case's text is a shared file's: escaped as output is
            print(printable(text), flush=True)
    keys = " ".join(f"-q {k}" for k in chosen)
    todo = [(q, c) for q in questions for c in q.cases if c.locked]
    unseen = [q for q in questions if q.error and not q.cases]  # (an encrypted test file)
    for question in unseen:
        out(f"{question.name}: {question.error}")
    if not todo and unseen:
        return 1
    if not todo:
        out(f"Nothing to unlock: no locked cases in {', '.join(q.name for q in questions)}.")
        out(f"Run them with: {grader.PROGRAM} {keys}".rstrip())
        return 0
    unlocker = Unlocker(key, Prompter(stdin, out), out)
    done: set = set()
    languages = dict.fromkeys(LANGUAGES.get(case.suite.type, "Python") for _, case in todo)
    out(INTRO.format(language=" or ".join(languages)))
    problem: Optional[str] = None
    interrupted = stopped = False
    try:
        for question, case in todo:
            left = len(todo) - len(done)
            out("")
            out("-" * 69)
            out(f"{question.name} › {case.label}"
                f"  ({left} locked case{'s' if left != 1 else ''} left)")
            out("")
            try:
                changes = unlocker.case(case, f"{question.path.parent.name}/{question.path.name}")
            except locking.LockError as error:
                out(f"-- This case cannot be unlocked here: {error}. Tell your staff. --")
                continue
            save(question, case, changes)
            done.add((question.key, case.number))
            out(f"-- Case {case.number} unlocked (saved in {question.path.name}). --")
    except (Stop, KeyboardInterrupt, EOFError) as stop:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        interrupted = isinstance(stop, KeyboardInterrupt)
        stopped = not interrupted
        out("")
        out("-- Exiting the unlocker. What you unlocked is saved. --")
    except OSError as error:
        problem = f"could not save the unlocked case: {error}"
    left = _left(todo, done)
    out("")
    if problem:
        out(f"Error: {problem}")
    if not left:
        out(f"All locked cases unlocked. Now run: {grader.PROGRAM} {keys}".rstrip())
        return 0
    for qkey, cases in left.items():
        if all(c.suite.number == 1 for c in cases):  # (the numbers ok shows too)
            numbers = ", ".join(str(c.number) for c in cases)
            out(f"Still locked: {qkey} case{'s' if len(cases) != 1 else ''} {numbers}")
        else:
            out(f"Still locked: {qkey} {', '.join(c.label for c in cases)}")
    out(f"Continue with: {grader.PROGRAM} -u " + " ".join(f"-q {k}" for k in left))
    if interrupted:
        return INTERRUPTED
    return 0 if stopped else 1
