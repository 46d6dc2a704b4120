"""Case files are ok's format, read as data, with clear errors for broken ones."""

import ast
import math
import textwrap

import pytest
from hypothesis import given, settings, strategies as st

from grader.load import casefile
from grader.load.casefile import CaseFileError
from grader.model import Example, ExampleOutput


def write(tmp_path, text, name="01.py"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


OK_STYLE = """
test = {
  'name': 'Question 1',
  'points': 2,
  'suites': [
    {
      'cases': [
        {
          'code': r\"\"\"
          >>> roll_dice(2, make_test_dice(4, 6, 1))
          3da5a2d4d8f83dbbb5c1d6e4d2c0b0f4
          # locked
          >>> 1 / 0
          Traceback (most recent call last):
            ...
          ZeroDivisionError: division by zero
          >>> print('x')
          x
          # locked
          # choice: x
          # choice: y
          \"\"\",
          'hidden': False,
          'locked': True
        }
      ],
      'scored': True,
      'setup': r\"\"\"
      >>> from hog import *
      \"\"\",
      'teardown': '',
      'type': 'doctest'
    },
    {
      'cases': [{'question': 'Pick one', 'choices': ['a', 'b'], 'answer': 'a', 'hidden': False, 'locked': False}],
      'scored': False,
      'type': 'concept'
    }
  ]
}
"""


def test_loads_an_ok_style_file_with_its_annotations(tmp_path):
    question = casefile.load_question(write(tmp_path, OK_STYLE))
    assert (question.key, question.name, question.points) == ("01", "Question 1", 2)
    doctest_suite, concept_suite = question.suites
    case = doctest_suite.cases[0]
    locked, raising, chosen = case.examples
    assert locked.locked and locked.want == "3da5a2d4d8f83dbbb5c1d6e4d2c0b0f4\n"
    assert raising.want == ("Traceback (most recent call last):\n  ...\n"
                            "ZeroDivisionError: division by zero\n")
    assert chosen.choices == ("x", "y") and chosen.want == "x\n"
    assert concept_suite.cases[0].number == 2 and not concept_suite.scored


def test_the_staff_cases_all_load(fa19):
    questions = casefile.load_questions(fa19.cases)
    assert [q.key for q in questions] == fa19.config["questions"]
    assert sum(q.points for q in questions) == 22


@pytest.mark.parametrize("text, words", [
    ("test = {'name': 'Q', 'points': 1,", "not valid Python"),
    ("test = {'name': __import__('os').system('echo hacked')}", "must be data"),
    ("S = [c for c in 'ab']\ntest = {'name': S}", "must be data"),  # S is code: unknown
    ("test = {'name': 'a' * 10 ** 9}", "must be data"),  # too large to build
    ("test = {'name': open.__name__}", "must be data"),
    ("tests = {}", "no `test = {...}`"),
    ("test = []", "must be a dict"),
    ("test = {'points': 'two', 'suites': []}", "'points' must be a number"),
    ("test = {'points': 1, 'suites': [{'type': 'wwpd', 'cases': []}]}", "unknown type 'wwpd'"),
    ("test = {'points': 1, 'suites': [{'type': 'doctest', 'cases': [{'code': 'no prompt'}]}]}",
     "must start with a `>>> ` prompt"),
    # built up past what a case file holds: refused, neither a stall nor a traceback
    ("L = [{'code': '>>> 1\\n1'}]\n" + "L += L\n" * 20
     + "test = {'points': 1, 'suites': [{'cases': L}]}", "must be data"),
    ("X = 1\n" + "X = [X]\n" * 3000 + "test = {'name': 'q', 'points': 1, 'suites': "
     "[{'type': 'concept', 'cases': [{'question': 'q', 'answer': 'a', 'choices': X}]}]}",
     "nested too deeply"),
    # what ok changes on import when it runs the file: refused, never skipped
    ("C = [{'code': '>>> 1\\n1'}]\nC.append({'code': '>>> 2\\n3'})\n"
     "test = {'points': 1, 'suites': [{'cases': C}]}", "line 2: case files hold data"),
    ("test = {'points': 1, 'suites': []}\ntest['points'] = 3", "line 2: case files hold data"),
    ("test = {'points': 1, 'suites': []}\nif True:\n    test.update(points=5)",
     "line 2: case files hold data"),
    ("test = {'points': 1, 'suites': []}\ndel test['suites']", "line 2: case files hold data"),
    ("test = {'points': 1, 'suites': [{'type': 'doctest', 'cases': ['>>> 1']}]}",
     "must be a dict"),
])
def test_broken_case_files_are_named_with_the_problem(tmp_path, text, words):
    path = write(tmp_path, text)
    with pytest.raises(CaseFileError) as error:
        casefile.load_question(path)
    assert str(path) in str(error.value) and words in str(error.value)


def test_a_case_file_may_name_and_join_its_data_as_staff_write_it(tmp_path):
    """ok imports case files: a setup written once and named, strings joined with + or
    built with an f-string, read as Python reads them (and no code runs)."""
    path = write(tmp_path, textwrap.dedent('''\
        SETUP = """
        >>> from lab import *
        """
        ANSWER = 2 * 3
        CASE = {'code': '>>> double(3)\\n' + '6', 'hidden': False}
        test = {'name': f'q{1}', 'points': 1, 'suites': [
            {'type': 'doctest', 'setup': SETUP, 'cases': [CASE, {'code': f'>>> 6\\n{ANSWER}'}]}]}
        '''))
    data = casefile.read_literal(path)
    assert data["name"] == "q1"
    suite = data["suites"][0]
    assert suite["setup"] == "\n>>> from lab import *\n"
    assert [c["code"] for c in suite["cases"]] == [">>> double(3)\n6", ">>> 6\n6"]


def test_data_ok_builds_on_import_is_read_as_ok_reads_it(tmp_path):
    """`SETUP += ...`, `{**BASE, ...}`, tuples for lists, a second `test =` (the last
    counts) and an empty case (it runs its setup and passes, in ok) were read otherwise
    or refused: grade graded other data than ok, without a word."""
    path = write(tmp_path, textwrap.dedent('''\
        SETUP = ">>> import lab\\n"
        SETUP += ">>> from lab import *\\n"
        BASE = {'type': 'doctest', 'setup': SETUP}
        test = {'name': 'first', 'points': 1, 'suites': []}
        test = {'name': 'q', 'points': 3, 'suites': (
            {**BASE, 'cases': ({'code': '>>> double(3)\\n6'}, {'code': ''})},)}
        '''))
    question = casefile.load_question(path)
    assert (question.name, question.points) == ("q", 3)
    (suite,) = question.suites
    assert suite.setup == ">>> import lab\n>>> from lab import *\n"
    assert [len(c.examples) for c in suite.cases] == [1, 0]


def test_points_and_names_computed_from_numbers_read_as_python_computes_them(tmp_path):
    """A third of a point is `1/3`, a table of points is subscripted, a choice is a
    conditional: ok imports them, and they are data (hunt28 #2: the whole run refused)."""
    path = write(tmp_path, textwrap.dedent('''\
        POINTS = {'q1': 10 / 3, 'q2': 1}
        HARD = True
        test = {'name': 'q1', 'points': POINTS['q1'] if HARD else 3 // 2,
                'suites': [{'type': 'doctest', 'cases': [{'code': '>>> 1\\n1'}]}]}
        '''))
    assert casefile.load_question(path).points == 10 / 3


_NUMBERS = st.one_of(st.integers(-30, 30), st.sampled_from([0.5, -2.25, 1e3, 0.0]))
_OPERATORS = ["+", "-", "*", "/", "//", "%", "**"]


@settings(max_examples=300, deadline=None)
@given(expression=st.recursive(_NUMBERS.map(repr), lambda inner: st.tuples(
    inner, st.sampled_from(_OPERATORS), inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
    max_leaves=6))
def test_arithmetic_of_numbers_is_python_s_or_refused(expression):
    """What a case file computes from numbers is what Python computes, or it is refused
    (a division by zero, a complex root, a huge power): never another value."""
    node = ast.parse(expression, mode="eval").body
    try:
        expected = eval(expression)  # numbers and operators only
    except ArithmeticError:
        expected = None
    try:
        got = casefile.data_value(node, {})
    except ValueError:  # refused only where Python raises, or for a power
        assert expected is None or "**" in expression or type(expected) is complex
        return
    assert type(got) is type(expected) and (got == expected or math.isnan(got) and math.isnan(expected))


def test_a_case_file_is_never_executed(tmp_path):
    marker = tmp_path / "ran"
    path = write(tmp_path, f"open({str(marker)!r}, 'w')\ntest = {{'points': 0, 'suites': []}}\n")
    casefile.load_question(path)
    assert not marker.exists()


def test_dump_reads_back_the_same_cases(fa19, tmp_path):
    for source in sorted(fa19.cases.glob("[0-9]*.py")):
        original = casefile.load_question(source)
        copy = tmp_path / source.name
        copy.write_text(casefile.dump(casefile.read_literal(source)))
        if casefile.sidecar_path(source).exists():
            casefile.sidecar_path(copy).write_text(casefile.sidecar_path(source).read_text())
        again = casefile.load_question(copy)
        assert [(c.examples, c.hidden, c.locked, c.answer) for c in again.cases] == \
               [(c.examples, c.hidden, c.locked, c.answer) for c in original.cases]


def test_ok_loads_every_staff_case_file_unchanged(fa19):
    """ok rejects suite types and keys it does not know: none may be in a .py case file."""
    allowed = {"doctest": {"type", "scored", "setup", "teardown", "cases"},
               "concept": {"type", "scored", "cases"}}
    case_keys = {"doctest": {"code", "hidden", "locked", "multiline"},
                 "concept": {"question", "choices", "answer", "hidden", "locked"}}
    for path in sorted(fa19.cases.glob("[0-9]*.py")):
        data = casefile.read_literal(path)
        assert set(data) <= {"name", "points", "suites", "partner"}, path
        for suite in data["suites"]:
            kind = suite.get("type")
            assert kind in allowed and set(suite) <= allowed[kind], (path, suite.keys())
            for case in suite["cases"]:
                assert set(case) <= case_keys[kind], (path, case.keys())


def test_sidecar_suites_are_appended_and_written_apart(tmp_path):
    data = {"name": "Q", "points": 1, "suites": [
        {"type": "doctest", "scored": True, "setup": "", "teardown": "",
         "cases": [{"code": ">>> 1\n1\n", "hidden": False, "locked": False}]},
        {"type": "fuzz", "scored": True, "cases": [{"seed": 3}]}]}
    path = tmp_path / "05a.py"
    casefile.write_case_data(path, data)
    assert [s["type"] for s in casefile.read_literal(path)["suites"]] == ["doctest"]
    assert (tmp_path / "05a.grader.json").is_file()
    question = casefile.load_question(path)
    assert [s.type for s in question.suites] == ["doctest", "fuzz"]
    (tmp_path / "05a.grader.json").write_text("{not json")
    with pytest.raises(CaseFileError, match="grader.json"):
        casefile.load_question(path)


def test_parsed_examples_are_cached_beside_the_file_and_follow_its_edits(tmp_path, fa19):
    import shutil
    import subprocess
    import sys
    shutil.copy(fa19.cases / "02.py", tmp_path / "02.py")
    first = casefile.load_question(tmp_path / "02.py")
    cache = tmp_path / "__pycache__" / "02.examples.json"
    assert cache.is_file()
    probe = ("import sys; from grader.load import casefile; "
             f"q = casefile.load_question(casefile.Path({str(tmp_path / '02.py')!r})); "
             "print('doctest' in sys.modules, len(q.cases))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True).stdout
    assert out.split() == ["False", str(len(first.cases))], "a cached load parses nothing"
    text = (tmp_path / "02.py").read_text().replace(">>> free_bacon(35)\n", ">>> free_bacon(36)\n", 1)
    (tmp_path / "02.py").write_text(text)
    edited = casefile.load_question(tmp_path / "02.py")
    assert edited.cases[0].examples[0].source == "free_bacon(36)\n"
    cache.write_text('{"version": 2, "examples": {"x": [{"bad": 1}]}, "junk')
    assert [c.examples for c in casefile.load_question(tmp_path / "02.py").cases] == \
           [c.examples for c in edited.cases]


def test_verdicts_follow_oks_rules_not_doctests():
    from grader.judge import check_example
    from grader.model import RaisedException

    def passes(want, printed="", raised=None):
        return check_example(Example(source="", want=want), ExampleOutput(printed, raised))

    assert passes("10\n", "10\n") and passes("10\n", "10") and not passes("10\n", "11\n")
    assert not passes("1\n", "True\n"), "ok, unlike doctest, does not take True for 1"
    assert not passes("a\n<BLANKLINE>\nb\n", "a\n\nb\n")
    assert not passes("x\n", "x \n\n")
    assert passes("# note: not compared\n5\n", "5\n")
    error = RaisedException(type="MyError", line="MyError: bad\n", traceback="")
    assert passes("Traceback (most recent call last):\n  ...\nMyError: bad\n", raised=error)
    assert passes("MyError\n", raised=error), "ok's older form: the type's name alone"
    bare = RaisedException(type="ValueError", line="ValueError: \n", traceback="")
    assert not passes("Traceback (most recent call last):\n  ...\nValueError\n", raised=bare)


@pytest.mark.parametrize("test, said", [
    ({"name": "q", "points": 1, "suites": [{"type": "doctest", "hidden": True,
                                            "cases": [{"code": ">>> 1\n1"}]}]},
     "suite 1 has 'hidden': it belongs to each case"),
    ({"name": "q", "points": 1, "hidden": True,
      "suites": [{"type": "doctest", "cases": [{"code": ">>> 1\n1"}]}]},
     "the test has 'hidden': it belongs to each case"),
    ({"name": "q", "points": 1, "suites": [{"type": "doctest",
                                            "cases": [{"code": ">>> 1\n1", "scored": False}]}]},
     "'scored' belongs to the suite"),
])
def test_a_flag_written_where_ok_refuses_it_is_refused_not_ignored(tmp_path, test, said):
    """`hidden` on a suite or a test, `scored` on a case: ok refuses the file; ignored,
    the suite staff meant to hide was handed to students by `grade publish` (hunt17 #8)."""
    path = tmp_path / "q.py"
    path.write_text("test = " + repr(test) + "\n")
    with pytest.raises(casefile.CaseFileError) as raised:
        casefile.load_question(path)
    assert said in str(raised.value)
