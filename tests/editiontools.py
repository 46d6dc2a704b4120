"""What every edition of Hog must pass, written once; tests/test_edition_<edition>.py runs
it for one edition (Fall 2019 keeps its own older tests).

- `verify`: the reference passes every case (hidden ones too), the untouched template
  scores nothing on any scored question.
- Solutions in tests/solutions/<edition>/ hold only what a student writes; each is appended
  to the untouched template (its definitions replace the stubs) and gets full marks.
- tests/mutants/<edition>.py lists broken copies of the reference; each fails the question
  that owns the bug and no question that cannot reach the broken function.
- The real ok client scores a workspace of the reference full marks and of the template 0.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import types
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Callable, Dict, Iterable, List, Optional

from grader import assignment as assignments
from grader import workspace
from grader.load import casefile
from grader.model import GradeResult
from grader.run.runner import Runner
from grader.session import grade
from grader.verify import verify

TESTS = Path(__file__).resolve().parent
FAILING = ("failed", "error", "timeout")
# The reference runs any case in well under a second; a mutant that loops or crawls
# fails at this timeout all the same.
MUTANT_TIMEOUT = 4.0
# ... and a question it may not fail that timed out is graded again with this one (settle)
SETTLE_TIMEOUT = 60.0


def template_source(assignment) -> str:
    return (Path(assignment.template) / assignment.source).read_text(encoding="utf-8")


def reference_source(assignment) -> str:
    return (Path(assignment.reference) / assignment.source).read_text(encoding="utf-8")


def staff_questions(assignment):
    return {q.key: q for q in casefile.load_questions(assignment.cases)}


def full_marks(assignment) -> float:
    """What `grade` awards a perfect submission: the case files' points, with a win-rate
    suite's configured points where the edition sets a threshold (sp14, sp13)."""
    from grader.session import kinds_for, prepare
    questions = list(staff_questions(assignment).values())
    prepare(questions, kinds_for(assignment))
    return sum(q.points for q in questions)


def ok_full_marks(assignment) -> float:
    """What ok awards a perfect submission: the case files' points only (ok cannot compute
    a win rate, so a win rate's points are `grade`'s alone)."""
    return sum(q.points for q in staff_questions(assignment).values())


def grade_source(assignment, source: str, folder: Path, keys: Optional[Iterable[str]] = None,
                 timeout: float = 10.0) -> GradeResult:
    """Grade the hog.py text SOURCE (support files from the reference beside it) on the
    staff cases, hidden ones included, as staff grading does."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / assignment.source).write_text(source, encoding="utf-8")
    for name in assignment.support:
        shutil.copy(Path(assignment.reference) / name, folder / name)
    questions = staff_questions(assignment)
    wanted = list(questions) if keys is None else list(keys)
    runner = Runner(src=folder, timeout=timeout, preflight=(assignment.module,))
    return grade([questions[k] for k in wanted], runner, assignment=assignment,
                 respect_locks=False)


def failures(result: GradeResult) -> Dict[str, str]:
    """Question key -> its first failing case and what it gave, for every question short
    of full marks."""
    return {q.question.key: next((c.case.code.strip() + f"\n  got: {c.got or c.message}"
                                  for c in q.case_results if not c.passed), q.status)
            for q in result.questions if q.status != "passed" or q.score != q.max_score}


# --- verify ----------------------------------------------------------------------------

def check_verify(assignment) -> None:
    verdict = verify(assignment)
    assert verdict.ok, "\n".join(verdict.problems)
    reference_cases = [c for q in verdict.reference.questions for c in q.case_results]
    assert any(c.case.hidden for c in reference_cases), "no hidden case was run"
    assert any(c.case.locked for c in reference_cases), "no case is marked locked"
    assert all(c.passed for c in reference_cases)
    assert verdict.reference.score == verdict.reference.max_score == full_marks(assignment)
    scored = [q for q in verdict.template.questions if q.question.points > 0]
    assert scored and all(q.score == 0 for q in scored)


def check_verify_command(edition: str) -> None:
    done = subprocess.run([str(Path(sys.executable).with_name("grade")), "verify", "--edition",
                           edition], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "reference passes every case" in done.stdout


# --- solutions -------------------------------------------------------------------------

def solutions(edition: str) -> List[Path]:
    return sorted((TESTS / "solutions" / edition).glob("*.py"))


def check_solution(assignment, solution: Path, folder: Path) -> None:
    result = grade_source(assignment, template_source(assignment) + "\n\n"
                          + solution.read_text(encoding="utf-8"), folder)
    assert result.error is None, result.error
    failed = failures(result)
    assert not failed, f"{solution.stem} fails:\n" + "\n".join(
        f"{key}: {why}" for key, why in failed.items())
    assert result.score == result.max_score == full_marks(assignment)


def load_hog(assignment, name: str, source: str) -> types.ModuleType:
    """Our own code (trusted) as a module, with the reference's dice and ucb."""
    support = str(assignment.reference)
    saved = {m: sys.modules.pop(m) for m in ("dice", "ucb") if m in sys.modules}
    sys.path.insert(0, support)
    try:
        module = types.ModuleType(name)
        exec(compile(source, f"{name}.py", "exec"), module.__dict__)
        module.dice = sys.modules["dice"]
    finally:
        sys.path.remove(support)
        for m in ("dice", "ucb"):
            sys.modules.pop(m, None)
        sys.modules.update(saved)
    return module


def hogs(assignment):
    """(the reference, {solution name: solution}) as modules."""
    template = template_source(assignment)
    reference = load_hog(assignment, f"reference_{assignment.edition}",
                         reference_source(assignment))
    return reference, {path.stem: load_hog(assignment, f"solution_{path.stem}",
                                           template + "\n\n" + path.read_text(encoding="utf-8"))
                       for path in solutions(assignment.edition)}


# --- mutants ---------------------------------------------------------------------------

def catalogue(edition: str) -> types.ModuleType:
    path = TESTS / "mutants" / f"{edition.replace('-', '_')}.py"
    spec = importlib.util.spec_from_file_location(f"mutants_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def settle(mutant, result: GradeResult,
           regrade: Callable[[List[str], float], GradeResult]) -> GradeResult:
    """RESULT, with each question outside MUTANT.may_fail that timed out graded again,
    alone, by REGRADE(keys, SETTLE_TIMEOUT). Some bugs make correct games slow: with Pig
    Out worth nothing, the commentary question's 500 games take 3.6 s on a quiet machine,
    against MUTANT_TIMEOUT, and a loaded one charged them to 06. A real hang still fails
    (as `grade mutate` settles its doubtful verdicts with more patience)."""
    late = [q.question.key for q in result.questions
            if q.question.key not in mutant.may_fail and q.status == "timeout"]
    if not late or result.error is not None:
        return result
    again = {q.question.key: q for q in regrade(late, SETTLE_TIMEOUT).questions}
    return GradeResult([again.get(q.question.key, q) for q in result.questions], result.error)


def grade_mutant(assignment, mutant, folder: Path) -> GradeResult:
    """MUTANT applied to the reference, graded as staff grade (see settle)."""
    source = mutant.apply(reference_source(assignment))
    result = grade_source(assignment, source, folder, timeout=MUTANT_TIMEOUT)
    return settle(mutant, result, lambda keys, timeout: grade_source(
        assignment, source, folder, keys, timeout=timeout))


def grade_mutants(request, assignment, mutants, tmp: Path) -> Dict[str, Future]:
    """Futures of the GradeResults of the mutants whose test_mutant_is_caught_by_its_own_question
    the session selected in REQUEST's module, graded on a small thread pool (one worker
    process each): grading one takes about a second of mostly waiting. What is still
    queued when the module ends (a run stopped by -x or Ctrl-C) is dropped."""
    names = [item.callspec.params["name"] for item in request.session.items
             if item.originalname == "test_mutant_is_caught_by_its_own_question"
             and item.module.__name__ == request.module.__name__]
    pool = ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 1))
    futures = {name: pool.submit(grade_mutant, assignment, mutants[name], tmp / name)
               for name in dict.fromkeys(names)}
    request.addfinalizer(lambda: pool.shutdown(wait=True, cancel_futures=True))
    return futures


def _describe(result: GradeResult) -> str:
    lines = []
    for q in result.questions:
        bad = next((c for c in q.case_results if c.status in FAILING), None)
        where = f" case {bad.case.number} {bad.status}" if bad else ""
        lines.append(f"  {q.question.key}: {q.status} {q.score:g}/{q.max_score:g}{where}")
    return "\n".join(lines)


def check_mutant(mutant, result: GradeResult) -> None:
    """The owner catches MUTANT (score 0, a failing case that says why); no question
    outside mutant.may_fail loses a point."""
    assert result.error is None, f"{mutant.name} does not even import: {result.error}"
    by_key = {q.question.key: q for q in result.questions}
    summary = f"\n{mutant.name}: {mutant.why}\n{_describe(result)}"
    owner = by_key[mutant.owner]
    failing = next((c for c in owner.case_results if c.status in FAILING), None)
    assert owner.status != "passed" and owner.score == 0 and failing is not None, (
        f"NOT CAUGHT by question {mutant.owner}: {summary}")
    why = failing.message or failing.traceback or (failing.expected + failing.got)
    # a doctest case shows its code, a fuzz case the game it lost; a win-rate case has
    # neither, its message says it all
    shown = failing.case.code.strip() or failing.transcript.strip() \
        or failing.case.suite.type not in ("doctest", "fuzz")
    assert shown and why.strip(), (
        f"{mutant.owner} fails {mutant.name} without saying which case and why")
    wrongly_charged = {key: q for key, q in by_key.items() if key not in mutant.may_fail
                       and (q.status != "passed" or q.score != q.max_score)}
    assert not wrongly_charged, (
        f"{mutant.name} is charged to questions that do not own it: "
        f"{sorted(wrongly_charged)}{summary}\n" + "\n".join(
            c.case.code.strip() for q in wrongly_charged.values()
            for c in q.case_results if c.status in FAILING))


# --- the real ok client ----------------------------------------------------------------

def run_ok(ok_command, ws: Path, *args) -> subprocess.CompletedProcess:
    env = {**os.environ, "HOME": str(ws.parent), "http_proxy": "http://127.0.0.1:9",
           "https_proxy": "http://127.0.0.1:9"}
    return subprocess.run([str(ok_command), "--local", "--config", "hog.ok", *args], cwd=ws,
                          env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL,
                          timeout=300)


def ok_total(ok_command, ws: Path) -> float:
    output = run_ok(ok_command, ws, "--score").stdout
    match = re.search(r"Total: ([\d.]+)", output)
    assert match, output
    return float(match.group(1))


def check_ok_scores(assignment, ok_command, folder: Path) -> None:
    ws = workspace.init(assignment, folder)
    assert ok_total(ok_command, ws) == 0
    shutil.copy(Path(assignment.reference) / assignment.source, ws / assignment.source)
    assert ok_total(ok_command, ws) == ok_full_marks(assignment)


def load(edition: str):
    return assignments.load(edition)
