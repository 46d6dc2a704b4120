"""Each bulk sandbox is a control group: one submission cannot starve its neighbours of
CPU (a core's worth each, timeouts charged in the group's own CPU time), nor take more
memory than the per-job limit with all its processes together."""

import time
from pathlib import Path

import pytest

from grader import assignment as assignments
from grader.bulk import grading as bulk
from grader.run import cgroups
from grader.run.runner import LOOP_LOOKS, CaseJob, Runner
from grader.run.sandbox import Limits, Sandbox, bwrap_problem
from hostile_class import napping
from memwatch import MemoryWatch

pytestmark = pytest.mark.skipif(cgroups.problem() is not None, reason=str(cgroups.problem()))

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "tests" / "data" / "bulk_cases"
ASSIGNMENT = assignments.load()
REFERENCE = (ASSIGNMENT.reference / "hog.py").read_text()
FUNCTIONS = ("roll_dice", "free_bacon", "is_swap")
SANDBOX = bwrap_problem() is None


class Watch(MemoryWatch):
    """Samples, while a run goes on, the machine's available memory and each sandbox
    group's CPU time and memory peak."""

    def __init__(self):
        super().__init__()
        self.groups = {}  # box folder -> [(time, cpu seconds)], peak memory

    def _boxes(self):
        h = cgroups.hierarchy()
        return sorted(h.roots.get("cpuacct", h.roots.get("")).glob("box-*"))

    def sample(self):
        super().sample()
        h = cgroups.hierarchy()
        for box in self._boxes():
            group = cgroups.Group([box], h.version,
                                  box / ("cpuacct.usage" if h.version == 1 else "cpu.stat"),
                                  h.roots.get("memory", h.roots.get(""))/ box.name)
            samples = self.groups.setdefault(box.name, {"cpu": [], "peak": 0})
            samples["cpu"].append((time.monotonic(), group.cpu_time()))
            samples["peak"] = max(samples["peak"], group.memory_peak() or 0)

    def cores(self, window: float = 1.0) -> float:
        """The most CPU any group used over any WINDOW seconds, in cores."""
        most = 0.0
        for samples in self.groups.values():
            cpu = samples["cpu"]
            j = 0
            for i in range(len(cpu)):
                while j < i and cpu[i][0] - cpu[j][0] > window:
                    j += 1
                if j < i and cpu[i][0] - cpu[j][0] >= window * 0.9:
                    most = max(most, (cpu[i][1] - cpu[j][1]) / (cpu[i][0] - cpu[j][0]))
        return most


def override(code: str) -> str:
    return REFERENCE + "\n\n" + code


def slow_but_correct(cpu_seconds: float) -> str:
    """The reference, each graded function burning CPU_SECONDS of its own CPU time."""
    return override("import time as _time\n"
                    "def _burn(f):\n"
                    "    def slow(*args, **kwargs):\n"
                    "        start = _time.process_time()\n"
                    f"        while _time.process_time() - start < {cpu_seconds}:\n"
                    "            pass\n"
                    "        return f(*args, **kwargs)\n"
                    "    return slow\n"
                    + "".join(f"{name} = _burn({name})\n" for name in FUNCTIONS))


def attacker(timeout: float) -> str:
    """Forks 31 busy loops at import, and sleeps just under the timeout in each case."""
    return ("import os as _os, time as _time\n"
            "for _ in range(31):\n"
            "    try:\n"
            "        if _os.fork() == 0:\n"
            "            _time.sleep(0.5)  # once the import is done\n"
            "            while True:\n"
            "                pass\n"
            "    except OSError:\n"
            "        break\n"
            + override("def _sleepy(f):\n"
                       "    def slow(*args, **kwargs):\n"
                       f"        _time.sleep({timeout * 0.9})\n"
                       "        return f(*args, **kwargs)\n"
                       "    return slow\n"
                       + "".join(f"{name} = _sleepy({name})\n" for name in FUNCTIONS)))


def memory_hog(children: int, each: int) -> str:
    """Forks CHILDREN processes at each call, each filling EACH bytes (under the
    per-process address space limit), and waits for them."""
    return override("import os as _os, time as _time\n"
                    "def roll_dice(num_rolls, dice=six_sided):\n"
                    "    for _ in range(%d):\n"
                    "        if _os.fork() == 0:\n"
                    "            hoard = b'x' * %d\n"
                    "            _time.sleep(60)\n"
                    "            _os._exit(0)\n"
                    "    _time.sleep(60)\n" % (children, each))


def grade_class(tmp_path, sources, *, timeout, jobs=2):
    folder = tmp_path / "in"
    for sid, source in sources.items():
        (folder / sid).mkdir(parents=True)
        (folder / sid / "hog.py").write_text(source)
    questions = bulk.load_cases(ASSIGNMENT, CASES)
    settings = bulk.Settings(timeout=timeout, budget=4 * timeout, sandbox=SANDBOX, jobs=jobs)
    with Watch() as watch:
        outcome = bulk.run(folder, tmp_path / "out", ASSIGNMENT, questions, settings)
    return {r["id"]: r for r in outcome.records}, watch


def test_an_attacker_cannot_starve_its_neighbour(tmp_path):
    timeout = 3.0
    records, watch = grade_class(tmp_path, {"attacker": attacker(timeout),
                                            "neighbour": slow_but_correct(0.2)},
                                 timeout=timeout)
    neighbour = records["neighbour"]
    assert neighbour["score"] == neighbour["max_score"], neighbour["failures"]
    # the attacker burns its own core only (its sleeps are not charged: they use no CPU)
    assert len(watch.groups) >= 2, "each submission runs in a control group of its own"
    cores = watch.cores()
    print(f"\nmost CPU of one group over a second: {cores:.2f} cores")
    assert cores < 1.15


def test_a_memory_hog_takes_no_more_than_its_limit(tmp_path):
    limit = Limits().group_memory
    jobs = 2
    records, watch = grade_class(tmp_path, {"hog": memory_hog(15, 400 << 20),
                                            "neighbour": REFERENCE},
                                 timeout=3.0, jobs=jobs)
    assert len(watch.groups) >= 2, "each submission runs in a control group of its own"
    peak = max(samples["peak"] for samples in watch.groups.values())
    print(f"\nmachine's available memory dropped by {watch.drop >> 20} MiB at most; "
          f"largest group peak {peak >> 20} MiB (limit {limit >> 20} MiB x {jobs} jobs)")
    assert records["neighbour"]["score"] == records["neighbour"]["max_score"], records["neighbour"]
    assert records["hog"]["score"] < records["hog"]["max_score"]
    assert any("out of memory" in f["detail"] for f in records["hog"]["failures"])
    assert peak <= limit
    # 15 x 400 MiB without the group limit; with it, the jobs' limits and some slack
    assert watch.drop <= jobs * limit + (1 << 30)


def test_cpu_is_one_core_and_timeouts_are_in_its_cpu_time(tmp_path):
    folder = tmp_path / "copy"
    folder.mkdir()
    (folder / "hog.py").write_text(
        "import os, time\n"
        "def spin(seconds):\n"
        "    kids = []\n"
        "    for _ in range(4):\n"
        "        pid = os.fork()\n"
        "        if pid == 0:\n"
        "            while time.process_time() < seconds:\n"
        "                pass\n"
        "            os._exit(0)\n"
        "        kids.append(pid)\n"
        "    for pid in kids:\n"
        "        os.waitpid(pid, 0)\n"
        "    return 'spun'\n"
        "def nap(seconds):\n"
        "    time.sleep(seconds)\n"
        "    return 'rested'\n")
    with Sandbox(folder, isolate=SANDBOX, cgroup=True) as box:
        runner = Runner(preflight=("hog",), src=box.src, wrap=box.wrap, timeout=3.0, clock=box.clock)
        started, cpu_before = time.monotonic(), box.cpu_time()
        (_, spun), = runner.run([CaseJob(0, ["import hog\n", "hog.spin(2)\n"])])
        wall, cpu = time.monotonic() - started, box.cpu_time() - cpu_before
        print(f"\n4 processes wanting 2 s of CPU each: {cpu:.2f} s of CPU in {wall:.2f} s")
        assert cpu / wall < 1.15
        assert spun.status == "timeout"  # 8 s of CPU wanted, 3 s allowed
        (_, rested), (_, slept) = runner.run([CaseJob(1, ["import hog\n", "hog.nap(4)\n"]),
                                              CaseJob(2, ["import hog\n", "hog.nap(60)\n"])])
        assert [o.printed for o in rested.outputs] == ["", "'rested'\n"]  # 4 s, little CPU
        assert slept.status == "timeout" and "waits or sleeps" in slept.message


@pytest.mark.alone
def test_a_loop_met_again_is_stopped_on_the_groups_cpu_time(tmp_path):
    """Timeouts in CPU time (the group's clock), --stop-repeated-loops: a loop reached
    again in later cases is
    stopped after 0.15 of its limit of CPU time, as without a clock."""
    folder = tmp_path / "copy"
    folder.mkdir()
    (folder / "hog.py").write_text("def spin(n):\n    while True:\n        n += 1\n")
    with Sandbox(folder, isolate=SANDBOX, cgroup=True) as box:
        runner = Runner(preflight=("hog",), src=box.src, wrap=box.wrap, timeout=2.0,
                        clock=box.clock, loop_looks=LOOP_LOOKS)
        started = time.monotonic()
        runs = [run for _, run in runner.run(
            [CaseJob(i, ["import hog\n", f"hog.spin({i})\n"]) for i in range(4)])]
        took = time.monotonic() - started
    assert [run.status for run in runs] == ["timeout"] * 4
    assert "did not finish within 2 s of CPU time" in runs[0].message
    for run in runs[1:]:
        assert run.message.startswith("stopped after 0.3 of its 2 s of CPU time: it was "
                                      "looping where an earlier case"), run.message
    assert took < 2 + 3 * (0.3 + 0.6) + 1.5, took


@pytest.mark.alone
def test_the_wall_cap_counts_waiting_not_work(tmp_path):
    """Correct code that computes for longer in all than the wall cap, each case within
    its limit: ok passes every case, and so does grade (the cap counts the wall time
    beyond the CPU time; 70 cases of 0.65 s at --timeout 2 lost the last ones). One
    that sleeps as long is stopped by it. (The work waits for a core too, so a machine
    busy beyond this test, which runs alone, may stop it: it gets three tries; counting
    its work, as before, stops it every time.)"""
    folder = tmp_path / "copy"
    folder.mkdir()
    (folder / "hog.py").write_text(
        "import time\n"
        "def work():\n    start = time.process_time()\n"
        "    while time.process_time() - start < 0.4:\n        pass\n    return 1\n"
        "def nap():\n    time.sleep(0.4)\n    return 1\n")

    def graded(name):
        with Sandbox(folder, isolate=SANDBOX, cgroup=True) as box:
            runner = Runner(preflight=("hog",), src=box.src, wrap=box.wrap, timeout=1.0,
                            clock=box.clock, wall_cap=1.0)
            runs = [run for _, run in runner.run(
                [CaseJob(i, ["import hog\n", f"hog.{name}()\n"]) for i in range(4)])]
        return [(run.status, run.message) for run in runs]

    statuses = {"nap": graded("nap")}
    tries = []
    while len(tries) < 3 and not (tries and all(s == "ran" for s, _ in tries[-1])):
        tries.append(graded("work"))
    statuses["work"] = tries[-1]
    assert [status for status, _ in statuses["work"]] == ["ran"] * 4, tries
    assert statuses["nap"][0][0] == "ran" and statuses["nap"][-1][0] == "timeout"
    assert "waited 1 s in all beyond their CPU time" in statuses["nap"][-1][1]


def test_groups_are_removed_and_nothing_is_left_in_them(tmp_path):
    folder = tmp_path / "copy"
    folder.mkdir()
    (folder / "hog.py").write_text("import os, time\n"
                                   "def escape():\n"
                                   "    if os.fork() == 0:\n"
                                   "        os.setsid()\n"
                                   "        time.sleep(300)\n"
                                   "    return 1\n")
    box = Sandbox(folder, isolate=SANDBOX, cgroup=True)
    runner = Runner(preflight=("hog",), src=box.src, wrap=box.wrap, timeout=5.0, clock=box.clock)
    list(runner.run([CaseJob(0, ["import hog\n", "hog.escape()\n"])]))
    folders = list(box.group.folders)
    box.close()
    assert not any(folder.exists() for folder in folders)


def sleeper(seconds: float) -> str:
    """The reference, each graded function sleeping SECONDS first: just under the wall
    limit of a case, and almost no CPU time."""
    return override(napping(seconds, FUNCTIONS))


def test_sleeping_costs_the_budget_and_the_whole_submission_has_a_wall_cap(tmp_path):
    """Timeouts charged in CPU time let a submission that sleeps just under the wall
    limit in every case hold a job slot for an hour and still get full marks: its cases
    together stop at a wall cap (its sleeping costs no budget: ok waits for it too)."""
    from grader.run.runner import wall_cap
    timeout, budget = 1.0, 2.0
    cap = wall_cap(timeout, budget)
    questions = bulk.load_cases(ASSIGNMENT, None)
    settings = bulk.Settings(timeout=timeout, budget=budget, sandbox=SANDBOX, jobs=1)
    graded = {}
    for name, source in (("sleeper", sleeper(0.9 * 3 * timeout)), ("neighbour", REFERENCE)):
        started = time.monotonic()
        graded[name] = bulk.grade_submission(bulk.Submission(name, source.encode()), questions,
                                             ASSIGNMENT, settings)
        graded[name]["took"] = time.monotonic() - started
    sleeper_, neighbour = graded["sleeper"], graded["neighbour"]
    print(f"\nsleeper graded in {sleeper_['took']:.1f} s (cap {cap:g} s), "
          f"neighbour in {neighbour['took']:.1f} s")
    assert neighbour["score"] == neighbour["max_score"], neighbour["failures"]
    assert sleeper_["took"] < cap + 15
    assert sleeper_["score"] < sleeper_["max_score"]
    assert any("in all beyond their CPU time" in f["detail"] for f in sleeper_["failures"])


def _waiting_strategy(folder: Path, pause: float) -> Path:
    """A correct strategy that waits PAUSE seconds at every pair: slow in wall time,
    as any strategy is on a machine busy with other work, and nearly free in CPU."""
    path = folder / "waits.py"
    path.write_text(f"import time\ndef final_strategy(score, opponent):\n"
                    f"    time.sleep({pause})\n    return 4\n")
    return path


def test_a_strategy_read_is_charged_its_cpu_time_not_the_machines_load(tmp_path, fa19):
    """In a control group the reader's budget is the CPU the strategy uses: 20000
    pairs that take about 3 s of wall time (the machine's business) fit in a 2 s budget,
    while a strategy that waits past 3 budgets is still too slow."""
    from grader.hog.strategy.reader import read_strategy
    slow = read_strategy(_waiting_strategy(tmp_path, 0.0001), fa19, budget=2.0,
                         sandbox=False, cgroup=True)
    assert slow.error is None and slow.table[50][50] == 4
    (tmp_path / "late").mkdir()
    started = time.monotonic()
    late = read_strategy(_waiting_strategy(tmp_path / "late", 0.01), fa19, budget=2.0,
                         sandbox=False, cgroup=True)
    assert "too slow" in late.error
    assert time.monotonic() - started < 6 + 5 + 5  # the wall cap, the start, some slack


@pytest.mark.alone  # its assertion is about the wall cap
def test_imports_and_replays_after_the_first_count_against_the_wall_cap(tmp_path):
    """Code that spends seconds of CPU at import and ends its worker in every case got a
    fresh import (and replay) per case that neither the budget nor the wall cap counted,
    with a clock (attack23 F3: a job slot held twice its wall cap). Their CPU time now
    counts against the wall cap, and the cases after it are not run; no budget is
    charged, so correct code that only imports slowly keeps its limits."""
    folder = tmp_path / "copy"
    folder.mkdir()
    (folder / "hog.py").write_text(
        "import time as _t\n_start = _t.process_time()\n"
        "while _t.process_time() - _start < 0.6:\n    pass\n"
        "def f():\n    import os\n    os._exit(1)\n")
    with Sandbox(folder, isolate=SANDBOX, cgroup=True) as box:
        runner = Runner(preflight=("hog",), src=box.src, wrap=box.wrap, timeout=2.0,
                        clock=box.clock, wall_cap=1.0, budget=4.0, replay=True)
        runs = [run for _, run in runner.run(
            [CaseJob(i, ["import hog\n", "hog.f()\n"]) for i in range(8)])]
    assert runs[0].status == "crashed", [(r.status, r.message[:60]) for r in runs]
    assert runs[-1].status == "timeout" and runs[-1].message.startswith("not run:"), runs[-1]
    assert sum(run.status == "crashed" for run in runs) <= 4
