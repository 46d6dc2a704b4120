"""Every known bug class, planted in a copy of the reference, is caught by the question
that owns it, and by no question it does not touch.

The mutants are in tests/mutants/catalogue.py. Grading a copy takes about a second of
mostly waiting on a worker process, so the copies selected for a run are all graded
up front on a small thread pool (one worker process each) and each test picks its
result.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import editiontools as checks
import pytest

_spec = importlib.util.spec_from_file_location(
    "hog_mutants", Path(__file__).with_name("mutants") / "catalogue.py")
catalogue = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(catalogue)
MUTANTS = {m.name: m for m in catalogue.MUTANTS}


@pytest.fixture(scope="module")
def reference_source(fa19) -> str:
    return (Path(fa19.reference) / fa19.source).read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def graded_mutants(request, fa19, tmp_path_factory):
    """Futures of GradeResults for the mutants this pytest run selected."""
    return checks.grade_mutants(request, fa19, MUTANTS, tmp_path_factory.mktemp("fa19_mutants"))


# The real students' play bugs each edition's catalogue must carry, as name prefixes of
# generated members (sp14's play returns the template's own line: no missing return there).
REAL_PLAY_BUGS = {
    "fa19": ("real_turn_after_goal", "real_missing_return", "real_strategy_twice",
             "real_feral_flag"),
    "su21": ("real_turn_after_goal", "real_missing_return", "real_strategy_twice"),
    "sp18-contest": ("real_turn_after_goal", "real_missing_return", "real_strategy_twice"),
    "sp13": ("real_turn_after_goal", "real_missing_return", "real_strategy_twice"),
    "sp14": ("real_turn_after_goal", "real_strategy_twice"),
}


@pytest.mark.parametrize("edition", list(REAL_PLAY_BUGS))
def test_every_edition_pins_the_real_play_bugs_to_play_alone(edition):
    """The play bugs real students' commentary was once charged for (a turn after the
    goal, a missing return, a strategy asked twice, feral_hogs ignored) are members of
    every edition's catalogue, in several forms, each allowed to fail only the questions
    that play whole games for their scores (never the commentary question, 06), and
    graded with the rest of the catalogue (here for Fall 2019, by
    tests/test_edition_<edition>.py for the others)."""
    table = json.loads((Path(__file__).resolve().parents[1] / "cases" / edition /
                        "mutation.json").read_text(encoding="utf-8"))
    play_owner = table.get("owners", {}).get("play") or {"sp13": "05"}[edition]
    members = (catalogue.MUTANTS if edition == "fa19" else checks.catalogue(edition).MUTANTS)
    for prefix in REAL_PLAY_BUGS[edition]:
        found = [m for m in members if m.name.startswith(prefix)]
        assert len(found) >= 2 or (found and edition in ("sp13", "sp14")), (edition, prefix)
        for mutant in found:
            assert mutant.may_fail <= {play_owner, "05b"}, mutant.name
            assert mutant.owner in (play_owner, "05b"), mutant.name


def test_the_catalogue_names_real_questions(staff_questions):
    known = set(staff_questions)
    for mutant in MUTANTS.values():
        assert mutant.may_fail <= known, f"{mutant.name} names a question that does not exist"


@pytest.mark.parametrize("name", list(MUTANTS))
def test_patch_applies_to_the_reference(name, reference_source):
    """A patch that silently stopped applying would grade the reference and 'pass'."""
    mutated = MUTANTS[name].apply(reference_source)
    assert mutated != reference_source
    compile(mutated, "hog.py", "exec")


@pytest.mark.parametrize("name", list(MUTANTS))
def test_mutant_is_caught_by_its_own_question(name, graded_mutants):
    checks.check_mutant(MUTANTS[name], graded_mutants[name].result())

