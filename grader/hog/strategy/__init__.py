"""Strategies: reading them into tables, their exact win rates, best responses, contests."""

# How a student gets numpy, which the self-contained runner cannot carry (it is not pure
# Python): said the same in the published README and when a win rate is not computed.
# No --user: pip falls back to the user's folder by itself where it may not write, and
# --user fails inside a virtual environment.
NUMPY_INSTALL = "python3 -m pip install numpy"
