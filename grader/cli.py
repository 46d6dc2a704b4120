"""The `grade` command: parse the arguments and hand over to the module that does the work."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from . import assignment as assignments
from . import workspace
from .load.casefile import CaseFileError

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


def _fail(message: str, code: int = 2) -> None:
    from . import report
    report.print_error(report.make_console(stderr=True), message)
    sys.exit(code)


def _list_editions(ctx, param, value) -> None:
    if not value or ctx.resilient_parsing:
        return
    for name in assignments.editions():
        settings = assignments.load(name)
        click.echo(f"{name:14} {settings.config.get('title', settings.name)}")
    ctx.exit(0)


def edition_options(function):
    """--edition NAME and --assignment PATH: which assignment a staff command works on."""
    function = click.option(
        "--assignment", "assignment_path", metavar="PATH",
        type=click.Path(exists=True, file_okay=False, path_type=Path),
        help="An assignment folder of your own (PATH/reference, PATH/student_template, "
             "PATH/cases) instead of a shipped edition.")(function)
    return click.option(
        "--edition", metavar="NAME",
        help=f"The edition of Hog (default {assignments.DEFAULT_EDITION}; "
             "`grade --list-editions` lists them).")(function)


def _assignment(edition, path) -> "assignments.Assignment":
    if edition and path:
        _fail("give --edition or --assignment, not both")
    try:
        return assignments.load(edition, path)
    except assignments.AssignmentError as error:
        _fail(str(error))


@click.group(invoke_without_command=True, context_settings=CONTEXT)
@click.option("-q", "--question", "questions", multiple=True, metavar="Q",
              help="Grade only question Q (e.g. 05a); repeat for more.")
@click.option("-v", "--verbose", is_flag=True,
              help="Run every case and show each failure, not only the first per question.")
@click.option("--score", is_flag=True, help="Show the points of each question and the total.")
@click.option("--case", "cases", type=click.IntRange(min=1), multiple=True, metavar="N",
              help="Run only case N of the chosen question(s); repeat for more.")
@click.option("--timeout", type=click.FloatRange(min=0.1), default=10.0, show_default=True,
              help="Seconds a case may run before it is stopped.")
@click.option("--json", "json_path", metavar="PATH|-",
              help="Also write the result as JSON to PATH (- for standard output).")
@click.option("-i", "--interactive", is_flag=True,
              help="After a failure, open Python with your hog.py loaded at the failing case.")
@click.option("-u", "--unlock", is_flag=True,
              help="Unlock the locked cases (of the questions chosen with -q) by predicting "
                   "their output.")
@click.option("--seed", type=int, metavar="N",
              help="Play the fuzz games of seed N (staff runs; a failure prints its seed).")
@click.option("-d", "--dir", "root", type=click.Path(file_okay=False, path_type=Path),
              default=Path("."), help="The workspace folder (default: the current folder).")
@click.option("--list-editions", is_flag=True, expose_value=False, is_eager=True,
              callback=_list_editions, help="List the editions of Hog the grader ships, and exit.")
@click.pass_context
def main(ctx, questions, verbose, score, cases, timeout, json_path, interactive, unlock, seed,
         root):
    """Check your Hog project against its test cases.

    \b
    Run it in your project folder:
      grade                 every question
      grade -q 05a          just question 5a (repeat -q for more)
      grade -q 05a --case 3 just case 3 of question 5a
      grade -v --score      every case of every question, and your points
      grade -u -q 05a       unlock the locked cases of question 5a

    Exit status: 0 when everything run passed, 1 when something failed, 2 for usage errors.
    Staff commands (init, verify, ...) are listed below; `grade COMMAND --help` explains each.
    """
    if ctx.invoked_subcommand is not None:
        return
    from . import student
    try:
        ws = workspace.find(root)
        assignment = ws.assignment
        if unlock:
            from .locking import unlock as unlocker
            sys.exit(unlocker.run(student.load_workspace_questions(ws, questions), ws.name,
                                 questions))
        options = student.Options(questions=questions, verbose=verbose, score=score,
                                  cases=set(cases) if cases else None, timeout=timeout,
                                  json_path=json_path, interact=interactive, seed=seed)
        sys.exit(student.run(ws, assignment, options))
    except (workspace.WorkspaceError, student.UsageProblem, CaseFileError) as error:
        _fail(str(error))


SCHEME = click.option("--scheme", type=click.Choice(["salted", "ok"]), default="salted",
                      show_default=True,
                      help="How locked answers are hashed: salted (ours), or ok's HMAC-MD5.")


def _transform(assignment, unlocked: bool, scheme: str):
    from .locking import hashes as locking
    return workspace.unlocked if unlocked else locking.transform(scheme, assignment.name)


@main.command(context_settings=CONTEXT)
@click.argument("folder", type=click.Path(path_type=Path))
@click.option("--unlocked", is_flag=True, help="Leave every case unlocked.")
@SCHEME
@click.option("--force", is_flag=True, help="Write into FOLDER even if it is not empty.")
@edition_options
def init(folder, unlocked, scheme, force, edition, assignment_path):
    """Create a student workspace in FOLDER: the starter files and the tests, with the
    cases staff marked `locked` locked until the student predicts their output."""
    assignment = _assignment(edition, assignment_path)
    try:
        workspace.init(assignment, folder, force=force,
                       transform=_transform(assignment, unlocked, scheme))
    except (workspace.WorkspaceError, CaseFileError) as error:
        _fail(str(error))
    click.echo(f"Created {folder}. Next: cd {folder} && grade")


@main.command(context_settings=CONTEXT)
@click.argument("out", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--unlocked", is_flag=True, help="Leave every case unlocked.")
@SCHEME
@edition_options
def publish(out, unlocked, scheme, edition, assignment_path):
    """Write the workspace students receive (as `grade init` makes it) to the zip OUT."""
    assignment = _assignment(edition, assignment_path)
    try:
        workspace.publish(assignment, out, transform=_transform(assignment, unlocked, scheme))
    except (workspace.WorkspaceError, CaseFileError) as error:
        _fail(str(error))
    click.echo(f"Wrote {out}.")


@main.command(context_settings=CONTEXT)
@click.argument("folder", type=click.Path(exists=True, file_okay=False, path_type=Path))
@SCHEME
@click.option("--key", metavar="NAME",
              help="ok scheme: the assignment name the hashes are keyed with "
                   "(default: the edition's).")
@edition_options
def lock(folder, scheme, key, edition, assignment_path):
    """Lock, in place, the cases marked `locked` in the case files of FOLDER.

    Only the changed answers are rewritten; files with nothing to lock are not touched."""
    from .locking import hashes as locking
    try:
        changed = locking.lock_folder(folder, scheme,
                                      key or _assignment(edition, assignment_path).name)
    except CaseFileError as error:
        _fail(str(error))
    for path in changed:
        click.echo(f"Locked {path}")
    click.echo(f"{len(changed)} file(s) changed.")


@main.command(context_settings=CONTEXT)
@click.option("--timeout", type=click.FloatRange(min=0.1), default=30.0, show_default=True)
@edition_options
def verify(timeout, edition, assignment_path):
    """Check the staff cases: the reference passes them all, the template fails every
    scored question."""
    from . import report
    from .verify import verify as run_verify
    verdict = run_verify(_assignment(edition, assignment_path), timeout=timeout)
    console = report.make_console()
    console.print(report.summary(verdict.reference, score=True))
    for problem in verdict.problems:
        report.print_error(console, problem)
    if verdict.ok:
        console.print("[green]The cases hold: the reference passes every case and the "
                      "template fails every scored question.[/green]")
    sys.exit(0 if verdict.ok else 1)


@main.command(context_settings=CONTEXT)
@click.argument("submissions", type=click.Path(exists=True, path_type=Path))
@click.option("--out", required=True, type=click.Path(path_type=Path),
              help="Folder for results.json, grades.csv, gradescope/, report.html and the "
                   "results database.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=2, show_default=True,
              help="Submissions graded at the same time.")
@click.option("--resume", is_flag=True, help="Keep the results already in OUT; grade the rest.")
@click.option("--timeout", type=click.FloatRange(min=0.1), default=10.0, show_default=True,
              help="Seconds a case may run before it is stopped.")
@click.option("--budget", type=click.FloatRange(min=0.1), default=None,
              help="Seconds of timed-out or crashed cases one submission may cost in all, "
                   "before its remaining cases are given up [default: 5 x timeout].")
@click.option("--no-sandbox", is_flag=True,
              help="Run without bubblewrap (resource limits only): for trusted code.")
@click.option("--cases", "cases_dir", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Grade with the case files in this folder instead of the assignment's.")
@edition_options
def bulk(submissions, out, jobs, resume, timeout, budget, no_sandbox, cases_dir, edition,
         assignment_path):
    """Grade every submission in SUBMISSIONS (a folder, or a zip, of ID/hog.py or ID.py)
    with the staff cases, each in a sandbox.

    Exit status: 0 when every submission was graded (whatever their scores), 2 when the
    run cannot start, 130 when interrupted (--resume continues it).
    """
    from .bulk import grading as bulk_grading
    sys.exit(bulk_grading.main(_assignment(edition, assignment_path), submissions, out,
                               jobs=jobs, resume=resume, timeout=timeout, budget=budget,
                               sandbox=not no_sandbox, cases=cases_dir))


BUDGET = click.option("--budget", type=click.FloatRange(min=0.1), default=10.0, show_default=True,
                      help="Seconds the strategy may take to answer every score pair twice.")


@main.command(context_settings=CONTEXT)
@click.argument("hog_py", type=click.Path(path_type=Path))
@click.option("--strategy", "function", default="final_strategy", show_default=True,
              help="The function to rate.")
@click.option("--baseline", type=click.IntRange(0, 10), default=None,
              help="Play against always_roll(K) [default: the edition's baseline].")
@click.option("--json", "json_path", metavar="PATH|-",
              help="Also write the figures as JSON to PATH (- for standard output).")
@BUDGET
@edition_options
def winrate(hog_py, function, baseline, json_path, budget, edition, assignment_path):
    """The exact win rate of a strategy in HOG_PY against always_roll(K): moving first,
    moving second, and their average.

    The strategy is first checked at every score pair (an int from 0 to 10, the same
    answer when asked again, within the time budget); the first bad pair is reported.
    Exit status: 0 computed, 1 the strategy is invalid, 2 the file or function is missing
    or does not compile.
    """
    from .strategy import commands as strategy_commands
    assignment = _assignment(edition, assignment_path)
    sys.exit(strategy_commands.winrate(assignment, hog_py, function,
                                       _baseline(assignment, baseline), json_path, budget))


def _baseline(assignment, baseline):
    if baseline is not None:
        return baseline
    return int((assignment.config.get("winrate") or {}).get("baseline", 4))


@main.command(context_settings=CONTEXT)
@click.argument("entries", type=click.Path(path_type=Path))
@click.option("--out", required=True, type=click.Path(path_type=Path),
              help="Folder for leaderboard.csv, matrix.json, index.html and excluded.json.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=2, show_default=True,
              help="Entries read, and matches played, at the same time.")
@BUDGET
@click.option("--no-sandbox", is_flag=True,
              help="Read the entries without bubblewrap (resource limits only): trusted code.")
@edition_options
def contest(entries, out, jobs, budget, no_sandbox, edition, assignment_path):
    """Every entry in ENTRIES plays every other, exactly. ENTRIES is a folder of .py files
    (or folders holding hog.py), each with final_strategy and TEAM_NAME.

    A match point for a win rate above 0.500001 (ties are losses); ranked by match points.
    Invalid entries are listed and left out. Exit status: 0 ranked, 1 fewer than two valid
    entries, 2 usage errors.
    """
    from .strategy import commands as strategy_commands
    sys.exit(strategy_commands.contest(_assignment(edition, assignment_path), entries, out,
                                       jobs, budget, sandbox=not no_sandbox))


@main.command(context_settings=CONTEXT)
@click.option("--baseline", type=click.IntRange(0, 10), default=None,
              help="The best response to always_roll(K) [default: the edition's baseline].")
@click.option("--sweeps", type=click.IntRange(min=1), default=50, show_default=True,
              help="At most N sweeps of the scores-only ascent.")
@click.option("--save", type=click.Path(path_type=Path), metavar="PATH.py",
              help="Write the best scores-only table found as a strategy file (final_strategy "
                   "and TEAM_NAME) that grade winrate and grade contest read. Never overwrites.")
@edition_options
def optimal(baseline, sweeps, save, edition, assignment_path):
    """Best responses to always_roll(K) under the edition's rules, with exact win rates.

    Two answers: the optimal policy that may see the whole state of the game (the scores
    and what the rules remember: fa19's previous dice, sp18's turn counter), an upper
    bound for every strategy; and a strategy of the two scores only, as the rules allow,
    found by coordinate ascent from two starts. The ascent improves the exact win rate at
    every step and stops at a local optimum: it is not proven to be the best scores-only
    strategy. Progress is shown on a terminal.
    """
    from .strategy import commands as strategy_commands
    assignment = _assignment(edition, assignment_path)
    sys.exit(strategy_commands.optimal(assignment, _baseline(assignment, baseline), sweeps,
                                       save))


@main.command(context_settings=CONTEXT)
@click.option("--final", is_flag=True,
              help="Play against your final_strategy (you are player 0).")
@click.option("--port", type=click.IntRange(0, 65535), default=0,
              help="The port to listen on [default: a free one].")
@click.option("--no-browser", is_flag=True, help="Print the address only; open no browser.")
@click.option("-d", "--dir", "root", type=click.Path(file_okay=False, path_type=Path),
              default=Path("."), help="The workspace folder (default: the current folder).")
def play(final, port, no_browser, root):
    """Play Hog in your browser, driven by your own play (and final_strategy).

    Starts a local game server (this machine only; the address holds a secret token),
    opens the page, and runs your play in a separate process: each turn shows the dice,
    the rules that fired, your commentary, and a warning where your scores differ from
    what the rules give. Ctrl-C stops it.
    """
    from .play import server
    try:
        ws = workspace.find(root)
        rules = ws.assignment.rules()
        sys.exit(server.run(ws.root, ws.assignment.module, rules, final=final, port=port,
                            open_browser=not no_browser, echo=click.echo))
    except workspace.WorkspaceError as error:
        _fail(str(error))
    except OSError as error:
        _fail(f"cannot start the game server: {error.strerror or error}")


if __name__ == "__main__":
    main()
