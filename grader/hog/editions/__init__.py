"""The game: each edition's rules, one small module per edition.

The framework (win rates, the contest, fuzzing `play`, the browser game) knows nothing
of Pig Out or Swine Swap; it reads an edition's rules from its module here, or from a
`.py` file in a course's own assignment folder. A rules module is plain Python with the
standard library only, so that it can also be sent to a worker process.

A rules module defines (scores are from the mover's point of view):

    NAME, GOAL, SIDES (faces of the usual die), MAX_DICE
    NAMES: {"zero": "Free Bacon", "pig_out": "Pig Out", "bonus": "Feral Hogs", ...}
        words for the rules that fired in a turn ("zero", "pig_out", "sides", "dice",
        "bonus", "swap", "extra_turn"); a rule the edition lacks is left out
    START: the memory at the start of a game (a tuple; () when turns need none)
    sides(score, opponent) -> faces of the dice rolled this turn (Hog Wild: 4)
    dice(num_rolls, score, opponent) -> dice actually rolled (Hog Tied caps it)
    points(num_rolls, rolled, score, opponent) -> the turn's points: ROLLED is the Pig
        Out value of the dice (1 if any die shows 1, else their sum; 0 for no dice)
    bonus(num_rolls, memory) -> extra points earned from the memory (Feral Hogs)
    swap(score, opponent) -> whether the scores trade places after the points
    extra_turn(score, opponent, num_rolls, memory) -> whether the mover moves again
        (after the swap; never asked once the game is over)
    remember(num_rolls, memory, again) -> the memory the next mover sees (the same
        player when AGAIN)

Optionally, `points_fired(num_rolls, rolled, score, opponent)` names (keys of NAMES) the
transforms of the turn score that fired (sp13's Touchdown, Hogtimus Prime): only the
browser game reads it.

`grader.hog.editions.turn` plays one turn from these, the one place that orders them.

The exact win-rate engine (`grader.hog.strategy.winrate`) tabulates these functions, so
they must be pure; it tabulates a function only along the parameters its code names.
It also needs every turn to add at least one point (points + bonus >= 1) and few
memories: all that `remember` can produce from START, extra turn or not, at most 4096.

To have its `play` fuzzed (`grader.hog.fuzz`), a rules module also says how that play is
called; the module is then sent to the worker beside the tracer, so this part too is
standard library only, and it runs next to student code (it gets no expected output):

    PLAY: {"dice": {name: faces}, the test dice play is given (the first one's outcomes
               are plain ints in a trace, the others' ["d", name, outcome]);
           "start": whether games may start from any scores (else 0, 0),
           "goal": whether games may have any goal (else GOAL),
           "say": "scores" when commentary is called with (score0, score1) after each
               turn and returns the next one; another word for other commentary; None
               when fuzzing traces none,
           "returns": "scores" for (score0, score1), anything else for other results,
           "options": {name: default} play's own switches (fa19's feral_hogs),
           "switches": {option: rule} the rule ("bonus", "swap", "extra_turn") that an
               option turns off when false,
           "other_strategy": "once" when play may also ask the other player's strategy
               once per turn (with that player's own view of the scores at the start of
               the turn), "never" when the edition's page says to call only the mover's}
    play_game(hog, strategy0, strategy1, dice, say, game) -> what play returns: call
        the submission's module HOG's play for GAME (score0, score1, goal, options);
        DICE maps PLAY's die names to traced dice, SAY is the first traced commentary
        function or None. Module globals it sets (dice, commentary) it puts back.
    play_code(game) -> the same call as Python source for `python3 -i hog.py`, where
        the traced dice are defined under PLAY's die names and the first commentary
        function is `announcer(0)`.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import List, Optional, Sequence, Tuple

REQUIRED = ("NAME", "GOAL", "SIDES", "MAX_DICE", "NAMES", "START", "sides", "dice", "points",
            "bonus", "swap", "extra_turn", "remember")


class RulesError(Exception):
    """A rules module that is missing or incomplete."""


# A rules file loaded once per content, so engines that cache by module (the win-rate
# tables) build once, however often an assignment's rules are asked for.
_FILES: dict = {}


def load(name: str, folder: Optional[Path] = None) -> ModuleType:
    """The rules NAME: a module of this package, or NAME as a .py path in FOLDER."""
    if name.endswith(".py"):
        if folder is None:
            raise RulesError(f"rules file {name} needs an assignment folder")
        path = (Path(folder) / name).resolve()
        if not path.is_file():
            raise RulesError(f"no rules file {path}")
        stat = path.stat()
        key = (str(path), stat.st_mtime_ns, stat.st_size)
        module = _FILES.get(key)
        if module is None:
            spec = importlib.util.spec_from_file_location(f"_hog_rules_{path.stem}", path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            _FILES[key] = module
    else:
        try:
            module = importlib.import_module(f"{__name__}.{name.replace('-', '_')}")
        except ModuleNotFoundError:
            raise RulesError(f"no rules module for edition {name!r}") from None
    missing = [attr for attr in REQUIRED if not hasattr(module, attr)]
    if missing:
        raise RulesError(f"rules {name} lack {', '.join(missing)}")
    return module


def pig_out(outcomes: Sequence[int]) -> int:
    """The Pig Out value of some dice: 1 if any shows 1, else their sum (0 for none)."""
    return 1 if 1 in outcomes else sum(outcomes)


@dataclass
class Turn:
    """One turn, as the rules decide it."""

    score: int  # the mover's score after the turn (and any swap)
    opponent: int
    again: bool  # the mover moves next
    memory: tuple  # what the next mover's turn remembers
    points: int  # the turn's points, bonus included
    rolled: int  # dice actually rolled
    fired: List[str] = field(default_factory=list)  # keys of NAMES, in the order they applied


def turn(rules: ModuleType, score: int, opponent: int, num_rolls: int,
         outcomes: Sequence[int], memory: tuple) -> Turn:
    """Play one turn: the mover asked for NUM_ROLLS dice and the dice showed OUTCOMES
    (as many as `rules.dice` allows)."""
    fired = []
    rolled = rules.dice(num_rolls, score, opponent)
    if rolled != num_rolls:
        fired.append("dice")
    if rolled and rules.sides(score, opponent) != rules.SIDES:
        fired.append("sides")
    if rolled == 0:
        fired.append("zero")
    elif 1 in outcomes:
        fired.append("pig_out")
    points = rules.points(rolled, pig_out(outcomes), score, opponent)
    if hasattr(rules, "points_fired"):
        fired += rules.points_fired(rolled, pig_out(outcomes), score, opponent)
    bonus = rules.bonus(rolled, memory)
    if bonus:
        fired.append("bonus")
    score += points + bonus
    if rules.swap(score, opponent):
        fired.append("swap")
        score, opponent = opponent, score
    over = max(score, opponent) >= rules.GOAL
    again = not over and bool(rules.extra_turn(score, opponent, rolled, memory))
    if again:
        fired.append("extra_turn")
    return Turn(score, opponent, again, rules.remember(rolled, memory, again), points + bonus,
                rolled, [key for key in fired if key in rules.NAMES])


def game_over(rules: ModuleType, score0: int, score1: int) -> bool:
    return max(score0, score1) >= rules.GOAL


def names(rules: ModuleType, fired: Sequence[str]) -> Tuple[str, ...]:
    return tuple(rules.NAMES[key] for key in fired)
