"""A class of hostile submissions beside correct neighbours, as a folder and as a zip.

Every attack found against `grade bulk` has a place here: code that attacks the grader
from inside its sandbox (the `HOSTILE` sources of test_bulk), and inputs that attack it
from outside (links, special files, names that are paths, formulas or escape codes, a
corrupt zip entry). `tests/test_hostile_class.py` grades the whole class and checks
that the neighbours keep full marks, nothing is written outside OUT, no process is
left, and the reports are written.

To add an attack, call `code_attack`
(a hog.py source: the attack runs as the student's code) or `folder_attack` /
`zip_attack` (a function that lays the entry out), with the most it may score.
"""

from __future__ import annotations

import os
import stat
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Dict, Optional

from grader import assignment as assignments

ASSIGNMENT = assignments.load()
ROOT = Path(__file__).resolve().parents[1]
REFERENCE = (ASSIGNMENT.reference / "hog.py").read_text()
TEMPLATE = (ASSIGNMENT.template / "hog.py").read_text()
CASES = ROOT / "tests" / "data" / "hostile_cases"  # doctests, a short fuzz, the win rate
FULL = 7  # the points of CASES
PIPE_BYTES = 1 << 16  # what a Linux pipe holds: a job larger than this blocks a writer
# Code that writes WORDS on every descriptor above 2 (the grader's channels among them):
# `_forge(words)`, with `_os` and `_time` imported for what follows it.
FORGE = ("import os as _os, time as _time\n"
         "def _forge(words):\n"
         "    for fd in _os.listdir('/proc/self/fd'):\n"
         "        if int(fd) > 2:\n"
         "            try:\n"
         "                _os.write(int(fd), words)\n"
         "            except OSError:\n"
         "                pass\n")

NEIGHBOURS: Dict[str, str] = {  # correct submissions: each must keep FULL marks
    "neighbour_reference": REFERENCE,
    # slow but within the limits: it loses marks if a neighbour can steal its CPU time
    "neighbour_slow": ("import time as _time\n_start = _time.process_time()\n"
                       "while _time.process_time() - _start < 0.6:\n    pass\n" + REFERENCE),
    **{f"neighbour_{path.stem}": TEMPLATE + "\n\n" + path.read_text()  # as test_solutions
       for path in sorted((ROOT / "tests" / "solutions").glob("*.py"))},
}


@dataclass
class Attack:
    """One hostile entry: how it is laid out, the most it may score, and the words its
    result must hold (why it was refused, say)."""

    lay_out: Callable[[Path, "zipfile.ZipFile"], None]
    at_most: float = 0
    says: Optional[str] = None
    grader_may_fail: bool = False  # the grader may record that it failed on this one
    win_rate: Optional[float] = None  # question 12's rate: its own strategy's, not a forged one


FOLDER: Dict[str, Attack] = {}  # the entry's name as given (results.json's name, else id)
ZIP: Dict[str, Attack] = {}


def code_attack(sid: str, source: str, at_most: float, says: Optional[str] = None,
                grader_may_fail: bool = False, win_rate: Optional[float] = None) -> None:
    """An attack made by the student's own code: in the folder class as SID/hog.py."""
    def lay_out(root: Path, archive=None) -> None:
        (root / sid).mkdir()
        (root / sid / "hog.py").write_text(source)
    FOLDER[sid] = Attack(lay_out, at_most, says, grader_may_fail, win_rate)


def folder_attack(sid: str, lay_out: Callable[[Path], None], at_most: float = 0,
                  says: Optional[str] = None) -> None:
    FOLDER[sid] = Attack(lambda root, archive=None: lay_out(root), at_most, says)


def zip_attack(sid: str, lay_out: Callable[["zipfile.ZipFile"], None], at_most: float = 0,
               says: Optional[str] = None, grader_may_fail: bool = False) -> None:
    ZIP[sid] = Attack(lambda root, archive: lay_out(archive), at_most, says, grader_may_fail)


def napping(seconds: float, names) -> str:
    """Code that makes each function of NAMES sleep SECONDS before it does its work:
    correct answers, almost no CPU time."""
    return ("import time as _time\n"
            "def _nap(f):\n"
            "    def slow(*args, **kwargs):\n"
            f"        _time.sleep({seconds})\n"
            "        return f(*args, **kwargs)\n"
            "    return slow\n"
            + "".join(f"{name} = _nap({name})\n" for name in names))


def with_override(code: str) -> str:
    return REFERENCE + "\n\n" + code


# final_strategy always rolls 0 dice, but the table the worker prints for question 12 is
# rewritten (json.dumps patched at import) into the reference's: the grader must rate
# the strategy's own answers to its questions (`reader.read_in`)
FORGES_WIN_RATE = """
import json as _json
_real, _dumps = final_strategy, _json.dumps
def final_strategy(s, o):
    return 0
def _forged(value, *args, **kwargs):
    if isinstance(value, dict) and ("table" in value or "error" in value):
        value = {"table": [[_real(s, o) for o in range(100)] for s in range(100)]}
    return _dumps(value, *args, **kwargs)
_json.dumps = _forged
"""


# --- code attacks beyond test_bulk's HOSTILE -----------------------------------------

def _register_code_attacks() -> None:
    from test_bulk import HOSTILE  # the attacks that held: they stay in the mix

    for sid, source in HOSTILE.items():
        if sid == "correct" or source is None:
            continue
        text = source.decode("latin-1") if isinstance(source, bytes) else source
        code_attack(f"hostile_{sid}", text,  # a correct solution that forks may keep its marks
                    at_most=FULL if sid == "forks_survivors" else FULL - 1)
    code_attack("wrong_shapes_on_channel", with_override(
        "import os\n"
        "for fd in os.listdir('/proc/self/fd'):\n"
        "    if int(fd) > 2:\n"
        "        try:\n"
        "            os.write(int(fd), b'{\"ready\": true}\\n{\"id\": 0, \"outputs\": [5]}\\n'\n"
        "                     b'{\"id\": 1, \"outputs\": {\"printed\": 3}}\\n')\n"
        "        except OSError:\n"
        "            pass\n"), at_most=FULL - 2, grader_may_fail=True)
    code_attack("prints_markup_and_escapes", with_override(
        "def free_bacon(score):\n"
        "    print('<script>alert(1)</script>\\x1b[2J\\x1b]0;owned\\x07=HYPERLINK(\"x\")')\n"
        "    return 0\n"), at_most=FULL - 1)
    # resources: CPU for a neighbour, memory of the machine, disk, the grader's memory
    code_attack("starves_the_cpu", (
        "import os as _os, time as _time\n"
        "for _ in range(31):\n"
        "    try:\n"
        "        if _os.fork() == 0:\n"
        "            while True:\n"
        "                pass\n"
        "    except OSError:\n"
        "        break\n") + with_override(
        "def _sleepy(f):\n"
        "    def slow(*args, **kwargs):\n"
        "        _time.sleep(1.8)\n"  # just under the class's 2 s timeout
        "        return f(*args, **kwargs)\n"
        "    return slow\n"
        "roll_dice, free_bacon, is_swap = map(_sleepy, (roll_dice, free_bacon, is_swap))\n"),
        at_most=FULL)
    code_attack("hoards_memory_in_many_processes", (
        "import os as _os, time as _time\n"
        "for _ in range(24):\n"  # 24 x 400 MiB, each under the per-process limit
        "    try:\n"
        "        if _os.fork() == 0:\n"
        "            hoard = bytearray(400 << 20)\n"
        "            for i in range(0, len(hoard), 4096):\n"
        "                hoard[i] = 1\n"
        "            _time.sleep(3)\n"
        "            _os._exit(0)\n"
        "    except OSError:\n"
        "        break\n") + REFERENCE, at_most=FULL)
    code_attack("fills_the_disk", with_override(
        "import os as _os\n"
        "def free_bacon(score):\n"
        "    for folder in ('/tmp', '.', '/submission', _os.path.expanduser('~')):\n"
        "        try:\n"
        "            with open(_os.path.join(folder, 'fill'), 'wb') as out:\n"
        "                while True:\n"
        "                    out.write(b'x' * (1 << 20))\n"
        "        except (OSError, ValueError):\n"
        "            pass\n"
        "    return 10 - min(score // 10, score % 10)\n"), at_most=FULL)
    code_attack("floods_the_report_channel", with_override(
        "import os as _os\n"
        "_junk = b'{\"id\": 0, \"outputs\": [{\"printed\": \"' + b'x' * (2 << 20) + b'\"}]}\\n'\n"
        "for fd in _os.listdir('/proc/self/fd'):\n"
        "    if int(fd) > 2:\n"
        "        for _ in range(40):\n"
        "            try:\n"
        "                _os.write(int(fd), _junk)\n"
        "            except OSError:\n"
        "                break\n"), at_most=FULL - 2, grader_may_fail=True)
    # as much as the grader keeps of each case, in every case: a huge print, then a
    # deep stack ending in an exception whose name and message are huge
    code_attack("stores_megabytes", with_override(
        "_FLOOD = 'x' * 70000 + '\\n' + ('y' * 300 + '\\n') * 200\n"
        "_Huge = type('E' * 5000, (Exception,), {})\n"
        "def _noisy(f):\n"
        "    def noisy(*args, **kwargs):\n"
        "        print(_FLOOD)\n"
        "        def deep(n):\n"
        "            if n == 0:\n"
        "                raise _Huge('m' * 200000)\n"
        "            return deep(n - 1)\n"
        "        deep(40)\n"
        "    return noisy\n"
        "roll_dice, free_bacon, is_swap, play, final_strategy = map(\n"
        "    _noisy, (roll_dice, free_bacon, is_swap, play, final_strategy))\n"), at_most=0)
    code_attack("raises_megabytes_at_import", "raise Exception('m' * 300000)\n", at_most=0)
    # the grader's protocol faked: "ready" written on every channel at import, then no
    # more reading (the job is larger than a pipe: see make_cases), or, in the fuzz
    # player only (its stdin is the grader's pipe), a few thousand answers forged in
    # advance for the shrinker (its play fails the fuzz), then no more reading
    forge = FORGE
    code_attack("forges_ready_and_sleeps", with_override(
        forge + "_forge(b'{\"ready\": true}\\n')\n_time.sleep(3600)\n"), at_most=0)
    code_attack("forges_player_answers", with_override(
        forge + "if _os.path.realpath('/proc/self/fd/0') != _os.devnull:\n"
        "    _forge(b'{\"ready\": true}\\n' + b'[[]]\\n' * 4000)\n"
        "    _time.sleep(3600)\n"
        "_play = play\n"
        "def play(strategy0, strategy1, *args, **kwargs):\n"
        "    return _play(strategy1, strategy0, *args, **kwargs)\n"), at_most=FULL - 2)
    from grader.hog.strategy.winrate import win_rate
    code_attack("forges_its_win_rate", with_override(FORGES_WIN_RATE), at_most=FULL,
                win_rate=win_rate(0, 4).win_rate)
    code_attack("loops_while_fuzzing", with_override(
        "_roll = roll_dice\n"
        "def roll_dice(num_rolls, dice=six_sided):\n"
        "    import sys\n"
        "    if 'doctest' not in sys.modules and num_rolls == 0:\n"
        "        while True:\n"
        "            pass\n"
        "    return 99 if num_rolls == 10 else _roll(num_rolls, dice)\n"),
        at_most=FULL - 2, grader_may_fail=True)
    # fills its private /tmp with empty files (no bytes, but each costs the host kernel
    # memory): the inode cap stops it, and its correct code keeps its marks
    code_attack("fills_tmp_with_empty_files", with_override(
        "import os as _os\n"
        "for _i in range(300000):\n"
        "    try:\n"
        "        open(f'/tmp/f{_i}', 'w').close()\n"
        "    except OSError:\n"
        "        break\n"), at_most=FULL)
    # sleeps just under the wall limit (3 x 2 s) in every call: no CPU time, so only its
    # budget and the wall cap of its cases stop it holding a job slot for an hour
    code_attack("sleeps_in_every_case", with_override(napping(
        5.5, ("roll_dice", "free_bacon", "is_swap", "take_turn", "play"))), at_most=FULL - 1)


# --- attacks from the submissions folder itself ----------------------------------------

def _register_folder_attacks() -> None:
    folder_attack("copycat", lambda root: (
        (root / "copycat").mkdir(),
        (root / "copycat" / "hog.py").symlink_to("../neighbour_reference/hog.py")),
        says="symbolic link")
    folder_attack("reference_link", lambda root: (
        (root / "reference_link").mkdir(),
        (root / "reference_link" / "hog.py").symlink_to(ASSIGNMENT.reference / "hog.py")),
        says="symbolic link")
    folder_attack("linked_folder", lambda root: (
        (root / "linked_folder").symlink_to("neighbour_reference")), says="symbolic link")
    folder_attack("loose_link", lambda root: (
        (root / "loose_link.py").symlink_to("neighbour_reference/hog.py")), says="symbolic link")
    folder_attack("linked_export", lambda root: (
        (root / "linked_export").mkdir(),
        (root / "linked_export" / "proj01").symlink_to("../neighbour_reference")),
        says="proj01 is a symbolic link")
    folder_attack("hog_py_folder", lambda root: (
        (root / "hog_py_folder" / "hog.py").mkdir(parents=True)), says="hog.py is a folder")
    folder_attack("fifo", lambda root: (
        (root / "fifo").mkdir(), os.mkfifo(root / "fifo" / "hog.py")), says="not a regular file")
    folder_attack("device", lambda root: (
        (root / "device").mkdir(),
        os.mknod(root / "device" / "hog.py", stat.S_IFCHR | 0o644, os.makedev(1, 5))),
        says="not a regular file")
    for sid in ("esc\x1b]0;owned\x07", "x" * 250, "-rf", "bidi\u202eevil"):
        folder_attack(sid, lambda root, sid=sid: (
            (root / sid).mkdir(), (root / sid / "hog.py").write_text(REFERENCE)), at_most=FULL)
    folder_attack("=HYPERLINK(evil)", lambda root: (
        (root / "=HYPERLINK(evil)").mkdir(),
        (root / "=HYPERLINK(evil)" / "hog.py").write_text(REFERENCE)), at_most=FULL)
    folder_attack("Capitalised", lambda root: (
        (root / "Capitalised").mkdir(), (root / "Capitalised" / "Hog.py").write_text(REFERENCE)),
        at_most=FULL)
    folder_attack("nested_export", lambda root: (
        (root / "nested_export" / "proj01").mkdir(parents=True),
        (root / "nested_export" / "proj01" / "hog.py").write_text(REFERENCE)), at_most=FULL)


def _register_zip_attacks() -> None:
    def entry(archive, name: str, data: str, mode: int) -> None:
        info = zipfile.ZipInfo(name)
        info.create_system = 3
        info.external_attr = mode << 16
        archive.writestr(info, data)

    zip_attack("hog", lambda z: z.writestr("/hog.py", REFERENCE), at_most=FULL)  # id "hog"
    zip_attack("../up/hog.py", lambda z: z.writestr("../up/hog.py", REFERENCE),
               says="outside the archive")
    zip_attack("y" * 300, lambda z: z.writestr("y" * 300 + "/hog.py", REFERENCE), at_most=FULL)
    zip_attack("zip_link", lambda z: entry(z, "zip_link/hog.py", "../neighbour_reference/hog.py",
                                            stat.S_IFLNK | 0o777), says="symbolic link")
    zip_attack("zip_reference_link", lambda z: entry(
        z, "zip_reference_link/hog.py", str(ASSIGNMENT.reference / "hog.py"),
        stat.S_IFLNK | 0o777), says="symbolic link")
    zip_attack("zip_linked_export", lambda z: entry(
        z, "zip_linked_export/proj01", "../neighbour_reference", stat.S_IFLNK | 0o777),
        says="proj01 is a symbolic link")
    zip_attack("zip_fifo", lambda z: entry(z, "zip_fifo/hog.py", "", stat.S_IFIFO | 0o644),
               says="not a regular file")
    zip_attack("ctl\x07name", lambda z: z.writestr("ctl\x07name/hog.py", REFERENCE), at_most=FULL)
    # BAD_CRC's entry gets a flipped byte after the archive is written (see make_zip)
    zip_attack(BAD_CRC, lambda z: z.writestr(f"{BAD_CRC}/hog.py", REFERENCE + "\n# CRC\n"),
               says="the grader failed", grader_may_fail=True)


BAD_CRC = "bad_crc"


def make_cases(folder: Path, cases: Path = CASES) -> Path:
    """CASES, with a visible case of question 1 whose source is larger than a pipe holds,
    as a real assignment's job is: a worker that stops reading its job must cost its
    own cases, not hang the run (forges_ready_and_sleeps)."""
    folder.mkdir(parents=True)
    for path in cases.iterdir():
        if path.is_file():
            (folder / path.name).write_bytes(path.read_bytes())
    faces = ", ".join(["3"] * (PIPE_BYTES // 3 + 1000))
    text = (folder / "01.py").read_text()
    case = ("{'code': r\"\"\"\n        >>> roll_dice(5, make_test_dice(" + faces + "))\n"
            "        15\n        \"\"\", 'hidden': False, 'locked': False},\n        ")
    at = text.index("{'code'")
    (folder / "01.py").write_text(text[:at] + case + text[at:])
    return folder


def make_folder(root: Path) -> Path:
    root.mkdir(parents=True)
    for sid, source in NEIGHBOURS.items():
        (root / sid).mkdir()
        (root / sid / "hog.py").write_text(source)
    for attack in FOLDER.values():
        attack.lay_out(root, None)
    return root


def make_zip(path: Path) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for sid, source in NEIGHBOURS.items():
            archive.writestr(f"{sid}/hog.py", source)
        for attack in ZIP.values():
            attack.lay_out(path.parent, archive)
    data = bytearray(path.read_bytes())
    at = data.index(b"\n# CRC\n")
    data[at + 3] ^= 0x20
    path.write_bytes(bytes(data))
    return path


_register_code_attacks()
_register_folder_attacks()
_register_zip_attacks()
