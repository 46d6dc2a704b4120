"""Fall 2019 `play` functions generated from code fragments: three ways of holding the
game's state times many ways of asking the strategies at the start of a turn.

A way of asking is a list of calls, each `(player, order, used)`: PLAYER is "mover"
or "other", ORDER is "own" (that player's score first) or "flip", USED says whether
its answer becomes the number of dice. `correct(asks)` is the spec's rule, written
independently of the grader's comparison: the mover's strategy once, its own score
first, its answer used; the other player's at most once, its own score first.
"""

from __future__ import annotations

import itertools
import re
import shutil
from pathlib import Path
from typing import Dict, List, Sequence, Tuple

from grader import assignment

Ask = Tuple[str, str, bool]

# name: (asks, correct, what a failure says); the classes the issue names, written out
NAMED: Dict[str, Tuple[List[Ask], bool, str]] = {
    "mover only": ([("mover", "own", True)], True, ""),
    "both, mover first": ([("mover", "own", True), ("other", "own", False)], True, ""),
    "both, other first": ([("other", "own", False), ("mover", "own", True)], True, ""),
    "mover twice": ([("mover", "own", False), ("mover", "own", True)], False,
                    r"strategy\d was called a second time this turn"),
    "mover's scores in the wrong order": ([("mover", "flip", True)], False,
                                          r"strategy\d got the scores in the wrong order"),
    "other twice": ([("other", "own", False), ("mover", "own", True),
                     ("other", "own", False)], False,
                    r"strategy\d, the other player's, was asked a second time this turn"),
    "other with the mover's arguments": (
        [("mover", "own", True), ("other", "flip", False)], False,
        r"strategy\d, the other player's, was called with the mover's view of the scores"),
    "other's answer used": (
        [("mover", "own", False), ("other", "own", True)], False,
        r"play rolled \d+ dic?e, the number strategy\d \(the other player's\) answered|"
        r"strategy\d was called a second time"),
    "mover asked again with the other's view": (
        [("mover", "own", True), ("mover", "flip", False)], False,
        r"strategy\d was called again \(strategy\d\(\d+, \d+\)\) before the turn's dice"),
}


def correct(asks: Sequence[Ask]) -> bool:
    movers = [a for a in asks if a[0] == "mover"]
    others = [a for a in asks if a[0] == "other"]
    used = [a for a in asks if a[2]]
    return (len(movers) == 1 and movers[0][1] == "own" and movers[0][2] and len(used) == 1
            and len(others) <= 1 and all(a[1] == "own" for a in others))


# --- three ways of holding the game's state ---------------------------------------------

SIGNATURE = ("def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,\n"
             "         goal=GOAL_SCORE, say=silence, feral_hogs=True):\n")

STYLES = {
    # names for each player, branching on who moves
    "names": (
        "    who = 0\n"
        "    previous = [0, 0]\n"
        "    while score0 < goal and score1 < goal:\n"
        "{ASK}"
        "        if who == 0:\n"
        "            score0 += take_turn(num_rolls, score1, dice)\n"
        "        else:\n"
        "            score1 += take_turn(num_rolls, score0, dice)\n"
        "        if feral_hogs and abs(num_rolls - previous[who]) == 2:\n"
        "            if who == 0:\n"
        "                score0 += 3\n"
        "            else:\n"
        "                score1 += 3\n"
        "        previous[who] = num_rolls\n"
        "        if is_swap(score0, score1):\n"
        "            score0, score1 = score1, score0\n"
        "        who = other(who)\n"
        "        say = say(score0, score1)\n"
        "    return score0, score1\n",
        lambda p: f"(strategy0 if {p} == 0 else strategy1)",
        lambda p: f"(score0 if {p} == 0 else score1)"),
    # lists indexed by the player
    "lists": (
        "    strategies, scores, previous = [strategy0, strategy1], [score0, score1], [0, 0]\n"
        "    who = 0\n"
        "    while max(scores) < goal:\n"
        "{ASK}"
        "        scores[who] += take_turn(num_rolls, scores[1 - who], dice)\n"
        "        if feral_hogs and abs(num_rolls - previous[who]) == 2:\n"
        "            scores[who] += 3\n"
        "        previous[who] = num_rolls\n"
        "        if is_swap(*scores):\n"
        "            scores.reverse()\n"
        "        who = 1 - who\n"
        "        say = say(*scores)\n"
        "    return tuple(scores)\n",
        lambda p: f"strategies[{p}]",
        lambda p: f"scores[{p}]"),
    # a recursive helper over immutable state
    "recursive": (
        "    def turn(who, scores, previous, say):\n"
        "        if max(scores) >= goal:\n"
        "            return scores\n"
        "{ASK}"
        "        gained = take_turn(num_rolls, scores[1 - who], dice)\n"
        "        if feral_hogs and abs(num_rolls - previous[who]) == 2:\n"
        "            gained += 3\n"
        "        after = list(scores)\n"
        "        after[who] += gained\n"
        "        if is_swap(after[0], after[1]):\n"
        "            after.reverse()\n"
        "        remembered = list(previous)\n"
        "        remembered[who] = num_rolls\n"
        "        return turn(1 - who, tuple(after), tuple(remembered), say(*after))\n"
        "    return turn(0, (score0, score1), (0, 0), say)\n",
        lambda p: f"(strategy0, strategy1)[{p}]",
        lambda p: f"scores[{p}]"),
}


def ask_code(asks: Sequence[Ask], style: str) -> str:
    _, strategy, score = STYLES[style]
    lines = []
    for player, order, used in asks:
        me, them = ("who", "(1 - who)") if player == "mover" else ("(1 - who)", "who")
        first, second = (me, them) if order == "own" else (them, me)
        call = f"{strategy(me)}({score(first)}, {score(second)})"
        lines.append(f"        {'num_rolls = ' if used else ''}{call}\n")
    if not any(used for _, _, used in asks):
        lines.append("        num_rolls = 0\n")
    return "".join(lines)


def play_source(asks: Sequence[Ask], style: str) -> str:
    return SIGNATURE + STYLES[style][0].replace("{ASK}", ask_code(asks, style))


def all_asks(max_calls: int = 3) -> List[Tuple[Ask, ...]]:
    """Every way of asking with up to MAX_CALLS calls, the mover's answer or another used."""
    calls = [(p, o) for p in ("mover", "other") for o in ("own", "flip")]
    out = []
    for size in range(1, max_calls + 1):
        for chosen in itertools.product(calls, repeat=size):
            for used in range(size):
                out.append(tuple((p, o, k == used) for k, (p, o) in enumerate(chosen)))
    return out


def hog_source(play: str) -> str:
    """The reference hog.py with its play replaced by PLAY."""
    source = (assignment.load().reference / "hog.py").read_text()
    start = source.index("def play(")
    end = source.index("\n#####", start)
    return source[:start] + play + "\n" + source[end:]


def make(folder: Path, play: str) -> Path:
    reference = assignment.load().reference
    folder.mkdir(parents=True, exist_ok=True)
    for file in ("dice.py", "ucb.py"):
        shutil.copy(reference / file, folder / file)
    (folder / "hog.py").write_text(hog_source(play))
    return folder


_BASE: dict = {}


def _reference_namespace() -> dict:
    """The reference hog.py's globals, executed once per process: executing the whole
    module for each variant cost ~30 ms (its ucb `@main` calls `inspect.stack()`, which
    scans every loaded module) and the variants differ only in play."""
    if "namespace" not in _BASE:
        import sys
        reference = str(assignment.load().reference)
        namespace = {"__name__": "variant"}
        sys.path.insert(0, reference)
        try:
            exec(compile(hog_source(PLACEHOLDER), "<variant>", "exec"), namespace)
        finally:
            sys.path.remove(reference)
        _BASE["namespace"] = namespace
    return _BASE["namespace"]


PLACEHOLDER = "def play(*args, **kwargs):\n    raise NotImplementedError\n"


def load_play(play: str):
    """PLAY (as hog.py's play) in this process: tests only, on code generated here. It
    is executed in a fresh copy of the reference's globals (the module without its
    play), so that it calls the reference's other functions as the whole module would."""
    namespace = dict(_reference_namespace())
    exec(compile(play, "<variant>", "exec"), namespace)
    return namespace["play"]


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
