"""Locking: the hash schemes, round trips, `grade lock`/`publish`, ok's own client, and
the tricks a student might try to pass locked cases without predicting them."""

from __future__ import annotations

import ast
import json
import re
import shutil
import sys
import textwrap
import zipfile
from pathlib import Path
from typing import Dict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grader.load import casefile
from grader.load import casewrite
from grader.locking import hashes as locking
from locktools import DATA, GRADE, answers_for, grade, make_workspace

KEY = "Project 1: Hog"

literals = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner), max_leaves=6)


@settings(max_examples=60, deadline=None)
@given(literals)
def test_equivalent_literals_unlock_the_same_answer(value):
    token = locking.seal(repr(value), repr(value), iterations=10)
    assert locking.check(token, ascii(value), KEY) == repr(value)
    assert locking.check(token, " " + repr(value) + "  ", KEY) == repr(value)
    assert locking.check(token, repr([value, 0]), KEY) is None


@pytest.mark.parametrize("expected, typed", [
    ("<function make_adder.<locals>.adder at 0x7f>", "function"),
    ("Infinite Loop", "infinite   loop"),
    ("(1, 2)", "(1,2)"),
    ("hi   there", "hi there"),
])
def test_answer_words_and_white_space(expected, typed):
    token = locking.seal(expected, expected, iterations=10)
    assert locking.check(token, typed, KEY) == expected
    assert locking.check(token, "something else", KEY) is None


def test_salted_tokens_share_nothing_and_hide_the_answer():
    first, second = (locking.seal("hihi", "hihi") for _ in range(2))
    assert first != second
    assert "hihi" not in first and "aGlo" not in first
    assert locking.seal("1", "1").split("$")[-1].__len__() == locking.seal(
        "12345678901", "12345678901").split("$")[-1].__len__()  # length is padded


def test_unknown_token_is_reported():
    with pytest.raises(locking.LockError):
        locking.check("$hg1$x$y", "1", KEY)


@pytest.mark.parametrize("scheme", ["salted", "ok"])
def test_round_trip(tmp_path, scheme):
    """Lock, unlock with the right answers: the files are what `init --unlocked` gives."""
    plain = make_workspace(tmp_path / "plain", scheme="unlocked")
    ws = make_workspace(tmp_path / "ws", scheme=scheme)
    for key in ("01", "02"):
        text = (ws / "tests" / f"{key}.py").read_text()
        assert "hihi" not in text and "'answer': 'It returns 1'" not in text
        result = grade(ws, "-u", "-q", key, input="\n".join(answers_for(key, scheme)) + "\n")
        assert result.returncode == 0, result.stdout
        mine = casefile.read_literal(ws / "tests" / f"{key}.py")
        assert mine == casefile.read_literal(plain / "tests" / f"{key}.py")
        if scheme == "salted":  # the very same bytes: the staff's text, restored
            assert (ws / "tests" / f"{key}.py").read_bytes() == \
                (plain / "tests" / f"{key}.py").read_bytes()
    assert grade(ws, "-q", "01", "-q", "02").returncode == 0


def test_locked_cases_never_count_and_the_report_says_how_to_unlock(tmp_path):
    ws = make_workspace(tmp_path / "ws")
    result = grade(ws, "-q", "02", "--json", "-", "--score")
    assert result.returncode == 1
    assert "1 case(s) locked (1)" in result.stderr
    assert "grade -u -q 02" in result.stderr
    import json
    record = json.loads(result.stdout)["questions"]["02"]
    assert record == {"name": "Question 2", "score": 0, "max_score": 1, "status": "locked", "passed": 1, "failed": 0,
                      "locked": 1, "not_run": 0}


def test_locked_concept_case_holds_the_question_back(tmp_path):
    ws = make_workspace(tmp_path / "ws")
    typed = answers_for("01", "salted")[:-1]  # every doctest answer, not the concept one
    assert grade(ws, "-u", "-q", "01", input="\n".join(typed) + "\n").returncode == 0
    result = grade(ws, "-q", "01")
    assert result.returncode == 1
    assert "grade -u -q 01" in result.stdout
    # `ok --score` runs no unscored suite: the locked concept case (unscored) holds no
    # point back there, and the doctest suites earn the question's points
    scored = grade(ws, "-q", "01", "--score", "--json", "-")
    assert json.loads(scored.stdout)["questions"]["01"]["score"] == 2


@pytest.mark.parametrize("scheme", ["salted", "ok"])
def test_student_cannot_pass_by_editing_the_lock_marks(tmp_path, scheme):
    """Flipping `locked` off (and dropping `# locked`) runs the case against the tokens:
    it fails; it never passes."""
    ws = make_workspace(tmp_path / "ws", scheme=scheme)
    path = ws / "tests" / "02.py"
    text = path.read_text().replace("'locked': True", "'locked': False")
    path.write_text(re.sub(r"(?m)^ *# locked\n", "", text))
    assert casefile.load_question(path).cases[0].locked is False
    result = grade(ws, "-q", "02", "--json", "-")
    assert result.returncode == 1
    assert '"passed": 0' in result.stdout or '"status": "failed"' in result.stdout


def test_lock_command_keeps_formatting_and_untouched_files(tmp_path):
    staff = tmp_path / "staff"
    shutil.copytree(DATA, staff)
    source = (staff / "01.py").read_text()
    (staff / "01.py").write_text("# Staff notes: keep me.\n" + source.replace(
        "'points': 2,", "'points': 2,   # two points"))
    (staff / "03.py").write_text("test = {'name': 'Q3', 'points': 0, 'suites': []}\n")
    mtime = (staff / "03.py").stat().st_mtime_ns
    result = __import__("subprocess").run(
        GRADE + ["lock", str(staff), "--scheme", "ok"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "2 file(s) changed" in result.stdout
    text = (staff / "01.py").read_text()
    assert text.startswith("# Staff notes: keep me.\n") and "# two points" in text
    assert (staff / "03.py").stat().st_mtime_ns == mtime
    data = casefile.read_literal(staff / "01.py")
    assert "hihi" not in data["suites"][0]["cases"][1]["code"]
    again = __import__("subprocess").run(GRADE + ["lock", str(staff)], capture_output=True,
                                         text=True)
    assert "Nothing to lock" in again.stdout  # locked answers are not locked twice


@settings(max_examples=80, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40))
def test_in_place_edit_writes_any_string_faithfully(value):
    source = (DATA / "02.py").read_text()
    path = ("suites", 0, "cases", 1, "code")
    edited = casewrite.edit(source, {path: value})
    assert edited is not None
    data = ast.literal_eval(edited.split("=", 1)[1])
    assert data["suites"][0]["cases"][1]["code"] == value
    assert data["suites"][0]["cases"][0] == casefile.read_literal(DATA / "02.py")["suites"][0]["cases"][0]


def test_publish_builds_the_student_archive(tmp_path):
    out = tmp_path / "hog.zip"
    result = __import__("subprocess").run(GRADE + ["publish", str(out)], capture_output=True,
                                          text=True)
    assert result.returncode == 0, result.stderr
    with zipfile.ZipFile(out) as archive:
        names = archive.namelist()
        assert "hog/hog.py" in names and "hog/hog.ok" in names
        for name in names:
            if name.startswith("hog/tests/") and name.endswith(".py") and "/_" not in name:
                data = casefile.read_literal(Path(name), archive.read(name).decode())
                for _, case, _ in locking.case_paths(data):
                    assert not case.get("hidden")
    bad = __import__("subprocess").run(GRADE + ["publish", str(tmp_path / "hog.tar")],
                                       capture_output=True, text=True)
    assert bad.returncode == 2 and ".zip" in bad.stderr


# --- ok's own client (its wheel, when it is around) -----------------------------------

@pytest.fixture
def ok_client(ok_wheel):
    sys.path.insert(0, str(ok_wheel))
    try:
        from client.sources.common import interpreter, pyconsole
        from client.utils import format, locking as ok_locking
    finally:
        sys.path.remove(str(ok_wheel))
    return interpreter, pyconsole, format, ok_locking


def test_cases_locked_by_ok_unlock_here(tmp_path, ok_client):
    interpreter, pyconsole, format, ok_locking = ok_client
    ws = make_workspace(tmp_path / "ws", scheme="unlocked")
    path = ws / "tests" / "02.py"
    data = casefile.read_literal(path)
    case = interpreter.CodeCase(pyconsole.PythonConsole(False, False),
                                code=data["suites"][0]["cases"][0]["code"])
    case.post_instantiation()
    case.lock(lambda text: ok_locking.lock(KEY, format.normalize(text)))
    data["suites"][0]["cases"][0].update(code=case.code, locked=True)
    path.write_text(casefile.dump(data))
    assert "35)\n7" not in path.read_text()
    result = grade(ws, "-u", "-q", "02", input="8\n7\n9\n")
    assert result.returncode == 0, result.stdout
    assert result.stdout.count("Not quite") == 1
    assert grade(ws, "-q", "02").returncode == 0


def test_our_ok_scheme_is_oks(tmp_path, ok_client):
    _, _, format, ok_locking = ok_client
    ws = make_workspace(tmp_path / "ws", scheme="ok")
    code = casefile.read_literal(ws / "tests" / "02.py")["suites"][0]["cases"][0]["code"]
    tokens = [b.outputs for b in locking.blocks(code)]
    assert tokens == [[ok_locking.lock(KEY, "7")], [ok_locking.lock(KEY, "9")]]


@pytest.mark.parametrize("scheme", ["salted", "ok"])
def test_the_shipped_assignment_round_trip(tmp_path, fa19, scheme):
    """The real Fall 2019 cases: a locked workspace, every case unlocked with the right
    answers, then the reference gets full marks."""
    from grader import workspace
    ws = tmp_path / "ws"
    workspace.init(fa19, ws, transform=locking.transform(scheme, fa19.name))
    plain = workspace.init(fa19, tmp_path / "plain")
    shutil.copy(fa19.reference / "hog.py", ws / "hog.py")
    keys = fa19.config["questions"]
    typed = [line for key in keys for line in answers_for(key, scheme, fa19.cases)]
    result = grade(ws, "-u", input="\n".join(typed) + "\n")
    assert result.returncode == 0, result.stdout[-2000:]
    assert "Not quite" not in result.stdout
    assert "Now run: grade\n" in result.stdout
    for key in keys:
        mine = casefile.read_literal(ws / "tests" / f"{key}.py")
        theirs = casefile.read_literal(plain / "tests" / f"{key}.py")
        if scheme == "salted":
            assert mine == theirs
        else:  # ok keeps the student's spelling, white space normalised
            assert [locking.normalize(x) for x in str(mine).split("\\n")] == \
                [locking.normalize(x) for x in str(theirs).split("\\n")]
    graded = grade(ws, "--score")
    assert graded.returncode == 0, graded.stdout[-2000:]
    assert "22 / 22" in graded.stdout


# a scheme and an SQL "what would it print" case, as a course writes them (continuation
# lines too), with the answers a student types to unlock them
FOREIGN_SESSIONS = {
    "scheme": ("scm> (and)\n#t\nscm> (+ 1\n.... 2)\n3\nscm> (or #f 3)\n3\n", "#t\n3\n3\n"),
    "sqlite": ("sqlite> SELECT 1 AS a\n   ...> UNION SELECT 2;\n1\n2\n", "1\n2\n"),
    "logic": ("logic> (query (parent abraham ?child))\nSuccess!\nchild: barack\n",
              "Success!\nchild: barack\n")}


def lab_with_one_case(tmp_path: Path, kind: str, session: str, scored: bool = True) -> Path:
    """An ok lab whose test q1 is one case of a suite of type KIND holding SESSION."""
    lab = tmp_path / "lab"
    (lab / "tests").mkdir(parents=True)
    (lab / "lab.ok").write_text(json.dumps({
        "name": "Lab 12", "src": ["lab.py"], "tests": {"tests/*.py": "ok_test"},
        "default_tests": ["q1"], "protocols": ["file_contents", "unlock", "grading"]}))
    (lab / "lab.py").write_text("")
    indented = "".join(f"        {line}\n" if line else "\n" for line in session.splitlines())
    (lab / "tests" / "q1.py").write_text(
        "test = {'name': 'q1', 'points': 1, 'suites': [{'type': %r, 'scored': %r, "
        "'cases': [{'code': r\"\"\"\n%s        \"\"\"}]}]}\n" % (kind, scored, indented))
    return lab


def locked_by_ok(ok_wheel, prompts: Dict[str, str], session: str) -> str:
    """SESSION as `ok --lock` locks it in the lab above, under the console's PROMPTS."""
    sys.path.insert(0, str(ok_wheel))
    try:
        from client.sources.common import interpreter
        from client.utils import format, locking as ok_locking
    finally:
        sys.path.remove(str(ok_wheel))
    by_ok = interpreter.CodeCase(type("Console", (), prompts), code=session)
    by_ok.post_instantiation()
    by_ok.lock(lambda text: ok_locking.lock("Lab 12", format.normalize(text)))
    return by_ok.code


@pytest.mark.parametrize("kind", sorted(FOREIGN_SESSIONS))
def test_scheme_and_sqlite_cases_lock_and_unlock_as_ok_does(tmp_path, ok_wheel, kind):
    """This grader never runs scheme or sqlite suites, but a course hands out their
    locked cases: `grade -u` asked nothing, marked them unlocked with the hashes left as
    their answers (the course's client then failed them for good), and `grade lock`
    left their answers in the clear (hunt22 #2). They now lock as `ok --lock` locks
    them, and unlock by answering each prompt, as `ok -u` asks."""
    session, answers = FOREIGN_SESSIONS[kind]
    # the console's prompts, read from ok's source (its module needs ok's other packages)
    source = zipfile.ZipFile(ok_wheel).read(f"client/sources/ok_test/{kind}.py").decode()
    prompts = {target.id: node.value.value for node in ast.walk(ast.parse(source))
               if isinstance(node, ast.Assign) for target in node.targets
               if isinstance(target, ast.Name) and target.id in ("PS1", "PS2")}
    lab = lab_with_one_case(tmp_path, kind, session)
    done = grade(lab, "lock", "tests", "--scheme", "ok")
    assert done.returncode == 0, done.stderr
    locked = casefile.read_literal(lab / "tests" / "q1.py")["suites"][0]["cases"][0]
    assert locked["locked"] is True
    assert [b.outputs for b in locking.blocks(textwrap.dedent(locked["code"]), kind)] == \
        [b.outputs for b in locking.blocks(locked_by_ok(ok_wheel, prompts, session), kind)] != \
        [b.outputs for b in locking.blocks(session, kind)]
    unlocking = grade(lab, "-u", "-q", "q1", input=answers)
    assert unlocking.returncode == 0 and unlocking.stdout.count("-- OK! --") == \
        len(answers.splitlines()), unlocking.stdout
    language = {"scheme": "Scheme", "sqlite": "SQLite", "logic": "Logic"}[kind]
    assert f"type what you would expect {language} to print" in unlocking.stdout
    case = casefile.read_literal(lab / "tests" / "q1.py")["suites"][0]["cases"][0]
    assert case["locked"] is False
    assert textwrap.dedent(case["code"]).strip() == session.strip()


# Python sessions whose answer text the lock used to read differently from ok: text after
# a blank line (an answer of its own to ok: review23 F8), a line that starts with `>>>`
# or `...` but no space (answer text to ok), a prompt indented deeper than the case
# (answer text to ok after its dedent)
ODD_SESSIONS = {
    "after a blank line": (">>> print('x\\n\\ny')\nx\n\ny\n>>> 1 + 1\n2\n", "x\ny\n2\n"),
    "prompt-like text": (">>> print('>>>x')\n>>>x\n>>> print('...y')\n...y\n", ">>>x\n...y\n"),
    "deeper prompt": (">>> print('  >>> 3')\n  >>> 3\n>>> 4\n4\n", ">>> 3\n4\n"),
}


@pytest.mark.parametrize("shape", sorted(ODD_SESSIONS))
def test_every_line_ok_reads_as_an_answer_is_locked_as_ok_locks_it(tmp_path, ok_wheel, shape):
    """`grade lock --scheme ok` hashes exactly the lines `ok --lock` hashes: text after a
    blank line was left readable, and `>>>x` was taken for a prompt, its answer in the
    clear. `grade -u` asks for each, and unlocking gives back the staff's text."""
    session, answers = ODD_SESSIONS[shape]
    lab = lab_with_one_case(tmp_path, "wwpp", session, scored=False)
    done = grade(lab, "lock", "tests", "--scheme", "ok")
    assert done.returncode == 0, done.stderr
    locked = casefile.read_literal(lab / "tests" / "q1.py")["suites"][0]["cases"][0]
    assert textwrap.dedent(locked["code"]).strip() == \
        locked_by_ok(ok_wheel, {"PS1": ">>> ", "PS2": "... "}, session).strip()
    for line in answers.splitlines():
        assert line not in textwrap.dedent(locked["code"]).splitlines()
    unlocking = grade(lab, "-u", "-q", "q1", input=answers)
    assert unlocking.returncode == 0 and unlocking.stdout.count("-- OK! --") == \
        len(answers.splitlines()), unlocking.stdout
    case = casefile.read_literal(lab / "tests" / "q1.py")["suites"][0]["cases"][0]
    assert case["locked"] is False
    # (ok's hashes keep no spacing: an answer comes back as the student typed it)
    assert [" ".join(line.split()) for line in textwrap.dedent(case["code"]).strip().splitlines()] \
        == [" ".join(line.split()) for line in session.splitlines()]


LINES = st.sampled_from([">>> f(1)", ">>> 1 + 1", "... 2", ">>>x", "...y", "2", "'a b'",
                         "  >>> 3", "answer", "", "   indented answer", ">>>\tz"])


@settings(max_examples=80, deadline=None)
@given(st.lists(LINES, min_size=1, max_size=8), st.sampled_from(["", "    "]))
def test_any_session_is_locked_as_ok_locks_it(ok_wheel, lines, margin):
    """The class of review23 F8: whatever mix of prompts, answers, blank lines, prompt-like
    text and deeper indentation a session holds, `grade lock --scheme ok` hashes exactly
    the lines `ok --lock` hashes, and keeps the rest as ok keeps it."""
    session = "\n".join([">>> f(0)", *lines])
    code = "".join(f"{margin}{line}\n" if line else "\n" for line in session.splitlines())
    ours, _ = locking.lock_code(code, "ok", "Lab 12")
    theirs = locked_by_ok(ok_wheel, {"PS1": ">>> ", "PS2": "... "}, session)
    assert textwrap.dedent(ours).strip() == theirs.strip()
