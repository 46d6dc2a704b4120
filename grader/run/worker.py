"""Run student code for the grader, in a process of its own.

This file is executed as a script (`python -I worker.py FD`), never imported by the
grader, and uses the standard library only, so it can run inside a sandbox that sees
nothing but itself and the submission. It reads one job (JSON) from stdin, points
stdin at /dev/null, and for each case reports what the examples printed and raised,
one JSON line per case on file descriptor FD. It never sees expected outputs: the
verdict is made outside, by the grader, so nothing the student code does here can
turn a wrong answer into a right one.
"""

import io
import json
import os
import random
import sys
import traceback

CASE_FILENAME = "<case>"


TAIL = 4096  # characters kept from the end of an output cut at its cap


class Capture(io.TextIOBase):
    """sys.stdout for one example: keeps the first CAP characters and the last TAIL
    beyond them, and counts characters and lines, so a runaway print can be shown as
    its head, its tail and how much was cut."""

    def __init__(self, cap):
        self.cap, self.size, self.parts, self.lines = cap, 0, [], 0
        self.tail_parts, self.tail_size = [], 0

    def writable(self):
        return True

    def write(self, text):
        if not isinstance(text, str):
            raise TypeError("write() argument must be str, not " + type(text).__name__)
        room = self.cap - self.size
        if room > 0:
            self.parts.append(text[:room])
        if len(text) > room:
            beyond = text[max(room, 0):][-TAIL:]
            self.tail_parts.append(beyond)
            self.tail_size += len(beyond)
            if self.tail_size > 4 * TAIL:
                kept = "".join(self.tail_parts)[-TAIL:]
                self.tail_parts, self.tail_size = [kept], len(kept)
        self.size += len(text)
        self.lines += text.count("\n")
        return len(text)

    def value(self):
        return "".join(self.parts)

    def tail(self):
        return "".join(self.tail_parts)[-TAIL:]

    @property
    def truncated(self):
        return self.size > self.cap


def describe(error, src):
    """The exception as doctest compares it, with only the student's frames."""
    frames = [frame for frame in traceback.extract_tb(error.__traceback__)
              if os.path.isabs(frame.filename)  # not <case>, nor this script run by -c
              and os.path.abspath(frame.filename).startswith(src + os.sep)]
    try:
        only = traceback.format_exception_only(type(error), error)
    except BaseException:  # a hostile __str__
        only = [type(error).__name__ + "\n"]
    text = "Traceback (most recent call last):\n" if frames else ""
    text += "".join(traceback.StackSummary.from_list(frames).format()) + "".join(only)
    line = only[-1]
    described = {"type": type(error).__name__, "line": line, "traceback": text}
    if isinstance(error, SyntaxError) and isinstance(error.lineno, int):
        described["lineno"] = error.lineno
    return described


def run_examples(sources, namespace, src, cap):
    outputs = []
    for source in sources:
        capture = Capture(cap)
        raised = None
        saved_stdout = sys.stdout
        sys.stdout = capture
        try:
            code = compile(source, CASE_FILENAME, "single", dont_inherit=True)
            exec(code, namespace)
        except BaseException as error:  # SystemExit and KeyboardInterrupt are answers too
            raised = describe(error, src)
        finally:
            sys.stdout = saved_stdout
            sys.displayhook = sys.__displayhook__
        output = {"printed": capture.value(), "raised": raised,
                  "truncated": capture.truncated, "lines": capture.lines}
        if capture.truncated:
            output["tail"] = capture.tail()
        outputs.append(output)
        if raised is not None and raised["type"] == "SystemExit":
            break
    return outputs


def main():
    """argv: FD SRC [MODULE ...]. The modules are imported before the job is read, so
    the interpreter's start and the student's import overlap the grader's own."""
    channel, src, preflight = int(sys.argv[1]), os.path.abspath(sys.argv[2]), sys.argv[3:]
    job_stream = os.fdopen(os.dup(0), "rb")
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    os.close(devnull)
    sys.stdin = open(0, closefd=False)
    os.chdir(src)
    sys.path.insert(0, src)
    sys.argv = [preflight[0] + ".py" if preflight else "hog.py"]

    def send(message):
        data = (json.dumps(message) + "\n").encode()
        while data:
            data = data[os.write(channel, data):]

    for module in preflight:
        outputs = run_examples(["import " + module + "\n"], {"__name__": "__main__"}, src, 65536)
        if outputs[0]["raised"] is not None:
            send({"preflight_error": outputs[0]["raised"], "printed": outputs[0]["printed"]})
            return
    send({"ready": True})
    job = json.loads(job_stream.read())
    job_stream.close()
    cap = job.get("output_cap", 65536)

    for case in job["cases"]:
        if job.get("seed") is not None:
            random.seed(job["seed"])
        namespace = {"__name__": "__main__", "__builtins__": __builtins__}
        cap = case.get("output_cap", job.get("output_cap", 65536))
        setup = run_examples(case.get("setup", []), namespace, src, cap)
        failed = next((out for out in setup if out["raised"] is not None), None)
        if failed is not None:
            send({"id": case["id"], "setup_error": failed["raised"]})
            continue
        outputs = run_examples(case["examples"], namespace, src, cap)
        run_examples(case.get("teardown", []), namespace, src, cap)
        send({"id": case["id"], "outputs": outputs})
    send({"done": True})


if __name__ == "__main__":
    main()
