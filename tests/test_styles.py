"""Correct code nobody here wrote gets full marks, and a student's mistake costs only the
question that owns it, in every edition added for issue 12 (Fall 2019 has its own tests).

The variants are in tests/styles/<edition>.py (see tests/styletools.py). Every variant is
first checked in this process against the reference (`fingerprint`: fast, and a variant
that is not really correct is caught here, not blamed on the cases); then the selected
variants are graded on the staff cases, hidden ones included, on a small thread pool (one
worker process per graded file, as `grade` runs it).
"""

from __future__ import annotations

import contextlib
import doctest
import io
import json
import os
import re
import sys
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Dict, Tuple

import pytest
from hypothesis import given, settings, strategies as st

import editiontools as checks
import styletools
from grader import judge, workspace
from grader.model import Example, ExampleOutput
from grader.run.worker import Capture

EDITIONS = styletools.EDITIONS
STYLES = {edition: styletools.styles(edition) for edition in EDITIONS}
COMBINATIONS = {edition: styletools.combinations(STYLES[edition].ALTERNATIVES)
                for edition in EDITIONS}

COMBO_IDS = [(e, styletools.label(c)) for e in EDITIONS for c in COMBINATIONS[e]]
WHOLE_IDS = [(e, name) for e in EDITIONS for name in STYLES[e].WHOLE]
BUG_IDS = [(e, bug.name) for e in EDITIONS for bug in STYLES[e].BUGS]


def _ids(pairs):
    return [f"{edition}:{name}" for edition, name in pairs]


@pytest.fixture(scope="module")
def assignments():
    return {edition: checks.load(edition) for edition in EDITIONS}


def _quiet_fingerprint(style, hog):
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        return style.fingerprint(hog)


# --- the variants are what they claim to be ---------------------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
def test_every_variant_behaves_like_the_reference(edition, assignments):
    """Each graded combination and each whole file does everything the reference does, in
    this process (so a failing grade is the cases' fault, not the variant's). The
    combinations use every alternative, so every alternative is checked."""
    assignment, style = assignments[edition], STYLES[edition]
    template = checks.template_source(assignment)
    reference = checks.load_hog(assignment, f"reference_{edition}",
                                checks.reference_source(assignment))
    want = _quiet_fingerprint(style, reference)
    for choice in COMBINATIONS[edition]:
        hog = checks.load_hog(assignment, f"combo_{styletools.label(choice)}",
                              styletools.compose(template, style.ALTERNATIVES, choice))
        assert _quiet_fingerprint(style, hog) == want, styletools.label(choice)
    for name, text in style.WHOLE.items():
        hog = checks.load_hog(assignment, f"whole_{name}", template + "\n\n" + text)
        assert _quiet_fingerprint(style, hog) == want, name


@pytest.mark.parametrize("edition", EDITIONS)
def test_alternatives_of_different_functions_never_share_a_helper_name(edition):
    """Any two alternatives can be put in one file: the names they define at the top level
    (other than the function itself) belong to one function's alternatives only."""
    owner: Dict[str, str] = {}
    for function, options in STYLES[edition].ALTERNATIVES.items():
        for source in options:
            names = styletools.defined_names(source)
            assert function in names, f"an alternative of {function} does not define it"
            for name in set(names) - {function}:
                assert owner.setdefault(name, function) == function, (
                    f"{name} is defined by alternatives of {owner[name]} and {function}")


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_graded_combinations_use_every_alternative(edition):
    style = STYLES[edition]
    used = {pair for choice in COMBINATIONS[edition] for pair in choice}
    assert used == set(styletools.single(style.ALTERNATIVES))
    assert all(len(options) >= 3 for options in style.ALTERNATIVES.values())


@pytest.mark.parametrize("edition", EDITIONS)
def test_bugs_name_known_functions_and_questions(edition, assignments):
    catalogue = checks.catalogue(edition)
    questions = set(checks.staff_questions(assignments[edition]))
    for bug in STYLES[edition].BUGS:
        assert bug.broken in catalogue.CALLERS, bug.name
        assert bug.may_fail(catalogue.CALLERS) <= questions, bug.name
    owners = {bug.owner for bug in STYLES[edition].BUGS}
    scored = {key for key, q in checks.staff_questions(assignments[edition]).items()
              if q.points > 0}
    assert scored <= owners, f"no student-like bug for {sorted(scored - owners)}"


# --- grading ----------------------------------------------------------------------------

def _sources(assignments) -> Dict[Tuple[str, str, str], Tuple[str, float]]:
    """(kind, edition, name) -> (hog.py text, case timeout) for everything graded here."""
    items = {}
    for edition in EDITIONS:
        assignment, style = assignments[edition], STYLES[edition]
        template = checks.template_source(assignment)
        reference = checks.reference_source(assignment)
        for choice in COMBINATIONS[edition]:
            items["combo", edition, styletools.label(choice)] = (
                styletools.compose(template, style.ALTERNATIVES, choice), 10.0)
        for name, text in style.WHOLE.items():
            items["whole", edition, name] = (template + "\n\n" + text, 10.0)
        for bug in style.BUGS:
            items["bug", edition, bug.name] = (reference + "\n\n" + bug.source,
                                               checks.MUTANT_TIMEOUT)
    return items


class _Grades(dict):
    """Futures of GradeResults by (kind, edition, name), each submitted when a test first
    asks for it, or all at once by `prefetch`: under pytest-xdist every worker sets this
    module up, and grading every variant on each of them did the whole pool twice."""

    def __init__(self, pool, assignments, root):
        super().__init__()
        self.pool, self.assignments, self.root = pool, assignments, root
        self.sources = _sources(assignments)

    def __missing__(self, key):
        kind, edition, name = key
        text, timeout = self.sources[key]
        self[key] = self.pool.submit(checks.grade_source, self.assignments[edition], text,
                                     self.root / kind / edition / name, timeout=timeout)
        return self[key]

    def prefetch(self, keys):
        for key in sorted(keys):
            self[key]  # noqa: B018 (submits it)


@pytest.fixture(scope="module")
def graded(request, assignments, tmp_path_factory) -> Dict[Tuple[str, str, str], Future]:
    """Futures of the GradeResults of the variants this pytest run selected: in a run of
    one process, all of them on a small thread pool; on an xdist worker, each when its
    test runs (the other workers run the others)."""
    root = tmp_path_factory.mktemp("styles")
    pool = ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 1))
    grades = _Grades(pool, assignments, root)
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        kinds = {"test_combination_gets_full_marks": "combo",
                 "test_whole_file_gets_full_marks": "whole",
                 "test_bug_costs_only_its_owner": "bug"}
        grades.prefetch((kinds[item.originalname], *item.callspec.params["which"])
                        for item in request.session.items
                        if item.module.__name__ == __name__ and hasattr(item, "callspec")
                        and item.originalname in kinds)
    yield grades
    pool.shutdown(wait=True, cancel_futures=True)


def _full_marks(assignment, result) -> None:
    assert result.error is None, result.error
    failed = checks.failures(result)
    assert not failed, "\n".join(f"{key}: {why}" for key, why in failed.items())
    assert result.score == result.max_score == checks.full_marks(assignment)


@pytest.mark.parametrize("which", COMBO_IDS, ids=_ids(COMBO_IDS))
def test_combination_gets_full_marks(which, graded, assignments):
    _full_marks(assignments[which[0]], graded["combo", *which].result())


@pytest.mark.parametrize("which", WHOLE_IDS, ids=_ids(WHOLE_IDS))
def test_whole_file_gets_full_marks(which, graded, assignments):
    _full_marks(assignments[which[0]], graded["whole", *which].result())


@pytest.mark.parametrize("which", BUG_IDS, ids=_ids(BUG_IDS))
def test_bug_costs_only_its_owner(which, graded, assignments):
    edition, name = which
    bug = next(b for b in STYLES[edition].BUGS if b.name == name)
    may_fail = bug.may_fail(checks.catalogue(edition).CALLERS)
    result = graded["bug", edition, name].result()
    assert result.error is None, result.error
    by_key = {q.question.key: q for q in result.questions}
    owner = by_key[bug.owner]
    failing = next((c for c in owner.case_results if c.status in checks.FAILING), None)
    assert owner.status != "passed" and owner.score == 0 and failing is not None, (
        f"{bug.owner} does not catch {name}: {bug.why}")
    charged = sorted(key for key, q in by_key.items() if key not in may_fail
                     and (q.status != "passed" or q.score != q.max_score))
    assert not charged, (f"{name} ({bug.why}) costs {charged} too:\n"
                         + "\n".join(f"{k}: {v}" for k, v in checks.failures(result).items()
                                     if k in charged))


# --- print styles: the judge reads output as doctest does -------------------------------

LINE = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\r\n\x0b\x0c"
                             "\x1c\x1d\x1e\x85\u2028\u2029"), max_size=12)


def _doctest_passes(printed: str, want: str) -> bool:
    """The standard library's own verdict on an example that prints PRINTED."""
    example = doctest.Example(f"_ = __import__('sys').stdout.write({printed!r})\n", want)
    test = doctest.DocTest([example], {}, "printed", "printed.py", 0, None)
    runner = doctest.DocTestRunner(verbose=False)
    runner.run(test, out=lambda text: None)
    return runner.failures == 0


DEBUG_FORMS = ["", "\n", "DEBUG: x\n", "DEBUG: x", "debug x\n", "Debug:y\n", "DEBUG\n",
               "DEBUGGING\n", " DEBUG: z\n", "DEBUG: one\nDEBUG: two\n"]


@settings(max_examples=400, deadline=None)
@given(lines=st.lists(LINE, min_size=1, max_size=3), newline_at_end=st.booleans(),
       before=st.sampled_from(DEBUG_FORMS[2:]), after=st.sampled_from(DEBUG_FORMS),
       want_lines=st.one_of(st.none(), st.lists(LINE, min_size=1, max_size=3)))
def test_output_is_judged_as_doctest_and_ok_judge_it(lines, newline_at_end, before, after,
                                                     want_lines):
    """`print(..., end='')` and `sys.stdout.write` without a final newline: the last line
    of an example needs no newline (doctest and ok both accept it); debugging lines are
    dropped by ok's own rule, as the worker's capture drops them (DEBUG, then a colon or a
    space, in any case: `print('DEBUG', x)` and `print('debug:', x)` too; a last one with
    no newline is kept, as ok keeps it); nothing else is forgiven (a blank line too many,
    lines run together, other text)."""
    body = "\n".join(lines) + ("\n" if newline_at_end else "")
    printed = before + body + after
    want = "\n".join(want_lines if want_lines is not None else lines) + "\n"
    expected_text = styletools.without_debug(printed)
    if want.strip() == "" and not expected_text.strip():
        return  # doctest reads an empty want as "prints nothing"
    capture = Capture(10 ** 9)
    capture.write(printed)
    captured, _ = capture.finish()
    verdict = judge.check_example(Example(source="", want=want), ExampleOutput(printed=captured))
    assert verdict == _doctest_passes(expected_text, want), (printed, want)


# --- a slow but valid final_strategy ------------------------------------------------------

FINAL_QUESTIONS = {"su21": "12", "sp14": "09", "sp13": "09", "sp18-contest": "07"}
PAIRS = 100 * 100


def _run_prompt(source: str, name: str, namespace: dict) -> None:
    """One prompt, as ok's console runs it: a prompt of comments alone does nothing."""
    if all(not line.strip() or line.lstrip().startswith("#") for line in source.splitlines()):
        return
    exec(compile(source, name, "single"), namespace)


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_case_asks_final_strategy_much_more_than_once_per_pair(edition, assignments):
    """The sp18 contest allows a strategy 10 s for every pair of scores, and a case has
    10 s: a case that asks every pair twice (or three times) times out a valid strategy.
    Each case's code runs here with the reference, final_strategy counting its calls."""
    assignment = assignments[edition]
    question = checks.staff_questions(assignment)[FINAL_QUESTIONS[edition]]
    hog = checks.load_hog(assignment, f"counted_{edition}", checks.reference_source(assignment))
    saved = {name: sys.modules.get(name) for name in ("hog", "dice")}
    sys.modules.update(hog=hog, dice=hog.dice)
    try:
        for suite in (s for s in question.suites if s.type == "doctest"):
            for case in suite.cases:
                calls = []
                namespace = {"__name__": "__main__"}
                for example in suite.setup_examples:
                    _run_prompt(example.source, "setup", namespace)
                real = namespace["final_strategy"]

                def counted(score, opponent_score):
                    calls.append(1)
                    return real(score, opponent_score)
                namespace["final_strategy"] = counted
                with contextlib.redirect_stdout(io.StringIO()):
                    for example in case.examples:
                        _run_prompt(example.source, "case", namespace)
                assert len(calls) <= 1.34 * PAIRS, (
                    f"case {case.number} asks final_strategy {len(calls)} times")
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module


# --- the course's own client agrees on the public cases ---------------------------------

# Passes every public case under ok (one announcement per example) although a hidden case
# runs several announcements together: the judge must not fail it for the missing newline.
NO_FINAL_NEWLINE = {"su21": '''
def announce_highest(who, last_score=0, running_high=0):
    def say(score0, score1):
        score = score1 if who else score0
        if score - last_score > running_high:
            import sys
            sys.stdout.write('Player %d has reached a new maximum point gain. %d point(s)!'
                             % (who, score - last_score))
            return announce_highest(who, score, score - last_score)
        return announce_highest(who, score, running_high)
    return say
'''}


BUG_NAMES = {edition: {bug.name for bug in STYLES[edition].BUGS} for edition in STYLES}


def _ok_verdicts(ok_command, ws) -> Dict[str, bool]:
    output = checks.run_ok(ok_command, ws, "--score").stdout
    verdicts = {}
    for number, suffix, got, points in re.findall(r"Question (\d+)(\w*):\s*([\d.]+)/(\d+)",
                                                   output):
        if int(points) > 0:  # a 0-point question shows 0/0 whatever happened
            verdicts[number.zfill(2) + suffix] = float(got) >= int(points)
    assert verdicts, output
    return verdicts


def _grade_verdicts(ws) -> Dict[str, bool]:
    from conftest import run_grade
    done = run_grade("--json", "verdicts.json", cwd=ws, timeout=300)
    assert (ws / "verdicts.json").is_file(), done.stdout + done.stderr
    questions = json.loads((ws / "verdicts.json").read_text())["questions"]
    return {key: q["status"] == "passed" for key, q in questions.items()}


@pytest.mark.parametrize("edition", EDITIONS)
def test_ok_and_grade_agree_on_the_public_cases(edition, assignments, ok_command, tmp_path):
    """Graded side by side with the real ok client on a student workspace (public cases,
    unlocked): a graded combination, the whole files, a few bugs and the print style ok
    forgives get the same verdict per question (ok cannot compute a win rate, and shows a
    0-point question as 0/0: those are left out)."""
    assignment, style = assignments[edition], STYLES[edition]
    ws = workspace.init(assignment, tmp_path / "hog")
    template = checks.template_source(assignment)
    reference = checks.reference_source(assignment)
    variants = {"combination": styletools.compose(template, style.ALTERNATIVES,
                                                  COMBINATIONS[edition][0])}
    variants.update({name: template + "\n\n" + text for name, text in style.WHOLE.items()})
    for bug in style.BUGS[::len(style.BUGS) // 2]:
        variants[bug.name] = reference + "\n\n" + bug.source
    if edition in NO_FINAL_NEWLINE:
        variants["no_final_newline"] = reference + "\n\n" + NO_FINAL_NEWLINE[edition]
    staff = checks.staff_questions(assignment)
    rated = {key for key, q in staff.items() if any(s.type == "winrate" for s in q.suites)}
    # grade also fuzzes play against the reference there, which ok cannot: a bug may fail
    # such a question under grade alone, never the other way round
    fuzzed = {key for key, q in staff.items() if any(s.type == "fuzz" for s in q.suites)}
    for name, text in variants.items():
        (ws / assignment.source).write_text(text, encoding="utf-8")
        ok, mine = _ok_verdicts(ok_command, ws), _grade_verdicts(ws)
        differ = {key: (ok[key], mine.get(key)) for key in ok
                  if key not in rated and ok[key] != mine.get(key)
                  and not (key in fuzzed and ok[key] and not mine.get(key)
                           and name in BUG_NAMES[edition])}
        assert not differ, f"{name}: (ok, grade) verdicts differ: {differ}"
