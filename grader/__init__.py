"""hog-grader: an autograder and test-suite framework for ok-style assignments, born on
the Game of Hog (which it ships as one assignment family: `grader.hog`)."""

__version__ = "0.1.0"

# How the commands the grader prints start. The self-contained runner of a published
# workspace (`python3 grade`) sets its own, so that every printed command can be typed.
PROGRAM = "grade"

# True in that runner: it carries the student's commands only (no staff files, none of
# the staff commands' libraries), and says so when a staff command is asked for.
RUNNER = False


def restore_tests_advice(source: str) -> str:
    """How a student gets whole tests back, in the words that work where they are
    (SOURCE: the file they write)."""
    if PROGRAM != "grade":
        return f"download the assignment again and copy your {source} into it"
    return f"restore them with `grade init . --tests-only` (your {source} is kept)"
