"""The first difference between a student's trace and the reference's, in words.

`explain` walks both traces event by event (`compare.walk`), finds the first events
that differ and names what kind of difference it is: a strategy asked twice, a die
called too often or too rarely, commentary with the wrong scores or not called, a
turn played after the goal, or a turn that ended with other scores than the rules
give. For the last kind it replays the turn with the edition's rules module, each
rule switched on or off in turn, and names the rule whose change gives the
student's scores (a missing Feral Hogs bonus, a swap not made, ...). Every message
starts with the turn it is in: who moved, with how many dice, from which scores, and
the scores the reference has after it.

Only the reference trace is trusted; the student's has been checked by
`compare.problem` and is read defensively all the same (its arguments may be any
int or the repr of any value).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType, SimpleNamespace
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ... import asts
from . import compare
from .. import editions

Scores = Tuple[Any, Any]


def _pair(pair: Sequence) -> str:
    return "(" + ", ".join(str(x) for x in pair) + ")"


def _view(event: list) -> Scores:
    """(score0, score1) as a strategy call of EVENT sees them."""
    _, who, score, opponent, _ = event
    return (score, opponent) if who == 0 else (opponent, score)


def _call(event: list) -> str:
    return f"strategy{event[1]}({event[2]}, {event[3]})"


def _dice(count: Any) -> str:
    return "1 die" if count == 1 else f"{count} dice"


def _die_value(event: Any) -> Any:
    return event if type(event) is int else event[2]


def _die_name(event: Any, first: str) -> str:
    return first if type(event) is int else event[1]


def parse_scores(text: Any) -> Optional[Tuple[int, int]]:
    """The (score0, score1) that a result's repr shows, if it shows two ints."""
    if type(text) is not str or len(text) > 100:
        return None
    try:
        value = asts.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None
    if type(value) in (tuple, list) and len(value) == 2 and all(type(x) is int for x in value):
        return value[0], value[1]
    return None


# --- the reference's game, turn by turn ------------------------------------------------

@dataclass
class TurnView:
    number: int  # 1-based
    start: int  # index of the mover's strategy call in the reference trace
    end: int  # index of the next turn's call, or of the ending
    mover: int
    before: Scores
    rolls: Any  # what the strategy answered
    outcomes: List[Any]  # die events of the turn, as recorded
    after: Optional[Scores] = None
    memory: Any = None  # the rules' memory at the start of the turn
    fired: List[str] = field(default_factory=list)  # the rules' names, in order
    keys: List[str] = field(default_factory=list)  # the same as keys of the rules' NAMES
    again: bool = False  # the mover moves again (an extra turn)

    @property
    def rolled(self) -> int:
        """Dice the turn rolls: the reference's die calls (a rule may cap the answer)."""
        return len(self.outcomes)

    def header(self) -> str:
        asked = "" if self.rolled == self.rolls else f" (asked for {self.rolls})"
        text = f"turn {self.number}: player {self.mover} rolled {_dice(self.rolled)}" \
               f"{asked} at {_pair(self.before)}"
        if self.outcomes:
            text += " (outcomes " + ", ".join(str(_die_value(e)) for e in self.outcomes) + ")"
        if self.after is not None:
            text += f", expected {_pair(self.after)} after the turn"
            if self.fired:
                text += f" ({', '.join(self.fired)})"
        return text


def play_settings(rules: Optional[ModuleType]) -> Dict[str, Any]:
    """The edition's fuzzing settings (`PLAY` in its rules module), with defaults."""
    settings = {"dice": {"dice": 6}, "start": True, "goal": True, "say": "scores",
                "returns": "scores", "options": {}, "switches": {}, "other_strategy": "once"}
    settings.update(getattr(rules, "PLAY", None) or {})
    return settings


def game_rules(rules: ModuleType, spec: Dict[str, Any]) -> SimpleNamespace:
    """RULES as this game plays them: its goal, and the rules its options switch off."""
    ns = SimpleNamespace(**{name: getattr(rules, name) for name in editions.REQUIRED})
    ns.GOAL = spec.get("goal", rules.GOAL)
    for option, rule in play_settings(rules)["switches"].items():
        if not spec.get(option, True):
            setattr(ns, rule, _off)
    return ns


def _off(*args):
    return 0


def _model(rules, view: TurnView, variant: Optional[SimpleNamespace] = None):
    """The rules' account of VIEW's turn (editions.turn), from the mover's side."""
    ns = variant or rules
    score, opponent = view.before if view.mover == 0 else view.before[::-1]
    outcomes = [_die_value(e) for e in view.outcomes]
    return editions.turn(ns, score, opponent, view.rolls, outcomes, view.memory)


def _scores_of(turn, mover: int) -> Scores:
    return (turn.score, turn.opponent) if mover == 0 else (turn.opponent, turn.score)


def game_turns(spec: Dict[str, Any], expected: Sequence,
               rules: Optional[ModuleType]) -> Tuple[List[TurnView], Optional[SimpleNamespace]]:
    """The turns of a reference trace, with the rules' account of each when RULES
    describe this game exactly (else the rules are not used: None)."""
    settings = play_settings(rules)
    starts = compare.starts(expected)
    views = []
    for number, start in enumerate(starts):
        end = starts[number + 1] if number + 1 < len(starts) else len(expected) - 1
        event = expected[start]
        outcomes = [e for e in expected[start + 1:end] if compare.kind(e) == "d"]
        views.append(TurnView(number + 1, start, end, event[1], _view(event), event[4], outcomes))
    for number, view in enumerate(views):
        if number + 1 < len(views):
            view.after = views[number + 1].before
        elif settings["returns"] == "scores" and compare.kind(expected[-1]) == "r":
            view.after = parse_scores(expected[-1][1])
        if view.after is None and settings["say"] == "scores":
            said = [e for e in expected[view.start:view.end] if compare.kind(e) == "c"]
            if said and len(said[-1]) == 4:
                view.after = (said[-1][2], said[-1][3])
    if rules is None:
        return views, None
    try:
        ns = game_rules(rules, spec)
        memory = ns.START
        for number, view in enumerate(views):
            view.memory = memory
            turn = _model(ns, view)
            if view.after is not None and _scores_of(turn, view.mover) != tuple(view.after):
                return views, None
            following = views[number + 1].mover if number + 1 < len(views) else None
            if following is not None and following != (view.mover if turn.again
                                                        else 1 - view.mover):
                return views, None
            if view.after is None:  # the last turn of a play that returns no scores
                view.after = _scores_of(turn, view.mover)
            view.fired = list(editions.names(ns, turn.fired))
            view.keys = list(turn.fired)
            view.again = turn.again
            memory = turn.memory
    except Exception:  # rules that do not describe this game: plain words instead
        for view in views:
            view.fired, view.keys, view.again = [], [], False
        return views, None
    return views, ns


# --- why a turn ended with other scores --------------------------------------------------

def _variants(rules, ns: SimpleNamespace, spec: Dict[str, Any], view: TurnView
              ) -> List[Tuple[str, Scores]]:
    """(words, scores after the turn) for each single change of a rule in VIEW's turn."""
    names = getattr(rules, "NAMES", {})
    bonus_name = names.get("bonus", "bonus")
    swap_name = names.get("swap", "swap")
    correct = _model(ns, view)
    out = []

    def variant(**changes):
        return SimpleNamespace(**{**vars(ns), **changes})

    def after(changed):
        try:
            return _scores_of(_model(ns, view, changed), view.mover)
        except Exception:
            return None

    fired = correct.fired
    if "bonus" in names:
        if "bonus" in fired:
            out.append((f"the {bonus_name} bonus was not added", after(variant(bonus=_off))))
            if "swap" in names:
                out.insert(0, (f"the {swap_name} was decided before the {bonus_name} bonus "
                               "was added", _swap_before_bonus(ns, view, correct)))
        else:
            for option, rule in play_settings(rules)["switches"].items():
                if rule == "bonus" and not spec.get(option, True):
                    out.append((f"a {bonus_name} bonus was added although this game is "
                                f"played with {option}=False", after(variant(bonus=rules.bonus))))
            for value in _bonus_values(rules, view):
                out.append((f"a {bonus_name} bonus of {value} was added that this turn does "
                            "not earn", after(variant(bonus=lambda *a, v=value: v))))
    if "swap" in names:
        if "swap" in fired:
            out.append((f"the scores were not swapped ({swap_name})",
                        after(variant(swap=lambda *a: False))))
        else:
            out.append((f"the scores were swapped although {swap_name} does not apply",
                        after(variant(swap=lambda *a: True))))
    base = correct.points - _bonus_of(ns, correct, view)
    for delta in sorted(range(-30, 31), key=abs):
        if delta and base + delta >= 0:
            out.append((f"the turn scored {base + delta} point(s), expected {base}"
                        + (f" ({', '.join(view.fired)})" if view.fired else ""),
                        after(variant(points=lambda *a, p=base + delta: p))))
    return [(words, scores) for words, scores in out if scores is not None]


def _bonus_values(rules, view: TurnView) -> List[int]:
    """What the bonus rule gives when it fires, probed over a few memories."""
    values = set()
    start = getattr(rules, "START", ())
    for memory in (view.memory, start, *[(k,) * len(start) for k in range(11)]):
        try:
            value = rules.bonus(view.rolled, memory)
        except Exception:
            continue
        if type(value) is int and value:
            values.add(value)
    return sorted(values)[:2]


def _bonus_of(ns, correct, view: TurnView) -> int:
    try:
        return ns.bonus(correct.rolled, view.memory) or 0
    except Exception:
        return 0


def _swap_before_bonus(ns, view: TurnView, correct) -> Optional[Scores]:
    """The scores if the swap is judged on the points alone and the bonus added after."""
    try:
        score, opponent = view.before if view.mover == 0 else view.before[::-1]
        bonus = ns.bonus(correct.rolled, view.memory)
        score += correct.points - bonus
        if ns.swap(score, opponent):
            score, opponent = opponent, score
        score += bonus
    except Exception:
        return None
    return (score, opponent) if view.mover == 0 else (opponent, score)


def outcome_words(rules, ns, spec, view: TurnView, got_after: Scores) -> str:
    """Why VIEW's turn ended at GOT_AFTER instead of the reference's scores."""
    if ns is not None and view.after is not None:
        for words, scores in _variants(rules, ns, spec, view):
            if tuple(scores) == tuple(got_after) and tuple(scores) != tuple(view.after):
                return f"{words}: got {_pair(got_after)} after the turn"
    return f"got {_pair(got_after)} after the turn"


# --- the first difference -----------------------------------------------------------------

class _Context:
    def __init__(self, spec, expected, got, rules):
        self.spec, self.expected, self.got, self.rules = spec, expected, got, rules
        self.settings = play_settings(rules)
        self.first_die = next(iter(self.settings["dice"]), "dice")
        self.views, self.ns = game_turns(spec, expected, rules)
        self.other = self.settings["other_strategy"] == "once"
        self.at, self.extras = compare.walk(expected, got, self.other)

    def view(self, index: int) -> Optional[TurnView]:
        for view in self.views:
            if view.start <= index < view.end:
                return view
        return None

    def got_scores_after(self, j: int) -> Optional[Scores]:
        """The scores GOT goes on with after index J: its next strategy call (not an
        allowed question to the other player) or its result."""
        for index in range(j, len(self.got)):
            event = self.got[index]
            k = compare.kind(event)
            if k == "s" and index not in self.extras:
                return _view(event)
            if k == "r" and self.settings["returns"] == "scores":
                return parse_scores(event[1])
            if k in compare.ENDINGS:
                return None
        return None

    def dice_rolled(self, j: int) -> int:
        """Die calls in GOT since its last strategy call before index J."""
        count = 0
        for index in range(j - 1, -1, -1):
            k = compare.kind(self.got[index])
            if k == "s" and index not in self.extras:
                break
            count += k == "d"
        return count

    def dice_in_turn(self, j: int) -> int:
        """Die calls in GOT's turn around index J: before it (see `dice_rolled`) and
        in a row from it."""
        count = self.dice_rolled(j)
        while j < len(self.got) and compare.kind(self.got[j]) == "d":
            count, j = count + 1, j + 1
        return count

    def dice_words(self, view: TurnView, j: int, too: str) -> str:
        """A die called too often or too rarely in VIEW's turn: how many times, and
        whose answer that number was."""
        count = self.dice_in_turn(j)
        asked = [self.got[k] for k, turn in self.extras.items() if turn == view.number - 1]
        if asked and asked[0][4] == count != view.rolled:
            return (f"play rolled {_dice(count)}, the number strategy{asked[0][1]} (the other "
                    f"player's) answered, not strategy{view.mover}'s {view.rolls}: the "
                    "mover's answer decides")
        return (f"the die was called too {too}: {count} time(s) in a turn of "
                f"{_dice(view.rolled)} (once per die rolled)")

    def outcome(self, view: TurnView, got_after: Scores) -> str:
        return outcome_words(self.rules, self.ns, self.spec, view, got_after)


def explain(spec: Dict[str, Any], expected: Sequence, got: Any,
            rules: Optional[ModuleType] = None) -> str:
    """The first difference between EXPECTED (the reference's trace of SPEC) and GOT,
    in words, with the turn it is in."""
    found = compare.problem(got)
    if found:
        return f"the record of this game that came back is malformed ({found})"
    c = _Context(spec, expected, got, rules)
    if c.at is None:
        return "the traces agree"
    i, j = c.at
    want = expected[i] if i < len(expected) else None
    have = got[j] if j < len(got) else None
    wk, hk = compare.kind(want), compare.kind(have)
    done = c.view(i - 1) if i > 0 else None  # the turn in progress or just played
    upcoming = c.view(i) if wk == "s" else None
    where = done.header() if done else "before the first turn"
    if wk == "s" and j > 0 and (j - 1) in c.extras and not (
            hk == "s" and have[1] == got[j - 1][1]):
        # what passed as a question to the other player was that player moving instead
        # (unless that player is asked again at once: a second question)
        j -= 1
        have, hk = got[j], "s"
        return _turn_start(c, want, have, done, upcoming, where)
    if hk == "s":
        return _strategy_call(c, i, j, want, have, done, upcoming, where)
    if hk == "d":
        if wk == "d":
            if type(want) is not type(have) or _die_name(want, "") != _die_name(have, ""):
                return (f"{where}; expected a roll of the {_die_name(want, c.first_die)} die, "
                        f"got one of the {_die_name(have, c.first_die)} die")
            return (f"{where}; expected the die to give {_die_value(want)}, got "
                    f"{_die_value(have)}: play must roll only the dice it is given")
        if done is None:
            return "turn 1: expected the game to start with a strategy call, got a die rolled"
        if wk == "c":
            return (f"{where}; the commentary was not called: expected {_what(want)}, got "
                    "another die roll")
        return f"{where}; {c.dice_words(done, j, 'often')}"
    if hk == "c":
        return _commentary(c, i, j, want, have, done, where)
    if hk == "r":
        got_after = parse_scores(have[1]) if c.settings["returns"] == "scores" else None
        if wk == "r":
            if done is not None and got_after is not None and done.after is not None:
                return f"{where}; {c.outcome(done, got_after)}, and play returned {have[1]}"
            return f"{where}; expected play to return {want[1]}, got {have[1]}"
        text = _early_end(c, j, want, wk, done, f"play returned {have[1]}", got_after)
        return f"{where}; {text}" if done else f"turn 1: {text}"
    if hk == "e":
        if wk == "e":
            return f"{where}; expected play to raise {want[1]}, got {have[1]}"
        return f"{where}; play raised {have[1]}"
    return f"{where}; expected {_what(want)}, got nothing more"


def _what(event: Any) -> str:
    k = compare.kind(event)
    if k == "s":
        return f"a call {_call(event)}"
    if k == "d":
        return "another die roll"
    if k == "c":
        return f"commentary #{event[1]} called with {_pair(event[2:])}"
    if k == "r":
        return f"play to return {event[1]}"
    if k == "e":
        return f"play to raise {event[1]}"
    return "nothing more"


def _early_end(c: _Context, j: int, want: Any, wk: str, done: Optional[TurnView],
               what: str, got_after: Optional[Scores]) -> str:
    """Words for a play that stopped (returned) where the reference goes on."""
    if wk == "d" and done is not None:
        return f"{c.dice_words(done, j, 'rarely')}, then {what}"
    if wk == "c" and done is not None:
        return f"the commentary was not called at the end of the turn; {what}"
    if wk == "s":
        if done is None:
            goal = c.spec.get("goal")
            return (f"{what} without playing a turn although no score had reached the goal"
                    + (f" {goal}" if goal is not None else "")
                    + f": expected turn 1 to start with {_call(want)}")
        if got_after is not None and done.after is not None \
                and tuple(got_after) != tuple(done.after):
            return f"{c.outcome(done, got_after)}, and {what}"
        goal = c.spec.get("goal")
        return (f"{what} although no score had reached the goal"
                + (f" {goal}" if goal is not None else "")
                + f": expected player {want[1]} to move next ({_call(want)})")
    return f"expected {_what(want)}, but {what}"


def _around(c: _Context, i: int) -> List[TurnView]:
    turn_starts = compare.starts(c.expected)
    return [c.views[t] for t in compare.turns_around(turn_starts, i, len(c.expected))]


def _own(view: TurnView, who: int) -> Scores:
    """VIEW's scores at the start of the turn as player WHO's strategy takes them."""
    return tuple(view.before) if who == 0 else tuple(view.before[::-1])


def _strategy_call(c: _Context, i: int, j: int, want: Any, have: list,
                   done: Optional[TurnView], upcoming: Optional[TurnView], where: str) -> str:
    wk = compare.kind(want)
    who, asked = have[1], tuple(have[2:4])
    if done is not None and who == done.mover and asked == _own(done, who):
        return (f"{where}; strategy{who} was called a second time this turn "
                f"({_call(have)}): a player's strategy is called once per turn")
    asked_only = wk != "s" or (j + 1 < len(c.got) and c.got[j + 1] == want)
    for view in _around(c, i):
        if who != view.mover and asked == _own(view, who) and not c.other and asked_only:
            return (f"{view.header()}; strategy{who}, the other player's, was "
                    f"called ({_call(have)}): in this edition play calls only the mover's "
                    "strategy")
        if who != view.mover and asked == _own(view, who) \
                and view.number - 1 in c.extras.values():
            return (f"{view.header()}; strategy{who}, the other player's, was "
                    f"asked a second time this turn ({_call(have)}): it may be asked at most "
                    "once per turn")
    for view in _around(c, i):
        mover_view = _own(view, view.mover)
        if who != view.mover and asked == mover_view and mover_view[0] != mover_view[1] \
                and not (view is upcoming and who == want[1]):
            return (f"{view.header()}; strategy{who}, the other player's, was "
                    f"called with the mover's view of the scores ({_call(have)}): a strategy "
                    f"takes its own player's score first, strategy{who}"
                    f"{_pair(_own(view, who))}")
    if wk == "d" and done is not None:
        if who == done.mover:
            return (f"{where}; strategy{who} was called again ({_call(have)}) before the "
                    f"turn's dice were rolled: a player's strategy is called once per turn")
        return f"{where}; {c.dice_words(done, j, 'rarely')}, then {_call(have)}"
    if wk == "c" and done is not None:
        text = f"{where}; the commentary was not called at the end of the turn"
        got_after = _view(have)
        if done.after is not None and got_after != tuple(done.after):
            text += f"; {c.outcome(done, got_after)}"
        return text + f", then {_call(have)}"
    if wk in compare.ENDINGS:
        got_after = _view(have)
        if done is not None and done.after is not None and got_after != tuple(done.after):
            return f"{where}; {c.outcome(done, got_after)}, and play went on: {_call(have)}"
        goal = c.spec.get("goal")
        after = done.after if done is not None and done.after is not None else got_after
        return (f"{where}; a turn was played after the goal: the scores were {_pair(after)}"
                + (f" and the goal is {goal}" if goal is not None else "")
                + f", so play must end, but it called {_call(have)}")
    if wk != "s":
        return f"{where}; expected {_what(want)}, got {_call(have)}"
    return _turn_start(c, want, have, done, upcoming, where)


def _turn_start(c: _Context, want: list, have: list, done: Optional[TurnView],
                upcoming: Optional[TurnView], where: str) -> str:
    """Both traces start a turn here, with different calls."""
    who, asked = have[1], tuple(have[2:4])
    number = upcoming.number if upcoming else 1
    if who == want[1]:
        if asked == (want[3], want[2]) and want[2] != want[3]:
            order = (f"strategy{who} got the scores in the wrong order at the start of turn "
                     f"{number}: expected {_call(want)} (the mover's own score first), "
                     f"got {_call(have)}")
            if done is None:
                return f"turn 1: {order}"
            named = done.after is not None and _is_named(c, done, _view(have))
            if not named:
                return f"{where}; then {order}"
            if not _called_before(c, who, upcoming):
                return f"{where}; then {order}; or else {c.outcome(done, _view(have))}"
        if done is None:
            return (f"turn 1: expected the game to start at {_pair(_view(want))} "
                    f"({_call(want)}), got {_call(have)}")
        return f"{where}; {c.outcome(done, _view(have))}"
    # another player moves
    if done is None:
        return (f"turn 1: expected player {want[1]} to move first ({_call(want)}), "
                f"got {_call(have)}")
    if done.again:
        why = f"player {done.mover} takes another turn" + (
            f" ({', '.join(done.fired)})" if done.fired else "")
    elif "swap" in done.keys:
        why = "players alternate: a swap does not change whose turn is next"
    elif "extra_turn" in getattr(c.rules, "NAMES", {}):
        why = f"players alternate: {c.rules.NAMES['extra_turn']} does not apply"
    else:
        why = "players alternate"
    text = (f"{where}; expected player {want[1]} to move next ({why}), "
            f"got strategy{who} called")
    got_after = _view(have)
    if done.after is not None and got_after != tuple(done.after):
        text += f"; {c.outcome(done, got_after)}"
    return text


def _called_before(c: _Context, who: int, upcoming: Optional[TurnView]) -> bool:
    """Player WHO's strategy moved in an earlier turn at unequal scores, so the order of
    its arguments was seen to be right."""
    return any(view.mover == who and view.before[0] != view.before[1] for view in c.views
               if upcoming is None or view.number < upcoming.number)


def _is_named(c: _Context, view: TurnView, got_after: Scores) -> bool:
    """A rule change explains GOT_AFTER for VIEW's turn."""
    if c.ns is None:
        return False
    return any(tuple(scores) == tuple(got_after)
               for _, scores in _variants(c.rules, c.ns, c.spec, view))


def _commentary(c: _Context, i: int, j: int, want: Any, have: list,
                done: Optional[TurnView], where: str) -> str:
    wk = compare.kind(want)
    if wk == "c":
        if want[1] != have[1]:
            return (f"{where}; expected commentary #{want[1]} (the function the previous "
                    f"commentary returned) to be called, got #{have[1]}: play must call what "
                    "say returned")
        said = tuple(have[2:])
        going_on = c.got_scores_after(j + 1)
        if done is not None and c.settings["say"] == "scores" and len(said) == 2:
            if going_on is not None and tuple(going_on) == tuple(want[2:]):
                reasons = []
                if said == tuple(want[2:][::-1]) and not any(
                        compare.kind(e) == "c" and len(e) == 4 and e[2] != e[3]
                        for e in c.got[:j]):
                    reasons.append("the commentary got the scores in the wrong order "
                                   "(score0 first)")
                if c.ns is not None and "swap" in done.keys:
                    pre = _before_swap(c, done)
                    if pre is not None and tuple(pre) == said:
                        reasons.append("the commentary was called before the swap")
                if said == tuple(want[2:][::-1]) and not reasons:
                    reasons.append("the commentary got the scores in the wrong order "
                                   "(score0 first)")
                if reasons:
                    return (f"{where}; {', or '.join(reasons)}: it was called with "
                            f"{_pair(said)}, the scores after the turn are {_pair(want[2:])}")
                return (f"{where}; the commentary was called with {_pair(said)}, but the "
                        f"scores after the turn are {_pair(want[2:])}")
            if done.after is not None:
                return f"{where}; {c.outcome(done, said)} (as the commentary was told)"
        return (f"{where}; expected the commentary called with {_pair(want[2:])}, got "
                f"{_pair(said)}")
    if wk == "d" and done is not None:
        return f"{where}; {c.dice_words(done, j, 'rarely')}, then the commentary"
    if done is None:
        return (f"turn 1: the commentary was called before the first turn, with "
                f"{_pair(have[2:])}")
    return (f"{where}; the commentary was called again ({_what(have)}): it is called once "
            "at the end of each turn")


def _before_swap(c: _Context, view: TurnView) -> Optional[Scores]:
    try:
        turn = _model(c.ns, view, SimpleNamespace(**{**vars(c.ns), "swap": lambda *a: False}))
    except Exception:
        return None
    return _scores_of(turn, view.mover)
