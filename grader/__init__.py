"""hog-grader: the autograder and test-suite framework for the Game of Hog."""

# How the commands the grader prints start. The self-contained runner of a published
# workspace (`python3 grade`) sets its own, so that every printed command can be typed.
PROGRAM = "grade"

# True in that runner: it carries the student's commands only (no staff files, none of
# the staff commands' libraries), and says so when a staff command is asked for.
RUNNER = False


def restore_tests_advice() -> str:
    """How a student gets whole tests back, in the words that work where they are."""
    if PROGRAM != "grade":
        return "download the project again and copy your hog.py into it"
    return "restore them with `grade init . --tests-only` (your hog.py is kept)"
