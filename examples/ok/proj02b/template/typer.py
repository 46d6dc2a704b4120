"""Typing trainer: measure how fast and how well a line is typed."""

from utils import lower, split, remove_punctuation, WORDS


###########
# Phase 1 #
###########


def choose_line(lines, keep, k):
    """Return the Kth line (from 0) of LINES among those for which KEEP returns True,
    or '' when there are not that many.

    >>> lines = ['short', 'a longer line', 'tiny']
    >>> choose_line(lines, lambda s: len(s) < 6, 0)
    'short'
    >>> choose_line(lines, lambda s: len(s) < 6, 1)
    'tiny'
    >>> choose_line(lines, lambda s: len(s) < 6, 2)
    ''
    """
    "*** YOUR CODE HERE ***"


def about(topic):
    """Return a function of a line that tells whether it mentions one of the words of
    TOPIC, ignoring case and punctuation.

    >>> on_pets = about(['cat', 'dog'])
    >>> on_pets('My Dog!'), on_pets('dogma'), on_pets('Cats.')
    (True, False, False)
    """
    "*** YOUR CODE HERE ***"


def accuracy(typed, source):
    """Return the percentage of the words of TYPED that equal the word at the same
    place in SOURCE. Typing nothing scores 100.0 against nothing and 0.0 otherwise.

    >>> accuracy('the cat sat', 'the cat sat')
    100.0
    >>> accuracy('the cat sat down', 'the bat sat')
    50.0
    >>> accuracy('', 'anything')
    0.0
    >>> accuracy('', '')
    100.0
    """
    "*** YOUR CODE HERE ***"


def wpm(typed, elapsed):
    """Return the words per minute of TYPED, typed in ELAPSED seconds, counting five
    characters as a word.

    >>> wpm('hello friend hello buddy hello', 15)
    24.0
    >>> wpm('0123456789', 60)
    2.0
    """
    "*** YOUR CODE HERE ***"


###########
# Phase 2 #
###########


def closest_word(word, valid_words, diff, limit):
    """Return WORD if it is in VALID_WORDS, else the valid word with the smallest
    diff(word, valid, limit) (the first one on a tie), or WORD itself when that
    smallest difference is more than LIMIT.

    >>> first_diff = lambda w, v, limit: abs(len(w) - len(v))
    >>> closest_word('rose', ['pose', 'rose'], first_diff, 1)
    'rose'
    >>> closest_word('fo', ['fool', 'foo', 'fop'], first_diff, 1)
    'foo'
    >>> closest_word('x', ['abcdef'], first_diff, 2)
    'x'
    """
    "*** YOUR CODE HERE ***"


def letter_swaps(start, goal, limit):
    """Return how many letters must change to turn START into GOAL, plus the
    difference of their lengths; once the count passes LIMIT, any number above LIMIT
    may be returned. Use recursion, no loops.

    >>> letter_swaps('nice', 'rice', 10)
    1
    >>> letter_swaps('range', 'rungs', 10)
    2
    >>> letter_swaps('pill', 'pillage', 10)
    3
    >>> letter_swaps('roses', 'arose', 2) > 2
    True
    """
    "*** YOUR CODE HERE ***"


def autocorrect(typed):
    """Return TYPED with each word replaced by the closest word of the word list
    (by letter_swaps, at most 2 changes).

    >>> autocorrect('tha quick sal')
    'than quick salt'
    """
    return ' '.join(closest_word(w, WORDS, letter_swaps, 2) for w in split(typed))
