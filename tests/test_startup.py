"""What `grade` costs before a student's first case: the worker's script runs from the
bytecode compiled beside it, and the student's own command lines need no staff library."""

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

from grader.run import runner


def _with_bytecode(tmp_path: Path, source: str, cached: str) -> Path:
    """A script whose cached bytecode (valid for its timestamp and size, as pip writes
    it) says something else than its source: which one ran shows which was used."""
    script = tmp_path / "script.py"
    script.write_text(source)
    pyc = Path(importlib.util.cache_from_source(str(script)))
    pyc.parent.mkdir()
    stat = script.stat()
    code = compile(cached, str(script), "exec")
    data = importlib._bootstrap_external._code_to_timestamp_pyc(code, int(stat.st_mtime),
                                                                stat.st_size)
    pyc.write_bytes(data)
    return script


def _guarded(script: Path, *args: str) -> str:
    read_fd, write_fd = os.pipe()  # the lifeline: held open by us while it runs
    try:
        done = subprocess.run([sys.executable, "-I", "-S", "-B", str(runner.GUARD), str(read_fd),
                               str(script), *args], pass_fds=(read_fd,), capture_output=True,
                              text=True, timeout=30)
    finally:
        os.close(read_fd)
        os.close(write_fd)
    return done.stdout


def test_guard_runs_the_bytecode_compiled_beside_a_script(tmp_path):
    script = _with_bytecode(tmp_path, "print('source', __file__)\n",
                            "import sys\nprint('cached', __file__, sys.argv[1:])\n")
    assert _guarded(script, "a") == f"cached {script} ['a']\n"


def test_guard_compiles_a_script_whose_bytecode_is_stale(tmp_path):
    script = _with_bytecode(tmp_path, "print('source')\n", "print('cached')\n")
    script.write_text("print('edited again')\n")  # another size: the bytecode is not its own
    assert _guarded(script) == "edited again\n"
