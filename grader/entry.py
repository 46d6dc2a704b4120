"""`grade`'s entry point. A student's own run (`grade`, `grade -q 05a`, with -v or
--score) is read here and starts its worker before anything else is imported: click and
the staff commands' definitions cost ~25 ms a student would wait for on every run. Every
other command line (options, commands, help, mistakes) goes to click's commands in
`grader.cli`, which read it as before."""

from __future__ import annotations

import os
import sys


def forget_the_graded_folder() -> None:
    """`python -m grader.cli` puts the folder it runs in first on the module path, where
    a student's file named like a module the grader imports (a project's typing.py)
    would be imported in its place: the grader imports nothing from that folder, and
    nothing but os and sys (loaded with the interpreter) before forgetting it. Unless
    it is the folder the grader itself comes from (a source tree): the processes it
    spawns (`grade mutate`'s workers get this path) need it to import the grader."""
    here = os.path.realpath(os.getcwd())
    home = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    graded = ("", os.getcwd(), here)
    kept = [home if entry in graded else entry for entry in sys.path
            if home == here or entry not in graded]
    sys.path[:] = list(dict.fromkeys(kept))


forget_the_graded_folder()

TYPE_CHECKING = False
if TYPE_CHECKING:  # (pathlib and typing load after a student's worker has started)
    from pathlib import Path
    from typing import Optional, Sequence, Tuple

INTERRUPTED = 130  # the shell's status for a program stopped by Ctrl-C
GRADER_FAILED = 3  # the grader (not the code graded) failed
TIMEOUT = 10.0  # seconds each prompt of a case may run when --timeout is not given
# ok's flags that change nothing here: grade never uses the network, never asks to log in
# (--nointeract), never updates itself, and prints no debugging log of its own
OK_NO_OPS = ("--local", "--nointeract", "--no-browser", "--no-update", "--insecure",
             "--no-experiments", "--debug")
_FLAGS = {"-v": "verbose", "--verbose": "verbose", "--score": "score",
          **{flag: "ignored" for flag in OK_NO_OPS}}


def fail(message: str, code: int = 2) -> None:
    student = sys.modules.get(f"{__package__}.student")  # its thread may be importing rich
    if student is not None:
        report = student.report_module()
    else:
        from . import report
    report.print_error(report.make_console(stderr=True), message)
    sys.exit(code)


def plain_run(argv: Sequence[str]) -> Optional[Tuple[Tuple[str, ...], bool, bool]]:
    """(questions, verbose, score) of a command line that only grades: -q/--question Q,
    -v/--verbose, --score, as click reads them; None for any other, and for a value
    click could read another way (empty, or starting with "-")."""
    if any(name.startswith("_") and name.endswith("_COMPLETE") for name in os.environ):
        return None  # click's shell completion
    questions, flags, args = [], set(), list(argv)
    while args:
        arg = args.pop(0)
        if arg in _FLAGS:
            flags.add(_FLAGS[arg])
            continue
        if arg in ("-q", "--question"):
            value = args.pop(0) if args else ""
        elif arg.startswith("--question="):
            value = arg[len("--question="):]
        elif arg.startswith("-q") and not arg.startswith("--"):
            value = arg[2:]
        else:
            return None
        if not value or value.startswith("-"):
            return None
        questions.append(value)
    return tuple(questions), "verbose" in flags, "score" in flags


def grade_workspace(root: "str | Path", questions: Sequence[str] = (), verbose: bool = False,
                    score: bool = False, cases: Sequence[int] = (), timeout: float = TIMEOUT,
                    json_path: Optional[str] = None, interactive: bool = False,
                    unlock: bool = False, seed: Optional[int] = None, list_only: bool = False,
                    rerun: str = "", config: Optional[str] = None, all_tests: bool = False,
                    suite: Optional[int] = None, score_out: Optional[str] = None) -> None:
    """`grade` with no command: grade (or list, or unlock) the workspace at ROOT, and exit.
    RERUN: the options a printed rerun command repeats. A run that grades starts its
    worker before the grader's own modules load (~20 ms of them): it is told its folder
    once the grader has found it."""
    early = None
    if not (list_only or unlock):
        from .run import process
        process.adopt_orphans()
        try:
            early = process.start_early()
        except OSError:  # (the runner starts one later, or says why it cannot)
            pass
    from pathlib import Path
    from . import student, workspace
    from .load.casefile import CaseFileError
    from .run import WorkerStartError
    try:
        ws = workspace.find(Path(root), config_file=config)
        assignment = ws.assignment
        if all_tests and not questions:  # ok's --all: not only the configuration's defaults
            questions = tuple(ws.bank.keys())
        if list_only:
            sys.exit(student.list_questions(ws, questions))
        if unlock:
            from .locking import unlock as unlocker
            chosen = student.resolve_keys(ws, questions) if questions else []
            sys.exit(unlocker.run(student.load_workspace_questions(ws, chosen), ws.name,
                                 chosen))
        for path, option in ((json_path, "--json"), (score_out, "--score-out")):
            if path:
                from . import outputs
                for check, args in ((outputs.file_target, ()),
                                    (outputs.spares, (ws.own_files(),))):
                    try:
                        check(path, *args, option)
                    except outputs.OutputError as error:
                        fail(str(error))
        options = student.Options(questions=questions, verbose=verbose,
                                  score=score or bool(score_out),
                                  cases=set(cases) if cases else None, timeout=timeout,
                                  json_path=json_path, interact=interactive, seed=seed,
                                  rerun=rerun, suite=suite, score_out=score_out)
        leave(student.run(ws, assignment, options, early=early))
    except (workspace.WorkspaceError, student.UsageProblem, CaseFileError) as error:
        fail(str(error))
    except WorkerStartError as error:
        fail(str(error), GRADER_FAILED)


def decrypt_workspace(root: "str | Path", keys: Sequence[str],
                      config: Optional[str] = None) -> None:
    """`grade --decrypt KEY`: decrypt the workspace at ROOT's encrypted tests, and exit."""
    from pathlib import Path
    from . import student, workspace
    try:
        ws = workspace.find(Path(root), config_file=config)
    except workspace.WorkspaceError as error:
        fail(str(error))
    sys.exit(student.decrypt(ws, keys))


def leave(status: int) -> None:
    """Exit with STATUS as soon as what the run printed is out. A student's run has
    nothing left to do by then (its worker and guard are reaped, its files closed), and
    the interpreter's own shutdown, freeing every module and object, took 15-20 ms a
    student waited for. A flush that fails raises, as sys.exit's would."""
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(status)


def _as_click_ends(run) -> None:
    """Run RUN (which exits) ending as click's commands end: Ctrl-C with 130 and a
    message, EOF with "Aborted!", a closed pipe quietly with 1."""
    try:
        try:
            try:
                run()
            except KeyboardInterrupt:
                sys.stderr.write("\n")  # after the ^C the terminal shows
                sys.stderr.flush()
                fail("Stopped by Ctrl-C.", INTERRUPTED)
        except (EOFError, KeyboardInterrupt):
            sys.stderr.write("\nAborted!\n")
            sys.stderr.flush()
        except OSError as error:
            import errno
            if error.errno != errno.EPIPE:
                raise
            from click.utils import _PacifyFlushWrapper
            sys.stdout = _PacifyFlushWrapper(sys.stdout)
            sys.stderr = _PacifyFlushWrapper(sys.stderr)
        sys.exit(1)
    except (EOFError, KeyboardInterrupt):
        sys.exit(1)


def main(args: Optional[Sequence[str]] = None, prog_name: Optional[str] = None) -> None:
    plain = plain_run(sys.argv[1:] if args is None else args)
    if plain is None:
        from .cli import main as commands
        commands(args=args, prog_name=prog_name)
        return
    questions, verbose, score = plain
    _as_click_ends(lambda: grade_workspace(".", questions, verbose=verbose, score=score))
