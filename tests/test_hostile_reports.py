"""Whatever student code writes on the worker's report channel, the grader reads it as
untrusted data: malformed reports cost the case (an error verdict, never an exception
in the grader), and the grader caps what it reads per example, per case and in all."""

import json
import resource
import uuid

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from grader.judge import STORED_CAP, judge_case, transcript
from grader.model import Case, CaseRun, Example, Suite
from grader.run import messages
from grader.run.runner import CaseJob, Runner

SECRET = "expected-" + uuid.uuid4().hex  # what the hostile case should print to pass

# Case code: find the report channel (the worker's only write-only pipe past stderr),
# write the payload built from RECIPE there, then end as AFTER says.
WRITER = '''
import os as _os
def _channel():
    for name in _os.listdir("/proc/self/fd"):
        fd = int(name)
        if fd <= 2:
            continue
        try:
            if not _os.readlink(f"/proc/self/fd/{fd}").startswith("pipe:"):
                continue
            flags = open(f"/proc/self/fdinfo/{fd}").read().split("flags:")[1].split()[0]
        except OSError:
            continue
        if int(flags, 8) & 3 == 1:
            return fd
def _forge(recipe, after):
    data = b"".join(bytes(piece) * count for piece, count in recipe)
    fd = _channel()
    while data:
        data = data[_os.write(fd, data):]
    if after == "exit":
        _os._exit(0)
    return None
'''


SETUP = [f"exec({WRITER!r})\n"]


def json_values():
    scalars = (st.none() | st.booleans() | st.integers(-10 ** 30, 10 ** 30)
               | st.floats(allow_nan=False) | st.text(max_size=30))
    return st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                        | st.dictionaries(st.text(max_size=10), inner, max_size=4),
                        max_leaves=20)


def near(value_of):
    """Dicts shaped almost like the protocol's, with wrong types where it hurts."""
    keys = st.sampled_from(["id", "outputs", "setup_error", "done", "ready", "stack",
                            "printed", "raised", "truncated", "cuts", "type", "line",
                            "traceback", "lineno", "example", "text", "debug", "debug_at",
                            "aside"])
    return st.dictionaries(keys, value_of, max_size=5)


def hostile_values():
    base = json_values()
    output = near(base | st.just([[0, 5]]) | st.just([[10 ** 6, 1]]) | st.just("x")
                  | st.just([0, 3, 1]) | st.just([-1]) | st.just([10 ** 9]))
    return st.recursive(base | output, lambda inner: st.lists(inner, max_size=3) | near(inner),
                        max_leaves=12)


def messages_():
    """Byte strings for the channel: generated JSON of hostile shapes, near-valid reports
    for the case, raw bytes, deep nesting, huge numbers and lines."""
    shaped = hostile_values().map(lambda v: json.dumps(v).encode())
    reports = st.fixed_dictionaries({"id": st.sampled_from([0, 1, -1, "0", True, 0.0, None])},
                                    optional={"outputs": hostile_values(),
                                              "setup_error": hostile_values(),
                                              "done": hostile_values()}) \
        .map(lambda v: json.dumps(v).encode())
    return st.one_of(shaped, reports, st.binary(max_size=200),
                     st.integers(1, 200000).map(lambda n: b"[" * n + b"]" * n),
                     st.integers(1, 200000).map(lambda n: b'{"id":0,"outputs":' + b"[" * n),
                     st.integers(4000, 100000).map(lambda n: b'{"id":0,"lineno":' + b"9" * n
                                                   + b"}"),
                     st.just(b'{"id":0,"outputs":[{"printed":"\\ud800","truncated":false}]}'))


def recipe_of(payload: bytes, newline: bool):
    return [(list(payload), 1)] + ([([10], 1)] if newline else [])


def hostile_case(recipe, after):
    return CaseJob(0, [f"_forge({recipe!r}, {after!r})\n", "print('second')\n"],
                   setup=SETUP)


def doctest_case(number, want_lines):
    suite = Suite(number=1, type="doctest")
    return Case(number=number, suite=suite,
                examples=[Example(f"line {i}\n", want) for i, want in enumerate(want_lines)])


def check_run(run: CaseRun, examples: int):
    assert run.status in ("ran", "timeout", "crashed", "setup-error")
    assert isinstance(run.message, str) and len(run.message) < 1 << 20
    assert len(run.outputs) <= examples
    for output in run.outputs:
        assert isinstance(output.printed, str)
        assert len(output.printed) <= messages.example_limit(65536)
        output.printed.encode("utf-8")  # no lone surrogates reach the grader
        assert isinstance(transcript([Example("x\n", "")], [output], 0), str)
        assert output.raised is None or all(isinstance(getattr(output.raised, name), str)
                                            for name in ("type", "line", "traceback"))


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    path = tmp_path_factory.mktemp("hostile")
    (path / "hog.py").write_text("def f():\n    return 1\n")
    return path


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(payload=messages_(), newline=st.booleans(), after=st.sampled_from(["return", "exit"]))
def test_any_message_on_the_channel_is_an_error_never_an_exception(folder, payload, newline,
                                                                    after):
    runner = Runner(preflight=("hog",), src=folder, timeout=10)
    jobs = [hostile_case(recipe_of(payload, newline), after),
            CaseJob(1, ["print('after')\n"])]
    runs = dict(runner.run(jobs))
    assert sorted(runs) == [0, 1]
    for job in jobs:
        check_run(runs[job.id], len(job.examples))
    assert runs[0].status != "setup-error"
    verdict = judge_case(doctest_case(1, ["", SECRET + "\n"]), runs[0])
    assert verdict.status != "passed"
    after_run = runs[1]
    assert (after_run.status == "crashed"
            or [o.printed for o in after_run.outputs] == ["after\n"])


def test_a_patched_worker_cannot_send_more_than_the_cap_per_example(folder):
    recipe = [(list(b'{"id": 0, "outputs": [{"printed": "'), 1), ([120], 2 << 20),
              (list(b'", "raised": null, "truncated": false, "cuts": []}]}\n'), 1)]
    runner = Runner(preflight=("hog",), src=folder, timeout=10)
    (_, run), = runner.run([CaseJob(0, [f"_forge({recipe!r}, 'exit')\n"], setup=SETUP)])
    (output,) = run.outputs
    assert output.truncated and len(output.printed) == messages.example_limit(65536)
    assert output.cuts[-1] == (len(output.printed), (2 << 20) - len(output.printed))


def test_one_case_cannot_make_the_grader_read_more_than_its_cap(folder):
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    recipe = [(list(b'{"id":0,"outputs":[{"printed":"'), 1), ([120], 64 << 20)]
    runner = Runner(preflight=("hog",), src=folder, timeout=60)
    jobs = [CaseJob(0, [f"_forge({recipe!r}, 'return')\n"], setup=SETUP),
            CaseJob(1, ["print('after')\n"])]
    runs = dict(runner.run(jobs))
    limit = messages.case_byte_limit(2, 65536, runner.case_bytes)
    assert runs[0].status == "crashed" and "stopped reading" in runs[0].message
    assert runner.received <= limit + (1 << 20)
    assert [o.printed for o in runs[1].outputs] == ["after\n"]
    grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss_before  # KiB
    assert grown < 4 * limit / 1024


def test_a_submission_cannot_make_the_grader_read_more_than_its_total(folder):
    per_case = 3 << 20
    recipe = [(list(b'{"id":0,"outputs":[{"printed":"'), 1), ([120], per_case), ([10], 1)]
    runner = Runner(preflight=("hog",), src=folder, timeout=60, total_bytes=16 << 20)
    jobs = [CaseJob(i, [f"_forge({recipe!r}, 'return')\n"], setup=SETUP) for i in range(12)]
    runs = [run for _, run in runner.run(jobs)]
    assert len(runs) == 12
    flooded = [r for r in runs if "in all" in r.message]
    assert flooded and runs[-1] in flooded
    assert runner.received <= (16 << 20) + (1 << 20)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 300000), st.sampled_from(["print", "raise", "both", "repr"]))
def test_what_a_case_stores_is_bounded(folder, size, how):
    source = {"print": f"print('y' * {size})\n",
              "raise": f"raise ValueError('z' * {size})\n",
              "both": f"print('y' * {size}); raise ValueError('z' * {size})\n",
              "repr": f"type('R', (), {{'__repr__': lambda s: print('r' * {size}) or ''}})()\n",
              }[how]
    runner = Runner(preflight=("hog",), src=folder, timeout=10)
    (_, run), = runner.run([CaseJob(0, [source])])
    from grader.judge import clipped
    result = clipped(judge_case(doctest_case(1, ["1\n"]), run))
    for name in ("expected", "got", "traceback", "message", "transcript", "repr_printed"):
        assert len(getattr(result, name)) <= STORED_CAP + 100
    assert len(result.repr_printed) == (min(size + 1, 2048) if how == "repr" else 0)


def test_a_report_of_many_small_values_costs_the_grader_little_memory(folder):
    """`{"id":0,"outputs":[{},{},...]}` within the case's byte cap (8 MiB here): parsed
    whole, its 2.8 million dicts took the grader ~200 MB (48 MiB of them, 1.3 GB);
    a message of more values than an honest report holds is refused unparsed."""
    import tracemalloc
    limit = messages.case_byte_limit(2, 65536, Runner(src=folder).case_bytes)
    count = (limit - 64) // 3
    recipe = [(list(b'{"id":0,"outputs":['), 1), (list(b"{},"), count), (list(b"{}]}\n"), 1)]
    runner = Runner(preflight=("hog",), src=folder, timeout=60)
    jobs = [CaseJob(0, [f"_forge({recipe!r}, 'return')\n"], setup=SETUP),
            CaseJob(1, ["print('after')\n"])]
    tracemalloc.start()
    try:
        runs = dict(runner.run(jobs))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert runs[0].status == "crashed" and "values in one message" in runs[0].message
    assert [o.printed for o in runs[1].outputs] == ["after\n"]
    assert peak < 4 * limit, f"the grader held {peak >> 20} MiB at once"


def _shape(value):
    """(objects and arrays, commas between elements) of a JSON value."""
    if isinstance(value, (list, dict)):
        items = list(value.values()) if isinstance(value, dict) else value
        inner = [_shape(item) for item in items]
        return (1 + sum(c for c, _ in inner),
                max(len(items) - 1, 0) + sum(k for _, k in inner))
    return 0, 0


@settings(max_examples=300, deadline=None)
@given(json_values(), st.integers(0, 6), st.integers(1, 8))
def test_values_outside_strings_are_counted_as_parsing_would_find_them(value, containers,
                                                                      values):
    """The count before parsing sees what parsing would build, whatever the strings
    hold (brackets, commas, quotes, backslashes)."""
    line = json.dumps(value).encode()
    objects, commas = _shape(value)
    assert messages.too_many_values(line, containers, values) == (
        objects > containers or commas + 1 > values)


def test_an_unterminated_string_of_escaped_quotes_costs_the_grader_no_time(folder):
    """`"` + `\\"` x N + `[` x 2**18: the count outside strings tried the string pattern
    again from each quote, each try to the end of the line: 23 s of the grader's CPU
    for N = 4000 (230 s for 60 000), the GIL held, every other submission's grading and
    the run's signal handling stopped. One pass now."""
    recipe = [(list(b'"'), 1), (list(b'\\"'), 4000), (list(b"["), (1 << 18) + 1),
              (list(b"\n"), 1)]
    runner = Runner(preflight=("hog",), src=folder, timeout=60)
    jobs = [CaseJob(0, [f"_forge({recipe!r}, 'return')\n"], setup=SETUP),
            CaseJob(1, ["print('after')\n"])]
    before = resource.getrusage(resource.RUSAGE_SELF)
    runs = dict(runner.run(jobs))
    after = resource.getrusage(resource.RUSAGE_SELF)
    spent = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    assert runs[0].status == "crashed"
    assert [o.printed for o in runs[1].outputs] == ["after\n"]
    assert spent < 3, f"the grader spent {spent:.1f} s of CPU on one line"


@pytest.mark.parametrize("debug_at", [[5], [-1], [2, 1], "0", [True], [0] * 5000])
def test_where_debug_lines_were_printed_is_checked_before_use(debug_at):
    data = {"printed": "ab\n", "debug": "DEBUG: x\n", "debug_at": debug_at}
    with pytest.raises(messages.Malformed):
        messages.output(data, 1000)


def test_debug_lines_are_shown_where_they_were_printed_unless_the_text_was_cut():
    data = {"printed": "a\nb\n", "debug": "DEBUG: 1\nDEBUG: 2", "debug_at": [0, 2]}
    output = messages.output(data, 1000)
    assert transcript([Example("f()\n", "")], [output], 0) == (
        ">>> f()\nDEBUG: 1\na\nDEBUG: 2\nb")
    cut = messages.output({**data, "cuts": [[2, 7]]}, 1000)
    assert transcript([Example("f()\n", "")], [cut], 0).startswith(">>> f()\nDEBUG: 1\nDEBUG: 2\n")
