"""Commentary judged on the student's own game, not the reference's.

A fuzz suite with `'judge': 'commentary'` (the commentary questions) checks only the
commentary protocol of a trace, against the game that the student's own `play` played:
`say` is called once after every turn, with the scores that play itself reached at that
moment, what it returns is the next commentary, and nothing is said before the first
turn or after the last. How the scores got there (a missing bonus, a swap not made, a
strategy asked twice, a turn played after the goal, `feral_hogs` ignored) is the play
questions' business: the same game, commented on correctly, passes here.

The student's turns are read from its own trace. A turn starts at a strategy call that
sees other scores than the turn before it, or that follows a die or a commentary call
(a buggy rule may score a turn nothing; asking a strategy again at once, at the same
scores, is no new turn).
The scores after a turn are those the next turn starts from, as its first strategy call
sees them (its own score first), or, after the last turn, what play returned. A `play`
that hands one player's strategy the scores in the other order is a play bug: a player
whose calls the commentary agrees with only when read the other way round is read that
way (never both players: then the commentary has the order wrong).

Only well-formed traces (`compare.problem`) are judged; everything in them is data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

from . import compare

Scores = Tuple[Any, Any]


@dataclass
class Turn:
    number: int  # 1-based
    start: int  # index of its first strategy call in the trace
    end: int  # index of the next turn's first call, or of the ending
    first: list  # that first strategy call
    dice: int = 0  # die events in the turn
    last_die: int = -1  # index of its last die event
    said: List[int] = field(default_factory=list)  # indices of commentary calls after it
    after: Optional[Scores] = None  # play's scores after the turn, when known
    outcomes: List[int] = field(default_factory=list)  # what its dice showed
    fired: List[str] = field(default_factory=list)  # the rules' names, when they agree
    keys: Optional[List[str]] = None  # the same as keys of NAMES; None: rules not used


def _key(event: list) -> Tuple[str, str]:
    return tuple(sorted((repr(event[2]), repr(event[3]))))


def _oriented(event: list, flipped: bool) -> Scores:
    _, who, score, opponent, _ = event
    own_first = (score, opponent) if who == 0 else (opponent, score)
    return own_first[::-1] if flipped else own_first


def _words(pair: Sequence) -> str:
    return "(" + ", ".join(str(x) for x in pair) + ")"


def _dice(count: int) -> str:
    return "1 die" if count == 1 else f"{count} dice"


def turns(trace: Sequence) -> Tuple[List[Turn], List[int]]:
    """The student's turns in TRACE, and the indices of commentary calls made before
    its first turn."""
    found: List[Turn] = []
    early: List[int] = []
    last = len(trace) - 1
    moved = False  # a die rolled or the commentary called since the last strategy call
    first_key = None  # the scores the running turn's first strategy call saw
    for index, event in enumerate(trace[:last]):
        kind = compare.kind(event)
        if kind == "s":
            key = _key(event)
            if not found or moved or key != first_key:
                if found:
                    found[-1].end = index
                found.append(Turn(len(found) + 1, index, last, event))
                first_key = key
            moved = False
        elif kind == "d" and found:
            found[-1].dice += 1
            found[-1].last_die = index
            found[-1].outcomes.append(event if type(event) is int else event[2])
            moved = True
        elif kind == "c":
            (found[-1].said if found else early).append(index)
            moved = True
    return found, early


def _flips(trace: Sequence, found: List[Turn]) -> Dict[int, bool]:
    """Per player, whether play hands its strategy the scores the other way round, as
    the commentary calls read: a player is read flipped only when more of its turns
    agree with the commentary that way than as the spec says, and never both."""
    votes = {0: 0, 1: 0}
    for before, turn in zip(found, found[1:]):
        if not before.said:
            continue
        said = trace[before.said[0]][2:]
        event = turn.first
        if len(said) != 2 or event[2] == event[3]:
            continue
        if tuple(said) == _oriented(event, False):
            votes[event[1]] += 1
        elif tuple(said) == _oriented(event, True):
            votes[event[1]] -= 1
    flips = {who: votes[who] < 0 for who in votes}
    if all(flips.values()):
        flips = {0: False, 1: False}
    return flips


def scores_after(trace: Sequence, returns_scores: bool = True, rules: Any = None,
                 spec: Optional[Dict[str, Any]] = None) -> List[Turn]:
    """The student's turns, each with the scores its own play reached after it (and,
    given the edition's RULES and the game's SPEC, the rules that fired in it, where
    the rules give the same scores)."""
    return _with_scores(trace, turns(trace)[0], returns_scores, rules, spec)


def _with_scores(trace: Sequence, found: List[Turn], returns_scores: bool, rules: Any,
                 spec: Optional[Dict[str, Any]]) -> List[Turn]:
    from .explain import parse_scores
    flips = _flips(trace, found)
    for turn, following in zip(found, found[1:]):
        turn.after = _oriented(following.first, flips[following.first[1]])
    ending = trace[-1]
    if found and returns_scores and compare.kind(ending) == "r":
        found[-1].after = parse_scores(ending[1])
    if rules is not None and spec is not None:
        _name_rules(found, rules, spec, flips)
    return found


def _name_rules(found: List[Turn], rules: Any, spec: Dict[str, Any],
                flips: Dict[int, bool]) -> None:
    """Each turn's fired rules, from the rules replayed on play's own turn; the words
    are left out from the first turn the rules do not account for."""
    from .. import editions
    from .explain import game_rules
    try:
        ns = game_rules(rules, spec)
        memory = ns.START
        for turn in found:
            who = turn.first[1]
            before = _oriented(turn.first, flips[who])
            score, opponent = before if who == 0 else before[::-1]
            done = editions.turn(ns, score, opponent, turn.first[4], turn.outcomes, memory)
            after = (done.score, done.opponent) if who == 0 else (done.opponent, done.score)
            if turn.after is None or tuple(turn.after) != after:
                return
            turn.fired = list(editions.names(ns, done.fired))
            turn.keys = list(done.fired)
            memory = done.memory
    except Exception:  # rules that do not describe this game: no names
        return


def fault(trace: Sequence, returns_scores: bool = True, rules: Any = None,
          spec: Optional[Dict[str, Any]] = None) -> Optional[str]:
    """What is wrong with the commentary of the well-formed TRACE, judged on the game
    it records, or None. The earliest problem in the trace is named. Whether there is
    one does not depend on the RULES, which only name what fired in each turn: they are
    replayed only for the words of a fault (most games have none)."""
    found, early = turns(trace)
    why = _fault(trace, _with_scores(trace, found, returns_scores, None, None), early,
                 rules, spec)
    if why is None or rules is None or spec is None:
        return why
    found, early = turns(trace)
    return _fault(trace, _with_scores(trace, found, returns_scores, rules, spec), early,
                  rules, spec)


def _fault(trace: Sequence, found: List[Turn], early: List[int], rules: Any,
           spec: Optional[Dict[str, Any]]) -> Optional[str]:
    if not found and spec is not None:
        goal = spec.get("goal", getattr(rules, "GOAL", 100))
        start = (spec.get("score0", 0), spec.get("score1", 0))
        if max(start) < goal:
            ending = trace[-1]
            did = (f"play returned {ending[1]}" if compare.kind(ending) == "r"
                   else f"play raised {ending[1]}")
            return (f"turn 1: {did} without playing a turn although no score had reached "
                    f"the goal {goal}: expected turn 1 to start with "
                    f"strategy0{_words(start)}, and the commentary to be called after it "
                    "(commentary is judged on the turns play plays)")
    if early:
        event = trace[early[0]]
        return (f"the commentary was called before the first turn, with {_words(event[2:])}: "
                "it is called after each turn")
    problems: List[Tuple[int, Turn, str]] = []  # (trace index, turn, what is wrong)
    count = 0
    for turn in found:
        for order, index in enumerate(turn.said):
            event = trace[index]
            if event[1] != count:
                problems.append((index, turn, f"expected commentary #{count} (the function "
                                 "the previous commentary returned) to be called, "
                                 f"got #{event[1]}: play must call what say returned"))
            count += 1
            if order > 0:
                problems.append((index, turn, "the commentary was called again after this "
                                 "turn: it is called once after each turn"))
            elif index < turn.last_die:
                problems.append((index, turn, "the commentary was called before the turn's "
                                 "dice were all rolled: it is called after the turn"))
            elif len(event) != 4:
                problems.append((index, turn, "the commentary was called with "
                                 f"{_words(event[2:])}: it takes the two scores, "
                                 "(score0, score1)"))
            elif turn.after is not None and tuple(event[2:]) != tuple(turn.after):
                problems.append((index, turn, _wrong_scores(event[2:], turn)))
        if not turn.said and not (turn is found[-1] and compare.kind(trace[-1]) == "e"):
            ended = ("play returned" if turn is found[-1] else
                     f"turn {turn.number + 1} started")
            problems.append((turn.end, turn, "the commentary was not called at the end of "
                             f"the turn ({ended} without it): it is called after every "
                             "turn, the last one too"))
    if not problems:
        return None
    _, turn, wrong = min(problems, key=lambda problem: problem[0])
    return f"{_header(turn)}; {wrong}"  # only the reported turn's header is written


def _header(turn: Turn) -> str:
    text = (f"turn {turn.number}: strategy{turn.first[1]} was asked at "
            f"{_words(turn.first[2:4])} and play rolled {_dice(turn.dice)}")
    if turn.after is not None:
        text += f", reaching {_words(turn.after)}"
    if turn.fired:
        text += f" ({', '.join(turn.fired)})"
    return text


def _wrong_scores(said: Sequence, turn: Turn) -> str:
    after = tuple(turn.after)
    text = (f"the commentary was called with {_words(said)}, but play's game stands at "
            f"{_words(after)} after this turn (where its next turn starts, or what play "
            "returned)")
    if tuple(said) != after[::-1]:
        return text
    if _swapped(turn):
        return ("the commentary was called before the swap: it was called with "
                f"{_words(said)}, play's scores after the turn are {_words(after)}")
    return ("the commentary got the scores in the wrong order (score0 first): it was "
            f"called with {_words(said)}, play's scores after the turn are {_words(after)}")


def _swapped(turn: Turn) -> bool:
    """Play's own game swapped the scores in TURN: as the rules replay it, or else the
    mover (its first strategy call's player) ended with the opponent's old score."""
    if turn.keys is not None:
        return "swap" in turn.keys
    who, score, opponent = turn.first[1], turn.first[2], turn.first[3]
    after = tuple(turn.after)
    return after[who] == opponent and after[1 - who] != opponent and score != opponent


def expected(trace: Sequence, returns_scores: bool = True) -> List[Any]:
    """TRACE as it is with its commentary right: every commentary call taken out, and
    one put after each turn with the scores play reached (the student's own where play
    did not say, so unknown ones never differ)."""
    found = scores_after(trace, returns_scores)
    ends = {}
    for k, turn in enumerate(found):
        if turn is found[-1] and not turn.said and compare.kind(trace[-1]) == "e":
            continue
        after = turn.after
        if after is None:
            after = tuple(trace[turn.said[0]][2:]) if turn.said else ()
        ends[turn.end] = ["c", k, *after]
    out = []
    for index, event in enumerate(trace):
        if index in ends:
            out.append(ends[index])
        if compare.kind(event) != "c":
            out.append(event)
    return out
