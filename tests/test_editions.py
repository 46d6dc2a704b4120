"""Editions: the shipped ones are listed, chosen by name, and remembered by a workspace;
each edition's rules module agrees with its reference's `play`."""

import importlib.util
import json
import random
import sys

import pytest

from conftest import run_grade
from grader import assignment as assignments
from grader import editions


def test_list_editions_names_every_shipped_edition():
    done = run_grade("--list-editions")
    assert done.returncode == 0
    listed = [line.split()[0] for line in done.stdout.splitlines() if line.strip()]
    assert listed == assignments.editions() and "fa19" in listed


def test_an_unknown_edition_is_a_usage_error_naming_the_known_ones(tmp_path):
    done = run_grade("init", str(tmp_path / "ws"), "--edition", "fa91")
    assert done.returncode == 2
    assert "no edition 'fa91'" in done.stderr and "fa19" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "ws").exists()


@pytest.mark.parametrize("edition", assignments.editions())
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
