"""Write tests/data/okbank: a course-style ok test bank for Fall 2019 (run from the repo).

Its shape is the course's own project folder: proj01.ok names the case files with
globs; tests/ holds __init__.py, helper modules the cases import (`tests.play_utils`,
`tests.check_strategy`), a data file (play.sol, games recorded from our reference), and
the case files, whose marked cases are locked with ok's own hash. The cases are our
staff cases without hidden ones; the play questions' setups also import the helpers. okbank_answers.json is what a student types to unlock each question.
"""

import json
import random
import shutil
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from grader import assignment, workspace  # noqa: E402
from grader.hog.fuzz import driver, engine  # noqa: E402
from grader.load import casefile  # noqa: E402
from grader.locking import hashes  # noqa: E402
import locktools  # noqa: E402

BANK = ROOT / "tests" / "data" / "okbank"
NAME = "Project 1: Hog"
HELPERS = ">>> from tests.play_utils import replay_games, table_strategy\n"
REPLAY = {"05a": False, "05b": True}


def main():
    fa19 = assignment.load("fa19")
    tests = BANK / "tests"
    for old in tests.glob("[0-9]*.py"):
        old.unlink()
    plain = BANK.parent / "okbank_plain"
    shutil.rmtree(plain, ignore_errors=True)
    plain.mkdir()
    rng = random.Random(61)
    # 5a replays its games with feral_hogs=False: games where Feral Hogs cannot fire,
    # so that a play ignoring the flag costs 5b only (the sets of 05a.grader.json)
    proof = json.loads((fa19.cases / "05a.grader.json").read_text())["suites"][0]["dice_counts"]
    games = [engine.random_spec(rng, feral_hogs=True, say=False) for _ in range(20)]
    games += [engine.random_spec(rng, feral_hogs=False, say=False, counts=proof)
              for _ in range(20)]
    play = engine.reference_play(str(fa19.reference))
    for game in games:
        trace = driver.trace_game(play, game)
        game["result"] = list(eval(trace[-1][1]))
        game.pop("say")
    (tests / "play.sol").write_text(json.dumps(games, separators=(",", ":")) + "\n")
    for key in fa19.questions:
        data = workspace.student_version(casefile.read_literal(fa19.cases / f"{key}.py"))
        for suite in data["suites"]:
            if key in ("05a", "05b", "06") and suite.get("type") == "doctest":
                suite["setup"] = textwrap.dedent(suite["setup"]).strip() + "\n" + HELPERS
        if key in REPLAY:
            data["suites"][0]["cases"].append({"code": (
                ">>> # Every recorded game of tests/play.sol ends as it did for the staff\n"
                f">>> replay_games(play, make_test_dice, feral_hogs={REPLAY[key]})\n[]\n"),
                "hidden": False, "locked": False})
        if key == "12":
            data["suites"][0]["setup"] = ">>> from hog import *\n>>> from tests.check_strategy import check_strategy\n"
            data["suites"][0]["cases"] = [{"code": ">>> check_strategy(final_strategy)\n",
                                           "hidden": False, "locked": False}]
        casefile.write_case_data(plain / f"{key}.py", data)
    answers = {key: locktools.answers_for(key, "ok", plain) for key in fa19.questions}
    answers = {k: v for k, v in answers.items() if v}
    (BANK.parent / "okbank_answers.json").write_text(json.dumps(answers, indent=1) + "\n")
    for path in plain.glob("*.py"):
        shutil.copy(path, tests / path.name)
    hashes.lock_folder(tests, "ok", NAME)
    shutil.rmtree(plain)
    config = {"name": NAME, "endpoint": "", "src": ["hog.py"],
              "tests": {"tests/0[0-4].py": "ok_test", "tests/05*.py": "ok_test",
                        "tests/0[6-9].py": "ok_test", "tests/1?.py": "ok_test"},
              "default_tests": [], "protocols": ["file_contents", "unlock", "grading",
                                                 "scoring"]}
    (BANK / "proj01.ok").write_text(json.dumps(config, indent=2) + "\n")


if __name__ == "__main__":
    main()
