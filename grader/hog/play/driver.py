"""Play one game of Hog with the student's own `play`, for the browser game.

Run as a script (`python -I -B driver.py`), never imported by the grader: it imports
the student's module, so it lives in a process of its own. The first line on stdin is
the setup (`{"src", "module", "final"}`). Every time the game needs something from
outside — a human's choice of dice, a die's outcome — it writes one JSON line on its
private channel (the original stdout) and reads the answer, one JSON line, on stdin.
What the student's code prints is captured and sent as events; fd 1 itself points at
/dev/null, so stray writes to it cannot be taken for messages.

Events: {"event": "ask", "who", "args"} (answered by {"dice": n}),
{"event": "roll", "sides"} (answered by {"outcome": k}), {"event": "computer", "who",
"args", "dice"}, {"event": "say", "scores", "printed"}, {"event": "printed", "text"},
{"event": "note", "text"}, then {"event": "done", "result"} or {"event": "error", ...}.
"""

import inspect
import io
import json
import os
import sys
import traceback

PRINT_CAP = 4096  # characters kept of what one commentary call or turn prints


class Stop(BaseException):
    """The server closed the game; unwinds the student's play, whatever it catches."""


class Channel:
    def __init__(self):
        self.out = os.fdopen(os.dup(1), "w")
        devnull = os.open(os.devnull, os.O_RDWR)
        os.dup2(devnull, 1)
        os.close(devnull)
        self.capture = io.StringIO()
        sys.stdout = self.capture

    def flush_prints(self):
        text = self.capture.getvalue()
        if text:
            self.capture.seek(0)
            self.capture.truncate()
            self.send({"event": "printed", "text": text[:PRINT_CAP]})

    def send(self, message):
        self.out.write(json.dumps(message) + "\n")
        self.out.flush()

    def ask(self, message):
        self.flush_prints()
        self.send(message)
        line = sys.stdin.readline()
        if not line:
            raise Stop()
        return json.loads(line)


def student_frames(error, src):
    frames = [frame for frame in traceback.extract_tb(error.__traceback__)
              if os.path.isabs(frame.filename)  # not "<frozen importlib...>" (cwd is SRC)
              and os.path.abspath(frame.filename).startswith(src + os.sep)]
    try:
        only = traceback.format_exception_only(type(error), error)
    except BaseException:
        only = [type(error).__name__ + "\n"]
    head = "Traceback (most recent call last):\n" if frames else ""
    return head + "".join(traceback.StackSummary.from_list(frames).format()) + "".join(only)


def human(channel, who):
    def strategy(score, opponent_score):
        reply = channel.ask({"event": "ask", "who": who, "args": [score, opponent_score]})
        return int(reply["dice"])
    return strategy


def computer(channel, who, function):
    def strategy(score, opponent_score):
        channel.flush_prints()
        dice = function(score, opponent_score)
        channel.send({"event": "computer", "who": who, "args": [score, opponent_score],
                      "dice": dice if type(dice) is int else repr(dice)[:80]})
        return dice
    return strategy


def die(channel, sides):
    def roll():
        return int(channel.ask({"event": "roll", "sides": sides})["outcome"])
    return roll


def gui_commentary(hog):
    """The course GUI's commentary, from the student's own functions: Fall 2019 wires
    both(announce_highest(0), both(announce_highest(1), announce_lead_changes())); an
    edition without some of them uses those it has."""
    parts = []
    if hasattr(hog, "announce_highest"):
        parts += [hog.announce_highest(0), hog.announce_highest(1)]
    if hasattr(hog, "announce_lead_changes"):
        parts.append(hog.announce_lead_changes())
    if not parts:
        return None
    combined = parts[-1]
    for part in reversed(parts[:-1]):
        combined = hog.both(part, combined)
    return combined


def commentary(channel, hog):
    """The GUI's commentary (see gui_commentary); if it breaks, the game goes on
    without it and the page says why."""
    try:
        current = gui_commentary(hog)
    except Exception as error:
        channel.send({"event": "note", "text": "no commentary: building it raised "
                      + student_frames(error, channel.src)})
        current = None

    def say(score0, score1):
        nonlocal current
        channel.flush_prints()
        printed = ""
        if current is not None:
            try:
                current = current(score0, score1)
            except Exception as error:
                channel.send({"event": "note", "text": "commentary stopped: it raised "
                              + student_frames(error, channel.src)})
                current = None
            printed = channel.capture.getvalue()
            channel.capture.seek(0)
            channel.capture.truncate()
        channel.send({"event": "say", "scores": [score0, score1], "printed": printed[:PRINT_CAP]})
        return say
    return say


def start_game(channel, hog, final):
    """Call the edition's `play` as its signature allows: dice and say as arguments
    when it takes them, else in place of the module's dice (`six_sided`, `four_sided`)."""
    strategies = [human(channel, 0),
                  computer(channel, 1, hog.final_strategy) if final else human(channel, 1)]
    parameters = inspect.signature(hog.play).parameters
    options = {}
    if "dice" in parameters:
        options["dice"] = die(channel, 6)
    else:
        for name, sides in (("six_sided", 6), ("four_sided", 4)):
            if hasattr(hog, name):
                setattr(hog, name, die(channel, sides))
    if "say" in parameters:
        options["say"] = commentary(channel, hog)
    elif hasattr(hog, "commentary"):
        hog.commentary = True
    return hog.play(*strategies, **options)


def main():
    setup = json.loads(sys.stdin.readline())
    channel = Channel()
    channel.src = src = os.path.abspath(setup["src"])
    os.chdir(src)
    sys.path.insert(0, src)
    sys.argv = [setup["module"] + ".py"]
    try:
        hog = __import__(setup["module"])
        channel.flush_prints()
        channel.send({"event": "ready"})
        result = start_game(channel, hog, setup.get("final"))
        channel.flush_prints()
        channel.send({"event": "done", "result": repr(result)[:200]})
    except Stop:
        pass
    except BaseException as error:
        channel.flush_prints()
        channel.send({"event": "error", "traceback": student_frames(error, src)[-PRINT_CAP:]})


if __name__ == "__main__":
    main()
