"""What staff hand `grade bulk` is hostile too: links and special files are refused,
entry names become safe ids (the given name kept), spreadsheet cells are never
formulas, the terminal never receives an escape sequence, and the layouts course
exports use are found."""

import csv
import io
import json
import os
import stat
import struct
import subprocess
import sys
import unicodedata
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from grader import assignment as assignments
from grader.bulk import grading as bulk
from grader.bulk import report as bulk_report
from grader.run.sandbox import bwrap_problem
from grader.untrusted import FORMULA_START, csv_cell, is_safe_name, printable, safe_name

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "tests" / "data" / "bulk_cases"
ASSIGNMENT = assignments.load()
REFERENCE = (ASSIGNMENT.reference / "hog.py").read_text()
GRADE = [sys.executable, "-m", "grader.cli", "bulk"]
needs_bwrap = pytest.mark.skipif(bwrap_problem() is not None, reason=str(bwrap_problem()))


def by_id(found):
    return {s.id: s for s in found}


# --- links and special files -----------------------------------------------------------

def linked_class(root: Path) -> Path:
    """A victim, and every way found to borrow its file (or the reference) by a link,
    or to hand the grader something that is not a file."""
    (root / "victim").mkdir(parents=True)
    (root / "victim" / "hog.py").write_text("VICTIM = 1\n")
    (root / "copycat").mkdir()
    (root / "copycat" / "hog.py").symlink_to("../victim/hog.py")
    (root / "refcopy").mkdir()
    (root / "refcopy" / "hog.py").symlink_to(ASSIGNMENT.reference / "hog.py")
    (root / "nested_link" / "export").mkdir(parents=True)
    (root / "nested_link" / "export" / "hog.py").symlink_to(ASSIGNMENT.reference / "hog.py")
    (root / "whole").symlink_to("victim")
    (root / "loose.py").symlink_to("victim/hog.py")
    (root / "fifo").mkdir()
    os.mkfifo(root / "fifo" / "hog.py")
    (root / "device").mkdir()
    os.mknod(root / "device" / "hog.py", stat.S_IFCHR | 0o644, os.makedev(1, 3))
    return root


def test_links_and_special_files_in_a_folder_are_refused(tmp_path):
    found = by_id(bulk.discover(linked_class(tmp_path / "in"), "hog.py"))
    assert found["victim"].source == b"VICTIM = 1\n"
    for sid in ("copycat", "refcopy", "nested_link", "whole", "loose"):
        assert found[sid].source is None and "symbolic link" in found[sid].problem, sid
        assert "refused" in found[sid].problem
    for sid in ("fifo", "device"):
        assert found[sid].source is None and "not a regular file" in found[sid].problem, sid


def zip_entry(archive: zipfile.ZipFile, name: str, data: str, mode: int) -> None:
    info = zipfile.ZipInfo(name)
    info.create_system = 3  # Unix: the mode's file type is meaningful
    info.external_attr = mode << 16
    archive.writestr(info, data)


def test_links_and_special_files_in_a_zip_are_refused(tmp_path):
    archive_path = tmp_path / "class.zip"
    with zipfile.ZipFile(archive_path, "w") as archive:
        archive.writestr("victim/hog.py", "VICTIM = 1\n")
        zip_entry(archive, "copycat/hog.py", "../victim/hog.py", stat.S_IFLNK | 0o777)
        zip_entry(archive, "refcopy/hog.py", str(ASSIGNMENT.reference / "hog.py"),
                  stat.S_IFLNK | 0o777)
        zip_entry(archive, "fifo/hog.py", "", stat.S_IFIFO | 0o644)
        zip_entry(archive, "plain/hog.py", "PLAIN = 1\n", stat.S_IFREG | 0o644)
    found = by_id(bulk.discover(archive_path, "hog.py"))
    assert found["victim"].source == b"VICTIM = 1\n"
    assert found["plain"].source == b"PLAIN = 1\n"
    assert "symbolic link" in found["copycat"].problem
    assert "symbolic link" in found["refcopy"].problem
    assert "not a regular file" in found["fifo"].problem


def odd_class(root: Path, as_zip: bool) -> Path:
    """Links and folders where a student's hog.py would be, one level down: a linked
    folder holding the reference, and a folder named hog.py."""
    root.mkdir(parents=True)
    if as_zip:
        path = root / "class.zip"
        with zipfile.ZipFile(path, "w") as archive:
            archive.writestr("victim/hog.py", "VICTIM = 1\n")
            zip_entry(archive, "linked/export", str(ASSIGNMENT.reference), stat.S_IFLNK | 0o777)
            zip_entry(archive, "linked/notes.md", "hi\n", stat.S_IFREG | 0o644)
            archive.writestr(zipfile.ZipInfo("folder/hog.py/"), "")
        return path
    (root / "victim").mkdir()
    (root / "victim" / "hog.py").write_text("VICTIM = 1\n")
    (root / "linked").mkdir()
    (root / "linked" / "export").symlink_to(ASSIGNMENT.reference)
    (root / "linked" / "notes.md").write_text("hi\n")
    (root / "folder" / "hog.py").mkdir(parents=True)
    return root


@pytest.mark.parametrize("as_zip", [False, True])
def test_a_linked_folder_or_a_folder_named_hog_py_is_named_as_such(tmp_path, as_zip):
    found = by_id(bulk.discover(odd_class(tmp_path / "in", as_zip), "hog.py"))
    assert found["victim"].source == b"VICTIM = 1\n"
    assert found["linked"].source is None
    assert "export is a symbolic link" in found["linked"].problem, found["linked"].problem
    assert found["folder"].source is None
    assert "hog.py is a folder" in found["folder"].problem, found["folder"].problem


def test_a_folder_swapped_for_a_link_after_the_walk_is_not_followed(tmp_path):
    """Files are read after the walk: a folder on the way that became a link since is
    refused, not followed (O_NOFOLLOW alone guards only the last part)."""
    top = tmp_path / "in"
    (top / "student" / "export").mkdir(parents=True)
    (top / "student" / "export" / "hog.py").write_text("MINE = 1\n")
    entries = {e.parts: e for e in bulk._walk_folder(top)}
    entry = entries[("student", "export", "hog.py")]
    os.rename(top / "student" / "export", top / "student" / "moved")
    (top / "student" / "export").symlink_to(ASSIGNMENT.reference)
    with pytest.raises(Exception, match="export is a symbolic link"):
        entry.read()


@needs_bwrap
def test_a_linked_submission_gets_no_marks_and_is_told_why(tmp_path):
    source = tmp_path / "in"
    (source / "victim").mkdir(parents=True)
    (source / "victim" / "hog.py").write_text(REFERENCE)
    (source / "copycat").mkdir()
    (source / "copycat" / "hog.py").symlink_to("../victim/hog.py")
    (source / "refcopy").mkdir()
    (source / "refcopy" / "hog.py").symlink_to(ASSIGNMENT.reference / "hog.py")
    out = tmp_path / "out"
    done = subprocess.run(GRADE + [str(source), "--out", str(out), "--cases", str(CASES)],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    results = {s["id"]: s for s in json.loads((out / "results.json").read_text())["submissions"]}
    assert results["victim"]["score"] == 5
    for sid in ("copycat", "refcopy"):
        assert results[sid]["score"] == 0 and "symbolic link" in results[sid]["error"]
        shown = json.loads((out / "gradescope" / sid / "results.json").read_text())["output"]
        assert "symbolic link" in shown


# --- ids -------------------------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(max_size=300), min_size=1, max_size=6))
def test_safe_names_are_file_names_unique_and_stable(names):
    """Unique as a file system folding case and composing letters sees them too."""
    import unicodedata

    def fold(name):
        return unicodedata.normalize("NFC", name).casefold()
    taken = []
    for name in names:
        chosen = safe_name(name, taken)
        assert is_safe_name(chosen) and fold(chosen) not in map(fold, taken)
        assert safe_name(name, taken) == chosen
        if is_safe_name(name) and fold(name) not in map(fold, taken):
            assert chosen == name
        taken.append(chosen)


HOSTILE_NAMES = ["/", "..", "../../etc", "x" * 300, "é" * 200, "tab\there", "esc\x1b[31mred",
                 "bidi\u202eevil", "-rf", ".hidden", "=HYPERLINK(\"http://x\")", "a\\b",
                 "new\nline", "~user", " spaced "]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(HOSTILE_NAMES),
                          st.text(st.characters(blacklist_categories=("Cs",),
                                                blacklist_characters="/\x00"), min_size=1,
                                  max_size=260)),
                min_size=1, max_size=5, unique=True))
def test_zip_entry_names_become_safe_ids_keeping_the_given_name(tmp_path_factory, names):
    path = tmp_path_factory.mktemp("ids") / "class.zip"
    with zipfile.ZipFile(path, "w") as archive:
        for index, name in enumerate(names):
            archive.writestr(f"{name}/hog.py", f"N = {index}\n")
        archive.writestr("neighbour/hog.py", "N = -1\n")
    found = bulk.discover(path, "hog.py")
    ids = [s.id for s in found]
    assert len(set(ids)) == len(ids) and all(is_safe_name(i) for i in ids)
    assert by_id(found)["neighbour"].source == b"N = -1\n"
    for submission in found:
        if submission.name is not None:
            assert submission.id != submission.name


def test_ids_a_case_folding_file_system_would_take_for_one_are_made_unique(tmp_path):
    """On an OUT folder that folds case or composes letters (a macOS volume, an exFAT or
    SMB share) `Alice/` and `alice/` are one folder: one student's results overwrote the
    other's (attack25), as were `Ilse/` and `\u0131lse/` (a dotless i) on NTFS, which
    compares names in upper case (attack26). The first in order keeps its id; the other
    gets a stand-in and keeps its name as given."""
    import unicodedata
    for name in ("Alice", "alice", "ALICE", "Zo\u00e9", "Zoe\u0301", "bob", "Ilse", "\u0131lse"):
        (tmp_path / "class" / name).mkdir(parents=True)
        (tmp_path / "class" / name / "hog.py").write_text(f"N = {name!r}\n")
    found = bulk.discover(tmp_path / "class", "hog.py")
    keys = [unicodedata.normalize("NFC", s.id).upper().casefold() for s in found]
    assert len(set(keys)) == len(keys) == 8 and all(is_safe_name(s.id) for s in found)
    assert {s.id for s in found} >= {"ALICE", "Zoe\u0301", "bob", "Ilse"}  # first in code order
    assert {s.name for s in found if s.name} == {"Alice", "alice", "Zo\u00e9", "\u0131lse"}


def test_absolute_and_parent_zip_entries_never_leave_out(tmp_path):
    archive_path = tmp_path / "class.zip"
    with zipfile.ZipFile(archive_path, "w") as archive:
        archive.writestr("/hog.py", "ABSOLUTE = 1\n")
        archive.writestr("/abs/hog.py", "ABS = 1\n")
        archive.writestr("../up/hog.py", "UP = 1\n")
        archive.writestr("ok/hog.py", "OK = 1\n")
    found = bulk.discover(archive_path, "hog.py")
    ids = [s.id for s in found]
    assert all(is_safe_name(i) for i in ids)
    assert by_id(found)["abs"].source == b"ABS = 1\n"
    assert by_id(found)["hog"].source == b"ABSOLUTE = 1\n"
    refused = [s for s in found if s.name == "../up/hog.py"]
    assert len(refused) == 1 and refused[0].source is None


def test_a_zip_made_on_windows_with_backslashes_is_read_as_unzip_reads_it(tmp_path):
    """Windows tools (PowerShell 5's Compress-Archive) write `hw\\hog.py`: unzip reads it
    as hw/hog.py, and the student got 0, "no hog.py in the submission" (hunt26 E). A
    backslash in a name made on Unix is part of the name; `..\\` still never leaves."""
    def entry(name: str, system: int) -> zipfile.ZipInfo:
        info = zipfile.ZipInfo(name)
        info.create_system = system
        return info

    student = io.BytesIO()
    with zipfile.ZipFile(student, "w") as archive:
        archive.writestr(entry("proj\\hog.py", 0), "WINDOWS = 1\n")
    escaping = io.BytesIO()
    with zipfile.ZipFile(escaping, "w") as archive:
        archive.writestr(entry("..\\..\\hog.py", 0), "UP = 1\n")
    unix = io.BytesIO()
    with zipfile.ZipFile(unix, "w") as archive:
        archive.writestr(entry("proj\\hog.py", 3), "UNIX = 1\n")
    for name, data in (("win.zip", student), ("up.zip", escaping), ("unix.zip", unix)):
        (tmp_path / name).write_bytes(data.getvalue())
    found = by_id(bulk.discover(tmp_path, "hog.py"))
    assert found["win"].source == b"WINDOWS = 1\n"
    assert found["up"].source is None
    assert found["unix"].source is None and "proj\\hog.py" in found["unix"].problem


# --- spreadsheets and terminals ------------------------------------------------------

@settings(max_examples=300)
@given(st.text(max_size=50))
def test_no_csv_cell_is_a_formula(text):
    cell = csv_cell(text)
    assert not cell.startswith(FORMULA_START)
    assert cell == text or cell == "'" + text


@settings(max_examples=300)
@given(st.text(max_size=80))
def test_printable_leaves_nothing_a_terminal_acts_on(text):
    acts = lambda ch: unicodedata.category(ch)[0] == "C" or unicodedata.category(ch) in (
        "Zl", "Zp")
    shown = printable(text, keep_newlines=False)
    assert not any(acts(ch) for ch in shown)
    assert printable(text) == text or any(acts(ch) for ch in text)


def test_grades_csv_cells_are_never_formulas():
    records = [{"id": sid, "score": 0, "max_score": 5, "questions": {}}
               for sid in ("=1+1", "+cmd", "-2", "@SUM(A1)", "\tx", "\rx", "plain")]
    rows = list(csv.reader(io.StringIO(bulk_report.grades_csv([], records), newline="")))
    cells = [row[0] for row in rows[1:]]
    assert cells == ["'=1+1", "'+cmd", "'-2", "'@SUM(A1)", "'\tx", "'\rx", "plain"]


@needs_bwrap
def test_the_staff_terminal_gets_no_escape_sequence(tmp_path):
    source = tmp_path / "in"
    for sid, text in {"esc\x1b]0;owned\x07name": REFERENCE,
                      "prints_escapes": REFERENCE + (
                          "\ndef free_bacon(score):\n"
                          "    print('\\x1b[2J\\x1b]0;owned\\x07\\u202e')\n    return 0\n")}.items():
        (source / sid).mkdir(parents=True)
        (source / sid / "hog.py").write_text(text)
    done = subprocess.run(GRADE + [str(source), "--out", str(tmp_path / "out"),
                                   "--cases", str(CASES)],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    for char in ("\x1b", "\x07", "\u202e"):
        assert char not in done.stdout + done.stderr
    assert "esc" in done.stdout
    # nor one who opens, cats or greps the report (attack26 F5: it kept them raw), or
    # prints results.json's texts raw (`jq -r`: attack29 F2, review29 #4)
    page = (tmp_path / "out" / "report.html").read_text(encoding="utf-8")
    records = json.loads((tmp_path / "out" / "results.json").read_text())["submissions"]
    names = [r.get("name", r["id"]) for r in records]
    assert "esc\\x1b]0;owned\\x07name" in names
    for char in ("\x1b", "\x07", "\u202e", "\x9b"):
        assert char not in page and char not in json.dumps(records, ensure_ascii=False)


@pytest.mark.parametrize("as_zip", [False, True])
def test_a_hidden_or_tool_like_folder_is_passed_over_aloud(tmp_path, as_zip):
    """hunt28 #6: `__jdoe/` and `.old/` are never graded (an archiver's copies look so),
    and bulk used to say nothing of them; a tool's own folders stay unmentioned."""
    source = tmp_path / "in"
    for top in ("ann", "_bob", "__jdoe", ".old", "__MACOSX", ".git"):
        (source / top).mkdir(parents=True)
        (source / top / "hog.py").write_text(REFERENCE)
    (source / "__cy.py").write_text(REFERENCE)  # the one-file layout's ID.py
    if as_zip:  # files only, as many zips list them (review30 #1: no folder entries)
        with zipfile.ZipFile(tmp_path / "class.zip", "w") as archive:
            for path in sorted(source.rglob("*")):
                if path.is_file():
                    archive.write(path, path.relative_to(source).as_posix())
        source = tmp_path / "class.zip"
    passed_over = []
    found = bulk.discover(source, "hog.py", passed_over=passed_over)
    assert [s.id for s in found] == ["_bob", "ann"]
    assert sorted(passed_over) == [".old", "__cy.py", "__jdoe"]
    done = subprocess.run(GRADE + [str(source), "--out", str(tmp_path / "out"), "--cases",
                                   str(CASES), "--no-sandbox", "--no-cgroups"],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    said = " ".join(done.stderr.split())
    assert "Not graded: .old, __cy.py, __jdoe (a hidden folder or a tool's" in said, done.stderr
    assert "MACOSX" not in said and ".git" not in said


# --- the layouts course exports use ------------------------------------------------------

LAYOUTS = ["{id}/hog.py", "{id}/Hog.py", "{id}/HOG.PY", "{id}/submission/hog.py",
           "{id}/proj01-hog/Hog.py", "{id}/cs61a/proj01-hog/hog.py", "{id}.py"]


@settings(max_examples=60, deadline=None)
@given(layouts=st.lists(st.sampled_from(LAYOUTS), min_size=2, max_size=5),
       wrappers=st.lists(st.sampled_from(["export", "Project 1", "hog-submissions"]),
                         max_size=2, unique=True),
       as_zip=st.booleans(), junk=st.booleans())
def test_every_export_layout_is_found(tmp_path_factory, layouts, wrappers, as_zip, junk):
    """(With two students or more: a lone `a/b/hog.py` is a wrapper a holding student b as
    much as a student a with a subfolder; the wrapper reading wins.)"""
    files = {}
    for index, layout in enumerate(layouts):
        sid = f"student{index}"
        files[layout.format(id=sid)] = f"S = {index}\n"
        if junk and not layout.startswith("{id}."):
            files[f"{sid}/README.txt"] = "notes"
    if junk:
        files["__MACOSX/._junk"] = "junk"
    prefix = "/".join(wrappers) + "/" if wrappers else ""
    base = tmp_path_factory.mktemp("layouts")
    if as_zip:
        path = base / "class.zip"
        with zipfile.ZipFile(path, "w") as archive:
            for name, text in files.items():
                archive.writestr(prefix + name, text)
    else:
        path = base / "class"
        for name, text in files.items():
            (path / prefix / name).parent.mkdir(parents=True, exist_ok=True)
            (path / prefix / name).write_text(text)
    found = by_id(bulk.discover(path, "hog.py"))
    assert {sid: s.source for sid, s in found.items()} == {
        f"student{i}": f"S = {i}\n".encode() for i in range(len(layouts))}


def _zipped(files: dict) -> bytes:
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as archive:
        for name, text in files.items():
            archive.writestr(name, text)
    return data.getvalue()


@pytest.mark.parametrize("as_zip", [False, True])
def test_a_zip_per_student_is_that_students_submission(tmp_path, as_zip):
    """Some exports give one zip per student (ID.zip), others keep what each uploaded
    (ID/upload.zip): both were skipped or graded 0 (the student missing from grades.csv
    without a word). A project's several files are found in it too, a folder deeper
    or two."""
    one = {"ann.zip": _zipped({"hog.py": "A = 1\n"}),
           "bob/upload.zip": _zipped({"proj/hog.py": "B = 1\n"}),
           "cy.zip": _zipped({"notes.txt": "no source"}),
           "dee.zip": b"not a zip"}
    several = {"ann.zip": _zipped({"typer.py": "T = 1\n", "utils.py": "U = 1\n"}),
               "bob/sub.zip": _zipped({"hw/proj02/typer.py": "T = 2\n",
                                       "hw/proj02/utils.py": "U = 2\n"}),
               "cy/hw/proj02/typer.py": "T = 3\n", "cy/hw/proj02/utils.py": "U = 3\n"}
    for label, files in (("one", one), ("several", several)):
        root = tmp_path / label
        for name, data in files.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_bytes(data if isinstance(data, bytes) else data.encode())
        path = root
        if as_zip:
            path = tmp_path / f"{label}.zip"
            path.write_bytes(_zipped({name: data for name, data in files.items()}))
        if label == "one":
            found = by_id(bulk.discover(path, "hog.py"))
            assert (found["ann"].source, found["bob"].source) == (b"A = 1\n", b"B = 1\n")
            assert "no hog.py in the submission" in found["cy"].problem
            assert "cannot be read as a zip file" in found["dee"].problem
        else:
            found = by_id(bulk.discover(path, "typer.py", ["typer.py", "utils.py"]))
            assert {sid: s.files for sid, s in found.items()} == {
                sid: {"typer.py": f"T = {n}\n".encode(), "utils.py": f"U = {n}\n".encode()}
                for n, sid in enumerate(["ann", "bob", "cy"], 1)}


def test_a_broken_or_foreign_archive_is_the_students_and_named(tmp_path):
    """A student's zip with a bad checksum, an encrypted entry or a compression method
    zipfile lacks was "the grader failed" (the run exited 3, every --resume too); a
    linked ID.zip or an ID.tar.gz left the student out of grades.csv without a word; a
    zip over 1 MiB (a project's data beside its source) was refused whole."""
    good = _zipped({"hog.py": "G = 1\n"})
    crc = bytearray(_zipped({"hog.py": "A = 1\n"}))
    crc[crc.index(b"A = 1")] = ord("B")  # the stored bytes no longer match their CRC
    encrypted = bytearray(good)
    for header in (b"PK\x03\x04", b"PK\x01\x02"):
        at = encrypted.index(header)
        flag = at + (6 if header == b"PK\x03\x04" else 8)
        encrypted[flag] |= 1
    lzma_zip = io.BytesIO()  # LZMA's own error is no OSError: "the grader failed" again
    with zipfile.ZipFile(lzma_zip, "w", zipfile.ZIP_LZMA) as archive:
        archive.writestr("hog.py", "".join(f"L{i} = {i * 7919 % 1000003}\n" for i in range(300)))
    corrupt = bytearray(lzma_zip.getvalue())
    data = corrupt.index(b"PK\x03\x04") + 30 + len("hog.py")
    corrupt[data + 40:data + 80] = bytes(b ^ 0xFF for b in corrupt[data + 40:data + 80])
    big = io.BytesIO()
    with zipfile.ZipFile(big, "w") as archive:
        archive.writestr("proj/hog.py", "BIG = 1\n")
        archive.writestr("proj/data/map.bin", os.urandom(2 << 20))
    root = tmp_path / "class"
    root.mkdir()
    for name, data in (("crc.zip", bytes(crc)), ("enc.zip", bytes(encrypted)),
                       ("lzma.zip", bytes(corrupt)),
                       ("big.zip", big.getvalue()), ("tar.tar.gz", b"\x1f\x8b"),
                       ("good.zip", good)):
        (root / name).write_bytes(data)
    (root / "linked.zip").symlink_to(root / "good.zip")
    found = by_id(bulk.discover(root, "hog.py"))
    assert all(s.failure is None for s in found.values()), {k: s.failure for k, s in found.items()}
    assert "cannot be read from the zip" in found["crc"].problem
    assert "cannot be read from the zip" in found["enc"].problem
    assert "cannot be read from the zip" in found["lzma"].problem
    assert found["big"].source == b"BIG = 1\n" and found["good"].source == b"G = 1\n"
    assert "archive grade bulk does not open" in found["tar"].problem
    assert "symbolic link" in found["linked"].problem


def listing_zip(files: int) -> bytes:
    """A zip of hog.py and FILES empty files with long names: its listing (central
    directory) is most of it."""
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w", zipfile.ZIP_STORED) as archive:
        archive.writestr("hog.py", "L = 1\n")
        for number in range(files):
            archive.writestr(f"{number:08d}" + "n" * 40, b"")
    return data.getvalue()


def test_a_student_zip_listing_too_many_files_is_refused_before_it_is_read(tmp_path):
    """A student's zip that is nothing but a listing of files (700 000 of them fit in
    the 32 MiB a zip may have) cost the grader 20 s and 725 MB before anything was
    graded: `zipfile` makes an object of each. One whose listing is over 1 MiB is now
    refused and told so; a zip of a few thousand files is still read."""
    root = tmp_path / "class"
    (root / "bob").mkdir(parents=True)
    (root / "ann.zip").write_bytes(listing_zip(12000))
    (root / "bob" / "upload.zip").write_bytes(listing_zip(12000))
    (root / "cy.zip").write_bytes(listing_zip(3000))
    # an end record zipfile refuses (a zip64 locator naming another disk): the student's
    good = listing_zip(0)
    end = good.rindex(b"PK\x05\x06")
    (root / "dee.zip").write_bytes(good[:end] + b"PK\x06\x07" + struct.pack("<IQI", 1, 0, 2)
                                   + good[end:])
    found = by_id(bulk.discover(root, "hog.py"))
    for sid in ("ann", "bob"):
        assert "lists more files than a submission holds" in found[sid].problem, found[sid]
    assert found["cy"].source == b"L = 1\n"
    assert found["dee"].failure is None and "cannot be read as a zip" in found["dee"].problem


def test_when_nothing_is_gradable_the_files_there_are_named(tmp_path):
    root = tmp_path / "in"
    (root / "wrong_name" / "deep" / "deeper" / "deepest").mkdir(parents=True)
    (root / "wrong_name" / "hog (1).py").write_text("")
    (root / "wrong_name" / "deep" / "deeper" / "deepest" / "hog.py").write_text("")
    (root / "two" / "a").mkdir(parents=True)
    (root / "two" / "b").mkdir()
    (root / "two" / "a" / "hog.py").write_text("A = 1\n")
    (root / "two" / "b" / "hog.py").write_text("B = 1\n")
    (root / "empty").mkdir()
    deep = root / "zipped"  # a zip of a whole path (hunt26): not empty, too deep
    deep.mkdir()
    with zipfile.ZipFile(deep / "hog.zip", "w") as archive:
        archive.writestr("Users/ann/Desktop/cs61a/hog/hog.py", "L = 1\n")
    found = by_id(bulk.discover(root, "hog.py"))
    assert "it holds folders only, as deep as the grader looks (Users/ann/Desktop/cs61a" \
        in found["zipped"].problem, found["zipped"].problem
    assert found["wrong_name"].problem.startswith("no hog.py in the submission; it holds: ")
    assert "hog (1).py" in found["wrong_name"].problem
    assert "deep/deeper/deepest/hog.py" in found["wrong_name"].problem
    assert "more than one hog.py" in found["two"].problem
    assert "a/hog.py" in found["two"].problem and "b/hog.py" in found["two"].problem
    assert found["empty"].problem == "no hog.py in the submission (it is empty)"


def test_bulk_refuses_a_student_folder_of_locked_cases(tmp_path):
    ws = tmp_path / "ws"
    made = subprocess.run([sys.executable, "-m", "grader.cli", "init", str(ws)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert made.returncode == 0, made.stderr
    source = tmp_path / "in" / "alice"
    source.mkdir(parents=True)
    (source / "hog.py").write_text(REFERENCE)
    done = subprocess.run(GRADE + [str(tmp_path / "in"), "--out", str(tmp_path / "out"),
                                   "--cases", str(ws / "tests"), "--no-sandbox"],
                          capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 2
    message = " ".join(done.stderr.split())
    assert "holds locked cases" in message and "case files with answers" in message
    assert "Traceback" not in done.stderr and not (tmp_path / "out").exists()


def test_a_projects_files_are_each_found_as_the_bundle_finds_them(tmp_path):
    """One rule for bulk and the Gradescope bundle (attack17 F8): each source where it is,
    graded at its configured place. `typer.py` at the top and `utils.py` a folder down
    got 9/9 from the bundle and 0 in bulk; two copies of a file are refused in both."""
    root = tmp_path / "class"
    files = {"ann/typer.py": "T = 1\n", "ann/lib/utils.py": "U = 1\n",
             "bob/v1/typer.py": "T = 2\n", "bob/v2/typer.py": "T = 3\n",
             "bob/v1/utils.py": "U = 2\n",
             "cy/typer.py": "T = 4\n"}
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    found = by_id(bulk.discover(root, "typer.py", ["typer.py", "utils.py"]))
    assert found["ann"].files == {"typer.py": b"T = 1\n", "utils.py": b"U = 1\n"}
    assert "more than one typer.py" in found["bob"].problem
    assert found["cy"].files == {"typer.py": b"T = 4\n", "utils.py": None}


@pytest.mark.parametrize("where", ["beside the junk", "one folder down"])
def test_a_student_folder_of_many_junk_files_costs_the_grader_little(tmp_path, where):
    """Every entry of a student's folder was listed and kept before any grading: 200 000
    empty files cost the grader 250 MiB (attack21 K11). Past a cap a folder lists only
    what can be the source (its name, a zip, a folder), and the source is still found."""
    import tracemalloc
    student = tmp_path / "class" / "wide"
    (student / "sub").mkdir(parents=True)
    for i in range(30_000):
        (student / f"f{i:06d}").touch()
    (student / ("hw02.py" if where == "beside the junk" else "sub/hw02.py")).write_text("x = 1\n")
    (tmp_path / "class" / "ada").mkdir()
    (tmp_path / "class" / "ada" / "hw02.py").write_text("x = 2\n")
    tracemalloc.start()
    try:
        found = bulk.discover(tmp_path / "class", "hw02.py", ["hw02.py"])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [(s.id, s.problem) for s in found] == [("ada", None), ("wide", None)]
    assert peak < 20 << 20, f"{peak >> 20} MiB"


@pytest.mark.parametrize("layout", ["ID.py", "ID/hw02.py", "ID.zip"])
def test_a_wrapped_class_larger_than_the_folder_cap_is_found_whole(tmp_path, monkeypatch,
                                                                  layout):
    """The cap on a folder's entries applied to a class export's wrapping folder too: of
    12 000 `export/ID.py` submissions 10 000 were found, the rest dropped unsaid (hunt21
    F11). Past the cap a folder still lists what can hold a submission. (The cap is made
    small here: the rule, not the size, is under test.)"""
    from grader import safe_files
    monkeypatch.setattr(safe_files, "FOLDER_CAP", 20)
    export = tmp_path / "class" / "export"
    export.mkdir(parents=True)
    ids = [f"s{i:03d}" for i in range(45)]
    for name in ids:
        if layout == "ID.py":
            (export / f"{name}.py").write_text("x = 1\n")
        elif layout == "ID/hw02.py":
            (export / name).mkdir()
            (export / name / "hw02.py").write_text("x = 1\n")
        else:
            with zipfile.ZipFile(export / f"{name}.zip", "w") as archive:
                archive.writestr("hw02.py", "x = 1\n")
    found = bulk.discover(tmp_path / "class", "hw02.py", ["hw02.py"])
    assert sorted(s.id for s in found) == ids and not [s for s in found if s.problem]
