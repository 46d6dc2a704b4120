"""Editions: the shipped ones are listed, chosen by name, and remembered by a workspace;
each edition's rules module agrees with its reference's `play`."""

import importlib.util
import json
import random
import sys

import pytest

from conftest import run_grade
from grader import assignment as assignments
from grader.hog import family
from grader.hog import editions


def test_list_editions_names_every_shipped_edition():
    done = run_grade("--list-editions")
    assert done.returncode == 0
    listed = [line.split()[0] for line in done.stdout.splitlines() if line.strip()]
    assert listed == family.editions() and "fa19" in listed


def test_an_unknown_edition_is_a_usage_error_naming_the_known_ones(tmp_path):
    done = run_grade("init", str(tmp_path / "ws"), "--edition", "fa91")
    assert done.returncode == 2
    assert "no edition 'fa91'" in done.stderr and "fa19" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "ws").exists()


@pytest.mark.parametrize("edition", family.editions())
def test_a_workspace_remembers_its_edition(tmp_path, edition):
    ws = tmp_path / "ws"
    assert run_grade("init", str(ws), "--edition", edition, "--unlocked").returncode == 0
    assert json.loads((ws / "grade.json").read_text())["edition"] == edition
    done = run_grade("--json", "-", cwd=ws)
    assert done.returncode == 1, done.stderr  # the untouched template fails
    keys = set(json.loads(done.stdout)["questions"])
    assert keys == set(assignments.load(edition).questions)


def _reference_play(assignment):
    folder = str(assignment.reference)
    saved = {name: sys.modules.pop(name) for name in ("dice", "ucb") if name in sys.modules}
    sys.path.insert(0, folder)
    try:
        spec = importlib.util.spec_from_file_location(f"_ref_{assignment.edition}",
                                                      assignment.reference / assignment.source)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        dice = sys.modules["dice"]
    finally:
        sys.path.remove(folder)
        for name in ("dice", "ucb"):
            sys.modules.pop(name, None)
        sys.modules.update(saved)
    return module, dice


def test_fa19_rules_agree_with_the_reference_play():
    """`editions.turn` replays random games of the reference's play move for move."""
    assignment = assignments.load("fa19")
    rules = assignment.rules()
    hog, dice = _reference_play(assignment)
    rng = random.Random(19)
    for _ in range(2000):
        choices = [[rng.randint(0, 10) for _ in range(rng.randint(1, 4))] for _ in range(2)]
        strategies = [lambda s, o, c=c: c[(3 * s + o) % len(c)] for c in choices]
        outcomes = [rng.randint(1, 6) for _ in range(rng.randint(1, 6))]
        start = [rng.choice([0, rng.randrange(100)]) for _ in range(2)]
        want = hog.play(*strategies, *start, dice=dice.make_test_dice(*outcomes))
        roll = dice.make_test_dice(*outcomes)
        scores, who, memory = list(start), 0, rules.START
        while not editions.game_over(rules, *scores):
            asked = strategies[who](scores[who], scores[1 - who])
            rolled = [roll() for _ in range(rules.dice(asked, scores[who], scores[1 - who]))]
            done = editions.turn(rules, scores[who], scores[1 - who], asked, rolled, memory)
            scores[who], scores[1 - who], memory = done.score, done.opponent, done.memory
            who = who if done.again else 1 - who
        assert tuple(scores) == want


# --- Each edition's rules, on the examples of its spec and its original page ------------

from hypothesis import given, settings, strategies as st  # noqa: E402

ALL_RULES = {name: editions.load(name) for name in
             ("fa19", "su21", "sp14", "sp13", "sp18-contest")}
SU21, SP14, SP13, SP18 = (ALL_RULES[n] for n in ("su21", "sp14", "sp13", "sp18-contest"))
RELAXED = settings(deadline=None, max_examples=300)


def play_turns(rules, turns, scores=(0, 0)):
    """Scores, mover and memory after TURNS, each (num_rolls asked, dice outcomes),
    with the scores as (player 0, player 1); also every Turn played."""
    scores, who, memory, played = list(scores), 0, rules.START, []
    for asked, outcomes in turns:
        done = editions.turn(rules, scores[who], scores[1 - who], asked, outcomes, memory)
        scores[who], scores[1 - who], memory = done.score, done.opponent, done.memory
        played.append(done)
        who = who if done.again else 1 - who
    return tuple(scores), who, played


def digits(n):
    out = [n % 10]
    while n >= 10:
        n //= 10
        out.append(n % 10)
    return out


def test_su21_piggy_points_examples():
    assert [SU21.points(0, 0, 0, opp) for opp in (14, 50, 9, 156)] == [7, 9, 13, 5]


@pytest.mark.parametrize("mine, theirs, again", [
    (25, 43, True), (32, 33, False), (7, 10, False), (26, 43, True),
    (29, 55, True), (38, 55, True), (48, 55, True), (100, 55, False), (109, 55, True)])
def test_su21_more_boar_examples(mine, theirs, again):
    assert SU21.extra_turn(mine, theirs, 3, SU21.START) is again


def test_su21_more_boar_chains_extra_turns_with_the_strategy_asked_each_time():
    """The page's clarification: 29-55, +9 to 38, +10 to 48: a fourth turn in a row."""
    scores, who, played = play_turns(SU21, [(3, [5, 5, 3]), (2, [4, 5]), (2, [5, 5])],
                                     scores=(16, 55))
    assert [t.score for t in played] == [29, 38, 48]
    assert all(t.again and t.fired == ["extra_turn"] for t in played)
    assert scores == (48, 55) and who == 0


def test_sp14_free_bacon_and_hog_wild_examples():
    assert SP14.points(0, 0, 0, 42) == 5 and SP14.points(0, 0, 0, 48) == 9
    assert SP14.points(0, 0, 0, 109) == 10
    assert [SP14.sides(s, o) for s, o in ((0, 0), (7, 7), (10, 25), (1, 0))] == [4, 4, 4, 6]


def test_sp14_swine_swap_examples():
    """Player 1 at 5 scores 5 against 20: the players swap, 10 to 20. Player 0 at 90
    scores 10 against 50 (140: four-sided dice): 100 is double 50, player 1 wins 100 to 50."""
    assert play_turns(SP14, [(4, [1, 2, 3, 4]), (1, [5])], scores=(19, 5))[0] == (10, 20)
    (score0, score1), _, played = play_turns(SP14, [(3, [4, 4, 2])], scores=(90, 50))
    assert (score0, score1) == (50, 100) and played[-1].fired == ["sides", "swap"]
    assert editions.game_over(SP14, score0, score1)


def test_sp13_free_bacon_touchdown_and_prime_examples():
    assert SP13.free_bacon(32) == 4 and SP13.free_bacon(7) == 1 and SP13.free_bacon(105) == 1
    assert SP13.touchdown_then_prime(12) == 14
    assert SP13.touchdown_then_prime(19) == 23
    assert SP13.touchdown_then_prime(6) == 11
    assert SP13.touchdown_then_prime(1) == 1
    assert SP13.points(0, 0, 0, 32) == 4  # Free Bacon: 4, neither rule applies
    assert SP13.points(0, 0, 0, 12) == 3  # 2 is prime: 3
    assert SP13.points(0, 0, 0, 52) == 11  # 6, Touchdown 7, Hogtimus Prime 11


def test_sp13_hog_tied_and_hog_wild_examples():
    assert [SP13.dice(5, s, o) for s, o in ((10, 7), (20, 7), (50, 7), (10, 8))] == [1, 1, 1, 5]
    assert SP13.dice(0, 10, 7) == 0
    assert [SP13.sides(s, o) for s, o in ((7, 7), (20, 1), (0, 0), (20, 2))] == [4, 4, 4, 6]
    tied = editions.turn(SP13, 10, 7, 6, [4], ())
    assert tied.rolled == 1 and tied.fired == ["dice"] and tied.points == 4
    wild = editions.turn(SP13, 7, 7, 2, [3, 4], ())
    assert wild.fired == ["sides", "prime"] and wild.points == 7 + 4  # 7 is prime: 11
    bacon = editions.turn(SP13, 7, 7, 0, [], ())  # no dice: Hog Wild does not apply
    assert bacon.fired == ["zero"] and bacon.points == 1  # 1 + tens digit 0; 1 is not prime


def test_sp18_free_bacon_examples():
    """The page's Free Bacon example for 42 says 2 + abs(4 - 2) = 6: its own formula
    gives 4, which the rule's words and the condensed spec agree on."""
    assert [SP18.points(0, 0, 0, opp) for opp in (42, 38, 7, 156)] == [4, 7, 9, 3]


def test_sp18_swine_swap_examples():
    assert SP18.swap(46, 92) and SP18.swap(111, 37) and SP18.swap(5, 5)
    assert not SP18.swap(1, 7) and not SP18.swap(8, 1) and not SP18.swap(9, 0)
    (score0, score1), _, _ = play_turns(SP18, [(2, [4, 5])], scores=(37, 92))
    assert (score0, score1) == (92, 46)


def test_sp18_time_trot_page_example():
    """Turn 0: P0 rolls 5 for 19. Turn 1: P1 rolls 1 die, 4: extra turn. Turn 2: P1 rolls
    2 for 6: no second extra turn. Turn 3: P0 rolls 3 and pigs out: 20 swaps with 10,
    and P0 goes again."""
    turns = [(5, [3, 4, 4, 4, 4]), (1, [4]), (2, [3, 3]), (3, [1, 2, 2])]
    scores, who, played = play_turns(SP18, turns)
    assert [t.again for t in played] == [False, True, False, True]
    assert scores == (10, 20) and who == 0
    assert played[-1].fired == ["pig_out", "swap", "extra_turn"]
    assert played[-1].memory == (4, True)


# --- Properties of every edition's rules --------------------------------------------

def reachable_memories(rules, limit=10_000):
    seen, todo = {rules.START}, [rules.START]
    while todo:
        memory = todo.pop()
        for k in range(rules.MAX_DICE + 1):
            for again in (False, True):
                nxt = rules.remember(k, memory, again)
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
                    assert len(seen) < limit
    return sorted(seen)


@pytest.mark.parametrize("name", sorted(ALL_RULES))
@RELAXED
@given(data=st.data())
def test_every_turn_scores_and_keeps_the_sum_of_the_scores(name, data):
    """The exact win-rate engine relies on it: a turn adds at least one point to the sum
    of the scores, and a swap only trades them."""
    rules = ALL_RULES[name]
    score = data.draw(st.integers(0, rules.GOAL - 1))
    opponent = data.draw(st.integers(0, rules.GOAL - 1))
    asked = data.draw(st.integers(0, rules.MAX_DICE))
    memory = data.draw(st.sampled_from(reachable_memories(rules)))
    rolled = rules.dice(asked, score, opponent)
    assert 0 <= rolled <= asked
    faces = rules.sides(score, opponent)
    outcomes = data.draw(st.lists(st.integers(1, faces), min_size=rolled, max_size=rolled))
    done = editions.turn(rules, score, opponent, asked, outcomes, memory)
    assert done.points >= 1
    assert done.score + done.opponent == score + opponent + done.points
    if done.again:
        assert max(done.score, done.opponent) < rules.GOAL
    assert done.memory in reachable_memories(rules)


@pytest.mark.parametrize("name", sorted(ALL_RULES))
def test_memory_is_small_and_starts_at_start(name):
    rules = ALL_RULES[name]
    assert rules.START in reachable_memories(rules)
    assert len(reachable_memories(rules)) <= 256


@RELAXED
@given(st.integers(0, 999))
def test_digit_rules_use_the_last_two_digits_of_three_digit_scores(score):
    tens, ones = score // 10 % 10, score % 10
    assert SU21.piggy_points(score) == 4 + abs(tens - ones)
    assert SP18.free_bacon(score) == 2 + abs(tens - ones)
    assert SP13.free_bacon(score) == 1 + tens


@RELAXED
@given(st.integers(0, 999))
def test_sp14_free_bacon_uses_every_digit(score):
    assert SP14.free_bacon(score) == 1 + max(digits(score))


@RELAXED
@given(st.integers(0, 999), st.integers(0, 999))
def test_su21_more_boar_reads_every_digit(mine, theirs):
    want = min(digits(mine)) < min(digits(theirs)) and max(digits(mine)) > max(digits(theirs))
    assert SU21.more_boar(mine, theirs) is want
    assert not (SU21.more_boar(mine, theirs) and SU21.more_boar(theirs, mine))


@RELAXED
@given(st.integers(0, 300), st.integers(0, 300))
def test_swaps_are_symmetric_and_as_the_pages_say(a, b):
    assert SP14.swap(a, b) == SP14.swap(b, a) == (a == 2 * b or b == 2 * a)
    multiple = a > 1 and b > 1 and (a % b == 0 or b % a == 0)
    assert SP18.swap(a, b) == SP18.swap(b, a) == multiple
    assert not SU21.swap(a, b) and not SP13.swap(a, b)


def plain_primes(limit):
    sieve = [False, False] + [True] * (limit - 1)
    for n in range(2, limit + 1):
        if sieve[n]:
            for m in range(n * n, limit + 1, n):
                sieve[m] = False
    return [n for n in range(limit + 1) if sieve[n]]


PRIMES = plain_primes(200)


@RELAXED
@given(st.integers(1, 70))
def test_sp13_touchdown_then_hogtimus_prime(turn_score):
    after = turn_score + (turn_score // 6 if turn_score % 6 == 0 else 0)
    if after in PRIMES:
        after = PRIMES[PRIMES.index(after) + 1]
    assert SP13.touchdown_then_prime(turn_score) == after
    assert SP13.points(3, turn_score, 0, 0) == after


@RELAXED
@given(st.lists(st.tuples(st.integers(0, 10), st.integers(2, 6)), min_size=1, max_size=60))
def test_sp18_time_trot_counts_every_turn_and_never_gives_two_in_a_row(moves):
    """Turn n (over both players, extra turns included) rolling k dice with n % 8 == k
    gives an extra turn, unless turn n is itself one."""
    scores, who, memory, previous_extra = [0, 0], 0, SP18.START, False
    for n, (k, face) in enumerate(moves):
        if editions.game_over(SP18, *scores):
            break
        done = editions.turn(SP18, scores[who], scores[1 - who], k, [face] * k, memory)
        over = editions.game_over(SP18, done.score, done.opponent)
        assert done.again == (n % 8 == k and not previous_extra and not over)
        scores[who], scores[1 - who], memory = done.score, done.opponent, done.memory
        who = who if done.again else 1 - who
        previous_extra = done.again
        assert memory == ((n + 1) % 8, done.again)


def test_sp13_names_the_transforms_that_changed_a_turn_score():
    """The browser game names Touchdown and Hogtimus Prime exactly when they change the
    turn's points."""
    rules = editions.load("sp13")
    for num_rolls in (0, 1, 3):
        for rolled in range(1, 61):
            for opponent in range(0, 130, 7):
                base = rules.free_bacon(opponent) if num_rolls == 0 else rolled
                fired = rules.points_fired(num_rolls, rolled, 0, opponent)
                after_touchdown = base + base // 6 if base % 6 == 0 else base
                assert ("touchdown" in fired) == (after_touchdown != base)
                assert ("prime" in fired) == (rules.points(num_rolls, rolled, 0, opponent)
                                              != after_touchdown)


def _case_folder(root, settings):
    for part in ("reference", "student_template", "cases"):
        (root / part).mkdir(parents=True)
    (root / "cases" / "assignment.json").write_text(json.dumps(settings))
    return root


def test_an_assignment_of_case_files_names_its_source_unless_it_is_hogs(tmp_path):
    """The framework assumes no hog.py: settings that name no source are refused with
    what to write, except a Hog game's (they name "rules"), which the family fills in."""
    hog = assignments.load(path=_case_folder(tmp_path / "game", {"name": "G", "rules": "fa19"}))
    assert (hog.source, hog.support) == ("hog.py", ["dice.py", "ucb.py"])
    own = assignments.load(path=_case_folder(tmp_path / "hw", {"name": "H", "source": "hw.py"}))
    assert (own.source, own.support, own.has_rules) == ("hw.py", [], False)
    with pytest.raises(assignments.AssignmentError, match='"source", e.g.'):
        assignments.load(path=_case_folder(tmp_path / "bare", {"name": "B"}))
