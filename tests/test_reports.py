"""The pages staff open, in a real headless Chromium (Playwright driving the system's
/usr/bin/chromium; nothing is downloaded): report.html sorts, filters, groups each
student's failures by question, plots win rates, says why a submission was not graded,
and shows student text as text; the contest page names its columns and lists the
entries it left out. Neither page fetches anything."""

import csv
import io
import os
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from grader import assignment as assignments
from grader.bulk import grading as bulk
from grader.bulk import report as bulk_report
from grader.load import casefile
from grader.run.sandbox import bwrap_problem
from grader.hog.strategy.contest import round_robin
from grader.hog.strategy.contest_report import write_report

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "tests" / "data" / "bulk_cases"
ASSIGNMENT = assignments.load()
REFERENCE = (ASSIGNMENT.reference / "hog.py").read_text()
TEMPLATE = (ASSIGNMENT.template / "hog.py").read_text()
needs_chromium = pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="no chromium")
needs_bwrap = pytest.mark.skipif(bwrap_problem() is not None, reason=str(bwrap_problem()))
HOSTILE_ID = '<img src=x onerror="alert(1)">'
SHOUTS = "<script>alert(2)</script>"


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


def open_page(browser, path: Path, width: int = 1300):
    """The page at PATH, with every dialog and every request it makes recorded."""
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.dialogs, page.requests = [], []
    page.on("dialog", lambda dialog: (page.dialogs.append(dialog.message), dialog.dismiss()))
    page.on("request", lambda request: page.requests.append(request.url))
    page.goto(path.as_uri())
    return page


def visible_ids(page):
    return page.eval_on_selector_all(
        "#students tbody.student", "bodies => bodies.filter(b => !b.hidden).map(b => b.dataset.id)")


@pytest.fixture(scope="module")
def graded_class(tmp_path_factory):
    base = tmp_path_factory.mktemp("report")
    source = base / "in"
    students = {
        "alice": REFERENCE, "bob": TEMPLATE,
        "carol": REFERENCE + "\ndef roll_dice(n, dice=six_sided):\n    while True:\n        pass\n",
        "dave": "def roll_dice(:\n",
        "erin": REFERENCE + f"\ndef free_bacon(score):\n    print({SHOUTS!r})\n    return 0\n",
        HOSTILE_ID: REFERENCE,
        "frank": REFERENCE,
    }
    for sid, text in students.items():
        (source / sid).mkdir(parents=True)
        (source / sid / "hog.py").write_text(text)
    out = base / "out"
    original = bulk.make_record

    def fails_for_frank(submission, *args):
        if submission.id == "frank":
            raise RuntimeError("planted: the grader trips on frank")
        return original(submission, *args)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(bulk, "make_record", fails_for_frank)
        outcome = bulk.run(source, out, ASSIGNMENT, bulk.load_cases(ASSIGNMENT, CASES),
                           bulk.Settings(timeout=1, budget=2, jobs=2,
                                         sandbox=bwrap_problem() is None))
    return {r["id"]: r for r in outcome.records}, out / "report.html"


@needs_chromium
def test_report_sorts_filters_and_explains(browser, graded_class):
    records, report = graded_class
    page = open_page(browser, report)
    ids = sorted(records)
    assert visible_ids(page) == ids

    page.click("#students th[data-key=score]")
    ascending = visible_ids(page)
    assert ascending == sorted(ids, key=lambda i: (records[i]["score"], i))
    page.click("#students th[data-key=score]")
    assert [records[i]["score"] for i in visible_ids(page)] == sorted(
        (records[i]["score"] for i in ids), reverse=True)
    page.click("#students th[data-key=id]")
    assert visible_ids(page) == ids

    page.fill("#filter-text", "dav")
    assert visible_ids(page) == ["dave"] and page.text_content("#shown") == "1"
    page.fill("#filter-text", "")
    page.select_option("#filter-status", "error")
    assert visible_ids(page) == ["dave"]
    page.select_option("#filter-status", "grader-failed")
    assert visible_ids(page) == ["frank"]
    page.select_option("#filter-status", "full")
    assert set(visible_ids(page)) == {"alice", HOSTILE_ID}
    page.select_option("#filter-status", "")

    def row(sid):
        index = page.eval_on_selector_all(
            "#students tbody.student", "(bodies, sid) => bodies.findIndex(b => b.dataset.id === sid)",
            sid)
        return page.locator("#students tbody.student").nth(index)

    assert "syntax error" in row("dave").locator("tr.row").inner_text()
    assert "failing case" not in row("dave").locator("tr.row").inner_text()
    assert "grader failed" in row("frank").locator("tr.row").inner_text()

    bob = row("bob")
    assert bob.locator("tr.detail").is_hidden()
    bob.locator("tr.row").click()
    assert bob.locator("tr.detail").is_visible()
    groups = bob.locator(".group").evaluate_all("gs => gs.map(g => g.dataset.question)")
    assert groups == [q for q in ("01", "02", "04") if records["bob"]["questions"][q][
        "status"] != "passed"]
    first = bob.locator(".group").first
    assert "Case 1" in first.inner_text()

    erin = row("erin")
    erin.locator("tr.row").click()
    assert SHOUTS in erin.locator("tr.detail").inner_text()
    assert HOSTILE_ID in row(HOSTILE_ID).locator("tr.row").inner_text()
    assert page.dialogs == []
    assert page.requests == [report.as_uri()]
    page.close()


@needs_chromium
def test_no_chart_label_is_clipped(browser, tmp_path):
    """The tallest bar's count sits inside the drawing, in both charts."""
    records = []
    rng = np.random.default_rng(3)
    for index in range(40):
        rate = float(rng.uniform(0.45, 0.62))
        records.append({"id": f"s{index:02}", "score": 5 if index % 3 else index % 5,
                        "max_score": 5, "error": None, "failures": [],
                        "questions": {"12": {"name": "Question 12", "score": 0, "max_score": 0,
                                             "status": "passed", "passed": 1, "failed": 0,
                                             "output": "", "win_rate": rate,
                                             "strategy_valid": True}}})
    path = tmp_path / "report.html"
    path.write_text(bulk_report.report_html(ASSIGNMENT, [], records))
    page = open_page(browser, path)
    for chart in ("#histogram", "#win-rate-plot"):
        tops = page.eval_on_selector_all(f"{chart} text.count", "ts => ts.map(t => t.getBBox().y)")
        assert tops and min(tops) >= 0, chart
    bars = page.eval_on_selector_all("#win-rate-plot rect.bin",
                                     "rs => rs.map(r => +r.querySelector('title').textContent.split(': ')[1])")
    assert sum(bars) == 40
    assert len(page.eval_on_selector_all("#students td.win-rate", "tds => tds")) == 40
    page.click("#students th[data-key=win-rate]")
    shown = [float(page.get_attribute(f"#students tbody.student[data-id={sid}]",
                                      "data-win-rate")) for sid in visible_ids(page)]
    assert shown == sorted(shown)
    page.close()


def whole_class_report(path: Path) -> Path:
    """report.html for a class graded on every Fall 2019 question, win rates included,
    with a submission that could not be graded (its reason is the longest cell)."""
    questions = casefile.load_questions(ASSIGNMENT.cases)
    records = []
    for index in range(6):
        broken = index == 3
        records.append({
            "id": f"submission_{index:09}", "score": 0 if broken else index, "max_score": 22,
            "error": ("hog.py has a syntax error on line 65: SyntaxError: expected ':'"
                      if broken else None),
            "failures": [] if broken else [
                {"question": "02", "case": 1, "hidden": False, "status": "failed",
                 "summary": "Case 1: got 5, expected 7", "detail": ">>> free_bacon(35)\n7"}],
            "questions": {q.key: {"name": q.name, "score": 0 if broken or q.key == "02"
                                  else q.points, "max_score": q.points,
                                  "status": "failed" if q.key == "02" else "passed",
                                  "passed": 1, "failed": 0, "output": "",
                                  **({"win_rate": 0.5 + index / 20, "strategy_valid": True}
                                     if q.key == "12" and not broken else {})}
                          for q in questions}})
    path.write_text(bulk_report.report_html(ASSIGNMENT, questions, records))
    return path


@needs_chromium
def test_students_table_fits_a_1920_px_screen(browser, tmp_path):
    """Every column of the students table is on screen at 1920 px: none is cut off
    behind a scroll bar while the page has room to spare."""
    page = open_page(browser, whole_class_report(tmp_path / "report.html"), width=1920)
    page.locator("#students").scroll_into_view_if_needed()
    width = page.evaluate("document.documentElement.clientWidth")
    boxes = page.eval_on_selector_all(
        "#students thead th, #students tbody.student > tr.row > td",
        "cells => cells.map(c => [c.innerText.trim(), c.getBoundingClientRect().left, "
        "c.getBoundingClientRect().right])")
    headers = page.eval_on_selector_all("#students thead th", "ths => ths.map(t => t.innerText)")
    assert len(headers) == 2 + 14 + 1 + 2, headers
    assert [box for box in boxes if box[1] < 0 or box[2] > width] == []
    wide = page.eval_on_selector("#students-wide", "w => [w.scrollWidth, w.clientWidth]")
    assert wide[0] <= wide[1], "nothing is left to scroll to"
    page.close()


@needs_chromium
def test_students_rows_open_from_the_keyboard(browser, tmp_path):
    """Tab reaches each student; Enter opens its failures, Space closes them, and the
    focused student is outlined."""
    page = open_page(browser, whole_class_report(tmp_path / "report.html"), width=1920)
    page.focus("#filter-status")
    for _ in range(40):
        page.keyboard.press("Tab")
        focused = page.evaluate("document.activeElement.closest('tbody.student')?.dataset.id")
        if focused:
            break
    assert focused == "submission_000000000"
    body = page.locator(f"#students tbody.student[data-id={focused}]")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("", "none"), "the focused student is visibly marked"
    assert body.locator("tr.detail").is_hidden()
    page.keyboard.press("Enter")
    assert body.locator("tr.detail").is_visible()
    assert "free_bacon(35)" in body.locator("tr.detail").inner_text()
    assert page.evaluate("document.activeElement.getAttribute('aria-expanded')") == "true"
    page.keyboard.press("Space")
    assert body.locator("tr.detail").is_hidden()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.closest('tbody.student').dataset.id") == \
        "submission_000000001"
    page.focus("#students th[data-key=score] button")
    page.keyboard.press("Enter")
    assert page.get_attribute("#students th[data-key=score]", "aria-sort") == "ascending", \
        "columns sort from the keyboard too"
    page.close()


@settings(max_examples=30, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=40), min_size=2, max_size=5, unique=True))
def test_student_text_is_never_markup(texts):
    """Whatever a submission's id, error or output holds, the page escapes it."""
    records = [{"id": text, "score": 0, "max_score": 5, "error": text, "failures": [
        {"question": "01", "case": 1, "hidden": False, "status": "failed", "summary": text,
         "detail": text}], "questions": {"01": {"name": "Q1", "score": 0, "max_score": 5,
                                                "status": "failed", "passed": 0, "failed": 1,
                                                "output": text}}} for text in texts]
    page = bulk_report.report_html(ASSIGNMENT, [], records)
    assert page.count("<script>") == 1  # the page's own
    for text in texts:
        if "<" in text:
            assert text not in page


@needs_chromium
def test_contest_page_names_columns_and_lists_exclusions(browser, tmp_path):
    teams = [("<script>alert(3)</script>", 6), ("plain", 4), ("five", 5)]
    result = round_robin(teams, processes=1)
    excluded = [{"entry": "broken.py", "team": None, "error": "final_strategy(0, 0) returned 11"},
                {"entry": "<b>x</b>.py", "team": "<i>t</i>", "error": "a symbolic link"}]
    out = write_report(result, tmp_path / "out", excluded=excluded,
                       entries={"<script>alert(3)</script>": "x.py", "plain": "plain.py",
                                "five": "five"})
    page = open_page(browser, out / "index.html")
    headers = page.eval_on_selector_all("#matrix thead th", "ths => ths.map(t => t.innerText.trim())")
    ranked = [team for _, team, _ in result.ranking]
    assert headers == ["rank", "team", "entry", "match points", "mean win rate"] + ranked
    files = page.eval_on_selector_all("#matrix tbody tr", "trs => trs.map(r => r.cells[2].innerText)")
    assert files == [{"<script>alert(3)</script>": "x.py", "plain": "plain.py", "five": "five"}[t]
                     for t in ranked]
    rows = page.eval_on_selector_all("#excluded tbody tr",
                                     "trs => trs.map(r => [...r.cells].map(c => c.innerText))")
    assert rows == [["broken.py", "", "final_strategy(0, 0) returned 11"],
                    ["<b>x</b>.py", "<i>t</i>", "a symbolic link"]]
    assert page.dialogs == [] and page.requests == [(out / "index.html").as_uri()]
    page.close()


def test_grades_csv_keeps_points_that_add_up():
    """A test worth 7 split over three suites gives 4.666666666666667: grades.csv wrote
    4.66667, and a row's cells no longer summed to its total (hunt17 #3)."""
    from grader.bulk import report as bulk_report
    from grader.model import Question
    questions = [Question(key="a", name="a", points=7, suites=[], path=None),
                 Question(key="b", name="b", points=2, suites=[], path=None)]
    records = [{"id": "ann", "score": 14 / 3 + 2,
                "questions": {"a": {"score": 14 / 3}, "b": {"score": 2.0}}}]
    rows = bulk_report.grades_csv(questions, records).splitlines()
    assert rows[1] == f"ann,{14 / 3!r},2,{14 / 3 + 2!r}"
    cells = rows[1].split(",")[1:]
    assert float(cells[0]) + float(cells[1]) == float(cells[2])


@pytest.mark.parametrize("keys", [["double", "total"], ["id", "double"],
                                  ["id", "total", "submission id", "submission total"]])
def test_grades_csv_never_has_two_columns_of_one_name(keys):
    """A question named `total` gave the header `id,double,total,total`: read by column
    name, the question's points were the sum (hunt18 #1). A question keeps ok's name
    for it; the fixed column takes another."""
    from grader.bulk import report as bulk_report
    from grader.model import Question
    questions = [Question(key=k, name=k, points=1, suites=[], path=None) for k in keys]
    records = [{"id": "ann", "score": 1.0,
                "questions": {k: {"score": float(i == 0)} for i, k in enumerate(keys)}}]
    (row,) = csv.DictReader(io.StringIO(bulk_report.grades_csv(questions, records)))
    header = list(row)
    assert len(set(header)) == len(header) == len(keys) + 2
    assert header[1:-1] == keys
    assert row[header[0]] == "ann" and float(row[header[-1]]) == 1
    assert [float(row[k]) for k in keys] == [1] + [0] * (len(keys) - 1)
