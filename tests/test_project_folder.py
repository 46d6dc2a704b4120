"""Student and case code run with the project folder importable, as under ok: `tests.*`
helper modules and the data files beside them work in the worker and in the bulk
sandbox, which shows them read-only and never a case file or this grader's sidecars."""

import json
import shutil
from pathlib import Path

import pytest

from grader import assignment as assignments
from grader.bulk import grading as bulk
from grader.run.runner import CaseJob, Runner
from grader.run.sandbox import Sandbox, bwrap_problem, copy_helpers, helper_files

ASSIGNMENT = assignments.load()
REFERENCE = (ASSIGNMENT.reference / "hog.py").read_text()
SANDBOX = bwrap_problem() is None

HELPER = ("import os\n"
          "HERE = os.path.dirname(os.path.abspath(__file__))\n"
          "def expected_rolls():\n"
          "    with open(os.path.join(HERE, 'play.sol')) as f:\n"
          "        return [int(x) for x in f.read().split()]\n")

# Ways cases reach the helpers and the data file, each printing 4 then 6.
USES = {
    "from-import": ["from tests.play_utils import expected_rolls\n",
                    "print(*expected_rolls(), sep='\\n')\n"],
    "import-dotted": ["import tests.play_utils\n",
                      "print(*tests.play_utils.expected_rolls(), sep='\\n')\n"],
    "from-package": ["from tests import play_utils\n",
                     "print(*play_utils.expected_rolls(), sep='\\n')\n"],
    "subpackage": ["from tests.sub.more import first_two\n",
                   "print(*first_two(), sep='\\n')\n"],
    "data-by-cwd": ["print(open('tests/play.sol').read().split()[0])\n",
                    "print(open('tests/play.sol').read().split()[1])\n"],
    "star-import": ["from tests.play_utils import *\n",
                    "print(*expected_rolls(), sep='\\n')\n"],
}


def bank(folder: Path, helper: str = "play_utils") -> Path:
    """A case folder in the shape of an ok bank: cases, helpers, a data file."""
    folder.mkdir(parents=True)
    (folder / "__init__.py").write_text("")
    (folder / f"{helper}.py").write_text(HELPER)
    (folder / "play.sol").write_text("4 6\n")
    (folder / "sub").mkdir()
    (folder / "sub" / "__init__.py").write_text("")
    (folder / "sub" / "more.py").write_text(f"from tests.{helper} import expected_rolls\n"
                                            "def first_two():\n"
                                            "    return expected_rolls()[:2]\n")
    return folder


def expected_printed(use):
    return ["", "4\n6\n"] if use != "data-by-cwd" else ["4\n", "6\n"]


@pytest.mark.parametrize("use", sorted(USES))
def test_the_worker_imports_tests_helpers_from_the_project_folder(tmp_path, use):
    project = tmp_path / "hog"
    project.mkdir()
    (project / "hog.py").write_text("x = 1\n")
    bank(project / "tests")
    runner = Runner(preflight=("hog",), src=project, timeout=20)
    (_, run), = runner.run([CaseJob(0, USES[use], setup=["from hog import *\n"])])
    assert [o.raised for o in run.outputs] == [None, None], run
    assert [o.printed for o in run.outputs] == expected_printed(use)


@pytest.mark.skipif(not SANDBOX, reason=str(bwrap_problem()))
@pytest.mark.parametrize("use", sorted(USES))
def test_the_sandbox_shows_helpers_read_only(tmp_path, use):
    cases = bank(tmp_path / "cases")
    (cases / "01.py").write_text("test = {'name': 'Question 1', 'points': 1, 'suites': []}\n")
    folder = tmp_path / "copy"
    folder.mkdir()
    (folder / "hog.py").write_text("x = 1\n")
    copy_helpers(cases, folder, helper_files(cases, [cases / "01.py"]))
    with Sandbox(folder, hide=[cases]) as box:
        runner = Runner(preflight=("hog",), src=box.src, wrap=box.wrap, timeout=20)
        probe = ["import os\n",
                 "sorted(os.listdir('tests'))\n",
                 "open('tests/play_utils.py', 'a')\n"]
        (_, run), (_, looked) = runner.run([CaseJob(0, USES[use], setup=["from hog import *\n"]),
                                            CaseJob(1, probe)])
    assert [o.printed for o in run.outputs] == expected_printed(use)
    listed = eval(looked.outputs[1].printed)
    assert set(listed) >= {"__init__.py", "play_utils.py", "play.sol", "sub"}
    assert "01.py" not in listed
    assert looked.outputs[2].raised.type in ("OSError", "PermissionError")  # read-only


def test_helpers_never_include_cases_sidecars_links_or_hidden_files(tmp_path):
    cases = bank(tmp_path / "cases")
    (cases / "01.py").write_text("test = {'name': 'Q1', 'points': 1, 'suites': []}\n")
    (cases / "99.py").write_text("test = {'hidden': 'not loaded, still a case'}\n")
    (cases / "broken.py").write_text("test = {\n")
    (cases / "01.grader.json").write_text("{}")
    (cases / "01.fuzz.json").write_text("{}")
    (cases / "assignment.json").write_text("{}")
    (cases / ".secret").write_text("x")
    (cases / "link.py").symlink_to(cases / "01.py")
    (cases / "__pycache__").mkdir()
    (cases / "__pycache__" / "x.pyc").write_text("")
    (cases / "proj01.ok").write_text(json.dumps({"tests": {"tests/01.py": "ok_test"}}))
    # archives and bytecode of the cases (a backup before an edit, a legacy compile):
    # what they hold cannot be checked (attack22 C1)
    import py_compile
    import zipfile
    with zipfile.ZipFile(cases / "backup.zip", "w") as archive:
        archive.write(cases / "01.py", "01.py")
    py_compile.compile(str(cases / "01.py"), cfile=str(cases / "01.pyc"))
    shutil.copy(cases / "01.pyc", cases / "01.cache")
    # nor a copy of the reference (attack22 C4: ben's buggy hog.py got 22/22 importing it)
    from grader import assignment as assignments
    from grader.staff_copies import screen_of
    fa19 = assignments.load("fa19")
    shutil.copy(fa19.reference / "hog.py", cases / "hog_reference.py")
    (cases / "hog_last_term.py").write_text(
        "# the spring's\n" + (fa19.reference / "hog.py").read_text())
    screen = screen_of(fa19.reference, fa19.template, ["hog.py"])
    found = {str(p) for p in helper_files(cases, [cases / "01.py"], screen=screen)}
    assert found == {"__init__.py", "play_utils.py", "play.sol", "sub/__init__.py",
                     "sub/more.py", "proj01.ok"}


def case_folder(tmp_path: Path) -> Path:
    """Its helper is `_play.py`: case loading (another part of the grader) still takes
    every other top-level .py file for a case file."""
    cases = bank(tmp_path / "cases", helper="_play")
    code = ("        >>> from tests._play import expected_rolls\n"
            "        >>> rolls = expected_rolls()\n"
            "        >>> roll_dice(2, make_test_dice(*rolls))\n"
            "        10\n")
    hidden = ("        >>> from tests import _play\n"
              "        >>> roll_dice(3, make_test_dice(*_play.expected_rolls()))\n"
              "        14\n")
    (cases / "01.py").write_text(
        "test = {'name': 'Question 1', 'points': 2, 'suites': [{'type': 'doctest', "
        "'scored': True, 'setup': '>>> from hog import *', 'teardown': '', 'cases': ["
        f"{{'code': {code!r}, 'hidden': False, 'locked': False}}, "
        f"{{'code': {hidden!r}, 'hidden': True, 'locked': False}}]}}]}}\n")
    return cases


@pytest.mark.parametrize("sandbox", [True, False])
def test_bulk_grading_runs_cases_that_use_helpers(tmp_path, sandbox):
    if sandbox and not SANDBOX:
        pytest.skip(bwrap_problem())
    cases = case_folder(tmp_path)
    submissions = tmp_path / "in"
    (submissions / "reference").mkdir(parents=True)
    (submissions / "reference" / "hog.py").write_text(REFERENCE)
    (submissions / "peeker").mkdir()
    (submissions / "peeker" / "hog.py").write_text(
        REFERENCE + "\nimport os as _os\n"
        "def roll_dice(num_rolls, dice=six_sided):\n"
        "    print(sorted(_os.listdir('tests')))\n"
        "    return 0\n")
    questions = bulk.load_cases(ASSIGNMENT, cases)
    settings = bulk.Settings(timeout=20, budget=60, sandbox=sandbox, jobs=2)
    outcome = bulk.run(submissions, tmp_path / "out", ASSIGNMENT, questions, settings)
    records = {r["id"]: r for r in outcome.records}
    assert records["reference"]["score"] == 2, records["reference"]["failures"]
    peek = records["peeker"]["failures"][0]["detail"]
    assert "_play.py" in peek and "play.sol" in peek and "01.py" not in peek
    shutil.rmtree(tmp_path / "out")
