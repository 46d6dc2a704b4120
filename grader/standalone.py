"""The self-contained runner `grade publish` puts in a workspace: `python3 grade ...`.

ok's students run `python3 ok` in the folder they downloaded, with nothing installed;
so do ours. The runner is a zip application (PEP 441) holding the grader's code and
the pure-Python libraries it imports (click, rich), in versions that run on the oldest
Python it supports. It holds no staff files: no reference, no hidden cases (a workspace
describes its own assignment in grade.json). On its first run it unpacks itself into
the user's cache (`~/.cache/hog-grader/runner/<hash>`) and compiles its files once, so
that later runs import bytecode (importing from a zip compiles on every run); when that
cannot be written it imports from the zip, and runs the worker and the fuzz driver with
`python -c` from the zip's source. Student code runs in a separate process either way.

numpy is not pure Python, so it is not inside: Question 12's exact win rate needs it
(`grader.hog.strategy.NUMPY_INSTALL`, said alike by the README and the runner); without it
the runner checks that the strategy is valid and says the rate was not computed. Everything else works with the interpreter
alone. The runner needs a POSIX system (Linux, macOS; WSL on Windows).
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import zipfile
from importlib import metadata
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Tuple

MIN_PYTHON = (3, 9)
VENDORED = ("click", "rich")  # what `grade` imports in a workspace, pure Python
RUNNER = "grade"
README = "README.md"
_STAMP = (1980, 1, 1, 0, 0, 0)  # fixed times: the same grader gives the same bytes
_CACHE = (Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
          / "hog-grader" / "runner-wheels")

MAIN = '''\
import sys

if sys.version_info < {minimum}:
    sys.exit("grade needs Python {shown} or newer; this is Python %d.%d: run it with a "
             "newer python3" % sys.version_info[:2])
import hashlib
import os
import zipfile


def intact(folder, z):
    \"\"\"Whether FOLDER (a real folder, not a link) holds the zip's files as they are in
    it (sizes and CRCs) and no other source: code run with the user's rights (a
    submission checked with this runner) may have edited the cache, and a fresh copy of
    the zip must not run what it left. (Bytecode it left beside them is not caught:
    see the README.)\"\"\"
    import zlib
    if os.path.islink(folder) or not os.path.isdir(folder):
        return False
    listed = set(os.path.normpath(info.filename) for info in z.infolist() if not info.is_dir())
    for here, dirs, files in os.walk(folder):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in files:
            relative = os.path.relpath(os.path.join(here, name), folder)
            if relative not in listed and not name.startswith(".compiled-"):
                return False
    for info in z.infolist():
        if info.is_dir():
            continue
        path = os.path.join(folder, info.filename)
        try:
            if os.path.getsize(path) != info.file_size:
                return False
            with open(path, "rb") as handle:
                if zlib.crc32(handle.read()) != info.CRC:
                    return False
        except OSError:
            return False
    return True


def unpacked(archive):
    \"\"\"A folder holding this runner's files, unpacked once per version into the user's
    cache, so that Python keeps their bytecode (importing from the zip compiles them on
    every run); None when that cannot be done (the runner then imports from the zip).
    Checked against the zip on every run, and unpacked again when it differs.\"\"\"
    if os.environ.get("HOG_RUNNER_NO_CACHE"):
        return None
    try:
        with open(archive, "rb") as handle:
            key = hashlib.sha256(handle.read()).hexdigest()[:16]
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        folder = os.path.join(base, "hog-grader", "runner", key)
        with zipfile.ZipFile(archive) as z:
            if os.path.lexists(folder):
                if intact(folder, z):
                    return folder
                import shutil
                if os.path.islink(folder):
                    os.unlink(folder)
                else:
                    shutil.rmtree(folder, ignore_errors=True)
        partial = "%s.%d.part" % (folder, os.getpid())
        with zipfile.ZipFile(archive) as z:
            z.extractall(partial)
        try:
            os.replace(partial, folder)
        except OSError:  # another run unpacked it first (or what was there stayed)
            import shutil
            shutil.rmtree(partial, ignore_errors=True)
        with zipfile.ZipFile(archive) as z:
            return folder if intact(folder, z) else None  # else: imports from the zip
    except (OSError, zipfile.BadZipFile, RuntimeError):
        return None


def compiled(folder):
    \"\"\"Compile the unpacked files once for this interpreter (Python may be told not to
    write bytecode as it imports).\"\"\"
    marker = os.path.join(folder, ".compiled-" + str(sys.implementation.cache_tag))
    if os.path.exists(marker):
        return
    try:
        import compileall
        import py_compile
        # each import checks its bytecode's recorded source hash against the source
        # (checked against the zip): a stale or mismatched file is recompiled (bytecode
        # forged with the right hash is not caught: see the README)
        compileall.compile_dir(folder, quiet=2,
                               invalidation_mode=py_compile.PycInvalidationMode.CHECKED_HASH)
        open(marker, "w").close()
    except OSError:
        pass


here = os.path.dirname(os.path.abspath(__file__))
folder = unpacked(here)
if folder is not None:
    compiled(folder)
    sys.path[0] = folder
import grader  # noqa: E402

grader.PROGRAM = os.path.basename(sys.executable or "python3") + " grade"
grader.RUNNER = True
from grader.entry import main  # noqa: E402

main(prog_name="grade")
'''


class RunnerError(Exception):
    """The runner cannot be built here; says why and what to do."""


# --- which version of each library -------------------------------------------------

def _version(text: str) -> Tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", text)[:3])


def _allows(requires: Optional[str], python: Tuple[int, ...] = MIN_PYTHON) -> bool:
    """Whether a Requires-Python field admits PYTHON (and every later 3.x). Unknown
    forms count as no: the library is then fetched for the oldest Python instead."""
    if not requires:
        return True
    python = tuple(python) + (0,) * (3 - len(python))
    for clause in requires.split(","):
        match = re.fullmatch(r"\s*(>=|>|<=|<|==|!=|~=)\s*([\d.]+)(\.\*)?\s*", clause)
        if match is None:
            return False
        op, version, star = match.groups()
        wanted = _version(version)
        if star:
            prefix = python[:len(wanted)] == wanted
            if (op == "==" and not prefix) or (op == "!=" and prefix):
                return False
            continue
        wanted += (0,) * (3 - len(wanted))
        ok = {">=": python >= wanted, ">": python > wanted, "<=": python <= wanted,
              "<": python < wanted, "==": python == wanted, "!=": python != wanted,
              "~=": python >= wanted}[op]
        if not ok:
            return False
    return True


def _installed_files(name: str) -> Optional[Dict[str, bytes]]:
    """The package files of the installed distribution NAME (by import path), when its
    version runs on MIN_PYTHON; else None."""
    try:
        dist = metadata.distribution(name)
    except metadata.PackageNotFoundError:
        return None
    if not _allows(dist.metadata.get("Requires-Python")):
        return None
    files: Dict[str, bytes] = {}
    for entry in dist.files or []:
        parts = Path(str(entry)).parts
        if not parts or parts[0].endswith((".dist-info", ".egg-info")) or "__pycache__" in parts \
                or parts[0] in ("..", "bin") or entry.suffix in (".pyc", ".so", ".pyd"):
            continue
        path = Path(dist.locate_file(entry))
        if path.is_file():
            files[Path(*parts).as_posix()] = path.read_bytes()
    for entry in dist.files or []:
        if Path(str(entry)).parts[0].endswith(".dist-info") and \
                Path(str(entry)).name.upper().startswith(("LICENSE", "COPYING")):
            files[f"licenses/{name}/{Path(str(entry)).name}"] = \
                Path(dist.locate_file(entry)).read_bytes()
    return files or None


def _wheel_files(wheel: Path, name: str) -> Dict[str, bytes]:
    files: Dict[str, bytes] = {}
    with zipfile.ZipFile(wheel) as archive:
        for info in archive.infolist():
            parts = Path(info.filename).parts
            if info.is_dir() or not parts:
                continue
            if parts[0].endswith(".dist-info"):
                if parts[-1].upper().startswith(("LICENSE", "COPYING")):
                    files[f"licenses/{name}/{parts[-1]}"] = archive.read(info)
                continue
            files[info.filename] = archive.read(info)
    return files


def _fetched_files(name: str, cache: Path) -> Dict[str, bytes]:
    """NAME's files from a wheel for MIN_PYTHON: one in CACHE, or fetched there with pip."""
    cache.mkdir(parents=True, exist_ok=True)
    pattern = re.compile(rf"^{re.escape(name)}-[^-]+-py3-none-any\.whl$", re.IGNORECASE)

    def cached() -> List[Path]:
        return sorted((p for p in cache.iterdir() if pattern.match(p.name)),
                      key=lambda p: _version(p.name.split("-")[1]))

    if not cached():
        shown = ".".join(map(str, MIN_PYTHON))
        try:
            done = subprocess.run(
                [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                 "--only-binary=:all:", "--python-version", shown, "--implementation", "py",
                 "--abi", "none", "--platform", "any", "--dest", str(cache), name],
                capture_output=True, text=True, timeout=300)
        except (OSError, subprocess.TimeoutExpired) as error:
            raise RunnerError(f"could not fetch {name} for Python {shown}: {error}") from None
        if done.returncode != 0 or not cached():
            last = (done.stderr.strip().splitlines() or ["pip found no wheel"])[-1]
            raise RunnerError(
                f"the runner needs {name} in a version for Python {shown}, and the installed "
                f"one is newer; fetching it failed ({last}). Put its wheel in {cache}, or "
                "publish with --no-runner")
    return _wheel_files(cached()[-1], name)


def vendored_files(cache: Path = _CACHE) -> Dict[str, bytes]:
    """The files of every vendored library, by path inside the runner."""
    files: Dict[str, bytes] = {}
    for name in VENDORED:
        files.update(_installed_files(name) or _fetched_files(name, cache))
    return files


# --- the grader itself ------------------------------------------------------------

# The grader's own files besides its modules that a student's command reads: the page
# of `grade play`. (The report templates are staff's, and need jinja2.)
STUDENT_DATA = ("hog/play/page.html",)
# Staff modules a student's command never runs and a student must not get: the optimal
# strategy's solver (three lines of import made a strategy question's table that beat
# the threshold, without the work).
STAFF_MODULES = ("hog/strategy/optimal.py",)


def grader_files() -> Dict[str, bytes]:
    """The grader's modules and STUDENT_DATA, without its staff data (reference, staff
    cases, report templates) and STAFF_MODULES."""
    import grader
    root = Path(grader.__file__).resolve().parent
    files = {(Path("grader") / name).as_posix(): (root / name).read_bytes()
             for name in STUDENT_DATA}
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root)
        if relative.parts[0] == "data" and len(relative.parts) > 1:
            continue
        if "__pycache__" in relative.parts or relative.as_posix() in STAFF_MODULES:
            continue
        files[(Path("grader") / relative).as_posix()] = path.read_bytes()
    return files


def build(cache: Path = _CACHE) -> bytes:
    """The runner's bytes: a shebang line and a zip with __main__.py at its top."""
    minimum = ".".join(map(str, MIN_PYTHON))
    files = {"__main__.py": MAIN.format(minimum=tuple(MIN_PYTHON),
                                        shown=minimum).encode("utf-8")}
    files.update(vendored_files(cache))
    files.update(grader_files())
    buffer = io.BytesIO()
    buffer.write(b"#!/usr/bin/env python3\n")
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=_STAMP)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, files[name])
    return buffer.getvalue()


def _listed(names: List[str]) -> str:
    quoted = [f"`{name}`" for name in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]


def readme(assignment_title: str, questions: Iterable[str], winrate: bool,
           sources: List[str], play: bool = False, runner: bool = True) -> str:
    """The workspace's README: how to run the tests, and what that needs. SOURCES: the
    files the student writes; PLAY: Hog's browser game is there.
    Without RUNNER (`publish --no-runner`) the workspace holds no grader: its commands
    are the installed `grade`'s."""
    from .hog.strategy import NUMPY_INSTALL
    minimum = ".".join(map(str, MIN_PYTHON))
    first = next(iter(questions), "01")
    sources = list(sources)
    grade = "python3 grade" if runner else "grade"
    where = ("Check it with the grader in this folder: nothing to install,\n"
             f"only Python {minimum} or newer (Linux, macOS; on Windows use WSL)."
             if runner else
             "Check it with `grade`, the command of hog-grader, installed as your course "
             f"says (Python {minimum} or newer).")
    lines = [
        f"# {assignment_title}",
        "",
        f"Write your code in {_listed(sources)}. {where} In a terminal, in this folder:",
        "",
        "| command | what it does |",
        "|---|---|",
        f"| `{grade}` | run every question; each failing question shows its first "
        "failing case |",
        f"| `{grade} -q {first}` | just one question (repeat `-q` for more) |",
        f"| `{grade} -q {first} --case 3` | just one case: the command each failure "
        "prints |",
        f"| `{grade} -u -q {first}` | unlock the question's locked cases by predicting "
        "their output |",
        f"| `{grade} --list` | the questions, their points and how many cases are "
        "still locked |",
        f"| `{grade} --score` | your points per question and in total |",
        f"| `{grade} -v` | every case of every question |",
        *([f"| `{grade} play` | play Hog in your browser, driven by your own `play` |"]
          if play else []),
        f"| `{grade} --help` | everything else |",
        "",
    ]
    if runner:
        lines += [
            "Wherever the grader prints a command starting with `grade`, type `python3 grade`. "
            "The grader's other commands (`init`, `verify`, `bulk`, ...) are for staff: they "
            "are not in this one.",
            "",
            "## What it needs",
            "",
            f"`grade` is one file holding the grader and the two libraries it uses (click and "
            f"rich); it runs with Python {minimum} or newer and nothing else: no pip, no "
            "network. On its first run it unpacks itself into `~/.cache/hog-grader` (a few MB) "
            "so that later runs start fast. Your code runs in a separate Python process, never "
            "inside the grader.",
        ]
    else:
        lines += [
            "## What it needs",
            "",
            "This folder holds no grader, only your files and the tests: `grade` runs "
            "where hog-grader is installed. Your code runs in a separate Python process, "
            "never inside the grader.",
        ]
    if winrate and runner:
        lines += [
            "",
            "One part needs more: the exact win rate of your `final_strategy` (Question 12) "
            "is computed with numpy. Without numpy, `grade` still checks that your strategy "
            "is valid and says that the rate was not computed; to see the rate, install it "
            f"once: `{NUMPY_INSTALL}`.",
        ]
    lines += [
        "",
        "Lines your code prints starting with `DEBUG:` or `DEBUG ` (any letter case) and "
        "ending with a newline are ignored, as ok ignores them. If a test "
        "file is damaged, download the assignment "
        f"again and copy your {_listed(sources)} into it.",
        "",
    ]
    return "\n".join(lines)


def write(folder: Path, assignment, cache: Path = _CACHE) -> List[Path]:
    """Put the runner and its README into the workspace FOLDER."""
    runner = Path(folder) / RUNNER
    runner.write_bytes(build(cache))
    runner.chmod(0o755)
    return [runner, write_readme(folder, assignment)]


def write_readme(folder: Path, assignment, runner: bool = True) -> Path:
    """The README of the workspace FOLDER: with RUNNER, for the runner `write` puts
    beside it; else for the installed `grade`."""
    from .load import casefile
    title = str(assignment.config.get("title") or assignment.name)
    if assignment.is_ok:  # its tests are what its NAME.ok names, in ok's order
        questions = assignment.bank(Path(folder)).keys()
        text = readme(title, questions, False, assignment.sources, runner=runner)
    else:
        questions = casefile.question_keys(Path(folder) / "tests")
        has_winrate = any(path.name.endswith(casefile.SIDECAR) and '"winrate"' in
                          path.read_text(encoding="utf-8")
                          for path in (Path(folder) / "tests").glob(f"*{casefile.SIDECAR}"))
        text = readme(title, questions, has_winrate, assignment.sources,
                      play=assignment.has_rules, runner=runner)
    (Path(folder) / README).write_text(text, encoding="utf-8")
    return Path(folder) / README
