"""`grade` reads and judges an example as ok 1.18.1 does, on a table of variants that
real homeworks (and students' own doctests) hold: one folder whose functions each carry
one variant, graded by the real ok client and by `grade`, test by test."""

from __future__ import annotations

import json
from pathlib import Path
import shutil
import sys
import re
import time
import textwrap
import zipfile

import pytest

from conftest import run_grade
from okcourse import run_ok
from okfolders import grade_points, ok_points, write_folder

CONFIG = ('{"name": "HW", "src": ["hw.py"], "tests": {"hw.py": "doctest"}, '
          '"protocols": ["file_contents", "grading", "scoring"]}\n')

# name -> (docstring examples, body); each is one doctest-protocol test
DOCTEST_VARIANTS = {
    "true_for_1": (">>> true_for_1()\n1", "return True"),
    "false_for_0": (">>> false_for_0()\n0", "return False"),
    "one_for_1": (">>> one_for_1()\n1", "return 1"),
    "blank_line_marker": (">>> blank_line_marker()\na\n<BLANKLINE>\nb", "print('a\\n\\nb')"),
    "status_line_in_want": (">>> status_line_in_want()\n# note: dropped\n5", "return 5"),
    "status_line_printed": (">>> status_line_printed()\n5", "print('# note: x')\nreturn 5"),
    "type_name_alone": (">>> type_name_alone()\nZeroDivisionError", "return 1 / 0"),
    "own_exception_class": (
        ">>> own_exception_class()\nTraceback (most recent call last):\n  ...\nMyError: bad",
        "raise MyError('bad')"),
    "own_exception_alone": (">>> own_exception_alone()\nMyError", "raise MyError('x')"),
    "bare_exception": (
        ">>> bare_exception()\nTraceback (most recent call last):\n  ...\nValueError",
        "raise ValueError"),
    "bare_assert": (
        ">>> bare_assert()\nTraceback (most recent call last):\n  ...\nAssertionError",
        "assert False"),
    "assert_message": (
        ">>> assert_message()\nTraceback (most recent call last):\n  ...\nAssertionError: m",
        "assert False, 'm'"),
    "stop_iteration": (
        ">>> stop_iteration()\nTraceback (most recent call last):\n  ...\nStopIteration",
        "next(iter([]))"),
    "key_error": (
        ">>> key_error()\nTraceback (most recent call last):\n  ...\nKeyError: 'k'",
        "return {}['k']"),
    # a message ending with a newline (a line read from a file, an f-string's "\\n")
    "message_ends_a_line": (
        ">>> message_ends_a_line()\nTraceback (most recent call last):\n  ...\nValueError: no digit",
        "raise ValueError('no digit\\n')"),
    "message_ends_two_lines": (
        ">>> message_ends_two_lines()\nTraceback (most recent call last):\n  ...\nValueError: x",
        "raise ValueError('x\\n\\n')"),
    "two_line_message": (
        ">>> two_line_message()\nTraceback (most recent call last):\n  ...\nValueError: a\nb",
        "raise ValueError('a\\nb')"),
    # a last `... ` line of blanks (an editor's auto-indent): ok joins a prompt's lines
    # with no final newline, so the prompt is no expression there and shows no value
    "blank_continuation_shows": (">>> blank_continuation_shows()\n...     \n4", "return 4"),
    "blank_continuation_nothing": (">>> blank_continuation_nothing()\n...     ", "return 4"),
    "print_then_raise": (
        ">>> print_then_raise()\nTraceback (most recent call last):\n  ...\nValueError: x",
        "print('hello')\nraise ValueError('x')"),
    # printed past what grade keeps of a case's prints (64 KiB), then the expected error
    "flood_then_raise": (
        ">>> flood_then_raise()\nTraceback (most recent call last):\n  ...\nKeyError: 'x'",
        "for i in range(5000):\n    print('looking at', i, 'of many keys')\nraise KeyError('x')"),
    "flood_then_bare_type": (">>> flood_then_bare_type()\nKeyError",
                             "print('x' * 100000)\nraise KeyError('x')"),
    "printed_then_error_expected": (
        ">>> printed_then_error_expected()\nhello\nTraceback (most recent call last):\n"
        "  ...\nValueError: x", "print('hello')\nraise ValueError('x')"),
    "trailing_space_printed": (">>> trailing_space_printed()\na", "print('a ')"),
    "no_newline_then_value": (">>> no_newline_then_value()\nhi5",
                              "print('hi', end='')\nreturn 5"),
    "underscore_unset": (">>> 5\n5\n>>> _\n5", "pass"),
    "builtins_in_docstring": (">>> type(__builtins__).__name__\n'dict'", "pass"),
    "statement_shows_nothing": (">>> x = 3; x\n>>> x\n3", "pass"),
    "class_in_case": (">>> class A: pass\n>>> A.__module__\n'builtins'", "pass"),
    "carriage_return": (">>> carriage_return()\na\nb", "print('a\\rb')"),
    "tab_printed": (">>> tab_printed()\na\tb", "print('a\\tb')"),
    "ellipsis_line_skipped": (">>> ellipsis_line_skipped()\nloading...\n5", "print('x')\nreturn 5"),
    # ok evaluates an expression prompt with `eval`, which skips blanks before it
    "two_spaces_after_prompt": (">>>  two_spaces_after_prompt()\n5", "return 5"),
    "statement_after_two_spaces": (">>>  x = statement_after_two_spaces()\n>>> x\n5",
                                   "return 5"),
    # a prompt that does not compile is named as ok's console names it
    "unclosed_call": (">>> unclosed_call(\nTraceback (most recent call last):\n  ...\n"
                      "SyntaxError: '(' was never closed (<string>, line 1)", "pass"),
    "prompt_without_space": (">>> prompt_without_space()\n5\n>>>prompt_without_space()", "return 5"),
    "function_answer_word": (">>> function_answer_word()\nFunction", "return len"),
    "lambda_answer_word": (">>> (lambda: 1)\nFunction", "pass"),
    "other_address": (">>> other_address()\n<object object at 0x7f0000000000>",
                      "return object()"),
    # ok's console has one sys.stdout (its logger) from before the import: kept at import
    # (a default argument, `from sys import stdout`), it still prints into the prompt
    "stdout_kept_at_import": (">>> stdout_kept_at_import()\nrow", "_write_to('row')"),
    "stdout_imported_name": (">>> stdout_imported_name()\nrow",
                             "print('row', file=_stdout_at_import)"),
    # ... whose write returns None
    "write_returns_none": (">>> write_returns_none()\nhi", "return sys.stdout.write('hi')"),
    # a SyntaxError raised while a prompt is evaluated: ok runs the prompt again as a
    # statement (a reader that raises it consumes its tokens twice)
    "syntax_error_run_twice": (
        ">>> syntax_error_run_twice()\nTraceback (most recent call last):\n  ...\n"
        "SyntaxError: bad\n>>> len(SYNTAX_CALLS)\n2",
        "SYNTAX_CALLS.append(1)\nraise SyntaxError('bad')"),
    "syntax_error_then_read_again": (
        ">>> syntax_error_then_read_again()\n>>> SYNTAX_TOKENS\n['more']",
        "token = SYNTAX_TOKENS.pop(0)\nif token == ')':\n    raise SyntaxError('unexpected )')\n"
        "return token"),
    # ok runs each prompt in a thread of its own, with 3 frames under it: recursion
    # fails at the same depth in grade's worker, not a few calls sooner
    "recursion_deepest_in_ok": (">>> recursion_deepest_in_ok()\n992",
                                "def down(n):\n    return 0 if n == 0 else 1 + down(n - 1)\n"
                                "return down(992)"),
    "recursion_past_oks_limit": (">>> recursion_past_oks_limit()\n996",
                                 "def down(n):\n    return 0 if n == 0 else 1 + down(n - 1)\n"
                                 "return down(996)"),
    # the value's repr as ok compares it: appended to what was printed as it is (no
    # newline added to one that ends a line, nothing for an empty one), from a second
    # call of repr (ok prints the first), with what repr prints left out
    "repr_ends_a_line": (">>> repr_ends_a_line()\nrow 1\nrow 2", "return Shown('row 1\\nrow 2\\n')"),
    "repr_empty": (">>> repr_empty()\n>>> 1\n1", "return Shown('')"),
    "repr_prints": (">>> repr_prints()\nvalue", "return Shown('value', chatty=True)"),
    "repr_counts_calls": (">>> repr_counts_calls()\n2", "return Counted()"),
    "repr_uses_itself_up": (">>> repr_uses_itself_up()\nStream(1, 2)",
                            "return Stream(iter([1, 2]))"),
    # ok's colorama takes colour codes out of what is printed when ok's output is a pipe
    # (as here, and in an autograder), not out of a shown value
    "colour_printed": (">>> colour_printed()\nHello, Ann!",
                       "print('\\033[32mHello, ' + 'Ann' + '!\\033[0m')"),
    "link_printed": (">>> link_printed()\nlink", "print('\\033]8;;http://x\\x07link')"),
    "two_links_printed": (">>> two_links_printed()\nlink",
                          "print('\\033]8;;http://x\\x07link\\033]8;;\\x07')"),
    "colour_shown": (">>> colour_shown()\nHello", "return Shown('\\033[1mHello\\033[0m')"),
    # ok's logger hands writelines and the byte buffer to the real stdout: not compared
    "writelines_not_compared": (">>> writelines_not_compared()\na\nb",
                                "sys.stdout.writelines(w + '\\n' for w in 'ab')"),
    "bytes_not_compared": (">>> bytes_not_compared()\nhi",
                           "sys.stdout.buffer.write(b'hi\\n')"),
}

MODULE_TOP = ("import sys\nfrom sys import stdout as _stdout_at_import\n\n"
              "def _write_to(text, out=sys.stdout):\n    out.write(text + '\\n')\n\n"
              "SYNTAX_CALLS = []\nSYNTAX_TOKENS = [')', '5', 'more']\n\n"
              "class Shown:\n    def __init__(self, text, chatty=False):\n"
              "        self.text, self.chatty = text, chatty\n"
              "    def __repr__(self):\n        if self.chatty:\n"
              "            print('DEBUGGING: shown')\n        return self.text\n\n"
              "class Counted:\n    calls = 0\n    def __repr__(self):\n"
              "        Counted.calls += 1\n        return str(Counted.calls)\n\n"
              "class Stream:\n    def __init__(self, it):\n        self.it = it\n"
              "    def __repr__(self):\n"
              "        return 'Stream(' + ', '.join(map(str, self.it)) + ')'\n\n")


def doctest_config(*tests: str) -> str:
    """hw.ok of a one-file homework whose TESTS are its functions' doctests."""
    return json.dumps({"name": "HW", "src": ["hw.py"], "tests": {"hw.py": "doctest"},
                       "default_tests": list(tests), "protocols": ["grading"]}) + "\n"


def homework(variants) -> dict:
    parts = [MODULE_TOP + "class MyError(Exception):\n    pass\n"]
    for name, (examples, body) in variants.items():
        doc = textwrap.indent(examples + "\n", "    ")
        parts.append(f'def {name}():\n    """\n{doc}    """\n'
                     + textwrap.indent(body + "\n", "    "))
    return {"hw.ok": CONFIG, "hw.py": "\n\n".join(parts)}


def test_each_example_gets_oks_verdict(ok_command, tmp_path):
    folder = write_folder(tmp_path / "hw", homework(DOCTEST_VARIANTS))
    ok = ok_points(ok_command, folder)
    assert set(DOCTEST_VARIANTS) <= set(ok)
    assert (ok["blank_continuation_shows"][0], ok["blank_continuation_nothing"][0]) == (0, 1)
    mine = grade_points(folder)
    differ = {name: (ok[name], mine.get(name)) for name in ok if mine.get(name) != ok[name]}
    assert not differ, differ


DISCOVERY = '''\
import functools

def plain(fn):
    def wrapper(*args):
        return fn(*args)
    return wrapper

def keeps(fn):
    @functools.wraps(fn)
    def wrapper(*args):
        return fn(*args)
    return wrapper

@plain
def decorated_plain():
    """ok reads the wrapper's docstring (none): this example is never run
    >>> decorated_plain()
    2
    """
    return 1

@keeps
def decorated_wraps():
    """
    >>> decorated_wraps()
    1
    """
    return 1

if True:
    def in_if():
        """
        >>> in_if()
        1
        """
        return 1
else:
    def in_else():
        """
        >>> 1
        1
        """

try:
    def in_try():
        """
        >>> in_try()
        2
        """
        return 1
except Exception:
    pass

class A:
    @property
    def prop(self):
        """
        >>> 1
        2
        """

    def __repr__(self):
        """
        >>> 1
        2
        """
    __str__ = __repr__

    @staticmethod
    def stat():
        """
        >>> 1
        1
        """

def helper():
    """
    >>> 1
    2
    """

class B:
    h = helper

def main():
    """
    >>> 1
    1
    """

class First:
    def m(self):
        """
        >>> 1
        1
        """

class Second:
    def m(self):
        """
        >>> 1
        2
        """

class Both(First, Second):  # the first base's method, as Python resolves it
    pass

class Top:
    def d(self):
        """
        >>> 1
        2
        """

class Left(Top):
    def d(self):
        """
        >>> 1
        1
        """

class Right(Top):
    pass

class Diamond(Left, Right):  # Left's d, not Top's through Right
    pass

def repeat(n):
    def deco(f):
        def wrapper(x):
            return f(x)
        return wrapper
    return deco

@repeat(2)
def with_args(x):
    """ok reads the wrapper's docstring (none)
    >>> 1
    2
    """

def tracing(fn):
    def traced(x):
        """A wrapper's own words, no examples."""
        return fn(x)
    return traced

@tracing
def traced_fn(x):
    """
    >>> 1
    2
    """

def twice(f):
    return lambda x: f(f(x))

@twice
def by_lambda(x):
    """
    >>> 1
    2
    """

def keep_doc(fn):
    def wrapper(x):
        return fn(x)
    wrapper.__doc__ = fn.__doc__
    return wrapper

@keep_doc
def kept(x):
    """
    >>> 1
    2
    """

@keep_doc
@repeat(2)
def stacked(x):
    """keep_doc copies the docstring of repeat's wrapper (none)
    >>> 1
    2
    """

@functools.lru_cache
@tracing
def cached(x):
    """
    >>> 1
    2
    """

class WithLambdas:
    speak = lambda self: 'hi'
    rate = staticmethod(lambda: 0.02)
    if True:
        def flip(self):
            """
            >>> 1
            2
            """

Alias = WithLambdas

class Sub(Alias):
    pass

square: object = lambda x: x * x

def rebound(x):
    """plain's wrapper (no docstring) is what the name holds: ok runs nothing
    >>> rebound(1)
    2
    """
    return x

rebound = plain(rebound)

def rebound_kept(x):
    """
    >>> rebound_kept(1)
    2
    """
    return x

rebound_kept = keeps(rebound_kept)

def rebound_made(x):
    """
    >>> rebound_made(1)
    2
    """
    return x

rebound_made = repeat(2)(rebound_made)

def scratch():
    """
    >>> scratch()
    2
    """
    return 1

scratch = scratch()

class nil:
    """the scheme idiom: the name then holds the one instance, which ok does not walk
    >>> nil()
    2
    """
    def map(self, fn):
        """
        >>> 1
        2
        """
        return self

nil = nil()

def deleted():
    """
    >>> deleted()
    2
    """

del deleted

def memo(fn):
    cache = {}
    def memoized(*args):
        if args not in cache:
            cache[args] = fn(*args)
        return cache[args]
    functools.update_wrapper(memoized, fn)
    return memoized

def memo2(fn):
    def memoized(*args):
        return fn(*args)
    memoized = functools.wraps(fn)(memoized)
    return memoized

@memo
def by_update_wrapper():
    """
    >>> by_update_wrapper()
    2
    """
    return 1

@memo2
def by_wraps_called():
    """
    >>> by_wraps_called()
    2
    """
    return 1

RECURSIVE = True
if RECURSIVE:
    def on_a_flag():
        """
        >>> on_a_flag()
        2
        """
        return 1
else:
    def on_a_flag():
        return 1

try:
    def tried_first():
        """
        >>> tried_first()
        2
        """
        return 1
except ImportError:
    def tried_first():
        return 1

for _ in range(1):
    def loop_broken():
        """
        >>> loop_broken()
        2
        """
        return 1
    break
else:
    def loop_broken():
        return 1

TRIPLE_DOC = """
>>> doc_assigned()
4
"""

def doc_assigned():
    return 3

doc_assigned.__doc__ = TRIPLE_DOC

class DocInBody:
    __doc__ = """
    >>> 1
    2
    """

class Given:
    def kept(self):
        """
        >>> 1
        2
        """

    def replaced(self):
        """
        >>> 1
        2
        """

class Given(Given):  # a student's own version below the given class
    def other(self):
        return 1

def _replacement(self):
    return 3

Given.replaced = _replacement

match RECURSIVE:
    case True:
        def in_match():
            """
            >>> in_match()
            2
            """
            return 1

import typing

class Boxed(typing.Generic[typing.TypeVar('T')]):
    def get(self):
        """
        >>> IntBoxed().get()
        1
        """
        return 1

class IntBoxed(Boxed[int]):
    pass

def shout(s):
    """
    >>> Util.shout('hi')
    'HI!'
    """
    return s.upper() + '!'

class Util:
    loud = staticmethod(shout)

if __name__ == '__main__':
    def not_on_import():
        """
        >>> 1
        2
        """
'''
# ok's walk of dir() also finds names only running the module binds (`f.__wrapped__`,
# `made = outer()`); reading the file cannot, and default_tests never name them.
DYNAMIC = {"decorated_wraps.__wrapped__", "cached.__wrapped__", "rebound_kept.__wrapped__",
           "by_update_wrapper.__wrapped__", "by_wraps_called.__wrapped__"}


def test_the_tests_found_are_oks(ok_command, tmp_path):
    folder = write_folder(tmp_path / "hw", {"hw.ok": CONFIG, "hw.py": DISCOVERY})
    ok = {name: points for name, points in ok_points(ok_command, folder).items()
          if name not in DYNAMIC}
    assert {"in_if", "in_try", "A.__str__", "B.h", "decorated_plain", "Both.m",
            "Diamond.d"} <= set(ok)
    assert ok["Both.m"] == ok["Diamond.d"] == (1.0, 1.0)
    assert {"with_args", "traced_fn", "by_lambda", "kept", "stacked", "cached",
            "WithLambdas.speak",
            "WithLambdas.rate", "Sub.flip", "square", "rebound", "rebound_kept",
            "rebound_made", "by_update_wrapper", "by_wraps_called", "on_a_flag",
            "tried_first", "loop_broken", "in_match", "doc_assigned", "DocInBody",
            "Given.kept", "Given.replaced", "IntBoxed.get", "Util.loud"} <= set(ok)
    assert ok["Given.kept"] == (0.0, 1.0) and ok["Given.replaced"] == (1.0, 1.0)
    assert not {"scratch", "deleted", "nil", "nil.map"} & set(ok)
    assert ok["rebound"] == ok["rebound_made"] == (1.0, 1.0)
    assert ok["rebound_kept"] == (0.0, 1.0)
    assert grade_points(folder) == ok


def _suite(setup, code, teardown="", **keys):
    suite = {"type": "doctest", "scored": True, "setup": setup, "teardown": teardown,
             "cases": [{"code": code, "hidden": False, "locked": False}]}
    return {**suite, **keys}


IMPORT = ">>> from lab import *"
# file stem -> suites of an ok_test (1 point)
OK_TEST_VARIANTS = {
    "setup_teardown": [_suite(IMPORT + "\n>>> y = 4", ">>> double(y)\n8", ">>> print('bye')")],
    "setup_raises": [_suite(IMPORT + "\n>>> 1/0", ">>> double(2)\n4")],
    "teardown_raises": [_suite(IMPORT, ">>> double(1)\n2", ">>> 1/0")],
    "teardown_after_failure": [_suite(IMPORT, ">>> double(1)\n3", ">>> 1/0")],
    "unscored": [_suite(IMPORT, ">>> double(2)\n4", scored=False)],
    "partial": [_suite(IMPORT, ">>> double(2)\n4"), _suite(IMPORT, ">>> double(2)\n5")],
    "inline_import": [_suite("", IMPORT + "\n>>> double(3)\n6")],
    "blank_between": [_suite(IMPORT, ">>> x = double(1)\n\n>>> x\n2")],
    "answer_after_blank": [_suite(IMPORT, ">>> print(1, 2, sep='\\n')\n1\n\n2")],
    "print_no_expect": [_suite(IMPORT, ">>> print('x')\n>>> double(1)\n2")],
    "continuation": [_suite(IMPORT, ">>> def g(x):\n...     return x + 1\n>>> g(1)\n2")],
    # ok's own split of a session (CodeCase.split_code), not doctest's
    "text_after_blank": [_suite(IMPORT, ">>> x = double(1)\n\n>>> x\n2\n\n2")],
    "blank_after_prompt": [_suite(IMPORT, ">>> print(2)\n\n2")],
    "tab_in_output": [_suite(IMPORT, ">>> print('a\\tb')\na\tb")],
    # an annotation line is one at the start of its line: indented, it is answer text
    "indented_choice_printed": [_suite(IMPORT, ">>> print('board:\\n  # choice: wall')\n"
                                               "board:\n  # choice: wall")],
    "indented_explanation": [_suite(IMPORT, ">>> double(1)\n2\n    # explanation: 1 + 1")],
    # a case with no code runs its suite's setup and teardown
    "empty_case": [_suite(IMPORT, "")],
    "tab_in_source": [_suite(IMPORT, ">>> len('a\tb')\n3")],
    "tab_for_continuation": [_suite(IMPORT, ">>> def g():\n...\treturn 1\n>>> g()\n1")],
    "dots_without_space": [_suite(IMPORT, ">>> def g():\n...     x = 1\n...\n...     return x\n"
                                          ">>> g()\n1")],
    "dots_as_output": [_suite(IMPORT, ">>> print('...')\n...")],
    "prompt_without_space": [_suite(IMPORT, ">>> double(1)\n2\n>>>double(2)\n")],
    "bare_prompt": [_suite(IMPORT, ">>> double(1)\n2\n>>>\n>>> 2\n2")],
    "continuation_after_output": [_suite(IMPORT, ">>> print('x')\nx\n... print('y')")],
    "whitespace_only_line": [_suite(IMPORT, ">>> print('1\\n\\n2')\n1\n   \n2")],
    "trailing_whitespace": [_suite(IMPORT, ">>> double(2)   \n4  ")],
    "comment_prompt_then_output": [_suite(IMPORT, ">>> # a comment\n4")],
    "choice_and_explanation": [_suite(IMPORT, ">>> double(1)\n2\n# choice: 2\n# choice: 3\n"
                                              "# explanation: twice")],
    "hidden_and_points_numbers": [{**_suite(IMPORT, ">>> double(1)\n2"), "scored": 1,
                                   "cases": [{"code": ">>> double(1)\n2", "hidden": 0.0}]}],
    "empty_suite": [{"type": "doctest", "scored": True, "cases": []}],
    "no_suites": [],
    "wwpp_scored": [{"type": "wwpp", "scored": True,
                     "cases": [{"code": ">>> 1 + 1\n2", "locked": False}]}],
    "function_answer_word": [_suite(IMPORT, ">>> double\nFunction")],
    # the prompt after a failing one never runs: the flag it would set stays unset
    "state_after_failure": [_suite(IMPORT, ">>> double(1)\n3\n>>> import lab; lab.flag = 1"),
                            _suite(IMPORT, ">>> import lab\n>>> getattr(lab, 'flag', 0)\n0")],
    # a suite stops at its first failing case: the case after it never runs, nor sets
    # what a later suite reads (nor does a slow one cost the next worker its state)
    "case_after_failing_case": [
        {**_suite(IMPORT + "\n>>> import lab", ">>> lab.stage = 1\n>>> double(1)\n3"),
         "cases": [{"code": ">>> lab.stage = 1\n>>> double(1)\n3"},
                   {"code": ">>> lab.stage = 2\n>>> for _ in range(3 * 10 ** 6): pass"}]},
        _suite(IMPORT + "\n>>> import lab", ">>> lab.stage\n1")],
    # the frame's __builtins__ is the builtins' dict, as exec makes it for ok's console
    "builtins_is_a_dict": [_suite(IMPORT, ">>> type(__builtins__).__name__\n'dict'\n"
                                          ">>> __builtins__['len']([1, 2])\n2")],
    # `# locked` under an answer of a case not marked locked: compared as it reads
    "locked_line_in_unlocked_case": [_suite(IMPORT, ">>> double(1)\n2\n# locked")],
    # `--score` never runs an unscored suite: what it would set stays unset
    "unscored_suite_at_score": [_suite(IMPORT, ">>> import lab; lab.mark = 1", scored=False),
                                _suite(IMPORT, ">>> import lab\n>>> getattr(lab, 'mark', 0)\n0")],
}


def test_ok_test_suites_score_as_ok_scores_them(ok_command, tmp_path):
    files = {"lab.ok": CONFIG.replace('"hw.py"], "tests": {"hw.py": "doctest"}',
                                      '"lab.py"], "tests": {"tests/*.py": "ok_test"}'),
             "lab.py": "def double(x):\n    return 2 * x\n", "tests/__init__.py": ""}
    for stem, suites in OK_TEST_VARIANTS.items():
        files[f"tests/{stem}.py"] = "test = " + repr({"name": stem, "points": 1,
                                                      "suites": suites}) + "\n"
    mine = write_folder(tmp_path / "grade" / "lab", files)
    ok = ok_points(ok_command, write_folder(tmp_path / "ok" / "lab", files))
    assert set(OK_TEST_VARIANTS) <= set(ok)
    assert grade_points(mine) == ok


def test_score_out_writes_the_breakdown_oks_score_out_writes(ok_command, tmp_path):
    """`--score-out FILE` (read by a course's scripts) holds what ok's holds, byte for
    byte: whole, partial (1 of 2 suites: 0.5), failed and unscored tests, each with the
    points its file gives (an int, or a float such as 1.5)."""
    files = {"lab.ok": CONFIG.replace('"hw.py"], "tests": {"hw.py": "doctest"}',
                                      '"lab.py"], "tests": {"tests/*.py": "ok_test"}'),
             "lab.py": "def double(x):\n    return 2 * x\n", "tests/__init__.py": ""}
    chosen = ["setup_teardown", "partial", "setup_raises", "unscored", "no_suites"]
    for number, stem in enumerate(chosen):
        points = 1.5 if stem == "partial" else number + 1
        files[f"tests/{stem}.py"] = "test = " + repr({"name": stem, "points": points,
                                                      "suites": OK_TEST_VARIANTS[stem]}) + "\n"
    ok_folder = write_folder(tmp_path / "ok" / "lab", files)
    run_ok(ok_command, ok_folder, "--score", "--score-out", "scores.txt")
    mine = write_folder(tmp_path / "grade" / "lab", files)
    done = run_grade("--score-out", "scores.txt", cwd=mine)
    assert done.returncode == 1, done.stderr  # some tests fail
    expected = (ok_folder / "scores.txt").read_text()
    assert "partial: 0.75/1.5" in expected and "Total: " in expected
    assert (mine / "scores.txt").read_text() == expected


def test_score_with_suite_or_case_scores_every_case_as_ok_does(ok_command, tmp_path):
    """ok's --score scores each named test whole, whatever --suite or --case say; grade
    scored only the suite run (its table, total and --score-out then disagreed)."""
    files = {"lab.ok": CONFIG.replace('"hw.py"], "tests": {"hw.py": "doctest"}',
                                      '"lab.py"], "tests": {"tests/*.py": "ok_test"}'),
             "lab.py": "def double(x):\n    return 2 * x\n", "tests/__init__.py": "",
             "tests/partial.py": "test = " + repr({"name": "partial", "points": 1.5,
                                                    "suites": OK_TEST_VARIANTS["partial"]})}
    for extra in (["--suite", "1"], ["--case", "1"], ["--suite", "2", "--case", "1"]):
        args = ["-q", "partial", *extra, "--score", "--score-out", "scores.txt"]
        ok_folder = write_folder(tmp_path / "ok" / "_".join(extra) / "lab", files)
        run_ok(ok_command, ok_folder, *args)
        mine = write_folder(tmp_path / "grade" / "_".join(extra) / "lab", files)
        done = run_grade(*args, cwd=mine)
        assert "Traceback" not in done.stdout + done.stderr
        expected = (ok_folder / "scores.txt").read_text()
        assert "partial: 0.75/1.5" in expected
        assert (mine / "scores.txt").read_text() == expected, extra


def test_the_code_sees_oks_command_line_in_sys_argv_as_in_ok(ok_command, tmp_path):
    """The student's code runs in ok's own process: `sys.argv` is ok's command line. A
    module that tries itself at import (argparse over sys.argv) fails there, as under
    ok, and code that reads the arguments sees some (grade gave a one-element list)."""
    def case(name, setup, code):
        return "test = " + repr({"name": name, "points": 1, "suites": [_suite(setup, code)]}) + "\n"
    files = {
        "lab.ok": ('{"name": "argv", "src": ["game.py"], "tests": {"tests/*.py": "ok_test"}, '
                   '"default_tests": ["play", "argv"], "protocols": ["grading"]}\n'),
        "game.py": ("import argparse\n\n\ndef play(n):\n    return n * 2\n\n\n"
                    "def run():\n    parser = argparse.ArgumentParser()\n"
                    "    parser.add_argument('-n', type=int, default=3)\n"
                    "    print('result:', play(parser.parse_args().n))\n\n\nrun()\n"),
        "tests/__init__.py": "",
        "tests/play.py": case("play", ">>> from game import *", ">>> play(4)\n8"),
        "tests/argv.py": case("argv", ">>> import sys", ">>> len(sys.argv) > 1\nTrue"),
    }
    ok = ok_points(ok_command, write_folder(tmp_path / "ok" / "lab", files))
    assert ok == {"play": (0.0, 1.0), "argv": (1.0, 1.0)}
    assert grade_points(write_folder(tmp_path / "grade" / "lab", files)) == ok


SITE_LAB = '''\
EXIT = exit  # a name site gives a plain python3


def safe_call():
    """
    >>> safe_call()
    'bye'
    """
    try:
        quit()
    except SystemExit:
        return 'bye'


def helped():
    """
    >>> callable(help), callable(copyright)
    (True, True)
    """


def course_library():
    """
    >>> course_library()
    'HI'
    """
    from courselib import shout  # on PYTHONPATH, as a course's setup instructions say
    return shout('hi')
'''


def test_the_code_runs_as_in_a_plain_python3_as_in_ok(ok_command, tmp_path):
    """ok runs the code in the student's own `python3`: `exit`, `quit` and `help` exist
    (`EXIT = exit` at import failed every test here), PYTHONPATH's folders are on the
    path, and so are the packages installed beside the grader (ok: beside ok)."""
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "courselib.py").write_text("def shout(s):\n    return s.upper()\n")
    files = {"hw.ok": doctest_config("safe_call", "helped", "course_library"), "hw.py": SITE_LAB}
    env = {"PYTHONPATH": str(lib)}
    ok = run_ok(ok_command, write_folder(tmp_path / "ok" / "hw", files), "--score", env=env)
    assert "Total: 3.0" in ok.stdout, ok.stdout[-2000:]
    done = run_grade("--score", "--json", "-", cwd=write_folder(tmp_path / "grade" / "hw", files),
                     env=env)
    assert json.loads(done.stdout)["score"] == 3, done.stdout[-2000:] + done.stderr[-2000:]
    installed = {"hw.ok": doctest_config("uses_click"),
                 "hw.py": 'def uses_click():\n    """\n    >>> uses_click()\n    \'click\'\n'
                          '    """\n    import click\n    return click.__name__\n'}
    done = run_grade("--score", "--json", "-", cwd=write_folder(tmp_path / "pkg" / "hw", installed))
    assert json.loads(done.stdout)["score"] == 1, done.stdout[-2000:]


LOGGING_LAB = """\
import logging
import sys

logging.basicConfig(stream=sys.stdout, level=logging.DEBUG, format='%(message)s')


def play(n):
    \"\"\"
    >>> play(4)
    8
    \"\"\"
    logging.debug('play called with %s', n)
    return n * 2


def warn_big(n):
    \"\"\"
    >>> warn_big(12)
    12
    \"\"\"
    if n > 10:
        logging.warning('big number: %s', n)
    return n
"""


def test_a_students_logging_setup_does_what_it_does_under_ok(ok_command, tmp_path):
    """ok configures logging before the student's code runs, so the student's own
    `basicConfig` (log lines to stdout) does nothing and no log line is compared: grade
    printed them into the output, and both tests failed."""
    files = {"hw.ok": doctest_config("play", "warn_big"), "hw.py": LOGGING_LAB}
    ok = ok_points(ok_command, write_folder(tmp_path / "ok" / "hw", files))
    assert ok == {"play": (1.0, 1.0), "warn_big": (1.0, 1.0)}
    assert grade_points(write_folder(tmp_path / "grade" / "hw", files)) == ok


def _lab(suites_by_stem) -> dict:
    files = {"lab.ok": CONFIG.replace('"hw.py"], "tests": {"hw.py": "doctest"}',
                                      '"lab.py"], "tests": {"tests/*.py": "ok_test"}'),
             "lab.py": "def double(x):\n    return 2 * x\n", "tests/__init__.py": ""}
    for stem, suites in suites_by_stem.items():
        files[f"tests/{stem}.py"] = "test = " + repr({"name": stem, "points": 1,
                                                      "suites": suites}) + "\n"
    return files


def _locked(suite):
    """SUITE with its cases marked locked, their answers left in plain text."""
    return {**suite, "cases": [{**case, "locked": True} for case in suite["cases"]]}


# Staff mark a case `locked` and leave its answers in plain text: ok counts it locked (0)
# until -u, which shows the answers and asks nothing.
PLAIN_LOCKED = {
    "doctest_locked": [_locked(_suite(IMPORT, ">>> double(2)\n4"))],
    "second_suite_locked": [_suite(IMPORT, ">>> double(2)\n4"),
                            _locked(_suite(IMPORT, ">>> double(3)\n6"))],
    "first_case_locked": [{"type": "doctest", "scored": True, "setup": IMPORT, "cases": [
        {"code": ">>> double(2)\n4", "locked": True},
        {"code": ">>> double(1)\n2", "locked": False}]}],
    "wwpp_locked": [_locked({"type": "wwpp", "scored": True,
                             "cases": [{"code": ">>> 1 + 1\n2"}]})],
}


def test_plain_text_locked_cases_are_locked_until_unlocked_as_in_ok(ok_command, tmp_path):
    from okcourse import run_ok
    files = _lab(PLAIN_LOCKED)
    theirs = write_folder(tmp_path / "ok" / "lab", files)
    mine = write_folder(tmp_path / "grade" / "lab", files)
    locked = ok_points(ok_command, theirs)
    assert locked == {"doctest_locked": (0, 1), "second_suite_locked": (0.5, 1),
                      "first_case_locked": (0, 1), "wwpp_locked": (0, 1)}
    assert grade_points(mine) == locked
    run_ok(ok_command, theirs, "-u", input="")
    assert run_grade("-u", cwd=mine, input="").returncode == 0
    unlocked = ok_points(ok_command, theirs)
    assert set(unlocked.values()) == {(1, 1)}
    assert grade_points(mine) == unlocked


SLOW = "import time as _t\n\ndef busy(seconds, value):\n    end = _t.time() + seconds\n    while _t.time() < end:\n        pass\n    return value\n"
# name -> docstring examples; each prompt's time is what decides, as ok times each one
TIMED_VARIANTS = {
    "prompts_each_under_the_limit": ">>> busy(0.6, 1)\n1\n>>> busy(0.6, 2)\n2\n>>> busy(0.6, 3)\n3",
    "quick_prompts_then_a_slow_one": "\n".join(f">>> busy(0.01, {i})\n{i}" for i in range(30))
                                     + "\n>>> busy(0.8, 7)\n7",
    "one_prompt_over_the_limit": ">>> busy(0.1, 1)\n1\n>>> busy(2.5, 2)\n2",
}


def test_the_timeout_holds_for_each_prompt_as_in_ok(ok_command, tmp_path):
    """ok gives each prompt the whole timeout: a case of several slow prompts, each within
    it, passes however long the case takes in all; a prompt past it fails."""
    parts = [SLOW] + [f'def {name}():\n    """\n{textwrap.indent(examples, "    ")}\n    """\n'
                      for name, examples in TIMED_VARIANTS.items()]
    folder = write_folder(tmp_path / "hw", {"hw.ok": CONFIG, "hw.py": "\n\n".join(parts)})
    ok = {name: points for name, points in ok_points(ok_command, folder, "--timeout", "1").items()
          if name in TIMED_VARIANTS}
    assert ok == {"prompts_each_under_the_limit": (1.0, 1.0),
                  "quick_prompts_then_a_slow_one": (1.0, 1.0),
                  "one_prompt_over_the_limit": (0.0, 1.0)}
    mine = grade_points(folder, "--timeout", "1")
    assert {name: mine[name] for name in TIMED_VARIANTS} == ok


def test_code_at_the_top_of_a_doctest_source_recurses_as_deep_as_under_oks_loader(
        ok_command, tmp_path):
    """ok imports a file whose docstrings are tests from its loader, deep in its own
    stack: there such code had 6 calls more room than under ok (hunt18 #2), a table
    filled at import by one deep call held other values. The difference from a
    prompt's room is what both must show."""
    source = ('def reach():\n    def down(n):\n        try:\n            return down(n + 1)\n'
              '        except RecursionError:\n            return n\n    return down(0)\n\n'
              'AT_IMPORT = reach()\n\n'
              'def loader_room():\n    """\n    >>> reach() - AT_IMPORT\n    13\n    """\n')
    folder = write_folder(tmp_path / "hw", {"hw.ok": doctest_config("loader_room"),
                                            "hw.py": source})
    ok = ok_points(ok_command, folder)
    assert ok == {"loader_room": (1.0, 1.0)}
    assert grade_points(folder) == ok


def test_a_recursion_limit_raised_at_import_changes_no_verdict_as_in_ok(ok_command, tmp_path):
    """A solution that raises the recursion limit at the top of its file (for a deep
    recursion of its own): the worker's probe of how deep a prompt may recurse went as
    deep as that limit, 2.4 s of CPU at 10**6 and every case timed out at 10**7."""
    source = ('import sys\nsys.setrecursionlimit(10 ** 7)\n\n'
              'def depth(n):\n    """\n    >>> depth(5000)\n    5000\n    >>> depth(3)\n    3\n'
              '    """\n    return 0 if n == 0 else 1 + depth(n - 1)\n\n'
              'def other():\n    """\n    >>> other()\n    1\n    """\n    return 1\n')
    config = doctest_config("depth", "other")
    folder = write_folder(tmp_path / "hw", {"hw.ok": config, "hw.py": source})
    ok = ok_points(ok_command, folder, "--timeout", "5")
    assert ok == {"depth": (1.0, 1.0), "other": (1.0, 1.0)}
    started = time.monotonic()
    assert grade_points(folder, "--timeout", "5") == ok
    assert time.monotonic() - started < 5


def test_a_test_without_doctests_fails_a_plain_run_and_scores_its_point_as_in_ok(
        ok_command, tmp_path):
    config = doctest_config("documented", "bare")
    source = ('def documented():\n    """\n    >>> documented()\n    1\n    """\n    return 1\n\n'
              'def bare():\n    return 2\n')
    folder = write_folder(tmp_path / "hw", {"hw.ok": config, "hw.py": source})
    plain = run_ok(ok_command, folder)
    assert "No doctests found for bare" in plain.stdout
    done = run_grade("--json", "-", cwd=folder)
    statuses = {key: q["status"] for key, q in json.loads(done.stdout)["questions"].items()}
    assert done.returncode == 1 and statuses == {"documented": "passed", "bare": "error"}
    assert "no doctests found for bare" in done.stderr + run_grade(cwd=folder).stdout
    assert grade_points(folder) == ok_points(ok_command, folder) == {
        "documented": (1.0, 1.0), "bare": (1.0, 1.0)}


def test_a_case_stops_at_its_first_failing_prompt_as_in_ok(ok_command, tmp_path):
    """ok never runs the prompts after a failing one: a loop there costs no timeout, and
    what they would change (a class attribute) stays as later tests see it."""
    source = ('class Bank:\n    rate = 1\n\n'
              'def spin(n):\n    """\n    >>> spin(1)\n    2\n    >>> spin(0)\n    0\n'
              '    >>> Bank.rate = 5\n    """\n    while n == 0:\n        pass\n    return n\n\n'
              'def later():\n    """\n    >>> Bank.rate\n    1\n    """\n')
    config = doctest_config("spin", "later")
    folder = write_folder(tmp_path / "hw", {"hw.ok": config, "hw.py": source})
    ok = ok_points(ok_command, folder, "--timeout", "5")
    assert ok == {"spin": (0.0, 1.0), "later": (1.0, 1.0)}
    started = time.monotonic()
    assert grade_points(folder, "--timeout", "5") == ok
    assert time.monotonic() - started < 4  # spin(0) never ran
    record = json.loads(run_grade("-q", "spin", "--json", "-", cwd=folder).stdout)
    assert record["questions"]["spin"]["status"] == "failed"


def test_a_case_expecting_a_very_long_output_is_compared_whole_as_in_ok(ok_command, tmp_path):
    lines = "\n".join(f"    line {i}" for i in range(20000))
    source = (f'def long_output():\n    """\n    >>> long_output()\n{lines}\n    """\n'
              '    for i in range(20000):\n        print("line", i)\n\n'
              f'def one_line_short():\n    """\n    >>> one_line_short()\n{lines}\n    """\n'
              '    for i in range(19999):\n        print("line", i)\n')
    folder = write_folder(tmp_path / "hw", {"hw.ok": CONFIG, "hw.py": source})
    ok = ok_points(ok_command, folder)
    assert ok == {"long_output": (1.0, 1.0), "one_line_short": (0.0, 1.0)}
    assert grade_points(folder) == ok


@pytest.mark.parametrize("encoding,header", [
    ("utf-8-sig", ""),  # Windows editors' "UTF-8 with BOM"
    ("latin-1", "# -*- coding: latin-1 -*-\n"),
])
def test_a_source_file_is_read_in_the_encoding_python_reads_it_in(ok_command, tmp_path,
                                                                  encoding, header):
    source = (header + 'def accent():\n    """\n    >>> accent()\n    café\n    >>> len("é")\n'
              '    1\n    """\n    print("café")\n\ndef plain():\n    """\n    >>> plain()\n'
              '    2\n    """\n    return 2\n')
    folder = write_folder(tmp_path / "hw", {"hw.ok": CONFIG})
    (folder / "hw.py").write_bytes(source.encode(encoding))
    full = {"accent": (1.0, 1.0), "plain": (1.0, 1.0)}
    assert grade_points(folder) == full
    if encoding == "utf-8-sig":
        assert ok_points(ok_command, folder) == full
    else:  # ok itself reads the source as UTF-8 to back it up, and crashes
        assert "UnicodeDecodeError" in run_ok(ok_command, folder, "--score").stderr


def test_a_suites_setup_and_teardown_prompts_are_timed_each_as_in_ok(ok_command, tmp_path):
    """ok times every prompt of a case, its suite's setup and teardown too, on its own."""
    files = _lab({"slow_suite": [_suite(IMPORT + "\n>>> slow(0.6)", ">>> slow(0.6)\n0.6\n"
                                        ">>> slow(0.6)\n0.6", ">>> slow(0.6)")],
                  "too_slow_setup": [_suite(IMPORT + "\n>>> slow(2.5)", ">>> double(1)\n2")]})
    files["lab.py"] += ("import time\n\ndef slow(seconds):\n    end = time.time() + seconds\n"
                        "    while time.time() < end:\n        pass\n    return seconds\n")
    ok = ok_points(ok_command, write_folder(tmp_path / "ok" / "lab", files), "--timeout", "1")
    assert ok == {"slow_suite": (1.0, 1.0), "too_slow_setup": (0.0, 1.0)}
    assert grade_points(write_folder(tmp_path / "grade" / "lab", files), "--timeout", "1") == ok


def test_a_case_file_saved_with_a_byte_order_mark_loads_as_in_ok(ok_command, tmp_path):
    """Each tool gets its own copy: ok rewrites the case files it ran (without the mark)."""
    case = "test = " + repr({"name": "bom", "points": 1,
                             "suites": [_suite(IMPORT, ">>> double(2)\n4")]}) + "\n"
    folders = []
    for tool in ("ok", "grade"):
        folder = write_folder(tmp_path / tool / "lab", _lab({}))
        (folder / "tests" / "bom.py").write_bytes(case.encode("utf-8-sig"))
        folders.append(folder)
    assert ok_points(ok_command, folders[0]) == {"bom": (1.0, 1.0)}
    assert grade_points(folders[1]) == {"bom": (1.0, 1.0)}


def test_a_docstring_of_text_alone_passes_a_plain_run_as_in_ok(ok_command, tmp_path):
    """ok fails a plain run's test only when the callable has no docstring at all."""
    config = doctest_config("texty", "blank")
    source = ('def texty():\n    """Return 2, always."""\n    return 2\n\n'
              'def blank():\n    """   """\n    return 1\n')
    folder = write_folder(tmp_path / "hw", {"hw.ok": config, "hw.py": source})
    plain = run_ok(ok_command, folder).stdout
    assert "No doctests found for blank" in plain and "for texty" not in plain
    done = run_grade("--json", "-", cwd=folder)
    statuses = {key: q["status"] for key, q in json.loads(done.stdout)["questions"].items()}
    assert statuses == {"texty": "passed", "blank": "error"}


def test_the_files_whose_docstrings_are_tests_are_imported_before_any_test_as_in_ok(
        ok_command, tmp_path):
    """ok imports each doctest-protocol source while it loads the tests, with no timer:
    what its top level prints lands in no test, and a slow import costs none of them a
    timeout; a case that imports it later finds it imported."""
    files = _lab({"imports_in_case": [_suite("", IMPORT + "\n>>> double(21)\n42")],
                  "imports_in_setup": [_suite(IMPORT, ">>> double(1)\n2")]})
    files["lab.ok"] = files["lab.ok"].replace('"tests": {', '"tests": {"lab.py": "doctest", ')
    files["lab.py"] = ('import time\n\ndef double(x):\n    """\n    >>> double(2)\n    4\n'
                       '    """\n    return 2 * x\n\nprint(double(21))\n'
                       'end = time.time() + 1.5\nwhile time.time() < end:\n    pass\n')
    ok = ok_points(ok_command, write_folder(tmp_path / "ok" / "lab", files), "--timeout", "1")
    assert ok == {"double": (1.0, 1.0), "imports_in_case": (1.0, 1.0),
                  "imports_in_setup": (1.0, 1.0)}
    assert grade_points(write_folder(tmp_path / "grade" / "lab", files), "--timeout", "1") == ok


def test_a_folder_with_two_configurations_is_graded_by_the_one_named_as_in_ok(ok_command,
                                                                             tmp_path):
    """ok refuses to guess between two NAME.ok files and takes --config; so does grade."""
    files = {"hw.ok": CONFIG, "extra.ok": CONFIG.replace('"HW"', '"Extra"').replace(
        '"hw.py"], "tests": {"hw.py": "doctest"}', '"hw.py"], "tests": {"hw.py:g": "doctest"}'),
             "hw.py": 'def f():\n    """\n    >>> f()\n    1\n    """\n    return 1\n\n'
                      'def g():\n    """\n    >>> g()\n    2\n    """\n    return 3\n'}
    folder = write_folder(tmp_path / "hw", files)
    refused = run_grade("--score", cwd=folder)
    assert refused.returncode == 2 and "extra.ok, hw.ok" in refused.stderr
    assert "--config" in refused.stderr and "Traceback" not in refused.stderr
    for name in ("hw.ok", "extra.ok"):
        ok = ok_points(ok_command, folder, "--config", name)
        assert grade_points(folder, "--config", name) == ok
    assert set(ok_points(ok_command, folder, "--config", "extra.ok")) == {"g"}
    # staff name the configuration a class is graded with: never one picked unsaid
    staff = tmp_path / "staff"  # named like neither configuration
    shutil.copytree(folder, staff)
    staff_refused = run_grade("verify", "--assignment", str(staff))
    assert staff_refused.returncode == 2 and "extra.ok, hw.ok" in staff_refused.stderr
    named = run_grade("verify", "--assignment", str(staff / "extra.ok"))
    assert "Error" in named.stdout + named.stderr and "g case 1" in named.stdout + named.stderr
    assert "Traceback" not in named.stderr
    # what is built for one configuration (a bundle, a published folder, a submission's
    # copy) carries that one only, and loads with it (the bundle ran with both: hunt20 #14)
    from grader import assignment as assignments, okfolder
    (staff / "hw.grader.json").write_text('{"staff_only": ["keys/*"]}')  # hw.ok's sidecar
    extra = assignments.load(path=staff / "extra.ok")
    copied = okfolder.folder_files(extra)
    assert [p for p in copied if p.suffix == ".ok"] == [Path("extra.ok")]
    assert Path("hw.grader.json") not in copied
    for relative in copied:
        (tmp_path / "copy" / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(staff / relative, tmp_path / "copy" / relative)
    assert assignments.load(path=tmp_path / "copy").name == "Extra"


def test_a_hidden_config_beside_the_real_one_is_ignored_as_in_ok(ok_command, tmp_path):
    """macOS leaves `._hw.ok` (an AppleDouble header) beside `hw.ok` in a folder copied
    through a USB stick or a network share: ok's glob skips it; grade refused the
    student's run and its staff commands read it as the configuration (hunt20 #5)."""
    folder = write_folder(tmp_path / "hw", {
        "hw.ok": CONFIG, "hw.py": 'def f():\n    """\n    >>> f()\n    1\n    """\n    return 1\n'})
    (folder / "._hw.ok").write_bytes(b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X        ")
    ok = ok_points(ok_command, folder)
    assert ok == {"f": (1.0, 1.0)} and grade_points(folder) == ok
    checked = run_grade("verify", "--assignment", str(folder))
    assert "not valid JSON" not in checked.stdout + checked.stderr
    assert "The tests hold" in checked.stdout, checked.stdout + checked.stderr


OK_LINES = {
    "hw.ok": ('{"name": "HW", "src": ["hw.py"], "tests": {"hw.py": "doctest", '
              '"tests/*.py": "ok_test"}, "default_tests": ["twice"], '
              '"protocols": ["file_contents", "grading", "scoring"]}\n'),
    "hw.py": textwrap.dedent('''\
        def twice(x):
            """
            >>> twice(2)
            4
            """
            return 2 * x

        def extra(x):
            """Wrong, but no default test: only --all runs it
            >>> extra(1)
            3
            """
            return x
        '''),
    "tests/__init__.py": "",
    "tests/t.py": "test = " + repr({"name": "t", "points": 2, "suites": [
        _suite(">>> from hw import *", ">>> twice(1)\n2"),
        {"type": "doctest", "scored": True, "setup": ">>> from hw import *", "teardown": "",
         "cases": [{"code": c, "hidden": False, "locked": False} for c in
                   (">>> twice(3)\n6", ">>> twice(3)\n7", ">>> twice(0)\n0")]}]}),
}


def _ok_passed(output: str):
    """(passed?, cases passed) of a plain ok run's summary."""
    if "No cases failed" in output:
        return True, int(re.search(r"(\d+) test cases? passed! No cases failed", output)[1])
    return False, int(re.search(r"(\d+) test cases? passed before", output)[1])


def test_oks_own_command_lines(ok_command, tmp_path):
    """What course instructions tell students to type works with grade as with ok:
    --local, --all (every test, not only the defaults), --suite N --case M (cases
    counted within the suite); ok's server commands are refused, saying why."""
    folder = write_folder(tmp_path / "hw", OK_LINES)
    assert grade_points(folder, "--all") == ok_points(ok_command, folder, "--all")
    assert set(grade_points(folder)) == {"twice"}
    for args in (["--suite", "2", "--case", "1", "--case", "3"], ["--suite", "2", "--case", "2"],
                 ["--suite", "2"], ["--suite", "1"]):
        ok = _ok_passed(run_ok(ok_command, folder, "-q", "t", *args).stdout)
        done = run_grade("-q", "t", *args, "--local", "--json", "-", cwd=folder)
        question = json.loads(done.stdout)["questions"]["t"]
        assert (done.returncode == 0, question["passed"]) == ok, (args, ok, done.stdout)
    refused = run_grade("--submit", cwd=folder)
    assert refused.returncode == 2 and "never submits" in refused.stderr
    # ok's flags that change nothing offline are taken, on the fast path and click's
    for extra in (["--nointeract", "--no-update", "--debug"],
                  ["--no-browser", "--insecure", "--no-experiments", "--server", "x", "--local"]):
        done = run_grade("-q", "twice", *extra, "--json", "-", cwd=folder)
        assert done.returncode == 0, (extra, done.stderr)
        assert json.loads(done.stdout)["questions"]["twice"]["status"] == "passed"
    # course pages print `python3 ok -q X --hint` and `--style`: ok still runs the tests
    flags = ("--hint", "--style", "--collab", "--coverage", "-cov", "--trace", "--trace-print")
    done = run_grade("-q", "twice", *flags, "--score", "--json", "-", cwd=folder)
    assert done.returncode == 0 and done.stderr.count("services are ok's own") == 1, done.stderr
    assert json.loads(done.stdout)["questions"]["twice"]["score"] == 1
    assert "Point breakdown" in run_ok(ok_command, folder, "-q", "twice", "--hint",
                                       "--score").stdout
    scored = run_grade("-q", "twice", "--server", "--score", cwd=folder)  # --score kept
    assert scored.returncode == 0 and "Total" in scored.stdout, scored.stdout
    fast = run_grade("-q", "twice", "--nointeract", "--debug", "--local", cwd=folder)
    assert fast.returncode == 0 and "passed" in fast.stdout, fast.stderr
    version = run_grade("--version", cwd=folder)
    assert version.returncode == 0 and re.fullmatch(r"grade \(hog-grader\) \d+\.\d+\.\d+\n",
                                                    version.stdout), version.stdout
    listed = run_grade("--tests", cwd=folder)
    assert listed.returncode == 0 and "twice" in listed.stdout and "extra" not in listed.stdout
    listed = run_grade("--tests", "--all", cwd=folder)
    assert listed.returncode == 0 and "extra" in listed.stdout


def test_colour_codes_count_in_a_terminal_and_not_in_a_pipe_as_in_ok(ok_command, tmp_path):
    """ok takes colour codes out of printed text only where its own output is no
    terminal (colorama): at a student's terminal a coloured greeting fails its plain
    expected output, in a pipe (an autograder's run) it passes. grade follows."""
    import os
    import pexpect
    source = ('def greet(name):\n    """\n    >>> greet("Ann")\n    Hello, Ann!\n    """\n'
              '    print("\\033[32mHello, " + name + "!\\033[0m")\n')
    config = doctest_config("greet")
    folder = write_folder(tmp_path / "hw", {"hw.ok": config, "hw.py": source})
    assert ok_points(ok_command, folder) == grade_points(folder) == {"greet": (1.0, 1.0)}
    env = {**os.environ, "HOME": str(tmp_path), "http_proxy": "http://127.0.0.1:9",
           "https_proxy": "http://127.0.0.1:9"}
    env.pop("PYTHONPATH", None)
    at_terminal = {}
    for tool, argv, points in (
            ("ok", [str(ok_command), "--local", "--score"], r"greet: ([\d.]+)/1"),
            ("grade", [sys.executable, "-m", "grader.cli", "--score"],
             r"│ greet\s+│[^\n]*│\s+([\d.]+) / 1 │")):
        child = pexpect.spawn(argv[0], argv[1:], cwd=str(folder), env=env, timeout=120,
                              encoding="utf-8", dimensions=(50, 200))
        child.expect(pexpect.EOF)
        shown = re.sub("\x1b\\[[0-9;]*m", "", child.before)
        at_terminal[tool] = float(re.search(points, shown).group(1))
    assert at_terminal == {"ok": 0.0, "grade": 0.0}


def test_a_missing_source_fails_only_the_tests_that_need_it_as_in_ok(ok_command, tmp_path):
    """The config names two files the student writes and one is not there: ok grades
    every test (those importing it fail); grade refused to run any. It now grades them
    as ok does, with a note naming the file."""
    config = ('{"name": "Lab", "src": ["lab.py", "extra.py"], "tests": {"lab.py": "doctest", '
              '"tests/*.py": "ok_test"}, "default_tests": ["double", "q1", "q2"], '
              '"protocols": ["file_contents", "grading"]}\n')
    case = ("test = {'name': '%s', 'points': 1, 'suites': [{'type': 'doctest', 'scored': True, "
            "'setup': '>>> from %s import *', 'teardown': '', 'cases': [{'code': '>>> %s\\n%s', "
            "'hidden': False, 'locked': False}]}]}\n")
    folder = write_folder(tmp_path / "lab", {
        "lab.ok": config,
        "lab.py": 'def double(x):\n    """\n    >>> double(2)\n    4\n    """\n    return 2 * x\n',
        "tests/__init__.py": "",
        "tests/q1.py": case % ("q1", "lab", "double(3)", "6"),
        "tests/q2.py": case % ("q2", "extra", "triple(3)", "9")})
    ok = ok_points(ok_command, folder)
    assert ok == {"double": (1.0, 1.0), "q1": (1.0, 1.0), "q2": (0.0, 1.0)}
    assert grade_points(folder) == ok
    done = run_grade(cwd=folder)
    assert done.returncode == 1 and "no extra.py here" in done.stderr


def test_an_expected_error_without_its_header_fails_and_says_why(ok_command, tmp_path):
    """An expected error written as its last line alone (no `Traceback ...` and `...`
    above it) fails in ok, which shows the header it wanted; grade showed Expected and
    Got as the same line, leaving the student (or the TA writing it) no clue."""
    source = ('def fly():\n    """\n    >>> fly()\n    AttributeError: no wings\n    """\n'
              '    raise AttributeError("no wings")\n')
    config = doctest_config("fly")
    folder = write_folder(tmp_path / "hw", {"hw.ok": config, "hw.py": source})
    assert ok_points(ok_command, folder) == grade_points(folder) == {"fly": (0.0, 1.0)}
    shown = run_grade(cwd=folder).stdout
    assert "an error is expected as `Traceback (most recent call last):`" in shown


def test_a_difference_the_display_hides_is_named(ok_command, tmp_path):
    """A blank line too many, or a space at a line's end: ok fails the case, and grade
    did too, with Expected and Got shown alike (`(nothing)` twice). It says what differs."""
    source = ('def rows():\n    """\n    >>> rows()\n    1 2\n    """\n    print(1, 2)\n    print()\n\n'
              'def spaced():\n    """\n    >>> spaced()\n    1 2\n    """\n    print("1 2 ")\n')
    config = doctest_config("rows", "spaced")
    folder = write_folder(tmp_path / "hw", {"hw.ok": config, "hw.py": source})
    assert ok_points(ok_command, folder) == grade_points(folder) == {
        "rows": (0.0, 1.0), "spaced": (0.0, 1.0)}
    assert "1 blank line(s) more than expected" in run_grade("-q", "rows", cwd=folder).stdout
    assert "spaces at the end of a line" in run_grade("-q", "spaced", cwd=folder).stdout


def test_discovery_reads_any_class_hierarchy_python_imports_quickly():
    """Class hierarchies Python imports at once crashed discovery (a chain of 1200
    classes: RecursionError) or hung it (a ladder of classes on the two before each:
    exponential time, 6 s at 16 levels): each class's order is worked out once now."""
    from grader.load import doctests
    chain = "class A:\n    def f(self):\n        '''\n        >>> 1\n        1\n        '''\n" + \
        "class A(A):\n    pass\n" * 1200
    ladder = "class L0: pass\nclass L1(L0): pass\n" + "".join(
        f"class L{i}(L{i - 1}, L{i - 2}): pass\n" for i in range(2, 24))
    for source, name in ((chain, "A.f"), (ladder, "L23")):
        compile(source, "<test>", "exec")  # Python takes it
        started = time.monotonic()
        found = {t.name for t in doctests.discover(source, "hw.py")}
        assert name in found
        assert time.monotonic() - started < 5


TREES = '''\
def tree(label, branches=[]):
    """
    >>> tree(1)
    [1]
    """
    return [label] + list(branches)


class Tree:
    """
    >>> Tree(1).label
    2
    """
    def __init__(self, label):
        self.label = label
'''


def test_a_name_typed_exactly_wins_over_one_that_differs_in_letter_case(tmp_path, ok_command):
    """`tree` (the ADT's constructor) beside `class Tree`: `-q Tree` ran `tree`, so the
    failing `Tree` could not be run alone, and the run's own "Next: grade -q Tree" led to
    a passing test. Exact names first, as ok takes them."""
    folder = write_folder(tmp_path / "trees", {
        "trees.ok": json.dumps({"name": "trees", "src": ["trees.py"],
                                "tests": {"trees.py": "doctest"}, "protocols": ["grading"]}),
        "trees.py": TREES})
    for typed in ("Tree", "tree"):
        assert grade_points(folder, "-q", typed) == ok_points(ok_command, folder, "-q", typed)
    assert grade_points(folder, "-q", "Tree") == {"Tree": (0.0, 1.0)}
    done = run_grade("-q", "TREE", cwd=folder)
    assert done.returncode == 2
    assert "did you mean tree or Tree" in " ".join(done.stderr.split()) or \
        "did you mean Tree or tree" in " ".join(done.stderr.split())


def test_code_that_replaces_builtins_repr_changes_no_value_shown(tmp_path, ok_command):
    """ok's console binds repr when it loads; the worker looked it up at each value, so
    a module doing `builtins.repr = ...` at import failed every example."""
    folder = write_folder(tmp_path / "patch", {
        "patch.ok": json.dumps({"name": "patch", "src": ["patch.py"],
                                "tests": {"patch.py": "doctest"}, "protocols": ["grading"]}),
        "patch.py": 'import builtins\nbuiltins.repr = lambda value: "patched"\n\n'
                    'def f():\n    """\n    >>> f()\n    5\n    >>> [f()]\n    [5]\n    """\n'
                    '    return 5\n'})
    assert grade_points(folder) == ok_points(ok_command, folder) == {"f": (1.0, 1.0)}


def test_the_test_list_never_cuts_a_name_to_type(tmp_path):
    """`grade --tests` at 80 columns cut long method names in its -q column with "…"
    (`CheckingAccount.withdr…`): the column students copy from."""
    methods = "".join(f'    def {name}(self):\n        """\n        >>> 1\n        1\n        """\n'
                      for name in ("__init__", "__repr__", "withdraw_everything"))
    folder = write_folder(tmp_path / "bank", {
        "bank.ok": json.dumps({"name": "bank", "src": ["bank.py"],
                               "tests": {"bank.py": "doctest"}, "protocols": ["grading"]}),
        "bank.py": f"class InsufficientFundsChecking:\n{methods}"})
    done = run_grade("--tests", cwd=folder, env={"COLUMNS": "80"})
    assert done.returncode == 0, done.stderr
    for name in ("InsufficientFundsChecking.__init__",
                 "InsufficientFundsChecking.withdraw_everything"):
        assert name in done.stdout, done.stdout


@pytest.mark.parametrize("layout", ["helper on sys.path", "recursion limit, nested glob",
                                    "case files listed before the doctest source"])
def test_the_case_files_package_runs_as_ok_loads_it(ok_command, tmp_path, layout):
    """ok imports each case file as a module (`tests.q1`), so code in `tests/__init__.py`
    runs while it loads, before any test, when the config's glob leaves that file out
    (`tests/q*.py`, `tests/lab/*.py`): a course helper put on sys.path, a higher
    recursion limit. grade read case files as data only, and failed the solution
    (hunt20 #3)."""
    source = ("def f(x):\n    return x * 2\n\n"
              "def count_down(n):\n    return 0 if n == 0 else 1 + count_down(n - 1)\n")
    if layout == "helper on sys.path":
        files = {"lab.ok": '{"name": "Lab T", "src": ["lab.py"], "tests": {"tests/q*.py": '
                           '"ok_test"}, "protocols": ["file_contents", "grading", "scoring"]}',
                 "tests/__init__.py": "import os, sys\n"
                                      "sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))\n",
                 "tests/checker.py": "def check(fn, cases):\n"
                                     "    return all(fn(a) == b for a, b in cases)\n",
                 "tests/q1.py": "test = {'name': 'q1', 'points': 1, 'suites': [{'type': 'doctest', "
                                "'setup': '>>> from lab import *\\n>>> from checker import check', "
                                "'cases': [{'code': '>>> check(f, [(1, 2), (3, 6)])\\nTrue'}]}]}\n"}
    elif layout == "case files listed before the doctest source":  # (hunt21 F3)
        source = ("import builtins\nSEEN = getattr(builtins, 'MARK', 'none')\n\n"
                  'def f():\n    """\n    >>> f()\n    1\n    """\n    return 1\n')
        files = {"lab.ok": '{"name": "Lab T3", "src": ["lab.py"], "default_tests": ["q1"], '
                           '"tests": {"tests/q*.py": "ok_test", "lab.py": "doctest"}, '
                           '"protocols": ["file_contents", "grading", "scoring"]}',
                 "tests/__init__.py": "import builtins\nbuiltins.MARK = 1\n",
                 "tests/q1.py": "test = {'name': 'q1', 'points': 1, 'suites': [{'type': 'doctest', "
                                "'setup': '>>> from lab import SEEN', "
                                "'cases': [{'code': '>>> SEEN\\n1'}]}]}\n"}
    else:
        files = {"lab.ok": '{"name": "Lab T2", "src": ["lab.py"], "tests": {"tests/lab/*.py": '
                           '"ok_test"}, "protocols": ["file_contents", "grading", "scoring"]}',
                 "tests/__init__.py": "import sys\nsys.setrecursionlimit(10000)\n",
                 "tests/lab/__init__.py": "",
                 "tests/lab/q1.py": "test = {'name': 'q1', 'points': 1, 'suites': [{'type': "
                                    "'doctest', 'setup': '>>> from lab import *', 'cases': "
                                    "[{'code': '>>> count_down(3000)\\n3000'}]}]}\n"}
    folder = write_folder(tmp_path / "lab", {"lab.py": source, **files})
    ok = ok_points(ok_command, folder)
    assert ok == {"q1": (1.0, 1.0)}
    assert grade_points(folder) == ok


def test_a_class_whose_docstring_the_standard_library_writes_passes_a_plain_run_as_in_ok(
        ok_command, tmp_path):
    """`@dataclass` and a `NamedTuple` subclass give a class without a docstring one of
    its signature: text with no examples, which ok's plain run passes. grade read the
    file, saw none, and failed the test with "no doctests found" (hunt20 #13)."""
    source = textwrap.dedent('''\
        from dataclasses import dataclass
        import dataclasses
        from typing import NamedTuple


        @dataclass
        class Point:
            x: int
            y: int = 0

            def norm1(self):
                """
                >>> Point(3, -4).norm1()
                7
                """
                return abs(self.x) + abs(self.y)


        @dataclasses.dataclass(frozen=True)
        class Frozen:
            x: int


        class Pair(NamedTuple):
            a: int
            b: int
        ''')
    config = json.dumps({"name": "HW", "src": ["hw.py"], "tests": {"hw.py": "doctest"},
                         "default_tests": ["Point", "Point.norm1", "Frozen", "Pair"],
                         "protocols": ["file_contents", "grading", "scoring"]})
    folder = write_folder(tmp_path / "hw", {"hw.ok": config, "hw.py": source})
    assert "No cases failed" in run_ok(ok_command, folder).stdout
    done = run_grade("--json", "-", cwd=folder)
    statuses = {key: q["status"] for key, q in json.loads(done.stdout)["questions"].items()}
    assert done.returncode == 0 and set(statuses.values()) == {"passed"}, statuses
