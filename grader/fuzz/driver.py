"""Play Hog games with some `play` and record everything it does (the fuzz tracer).

Standard library only: the grader sends this file's source to the worker as a case's
setup, so it runs next to the student's code and never sees an expected trace; the
grader also executes it in-process with the trusted reference, so both sides are
traced by the same code. Run as a script it serves games one request line at a time
(`python -I -B fuzz_driver.py`), which is how the grader shrinks a failing game.

A game spec is a dict: `strategies` (two `[choices, a, b]`: the strategy returns
`choices[(a * score + b * opponent) % len(choices)]`, a pure function of the two
scores), `dice` (the outcomes a test die cycles through from the first), `score0`,
`score1`, `goal`, `feral_hogs`, and `say` (whether to pass a chain of commentary
functions, each returning the next). A trace is a list of events, in call order:
`["s", who, score, opponent, n]` a strategy call, an int a die outcome,
`["c", k, score0, score1]` a call of the k-th commentary function, then
`["r", repr(result)]` or `["e", error line, student traceback]`.
"""

import io
import json
import os
import sys
import traceback

MAX_EVENTS = 5000
MAX_TEXT = 2000


def _value(value):
    """An argument as the trace records it: an int or a finite float as itself (a bool
    as its int), anything else as its repr, cut short."""
    kind = type(value)
    if kind is bool or kind is int:
        return int(value)
    if kind is float and value == value and value not in (float("inf"), float("-inf")):
        return value
    return _text(_repr(value))


def _repr(value):
    try:
        return repr(value)
    except BaseException:
        return "<%s object>" % type(value).__name__


def _text(text):
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT] + "..."


class GameTooLong(BaseException):  # not caught by `except Exception` in a play
    pass


def _too_long():
    raise GameTooLong("the game went on for more than %d calls of strategies, dice and "
                      "commentary: does play stop when a score reaches the goal?" % MAX_EVENTS)


def trace_game(play, spec, src=""):
    """Play the game SPEC with PLAY; return its trace."""
    events = []
    record = events.append

    def make_strategy(who, choices, a, b):
        size = len(choices)

        def strategy(score, opponent):
            if len(events) > MAX_EVENTS:
                _too_long()
            event = ["s", who, score if type(score) is int else _value(score),
                     opponent if type(opponent) is int else _value(opponent), None]
            record(event)
            event[4] = number = choices[(a * score + b * opponent) % size]
            return number
        return strategy

    outcomes = spec["dice"]
    count = len(outcomes)
    position = [-1]

    def dice():
        if len(events) > MAX_EVENTS:
            _too_long()
        position[0] = index = (position[0] + 1) % count
        outcome = outcomes[index]
        record(outcome)
        return outcome

    def commentary(k):
        def say(score0, score1):
            if len(events) > MAX_EVENTS:
                _too_long()
            record(["c", k, score0 if type(score0) is int else _value(score0),
                    score1 if type(score1) is int else _value(score1)])
            return commentary(k + 1)
        return say

    options = {"score0": spec["score0"], "score1": spec["score1"], "dice": dice,
               "goal": spec["goal"], "feral_hogs": spec["feral_hogs"]}
    if spec.get("say"):
        options["say"] = commentary(0)
    (c0, a0, b0), (c1, a1, b1) = spec["strategies"]
    saved = sys.stdout
    sys.stdout = io.StringIO()
    try:
        result = play(make_strategy(0, c0, a0, b0), make_strategy(1, c1, a1, b1), **options)
        record(["r", _text(_repr(result))])
    except BaseException as error:  # SystemExit from student code is an answer too
        record(["e", _text(_error_line(error)), _text(_student_traceback(error, src))])
    finally:
        sys.stdout = saved
    return events


def _error_line(error):
    try:
        return traceback.format_exception_only(type(error), error)[-1].strip()
    except BaseException:
        return type(error).__name__


def _student_traceback(error, src):
    if not src:
        return ""
    frames = [frame for frame in traceback.extract_tb(error.__traceback__)
              if os.path.abspath(frame.filename).startswith(src)]
    return ("Traceback (most recent call last):\n"
            + "".join(traceback.StackSummary.from_list(frames).format())
            + _error_line(error) + "\n")


def _dumps(traces):
    return json.dumps(traces, separators=(",", ":"), default=repr)


def fuzz_print_traces(module, specs):
    """Worker side: trace every game of SPECS with MODULE's play and print the traces."""
    saved = sys.stdout
    sys.stdout = io.StringIO()  # what an import prints is not a trace
    try:
        loaded = sys.modules[module] if module in sys.modules else __import__(module)
    finally:
        sys.stdout = saved
    play = getattr(loaded, "play")
    src = os.path.abspath(os.getcwd())
    traces = [trace_game(play, spec, src) for spec in specs]
    sys.stdout.write("\n" + _dumps(traces) + "\n")


def serve():
    """Script mode: first line {"src", "module"}, then one JSON list of specs per line,
    answered by one line of traces on the original standard output."""
    reply = os.fdopen(os.dup(1), "w")
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 1)
    setup = json.loads(sys.stdin.readline())
    os.chdir(setup["src"])
    sys.path.insert(0, setup["src"])
    sys.argv = ["hog.py"]
    sys.stdout = io.StringIO()
    try:
        play = __import__(setup["module"]).play
    except BaseException as error:
        reply.write(json.dumps({"error": _error_line(error)}) + "\n")
        reply.flush()
        return
    src = os.path.abspath(setup["src"])
    reply.write('{"ready":true}\n')
    reply.flush()
    for line in sys.stdin:
        specs = json.loads(line)
        reply.write(_dumps([trace_game(play, spec, src) for spec in specs]) + "\n")
        reply.flush()


if __name__ == "__main__":
    serve()
