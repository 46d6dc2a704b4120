"""Grade every mutant in tests/mutants/catalogue.py and print which questions fail.

A table for people writing cases: `caught` says whether the owning question fails,
`hidden` that only hidden cases catch it there; `also` lists the other failing questions (`!` marks one the catalogue does not allow).
Prints the wall time against grading the reference once in the same process.
"""

import dataclasses
import importlib.util
import shutil
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from grader import assignment as assignments
from grader.load import casefile
from grader.run.runner import Runner
from grader.session import grade

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("catalogue", ROOT / "tests/mutants/catalogue.py")
catalogue = importlib.util.module_from_spec(spec)
spec.loader.exec_module(catalogue)

fa19 = assignments.load()
questions = casefile.load_questions(fa19.cases)
reference = (fa19.reference / fa19.source).read_text()


def visible_only(question):
    return dataclasses.replace(question, suites=[
        dataclasses.replace(suite, cases=[c for c in suite.cases if not c.hidden])
        for suite in question.suites])


student_questions = [visible_only(q) for q in questions]


def run(source, questions=questions):
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / fa19.source).write_text(source)
        for name in fa19.support:
            shutil.copy(fa19.reference / name, Path(folder) / name)
        return grade(questions, Runner(src=Path(folder), preflight=(fa19.module,)),
                     respect_locks=False)


start = time.perf_counter()
run(reference)
baseline = time.perf_counter() - start
selected = [m for m in catalogue.MUTANTS if len(sys.argv) < 2 or m.name in sys.argv[1:]]
start = time.perf_counter()
with ThreadPoolExecutor(2) as pool:
    results = list(pool.map(lambda m: run(m.apply(reference)), selected))
    visible = list(pool.map(lambda m: run(m.apply(reference), student_questions), selected))
elapsed = time.perf_counter() - start
for mutant, result, seen in zip(selected, results, visible):
    failing = [q.question.key for q in result.questions if q.status != "passed"]
    caught = mutant.owner in failing
    if caught and all(q.status == "passed" for q in seen.questions if q.question.key == mutant.owner):
        caught = "hidden"  # students do not see it fail in their own question
    also = " ".join(k + ("" if k in mutant.may_fail else "!") for k in failing if k != mutant.owner)
    print(f"{mutant.name:40} {mutant.owner:4} {caught if caught == 'hidden' else 'caught' if caught else 'MISSED':7} {also}")
print(f"reference: {baseline:.2f} s; {len(selected)} mutants twice (staff, student cases) on 2 threads: {elapsed:.2f} s "
      f"= {elapsed / baseline:.1f} x one grading")
