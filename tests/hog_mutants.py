"""Deliberately broken copies of the reference `play`, made by patching its source text."""

import shutil
from pathlib import Path

from grader import assignment

SWAP = ("        if is_swap(score0, score1):\n"
        "            score0, score1 = score1, score0\n")
FERAL = "        if feral_hogs and abs(num_rolls - previous[who]) == 2:\n"
SAY = "        say = say(score0, score1)\n"

# name: (replacements (old, new), the question that owns the bug)
MUTANTS = {
    "strategy called twice": ([("            num_rolls = strategy0(score0, score1)\n",
                                "            strategy0(score0, score1)\n"
                                "            num_rolls = strategy0(score0, score1)\n")], "05a"),
    "strategy args swapped for player 1": ([("strategy1(score1, score0)",
                                             "strategy1(score0, score1)")], "05a"),
    "die called again after a 1": ([("            pig_out = True\n",
                                     "            pig_out = True\n            dice()\n")], "05a"),
    "swap before the feral bonus": ([(SWAP, ""), (FERAL, SWAP + FERAL)], "05b"),
    "feral hogs ignores feral_hogs=False": ([(FERAL, FERAL.replace("feral_hogs and ", ""))],
                                            "05b"),
    "feral compares with the opponent's dice": ([("previous[who]) == 2",
                                                  "previous[other(who)]) == 2")], "05b"),
    "commentary before the swap": ([(SWAP, ""), (SAY, ""),
                                    ("        who = other(who)\n",
                                     "        who = other(who)\n" + SAY + SWAP)], "06"),
    "commentary not rebound": ([(SAY, "        say(score0, score1)\n")], "06"),
    "turn order changes after a swap": ([("            score0, score1 = score1, score0\n",
                                          "            score0, score1 = score1, score0\n"
                                          "            who = other(who)\n")], "05a"),
    "goal boundary off by one": ([("while score0 < goal and score1 < goal",
                                   "while score0 <= goal and score1 <= goal")], "05a"),
}


def make(folder: Path, name: str) -> Path:
    """A copy of the reference in FOLDER with the mutant NAME's patches applied."""
    reference = assignment.load().reference
    folder.mkdir(parents=True, exist_ok=True)
    for file in ("hog.py", "dice.py", "ucb.py"):
        shutil.copy(reference / file, folder / file)
    source = (folder / "hog.py").read_text()
    for old, new in MUTANTS[name][0]:
        assert source.count(old) == 1, (name, old)
        source = source.replace(old, new)
    (folder / "hog.py").write_text(source)
    return folder
