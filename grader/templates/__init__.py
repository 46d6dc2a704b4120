"""The HTML pages staff open (bulk's report.html, the contest's index.html), made from
the Jinja2 templates in this folder with autoescaping on: every value from a
submission is escaped unless a template says otherwise, and none does; and text has
its control characters escaped as in the terminal (`_shown`). Styles and
scripts are included inline, so each page is one self-contained file that needs no
network when it is viewed."""

from __future__ import annotations

import functools
from pathlib import Path

import jinja2
import markupsafe

FOLDER = Path(__file__).resolve().parent


def _shown(value):
    """What a page shows of VALUE: text with what a terminal would act on escaped
    (`untrusted.printable`), as every other output shows it: a page staff `cat` or grep
    ran a student's OSC 52 clipboard write, and U+202E reordered a "Got:" (attack26 F5).
    Markup the templates make (JSON for the scripts) is already escaped."""
    if isinstance(value, str) and not isinstance(value, markupsafe.Markup):
        from ..untrusted import printable
        return printable(value)
    return value


@functools.lru_cache(maxsize=None)
def environment() -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(FOLDER)), autoescape=True,
                              undefined=jinja2.StrictUndefined, trim_blocks=True,
                              lstrip_blocks=True, keep_trailing_newline=True,
                              finalize=_shown)


def render(name: str, **values) -> str:
    return environment().get_template(name).render(**values)
