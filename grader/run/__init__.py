"""Running student code out of the grader's process: the worker, its guard, the sandbox."""


class WorkerStartError(Exception):
    """A worker died or hung before any student code ran (its first message, sent before
    the student's folder is on its path): a sandbox that could not be set up, an
    interpreter that does not start. The grader's failure, never a verdict on the code."""
