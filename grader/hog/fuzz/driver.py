"""Play Hog games with some `play` and record everything it does (the fuzz tracer).

Standard library only: the grader sends this file's source to the worker as a case's
setup, with the edition's rules module beside it, so it runs next to the student's
code and never sees an expected trace; the grader also executes it in-process with the
trusted reference, so both sides are traced by the same code. Run as a script it
serves games one request line at a time (`python -I -B fuzz_driver.py`), which is how
the grader shrinks a failing game.

A game spec is a dict: `strategies` (two `[choices, a, b]`: the strategy returns
`choices[int(a * score + b * opponent) % len(choices)]`, a pure function of the two
scores; `choices[0]` for scores that are not numbers), `dice` (the outcomes a test die cycles through from the first; a dict of them
by name when the edition has several dice), `score0`, `score1`, `goal`, the edition's
own options (fa19's `feral_hogs`), and `say` (whether to trace the commentary). How
these reach `play` is the edition's business: its rules module's `PLAY` settings and
`play_game` (see `grader.hog.editions`).

A trace is a list of events, in call order: `["s", who, score, opponent, n]` a
strategy call, an int an outcome of the edition's first die (`["d", name, outcome]`
of another), `["c", k, *arguments]` a call of the k-th commentary function, then
`["r", repr(result)]` or `["e", error line, student traceback]`.
"""

import io
import json
import os
import sys
import traceback
import types

MAX_EVENTS = 5000
MAX_TEXT = 2000


def _value(value):
    """An argument as the trace records it: an int or a finite float as itself (a bool
    as its int), a string as itself and anything else as its repr, cut short."""
    kind = type(value)
    if kind is bool or kind is int:
        return int(value)
    if kind is float and value == value and value not in (float("inf"), float("-inf")):
        return value
    return _text(value if kind is str else _repr(value))


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


def _setting(edition, name, default=None):
    """NAME from an edition's rules: a module, or the dict its source was run in."""
    if edition is None:
        return default
    if isinstance(edition, dict):
        return edition.get(name, default)
    return getattr(edition, name, default)


def keyword_play(hog, strategy0, strategy1, dice, say, game):
    """The call of Fall 2019's shape, for callers that name no edition: the game's
    start, goal and options as keywords, the first die as `dice`."""
    play = hog if callable(hog) else hog.play
    options = {key: value for key, value in game.items() if key not in ("strategies", "say")}
    options["dice"] = dice[next(iter(dice))]
    if say is not None:
        options["say"] = say
    return play(strategy0, strategy1, **options)


def trace_game(hog, spec, src="", edition=None):
    """Play the game SPEC with the submission's module HOG (or a `play` function, for
    callers that name no EDITION) the way EDITION's rules say (`PLAY` and
    `play_game`); return its trace."""
    return trace_games(hog, [spec], src, edition)[0]


def trace_games(hog, specs, src="", edition=None, stop=False):
    """The traces of the games SPECS (see `trace_game`); with STOP, none after the first
    game cut short for going on too long (the rest would each run to the cap: 500 games
    of a play that never stops cost seconds, and that game already fails)."""
    settings = _setting(edition, "PLAY") or {"dice": {"dice": 6}, "say": "scores"}
    names = list(settings["dice"])
    play_game = _setting(edition, "play_game", keyword_play)
    say_kind = settings.get("say")
    traces = []
    for spec in specs:
        trace = _trace(hog, spec, src, names, say_kind, play_game)
        traces.append(trace)
        if stop and type(trace) is list and len(trace) > MAX_EVENTS:
            break
    return traces


def _trace(hog, spec, src, names, say_kind, play_game):
    events = []
    record = events.append

    def make_strategy(who, choices, a, b):
        size = len(choices)

        def strategy(score, opponent_score):  # the template's names: a play may pass them
            if len(events) > MAX_EVENTS:
                _too_long()
            event = ["s", who, score if type(score) is int else _value(score),
                     opponent_score if type(opponent_score) is int else _value(opponent_score),
                     None]
            record(event)
            try:  # scores a buggy play made floats (or worse) still choose, as ints would
                index = int(a * score + b * opponent_score) % size
            except Exception:
                index = 0
            event[4] = number = choices[index]
            return number
        return strategy

    def make_die(name, outcomes, first):
        count = len(outcomes)
        position = [-1]

        def die():
            if len(events) > MAX_EVENTS:
                _too_long()
            position[0] = index = (position[0] + 1) % count
            outcome = outcomes[index]
            record(outcome)
            return outcome

        def named_die():
            if len(events) > MAX_EVENTS:
                _too_long()
            position[0] = index = (position[0] + 1) % count
            outcome = outcomes[index]
            record(["d", name, outcome])
            return outcome
        return die if first else named_die

    def commentary(k):
        def say(*args, **named):  # a play may pass the scores by the template's names
            if len(events) > MAX_EVENTS:
                _too_long()
            args += tuple(named.pop(name) for name in ("score0", "score1") if name in named)
            args += tuple(named.values())
            record(["c", k] + [x if type(x) is int else _value(x) for x in args[:8]])
            return commentary(k + 1)
        return say

    given = spec["dice"]
    if type(given) is list:
        dice = {names[0]: make_die(names[0], given, True)}
    else:
        dice = {name: make_die(name, given[name], name == names[0]) for name in names}
    say = commentary(0) if say_kind and spec.get("say") else None
    game = dict(spec)
    del game["strategies"], game["dice"]
    (c0, a0, b0), (c1, a1, b1) = spec["strategies"]
    saved = sys.stdout
    sys.stdout = io.StringIO()
    try:
        result = play_game(hog, make_strategy(0, c0, a0, b0), make_strategy(1, c1, a1, b1),
                           dice, say, game)
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
    folder = os.path.abspath(src) + os.sep
    frames = format_frames(error.__traceback__, lambda name: os.path.isabs(name)
                           and os.path.abspath(name).startswith(folder))
    return "Traceback (most recent call last):\n" + frames + _error_line(error) + "\n"


SHOWN_RUNS = (2, 8)  # the runs of frames a deep stack shows before and after its cut


def format_frames(tb, keep):
    """The frames of the traceback TB whose file KEEP accepts, formatted as `traceback`
    formats them (a run of more than three alike shown as three, then "[Previous line
    repeated N more times]"), but for a stack of more than SHOWN_RUNS runs of frames
    (a recursion that alternates two lines or two functions makes a run of each call)
    only the first and the last few: a RecursionError read 300 lines where ok shows
    its last 15. The frames are chosen and each run cut to three before any is read or
    formatted: formatting a recursion 1000 deep frame by frame took ~17 ms, paid again
    by every fuzz game a recursing play raised in. (The worker has the same function:
    each is a script of its own, standard library only.)"""
    runs = []  # [(file, line, name), up to three of its traceback entries, count]
    while tb is not None:
        code = tb.tb_frame.f_code
        if keep(code.co_filename):
            key = (code.co_filename, tb.tb_lineno, code.co_name)
            if runs and runs[-1][0] == key:
                runs[-1][2] += 1
                if runs[-1][2] <= 3:
                    runs[-1][1].append(tb)
            else:
                runs.append([key, [tb], 1])
        tb = tb.tb_next
    if len(runs) > sum(SHOWN_RUNS) + 1:
        first, last = SHOWN_RUNS
        hidden = sum(count for _, _, count in runs[first:-last])
        runs[first:-last] = [hidden]
    text = []
    for run in runs:
        if isinstance(run, int):
            text.append(f"  ... ({run} more calls)\n")
            continue
        _, entries, count = run
        chain = None
        for entry in reversed(entries):
            chain = types.TracebackType(chain, entry.tb_frame, entry.tb_lasti, entry.tb_lineno)
        text.extend(traceback.format_list(traceback.extract_tb(chain)))
        if count > 3:
            text.append(f"  [Previous line repeated {count - 3} more "
                        f"time{'s' if count - 3 > 1 else ''}]\n")
    return "".join(text)


def _dumps(traces):
    """The traces as one JSON line. They hold only ints, finite floats, plain strings and
    the lists made here (`_value`), so no container can hold itself: skipping that
    check saves a sixth of the encoding (~3 ms of a Hog submission's fuzz cases)."""
    return json.dumps(traces, separators=(",", ":"), default=repr, check_circular=False)


def fuzz_print_traces(module, specs, edition=None, stop=False):
    """Worker side: trace every game of SPECS with MODULE's play, called as EDITION's
    rules say (up to the first cut short, with STOP), and print the traces."""
    saved = sys.stdout
    sys.stdout = io.StringIO()  # what an import prints is not a trace
    try:
        loaded = sys.modules[module] if module in sys.modules else __import__(module)
    finally:
        sys.stdout = saved
    getattr(loaded, "play")
    src = os.path.abspath(os.getcwd())
    traces = trace_games(loaded, specs, src, edition, stop)
    sys.stdout.write("\n" + _dumps(traces) + "\n")


def serve():
    """Script mode: first line {"src", "module", "edition"} (the edition's rules module
    as source text), then one JSON list of specs per line, answered by one line of
    traces on the original standard output."""
    reply = os.fdopen(os.dup(1), "w")
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 1)
    setup = json.loads(sys.stdin.readline())
    os.chdir(setup["src"])
    sys.path.insert(0, setup["src"])
    sys.argv = ["hog.py"]
    sys.stdout = io.StringIO()
    edition = None
    try:
        if setup.get("edition"):
            edition = {"__name__": "fuzz_edition"}
            exec(compile(setup["edition"], "fuzz_edition.py", "exec"), edition)
        hog = __import__(setup["module"])
        hog.play
    except BaseException as error:
        reply.write(json.dumps({"error": _error_line(error)}) + "\n")
        reply.flush()
        return
    src = os.path.abspath(setup["src"])
    reply.write('{"ready":true}\n')
    reply.flush()
    for line in sys.stdin:
        specs = json.loads(line)
        reply.write(_dumps(trace_games(hog, specs, src, edition)) + "\n")
        reply.flush()


if __name__ == "__main__":
    serve()
