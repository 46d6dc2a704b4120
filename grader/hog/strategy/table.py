"""Read a strategy function into a table of dice counts, checking it is valid.

Two ways to run it, both importing a module of HOG_DIR (hog.py) in a child process:

`python -I strategy_table.py HOG_DIR FUNCTION_NAME [BUDGET_SECONDS]` asks FUNCTION_NAME
for every score pair (0..99 each) twice and prints one JSON line, {"table": [[...100
ints...] x 100], "team": TEAM_NAME or null} or {"error": "<in words>"}, as the last line
of stdout (`read_table` is also what question 12's job runs in the worker: only for
staff code is that table taken as it is, see `suite.py`).

`python -I strategy_table.py HOG_DIR FUNCTION_NAME --serve FD [MODULE]` is how the grader
reads a student's strategy (`reader.py`; MODULE.py instead of hog.py): the child writes
one hello line on FD ({"team": TEAM_NAME or null}, or {"error": "<in words>"} when the
file cannot be read), then answers the grader's questions, read from stdin as two bytes
each (score, opponent score), with one byte each on FD: the number of dice, or REFUSED
followed by one line saying what the strategy did instead (returned 11, raised ...).
The grader builds the table from the answers and judges them itself (range, the same
answer when asked again, time), so code that writes on FD can forge nothing but its
own answers.

Standard library only and never imported by student code, so it can run inside the
sandbox next to a submission. A valid strategy returns an int (not a bool) from 0 to 10
for every pair, gives the same answer when asked again, and answers all pairs (both
rounds) within the budget.
"""

import contextlib
import importlib
import io
import json
import os
import signal
import sys
import time

GOAL = 100
MAX_DICE = 10
BUDGET = 10.0
REFUSED = 255  # an answer byte: what the strategy did instead follows, as one line


class OutOfTime(BaseException):
    """Raised by the timer inside strategy code; BaseException so `except Exception` in
    the strategy does not swallow it."""


@contextlib.contextmanager
def time_limit(seconds):
    """Interrupt the calls after `seconds` of wall time (main thread, POSIX timers)."""
    if seconds is None or not hasattr(signal, "setitimer"):
        yield
        return

    def expire(signum, frame):
        raise OutOfTime()

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def describe_value(value):
    if type(value) is bool:
        return f"{value!r} (a bool, not an int)"
    if type(value) is not int:
        try:
            text = repr(value)
        except BaseException:
            text = "a value"
        return f"{text[:60]} (of type {type(value).__name__}, not int)"
    return repr(value)


def read_table(strategy, name="strategy", goal=GOAL, budget=BUDGET):
    """{"table": rows} if `strategy` is valid at every pair, else {"error": words}.

    Asks every pair twice (two full rounds) so a strategy whose answers drift with
    earlier calls is caught, not only one that is random per call.
    """
    table = [[0] * goal for _ in range(goal)]
    start = time.perf_counter()
    where = (0, 0)
    try:
        with time_limit(budget), contextlib.redirect_stdout(io.StringIO()):
            for rnd in range(2):
                for score in range(goal):
                    for opponent in range(goal):
                        where = (score, opponent)
                        value = strategy(score, opponent)
                        problem = check_value(value, table, rnd, score, opponent)
                        if problem:
                            return {"error": f"{name}({score}, {opponent}) {problem}"}
    except OutOfTime:
        return {"error": f"{name} is too slow: answering all {goal * goal} score pairs twice "
                         f"took more than {budget:g} s (stopped at {name}{where})"}
    except RecursionError:
        return {"error": f"{name}{where} raised RecursionError (maximum recursion depth exceeded)"}
    except BaseException as error:  # SystemExit too: the verdict must still be printed
        return {"error": f"{name}{where} raised {type(error).__name__}: {safe_str(error)}"}
    seconds = time.perf_counter() - start
    if budget is not None and seconds > budget:
        return {"error": f"{name} is too slow: answering all score pairs twice took {seconds:.1f} s "
                         f"(budget {budget:g} s)"}
    return {"table": table}


def value_problem(value):
    """What is wrong with VALUE as a number of dice, in words, or None."""
    if type(value) is not int:
        return f"returned {describe_value(value)}; it must return an int from 0 to {MAX_DICE}"
    if not 0 <= value <= MAX_DICE:
        return f"returned {value}; it must return an int from 0 to {MAX_DICE}"
    return None


def check_value(value, table, rnd, score, opponent):
    """What is wrong with `value` at (score, opponent), in words, or None; records it."""
    problem = value_problem(value)
    if problem:
        return problem
    if rnd == 0:
        table[score][opponent] = value
    elif table[score][opponent] != value:
        return (f"returned {table[score][opponent]} and then {value} when asked again; "
                f"it must be a pure function of the two scores")
    return None


def call_problem(strategy, score, opponent):
    """(the number of dice STRATEGY gives at the pair, None), or (None, what went wrong)."""
    try:
        value = strategy(score, opponent)
    except RecursionError:
        return None, "raised RecursionError (maximum recursion depth exceeded)"
    except BaseException as error:  # SystemExit too: the answer must still be sent
        return None, f"raised {type(error).__name__}: {safe_str(error)}"
    problem = value_problem(value)
    return (None, problem) if problem else (value, None)


class _Discard:
    """Where what the strategy prints goes while it answers."""

    def write(self, text):
        return len(text)

    def flush(self):
        pass


def write_all(fd, data):
    while data:
        data = data[os.write(fd, data):]


ANSWERED_AT_ONCE = 100  # answers written together: a row, so a crash is placed in its row


def serve(strategy, questions, answers):
    """Answer every question read from QUESTIONS (two bytes: score, opponent score) with
    one byte on ANSWERS, until the grader closes QUESTIONS or the strategy fails: then
    REFUSED and the problem as one line end the answers."""
    pending = b""
    with contextlib.redirect_stdout(_Discard()):
        while True:
            data = os.read(questions, 65536)
            if not data:
                return
            pending += data
            asked = len(pending) // 2 * 2
            out = bytearray()
            for at in range(0, asked, 2):
                value, problem = call_problem(strategy, pending[at], pending[at + 1])
                if problem is not None:
                    line = json.dumps(problem[:500])
                    write_all(answers, bytes(out) + bytes([REFUSED]) + line.encode() + b"\n")
                    return
                out.append(value)
                if len(out) == ANSWERED_AT_ONCE:  # what was answered is sent before a crash
                    write_all(answers, bytes(out))
                    out.clear()
            pending = pending[asked:]
            write_all(answers, bytes(out))


def safe_str(error):
    try:
        return str(error)[:200]
    except BaseException:
        return "(unprintable)"


def load_function(hog_dir, name, module_name="hog"):
    """The function `name` of hog_dir/MODULE_NAME.py and the module, or None and an error
    message."""
    sys.path.insert(0, hog_dir)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            module = importlib.import_module(module_name)
    except BaseException as error:
        return None, (f"could not import {module_name}.py: {type(error).__name__}: "
                      f"{safe_str(error)}")
    function = getattr(module, name, None)
    if not callable(function):
        return None, f"{module_name}.py has no function {name}"
    return (function, module), None


def team_name(module):
    """The module's TEAM_NAME (contest entries name themselves), or None."""
    name = getattr(module, "TEAM_NAME", None)
    return name[:100] if type(name) is str else None


def main(argv):
    serving = len(argv) in (4, 5) and argv[2] == "--serve"
    if not serving and len(argv) not in (2, 3):
        print(json.dumps({"error": "usage: strategy_table.py HOG_DIR FUNCTION_NAME "
                                   "[BUDGET | --serve FD [MODULE]]"}))
        return 2
    loaded, error = load_function(argv[0], argv[1], *argv[4:5] if serving else ())
    if serving:
        answers = int(argv[3])
        hello = {"error": error} if error else {"team": team_name(loaded[1])}
        write_all(answers, json.dumps(hello, separators=(",", ":")).encode() + b"\n")
        if not error:
            serve(loaded[0], 0, answers)
        os.close(answers)
        os._exit(0)  # no atexit hook of the student's runs after the answers
    budget = float(argv[2]) if len(argv) == 3 else BUDGET
    if error:
        result = {"error": error}
    else:
        result = read_table(loaded[0], argv[1], budget=budget)
        result["team"] = team_name(loaded[1])
    sys.stdout.write("\n" + json.dumps(result, separators=(",", ":")) + "\n")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
