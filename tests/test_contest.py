"""Contest ranking, report files, and validation of strategies before they enter."""

import csv
import itertools
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from grader.strategy import table as strategy_table
from grader.strategy.contest import WIN_THRESHOLD, match_points, rank, round_robin
from grader.strategy.contest_report import write_report
from grader.strategy.winrate import win_rate

SCRIPT = Path(strategy_table.__file__)


def test_ties_and_near_ties_are_losses():
    matrix = np.array([[0.5, 0.5, 0.5000009],
                       [0.5, 0.5, 0.5000011],
                       [0.4999991, 0.4999989, 0.5]])
    assert WIN_THRESHOLD == 0.500001
    assert match_points(matrix) == [0, 1, 0]


def test_rank_shares_places_and_orders_by_name():
    assert rank(["c", "a", "b", "d"], [1, 2, 1, 0]) == [
        (1, "a", 2), (2, "b", 1), (2, "c", 1), (4, "d", 0)]


def test_round_robin_exact_and_ties_lose():
    entries = [("four", 4), ("six", 6), ("also four", np.full((100, 100), 4)), ("five", 5)]
    result = round_robin(entries, processes=1)
    six, four, also = result.teams.index("six"), result.teams.index("four"), result.teams.index("also four")
    assert result.matrix[six, four] == pytest.approx(win_rate(6, 4).win_rate, abs=1e-12)
    assert result.matrix[four, six] == pytest.approx(1 - result.matrix[six, four], abs=1e-12)
    assert result.matrix[four, also] == pytest.approx(0.5, abs=1e-12)
    assert result.points[four] == result.points[also]
    assert result.ranking[0][1] == "six"
    assert [points for _, _, points in result.ranking] == sorted(result.points, reverse=True)


def test_round_robin_in_processes_matches_serial():
    rng = np.random.default_rng(5)
    entries = [(f"team {i}", rng.integers(1, 9, (100, 100))) for i in range(5)]
    serial = round_robin(entries, processes=1)
    pooled = round_robin(entries, processes=2)
    assert np.allclose(serial.matrix, pooled.matrix, atol=1e-12)
    assert serial.ranking == pooled.ranking


def test_report_files(tmp_path):
    result = round_robin([("<b>bold</b>", 6), ("plain", 4), ("five", 5)], processes=1)
    out = write_report(result, tmp_path / "out")
    rows = list(csv.DictReader(open(out / "leaderboard.csv", encoding="utf-8")))
    assert [row["team"] for row in rows] == [team for _, team, _ in result.ranking]
    assert rows[0]["rank"] == "1"
    data = json.loads((out / "matrix.json").read_text())
    assert data["teams"] == [row["team"] for row in rows]
    assert len(data["matrix"]) == 3 and data["matrix"][0][0] == 0.5
    page = (out / "index.html").read_text()
    assert "&lt;b&gt;bold&lt;/b&gt;" in page and "<b>bold" not in page
    assert "http" not in page and "<script" not in page and "<link" not in page


def valid(score, opponent):
    return (score + opponent) % 11


def check(strategy, budget=10.0):
    return strategy_table.read_table(strategy, "final_strategy", budget=budget)


def test_valid_strategy_gives_its_table():
    result = check(valid)
    assert result["table"][3][4] == 7 and len(result["table"]) == 100


@pytest.mark.parametrize("strategy, words", [
    (lambda s, o: 11 if (s, o) == (5, 6) else 4, "final_strategy(5, 6) returned 11; it must return an int from 0 to 10"),
    (lambda s, o: -1, "final_strategy(0, 0) returned -1"),
    (lambda s, o: 4.0, "final_strategy(0, 0) returned 4.0 (of type float, not int)"),
    (lambda s, o: None, "final_strategy(0, 0) returned None (of type NoneType, not int)"),
    (lambda s, o: True, "final_strategy(0, 0) returned True (a bool, not an int)"),
    (lambda s, o: 4 + 0 // (s - 7), "final_strategy(7, 0) raised ZeroDivisionError: integer division or modulo by zero"),
])
def test_invalid_strategies_are_described(strategy, words):
    assert check(strategy)["error"].startswith(words)


def test_nondeterministic_strategy():
    counter = itertools.count()
    error = check(lambda s, o: 4 if next(counter) < 10000 else 5)["error"]
    assert error == ("final_strategy(0, 0) returned 4 and then 5 when asked again; "
                     "it must be a pure function of the two scores")


def test_slow_strategy_is_stopped():
    def slow(score, opponent):
        if score == 50:
            while True:
                pass
        return 4
    error = check(slow, budget=0.3)["error"]
    assert error.startswith("final_strategy is too slow") and "(50, 0)" in error


def test_printing_strategy_keeps_stdout_clean(capsys):
    def chatty(score, opponent):
        print("hello")
        return 3
    assert "table" in check(chatty)
    assert capsys.readouterr().out == ""


def test_script_runs_isolated(tmp_path):
    (tmp_path / "hog.py").write_text(
        "print('importing')\n"
        "def final_strategy(score, opponent_score):\n    return 4\n"
        "def broken(score, opponent_score):\n    return '4'\n")
    run = lambda name: json.loads(subprocess.run(
        [sys.executable, "-I", str(SCRIPT), str(tmp_path), name],
        capture_output=True, text=True, timeout=60).stdout.splitlines()[-1])
    assert run("final_strategy")["table"] == [[4] * 100] * 100
    assert run("broken")["error"].startswith("broken(0, 0) returned '4' (of type str")
    assert run("missing") == {"error": "hog.py has no function missing"}
