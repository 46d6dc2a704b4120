"""Helpers for the typing trainer. Reading this module loads the word list."""

import os
import string

WORDS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'data', 'words.txt')


def load_words(path=WORDS_FILE):
    """Return the words of the file at PATH, one a line, in order."""
    with open(path, encoding='utf-8') as f:
        return [line.strip() for line in f if line.strip()]


WORDS = load_words()


def lower(s):
    """Return S in lower case.

    >>> lower('Hog Wild')
    'hog wild'
    """
    return s.lower()


def split(s):
    """Return the words of S, split on white space.

    >>> split('  a  typed\\tline ')
    ['a', 'typed', 'line']
    """
    return s.split()


def remove_punctuation(s):
    """Return S without its punctuation characters.

    >>> remove_punctuation("it's: fine!")
    'its fine'
    """
    return s.translate(str.maketrans('', '', string.punctuation))


def words_starting(prefix):
    """Return the words of the word list that start with PREFIX.

    >>> words_starting('zz')
    []
    >>> words_starting('yel')
    ['yellow']
    """
    return [w for w in WORDS if w.startswith(prefix)]
