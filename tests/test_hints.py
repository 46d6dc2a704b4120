"""Naming the likely mistake behind a failing question (issue 20, grader/hints.py).

The measure of an edition's catalogue (cases/<edition>/hints.json, for each edition of
EDITIONS): on its real students' bug classes (Fall 2019's in tests/mutants/catalogue.py,
another edition's in tests/mutants/<edition>.py: su21.py, sp14.py, sp13.py,
sp18_contest.py), the hint
shown for a failing question names an entry staff listed the bug under (its "mutants"
list) in at least 80% of the failing questions and a wrong entry in under 5%, and every
bug class is listed. Correct solutions never get one. Each is also measured on the
mutants `grade mutate` kills, here a fixed sample of them (SAMPLE), drawn from every
question (CI grades them from an empty cache: all of them cost minutes);
benchmarks/hint_catalogue.py measures every one for the README.
"""

from __future__ import annotations

import importlib.util
import dataclasses
import json
import math
import random
import re
import shutil
from pathlib import Path

import pytest

from conftest import REPO, mutation_run, run_grade
from editiontools import grade_source, solutions as edition_solutions, template_source
from grader import assignment as assignments, gradescope, hint_mutants, hints, mutate
from grader.bulk import grading as bulk_grading
from grader.bulk import report as bulk_report

# Edition -> the file of its real students' bug classes, whose stem labels them in the
# catalogue ("catalogue:NAME", "su21:NAME"), as benchmarks/hint_catalogue.py does.
REAL_BUGS = {"fa19": "catalogue", "su21": "su21", "sp14": "sp14", "sp13": "sp13",
             "sp18-contest": "sp18_contest"}
EDITIONS = tuple(REAL_BUGS)


def _bug_classes(edition: str):
    path = Path(__file__).with_name("mutants") / f"{REAL_BUGS[edition]}.py"
    spec = importlib.util.spec_from_file_location(f"hint_bugs_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


BUG_CLASSES = {edition: _bug_classes(edition) for edition in EDITIONS}
catalogue = BUG_CLASSES["fa19"]


def label(edition: str, mutant) -> str:
    return f"{REAL_BUGS[edition]}:{mutant.name}"


TIES = next(m for m in catalogue.MUTANTS if m.name == "max_rolls_ties_to_larger")
HELD_OUT_RIGHT = 0.30  # measured with the samples' signatures (33%; all of them: README)
# one killed mutant in SAMPLE[edition] of each question's is measured here (CI grades
# them from an empty cache: a tenth of su21's cost about 20 s; every CI second counts)
SAMPLE = {"fa19": 5, "su21": 20, "sp14": 20, "sp13": 20, "sp18-contest": 20}
# a killed mutant's later questions: at least LATER[edition] times its own question's
# failing questions (sp14's later questions call fewer of the earlier functions: 1.9 over
# all of its killed mutants)
LATER = {"fa19": 2, "su21": 2, "sp14": 1.5, "sp13": 1.5, "sp18-contest": 2}
MOVED_SAMPLE = 10  # and one statement-order mutant in MOVED_SAMPLE (CI grades them unseen)
SOLUTIONS = sorted((Path(__file__).parent / "solutions").glob("*.py"))


@pytest.fixture(scope="module")
def edition_of(fa19):
    """Edition -> its Assignment (loaded once)."""
    loaded = {"fa19": fa19}
    return lambda edition: loaded.setdefault(edition, assignments.load(edition))


@pytest.fixture(scope="module")
def hints_of(edition_of):
    """Edition -> its catalogue."""
    return lambda edition: hints.load(Path(edition_of(edition).cases) / hints.CATALOGUE)


@pytest.fixture(scope="module")
def fa19_hints(hints_of):
    return hints_of("fa19")


@pytest.fixture(scope="module")
def reference_source(fa19) -> str:
    return (Path(fa19.reference) / fa19.source).read_text(encoding="utf-8")


def _measure(shown):
    """(right, wrong, failing questions) of [(expected label, hint or None)]."""
    right = sum(h is not None and label in h.mutants for label, h in shown)
    wrong = sum(h is not None and label not in h.mutants for label, h in shown)
    return right, wrong, len(shown)


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_real_bug_class_is_named(edition, hints_of):
    """Each bug class is listed under an entry of a question it fails (whose sentence,
    staff checked, is true of it)."""
    named = {m for h in hints_of(edition).hints for m in h.mutants}
    missing = [m.name for m in BUG_CLASSES[edition].MUTANTS
               if label(edition, m) not in named]
    assert not missing, f"bug classes no hint names: {missing}"


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_real_bug_classes_get_the_right_hint(edition, hints_of, real_bugs_of):
    """Graded as staff grade them (every question the bug may fail), the hint shown is
    the one named for the bug class."""
    measured = hint_mutants.measure(hints_of(edition), real_bugs_of(edition))
    assert measured["total"] >= len(BUG_CLASSES[edition].MUTANTS)
    assert measured["right"] >= 0.8 * measured["total"], measured
    assert measured["wrong"] < 0.05 * measured["total"], measured["wrongs"]


def mutants_of(assignment) -> list:
    source = (Path(assignment.reference) / assignment.source).read_text(encoding="utf-8")
    return mutate.generate(source, assignment.questions, mutate.load_config(assignment))


def sample(assignment, seed: int = 61) -> list:
    """A fixed SAMPLE[edition]th of the ids of ASSIGNMENT's mutants, drawn from each
    question's."""
    by_owner = {}
    for mutant in mutants_of(assignment):
        by_owner.setdefault(mutant.owner, []).append(mutant.id)
    rng, picked = random.Random(seed), []
    for owner in sorted(by_owner):
        ids = sorted(by_owner[owner])
        rng.shuffle(ids)
        picked += ids[:math.ceil(len(ids) / SAMPLE[assignment.edition])]
    return picked


@pytest.fixture(scope="module")
def killed_of(edition_of):
    """Edition -> the `mutate.Run` of its sample (the sampled mutants' outcomes in the
    edition's whole run, which test_mutation checks), and what every mutant of it that
    `grade mutate` kills shows on the questions its function reaches (graded once)."""
    runs = {}

    def killed(edition: str):
        if edition not in runs:
            wanted = set(sample(edition_of(edition)))
            whole = mutation_run(edition)
            run = dataclasses.replace(whole, outcomes=[
                o for o in whole.outcomes if o.mutant.id in wanted])
            runs[edition] = run, hint_mutants.observe(run)
        return runs[edition]
    return killed


@pytest.fixture(scope="module")
def generated(killed_of):
    """What Fall 2019's sampled killed mutants show (the held-out test cuts to it)."""
    return killed_of("fa19")[1]


@pytest.fixture(scope="module")
def moved(fa19, session_once):
    """What a fixed MOVED_SAMPLEth of the statement-order mutants shows
    (`hint_mutants.reordered`), drawn from each question's (once per session)."""
    return session_once("hints-moved-fa19", lambda: _moved(fa19))


def _moved(fa19):
    by_owner = {}
    for mutant in hint_mutants.reordered(fa19):
        by_owner.setdefault(mutant.owner, []).append(mutant)
    rng, picked = random.Random(62), []
    for owner in sorted(by_owner):
        mutants = sorted(by_owner[owner], key=lambda m: m.id)
        rng.shuffle(mutants)
        picked += mutants[:math.ceil(len(mutants) / MOVED_SAMPLE)]
    calling = hint_mutants.questions_calling(fa19)
    items = [(m.id, {fa19.source: m.source.encode()}, sorted(calling.get(m.function, ())))
             for m in picked]
    return hint_mutants.observe_sources(fa19, items)


@pytest.fixture(scope="module")
def real_bugs_of(edition_of, session_once):
    """Edition -> what its real bug classes show, graded as students' runs are (twice
    each, on every question each may fail), graded once per session."""
    seen = {}

    def observed(edition: str):
        if edition not in seen:
            seen[edition] = session_once(f"hints-real-bugs-{edition}",
                                         lambda: graded(edition))
        return seen[edition]

    def graded(edition: str):
        assignment = edition_of(edition)
        source = (Path(assignment.reference) / assignment.source).read_text(encoding="utf-8")
        items = [(label(edition, m), {assignment.source: m.apply(source).encode()},
                  sorted(m.may_fail)) for m in BUG_CLASSES[edition].MUTANTS]
        return hint_mutants.observe_sources(assignment, items, timeout=4.0)
    return observed


# Student-like mistakes no entry was named from (tests/styles/<edition>.py's BUGS, each
# appended to the reference, graded on every question it may fail): bug -> question -> the
# hint it may be shown, read one by one (its sentence is true of the bug; "a|b": either,
# for a bug that rolls real dice). Any other hint shown is a wrong one.
STYLE_BUG_HINTS = {"su21": {
    "roll_returns_at_first_one": {"01": "01-stops-at-a-one", "03": "03-stops-at-a-one",
                                  "05": "05-stops-at-a-one", "09": "09-dice-1223-three"},
    "roll_while_off_by_one": {"01": "01-sow-sad-without-a-one",
                              "03": "03-sow-sad-without-a-one", "05": "05-one-extra-die",
                              "09": "09-dice-1223-one"},
    "roll_one_counts_as_one_point": {"01": "01-sow-sad-ignored", "03": "03-sow-sad-ignored",
                                     "05": "05-sow-sad-ignored", "09": "09-sow-sad-ignored"},
    "piggy_ones_minus_tens_no_abs": {"03": "03-piggy-wrong", "05": "05-zero-dice-game",
                                     "11": "11-extra-turn-missed"},
    "piggy_whole_number_over_ten": {"02": "02-piggy-three-digit", "03": "03-piggy-three-digit",
                                    "05": "05-piggy-three-digit"},
    "piggy_string_digits": {"03": "03-piggy-156"},
    "take_turn_rolls_six_sided": {"03": "03-turn-sum-wrong|03-sow-sad-without-a-one",
                                  "05": "05-first-game-wrong"},
    "take_turn_missing_return": {"03": "03-returns-none", "05": "05-type-error",
                                 "06": "06-play-type-error"},
    "boar_pads_to_two_digits": {"05": "05-fuzz-extra-turn", "11": "11-boar-10-2"},
    "boar_or_instead_of_and": {"04": "04-boar-32-33", "05": "05-extra-turns-wrongly",
                               "11": "11-no-extra-turn-30-55"},
    "boar_compares_with_own_digits": {"05": "05-boar-game-10-30", "11": "11-many-scores"},
    "play_more_boar_always_player0": {"05": "05-boar-player1"},
    "play_strategy_gets_scores_in_player_order": {"05": "05-strategy1-arguments"},
    "play_extra_turn_past_goal": {"05": "05-extra-turn-after-goal"},
    "play_no_goal_to_take_turn": {"05": "05-goal-not-passed"},
    "say_called_before_the_turn": {"06": "06-commentary-before-first-turn"},
    "say_same_function_every_turn": {"06": "06-commentary-not-kept"},
    "say_only_when_players_change": {"06": "06-no-commentary-extra-turn"},
    "highest_gain_against_other_player": {"07": "07-first-high-not-announced"},
    "highest_singular_point": {"07": "07-wrong-text"},
    "averaged_integer_mean": {"08": "08-average-wrong"},
    "averaged_calls_at_creation": {"08": "08-arguments-dropped", "09": "09-type-error"},
    "max_rolls_zero_to_nine": {"09": "09-ten-never-tried"},
    "piggy_strategy_strict_cutoff": {"10": "10-cutoff-reached", "11": "11-all-pairs-cutoff"},
    "piggy_strategy_returns_cutoff": {"11": "11-like-piggy"},
    "boar_strategy_ignores_cutoff": {"11": "11-piggy-cutoff-missed"},
    "boar_strategy_score_not_updated": {"11": "11-extra-turn-missed"},
    "final_returns_float": {"12": "12-not-an-int"},
    "final_counts_calls": {"12": "12-not-a-function-of-scores"},
}, "sp14": {
    "roll_stops_at_one": {"01": "01-stops-at-a-one", "04": "04-stops-at-a-one",
                          "06": "06-stops-at-a-one"},
    "roll_pig_out_zero": {"01": "01-pig-out-zero", "02": "02-pig-out-zero",
                          "04": "04-pig-out-zero", "06": "06-pig-out-zero"},
    "bacon_tens_and_ones": {"02": "02-bacon-whole-tens"},
    "bacon_last_digit": {"02": "02-bacon-smaller-digit", "04": "04-bacon-game",
                         "07": "07-margin-reached", "08": "08-help-missed",
                         "09": "09-win-rate-low"},
    "take_turn_six_sided_always": {"02": "02-turn-sum-wrong|02-pig-out-without-a-one",
                                   "04": "04-first-game-wrong"},
    "wild_sum_ends_in_seven": {"03": "03-wild-28-missed", "04": "04-wild-not-at-start"},
    "wild_returns_a_roll": {"03": "03-wild-28-missed", "04": "04-type-error"},
    "wild_not_at_zero": {"03": "03-wild-not-at-zero", "04": "04-wild-not-at-start"},
    "play_swap_before_points": {"04": "04-no-swap-at-goal"},
    "play_bacon_own_score": {"04": "04-bacon-game"},
    "play_one_more_turn": {"04": "04-goal-inclusive"},
    "averaged_integer_division": {"05": "05-floor-division", "06": "06-averages-ints"},
    "averaged_first_sample_twice": {"05": "05-average-wrong", "06": "06-tie-game"},
    "max_rolls_rounded_averages": {"06": "06-order-and-samples"},
    "max_rolls_ties_to_larger": {"06": "06-tie-larger"},
    "max_rolls_prints_at_the_end": {"06": "06-threes-wrong"},
    "bacon_strategy_greater_than": {"07": "07-margin-reached", "08": "08-margin-reached"},
    "bacon_strategy_fixed_rolls": {"07": "07-num-rolls-ignored", "08": "08-num-rolls-ignored"},
    "swap_strategy_no_bacon_fallback": {"08": "08-bacon-missed"},
    "swap_strategy_compares_before_bacon": {"08": "08-help-missed"},
    "final_roll_five_always": {"09": "09-win-rate-low"},
    "final_bool_for_zero": {"09": "09-invalid-answer"},
}, "sp13": {
    "roll_announces_always": {"03": "03-announced-when-off"},
    "roll_stops_at_one": {"01": "01-stops-at-a-one", "05": "05-full-game"},
    "roll_pig_out_adds_one": {"01": "01-pig-out-wrong", "02": "02-pig-out-wrong",
                              "05": "05-full-game"},
    "roll_announces_the_total": {"03": "03-announcements-wrong"},
    "bacon_whole_score_over_ten": {"02": "02-bacon-whole-tens"},
    "prime_before_touchdown": {"02": "02-prime-before-touchdown", "05": "05-bacon-game",
                               "08": "08-bacon-rules-59"},
    "one_is_prime": {"02": "02-one-is-prime", "05": "05-full-game"},
    "rules_only_for_dice": {"02": "02-rules-skip-bacon", "05": "05-bacon-game",
                            "08": "08-tied-for-opponent", "09": "09-win-rate-low"},
    "take_turn_name_not_passed": {"03": "03-name-dropped"},
    "draw_backward_diagonal": {"03": "03-two-on-back-diagonal"},
    "draw_ignores_dot": {"03": "03-dot-ignored"},
    "tied_is_zero_dice": {"04": "04-tied-zero-dice", "05": "05-turns-wrong"},
    "tied_multiple_of_seven": {"04": "04-tied-not-ending-in-7", "05": "05-bacon-game-winner"},
    "wild_skips_zero": {"04": "04-wild-not-at-zero", "05": "05-wild-game"},
    "play_no_hog_tied": {"05": "05-turns-wrong"},
    "play_returns_loser": {"05": "05-first-game-wrong"},
    "play_name_of_other_player": {"05": "05-bacon-game"},
    "play_tied_zero_becomes_one": {"05": "05-strategy-game"},
    "play_dice_chosen_once": {"05": "05-wild-game"},
    "average_floor": {"06": "06-average-int"},
    "average_without_args": {"06": "06-arguments-dropped"},
    "comeback_strictly_behind": {"07": "07-margin-exact"},
    "comeback_when_ahead": {"07": "07-ahead"},
    "mean_raw_free_bacon": {"08": "08-tied-for-opponent"},
    "mean_sum_before_bacon": {"08": "08-wild-for-opponent"},
    "final_always_five": {"09": "09-win-rate-low"},
}, "sp18-contest": {
    "roll_breaks_at_one": {"01": "01-stops-at-a-one", "03": "03-stops-at-a-one",
                           "05b": "05b-stops-at-a-one"},
    "roll_adds_one_for_pig_out": {"01": "01-pig-out-ignored", "03": "03-pig-out-ignored",
                                  "05a": "05a-pig-out-ignored", "05b": "05b-pig-out-ignored"},
    "bacon_ones_minus_tens": {"02": "02-bacon-42", "03": "03-bacon-42", "05a": "05a-bacon-game",
                              "05b": "05b-bacon-trot-game"},
    "bacon_page_example": {"02": "02-bacon-42-is-6", "03": "03-bacon-42",
                           "05a": "05a-bacon-game-46-62", "05b": "05b-bacon-42-is-6"},
    "bacon_one_digit_as_both": {"02": "02-one-digit", "03": "03-bacon-one-digit",
                                "05b": "05b-fuzz-bacon"},
    "take_turn_forgets_return": {"03": "03-bacon-returns-none", "05a": "05a-bacon-type-error",
                                 "05b": "05b-bacon-type-error"},
    "take_turn_fair_dice": {"03": "03-turn-sum-wrong|03-pig-out-without-a-one",
                            "05a": "05a-first-game-wrong", "05b": "05b-page-game-wrong"},
    "swap_only_double": {"04": "04-111-37-missed", "05a": "05a-no-swap-45-15",
                         "05b": "05b-fuzz-no-swap"},
    "swap_zero_division": {"04": "04-one-swaps", "05a": "05a-divides-by-zero",
                           "05b": "05b-divides-by-zero", "06": "06-play-divides-by-zero",
                           "07": "07-divides-by-zero"},
    "swap_floats": {"04": "04-111-37-missed", "05a": "05a-no-swap-45-15",
                    "05b": "05b-fuzz-no-swap"},
    "play_swaps_before_points": {"05a": "05a-swap-before-points", "05b": "05b-swap-before-points",
                                 "06": "06-fuzz-commentary-before-swap"},
    "play_bacon_on_own_score": {"05a": "05a-bacon-game", "05b": "05b-bacon-20-67"},
    "play_one_turn_too_many": {"05a": "05a-turn-at-goal"},
    "trot_turns_counted_per_player": {"05b": "05b-no-time-trot"},
    "trot_counter_only_on_player_change": {"05b": "05b-wrong-player-27-33"},
    "trot_unlimited": {"05b": "05b-extra-turn-chains"},
    "say_before_the_swap": {"06": "06-commentary-before-swap"},
    "say_same_function": {"06": "06-commentary-not-kept"},
    "team_name_placeholder": {"07": "07-team-name"},
    "team_name_empty": {"07": "07-team-name"},
    "final_guesses_turn_from_history": {"07": "07-not-a-function-of-scores"},
    "final_returns_none_sometimes": {"07": "07-invalid-answer"},
    "final_numpy_like_float": {"07": "07-invalid-answer"},
}}


@pytest.mark.parametrize("edition", sorted(STYLE_BUG_HINTS))
def test_unseen_student_like_bugs_get_the_right_hint(edition, edition_of, hints_of):
    """Bugs the catalogue was not named from get an entry whose sentence is true of them
    in at least 80% of their failing questions, another in under 5% (the issue's bar)."""
    import styletools
    assignment = edition_of(edition)
    source = (Path(assignment.reference) / assignment.source).read_text(encoding="utf-8")
    callers = BUG_CLASSES[edition].CALLERS
    items = [(b.name, {assignment.source: (source + "\n\n" + b.source).encode()},
              sorted(b.may_fail(callers))) for b in styletools.styles(edition).BUGS]
    observed = hint_mutants.observe_sources(assignment, items, timeout=4.0)
    catalogue_, reviewed = hints_of(edition), STYLE_BUG_HINTS[edition]
    shown = [(name, key, hints.best(catalogue_.for_question(key), seen))
             for name, key, seen in observed]
    wrong = [(name, key, h.id) for name, key, h in shown if h is not None
             and h.id not in reviewed.get(name, {}).get(key, "").split("|")]
    right = sum(h is not None for _, _, h in shown) - len(wrong)
    assert len(shown) >= len(items)
    assert right >= 0.8 * len(shown), (right, len(shown))
    assert len(wrong) < 0.05 * len(shown), wrong


@pytest.fixture(scope="module")
def real_bugs(real_bugs_of):
    return real_bugs_of("fa19")


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_killed_mutant_gets_a_hint(edition, edition_of, killed_of, hints_of):
    """The entries list the mutants they match (`hint_mutants.rebuild`), so what this
    measures is how many killed mutants' failing questions get a hint at all (two
    entries matching one equally give none): in the question that owns the mutant's
    line, at least 80%; in the later questions it also fails (play's, mostly: README),
    fewer are named yet. Measured on the sample, which has mutants of every question."""
    killed, generated = killed_of(edition)
    catalogue_ = hints_of(edition)
    assert {o.mutant.owner for o in killed.outcomes if o.killed} == \
        {m.owner for m in mutants_of(edition_of(edition))}
    owner = {o.mutant.id: o.mutant.owner for o in killed.outcomes}
    own = [o for o in generated if owner.get(o[0]) == o[1]]
    measured = hint_mutants.measure(catalogue_, own)
    assert measured["total"] >= len([o for o in killed.outcomes if o.killed]) * 0.95
    assert measured["right"] >= 0.8 * measured["total"], measured
    everywhere = hint_mutants.measure(catalogue_, generated)
    assert everywhere["total"] > LATER[edition] * measured["total"]
    # the issue's bound: a mistake that rolls real dice may, by chance, show another
    # entry's exact value (README)
    assert everywhere["wrong"] < 0.05 * everywhere["total"], everywhere["wrongs"]


def test_unseen_real_bug_classes_get_the_right_hint(generated, moved, real_bugs, fa19_hints):
    """Held out: with the catalogue cut to the signatures generated mutants show (as if
    no real bug had been seen), a real bug class's failing question gets an entry staff
    listed it under (its sentence is true of it) or none; rarely another one. The issue
    asks for 80% right, which the catalogue cut to every killed and statement-order
    mutant's signatures reaches (81.5%: README, benchmarks/hint_catalogue.py, minutes);
    here it is cut to what a fifth of the killed and a tenth of the statement-order
    mutants show."""
    measured = hint_mutants.measure(hint_mutants.held_out(fa19_hints, generated + moved),
                                    real_bugs, named=fa19_hints)
    assert measured["total"] >= len(catalogue.MUTANTS)
    assert measured["wrong"] < 0.05 * measured["total"], measured["wrongs"]
    assert measured["right"] >= HELD_OUT_RIGHT * measured["total"], measured


@pytest.mark.parametrize("path", SOLUTIONS, ids=lambda p: p.stem)
def test_correct_solutions_never_get_a_hint(path, fa19, tmp_path):
    """Each of tests/solutions/ (appended to the template), graded with Fall 2019's
    catalogue as a student's run is: full marks, no hint."""
    result = grade_source(fa19, template_source(fa19) + "\n\n" + path.read_text(encoding="utf-8"),
                          tmp_path)
    assert result.score == result.max_score
    assert hints.load_for(fa19) is not None
    assert not [q.question.key for q in result.questions if q.hint is not None]
    assert "hint" not in json.dumps(result.record())


CORRECT = [(edition, name) for edition in EDITIONS if edition != "fa19"
           for name in ("reference", *(p.stem for p in edition_solutions(edition)))]


@pytest.mark.parametrize("edition, name", CORRECT, ids=lambda v: v)
def test_an_editions_correct_solutions_never_get_a_hint(edition, name, edition_of, tmp_path):
    """The reference and tests/solutions/<edition>/ (each appended to the template), graded
    with the edition's catalogue as a student's run is: full marks, no hint (the styles of
    tests/styles/<edition>.py get full marks in test_styles, so no hint either)."""
    assignment = edition_of(edition)
    if name == "reference":
        source = (Path(assignment.reference) / assignment.source).read_text(encoding="utf-8")
    else:
        path = next(p for p in edition_solutions(edition) if p.stem == name)
        source = template_source(assignment) + "\n\n" + path.read_text(encoding="utf-8")
    result = grade_source(assignment, source, tmp_path)
    assert result.score == result.max_score
    assert hints.load_for(assignment) is not None
    assert not [q.question.key for q in result.questions if q.hint is not None]
    assert "hint" not in json.dumps(result.record())


# What the untouched template of an edition may be told: each sentence is true of it (its
# stubs return None, its play plays no turn), and no other entry may match it.
TEMPLATE_HINTS = {"su21": {"01": "01-returns-none", "02": "02-returns-none",
                           "03": "03-returns-none", "05": "05-no-turn", "06": "06-no-turn",
                           "09": "09-returns-none"},
                  # sp14's stubs return None (select_dice's None is not four_sided, the
                  # averaged function is not made), its play plays no turn and its
                  # final_strategy always rolls 5 (the baseline's win rate)
                  "sp14": {"01": "01-returns-none", "03": "03-wild-28-missed",
                           "04": "04-no-turn", "05": "05-type-error", "07": "07-returns-none",
                           "09": "09-win-rate-low"},
                  # sp13's stubs return None (draw_number's None has no count, the averaged
                  # function and the strategies are not made) and its final_strategy
                  # always rolls 5
                  "sp13": {"01": "01-returns-none", "02": "02-returns-none",
                           "03": "03-draw-returns-none", "04": "04-tied-returns-none",
                           "05": "05-returns-none", "06": "06-type-error", "07": "07-type-error",
                           "08": "08-type-error", "09": "09-win-rate-low"},
                  # sp18-contest's stubs return None (is_swap's too), its play plays no
                  # turn (nor commentary) and its TEAM_NAME is the placeholder
                  "sp18-contest": {"01": "01-returns-none", "02": "02-returns-none",
                                   "03": "03-returns-none", "04": "04-returns-none",
                                   "05a": "05a-no-turn", "05b": "05b-no-turn", "06": "06-no-turn",
                                   "07": "07-team-name"}}


@pytest.mark.parametrize("edition", sorted(TEMPLATE_HINTS))
def test_the_untouched_template_gets_only_true_hints(edition, edition_of, tmp_path):
    assignment = edition_of(edition)
    result = grade_source(assignment, template_source(assignment), tmp_path)
    assert {q.question.key: q.hint.id for q in result.questions if q.hint is not None} == \
        TEMPLATE_HINTS[edition]


def test_generated_styles_never_get_a_hint(fa19, grade_hog):
    import siblings
    template = (Path(fa19.template) / fa19.source).read_text(encoding="utf-8")
    for solution in siblings.covering():
        result = grade_hog(siblings.compose(template, solution))
        assert result.score == result.max_score, siblings.describe(solution)
        assert all(q.hint is None for q in result.questions)


def test_a_student_sees_the_hint_and_json_carries_its_id(solved_ws, reference_source, tmp_path):
    (solved_ws / "hog.py").write_text(TIES.apply(reference_source), encoding="utf-8")
    out = tmp_path / "result.json"
    done = run_grade("-q", "09", "--json", str(out), cwd=solved_ws)
    assert done.returncode == 1, done.stderr
    assert "Looks like a tie goes to the larger number of dice" in done.stdout
    record = json.loads(out.read_text())["questions"]["09"]
    assert record["hint"] == "09-max-rolls-tie-larger"
    # the same workspace without the bug: no hint at all
    (solved_ws / "hog.py").write_text(reference_source, encoding="utf-8")
    done = run_grade("-q", "09", "--json", str(out), cwd=solved_ws)
    assert done.returncode == 0 and "Looks like" not in done.stdout
    assert "hint" not in json.loads(out.read_text())["questions"]["09"]


def test_the_workspace_catalogue_hides_hidden_cases_and_mutants(student_ws, fa19_hints):
    data = json.loads((student_ws / "tests" / hints.CATALOGUE).read_text())
    entries = data["hints"]
    assert entries and all("mutants" not in e for e in entries)
    assert not [e["id"] for e in entries
                if any(k.startswith("h") for s in e.get("signatures", []) for k in s)]
    assert any(any(k.startswith("h") for k in s) for h in fa19_hints.hints
               for s in h.signatures)
    hints.parse(data)  # still a valid catalogue


def test_bulk_records_gradescope_and_report_carry_the_hint(fa19, reference_source, grade_hog,
                                                           staff_questions, tmp_path):
    sources = {"ties": TIES.apply(reference_source), "ok": reference_source}
    records = []
    for sid, source in sources.items():
        result = grade_hog(source, keys=["09", "10"], timeout=4.0)
        submission = bulk_grading.Submission(id=sid, source=source.encode())
        records.append(bulk_grading.make_record(submission, result, tmp_path))
    questions = [staff_questions["09"], staff_questions["10"]]
    assert records[0]["questions"]["09"]["hint"] == "09-max-rolls-tie-larger"
    assert "hint" not in records[1]["questions"]["09"]
    saved = json.loads(bulk_report.results_json(fa19, records, questions))
    assert saved["submissions"][0]["questions"]["09"]["hint"] == "09-max-rolls-tie-larger"
    assert saved["hints"] == [{"question": "09", "id": "09-max-rolls-tie-larger",
                               "text": records[0]["questions"]["09"]["hint_text"],
                               "students": 1}]
    graded = gradescope.results(records[0], questions)
    shown = next(t for t in graded["tests"] if t["number"] == "09")
    assert "Looks like a tie goes to the larger number" in shown["output"]
    assert "09-max-rolls-tie-larger" in shown["output"]
    page = bulk_report.report_html(fa19, questions, records)
    assert 'data-hint="09-max-rolls-tie-larger"' in page and ">1</td>" in page


@pytest.mark.parametrize("text, problem", [
    ("{not json", "is not valid JSON"),
    ('{"hints": 3}', '"hints" list'),
    ('{"hints": [{"id": "a b", "question": "01", "text": "x", "signature": {"1": "0: 1"}}]}',
     '"id" must be'),
    ('{"hints": [{"id": "a", "question": "01", "text": "x", "signature": {"one": "0: 1"}}]}',
     '"signatures" must be a list of objects mapping case keys'),
    ('{"hints": [{"id": "a", "question": "01", "text": "x", "signatures": [{}]}]}',
     '"signatures" must be a list of objects'),
    ('{"hints": [{"id": "a", "question": "01", "text": "x", "signatures": []}]}',
     "would match every failure"),
    ('{"hints": [{"id": "a", "question": "01", "text": "x", "signature": {"1": "pass"}}]}',
     "would match every failure"),
    ('{"hints": [{"id": "a", "question": "01", "text": "x", "fuzz": "y"},'
     ' {"id": "a", "question": "01", "text": "x", "fuzz": "y"}]}', "used twice"),
    ('{"hints": [{"id": "a", "question": "01", "text": "", "fuzz": "y"}]}', '"text" must be'),
    # chosen by a hidden case's output, shown beside the public ones: an oracle (attack18 H3)
    ('{"hints": [{"id": "a", "question": "01", "text": "x", '
     '"signature": {"1": "~0: value", "h1": "0: 42"}}]}', "mixes public cases"),
])
def test_a_malformed_catalogue_is_a_clear_error(text, problem, tmp_path):
    path = tmp_path / hints.CATALOGUE
    path.write_text(text, encoding="utf-8")
    with pytest.raises(hints.HintsError) as raised:
        hints.load(path)
    assert str(path) in str(raised.value) and problem in str(raised.value)


def test_grade_says_which_catalogue_is_broken(fa19, tmp_path):
    """An assignment folder whose hints.json is broken: `grade` in its workspace stops
    with one line naming the file (exit status 2), not a traceback."""
    folder = tmp_path / "course"
    for part, source in (("reference", fa19.reference), ("cases", fa19.cases),
                         ("student_template", fa19.template)):
        shutil.copytree(source, folder / part)
    done = run_grade("init", str(tmp_path / "ws"), "--unlocked", "--assignment", str(folder))
    assert done.returncode == 0, done.stderr
    (folder / "cases" / hints.CATALOGUE).write_text('{"hints": [{"id": 1}]}', encoding="utf-8")
    done = run_grade("-q", "01", cwd=tmp_path / "ws")
    assert done.returncode == 2
    assert "hints.json" in done.stderr and "\"id\" must be" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def test_only_a_clear_best_match_is_shown():
    one = hints.Hint("a", "01", "x", ({"2": "0: 5"},))
    same = hints.Hint("b", "01", "y", ({"2": "0: 5"},))
    more = hints.Hint("c", "01", "z", ({"2": "0: 5", "3": "1: 7"},))
    seen = {"1": "pass", "2": "0: 5", "3": "1: 7"}
    assert hints.best([one, same], seen) is None
    assert hints.best([one, same, more], seen) is more
    # a failure before the entry's first case: that entry's evidence is not what was seen
    assert hints.best([one], {"1": "0: 9", "2": "0: 5"}) is None


def test_an_unseen_mistake_of_a_named_class_gets_its_hint():
    """A class signature ("~" the example and how it failed) matches outputs no mutant
    gave; an exact fingerprint, where one matches, wins over it; another example, or
    another way of failing, is another class."""
    exact = hints.Hint("ties", "09", "ties go to the larger number", ({"4": "0: 10"},))
    general = hints.Hint("case4", "09", "a tie is broken the wrong way",
                         ({"4": "~0: value"}, {"5": "~0: value"}))
    entries = [exact, general]
    assert hints.best(entries, {"1": "pass", "4": "0: 10"}) is exact
    assert hints.best(entries, {"1": "pass", "4": "0: 7"}) is general
    assert hints.best(entries, {"5": "0: 3"}) is general  # its second signature
    assert hints.best(entries, {"4": "1: 7"}) is None
    assert hints.best(entries, {"4": "0: raised TypeError"}) is None
    assert hints.best(entries, {"4": "0: "}) is None  # None, not a wrong value
    assert hints.behaviour("2: 11 point(s)\nraised AssertionError") == "~2: raised AssertionError"
    assert hints.behaviour("fuzz failed: a turn was played after the goal") == \
        "~fuzz failed: a turn was played after the goal"


def test_a_fuzz_fingerprint_is_the_kind_of_difference_only():
    """The same mistake found in a live game (staff) and a recorded one (a student's
    workspace) differs in the game's particulars, never in its fingerprint's words."""
    live = ("play differs from the reference: turn 7 (player 1 rolls 3 dice from 44-61); "
            "the die was called too rarely: 1 time(s) in a turn of 3 dice (once per die "
            "rolled), then strategy0(61, 45)")
    recorded = ("play differs from the reference: turn 2 (player 0 rolls 5 dice from 0-8); "
                "the die was called too rarely: 2 time(s) in a turn of 5 dice (once per die "
                "rolled), then the commentary")
    assert hints.fuzz_words(live) == hints.fuzz_words(recorded) == "the die was called too rarely"


def test_evidence_that_varies_between_runs_is_kept_as_its_class_or_dropped():
    steady = hint_mutants.steady
    assert steady([{"1": "pass", "2": "0: 4"}] * 2) == {"1": "pass", "2": "0: 4"}
    assert steady([{"1": "0: 10"}, {"1": "0: 7"}]) == {"1": "~0: value"}
    assert steady([{"1": "0: 10"}, {"1": "pass", "2": "0: 7"}]) is None
    assert steady([{"1": "0: 10"}, {"1": "0: raised ValueError"}]) is None


def test_named_proposals_merge_into_the_catalogue():
    data = {"version": 1, "hints": [{"id": "01-a", "question": "01", "text": "x",
                                     "signature": {"2": "0: 5"}}]}
    named = {"groups": [
        {"id": "01-a", "question": "01", "text": "", "signature": {"3": "~1: value"}},
        {"id": "01-b", "question": "01", "text": "y", "signature": {"4": "0: timeout"}},
        {"id": "", "question": "01", "text": "", "signature": {"5": "0: 1"}}]}
    merged = hint_mutants.merge(data, named)
    assert [(e["id"], e["signatures"]) for e in merged["hints"]] == [
        ("01-a", [{"2": "0: 5"}, {"3": "~1: value"}]), ("01-b", [{"4": "0: timeout"}])]
    observed = [("m1", "01", {"1": "pass", "3": "1: 9"}), ("m2", "01", {"4": "0: timeout"}),
                ("real", "01", {"2": "0: 5"})]
    rebuilt = hint_mutants.rebuild(merged, observed, reviewed={"real"})
    assert [e["mutants"] for e in rebuilt["hints"]] == [["m1"], ["m2"]]
    with pytest.raises(hints.HintsError):
        hint_mutants.merge(data, {"groups": [{"id": "01-c", "question": "01", "text": "",
                                              "signature": {"1": "0: 1"}}]})


def test_mutate_hints_proposes_entries_to_name(tmp_path):
    """`grade mutate -q 10 --hints PATH` run from the grader's own folder (where the
    spawned mutate workers once lost the path to the grader) writes the proposals."""
    out = tmp_path / "proposed.json"
    done = run_grade("mutate", "-q", "10", "--no-cache", "--hints", str(out), cwd=REPO,
                     timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    proposed = json.loads(out.read_text())
    groups = proposed["groups"]
    # bacon_strategy's mutants, seen in every question that calls it (11's swap_strategy)
    assert {g["question"] for g in groups} == {"10", "11"}
    assert sum(len(g["mutants"]) for g in groups) == proposed["failing_questions"]
    assert "10-bacon-margin-exclusive" in {g.get("known") for g in groups}
    for question in ("10", "11"):
        sizes = [len(g["mutants"]) for g in groups if g["question"] == question]
        assert sizes == sorted(sizes, reverse=True)


def test_observing_a_few_mutants_keeps_what_the_cache_holds(fa19, reference_source,
                                                            monkeypatch, tmp_path):
    """`grade mutate -q 10 --hints` once replaced the cached observations of every fa19
    mutant by its own few, and the next whole measure graded them all again (minutes).
    Served from the cache, the mutants below (their source now the reference's, which
    fails nothing) still show what their mistakes showed."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    mutants = mutate.generate(reference_source, fa19.questions, mutate.load_config(fa19))
    runs = [mutate.run(fa19, jobs=1, only=[m.id for m in mutants if m.owner == key][:2],
                       use_cache=False) for key in ("08", "10")]
    seen = [o for run in runs for o in hint_mutants.observe(run)]
    assert {o[1] for o in seen} >= {"08", "10"}
    outcomes = [dataclasses.replace(o, mutant=dataclasses.replace(o.mutant,
                                                                  source=reference_source))
                for run in runs for o in run.outcomes]
    both = mutate.Run(fa19, runs[0].config, outcomes, 0.0)
    assert sorted(map(repr, hint_mutants.observe(both))) == sorted(map(repr, seen))


HOMEWORK = REPO / "examples" / "ok" / "hw02"


def test_an_ok_homework_names_the_likely_mistake_from_its_own_catalogue(tmp_path):
    """An ok assignment's hints.json (examples/ok/hw02, named from `grade mutate
    --assignment DIR --hints`) works as an edition's: the solution gets no hint, a
    student whose recursion has no reachable base case gets that one."""
    folder = tmp_path / "hw02"
    shutil.copytree(HOMEWORK, folder, ignore=shutil.ignore_patterns("__pycache__"))
    solved = json.loads(run_grade("--json", "-", cwd=folder).stdout)
    assert all("hint" not in q for q in solved["questions"].values())
    source = (folder / "hw02.py").read_text(encoding="utf-8")
    start = source.index("if n < 10:", source.index("def count_digit"))
    (folder / "hw02.py").write_text(source[:start] + "if n == 10:" +
                                    source[start + len("if n < 10:"):], encoding="utf-8")
    done = run_grade("-q", "count_digit", cwd=folder)
    assert done.returncode == 1
    assert "Looks like count_digit recurses without end" in done.stdout
    record = json.loads(run_grade("-q", "count_digit", "--json", "-", cwd=folder).stdout)
    assert record["questions"]["count_digit"]["hint"] == "count_digit-no-base-case"


@pytest.mark.parametrize("homework", ["hw02", "hw03"])
def test_every_entry_of_the_homework_catalogue_names_mutants_it_matches(homework):
    data = json.loads((HOMEWORK.parent / homework / hints.CATALOGUE).read_text(encoding="utf-8"))
    catalogue = hints.parse(data)
    assert catalogue.hints and all(h.mutants for h in catalogue.hints)


# hand-written, unlike the mutants the catalogue was named from: (function, its text,
# the hint expected)
HW03_BUGS = [
    ("zigzag", """def zigzag(n):
    value, step = 1, 1
    for i in range(1, n):
        if '5' in str(i):
            step = -step
        value += step
    return value
""", "zigzag-misses-multiples-of-5"),
    ("count_sevens", """def count_sevens(n):
    if n == 0:
        return 0
    elif n % 10 != 7:
        return 1 + count_sevens(n // 10)
    return count_sevens(n // 10)
""", "count-sevens-seven-not-counted"),
    ("digit_stream", """def digit_stream(n):
    while n:
        yield n % 10
        n //= 100
""", None),
]


@pytest.mark.parametrize("name, text, expected", HW03_BUGS, ids=[b[0] for b in HW03_BUGS])
def test_a_second_homework_names_mistakes_written_unlike_its_mutants(name, text, expected,
                                                                   tmp_path):
    """examples/ok/hw03's catalogue (named from its mutants' largest groups) on bugs
    written by hand in another style: the right entry, or none where no entry's
    evidence matches (never a wrong one)."""
    folder = tmp_path / "hw03"
    shutil.copytree(HOMEWORK.parent / "hw03", folder,
                    ignore=shutil.ignore_patterns("__pycache__"))
    source = (folder / "hw03.py").read_text(encoding="utf-8")
    start = source.index(f"def {name}(")
    end = source.find("\ndef ", start + 1) % (len(source) + 1)
    body = source[start:end]
    docstring = body[body.index('"""'):body.index('"""', body.index('"""') + 3) + 3]
    lines = text.splitlines(keepends=True)
    patched = lines[0] + "    " + docstring + "\n" + "".join(lines[1:])
    (folder / "hw03.py").write_text(source[:start] + patched + source[end:], encoding="utf-8")
    record = json.loads(run_grade("-q", name, "--json", "-", cwd=folder).stdout)
    assert record["questions"][name]["status"] == "failed"
    assert record["questions"][name].get("hint") == expected


@pytest.mark.parametrize("words, family", [
    ('can only concatenate str (not "int") to str', " (text and a number)"),
    ("unsupported operand type(s) for +: 'int' and 'str'", " (text and a number)"),
    ("'int' object is not callable", " (a value called)"),
    ("'NoneType' object is not callable", ""),
    ("unsupported operand type(s) for +: 'int' and 'NoneType'", ""),
    ("f() missing 1 required positional argument: 'x'", "")])
def test_a_typeerror_no_mutant_raises_is_evidence_of_its_own(words, family):
    """Catalogue entries were named from mutants' TypeErrors (a missing return, a call's
    arguments) and matched any TypeError at that prompt: joining a number to text was
    told that the commentary returns nothing (hunt19 #1)."""
    from grader.model import Case, CaseResult, Suite
    case = Case(number=1, suite=Suite(number=1, type="doctest"))
    result = CaseResult(case, "failed", got=f"Traceback (most recent call last):\n  ...\n"
                                            f"TypeError: {words}\n",
                        traceback="Traceback", failed_example=1)
    assert hints.fingerprint(result).endswith(f"raised TypeError{family}")


def test_text_joined_to_a_number_is_not_told_a_mutants_mistake(edition_of, hints_of):
    """su21's announce_highest joining the player's number to its text was told "each
    call must return the commentary to call next" (hunt19 #1): no entry fits it."""
    import styletools
    assignment = edition_of("su21")
    source = (Path(assignment.reference) / assignment.source).read_text(encoding="utf-8")
    (bug,) = [b for b in styletools.styles("su21").BUGS
              if b.name == "highest_joins_a_number_to_text"]
    observed = hint_mutants.observe_sources(
        assignment, [(bug.name, {assignment.source: (source + "\n\n" + bug.source).encode()},
                      ["07"])], timeout=4.0)
    assert [key for _, key, _ in observed] == ["07"]
    assert [hints.best(hints_of("su21").for_question(key), seen)
            for _, key, seen in observed] == [None]


def test_an_entry_speaks_after_locked_cases_only_where_the_probe_found_it_true():
    """A signature speaks of a mistake whose earlier cases pass. In a student's workspace
    the first cases are locked until unlocked: the first failure seen is then a later
    case, which another mistake may share (hunt21 F13: a player whose points were set,
    not added, was told a 1-die turn scores Piggy Points). Such evidence names an
    entry only when it is marked "locked" (`hint_mutants.mark_locked`: every mutant
    the probe saw it match so is one it lists)."""
    entry = {"id": "05-piggy", "question": "05", "text": "x", "signatures": [{"3": "1: (4, 8)"}],
             "mutants": ["piggy"]}
    locked = {"1": hints.UNSEEN, "2": hints.UNSEEN, "3": "1: (4, 8)"}
    unlocked = {"1": hints.PASS, "2": hints.PASS, "3": "1: (4, 8)"}
    plain = hints.parse({"version": 1, "hints": [entry]}).hints
    assert hints.best(plain, unlocked).id == "05-piggy" and hints.best(plain, locked) is None
    for seen, flagged in (([("piggy", "05", locked)], True),
                          ([("piggy", "05", locked), ("overwrite", "05", locked)], False)):
        marked = hint_mutants.mark_locked({"version": 1, "hints": [entry]}, seen)
        assert marked["hints"][0].get("locked", False) is flagged
        shown = hints.best(hints.parse(marked).hints, locked)
        assert (shown is not None and shown.id) == (flagged and "05-piggy")
    assert hints.first_failure(locked) == ("3", "1: (4, 8)")


@pytest.mark.parametrize("edition,question", [("su21", "05"), ("sp14", "04")])
def test_a_locked_workspace_is_not_told_another_mistake(edition, question, tmp_path):
    """hunt21 F13: in the workspace students get (each question's first cases locked),
    player 0's points set where they are added failed a later case first, whose entry
    blamed Piggy Points (su21) or Free Bacon (sp14). Now no entry speaks there unless
    the probe found it true of what it matched with the cases locked."""
    edition_ = assignments.load(edition)
    ws = tmp_path / "ws"
    assert run_grade("init", str(ws), "--edition", edition).returncode == 0
    source = (edition_.reference / "hog.py").read_text()
    (ws / "hog.py").write_text(source.replace("score0 += take_turn", "score0 = take_turn", 1))
    record = json.loads(run_grade("-q", question, "--json", "-", cwd=ws).stdout)
    # and as the command printed under the failure runs it, the locked cases unseen too
    # (review23 F3)
    rerun = re.search(r"Run just this case: grade (.*)", run_grade("-q", question, cwd=ws).stdout)
    alone = json.loads(run_grade(*rerun.group(1).split(), "--json", "-", cwd=ws).stdout)
    for shown in (record["questions"][question].get("hint"),
                  alone["questions"][question].get("hint")):
        if shown is not None:  # then the entry lists that mistake: its sentence was checked
            entry = hints.load(Path(edition_.cases) / hints.CATALOGUE).by_id()[shown]
            assert any("score0 = take_turn" in m for m in entry.mutants), shown
