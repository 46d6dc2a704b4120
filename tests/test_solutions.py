"""The staff cases accept correct work written unlike the reference, and hold up as a set.

A solution in tests/solutions/ holds only what a student writes; it is appended to the
untouched template, whose stubs its definitions replace, and the whole file is graded.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from grader.verify import verify

SOLUTIONS = sorted(Path(__file__).with_name("solutions").glob("*.py"))


def test_there_are_solutions_in_three_styles_at_least():
    assert len(SOLUTIONS) >= 3


@pytest.mark.parametrize("solution", SOLUTIONS, ids=lambda path: path.stem)
def test_solution_in_another_style_gets_full_marks(solution, fa19, grade_hog):
    template = (Path(fa19.template) / fa19.source).read_text(encoding="utf-8")
    result = grade_hog(template + "\n\n" + solution.read_text(encoding="utf-8"))
    assert result.error is None, result.error
    failed = {q.question.key: next((c.case.code.strip() + f"\n  got: {c.got or c.message}"
                                    for c in q.case_results if not c.passed), q.status)
              for q in result.questions if q.status != "passed"}
    assert not failed, f"{solution.stem} fails:\n" + "\n".join(
        f"{key}: {why}" for key, why in failed.items())
    assert result.score == result.max_score == 22


def test_template_alone_scores_nothing(fa19, grade_hog):
    """The solutions' marks come from their code, not from the template they extend."""
    template = (Path(fa19.template) / fa19.source).read_text(encoding="utf-8")
    assert grade_hog(template).score == 0


def test_verify_reference_passes_every_case_and_template_fails_every_question(fa19):
    verdict = verify(fa19)
    assert verdict.ok, "\n".join(verdict.problems)
    reference_cases = [c for q in verdict.reference.questions for c in q.case_results]
    assert any(c.case.hidden for c in reference_cases), "no hidden case was run"
    assert all(c.passed for c in reference_cases)
    assert verdict.reference.score == verdict.reference.max_score == 22
    scored = [q for q in verdict.template.questions if q.question.points > 0]
    assert scored and all(q.score == 0 for q in scored)


def test_grade_verify_command_exits_zero():
    done = subprocess.run([str(Path(sys.executable).with_name("grade")), "verify"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def _load_hog(name: str, source: str, support: Path):
    """Our own solution (trusted code) as a module, its dice and ucb from SUPPORT."""
    import types
    if str(support) not in sys.path:
        sys.path.insert(0, str(support))
    module = types.ModuleType(name)
    exec(compile(source, f"{name}.py", "exec"), module.__dict__)
    return module


@pytest.fixture(scope="module")
def hogs(fa19):
    template = (Path(fa19.template) / fa19.source).read_text(encoding="utf-8")
    reference = _load_hog("reference_hog",
                          (Path(fa19.reference) / fa19.source).read_text(encoding="utf-8"),
                          Path(fa19.reference))
    return reference, {path.stem: _load_hog(f"solution_{path.stem}",
                                            template + "\n\n" + path.read_text(encoding="utf-8"),
                                            Path(fa19.reference))
                       for path in SOLUTIONS}


def test_solutions_agree_with_the_reference_on_every_score(hogs):
    """Beyond the cases: free_bacon, is_swap and the strategies on every score pair."""
    reference, solutions = hogs
    scores = range(100)
    for name, hog in solutions.items():
        for s in scores:
            assert hog.free_bacon(s) == reference.free_bacon(s), (name, s)
            for o in list(scores) + [100, 101, 110, 123, 150, 199]:
                assert hog.is_swap(s, o) == reference.is_swap(s, o), (name, s, o)
        for s in scores:
            for o in scores:
                for margin, rolls in ((8, 4), (5, 6), (10, 2)):
                    args = (s, o, margin, rolls)
                    assert hog.bacon_strategy(*args) == reference.bacon_strategy(*args)
                    assert hog.swap_strategy(*args) == reference.swap_strategy(*args), (name, args)
                answer = hog.final_strategy(s, o)
                assert type(answer) == int and 0 <= answer <= 10


def _game(hog, table, outcomes, start, goal, feral):
    """Play with table-driven strategies that log their calls and a logging commentary."""
    log = []

    def strategy(who):
        def choose(score, opponent):
            log.append(("ask", who, score, opponent))
            return table[who][(score * 7 + opponent) % len(table[who])]
        return choose

    def say(score0, score1):
        log.append(("say", score0, score1))
        return say

    result = hog.play(strategy(0), strategy(1), *start, dice=hog.make_test_dice(*outcomes),
                      goal=goal, say=say, feral_hogs=feral)
    return result, log


@settings(max_examples=150, deadline=None)
@given(table=st.lists(st.lists(st.integers(0, 10), min_size=1, max_size=12), min_size=2, max_size=2),
       outcomes=st.lists(st.integers(1, 6), min_size=1, max_size=8),
       start=st.tuples(st.integers(0, 60), st.integers(0, 60)),
       goal=st.integers(61, 100), feral=st.booleans())
def test_solutions_play_like_the_reference(hogs, table, outcomes, start, goal, feral):
    reference, solutions = hogs
    expected = _game(reference, table, outcomes, start, goal, feral)
    for name, hog in solutions.items():
        assert _game(hog, table, outcomes, start, goal, feral) == expected, name


def _announcements(hog, who, start, pairs):
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        say = hog.announce_highest(who, *start)
        for pair in pairs:
            say = say(*pair)
    return out.getvalue()


@settings(max_examples=100, deadline=None)
@given(who=st.integers(0, 1), start=st.tuples(st.integers(0, 20), st.integers(0, 80)),
       pairs=st.lists(st.tuples(st.integers(0, 130), st.integers(0, 130)), max_size=15),
       outcomes=st.lists(st.integers(1, 6), min_size=1, max_size=6),
       samples=st.integers(1, 40))
def test_solutions_announce_and_average_like_the_reference(hogs, who, start, pairs,
                                                            outcomes, samples):
    reference, solutions = hogs
    said = _announcements(reference, who, start, pairs)
    averaged = reference.make_averaged(reference.make_test_dice(*outcomes), samples)()
    best = reference.max_scoring_num_rolls(reference.make_test_dice(*outcomes), samples)
    for name, hog in solutions.items():
        assert _announcements(hog, who, start, pairs) == said, name
        assert hog.make_averaged(hog.make_test_dice(*outcomes), samples)() == averaged, name
        assert hog.max_scoring_num_rolls(hog.make_test_dice(*outcomes), samples) == best, name
