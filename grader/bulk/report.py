"""What a bulk run leaves in OUT for staff: results.json, grades.csv, gradescope/, report.html.

Everything here is a pure function of the records (in id order), so re-running or
resuming writes byte-identical files. Files are replaced atomically: a kill while
writing leaves the previous version, never half a file.
"""

from __future__ import annotations

import csv
import hashlib
import html
import io
import json
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


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".part")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def results_json(assignment: Assignment, records: List[Dict[str, Any]]) -> str:
    submissions = [{"id": r["id"], **({"name": r["name"]} if "name" in r else {}),
                    "score": r["score"], "max_score": r["max_score"], "error": r["error"],
                    **({"grader_failed": True} if r.get("grader_failed") else {}),
                    "questions": {key: {**{k: q[k] for k in QUESTION_KEYS},
                                        **{k: v for k, v in q.items()
                                           if k not in QUESTION_KEYS and k != "name"}}
                                  for key, q in r["questions"].items()}}
                   for r in records]
    return json.dumps({"assignment": assignment.name, "submissions": submissions},
                      indent=2) + "\n"


def grades_csv(questions: List[Question], records: List[Dict[str, Any]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer)  # RFC 4180 lines: a CR or LF in a cell is quoted
    writer.writerow(["id"] + [q.key for q in questions] + ["total"])
    for r in records:
        writer.writerow([csv_cell(r["id"])] + [_points(r["questions"].get(q.key, {}).get("score", 0))
                                     for q in questions] + [_points(r["score"])])
    return buffer.getvalue()


def gradescope_output(record: Dict[str, Any], key: str) -> str:
    """A question's output as students may see it: hidden cases named, never shown."""
    entry = record["questions"][key]
    lines = [f"{entry['status']}: {entry['passed']} case(s) passed, {entry['failed']} failed"]
    lines += entry.get("notes", [])
    if entry["status"] == "error" and record["error"]:
        return record["error"]
    for failure in record["failures"]:
        if failure["question"] != key:
            continue
        title = f"Case {failure['case']}"
        if failure["hidden"]:
            lines.append(f"{title} (hidden): {failure['status']}")
        else:
            lines.append(f"{title}: {failure['status']}\n{failure['detail']}")
    return "\n\n".join(lines)


def gradescope_json(record: Dict[str, Any]) -> str:
    """Gradescope's autograder results format (one test per question)."""
    tests = [{"name": f"{q.get('name', key)} ({key})", "score": q["score"],
              "max_score": q["max_score"], "output": gradescope_output(record, key),
              "visibility": "visible"} for key, q in record["questions"].items()]
    data = {"score": record["score"], "output": record["error"] or "",
            "visibility": "visible", "tests": tests}
    return json.dumps(data, indent=2) + "\n"


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

CSS = """
body { font: 14px/1.45 system-ui, sans-serif; margin: 2em auto; max-width: 72em; color: #222; }
h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .3em .6em; border-bottom: 1px solid #eee; vertical-align: top; }
.bar { background: #e8eef7; height: 1em; width: 12em; position: relative; }
.bar span { display: block; height: 100%; background: #3c78d8; }
.facts span { margin-right: 2em; }
details { border-bottom: 1px solid #eee; padding: .3em 0; }
summary { cursor: pointer; display: flex; gap: 1.5em; }
summary .id { min-width: 14em; font-weight: 600; }
.passed { color: #18794e; } .failed, .error { color: #c62828; } .timeout { color: #b26a00; }
pre { background: #f6f8fa; padding: .6em; overflow-x: auto; white-space: pre-wrap; }
svg text { font-size: 11px; fill: #444; }
"""


def _histogram(records: List[Dict[str, Any]], top: float) -> str:
    bins = int(top) + 1 if top else 1
    counts = [0] * bins
    for r in records:
        counts[min(int(r["score"]), bins - 1)] += 1
    tallest = max(counts) or 1
    width, height, bar = 28, 160, 22
    parts = [f'<svg id="histogram" role="img" aria-label="score distribution" '
             f'width="{bins * width + 20}" height="{height + 40}" '
             f'xmlns="http://www.w3.org/2000/svg">']
    for index, count in enumerate(counts):
        h = round(height * count / tallest)
        x = 10 + index * width
        parts.append(f'<rect class="bin" x="{x}" y="{height - h + 10}" width="{bar}" '
                     f'height="{h}" fill="#3c78d8"><title>score {index}: {count}</title></rect>')
        if count:
            parts.append(f'<text x="{x + bar / 2}" y="{height - h + 6}" '
                         f'text-anchor="middle">{count}</text>')
        parts.append(f'<text x="{x + bar / 2}" y="{height + 26}" '
                     f'text-anchor="middle">{index}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _win_rate_span(record: Dict[str, Any]) -> str:
    rates = [q["win_rate"] for q in record["questions"].values()
             if isinstance(q.get("win_rate"), float)]
    return f'<span class="win-rate">win rate {rates[0]:.4f}</span>' if rates else ""


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


def report_html(assignment: Assignment, questions: List[Question],
                records: List[Dict[str, Any]]) -> str:
    e = html.escape
    facts = overview(records)
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>{e(assignment.name)}: bulk grading report</title>",
           f"<style>{CSS}</style></head><body>",
           f"<h1>{e(assignment.name)}: bulk grading report</h1>",
           '<p class="facts">'
           f'<span>Submissions: <b id="count">{facts["count"]}</b></span>'
           f'<span>Mean: <b>{facts["mean"]:.2f}</b> / {_points(facts["max"])}</span>'
           f'<span>Median: <b>{_points(facts["median"])}</b></span>'
           f'<span>Full marks: <b>{facts["full"]}</b></span>'
           f'<span>Could not be graded: <b>{facts["errors"]}</b></span></p>',
           "<h2>Score distribution</h2>", _histogram(records, facts["max"]),
           *([f'<p id="win-rates">{e(win_rate_facts(records))}</p>']
             if win_rate_facts(records) else []),
           "<h2>Questions</h2>",
           '<table id="questions"><thead><tr><th>Question</th><th>Points</th>'
           "<th>Pass rate</th><th></th><th>Most common failure</th></tr></thead><tbody>"]
    for q in questions:
        passed, rate = pass_rate(records, q.key)
        common = common_failure(records, q.key)
        common_text = (f"{e(common[0])} <i>({common[1]} student{'s' * (common[1] != 1)})</i>"
                       if common else "—")
        out.append(f'<tr data-question="{e(q.key)}"><td>{e(q.name)}</td>'
                   f"<td>{_points(q.points)}</td><td>{passed}/{len(records)} ({rate:.0%})</td>"
                   f'<td><div class="bar"><span style="width:{rate * 100:.1f}%"></span></div>'
                   f"</td><td>{common_text}</td></tr>")
    out += ["</tbody></table>", "<h2>Students</h2>", '<div id="students">']
    for r in records:
        status = "error" if r["error"] else ("passed" if r["score"] == r["max_score"] else "failed")
        out.append(f'<details class="student" data-id="{e(r["id"])}"><summary>'
                   f'<span class="id">{e(r["id"])}</span>'
                   f'<span class="{status}">{_points(r["score"])} / {_points(r["max_score"])}'
                   f"</span><span>{len(r['failures'])} failing case(s)</span>"
                   f"{_win_rate_span(r)}</summary>")
        if r["error"]:
            out.append(f'<p class="error">Could not be graded:</p><pre>{e(r["error"])}</pre>')
        for f in r["failures"]:
            name = r["questions"].get(f["question"], {}).get("name", f["question"])
            hidden = " (hidden)" if f["hidden"] else ""
            out.append(f'<h4 class="{e(f["status"])}">{e(name)} › Case {f["case"]}{hidden}: '
                       f'{e(f["status"])}</h4><pre>{e(f["detail"])}</pre>')
        out.append("</details>")
    out += ["</div>", "</body></html>", ""]
    return "\n".join(out)


def write_all(out: Path, assignment: Assignment, questions: List[Question],
              records: List[Dict[str, Any]]) -> List[str]:
    """Write every file; return the ids of the submissions the grader failed on (their
    tracebacks are in errors/ID.txt). A file of one submission that cannot be written
    is one of those, never the end of the others."""
    failed = {r["id"]: r["traceback"] for r in records if r.get("grader_failed")}
    for record in records:
        written = CallInfo.from_call(lambda: _write(out / "gradescope" / record["id"] /
                                                    "results.json", gradescope_json(record)))
        if written.error is not None:
            failed[record["id"]] = (failed.get(record["id"], "") +
                                    f"Writing gradescope/{record['id']}/results.json failed:\n"
                                    + (written.traceback or ""))
    _write(out / "results.json", results_json(assignment, records))
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
