"""hog-grader: the autograder and test-suite framework for the Game of Hog."""

# How the commands the grader prints start. The self-contained runner of a published
# workspace (`python3 grade`) sets its own, so that every printed command can be typed.
PROGRAM = "grade"


def restore_tests_advice() -> str:
    """How a student gets whole tests back, in the words that work where they are."""
    if PROGRAM != "grade":
        return "download the project again and copy your hog.py into it"
    return "restore them with `grade init . --tests-only` (your hog.py is kept)"
