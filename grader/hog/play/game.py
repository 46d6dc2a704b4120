"""One game of Hog driven by the student's `play` in a child process, and refereed.

The child (`driver.py`) runs the student's code; this side answers its questions (a
human's dice from the page, a die's outcome rolled here), and rebuilds the game turn by
turn from what the child reports. Each turn is replayed with the edition's rules
(`grader.hog.editions.turn`) from the scores the student's game had before it, so the page
can name the rules that fired and flag the turn where the student's scores differ from
what the rules give. Everything the child sends is checked before use: a `play` that
raises, loops, calls a strategy twice or writes nonsense ends its own game with a
message, never the server.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Dict, List, Optional

from .. import editions
from ... import untrusted
from ...run.process import Outbox, end_group, feed, script_argv, spawn
from ...run.ready import readable

DRIVER = Path(__file__).with_name("driver.py")
STUCK_SECONDS = 10.0  # the child computing this long without a word is looping
LINE_CAP = 1 << 16
EVENTS_CAP = 5000  # a game never needs this many events; more is a runaway play
TEXT_CAP = 4096


@dataclass
class Turn:
    who: int
    before: List[int]  # (score0, score1) when the turn started
    dice: int  # what the strategy asked for
    computer: bool = False
    outcomes: List[int] = field(default_factory=list)
    sides: List[int] = field(default_factory=list)
    after: Optional[List[int]] = None  # the student's scores after the turn
    expected: Optional[List[int]] = None  # what the rules give from `before`
    fired: List[str] = field(default_factory=list)
    commentary: str = ""
    printed: str = ""
    problems: List[str] = field(default_factory=list)

    def as_dict(self) -> Dict[str, Any]:
        return {"who": self.who, "before": self.before, "dice": self.dice,
                "computer": self.computer, "outcomes": self.outcomes, "sides": self.sides,
                "after": self.after, "expected": self.expected, "fired": self.fired,
                "commentary": self.commentary, "printed": self.printed,
                "problems": self.problems}


def _pair(value: Any) -> Optional[List[int]]:
    if (isinstance(value, list) and len(value) == 2
            and all(type(v) is int and 0 <= v < 10 ** 6 for v in value)):
        return list(value)
    return None


def _text(value: Any) -> str:
    return value[:TEXT_CAP] if isinstance(value, str) else ""


class Game:
    """The state of one game, shared by the page's requests and the child's reader.

    `version` grows with every change, so pages can poll cheaply; `question` is the
    number of the pending human question, so an answer from a stale tab is refused
    instead of answering a later question."""

    def __init__(self, src: Path, module: str, rules: ModuleType, *, final: bool = False,
                 python: str = sys.executable, rng: Optional[random.Random] = None,
                 stuck_seconds: float = STUCK_SECONDS):
        self.src, self.module, self.rules, self.final = Path(src), module, rules, final
        self.stuck_seconds = stuck_seconds
        self.python = python
        self.rng = rng or random.Random()
        self.lock = threading.Condition()
        self.version = 0
        self.phase = "starting"  # starting, waiting (for a human), running, over, error
        self.question = 0
        self.asking: Optional[Dict[str, Any]] = None
        self.turns: List[Turn] = []
        self.scores = [0, 0]
        self.memory = rules.START
        self.expected_mover = 0
        self.notes: List[str] = []
        self.error = ""
        self.result = ""
        self.events = 0
        self.process: Optional[subprocess.Popen] = None
        self.last_heard = time.monotonic()

    # --- the child ----------------------------------------------------------------

    def start(self) -> "Game":
        self.process = spawn([self.python, "-I", "-B", *script_argv(DRIVER)],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, start_new_session=True,
                             cwd=str(self.src))
        if not feed(self.process.stdin, self._line({"src": str(self.src), "module": self.module,
                                                     "final": self.final}), self.stuck_seconds):
            self._fail("the process running your play could not be started")
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._watch, daemon=True).start()
        return self

    def stop(self) -> None:
        process = self.process
        if process is not None:
            end_group(process, timeout=0)
            try:
                process.stdin.close()
            except OSError:
                pass

    @staticmethod
    def _line(message: Dict[str, Any]) -> bytes:
        return (json.dumps(message) + "\n").encode()

    def _write(self, message: Dict[str, Any]) -> None:
        """Send the child an answer without waiting: it asks one question at a time and
        reads each answer before its next question, so a pipe too full to take one
        more means its code asked (on the channel) for far more than it reads. That
        ends the game; the grader never blocks (while holding the game's lock, say)."""
        try:
            outbox = Outbox(self.process.stdin, self._line(message))
        except (OSError, ValueError):  # stopped: its stdin is closed
            return
        if not outbox.flush(0) and not outbox.broken:  # broken: gone; its reader says so
            self._fail("your code asked the game for more answers than it read (it wrote "
                       "over the game's channel?)")

    def _read(self) -> None:
        """Read the child's messages; this thread alone owns (and closes) its stdout."""
        try:
            self._read_messages(self.process.stdout)
        finally:
            self.process.stdout.close()

    def _read_messages(self, stream) -> None:
        buffer = b""
        while True:
            ready = readable([stream], 0.5)
            if not ready:
                if self.process.poll() is not None and not buffer:
                    break
                continue
            chunk = os.read(stream.fileno(), 65536)
            if not chunk:
                break
            buffer += chunk
            while b"\n" in buffer:
                line, _, buffer = buffer.partition(b"\n")
                if not self._receive(line):
                    return
            if len(buffer) > LINE_CAP:
                self._fail("your code wrote over the game's channel")
                return
        with self.lock:
            if self.phase not in ("over", "error"):
                self._fail_locked("the process running your play ended without finishing "
                                  "the game (did your code call exit()?)")

    def _watch(self) -> None:
        """End a game whose child computes for too long without a word (a loop)."""
        while True:
            time.sleep(0.25)
            with self.lock:
                if self.phase in ("over", "error"):
                    return
                quiet = time.monotonic() - self.last_heard
                if self.phase in ("running", "starting") and quiet > self.stuck_seconds:
                    self._fail_locked(f"your code ran for {self.stuck_seconds:g} s without asking "
                                      "for dice, rolling or commenting: an infinite loop?")
                    return

    def _receive(self, line: bytes) -> bool:
        """Handle one message from the child; False once the game has ended."""
        try:
            message = untrusted.loads(line)
        except ValueError:
            message = None
        with self.lock:
            self.last_heard = time.monotonic()
            self.events += 1
            if not isinstance(message, dict) or self.events > EVENTS_CAP:
                self._fail_locked("your code wrote over the game's channel, or the game "
                                  "never ended")
                return False
            handler = getattr(self, "_on_" + str(message.get("event")), None)
            if handler is None:
                self._fail_locked("the game's channel carried an unknown message")
                return False
            handler(message)
            self._changed()
            return self.phase not in ("over", "error")

    # --- events -------------------------------------------------------------------

    def _on_ready(self, message) -> None:
        self.phase = "running"

    def _on_printed(self, message) -> None:
        text = _text(message.get("text"))
        if self.turns:
            self.turns[-1].printed = (self.turns[-1].printed + text)[:TEXT_CAP]
        else:
            self.notes.append(text)

    def _on_note(self, message) -> None:
        self.notes.append(_text(message.get("text")))

    def _begin_turn(self, who: Any, args: Any, dice: int, computer: bool) -> bool:
        pair = _pair(args)
        if who not in (0, 1) or pair is None:
            self._fail_locked("the game's channel carried a malformed strategy call")
            return False
        before = [pair[0], pair[1]] if who == 0 else [pair[1], pair[0]]
        if self._asked_again(who, before):
            self._fail_locked(f"your play called strategy{who} twice in one turn (both times "
                              f"with {tuple(pair)}): call the mover's strategy once per turn")
            return False
        self._close_turn(start_of_next=(who, pair))
        turn = Turn(who=who, before=before, dice=dice, computer=computer)
        if who != self.expected_mover:
            turn.problems.append(f"player {who} moved, but by the rules it is player "
                                 f"{self.expected_mover}'s turn")
        if before != self.scores:
            turn.problems.append(f"strategy{who} was called with the scores {tuple(pair)}, "
                                 f"but the game stood at {tuple(self.scores)}")
        self.turns.append(turn)
        self.scores = before
        return True

    def _asked_again(self, who: int, before: List[int]) -> bool:
        """Whether this call asks the last turn's mover again within that turn: nothing
        rolled or said since, the same scores, and by the rules the turn cannot have
        ended there (dice left to roll, or no extra turn). Judged before that turn is
        closed, so a turn that was never played is not scored, nor flagged for it."""
        last = self.turns[-1] if self.turns else None
        if (last is None or last.who != who or last.dice < 0 or last.outcomes
                or last.after is not None or last.before != before):
            return False
        mover, other = before[who], before[1 - who]
        if self.rules.dice(last.dice, mover, other):
            return True
        done = editions.turn(self.rules, mover, other, last.dice, [], self.memory)
        ended = [done.score, done.opponent] if who == 0 else [done.opponent, done.score]
        return not (done.again and ended == before)

    def _on_ask(self, message) -> None:
        if self._begin_turn(message.get("who"), message.get("args"), -1, False):
            self.phase = "waiting"
            self.question += 1
            self.asking = {"who": message["who"], "question": self.question}

    def _on_computer(self, message) -> None:
        dice = message.get("dice")
        if type(dice) is not int or not 0 <= dice <= self.rules.MAX_DICE:
            self._fail_locked(f"final_strategy returned {str(dice)[:80]}: it must return an "
                              f"int from 0 to {self.rules.MAX_DICE}")
            return
        self._begin_turn(message.get("who"), message.get("args"), dice, True)

    def _on_roll(self, message) -> None:
        sides = message.get("sides")
        if type(sides) is not int or sides not in (4, 6):
            self._fail_locked("the game's channel carried a malformed roll")
            return
        outcome = self.rng.randint(1, sides)
        if self.turns:
            self.turns[-1].outcomes.append(outcome)
            self.turns[-1].sides.append(sides)
        self._write({"outcome": outcome})

    def _on_say(self, message) -> None:
        pair = _pair(message.get("scores"))
        if pair is None:
            self._fail_locked("the game's channel carried malformed commentary")
            return
        if not self.turns or self.turns[-1].after is not None:
            self.notes.append(f"commentary was called with {tuple(pair)} outside a turn "
                              "(say is called once, after each turn)")
            return
        self.turns[-1].commentary = _text(message.get("printed"))
        self._close_turn(after=pair)

    def _on_done(self, message) -> None:
        self._close_turn()
        self.result = _text(message.get("result"))
        self.phase = "over"

    def _on_error(self, message) -> None:
        self._fail_locked("your code raised an error:\n" + _text(message.get("traceback")))

    # --- refereeing ---------------------------------------------------------------

    def _close_turn(self, after: Optional[List[int]] = None, start_of_next=None) -> None:
        """Judge the last turn once its end is known: from commentary (AFTER), from the
        next strategy call (START_OF_NEXT: who, their args), or from the end of play."""
        if not self.turns or self.turns[-1].dice < 0:
            return
        turn = self.turns[-1]
        if turn.expected is None:
            mover, other = turn.before[turn.who], turn.before[1 - turn.who]
            rolled = self.rules.dice(turn.dice, mover, other)
            if len(turn.outcomes) != rolled:
                turn.problems.append(f"the die was rolled {len(turn.outcomes)} time(s) for "
                                     f"{turn.dice} dice; the rules roll {rolled}")
            done = editions.turn(self.rules, mover, other, turn.dice, turn.outcomes,
                                 self.memory)
            turn.expected = ([done.score, done.opponent] if turn.who == 0
                             else [done.opponent, done.score])
            turn.fired = list(editions.names(self.rules, done.fired))
            self.memory = done.memory
            self.expected_mover = turn.who if done.again else 1 - turn.who
        if turn.after is not None:
            return
        if after is None and start_of_next is not None:
            who, pair = start_of_next
            after = [pair[0], pair[1]] if who == 0 else [pair[1], pair[0]]
        if after is None:
            self.scores = list(turn.expected)
            return
        turn.after = after
        if after != turn.expected:
            turn.problems.append(f"after this turn your game has {tuple(after)}; "
                                 f"the rules give {tuple(turn.expected)}")
        self.scores = list(after)

    def _fail(self, message: str) -> None:
        with self.lock:
            self._fail_locked(message)

    def _fail_locked(self, message: str) -> None:
        if self.phase in ("over", "error"):
            return
        self.phase = "error"
        self.error = message
        self.asking = None
        self._changed()
        threading.Thread(target=self.stop, daemon=True).start()

    def _changed(self) -> None:
        self.version += 1
        self.lock.notify_all()

    # --- the page -----------------------------------------------------------------

    def answer(self, question: int, dice: int) -> Optional[str]:
        """A human's choice for QUESTION; a reason it is refused, or None."""
        with self.lock:
            if self.phase != "waiting" or self.asking is None:
                return "no question is waiting for an answer"
            if question != self.asking["question"]:
                return "that question was already answered (in another tab?)"
            if type(dice) is not int or not 0 <= dice <= self.rules.MAX_DICE:
                return f"choose from 0 to {self.rules.MAX_DICE} dice"
            self.turns[-1].dice = dice
            self.asking = None
            self.phase = "running"
            self.last_heard = time.monotonic()
            self._changed()
        self._write({"dice": dice})
        return None

    def state(self) -> Dict[str, Any]:
        with self.lock:
            return {"version": self.version, "phase": self.phase, "asking": self.asking,
                    "scores": self.scores, "turns": [t.as_dict() for t in self.turns],
                    "notes": self.notes[-20:], "error": self.error, "result": self.result,
                    "final": self.final, "goal": self.rules.GOAL,
                    "edition": self.rules.NAME, "max_dice": self.rules.MAX_DICE}

    def wake(self) -> None:
        """Release the pages waiting on this game (a new game has replaced it)."""
        with self.lock:
            self._changed()

    def wait(self, version: int, timeout: float) -> None:
        """Block until the state is newer than VERSION (or TIMEOUT): long polling."""
        with self.lock:
            self.lock.wait_for(lambda: self.version > version, timeout=timeout)
