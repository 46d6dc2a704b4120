"""The shape Gradescope documents for an autograder's results.json, checked field by
field (its "Autograder Specifications": a total `score` or one per test; each test's
name, score, max_score, output, and a visibility Gradescope knows)."""

from __future__ import annotations

from typing import Any, Dict

VISIBILITIES = {"hidden", "after_due_date", "after_published", "visible"}
STATUSES = {"passed", "failed"}


def _controls(text: str) -> set:
    """The control characters of TEXT other than newline and tab."""
    return {char for char in text if (ord(char) < 32 and char not in "\n\t")
            or 0x7f <= ord(char) < 0xa0}


def check(data: Dict[str, Any]) -> None:
    """Fail with the first thing in DATA that Gradescope would not read as documented."""
    assert isinstance(data, dict) and isinstance(data.get("tests"), list), "a tests list"
    assert data.get("visibility", "visible") in VISIBILITIES
    assert data.get("stdout_visibility", "hidden") in VISIBILITIES
    assert isinstance(data.get("output", ""), str)
    # what the code printed is shown as text, never rendered (HTML is Gradescope's default)
    assert data.get("output_format") == "text" and data.get("test_output_format") == "text"
    assert all(test.get("output_format", "text") == "text" for test in data["tests"])
    assert not _controls(data.get("output", ""))
    numbers = []
    for test in data["tests"]:
        for key, kind in (("name", str), ("output", str), ("visibility", str)):
            assert isinstance(test.get(key), kind), (key, test)
        # a NUL, say, which a database behind Gradescope may refuse (text: escaped)
        assert not _controls(test["output"]), (test["name"], _controls(test["output"]))
        for key in ("score", "max_score"):
            assert isinstance(test.get(key), (int, float)) and not isinstance(test[key], bool)
        assert 0 <= test["score"] <= test["max_score"], test["name"]
        assert test["visibility"] in VISIBILITIES, test["visibility"]
        assert test.get("status", "passed") in STATUSES, test.get("status")
        numbers.append(test.get("number", test["name"]))
    assert len(numbers) == len(set(numbers)), "each test named once"
    total = sum(test["score"] for test in data["tests"])
    assert data.get("score", total) == total, "the total is the tests' sum"


def layout(data: Dict[str, Any]):
    """What a student sees of each test, output aside: its name, number, points,
    visibility and status."""
    return [(t["name"], t.get("number"), t["score"], t["max_score"], t["visibility"],
             t.get("status")) for t in data["tests"]]
