"""Write a contest's results: leaderboard.csv, matrix.json and a self-contained
index.html heat map with the excluded entries (from a Jinja2 template: inline CSS, no
scripts or external resources, so the page can be published or mailed as one file)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from ...untrusted import csv_cell
from .contest import WIN_THRESHOLD, ContestResult


def write_report(result: ContestResult, out_dir, excluded=(), entries=None) -> Path:
    """Write the three files into out_dir (created if needed); return it. EXCLUDED:
    {"entry", "team", "error"} of each entry left out, listed on the page. ENTRIES:
    team -> the file or folder it came from, beside its name in every file (a name is
    the entry's word; its file is the grader's)."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    entries = dict(entries or {})
    write_leaderboard(result, out / "leaderboard.csv", entries)
    write_matrix(result, out / "matrix.json", entries)
    (out / "index.html").write_text(heat_map_html(result, list(excluded), entries),
                                    encoding="utf-8")
    return out


def mean_rates(result: ContestResult):
    n = len(result.teams)
    if n < 2:
        return {team: 0.5 for team in result.teams}
    return {team: (result.matrix[i].sum() - 0.5) / (n - 1) for i, team in enumerate(result.teams)}


def write_leaderboard(result: ContestResult, path, entries=None) -> None:
    means = mean_rates(result)
    entries = entries or {}
    with open(path, "w", newline="", encoding="utf-8", errors="backslashreplace") as handle:
        writer = csv.writer(handle)
        writer.writerow(["rank", "team", "entry", "match_points", "mean_win_rate"])
        for position, team, points in result.ranking:
            writer.writerow([position, csv_cell(team), csv_cell(entries.get(team, "")), points,
                             f"{means[team]:.7f}"])


def write_matrix(result: ContestResult, path, entries=None) -> None:
    """Rows and columns in ranking order; matrix[i][j] is row team's rate against column's."""
    order = [result.teams.index(team) for _, team, _ in result.ranking]
    entries = entries or {}
    data = {
        "teams": [result.teams[i] for i in order],
        "entries": [entries.get(result.teams[i], "") for i in order],
        "win_threshold": WIN_THRESHOLD,
        "matrix": [[round(float(result.matrix[i, j]), 9) for j in order] for i in order],
    }
    Path(path).write_text(json.dumps(data, indent=1), encoding="utf-8")


def _colour(rate: float) -> str:
    """Blue for wins, red for losses, white at 0.5; saturated at +-0.1."""
    strength = min(abs(rate - 0.5) / 0.1, 1.0)
    fade = int(255 - 175 * strength)
    return f"rgb({fade},{fade},255)" if rate > 0.5 else f"rgb(255,{fade},{fade})"


def heat_map_html(result: ContestResult, excluded=(), entries=None) -> str:
    """The page: ranked teams (and their files), named columns, the heat map, and the
    entries left out."""
    from ...templates import render

    order = [result.teams.index(team) for _, team, _ in result.ranking]
    means = mean_rates(result)
    rows = []
    for i, (position, team, points) in zip(order, result.ranking):
        cells = [{"opponent": result.teams[j], "rate": float(result.matrix[i, j]),
                  "colour": _colour(result.matrix[i, j]), "self": i == j} for j in order]
        rows.append({"rank": position, "team": team, "entry": (entries or {}).get(team, ""),
                     "points": points,
                     "mean": float(means[team]), "cells": cells})
    return render("contest.html.j2", teams=rows, excluded=list(excluded),
                  threshold=WIN_THRESHOLD)
