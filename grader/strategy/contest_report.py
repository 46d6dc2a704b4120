"""Write a contest's results: leaderboard.csv, matrix.json and a self-contained
index.html heat map (inline CSS, no scripts or external resources, so the page can
be published or mailed as one file)."""

from __future__ import annotations

import csv
import html
import json
from pathlib import Path

from ..untrusted import csv_cell
from .contest import WIN_THRESHOLD, ContestResult


def write_report(result: ContestResult, out_dir, excluded=()) -> Path:
    """Write the three files into out_dir (created if needed); return it. EXCLUDED:
    {"entry", "team", "error"} of each entry left out, listed on the page."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    write_leaderboard(result, out / "leaderboard.csv")
    write_matrix(result, out / "matrix.json")
    (out / "index.html").write_text(heat_map_html(result, list(excluded)), encoding="utf-8")
    return out


def mean_rates(result: ContestResult):
    n = len(result.teams)
    if n < 2:
        return {team: 0.5 for team in result.teams}
    return {team: (result.matrix[i].sum() - 0.5) / (n - 1) for i, team in enumerate(result.teams)}


def write_leaderboard(result: ContestResult, path) -> None:
    means = mean_rates(result)
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["rank", "team", "match_points", "mean_win_rate"])
        for position, team, points in result.ranking:
            writer.writerow([position, csv_cell(team), points, f"{means[team]:.7f}"])


def write_matrix(result: ContestResult, path) -> None:
    """Rows and columns in ranking order; matrix[i][j] is row team's rate against column's."""
    order = [result.teams.index(team) for _, team, _ in result.ranking]
    data = {
        "teams": [result.teams[i] for i in order],
        "win_threshold": WIN_THRESHOLD,
        "matrix": [[round(float(result.matrix[i, j]), 9) for j in order] for i in order],
    }
    Path(path).write_text(json.dumps(data, indent=1), encoding="utf-8")


def _colour(rate: float) -> str:
    """Blue for wins, red for losses, white at 0.5; saturated at +-0.1."""
    strength = min(abs(rate - 0.5) / 0.1, 1.0)
    fade = int(255 - 175 * strength)
    return f"rgb({fade},{fade},255)" if rate > 0.5 else f"rgb(255,{fade},{fade})"


def heat_map_html(result: ContestResult, excluded=()) -> str:
    order = [result.teams.index(team) for _, team, _ in result.ranking]
    means = mean_rates(result)
    esc = html.escape
    head = "".join(f'<th class="col" title="{esc(result.teams[j])}">{n}</th>'
                   for n, j in enumerate(order, start=1))
    rows = []
    for n, (i, (position, team, points)) in enumerate(zip(order, result.ranking), start=1):
        cells = "".join(
            f'<td style="background:{_colour(result.matrix[i, j])}" '
            f'title="{esc(team)} vs {esc(result.teams[j])}: {result.matrix[i, j]:.6f}">'
            f'{"" if i == j else f"{result.matrix[i, j]:.3f}"}</td>'
            for j in order)
        rows.append(f"<tr><td>{position}</td><th>{n}. {esc(team)}</th><td>{points}</td>"
                    f"<td>{means[team]:.4f}</td>{cells}</tr>")
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Hog contest results</title>
<style>
body {{ font-family: sans-serif; margin: 1em; }}
table {{ border-collapse: collapse; font-size: 11px; }}
td, th {{ border: 1px solid #ddd; padding: 2px 4px; text-align: right; white-space: nowrap; }}
th {{ text-align: left; background: #f4f4f4; }}
th.col {{ text-align: center; }}
</style></head><body>
<h1>Hog contest results</h1>
<p>{len(result.teams)} entries. Cell: exact win rate of the row's entry against the column's
(both move orders averaged). A match point needs more than {WIN_THRESHOLD}; ties are losses.</p>
<table><tr><th>rank</th><th>team</th><th>points</th><th>mean</th>{head}</tr>
{chr(10).join(rows)}
</table></body></html>
"""
