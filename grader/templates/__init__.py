"""The HTML pages staff open (bulk's report.html, the contest's index.html), made from
the Jinja2 templates in this folder with autoescaping on: every value from a
submission is escaped unless a template says otherwise, and none does. Styles and
scripts are included inline, so each page is one self-contained file that needs no
network when it is viewed."""

from __future__ import annotations

import functools
from pathlib import Path

import jinja2

FOLDER = Path(__file__).resolve().parent


@functools.lru_cache(maxsize=None)
def environment() -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(FOLDER)), autoescape=True,
                              undefined=jinja2.StrictUndefined, trim_blocks=True,
                              lstrip_blocks=True, keep_trailing_newline=True)


def render(name: str, **values) -> str:
    return environment().get_template(name).render(**values)
