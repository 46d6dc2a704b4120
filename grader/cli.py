"""The `grade` command: parse the arguments and hand over to the module that does the work."""

from __future__ import annotations

from .entry import GRADER_FAILED, INTERRUPTED, TIMEOUT, fail as _fail  # first: it forgets the graded folder

import json  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

if __name__ == "__main__":  # `python -m grader.cli`: a student's run imports no click
    from .entry import main as _entry
    _entry()
    sys.exit()

import click  # noqa: E402

import grader  # noqa: E402
from . import assignment as assignments  # noqa: E402
from .hog import family  # noqa: E402
from . import entry, outputs, workspace  # noqa: E402
from .load.casefile import CaseFileError  # noqa: E402

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


SERVER_ONLY = ("grade runs tests on this machine only: it never submits, backs up or logs in. "
               "Submit with the course's own ok (python3 ok --submit).")

OK_SERVICES = ("note: ok's hint, style, collaboration, coverage and trace services are ok's "
               "own: the tests run here as they would without the flag.")


def _ok_service(ctx, param, value):
    if value:
        click.echo(OK_SERVICES, err=True)


STUDENT_COMMANDS = ("play",)  # besides grading itself: what the runner of a workspace offers


def _staff_only(what: str) -> str:
    if what == "init":  # a student restoring damaged tests
        return NO_STAFF_FILES
    return (f"`grade {what}` is for staff: this is the grader of a published workspace, "
            f"which grades and plays this project only (`{grader.PROGRAM} --help` lists "
            "its commands). Staff run the installed grader.")


class Commands(click.Group):
    """The commands `grade` offers: all of them, or in the runner of a published
    workspace the student's only, where a staff command says plainly what it is instead
    of failing on files or libraries the runner does not carry."""

    def list_commands(self, ctx):
        names = super().list_commands(ctx)
        return [n for n in names if n in STUDENT_COMMANDS] if grader.RUNNER else names

    def get_command(self, ctx, name):
        command = super().get_command(ctx, name)
        if command is None or not grader.RUNNER or name in STUDENT_COMMANDS:
            return command
        return click.Command(name, callback=lambda: _fail(_staff_only(name)),
                             add_help_option=False, hidden=True,
                             context_settings={"ignore_unknown_options": True,
                                               "allow_extra_args": True})

    def invoke(self, ctx):
        """Ctrl-C in a command that does not handle it itself ends with the shell's status
        for it, 130, not click's "Aborted!" and 1."""
        from .run import WorkerStartError
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            click.echo(err=True)  # after the ^C the terminal shows
            _fail("Stopped by Ctrl-C.", INTERRUPTED)
        except WorkerStartError as error:  # (bulk keeps it in the submission's record)
            _fail(str(error), GRADER_FAILED)

    def format_epilog(self, ctx, formatter):
        formatter.write_paragraph()
        formatter.write_text(RUNNER_EPILOG.format(program=grader.PROGRAM) if grader.RUNNER
                             else STAFF_EPILOG)


STAFF_EPILOG = ("Staff commands (init, verify, bulk, ...) are listed above; `grade COMMAND "
                "--help` explains each.")
RUNNER_EPILOG = ("This is the grader of a published workspace: type `{program}` where a "
                 "command says `grade`. The staff commands (init, verify, bulk, mutate, "
                 "...) are not in it.")


def _list_editions(ctx, param, value) -> None:
    if not value or ctx.resilient_parsing:
        return
    if grader.RUNNER:
        _fail(_staff_only("--list-editions"))
    for name in family.editions():
        settings = assignments.load(name)
        click.echo(f"{name:14} {settings.config.get('title', settings.name)}")
    ctx.exit(0)


def edition_options(function):
    """--edition NAME and --assignment PATH: which assignment a staff command works on."""
    function = click.option(
        "--assignment", "assignment_path", metavar="PATH",
        type=click.Path(exists=True, path_type=Path),
        help="An assignment folder of your own instead of a shipped edition: a course's "
             "ok folder (NAME.ok, the solution in its sources, the starters in "
             "PATH/template; PATH/NAME.ok names the configuration where the folder holds "
             "several), or a Hog edition (PATH/reference, PATH/student_template, "
             "PATH/cases).")(function)
    return click.option(
        "--edition", metavar="NAME",
        help=f"The edition of Hog (default {family.DEFAULT_EDITION}; "
             "`grade --list-editions` lists them).")(function)


def _assignment(edition, path) -> "assignments.Assignment":
    if edition and path:
        _fail("give --edition or --assignment, not both")
    try:
        return assignments.load(edition, path)
    except assignments.AssignmentError as error:
        _fail(str(error))


def _needs_rules(assignment, command: str) -> None:
    """Refuse a command of the Hog family's plug-ins (it reads a game's rules) on an
    assignment whose settings name none."""
    if assignment.is_ok:
        _fail(f"{assignment.name} ({assignment.ok.path}) is an ok assignment: it has no "
              f"`grade {command}` plug-in (that command is Hog's)")
    if not assignment.has_rules:
        _fail(f"{assignment.name} names no game rules in its settings (\"rules\" in "
              f"{assignments.SETTINGS}): `grade {command}` is a plug-in of Hog's family")


@click.group(cls=Commands, invoke_without_command=True, context_settings=CONTEXT)
@click.option("-q", "--question", "questions", multiple=True, metavar="Q",
              help="Grade only question Q (e.g. 05a); repeat for more.")
@click.option("-v", "--verbose", is_flag=True,
              help="Run every case and show each failure, not only the first per question, "
                   "and each passing case's session (as ok -v does).")
@click.option("--score", is_flag=True, help="Show the points of each question and the total.")
@click.option("--case", "cases", type=click.IntRange(min=1), multiple=True, metavar="N",
              help="Run only case N of the chosen question(s); repeat for more.")
@click.option("--timeout", type=click.FloatRange(min=0.1), default=TIMEOUT, show_default=True,
              help="Seconds each prompt of a case may run before it is stopped (as ok times them).")
@click.option("--json", "json_path", metavar="PATH|-",
              help="Also write the result as JSON to PATH (- for standard output).")
@click.option("-i", "--interactive", is_flag=True,
              help="After a failure, open Python at the failing case, your code loaded.")
@click.option("-u", "--unlock", is_flag=True,
              help="Unlock the locked cases (of the questions chosen with -q) by predicting "
                   "their output.")
@click.option("--seed", type=int, metavar="N",
              help="Play the fuzz games of seed N (staff runs; a failure prints its seed).")
@click.option("--list", "--tests", "list_only", is_flag=True,
              help="List the questions (what -q takes), their points and how many of their "
                   "cases are locked, and exit.")
@click.option("-d", "--dir", "root", type=click.Path(file_okay=False, path_type=Path),
              default=Path("."), help="The workspace folder (default: the current folder).")
@click.option("--config", metavar="NAME.ok",
              help="Which ok configuration of the folder to grade, where it holds several "
                   "(as ok's --config).")
@click.option("--all", "all_tests", is_flag=True,
              help="Every test of the folder, not only those its ok configuration runs by "
                   "default (as ok's --all).")
@click.option("--suite", type=click.IntRange(min=1), metavar="N",
              help="Run only suite N of the chosen question (as ok's --suite); --case then "
                   "counts the cases within it.")
@click.option("--decrypt", "keys", multiple=True, metavar="KEY",
              help="Open the folder's encrypted tests with the KEY the course gave (as ok's "
                   "--decrypt), and exit.")
@click.option("--score-out", metavar="PATH",
              help="Also write ok's point breakdown (each test's points, then the total) to "
                   "PATH, as `ok --score --score-out PATH` writes it; implies --score.")
@click.option("--local", is_flag=True, expose_value=False,
              help="Accepted as ok takes it: grade never uses the network.")
@click.option(*entry.OK_NO_OPS[1:], "ok_no_ops", is_flag=True, expose_value=False, hidden=True)
@click.option("--hint", "--style", "--collab", "--coverage", "-cov", "--trace", "--trace-print",
              "ok_services",
              is_flag=True, expose_value=False, hidden=True, callback=_ok_service)
@click.option("--server", "ok_server", metavar="URL", is_flag=False, flag_value="",
              expose_value=False, hidden=True)  # (its URL optional: never takes an option)
@click.version_option(grader.__version__, "--version", prog_name=grader.PROGRAM,
                      message="%(prog)s (hog-grader) %(version)s")
@click.option("--submit", "--backup", "--revise", "--autobackup", "--authenticate",
              "--get-token", "server", is_flag=True, expose_value=False, is_eager=True,
              hidden=True, callback=lambda ctx, param, value: value and _fail(SERVER_ONLY))
@click.option("--list-editions", is_flag=True, expose_value=False, is_eager=True,
              callback=_list_editions, hidden=grader.RUNNER,
              help="List the editions of Hog the grader ships, and exit.")
@click.pass_context
def main(ctx, questions, verbose, score, cases, timeout, json_path, interactive, unlock, seed,
         list_only, root, config, all_tests, suite, keys, score_out):
    """Check your assignment against its tests: a Hog project, or any homework, lab or
    project folder with an ok configuration (NAME.ok), graded as ok grades it.

    \b
    Run it in your project folder:
      grade                 every question (an ok folder: its default tests)
      grade -q 05a          just question 5a (repeat -q for more; ok's test names too)
      grade -q 05a --case 3 just case 3 of question 5a
      grade -v --score      every case of every question, and your points
      grade -u -q 05a       unlock the locked cases of question 5a
      grade --list          the questions, their points and locked cases

    ok's own command lines work too: -q NAME --local, --all, --suite N --case M,
    --score --score-out FILE.

    Exit status: 0 when everything run passed, 1 when something failed, 2 for usage errors,
    130 when stopped by Ctrl-C (every command). With -u: 0 when every case is unlocked or
    you stopped with exit() or Ctrl-D (what you unlocked is kept), 1 when a case could not
    be unlocked or saved.
    """
    if ctx.invoked_subcommand is not None:
        return
    if keys:
        entry.decrypt_workspace(root, keys, config)
    entry.grade_workspace(root, questions, verbose=verbose, score=score, cases=cases,
                          timeout=timeout, json_path=json_path, interactive=interactive,
                          unlock=unlock, seed=seed, list_only=list_only,
                          rerun=_rerun_options(ctx, seed, timeout, root, config), config=config,
                          all_tests=all_tests, suite=suite, score_out=score_out)


def _rerun_options(ctx, seed, timeout: float, root: Path, config=None) -> str:
    """The options a printed rerun command must repeat to do the same thing."""
    import shlex
    extra = ["--config", shlex.quote(config)] if config else []
    if seed is not None:
        extra += ["--seed", str(seed)]
    if ctx.get_parameter_source("timeout") != click.core.ParameterSource.DEFAULT:
        extra += ["--timeout", f"{timeout:g}"]
    if root != Path("."):
        extra += ["-d", shlex.quote(str(root))]
    return " ".join(extra)


SCHEME = click.option("--scheme", type=click.Choice(["salted", "ok"]), default=None,
                      help="How locked answers are hashed: ok's HMAC-MD5 (the default for an "
                           "ok assignment: the real ok client unlocks them too), or salted "
                           "(ours, the default for Hog: equal answers do not look alike).")


def _transform(assignment, unlocked: bool, scheme: str | None):
    from .locking import hashes as locking
    scheme = scheme or ("ok" if assignment.is_ok else "salted")
    return workspace.unlocked if unlocked else locking.transform(scheme, assignment.name)


@main.command(context_settings=CONTEXT)
@click.argument("folder", type=click.Path(path_type=Path))
@click.option("--unlocked", is_flag=True, help="Leave every case unlocked.")
@SCHEME
@click.option("--tests-only", is_flag=True,
              help="In an existing workspace: restore only the tests (cases you unlocked stay "
                   "unlocked; the old tests are kept in .grade-backup/). Your files are kept.")
@click.option("--force", is_flag=True,
              help="Also use a folder that is not empty: its tests are restored as with "
                   "--tests-only and missing starter files added. No file you wrote is "
                   "ever overwritten.")
@edition_options
def init(folder, unlocked, scheme, tests_only, force, edition, assignment_path):
    """Create a student workspace in FOLDER: the starter files and the tests, with the
    cases staff marked `locked` locked until the student predicts their output.

    \b
    Restore the tests of the workspace you are in (your own files are kept):
      grade init . --tests-only
    """
    assignment = _init_assignment(folder, edition, assignment_path)
    _check(outputs.folder_target, folder, "the workspace")
    try:
        if tests_only or (force and folder.is_dir() and any(folder.iterdir())):
            if not folder.is_dir():
                _fail(f"{folder} is not a workspace folder: create one with `grade init {folder}`")
            done = workspace.refresh(assignment, folder, add_missing=not tests_only,
                                     transform=_transform(assignment, unlocked, scheme))
        else:
            workspace.init(assignment, folder, transform=_transform(assignment, unlocked, scheme))
            click.echo(f"Created {folder}. Next: cd {folder} && grade")
            return
    except (workspace.WorkspaceError, CaseFileError) as error:
        _fail(str(error))
    except OSError as error:
        _fail(f"could not write the workspace {folder}: {error.strerror or error}")
    for line in done.lines():
        click.echo(line)


NO_STAFF_FILES = ("this copy of the grader carries no assignment files (it is the runner of a "
                  "published workspace): download the workspace again from your course")


def _init_assignment(folder: Path, edition, path) -> "assignments.Assignment":
    """The assignment to (re)create FOLDER with: the one asked for, else the one the
    workspace already names, else the default edition."""
    if not (edition or path) and folder.is_dir() and not workspace.has_edition_record(folder):
        from .load import okconfig
        config = okconfig.find(folder)
        if config is not None:
            _fail(f"{folder} is an ok assignment ({config.name}): name its staff folder to "
                  f"restore the tests from: grade init {folder} --tests-only --assignment DIR")
    if edition or path or not workspace.has_edition_record(folder):
        if not (edition or path) and not family.editions():
            _fail(NO_STAFF_FILES)
        return _assignment(edition, path)
    try:
        assignment = workspace.assignment_of(folder.resolve())
    except workspace.WorkspaceError as error:
        _fail(str(error))
    if assignment.template is None:  # described by the workspace alone: no staff cases
        _fail(NO_STAFF_FILES)
    return assignment


def _check(check, path, *args) -> None:
    try:
        check(path, *args)
    except outputs.OutputError as error:
        _fail(str(error))


@main.command(context_settings=CONTEXT)
@click.argument("out", type=click.Path(path_type=Path))
@click.option("--unlocked", is_flag=True, help="Leave every case unlocked.")
@SCHEME
@click.option("--force", is_flag=True, help="Replace OUT if it exists.")
@click.option("--runner/--no-runner", default=True, show_default=True,
              help="Put the self-contained grader in the workspace: students run "
                   "`python3 grade` with nothing installed (Python 3.9+).")
@edition_options
def publish(out, unlocked, scheme, force, runner, edition, assignment_path):
    """Write the workspace students receive (as `grade init` makes it) to the zip OUT,
    with a self-contained `grade` and a README saying how to run it."""
    assignment = _assignment(edition, assignment_path)
    if out.suffix.lower() != ".zip":
        _fail(f"{out}: the archive name must end in .zip")
    _check(outputs.file_target, out, "the archive")
    if out.exists() and not force:
        _fail(f"{out} already exists: choose another name, or pass --force to replace it")
    try:
        workspace.publish(assignment, out, transform=_transform(assignment, unlocked, scheme),
                          runner=runner)
    except (workspace.WorkspaceError, CaseFileError) as error:
        _fail(str(error))
    except OSError as error:
        _fail(f"could not write {out}: {error.strerror or error}")
    click.echo(f"Wrote {out}.")


@main.command(context_settings=CONTEXT)
@click.argument("folder", type=click.Path(exists=True, file_okay=False, path_type=Path))
@SCHEME
@click.option("--key", metavar="NAME",
              help="ok scheme: the assignment name the hashes are keyed with "
                   "(default: the name in the NAME.ok of FOLDER or of the folder above it, "
                   "else the edition's).")
@edition_options
def lock(folder, scheme, key, edition, assignment_path):
    """Lock, in place, the cases marked `locked` in the case files of FOLDER, and, as
    `ok --lock` does, those with no `locked` key (only `'locked': False` stays open).

    Only the changed answers are rewritten; files with nothing to lock are not touched.
    Exit status 2 when FOLDER holds no case files."""
    from .load import casefile
    from .locking import hashes as locking
    if not casefile.question_keys(folder):
        _fail(f"no case files in {folder}: `grade lock` works on a folder of NN.py case files "
              "(a staff case folder, or a workspace's tests/)")
    found, hog = (None, False) if key or edition or assignment_path else _ok_name_of(folder)
    key = key or found
    if scheme is None:  # ok's where ok may unlock them: an ok folder's, or keyed by hand
        scheme = "ok" if (key and not hog) or (
            assignment_path and _assignment(edition, assignment_path).is_ok) else "salted"
    try:
        changed = locking.lock_folder(folder, scheme,
                                      key or _assignment(edition, assignment_path).name)
    except CaseFileError as error:
        _fail(str(error))
    except OSError as error:
        _fail(f"could not rewrite a case file in {folder}: {error.strerror or error}")
    for path in changed:
        click.echo(f"Locked {path}")
    click.echo(f"{len(changed)} file(s) changed." if changed else
               "Nothing to lock: every case marked `locked` is locked already.")


def _ok_name_of(folder: Path):
    """The assignment name of the ok folder FOLDER is (or whose tests/ it is, or whose
    template/tests/), if any: ok keys its hashes with it; and whether that folder is a
    Hog workspace (its grade.json: its cases are locked with the salted scheme)."""
    from .load import okconfig
    here = folder.resolve()
    for candidate in (here, here.parent, *([here.parent.parent]
                                           if here.parent.name == "template" else [])):
        config = okconfig.find(candidate)
        if config is not None:
            try:
                return okconfig.read(config).name, workspace.has_edition_record(candidate)
            except okconfig.OkConfigError as error:
                _fail(str(error))
    return None, False


@main.command(context_settings=CONTEXT)
@click.option("--timeout", type=click.FloatRange(min=0.1), default=30.0, show_default=True)
@edition_options
def verify(timeout, edition, assignment_path):
    """Check the staff cases: the reference passes them all, the template fails every
    scored question."""
    from . import report
    from .verify import verify as run_verify
    try:
        verdict = run_verify(_assignment(edition, assignment_path), timeout=timeout)
    except CaseFileError as error:
        _fail(str(error))
    console = report.make_console()
    console.print(report.summary(verdict.reference, score=True))
    for problem in verdict.problems:
        report.print_error(console, problem)
    for note in verdict.notes:
        console.print(f"note: {note}", markup=False, highlight=False)
    if verdict.ok and verdict.notes:
        console.print("[green]The tests hold: the solution passes every test this grader "
                      "runs.[/green]")
    elif verdict.ok:
        console.print("[green]The cases hold: the reference passes every case and the "
                      "template fails every scored question.[/green]")
    sys.exit(0 if verdict.ok else 1)


HIDDEN_VISIBILITY = click.option(
    "--hidden-visibility", type=click.Choice(["hidden", "after_due_date", "after_published",
                                              "visible"]),
    default="after_published", show_default=True,
    help="Gradescope results: when students see the points of a question with hidden cases "
         "(Gradescope's visibility of its second test; its public cases are always shown).")


@main.command(context_settings=CONTEXT)
@click.argument("submissions", type=click.Path(exists=True, path_type=Path))
@click.option("--out", required=True, type=click.Path(path_type=Path),
              help="Folder for results.json, grades.csv, gradescope/, report.html and the "
                   "results database.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=2, show_default=True,
              help="Submissions graded at the same time.")
@click.option("--resume", is_flag=True, help="Keep the results already in OUT; grade the rest.")
@click.option("--timeout", type=click.FloatRange(min=0.1), default=10.0, show_default=True,
              help="Seconds each prompt of a case may run before it is stopped (as ok times them).")
@click.option("--budget", type=click.FloatRange(min=0.1), default=None,
              help="Seconds of timed-out or crashed cases one submission may cost in all; "
                   "its remaining cases then run with 1 s each [default: 5 x timeout].")
@click.option("--stop-repeated-loops", is_flag=True,
              help="Once a case of a submission ran out of time, stop its later cases found "
                   "looping in the same place (at 15% of their limit): a looping submission "
                   "costs one timeout, not one a question, but a slow case that would have "
                   "finished in time there fails. Off by default, as ok waits the whole limit.")
@click.option("--no-sandbox", is_flag=True,
              help="Run without bubblewrap (resource limits only): for trusted code.")
@click.option("--no-cgroups", is_flag=True,
              help="Do not put each submission in a control group (memory, processes and "
                   "CPU for all its processes together; timeouts in its CPU time): "
                   "per-process limits only.")
@click.option("--cases", "cases_dir", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Grade with the case files in this folder instead of the assignment's.")
@HIDDEN_VISIBILITY
@edition_options
def bulk(submissions, out, jobs, resume, timeout, budget, stop_repeated_loops, no_sandbox,
         no_cgroups, cases_dir, hidden_visibility, edition, assignment_path):
    """Grade every submission in SUBMISSIONS (a folder, or a zip, of ID/SOURCE, e.g.
    ID/hog.py, or of ID.py for a one-file assignment) with the staff cases, each in a
    sandbox.

    Links and special files in SUBMISSIONS are refused, never followed. Exit status: 0
    when every submission was graded (whatever their scores), 2 when the run cannot
    start, 3 when every report was written but the grader failed on some submissions
    (tracebacks in OUT/errors/; --resume grades those again), 130 when interrupted
    (--resume continues it).
    """
    from .bulk import grading as bulk_grading
    _check(outputs.folder_target, out, "--out")
    sys.exit(bulk_grading.main(_assignment(edition, assignment_path), submissions, out,
                               jobs=jobs, resume=resume, timeout=timeout, budget=budget,
                               sandbox=not no_sandbox, cases=cases_dir,
                               use_cgroups=not no_cgroups,
                               hidden_visibility=hidden_visibility,
                               stop_repeated_loops=stop_repeated_loops))


@main.command(context_settings=CONTEXT)
@click.argument("out", type=click.Path(path_type=Path))
@click.option("--timeout", type=click.FloatRange(min=0.1), default=10.0, show_default=True,
              help="Seconds each prompt of a case may run before it is stopped (as ok times them).")
@click.option("--budget", type=click.FloatRange(min=0.1), default=None,
              help="Seconds of timed-out or crashed cases a submission may cost in all "
                   "[default: 5 x timeout].")
@HIDDEN_VISIBILITY
@click.option("--sandbox", type=click.Choice(["auto", "bwrap", "uid", "limits"]),
              default="auto", show_default=True,
              help="How student code is kept apart inside Gradescope's container: bubblewrap "
                   "when it works there, else an unprivileged user with resource limits.")
@click.option("--force", is_flag=True, help="Replace OUT if it exists.")
@edition_options
def gradescope(out, timeout, budget, hidden_visibility, sandbox, force, edition,
               assignment_path):
    """Build the Gradescope autograder bundle OUT (.zip): setup.sh installs the grader,
    run_autograder grades the student's files in /autograder/submission (hog.py for Hog)
    with every staff case (hidden ones too) into /autograder/results/results.json. Its README says the rest."""
    from . import gradescope as bundle
    assignment = _assignment(edition, assignment_path)
    if out.suffix.lower() != ".zip":
        _fail(f"{out}: the bundle's name must end in .zip")
    _check(outputs.file_target, out, "the bundle")
    if out.exists() and not force:
        _fail(f"{out} already exists: choose another name, or pass --force to replace it")
    try:
        bundle.build(assignment, out, timeout=timeout, budget=budget,
                     hidden_visibility=hidden_visibility, sandbox=sandbox)
    except bundle.BundleError as error:
        _fail(str(error))
    except OSError as error:
        _fail(f"could not write {out}: {error.strerror or error}")
    click.echo(f"Wrote {out}: upload it as the assignment's autograder.")


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
    from .hog.strategy import commands as strategy_commands
    assignment = _assignment(edition, assignment_path)
    _needs_rules(assignment, "winrate")
    if json_path:
        _check(outputs.file_target, json_path, "--json")
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
    Invalid entries (links among them) are listed and left out. Exit status: 0 ranked, 2
    usage errors or fewer than two valid entries (nothing to rank), 3 ranked but the grader
    failed on some entries (tracebacks in OUT/errors/).
    """
    from .hog.strategy import commands as strategy_commands
    assignment = _assignment(edition, assignment_path)
    _needs_rules(assignment, "contest")
    _check(outputs.folder_target, out, "--out")
    sys.exit(strategy_commands.contest(assignment, entries, out,
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
    from .hog.strategy import commands as strategy_commands
    assignment = _assignment(edition, assignment_path)
    _needs_rules(assignment, "optimal")
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
    what the rules give. Ctrl-C stops it (exit status 130; 2 outside a workspace).
    """
    from .hog.play import server
    try:
        ws = workspace.find(root)
        _needs_rules(ws.assignment, "play")
        rules = ws.assignment.rules()
        sys.exit(server.run(ws.root, ws.assignment.module, rules, final=final, port=port,
                            open_browser=not no_browser, echo=click.echo))
    except workspace.WorkspaceError as error:
        _fail(str(error))
    except OSError as error:
        _fail(f"cannot start the game server: {error.strerror or error}")


def _write_text(text: str, path: str, option: str) -> None:
    """TEXT to PATH, or to standard output for "-"; a failure is the command's."""
    try:
        outputs.write_text(text, path, option)
    except outputs.OutputError as error:
        _fail(str(error))


@main.command(context_settings=CONTEXT)
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,
              help="Processes grading mutants at once [default: two per core].")
@click.option("-q", "--question", "questions", multiple=True, metavar="Q",
              help="Only the mutants question Q owns (repeat for more); never cached.")
@click.option("--json", "json_path", metavar="PATH|-",
              help="Also write every mutant and the questions it fails as JSON.")
@click.option("--no-cache", is_flag=True,
              help="Grade every mutant even if an identical run is cached.")
@click.option("--every-question", is_flag=True,
              help="Also grade the questions the table lets a mutant fail (slower; shows "
                   "everything each mutant fails, in --json; the verdict is the same).")
@click.option("--hints", "hints_path", metavar="[PATH|-]", is_flag=False, flag_value="-",
              default=None,
              help="Also propose hints.json entries for staff to name: the killed mutants "
                   "grouped by the first failure a student would see (JSON, to PATH or "
                   "standard output).")
@edition_options
def mutate(jobs, questions, json_path, no_cache, every_question, hints_path, edition,
           assignment_path):
    """How strong the staff cases are: break each line students write in the reference,
    one small change at a time, as students break it (every relational operator for
    every other, constants moved by one, negated conditions, and/or, min/max, slices,
    swapped and dropped arguments, lost returns, removed statements and branches, early
    returns), and grade each broken copy.

    Every mutant must fail the question that owns the broken code, and only the questions
    that cannot avoid it (the table in cases/EDITION/mutation.json, where mutants that
    cannot be told apart are listed with reasons). Results are cached by the digest of the
    reference, the cases and the grader. Exit status: 0 when that holds, 1 otherwise.

    On an ok assignment (--assignment DIR with NAME.ok) every function and method of the
    solution is broken, and any test the solution passes kills a mutant: what survives is
    a gap in the bank (exit status 1).
    """
    from . import mutate as mutation
    assignment = _assignment(edition, assignment_path)
    unknown = [q for q in questions if q not in assignment.questions]
    if unknown:
        _fail(f"no question {unknown[0]!r} (questions: {', '.join(assignment.questions)})")
    if json_path:
        _check(outputs.file_target, json_path, "--json")
    if hints_path and hints_path != "-":
        _check(outputs.file_target, hints_path, "--hints")
    if hints_path == "-" and json_path == "-":
        _fail("--json - and --hints - would both write to standard output: give one a file")
    try:
        result = mutation.run(assignment, jobs=jobs, use_cache=not no_cache,
                              only=questions or None, every_question=every_question)
    except assignments.AssignmentError as error:
        _fail(str(error))
    if json_path:
        _write_text(json.dumps(result.record(), indent=1) + "\n", json_path, "--json")
    if hints_path:
        from . import hint_mutants
        try:
            proposed = hint_mutants.proposals(result, jobs=jobs, use_cache=not no_cache)
        except (CaseFileError, assignments.AssignmentError) as error:
            _fail(str(error))
        _write_text(json.dumps(proposed, indent=1) + "\n", hints_path, "--hints")
    sys.exit(mutation.show(result, "-" in (json_path, hints_path)))

