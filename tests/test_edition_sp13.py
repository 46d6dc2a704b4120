"""Spring 2013 (Hog Tied, Hog Wild, Free Bacon by the tens digit, Touchdown, Hogtimus Prime;
`play` returns the winner; ASCII dice commentary) holds up as a complete assignment: see
editiontools for what each shared check means."""

from __future__ import annotations

import contextlib
import io
import random

import pytest
from hypothesis import given, settings, strategies as st

import editiontools as checks
from grader import mutate
from grader.hog import editions

EDITION = "sp13"
SOLUTIONS = checks.solutions(EDITION)
CATALOGUE = checks.catalogue(EDITION)
MUTANTS = {m.name: m for m in CATALOGUE.MUTANTS}


@pytest.fixture(scope="module")
def sp13():
    return checks.load(EDITION)


def test_points_follow_the_page(sp13):
    """The page's problems and points: 17 for correctness, the final strategy's 3 for a win
    rate of at least 0.60 against always_roll(5)."""
    points = {key: q.points for key, q in checks.staff_questions(sp13).items()}
    assert points == {"01": 2, "02": 1, "03": 1, "04": 1, "05": 3, "06": 2, "07": 2, "08": 2,
                      "09": 0}
    winrate = sp13.config["winrate"]
    assert (winrate["baseline"], winrate["threshold"], winrate["points"]) == (5, 0.60, 3)
    assert checks.full_marks(sp13) == 17 and checks.ok_full_marks(sp13) == 14


def test_verify_reference_passes_every_case_and_template_fails_every_question(sp13):
    checks.check_verify(sp13)


def test_grade_verify_command_exits_zero():
    checks.check_verify_command(EDITION)


def test_template_alone_scores_nothing(sp13, tmp_path):
    assert checks.grade_source(sp13, checks.template_source(sp13), tmp_path).score == 0


def test_there_are_solutions_in_two_styles_at_least():
    assert len(SOLUTIONS) >= 2


@pytest.mark.parametrize("solution", SOLUTIONS, ids=lambda path: path.stem)
def test_solution_in_another_style_gets_full_marks(sp13, solution, tmp_path):
    checks.check_solution(sp13, solution, tmp_path)


# --- the solutions agree with the reference beyond the cases ---------------------------

@pytest.fixture(scope="module")
def hogs(sp13):
    return checks.hogs(sp13)


def test_solutions_agree_on_every_score(hogs):
    reference, solutions = hogs
    for name, hog in solutions.items():
        for o in range(300):
            assert hog.take_turn(0, o) == reference.take_turn(0, o), (name, o)
        for s in range(0, 200, 3):
            for o in range(200):
                assert hog.num_allowed_dice(s, o) == reference.num_allowed_dice(s, o)
                assert (hog.select_dice(s, o) is hog.four_sided) == \
                       (reference.select_dice(s, o) is reference.four_sided), (name, s, o)
        for s in range(100):
            for o in range(100):
                for margin, rolls in ((8, 5), (3, 2), (11, 9)):
                    assert hog.make_comeback_strategy(margin, rolls)(s, o) == \
                           reference.make_comeback_strategy(margin, rolls)(s, o), (name, s, o)
                    assert hog.make_mean_strategy(margin, rolls)(s, o) == \
                           reference.make_mean_strategy(margin, rolls)(s, o), (name, s, o)
                answer = hog.final_strategy(s, o)
                assert type(answer) == int and 0 <= answer <= 10


def _said(hog, function, *args):
    """What FUNCTION of HOG returns and prints with commentary on."""
    out = io.StringIO()
    hog.commentary = True
    try:
        with contextlib.redirect_stdout(out):
            value = getattr(hog, function)(*args)
    finally:
        hog.commentary = False
    return value, out.getvalue()


@settings(max_examples=150, deadline=None)
@given(outcomes=st.lists(st.integers(1, 6), min_size=1, max_size=8),
       num_rolls=st.integers(0, 10), opponent=st.integers(0, 199),
       who=st.sampled_from(["Player 0", "Player 1"]), dot=st.sampled_from("*o$#x"))
def test_solutions_turn_and_comment_like_the_reference(hogs, outcomes, num_rolls, opponent,
                                                       who, dot):
    reference, solutions = hogs
    expected = _said(reference, "take_turn", num_rolls, opponent,
                     reference.make_test_dice(*outcomes), who)
    pictures = [reference.draw_number(n, dot) for n in range(1, 7)]
    for name, hog in solutions.items():
        assert _said(hog, "take_turn", num_rolls, opponent, hog.make_test_dice(*outcomes),
                     who) == expected, name
        assert [hog.draw_number(n, dot) for n in range(1, 7)] == pictures, name


def _game(hog, tables, four, six):
    """A game with the dice of each kind replaced by test dice, and table-driven
    strategies that log what they are asked."""
    log = []
    hog.four_sided, hog.six_sided = hog.make_test_dice(*four), hog.make_test_dice(*six)

    def strategy(who):
        def choose(score, opponent):
            log.append((who, score, opponent))
            return tables[who][(score * 7 + opponent) % len(tables[who])]
        return choose

    try:
        winner = hog.play(strategy(0), strategy(1))
    finally:
        hog.four_sided, hog.six_sided = hog.dice.four_sided, hog.dice.six_sided
    return winner, log


def _same_game(theirs, ours):
    """The same winner, and the reference's calls (the movers') among theirs in order,
    with at most one more call per turn (a correct play may also ask the other player)."""
    (winner, calls), (want, movers) = theirs, ours
    remaining = iter(calls)
    return (winner == want and all(call in remaining for call in movers)
            and len(calls) <= 2 * len(movers))


@settings(max_examples=150, deadline=None)
@given(tables=st.lists(st.lists(st.integers(0, 10), min_size=1, max_size=12), min_size=2,
                       max_size=2),
       four=st.lists(st.integers(1, 4), min_size=1, max_size=6),
       six=st.lists(st.integers(1, 6), min_size=1, max_size=8))
def test_solutions_play_like_the_reference(hogs, tables, four, six):
    reference, solutions = hogs
    expected = _game(reference, tables, four, six)
    for name, hog in solutions.items():
        assert _same_game(_game(hog, tables, four, six), expected), name


@settings(max_examples=60, deadline=None)
@given(outcomes=st.lists(st.integers(1, 6), min_size=1, max_size=6),
       samples=st.integers(1, 40), num_rolls=st.integers(1, 4))
def test_solutions_average_like_the_reference(hogs, outcomes, samples, num_rolls):
    reference, solutions = hogs
    averaged = reference.make_average(reference.make_test_dice(*outcomes), samples)()
    rolled = reference.make_average(reference.roll_dice, samples)(
        num_rolls, reference.make_test_dice(*outcomes))
    for name, hog in solutions.items():
        assert hog.make_average(hog.make_test_dice(*outcomes), samples)() == averaged, name
        assert hog.make_average(hog.roll_dice, samples)(
            num_rolls, hog.make_test_dice(*outcomes)) == rolled, name


# --- the rules module agrees with the reference ----------------------------------------

def test_sp13_rules_agree_with_the_reference_play(sp13):
    """`editions.turn`, driven by grader/hog/editions/sp13.py, replays random games of the
    reference's play move for move (the dice of each kind are test dice, as in the cases):
    the same strategy calls, the same winner."""
    rules = sp13.rules()
    hog = checks.load_hog(sp13, "reference_sp13_rules", checks.reference_source(sp13))
    rng = random.Random(13)
    for _ in range(2000):
        choices = [[rng.randint(0, 10) for _ in range(rng.randint(1, 4))] for _ in range(2)]
        four = [rng.randint(1, 4) for _ in range(rng.randint(1, 5))]
        six = [rng.randint(1, 6) for _ in range(rng.randint(1, 6))]
        want, asked = _game(hog, choices, four, six)

        dice = {4: hog.make_test_dice(*four), 6: hog.make_test_dice(*six)}
        scores, who, memory, replayed = [0, 0], 0, rules.START, []
        while not editions.game_over(rules, *scores):
            mine, theirs = scores[who], scores[1 - who]
            replayed.append((who, mine, theirs))
            wanted = choices[who][(mine * 7 + theirs) % len(choices[who])]
            roll = dice[rules.sides(mine, theirs)]
            outcomes = [roll() for _ in range(rules.dice(wanted, mine, theirs))]
            done = editions.turn(rules, mine, theirs, wanted, outcomes, memory)
            scores[who], scores[1 - who], memory = done.score, done.opponent, done.memory
            who = who if done.again else 1 - who
        winner = 0 if scores[0] >= rules.GOAL else 1
        assert (winner, replayed) == (want, asked)


# --- every bug class is charged to the question that owns it ---------------------------

def test_the_catalogue_names_real_questions_and_covers_every_scored_one(sp13):
    questions = checks.staff_questions(sp13)
    for mutant in MUTANTS.values():
        assert mutant.may_fail <= set(questions), mutant.name
    owners = {m.owner for m in MUTANTS.values()}
    assert {key for key, q in questions.items() if q.points > 0} | {"09"} <= owners


def test_mutation_table_and_catalogue_tell_the_same_story(sp13):
    """Two tables say which questions a broken function may also fail: the catalogue's
    CALLERS (hand-written bug classes, tested here) and cases/sp13/mutation.json (generated
    mutants, tested by `grade mutate`). If one is widened alone, a question's cases started
    reaching a function they could avoid, or a table lies: both must move together."""
    config = mutate.load_config(sp13)
    source = checks.reference_source(sp13)
    mutants = mutate.generate(source, sp13.questions, config)
    owner = {m.unit: m.owner for m in mutants}
    listed = {}
    for question, table in config.unavoidable.items():
        assert question in sp13.questions, question
        for part in ("calls", "raises"):
            for unit, why in table.get(part, {}).items():
                assert unit in owner and owner[unit] != question, (question, unit)
                assert len(why) > 20, (question, unit)
                listed.setdefault(unit, set()).add(question)
    units = {"roll_dice": ["roll_dice"], "take_turn": ["take_turn", "is_prime", "next_prime"],
             "take_turn_name": ["take_turn/name"],
             "commentary": ["roll_dice/commentary", "draw_number"],
             "dice_rules": ["num_allowed_dice", "select_dice"], "play": ["play"],
             "make_average": ["make_average"],
             "make_comeback_strategy": ["make_comeback_strategy"],
             "make_mean_strategy": ["make_mean_strategy"], "final_strategy": []}
    assert set(units) == set(CATALOGUE.CALLERS)
    assert {u for group in units.values() for u in group} == set(owner)
    for broken, group in units.items():
        table = set().union(*(listed.get(unit, set()) for unit in group))
        assert table == CATALOGUE.CALLERS[broken] - {owner[u] for u in group}, broken
    assert set(config.free) == {"final_strategy"}
    assert not [m for m in mutants if m.function == "final_strategy"]
    ids = {m.id for m in mutants}
    assert set(config.equivalent) <= ids and all(len(why) > 10
                                                 for why in config.equivalent.values())


@pytest.mark.parametrize("name", list(MUTANTS))
def test_patch_applies_to_the_reference(sp13, name):
    """A patch that silently stopped applying would grade the reference and 'pass'."""
    source = checks.reference_source(sp13)
    mutated = MUTANTS[name].apply(source)
    assert mutated != source
    compile(mutated, "hog.py", "exec")


@pytest.fixture(scope="module")
def graded_mutants(request, sp13, tmp_path_factory):
    return checks.grade_mutants(request, sp13, MUTANTS, tmp_path_factory.mktemp("sp13_mutants"))


@pytest.mark.parametrize("name", list(MUTANTS))
def test_mutant_is_caught_by_its_own_question(name, graded_mutants):
    checks.check_mutant(MUTANTS[name], graded_mutants[name].result())


# --- the course's own client agrees ----------------------------------------------------

def test_ok_scores_the_reference_full_marks_and_the_template_0(sp13, ok_command, tmp_path):
    checks.check_ok_scores(sp13, ok_command, tmp_path / "hog")
