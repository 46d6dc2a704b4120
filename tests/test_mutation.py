"""The staff cases kill every mutant of the code students write, in the question that
owns it, and charge it to no question that could have avoided it (`grade mutate`).

The whole run grades ~240 mutants in worker processes (a minute or two on two idle
cores) and is cached by the digest of the reference, the cases and the grader, so it
is paid once per change. The cheaper tests below check the machinery itself: mutants
touch only graded lines, running only the cases that reach a mutant gives the verdict
all cases give, and a weakened case bank is caught.
"""

from __future__ import annotations

import ast
import difflib
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from grader import assignment as assignments
from grader.hog import family
from grader import mutate

from conftest import mutation_run


# Every edition whose cases come with a mutation.json (its table) is held to it.
TABLED = [name for name in family.editions()
          if (assignments.load(name).cases / mutate.CONFIG).is_file()]


@pytest.fixture(scope="module", params=TABLED)
def edition_run(request):
    return mutation_run(request.param)


@pytest.fixture(scope="module")
def fa19_run():
    return mutation_run("fa19")


def test_fa19_has_its_table():
    assert "fa19" in TABLED


@pytest.fixture(scope="module")
def fa19_mutants(fa19):
    source = (Path(fa19.reference) / fa19.source).read_text(encoding="utf-8")
    return source, mutate.generate(source, fa19.questions, mutate.load_config(fa19))


def test_every_mutant_is_killed_or_known_equivalent(edition_run):
    new = edition_run.new_survivors()
    assert not new, "mutants no case kills (strengthen the owner's cases, or list one in " \
                    "cases/EDITION/mutation.json's 'equivalent' with the reason):\n" + "\n".join(
                        f"  {o.mutant.owner}: {o.mutant.id}" for o in new)


def test_listed_equivalents_still_exist_and_survive(edition_run):
    assert not edition_run.stale_equivalents()


def test_no_mutant_is_charged_to_a_question_that_could_avoid_it(edition_run):
    wrong = edition_run.cross_charges()
    assert not wrong, "\n".join(f"{q} fails ({how}) {o.mutant.unit}: {o.mutant.id}"
                                for o, q, how in wrong)


def test_every_scored_question_with_code_owns_mutants_and_kills_them_all(fa19_run, fa19):
    scores = fa19_run.scores()
    for key in ("01", "02", "03", "04", "05a", "05b", "06", "07", "08", "09", "10", "11"):
        row = scores[key]
        assert row["mutants"] >= 2, key
        assert row["killed"] + row["equivalent"] == row["mutants"], (key, row)
    kinds = {o.mutant.operator for o in fa19_run.outcomes}
    assert kinds == {"compare", "boundary", "arithmetic", "constant", "negate", "remove",
                     "remove-branch", "swap-arguments", "drop-argument", "drop-operand",
                     "min-max", "no-return", "early-return"}


@pytest.mark.parametrize("edition, function, text", [
    ("sp14", "take_turn", "if (num_rolls <= 1):"),  # one die taken for zero dice
    ("sp14", "take_turn", "in (str(opponent_score)[-2:])"),  # only the last two digits
    ("sp14", "take_turn", "1 + (min((int(digit)"),
    ("su21", "play", "score0 += (take_turn(strategy0(score0, score1), score1, dice))"),  # no goal
    ("su21", "play", "take_turn(strategy1(score1, score0), goal, dice, score0)"),
    ("su21", "play", "while (score0 < goal):"),
    ("fa19", "free_bacon", "return 10 - (max(score // 10, score % 10))"),
    ("fa19", "announce_highest", "        announce_highest(who, gain, score)\n"),  # no return
    ("fa19", "play", "        if who == 0:\n            pass\n        else:"),  # body deleted
    ("fa19", "is_swap", "while (leftmost == 10):"),
    ("fa19", "is_swap", "while (leftmost > 11):"),
])
def test_operators_make_the_bugs_students_write(edition, function, text):
    """Students' bugs the issue lists (a one-die turn taken for Free Bacon, the last two
    digits only, a call that omits goal, min for max, a lost return, a deleted branch,
    a moved boundary) are each one generated mutant of the reference."""
    a = assignments.load(edition)
    source = (Path(a.reference) / a.source).read_text(encoding="utf-8")
    mutants = mutate.generate(source, a.questions, mutate.load_config(a))
    assert text not in source
    assert [m for m in mutants if m.function == function and text in m.source], text


def test_boundary_moves_are_distinct_predicates():
    """`x < 2` and `x <= 1` are one predicate on ints: one mutant, not two."""
    node = ast.parse("x == 0", mode="eval").body
    moves = mutate._boundary_moves(node, 0)
    keys = [mutate._predicate(op, c) for op, c in moves]
    assert len(set(keys)) == len(keys)
    assert (ast.LtE, 1) in keys and (ast.Eq, 0) not in keys and (ast.NotEq, 0) not in keys


def test_a_mutant_the_table_names_may_fail_that_question_and_no_other_of_its_unit():
    """Question 6 avoids every bug of play but a few (a play that plays no turn, or
    returns before the commentary of its turn): the table names those one by one, so
    any other play mutant failing 6 is still a cross-charge; a name that matches no
    mutant any more is reported, as a stale equivalent is."""
    config = mutate.Config(unavoidable={"06": {"raises": {"play": "a play that raises"},
                                               "mutants": {"play: a -> b": "no turn"}}})
    assert config.allowed("06", "play", crashed=False, mutant="play: a -> b")
    assert not config.allowed("06", "play", crashed=False, mutant="play: a -> c")
    assert config.allowed("06", "play", crashed=True, mutant="play: a -> c")
    assert not config.allowed("05b", "play", crashed=False, mutant="play: a -> b")
    run = mutate.Run(None, config, [], 0.0, generated={"play: a -> c"})
    assert run.stale_equivalents() == ["play: a -> b"]


@pytest.mark.parametrize("edition", TABLED)
def test_the_table_names_real_questions_and_units(edition):
    """A misspelt question or unit would be an entry that allows nothing (or a free
    function that hides nothing): every name in each edition's table exists."""
    a = assignments.load(edition)
    source = (Path(a.reference) / a.source).read_text(encoding="utf-8")
    config = mutate.load_config(a)
    units = {m.unit for m in mutate.generate(source, a.questions, config)}
    graded = mutate.graded_lines(source)
    functions = {node.name for node in ast.parse(source).body
                 if isinstance(node, ast.FunctionDef)
                 and any(line in graded for line in range(node.lineno, node.end_lineno + 1))}
    for function, why in config.free.items():
        assert function in functions and len(why) > 10, function
    assert set(config.owners.values()) <= set(a.questions)
    for region in config.regions:
        assert region["owner"] in a.questions, region
    for question, table in config.unavoidable.items():
        assert question in a.questions
        for part in ("calls", "raises"):
            for unit, why in table.get(part, {}).items():
                assert unit in units, (question, unit)
                assert len(why) > 5, (question, unit)
        for key, why in table.get("mutants", {}).items():
            assert len(why) > 10, (question, key)
    for key, why in config.equivalent.items():
        assert len(why) > 10, key


def test_mutants_change_only_graded_lines_and_compile(fa19_mutants):
    source, mutants = fa19_mutants
    graded = mutate.graded_lines(source)
    old = source.splitlines()
    assert len(mutants) > 150
    assert len({m.id for m in mutants}) == len(mutants)
    for mutant in mutants:
        compile(mutant.source, "hog.py", "exec")
        changed = [line for tag, i1, i2, _, _ in
                   difflib.SequenceMatcher(None, old, mutant.source.splitlines()).get_opcodes()
                   if tag != "equal" for line in range(i1 + 1, max(i2, i1 + 1) + 1)]
        assert changed and (changed[0] in graded or changed[0] - 1 in graded), mutant.id


def test_play_regions_belong_to_5b_and_6(fa19_mutants):
    owners = {}
    for mutant in fa19_mutants[1]:
        owners.setdefault(mutant.unit, set()).add(mutant.owner)
    assert owners["play"] == {"05a"}
    assert owners["play/feral_hogs"] == {"05b"}
    assert owners["play/commentary"] == {"06"}


@pytest.mark.parametrize("edition, units", [
    ("su21", {"play": {"05"}, "play/commentary": {"06"}}),
    ("sp18-contest", {"play": {"05a"}, "play/time_trot": {"05b"}, "play/commentary": {"06"}}),
])
def test_play_regions_of_the_other_editions(edition, units):
    """su21's More Boar is question 5's own; the contest's Time Trot is 5b's; commentary
    in play is 6's in both (the seed pages' problem numbers)."""
    a = assignments.load(edition)
    source = (Path(a.reference) / a.source).read_text(encoding="utf-8")
    owners = {}
    for mutant in mutate.generate(source, a.questions, mutate.load_config(a)):
        if mutant.function == "play":
            owners.setdefault(mutant.unit, set()).add(mutant.owner)
    assert owners == units


def _all_questions(mutant, fa19):
    """The questions MUTANT fails when every case of every question runs."""
    mutate._init("fa19", None, {
        key: ({mutant.function}, 2.0) for key in
        ((q.key, c.number) for q in mutate._for_mutants(
            mutate.casefile.load_questions(fa19.cases)) for c in q.cases)})
    return mutate._grade_mutant(mutant).failed


def test_running_only_the_cases_that_reach_a_mutant_changes_no_verdict(fa19_run, fa19):
    """The run grades each mutant only on the cases that call its function on the
    reference, and not on questions the table lets fail anyway; with every case of
    every question run, the same questions fail among those it grades (one mutant per
    function), and no other question fails that the table forbids."""
    config = mutate.load_config(fa19)
    picked = {}
    for outcome in fa19_run.outcomes:
        if outcome.failed and outcome.mutant.function not in picked:
            picked[outcome.mutant.function] = outcome
    for outcome in picked.values():
        everything = _all_questions(outcome.mutant, fa19)
        unit = outcome.mutant.unit
        graded = {q for q in everything
                  if q == outcome.mutant.owner
                  or not config.allowed(q, unit, crashed=False, mutant=outcome.mutant.id)}
        assert graded == set(outcome.failed), outcome.mutant.id


def test_skipping_the_questions_the_table_allows_changes_no_verdict(fa19_run, fa19):
    """The cheaper run (the default: the edition's whole run) and --every-question
    agree on what is killed and on every cross-charge, for mutants of roll_dice and
    take_turn (which most questions call) and of free_bacon (which some must avoid)."""
    picked = [o.mutant.id for owner in ("01", "02", "03") for o in
              [o for o in fa19_run.outcomes if o.mutant.owner == owner][::4]]
    full_run = mutate.run(fa19, jobs=2, only=picked, use_cache=False, every_question=True)
    cheap = {o.mutant.id: o for o in fa19_run.outcomes if o.mutant.id in picked}
    full = {o.mutant.id: o for o in full_run.outcomes}
    assert cheap.keys() == full.keys()
    assert any(len(o.failed) > len(cheap[key].failed) for key, o in full.items())
    for key, outcome in full.items():
        assert outcome.killed == cheap[key].killed, key
        assert set(cheap[key].failed) <= set(outcome.failed), key
    assert ([(o.mutant.id, q) for o, q, _ in fa19_run.cross_charges() if o.mutant.id in cheap]
            == [(o.mutant.id, q) for o, q, _ in full_run.cross_charges()])


def test_a_weakened_case_bank_lets_mutants_survive(tmp_path, fa19):
    """Keep only question 7's first case: some of 7's mutants survive, and the check
    (the same code `grade mutate` and the tests above use) says so."""
    folder = tmp_path / "course"
    shutil.copytree(fa19.reference, folder / "reference")
    shutil.copytree(fa19.template, folder / "student_template")
    shutil.copytree(fa19.cases, folder / "cases", ignore=shutil.ignore_patterns("__pycache__"))
    path = folder / "cases" / "07.py"
    data = mutate.casefile.read_literal(path)
    data["suites"][0]["cases"] = data["suites"][0]["cases"][:1]
    path.write_text(mutate.casefile.dump(data), encoding="utf-8")
    result = mutate.run(assignments.load(path=folder), jobs=2, only=["07"], use_cache=False)
    survivors = result.new_survivors()
    assert survivors and {o.mutant.owner for o in survivors} == {"07"}
    assert mutate.show(result, quiet=True) == 1


def test_grade_mutate_command_reports_scores_and_exits_zero(fa19_run, tmp_path):
    out = tmp_path / "mutants.json"
    done = subprocess.run([sys.executable, "-m", "grader.cli", "mutate", "--json", str(out)],
                          capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stdout + done.stderr
    record = json.loads(out.read_text())
    assert record["new_survivors"] == [] and record["cross_charges"] == []
    assert "Mutation testing of the fa19 cases" in done.stdout
    assert len(record["mutants"]) == len(fa19_run.outcomes)


def test_free_functions_get_no_mutants(fa19, fa19_mutants):
    """A function whose code is the student's choice (only its validity is graded, like
    a final strategy) is left alone when the table says so."""
    source, mutants = fa19_mutants
    config = mutate.load_config(fa19)
    config.free = {"final_strategy": "any valid strategy is right"}
    freed = mutate.generate(source, fa19.questions, config)
    assert {m.id for m in freed} == {m.id for m in mutants if m.function != "final_strategy"}


def test_a_commentary_call_that_raises_in_fuzz_games_is_a_crash(fa19):
    """5a's and 5b's fuzz games show a play that raised as `play raised ...`, with no
    traceback: the commentary call missing an argument raises on every turn, which
    the table lets 5a fail (by raising), so it is no cross-charge."""
    mutant = "play: say = say(score0, score1) -> say = (say(score0))"
    result = mutate.run(fa19, jobs=2, only=[mutant], use_cache=False, every_question=True)
    [outcome] = result.outcomes
    assert outcome.killed and outcome.failed["05a"] == "crash", outcome.failed
    assert not result.cross_charges()


@pytest.mark.parametrize("edition, question", [("sp14", "02"), ("su21", "03")])
def test_visible_cases_tell_one_die_from_zero_dice(tmp_path, edition, question):
    """A take_turn that treats one die like zero dice (`num_rolls <= 1`) fails the cases
    students see, not only the hidden ones: a one-die turn whose points differ from
    the 0-dice rule's."""
    a = assignments.load(edition)
    folder = tmp_path / "course"
    shutil.copytree(a.reference, folder / "reference")
    shutil.copytree(a.template, folder / "student_template")
    shutil.copytree(a.cases, folder / "cases", ignore=shutil.ignore_patterns("__pycache__"))
    for path in (folder / "cases").glob("*.py"):
        data = mutate.casefile.read_literal(path)
        for suite in data["suites"]:
            suite["cases"] = [c for c in suite["cases"] if not c.get("hidden")]
        path.write_text(mutate.casefile.dump(data), encoding="utf-8")
    mutant = "take_turn: if num_rolls == 0: -> if (num_rolls <= 1):"
    result = mutate.run(assignments.load(path=folder), jobs=2, only=[mutant], use_cache=False)
    [outcome] = result.outcomes
    assert question in outcome.failed, outcome.failed
