"""What the self-contained runner costs a student against the installed grader.

A published workspace is graded by `python3 grade` (a zip application: the grader,
click and rich imported from the zip) and by the installed `grade`, on the same
interpreter; the figures are the runner's wall time as a ratio of the installed
grader's, for a command that only starts (`--list`) and for a full run (`--score`,
the reference solution, every question). Also the runner's size.
"""

import glob
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

from grader import assignment


def best(argv, cwd, repeat=5):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       check=False)
        times.append(time.perf_counter() - start)
    return min(times)


def main():
    fa19 = assignment.load()
    with tempfile.TemporaryDirectory() as scratch:
        archive = Path(scratch) / "hog.zip"
        subprocess.run([sys.executable, "-m", "grader.cli", "publish", str(archive)],
                       check=True, stdout=subprocess.DEVNULL)
        zipfile.ZipFile(archive).extractall(scratch)
        ws = Path(scratch) / "hog"
        shutil.copy(fa19.reference / "hog.py", ws / "hog.py")
        subprocess.run([sys.executable, "-m", "grader.cli", "init", ".", "--tests-only",
                        "--unlocked"], cwd=ws, check=True, stdout=subprocess.DEVNULL)
        size = (ws / "grade").stat().st_size
        print(f"runner: {size / 1024:.0f} KiB")
        oldest = sorted(glob.glob("/root/.pyenv/versions/3.9.*/bin/python3"))
        for args in (["--list"], ["--score"]):
            installed = best([sys.executable, "-m", "grader.cli", *args], ws)
            runner = best([sys.executable, "grade", *args], ws)
            line = (f"grade {' '.join(args)}: installed {installed:.2f} s, runner "
                    f"{runner:.2f} s ({runner / installed:.2f}x)")
            if oldest:
                isolated = best([oldest[0], "-I", "-S", "grade", *args], ws)
                line += f"; runner on Python 3.9 -I -S {isolated:.2f} s ({isolated / installed:.2f}x)"
            print(line)


if __name__ == "__main__":
    main()
