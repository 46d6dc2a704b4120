"""What a bulk run leaves in OUT for staff: results.json, grades.csv, gradescope/, report.html.

Everything here is a pure function of the records (in id order), so re-running or
resuming writes byte-identical files. Files are replaced atomically: a kill while
writing leaves the previous version, never half a file.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import math
import os
import statistics
from collections import Counter
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

from rich.table import Table
from rich.text import Text

from ..assignment import Assignment
from ..model import Question
from ..untrusted import CallInfo, csv_cell, printable

ERRORS = "errors"  # OUT/errors/ID.txt: the traceback of each submission the grader failed on

QUESTION_KEYS = ("score", "max_score", "status", "passed", "failed", "output")


def _points(value: float) -> str:
    return f"{value:g}"


def _exact_points(value: float) -> str:
    """Points in a spreadsheet's cells, as they add up: 4.666666666666667, not 4.66667
    (the cells of a row no longer summed to its total); whole numbers without .0."""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".part")
    temporary.write_text(text, encoding="utf-8", errors="backslashreplace")
    os.replace(temporary, path)


def in_order(record: Dict[str, Any], questions: List[Question]) -> List[Tuple[str, Any]]:
    """RECORD's questions in the assignment's order (the store keeps a record's keys
    sorted), any the assignment no longer has after them."""
    kept = record["questions"]
    keys = [q.key for q in questions if q.key in kept]
    return [(key, kept[key]) for key in keys + sorted(set(kept) - set(keys))]


def results_json(assignment: Assignment, records: List[Dict[str, Any]],
                 questions: List[Question]) -> str:
    submissions = [{"id": r["id"], **({"name": r["name"]} if "name" in r else {}),
                    "score": r["score"], "max_score": r["max_score"], "error": r["error"],
                    **({"grader_failed": True} if r.get("grader_failed") else {}),
                    **({"starters": r["starters"]} if r.get("starters") else {}),
                    "questions": {key: {**{k: q[k] for k in QUESTION_KEYS},
                                        **{k: v for k, v in q.items()
                                           if k not in QUESTION_KEYS and k != "name"}}
                                  for key, q in in_order(r, questions)}}
                   for r in records]
    return json.dumps({"assignment": assignment.name, "submissions": submissions,
                       "hints": hint_counts(records, questions)}, indent=2) + "\n"


def grades_csv(questions: List[Question], records: List[Dict[str, Any]]) -> str:
    """One row per submission: its id, each question's points (a column named by the
    question's key, as ok names the test) and the total. A question named `id` or
    `total` keeps its name; the fixed column then takes another, so that a reader by
    column name never finds two (pandas renames one, a lookup finds either)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)  # RFC 4180 lines: a CR or LF in a cell is quoted
    keys = [q.key for q in questions]
    writer.writerow([_free_name("id", keys)] + keys + [_free_name("total", keys)])
    for r in records:
        writer.writerow([csv_cell(r["id"])]
                        + [_exact_points(r["questions"].get(q.key, {}).get("score", 0))
                           for q in questions] + [_exact_points(r["score"])])
    return buffer.getvalue()


def _free_name(name: str, taken: List[str]) -> str:
    """NAME, else "submission NAME", else NAME with as many underscores before it as it
    takes to differ from every name TAKEN."""
    for candidate in (name, f"submission {name}"):
        if candidate not in taken:
            return candidate
    while name in taken:
        name = "_" + name
    return name


def gradescope_json(record: Dict[str, Any], questions: List[Question],
                    hidden_visibility: str = "after_published") -> str:
    """gradescope/ID/results.json: what the Gradescope bundle's runner writes for the
    same submission (`grader.gradescope.results`)."""
    from ..gradescope import results
    return json.dumps(results(record, questions, hidden_visibility), indent=2) + "\n"


# --- statistics ---------------------------------------------------------------------

def common_failure(records: List[Dict[str, Any]], key: str) -> Optional[Tuple[str, int]]:
    """The failure most students share in question KEY, and how many share it."""
    counts: Counter = Counter()
    for r in records:
        seen = set()
        for f in r["failures"]:
            if f["question"] == key:
                gist = f"Case {f['case']}{' (hidden)' if f['hidden'] else ''}: {f['summary']}"
                if gist not in seen:
                    seen.add(gist)
                    counts[gist] += 1
        if r["error"] and not any(f["question"] == key for f in r["failures"]):
            counts["could not be graded: " + r["error"].splitlines()[0][:80]] += 1
    if not counts:
        return None
    return min(counts.items(), key=lambda item: (-item[1], item[0]))


def hint_counts(records: List[Dict[str, Any]], questions: List[Question]) -> List[Dict[str, Any]]:
    """Each hint shown (grader/hints.py) and how many students got it, most first: what
    to explain in section."""
    counts: Counter = Counter()
    text: Dict[Tuple[str, str], str] = {}
    for r in records:
        for key, entry in r.get("questions", {}).items():
            if isinstance(entry, dict) and entry.get("hint"):
                counts[(key, entry["hint"])] += 1
                text[(key, entry["hint"])] = entry.get("hint_text", "")
    order = {q.key: i for i, q in enumerate(questions)}
    return [{"question": key, "id": hint, "text": text[(key, hint)], "students": n}
            for (key, hint), n in sorted(counts.items(),
                                         key=lambda i: (-i[1], order.get(i[0][0], 0), i[0]))]


def pass_rate(records: List[Dict[str, Any]], key: str) -> Tuple[int, float]:
    passed = sum(r["questions"].get(key, {}).get("status") == "passed" for r in records)
    return passed, (passed / len(records) if records else 0.0)


def overview(records: List[Dict[str, Any]]) -> Dict[str, Any]:
    scores = [r["score"] for r in records]
    top = records[0]["max_score"] if records else 0
    return {"count": len(records), "max": top,
            "mean": statistics.mean(scores) if scores else 0,
            "median": statistics.median(scores) if scores else 0,
            "full": sum(s == top for s in scores) if records else 0,
            "errors": sum(bool(r["error"]) for r in records)}


def summary_table(questions: List[Question], records: List[Dict[str, Any]]) -> Table:
    facts = overview(records)
    caption = (f"{facts['count']} submissions · mean {facts['mean']:.1f} / {_points(facts['max'])}"
               f" · median {_points(facts['median'])} · full marks {facts['full']}"
               f" · could not be graded {facts['errors']}")
    table = Table(title="Bulk grading summary", title_justify="left", caption=caption,
                  caption_justify="left")
    table.add_column("Question")
    table.add_column("Points", justify="right")
    table.add_column("Passed", justify="right")
    table.add_column("Most common failure")
    for q in questions:
        passed, rate = pass_rate(records, q.key)
        common = common_failure(records, q.key)
        table.add_row(q.name, _points(q.points), f"{passed}/{len(records)} ({rate:.0%})",
                      Text(printable(f"{common[0]} ({common[1]})") if common else "-",
                           overflow="fold"))
    return table


# --- report.html --------------------------------------------------------------------

CHART_HEIGHT = 160  # pixels of the tallest bar
CHART_TOP = 22  # room above the tallest bar for its count


def histogram(labels: List[str], counts: List[int], bar: int = 22, step: int = 28,
              left: int = 10) -> Dict[str, Any]:
    """An SVG bar chart's geometry: one bar per label, its count above it (inside the
    drawing: the tallest bar's label has CHART_TOP pixels of room)."""
    tallest = max(counts, default=0) or 1
    bars = []
    for index, (label, count) in enumerate(zip(labels, counts)):
        h = round(CHART_HEIGHT * count / tallest)
        x = left + index * step
        bars.append({"x": x, "y": CHART_TOP + CHART_HEIGHT - h, "height": h, "width": bar,
                     "middle": x + bar / 2, "count": count, "label": label})
    return {"bars": bars, "width": len(labels) * step + left + 10,
            "height": CHART_TOP + CHART_HEIGHT + 34, "base": CHART_TOP + CHART_HEIGHT}


def score_histogram(records: List[Dict[str, Any]], top: float) -> Dict[str, Any]:
    bins = int(top) + 1 if top else 1
    counts = [0] * bins
    for r in records:
        counts[max(0, min(int(r["score"]), bins - 1))] += 1
    return histogram([str(i) for i in range(bins)], counts)


def win_rates(records: List[Dict[str, Any]]) -> List[float]:
    return sorted(rate for rate in (record_win_rate(r) for r in records) if rate is not None)


def record_win_rate(record: Dict[str, Any]) -> Optional[float]:
    rates = [q["win_rate"] for q in record["questions"].values()
             if isinstance(q, dict) and isinstance(q.get("win_rate"), float)]
    return rates[0] if rates else None


def win_rate_histogram(rates: List[float], bins: int = 20) -> Optional[Dict[str, Any]]:
    """The win rates in BINS equal bins from the lowest to the highest (rounded out to
    hundredths), labelled by each bin's lower edge."""
    if not rates:
        return None
    low = math.floor(min(rates) * 100) / 100
    high = max(math.ceil(max(rates) * 100) / 100, low + 0.01)
    width = (high - low) / bins
    counts = [0] * bins
    for rate in rates:
        counts[min(int((rate - low) / width), bins - 1)] += 1
    chart = histogram([f"{low + i * width:.3f}" for i in range(bins)], counts, bar=30, step=36,
                      left=40)
    chart.update(low=low, high=high)
    return chart


def win_rate_facts(records: List[Dict[str, Any]]) -> Optional[str]:
    """One line on the exact win rates of the strategies graded, if any were."""
    rated = [q for r in records for q in r["questions"].values() if "strategy_valid" in q]
    if not rated:
        return None
    rates = sorted(q["win_rate"] for q in rated if isinstance(q.get("win_rate"), float))
    line = f"{len(rates)} of {len(rated)} strategies valid"
    if rates:
        line += (f"; exact win rates: median {statistics.median(rates):.4f}, "
                 f"best {rates[-1]:.4f}")
    return line


def student_status(record: Dict[str, Any]) -> str:
    if record.get("grader_failed"):
        return "grader-failed"
    if record["error"]:
        return "error"
    return "full" if record["score"] == record["max_score"] else "partial"


STATUS_WORDS = {"grader-failed": "grader failed", "error": "could not be graded",
                "full": "full marks", "partial": "some failed"}


def student_view(record: Dict[str, Any], questions: List[Question]) -> Dict[str, Any]:
    """What the page shows of one student: the row, and failures grouped by question."""
    status = student_status(record)
    groups = []
    for key, entry in in_order(record, questions):
        if entry.get("status") == "passed":
            continue
        failures = [f for f in record["failures"] if f["question"] == key]
        groups.append({"key": key, "name": entry.get("name", key),
                       "score": _points(entry["score"]), "max": _points(entry["max_score"]),
                       "status": entry["status"], "failures": failures,
                       "output": "" if failures else entry.get("output", ""),
                       "notes": entry.get("notes", []),
                       "hint": entry.get("hint"), "hint_text": entry.get("hint_text", "")})
    reason = record["error"].splitlines()[0] if record["error"] else ""
    count = len(record["failures"])
    rate = record_win_rate(record)
    return {"id": record["id"], "name": record.get("name"), "status": status,
            "status_words": STATUS_WORDS[status], "score": record["score"],
            "score_text": _points(record["score"]), "max": _points(record["max_score"]),
            "scores": [{"key": q.key, "score": record["questions"].get(q.key, {}).get("score"),
                        "max": q.points} for q in questions],
            "win_rate": rate, "error": record["error"] or "",
            "summary": reason if reason else (f"{count} failing case{'s' * (count != 1)}"
                                              if count else "all cases passed"),
            "failing": count, "groups": groups}


def broken_view(record: Any, info: CallInfo) -> Dict[str, Any]:
    """A student whose record the page could not show: a row that says so."""
    sid = str(record.get("id", "?")) if isinstance(record, dict) else "?"
    return {"id": sid, "name": None, "status": "grader-failed",
            "status_words": STATUS_WORDS["grader-failed"], "score": 0, "score_text": "?",
            "max": "?", "scores": [], "win_rate": None, "failing": 0, "groups": [],
            "error": f"the report could not show this submission: {info.error}",
            "summary": f"the report could not show this submission: {info.error}"}


def report_html(assignment: Assignment, questions: List[Question],
                records: List[Dict[str, Any]]) -> str:
    facts = overview(records)
    students = []
    for record in records:
        shown = CallInfo.from_call(lambda: student_view(record, questions))
        students.append(shown.value if shown.value is not None else broken_view(record, shown))
    question_rows = []
    for q in questions:
        passed, rate = pass_rate(records, q.key)
        question_rows.append({"key": q.key, "name": q.name, "points": _points(q.points),
                              "passed": passed, "rate": rate,
                              "common": common_failure(records, q.key)})
    rates = win_rates(records)
    from ..templates import render  # jinja2: for this page alone, not the Gradescope runner
    return render("bulk_report.html.j2", assignment=assignment.name, facts=facts,
                  max_text=_points(facts["max"]), median_text=_points(facts["median"]),
                  scores=score_histogram(records, facts["max"]),
                  rates=win_rate_histogram(rates), rate_facts=win_rate_facts(records),
                  questions=question_rows, students=students, statuses=STATUS_WORDS,
                  hints=hint_counts(records, questions))


def write_all(out: Path, assignment: Assignment, questions: List[Question],
              records: List[Dict[str, Any]], hidden_visibility: str = "after_published"
              ) -> List[str]:
    """Write every file; return the ids of the submissions the grader failed on (their
    tracebacks are in errors/ID.txt). A file of one submission that cannot be written
    is one of those, never the end of the others."""
    failed = {r["id"]: r["traceback"] for r in records if r.get("grader_failed")}
    for record in records:
        written = CallInfo.from_call(lambda: _write(out / "gradescope" / record["id"] /
                                                    "results.json", gradescope_json(record, questions, hidden_visibility)))
        if written.error is not None:
            failed[record["id"]] = (failed.get(record["id"], "") +
                                    f"Writing gradescope/{record['id']}/results.json failed:\n"
                                    + (written.traceback or ""))
    _write(out / "results.json", results_json(assignment, records, questions))
    _write(out / "grades.csv", grades_csv(questions, records))
    _write(out / "report.html", report_html(assignment, questions, records))
    errors = out / ERRORS
    if errors.is_dir():
        for stale in errors.glob("*.txt"):
            if stale.stem not in failed:
                stale.unlink()
    for sid, text in sorted(failed.items()):
        written = CallInfo.from_call(lambda: _write(errors / f"{sid}.txt", text))
        if written.error is not None:  # even its error file: keep it beside the others
            _write(errors / f"{hashlib.sha256(sid.encode()).hexdigest()[:16]}.txt",
                   f"{sid!r}\n{text}")
    return sorted(failed)
