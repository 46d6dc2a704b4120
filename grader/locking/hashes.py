"""Locked answers: the two hash schemes, and locking or unlocking the answers of a case.

A locked answer line is a token the grader can check a student's guess against but not
read. Two schemes:

* `salted` (ours, the default): `$hg1$ITER$SALT$TAG$BOX`. PBKDF2-HMAC-SHA256 of the
  answer's canonical form with a fresh random salt per answer, so equal answers in
  different cases, files or assignments share nothing. The original text (exact
  spacing, a whole traceback) is kept in BOX, encrypted with a key derived from the
  right answer, so unlocking restores the staff's text byte for byte.
* `ok` (the course's ok client): 32 hex digits, HMAC-MD5 keyed with the assignment's
  name over the whitespace-normalised line, one per expected line, so a course's
  existing locked ok test bank works unchanged.

Neither hides anything from a student willing to guess offline: see docs/locking.md.
"""

from __future__ import annotations

import os
import re
import textwrap
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple

from .. import asts
from ..load.casewrite import KeyPath, apply, update

SCHEMES = ("salted", "ok")
SPECIAL = ("Error", "Nothing", "Function", "Infinite Loop")
LOCKED_NOTE = "# locked"
ITERATIONS = 20_000
_SALTED = "$hg1$"
_OK_TOKEN = re.compile(r"^[0-9a-f]{32}$")
_FUNCTION = re.compile(r"^<(function|bound method|built-in function|lambda)\b.*>$")
_NOTE = re.compile(r"^#\s*(locked|choice|explanation)\s*(?::\s?(.*))?$")
_TRACEBACK = ("Traceback (most recent call last):", "Traceback (innermost last):")
_LITERAL_LIMIT = 10_000



class LockError(Exception):
    """A locked answer this grader cannot check (an unknown or damaged token)."""


def normalize(text: str) -> str:
    """ok's normalisation: runs of white space become one space."""
    return " ".join(text.split())


def canonical(text: str) -> str:
    """The form an answer is compared in: equal Python literals compare equal ("hi" and
    'hi', 1.0 and 1.00), white space does not matter, answer words ignore case."""
    text = text.strip()
    if text == "<BLANKLINE>":
        return ""
    if len(text) <= _LITERAL_LIMIT:
        try:
            return repr(asts.literal_eval(text))
        except Exception:  # not a literal (or a pathological one): compare as text
            pass
    text = normalize(text)
    if text.title() in SPECIAL:
        return text.title()
    if _FUNCTION.match(text):
        return "Function"
    return text


# --- the two schemes -----------------------------------------------------------------

def _derive(answer: str, salt: bytes, iterations: int) -> Tuple[bytes, bytes]:
    import hashlib
    key = hashlib.pbkdf2_hmac("sha256", answer.encode("utf-8"), salt, iterations, dklen=48)
    return key[:16], key[16:]


def _stream(key: bytes, data: bytes) -> bytes:
    import hashlib
    pad = hashlib.shake_256(key).digest(len(data))
    return bytes(a ^ b for a, b in zip(data, pad))


def _b64(data: bytes) -> str:
    import base64
    return base64.b64encode(data).decode("ascii")


def seal(plain: str, answer: str, iterations: int = ITERATIONS) -> str:
    """A salted token for PLAIN, opened by any guess whose canonical form is ANSWER's."""
    salt = os.urandom(16)
    tag, key = _derive(canonical(answer), salt, iterations)
    data = plain.encode("utf-8")
    data = len(data).to_bytes(4, "big") + data
    data += b"\0" * (-len(data) % 32)  # hide the exact length of the answer
    return "$".join(["$hg1", str(iterations), _b64(salt), _b64(tag), _b64(_stream(key, data))])


def _open_salted(token: str, guess: str) -> Optional[str]:
    import base64
    import hmac
    try:
        _, _, iterations, salt, tag, box = token.split("$")
        iterations_n = int(iterations)
        salt_b, tag_b, box_b = (base64.b64decode(x, validate=True) for x in (salt, tag, box))
    except ValueError:
        raise LockError(f"damaged locked answer: {token[:40]}") from None
    mine, key = _derive(canonical(guess), salt_b, iterations_n)
    if not hmac.compare_digest(mine, tag_b):
        return None
    data = _stream(key, box_b)
    size = int.from_bytes(data[:4], "big")
    return data[4:4 + size].decode("utf-8")


def ok_hash(key: str, text: str) -> str:
    """ok's lock: HMAC-MD5 keyed with the assignment name over the normalised text."""
    import hmac
    return hmac.new(key.encode("utf-8"), normalize(text).encode("utf-8"), "md5").hexdigest()


def _ok_guesses(guess: str) -> List[str]:
    guess = normalize(guess)
    guesses = [guess]
    try:
        guesses.append(repr(asts.literal_eval(guess)))
    except Exception:
        pass
    if guess.title() in SPECIAL:
        guesses.append(guess.title())
    return guesses


def is_token(text: str) -> bool:
    text = text.strip()
    return text.startswith(_SALTED) or bool(_OK_TOKEN.match(text))


def check(token: str, guess: str, key: str) -> Optional[str]:
    """The text that replaces TOKEN when GUESS is right (KEY: the assignment name, for
    ok's tokens), or None when it is wrong."""
    token = token.strip()
    if token.startswith(_SALTED):
        return _open_salted(token, guess)
    if _OK_TOKEN.match(token):
        import hmac
        return next((g for g in _ok_guesses(guess) if hmac.compare_digest(ok_hash(key, g), token)),
                    None)
    raise unknown(token)


def unknown(token: object) -> LockError:
    """Why TOKEN cannot be checked: it is no locked answer this grader knows (plain text
    under `# locked`, a damaged or foreign token)."""
    return LockError(f"not a locked answer this grader knows: {str(token).strip()[:40]!r}")


# --- the answers of a doctest session ---------------------------------------------

# the prompt and continuation prompt of a suite type's sessions, as ok's consoles write
# them (each followed by a space, both as wide): a Python doctest's otherwise. A scheme or
# sqlite or logic suite is never run here, but its answers are locked and unlocked as ok does.
PROMPTS = {"scheme": ("scm>", "...."), "sqlite": ("sqlite>", "   ...>"),
           "logic": ("logic>", "......")}
PYTHON_PROMPTS = (">>>", "...")


@dataclass
class Block:
    """One prompt of a case's code (`>>>`, `scm>`, ...) and the lines after it, as they
    stand in the file."""

    start: int  # index of the first prompt line
    body: int  # index of the first answer line
    end: int  # index after the last answer line
    indent: str
    prompt: List[str]  # the prompt lines, without the file's indentation
    outputs: List[str] = field(default_factory=list)  # expected lines (tokens when locked)
    notes: List[str] = field(default_factory=list)  # `# choice:`/`# explanation:` lines
    locked: bool = False
    width: int = 4  # of the prompt and the space after it

    @property
    def source(self) -> str:
        return "\n".join(line[self.width:] if len(line) >= self.width else ""
                         for line in self.prompt)

    @property
    def choices(self) -> List[str]:
        return [_NOTE.match(n.strip()).group(2) or "" for n in self.notes
                if _NOTE.match(n.strip()).group(1) == "choice"]


def blocks(code: str, kind: str = "doctest") -> List[Block]:
    """Split CODE, a case of a suite of type KIND, into prompts and their answers, by
    ok's own rules (`CodeCase.split_code`, as `casefile.parse_examples` runs them): after
    the common indentation, a line starting with the prompt or its continuation and a
    space is code, a blank line ends an answer, any other line is answer text. Answer
    text after a blank line is an answer of its own, with no prompt (ok locks and asks
    for it too; it fails when run, as in ok)."""
    prompt, more = PROMPTS.get(kind, PYTHON_PROMPTS)
    ps1, ps2 = prompt + " ", more + " "
    lines = code.split("\n")
    plain = textwrap.dedent(code).split("\n")
    margins = [line[: len(line) - len(flat)] for line, flat in zip(lines, plain) if flat]
    indent = margins[0] if margins else ""
    found: List[Block] = []
    i = 0
    while i < len(lines):
        if not plain[i]:
            i += 1
            continue
        j = i
        if plain[i].startswith((ps1, ps2)):
            j = i + 1
            while j < len(plain) and plain[j].startswith(ps2):
                j += 1
        k = j
        while k < len(plain) and plain[k] and not plain[k].startswith((ps1, ps2)):
            k += 1
        block = Block(start=i, body=j, end=k, indent=indent, width=len(ps1),
                      prompt=plain[i:j])
        for content in plain[j:k]:
            if block.outputs and block.outputs[0].strip() in _TRACEBACK:
                block.outputs.append(content)  # an error's lines are text to ok: its
                continue  # `# locked` too, which leaves it unlocked (ok's own lock does)
            note = _NOTE.match(content.strip())
            if note is None:
                block.outputs.append(content)
            elif note.group(1) == "locked":
                block.locked = True
            else:
                block.notes.append(content)
        found.append(block)
        i = k
    return found


def rebuild(code: str, answers: Dict[int, List[str]], kind: str = "doctest") -> str:
    """CODE (of a suite of type KIND) with the answer lines of block N replaced by
    ANSWERS[N] (file indentation kept)."""
    lines = code.split("\n")
    found = blocks(code, kind)
    for index in sorted(answers, reverse=True):
        block = found[index]
        lines[block.body:block.end] = [block.indent + line if line else line
                                       for line in answers[index]]
    return "\n".join(lines)


def _is_expression(source: str) -> bool:
    try:  # blanks before it as ok's `eval` skips them (the worker too)
        compile(source.lstrip(" \t"), "<case>", "eval")
        return True
    except SyntaxError:
        return False


def lock_outputs(block: Block, scheme: str, key: str) -> Optional[List[str]]:
    """The tokens that replace BLOCK's expected lines, or None to leave it as it is."""
    if block.locked:
        return None
    outputs = block.outputs
    raises = bool(outputs) and outputs[0].strip() in _TRACEBACK
    if scheme == "ok":
        # ok hashes expected lines only, and shows tracebacks in the clear: so do we. A
        # function's repr (its address differs on every run) is locked as the answer
        # word a student types for it; the judge matches `Function` with any function.
        return ([ok_hash(key, "Function" if _FUNCTION.match(line.strip()) else line)
                 for line in outputs] if outputs and not raises else None)
    if raises:
        return [seal("\n".join(outputs), "Error")]
    if not outputs:
        return [seal("", "Nothing")] if _is_expression(block.source) else None
    return [seal(line, line) for line in outputs]


def lock_code(code: str, scheme: str, key: str, kind: str = "doctest") -> Tuple[str, bool]:
    """CODE (of a suite of type KIND) with each expected output locked; and whether
    anything was locked."""
    answers = {}
    for index, block in enumerate(blocks(code, kind)):
        tokens = lock_outputs(block, scheme, key)
        if tokens is not None:
            answers[index] = tokens + [LOCKED_NOTE] + block.notes
    return rebuild(code, answers, kind), bool(answers)


def unlocked_answer(block: Block, plains: Sequence[str]) -> List[str]:
    """The answer lines of BLOCK once each token's plain text is known."""
    lines = [line for plain in plains if plain != "" for line in plain.split("\n")]
    return lines + block.notes


# --- whole case files ----------------------------------------------------------------

def case_paths(data: Dict) -> List[Tuple[KeyPath, Dict, str]]:
    """(path, case dict, suite type) of every case in a case-file dict."""
    out = []
    for s_index, suite in enumerate(data.get("suites", []) or []):
        kind = suite.get("type", "doctest") if isinstance(suite, dict) else ""
        for c_index, case in enumerate(suite.get("cases", []) or [] if isinstance(suite, dict) else []):
            if isinstance(case, dict):
                out.append((("suites", s_index, "cases", c_index), case, kind))
    return out


def lock_changes(data: Dict, scheme: str, key: str) -> Dict[KeyPath, Any]:
    """The values to change in a case-file dict to lock every case marked `locked`
    whose answers are still plain text, and, as `ok --lock` does, every case with no
    `locked` key at all (a course's staff tests mark only the cases to leave open).
    A case with nothing to predict is unmarked, so students are never asked to unlock
    an empty case."""
    if scheme not in SCHEMES:
        raise ValueError(f"unknown scheme {scheme!r} (known: {', '.join(SCHEMES)})")
    changes: Dict[KeyPath, Any] = {}
    for path, case, kind in case_paths(data):
        if case.get("locked", True) is not True:
            continue
        mark = {} if "locked" in case else {path + ("locked",): True}
        if kind == "concept":
            answer = case.get("answer")
            if not isinstance(answer, str):
                continue
            if not is_token(answer):
                text = textwrap.dedent(answer).strip()
                changes[path + ("answer",)] = (ok_hash(key, text) if scheme == "ok"
                                               else seal(answer, text))
            changes.update(mark)
        elif kind in ("doctest", "wwpp", *PROMPTS) and isinstance(case.get("code"), str):
            if any(b.locked for b in blocks(case["code"], kind)):
                changes.update(mark)  # locked already (perhaps in the other scheme): never twice
                continue
            code, changed = lock_code(case["code"], scheme, key, kind)
            if changed:
                changes[path + ("code",)] = code
                changes.update(mark)
            else:
                changes[path + ("locked",)] = False
    return changes


def transform(scheme: str, key: str):
    """A `workspace.init` transform that locks the marked cases and unlocks the rest."""
    from ..workspace import unlocked

    def lock(name: str, data: Dict) -> Dict:
        locked = apply(data, lock_changes(data, scheme, key))
        keep = {path for path, case, _ in case_paths(locked) if case.get("locked") is True}
        return apply(unlocked(name, locked),
                     {path + ("locked",): True for path in keep})

    return lock


def lock_folder(folder: Path, scheme: str, key: str) -> List[Path]:
    """Lock, in place, the marked cases of every case file in FOLDER; return the files
    that changed (files with nothing to lock are not touched)."""
    from ..load import casefile
    changed = []
    for name in casefile.question_keys(folder):
        path = Path(folder) / f"{name}.py"
        if update(path, lock_changes(casefile.read_literal(path), scheme, key)):
            changed.append(path)
    return changed
