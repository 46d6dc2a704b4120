"""How often the common mistakes (grader/common_mistakes.py) are named, and which.

Grades a sample of each example bank's killed-mutant candidates (`grade mutate`'s
generator) with `grade --json - -v` in a copy of the bank, and counts the failing
questions and the hints shown (a bank's own catalogue first, as for a student); then
lists each common hint with its mutant, to be read: a rule's sentence must be true of
every mutant it names.

    python benchmarks/common_mistakes.py [--per-bank 40] [--banks hw02,hw03,...]
"""

from __future__ import annotations

import argparse
import collections
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "tests"))

from grader import assignment as assignments  # noqa: E402
from grader import mutate  # noqa: E402
from okcourse import BANKS, copy_bank  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-bank", type=int, default=40)
    parser.add_argument("--banks", default="hw02,hw03,lab03,lab05,proj02b")
    args = parser.parse_args()
    counts: collections.Counter = collections.Counter()
    shown = []
    with tempfile.TemporaryDirectory() as scratch:
        for bank in args.banks.split(","):
            mutants = mutate.ok_mutants(assignments.load(path=BANKS / bank))
            for number, mutant in enumerate(mutants[::max(1, len(mutants) // args.per_bank)]):
                folder = copy_bank(bank, Path(scratch) / f"{bank}-{number}")
                (folder / mutant.file).write_text(mutant.source, encoding="utf-8")
                done = subprocess.run([sys.executable, "-m", "grader.cli", "--json", "-", "-v"],
                                      cwd=folder, capture_output=True, text=True)
                shutil.rmtree(folder.parent)
                for key, question in json.loads(done.stdout)["questions"].items():
                    if question["status"] in ("failed", "error", "timeout"):
                        counts["failing questions"] += 1
                        hint = question.get("hint")
                        counts["common" if hint and hint.startswith("common-") else
                               "catalogue" if hint else "none"] += 1
                        if hint and hint.startswith("common-"):
                            shown.append((hint, bank, key, mutant.id))
    print(dict(counts))
    print(dict(collections.Counter(hint for hint, *_ in shown)))
    for hint, bank, key, name in sorted(shown):
        print(f"{hint:28} {bank:8} {key:18} {name[:90]}")


if __name__ == "__main__":
    main()
