"""Exact win rates of Hog strategies given as tables, for any edition's rules.

A strategy is a GOAL x GOAL table of ints 0..MAX_DICE: table[s][o] is the number of
dice the mover asks for at own score s, opponent score o. The engine knows no
edition: it reads a rules module (`grader.hog.editions`) and tabulates its scalar
functions into numpy arrays once per rules module and goal (`game`).

Every turn adds at least one point to the sum of the scores and a swap keeps the
sum, so the game is a DAG over states (mover's score, opponent's score, memory):
sweeping the score sum downwards, each level reads only levels already computed,
and all states of a level are computed at once. Values are the mover's winning
chance; a turn is worth E[1 - next mover's value], or E[own value] after an extra
turn. Which player moved first does not enter: exactly one score reaches the goal
at the end of a game.

Memory (fa19's previous dice, sp18's turn counter) is enumerated from START. Two
facts keep it cheap. For a turn with a given number of dice, memories that earn the
same bonus and the same extra-turn rule ("classes") lead to the same scores, so the
scores are followed once per class. And the memories the next turn can see form
one block ("group"): fa19's next mover always sees the dice just rolled as their
opponent's, so only the 11 memories sharing it are read, as one contiguous row.
"""

from __future__ import annotations

import dis
import itertools
import time
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from types import FunctionType, ModuleType
from typing import Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from .. import editions

MAX_DICE = 10
CHOICES = MAX_DICE + 1
SIDES = 6
MAX_MEMORIES = 4096



def roll_distribution(num_dice: int, sides: int = SIDES) -> Dict[int, Fraction]:
    """Exact distribution of the Pig Out value of NUM_DICE dice: 1 if any shows 1,
    else their sum (0 for no dice)."""
    if num_dice == 0:
        return {0: Fraction(1)}
    ways = {0: 1}
    for _ in range(num_dice):
        nxt: Dict[int, int] = {}
        for total, count in ways.items():
            for face in range(2, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0) + count
        ways = nxt
    dist = {t: Fraction(c, sides ** num_dice) for t, c in ways.items()}
    dist[1] = 1 - Fraction(sides - 1, sides) ** num_dice
    return dist


# --- Tabulating a rules module ------------------------------------------------------

INTROSPECTION = {"locals", "vars", "eval", "exec", "globals", "_getframe", "currentframe",
                 "getframeinfo", "stack", "f_locals", "f_back", "tb_frame", "inspect", "sys"}


def parameters_read(function, count: int) -> Tuple[bool, ...]:
    """Which of the first COUNT positional parameters FUNCTION can read at all.

    A parameter that no instruction of the function's code names cannot change its
    result, so the table need not vary along it (fa19's `extra_turn` reads nothing,
    su21's only the scores). Anything this cannot see through (not a plain function,
    *args, frame introspection) counts as reading every parameter: slower, never
    wrong.
    """
    code = getattr(function, "__code__", None)
    if not isinstance(function, FunctionType) or code is None:
        return (True,) * count
    if code.co_flags & 0x0C or code.co_argcount < count or INTROSPECTION & set(code.co_names):
        return (True,) * count
    named = set()
    for instruction in dis.get_instructions(code):
        value = instruction.argval
        named.update(v for v in (value if isinstance(value, tuple) else (value,))
                     if isinstance(v, str))
    named.update(code.co_cellvars)
    return tuple(name in named for name in code.co_varnames[:count])


def tabulate(function, domains: Sequence[Sequence], dtype=np.int64) -> np.ndarray:
    """FUNCTION at every combination of DOMAINS, one axis per parameter; an axis the
    function does not read has length 1 (numpy broadcasts it)."""
    reads = parameters_read(function, len(domains))
    axes = [list(domain) if read else list(domain)[:1] for domain, read in zip(domains, reads)]
    values = [function(*args) for args in itertools.product(*axes)]
    return np.array(values, dtype=dtype).reshape([len(axis) for axis in axes])


class RulesError(editions.RulesError):
    """Rules the exact engine cannot follow (a turn that scores nothing, endless memory)."""


def _memories(rules) -> List[tuple]:
    """Every memory a game can reach from START, START first."""
    found, todo = {rules.START: 0}, [rules.START]
    while todo:
        memory = todo.pop()
        for dice, again in itertools.product(range(rules.MAX_DICE + 1), (False, True)):
            nxt = rules.remember(dice, memory, again)
            if nxt not in found:
                if len(found) >= MAX_MEMORIES:
                    raise RulesError(f"rules {rules.NAME} remember more than {MAX_MEMORIES} "
                                     "different things: the exact engine needs few")
                found[nxt] = len(found)
                todo.append(nxt)
    return list(found)


class _Groups:
    """Union-find over memory indices."""

    def __init__(self, count: int):
        self.parent = list(range(count))

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def union(self, members) -> None:
        members = list(members)
        for other in members[1:]:
            self.parent[self.find(other)] = self.find(members[0])


class Game:
    """One rules module tabulated for one goal: everything the DP reads, as arrays.

    Cells number the score pairs (s, o), s, o < goal, level by level (highest score
    sum first) so that a level is a contiguous block; two more cells stand for a
    finished game (`they_won`, value 1, and `they_lost`, value 0). Memories are laid
    out as `groups` blocks of `width` slots. Values live in one array `(2, cells + 2,
    slots)`: for each of the two sides, its winning chance as the mover. A "slab" is
    one group's block of one cell of one side: row `(side * (cells + 2) + cell) *
    groups + group` of the array seen as `(-1, width)`. A turn is worth
    E[1 - slab value] over the outcomes where the other player moves next or the game
    ends, plus E[slab value] over those where the mover moves again.
    """

    def __init__(self, rules: ModuleType, goal: Optional[int] = None):
        start = time.perf_counter()
        self.rules = rules
        self.name = rules.NAME
        goal = self.goal = int(goal or rules.GOAL)
        if int(rules.MAX_DICE) != MAX_DICE:
            raise RulesError(f"rules {rules.NAME}: strategy tables hold 0 to {MAX_DICE} dice")
        scores = range(goal)
        self._cells(goal)
        self._turns(rules, scores)
        self._memory(rules, scores)
        self._leads(rules)
        self.build_seconds = time.perf_counter() - start

    def _cells(self, goal: int) -> None:
        self.cell = np.zeros((goal, goal), dtype=np.int64)
        self.levels: List[Tuple[int, int]] = []
        s_of, o_of, start = [], [], 0
        for total in range(2 * goal - 2, -1, -1):
            score = np.arange(max(0, total - goal + 1), min(total, goal - 1) + 1)
            self.cell[score, total - score] = np.arange(start, start + len(score))
            self.levels.append((start, start + len(score)))
            s_of.append(score)
            o_of.append(total - score)
            start += len(score)
        self.cells = start
        self.they_won, self.they_lost = start, start + 1
        self.score = np.concatenate(s_of)
        self.opponent = np.concatenate(o_of)

    def _turns(self, rules, scores) -> None:
        """dice[cell, asked]; per (cell, asked) each outcome's `key` (where its points
        take the mover); chance[face, dice, outcome]. Outcomes are padded to one width
        with zero chances (and the first outcome's points)."""
        goal = self.goal
        asked = range(CHOICES)
        sides = np.broadcast_to(tabulate(rules.sides, [scores, scores]), (goal, goal))
        dice = np.broadcast_to(tabulate(rules.dice, [asked, scores, scores]),
                               (CHOICES, goal, goal))
        if sides.min() < 1 or dice.min() < 0 or dice.max() > MAX_DICE:
            raise RulesError(f"rules {rules.NAME}: dice or sides out of range")
        faces = sorted(set(sides.ravel().tolist()))
        dists = {(f, k): sorted(roll_distribution(k, f).items()) for f in faces for k in asked}
        pairs = sorted({(k, v) for (_, k), dist in dists.items() for v, _ in dist})
        pair_index = {pair: i for i, pair in enumerate(pairs)}
        reads = parameters_read(rules.points, 4)
        pair_axis = pairs if (reads[0] or reads[1]) else pairs[:1]
        own = list(scores) if reads[2] else [0]
        opp = list(scores) if reads[3] else [0]
        points_by_pair = np.array([rules.points(k, v, s, o) for (k, v) in pair_axis
                                   for s in own for o in opp], dtype=np.int64)
        points_by_pair = points_by_pair.reshape(len(pair_axis), len(own), len(opp))
        width = max(len(d) for d in dists.values())
        face_index = {f: i for i, f in enumerate(faces)}
        chance = np.zeros((len(faces), CHOICES, width))
        pair_of = np.zeros((len(faces), CHOICES, width), dtype=np.int64)
        for (f, k), dist in dists.items():
            for j in range(width):
                v, p = dist[j] if j < len(dist) else (dist[0][0], 0)
                fi = face_index[f]
                chance[fi, k, j] = float(p)
                pair_of[fi, k, j] = pair_index[(k, v)] if len(pair_axis) > 1 else 0
        self.widths = (chance > 0).sum(axis=2)  # [face, dice]
        s, o = self.score, self.opponent
        fi = np.searchsorted(np.array(faces), sides[s, o])  # [cell]
        self.face = fi
        self.dice = dice[:, s, o].T.copy()  # [cell, asked]
        k = self.dice
        pair = pair_of[fi[:, None], k]  # [cell, asked, j]
        points = points_by_pair[pair, (s if reads[2] else 0 * s)[:, None, None],
                                (o if reads[3] else 0 * o)[:, None, None]]
        # Where the outcome leads, but for the bonus and the side: see `_leads`.
        self.key = ((s[:, None, None] + points) * goal + o[:, None, None]).astype(np.int32)
        self.chance = chance  # [face, dice, j]
        self.max_points = int(points_by_pair.max())
        self.min_points = int(points_by_pair.min())

    def _memory(self, rules, scores) -> None:
        """Memories, bonus, extra-turn rules, classes and groups (see the class doc)."""
        goal = self.goal
        memories = self.memories = _memories(rules)
        count = len(memories)
        asked = range(CHOICES)
        bonus = np.broadcast_to(tabulate(rules.bonus, [asked, memories]), (CHOICES, count))
        if self.min_points + int(bonus.min()) < 1:
            raise RulesError(f"rules {rules.NAME}: a turn can score nothing, so a game need "
                             "not end; the exact engine needs every turn to score")
        self.max_bonus = int(bonus.max())
        index = {m: i for i, m in enumerate(memories)}
        remember = np.array([[[index[rules.remember(k, m, again)] for again in (False, True)]
                              for m in memories] for k in asked])  # [dice, memory, again]
        extra = tabulate(rules.extra_turn, [scores, scores, asked, memories], dtype=bool)
        patterns: Dict[bytes, int] = {}
        pattern_maps = []
        pattern_of = np.zeros((CHOICES, count), dtype=np.int64)
        for k, m in itertools.product(asked, range(count)):
            grid = np.ascontiguousarray(np.broadcast_to(
                extra[:, :, k if extra.shape[2] > 1 else 0, m if extra.shape[3] > 1 else 0],
                (goal, goal)))
            key = grid.tobytes()
            if key not in patterns:
                patterns[key] = len(pattern_maps)
                pattern_maps.append(grid)
            pattern_of[k, m] = patterns[key]
        self.patterns = np.array(pattern_maps)
        self.extra_turns = bool(self.patterns.any())
        groups = _Groups(count)
        for k in asked:
            groups.union(remember[k, :, 0])
            if self.patterns[pattern_of[k]].any():
                groups.union(remember[k, :, 1])
        roots = sorted({groups.find(i) for i in range(count)})
        group = np.array([roots.index(groups.find(i)) for i in range(count)])
        within = np.zeros(count, dtype=np.int64)
        sizes = [0] * len(roots)
        for i in range(count):
            within[i], sizes[group[i]] = sizes[group[i]], sizes[group[i]] + 1
        self.groups, self.width = len(roots), max(sizes)
        self._align(within, group, remember, pattern_of)
        self.slots = self.groups * self.width
        slot = group * self.width + within
        self.start_slot = int(slot[0])
        # Classes: per dice, memories with the same bonus and extra-turn rule.
        keys = [sorted({(int(bonus[k, m]), int(pattern_of[k, m])) for m in range(count)})
                for k in asked]
        self.classes = max(len(k) for k in keys)
        # An extra turn's memory and a plain turn's differ only by group (sp18: the same
        # turn number, with or without the flag): one sum with signed chances does.
        again_occurs = [bool(self.patterns[pattern_of[k]].any()) for k in asked]
        self.signed = self.extra_turns and all(
            within[remember[k, m, 0]] == within[remember[k, m, 1]]
            for k in asked if again_occurs[k] for m in range(count))
        parts = 2 if self.extra_turns and not self.signed else 1
        self.class_bonus = np.zeros((CHOICES, self.classes), dtype=np.int64)
        self.class_pattern = np.zeros((CHOICES, self.classes), dtype=np.int64)
        self.parts = parts
        self.pick = np.zeros((CHOICES, parts, self.slots), dtype=np.int64)
        self.group_after = np.zeros((CHOICES, 2), dtype=np.int64)
        for k in asked:
            padded = keys[k] + [keys[k][0]] * (self.classes - len(keys[k]))
            self.class_bonus[k] = [b for b, _ in padded]
            self.class_pattern[k] = [p for _, p in padded]
            self.group_after[k] = group[remember[k, 0]]
            for m in range(count):
                c = keys[k].index((int(bonus[k, m]), int(pattern_of[k, m])))
                for part in range(parts):
                    self.pick[k, part, slot[m]] = ((c * parts + part) * self.width
                                                   + within[remember[k, m, part]])
        # In-game memory of each slot, for a policy over memories (None for padding).
        self.slot_memory: List[Optional[tuple]] = [None] * self.slots
        for m in range(count):
            self.slot_memory[slot[m]] = memories[m]

    def _align(self, within, group, remember, pattern_of) -> None:
        """Give a memory reached by an extra turn the place in its group that the memory
        reached without one has in its own, where that is consistent (sp18: turn n with
        the flag at the place of turn n without it), so that `signed` sums apply."""
        wanted: Dict[int, set] = {}
        for k in range(CHOICES):
            if self.patterns[pattern_of[k]].any():
                for plain, extra in remember[k]:
                    wanted.setdefault(int(extra), set()).add(int(within[plain]))
        for g in {int(group[m]) for m in wanted}:
            members = [m for m in range(len(within)) if group[m] == g]
            places = [wanted.get(m) for m in members]
            if all(p is not None and len(p) == 1 for p in places):
                chosen = [p.pop() for p in places]
                if len(set(chosen)) == len(chosen):
                    within[members] = chosen

    def _leads(self, rules) -> None:
        """lead_row[side, pattern, groups after, a * goal + o]: the slab a turn reads when
        the mover's score becomes A against O, before any swap; lead_again: whether the
        mover moves again there. "Groups after" are the groups of the memories the next
        turn sees without and with an extra turn (they depend on the dice rolled only).
        `key` + `class_key` + `side_key` index both."""
        goal = self.goal
        top = goal + self.max_points + self.max_bonus
        swap = np.broadcast_to(tabulate(rules.swap, [range(top), range(goal)], dtype=bool),
                               (top, goal))
        a, o = np.meshgrid(np.arange(top), np.arange(goal), indexing="ij")
        mine, theirs = np.where(swap, o, a), np.where(swap, a, o)
        over = np.maximum(mine, theirs) >= goal
        inside_m, inside_t = np.minimum(mine, goal - 1), np.minimum(theirs, goal - 1)
        pairs = sorted({tuple(p) for p in self.group_after.tolist()})
        pair_of = np.array([pairs.index(tuple(p)) for p in self.group_after.tolist()])
        full = self.cells + 2
        shape = (2, len(self.patterns), len(pairs), top * goal)
        row, again = np.zeros(shape, dtype=np.int64), np.zeros(shape, dtype=bool)
        ended = np.where(mine > theirs, self.they_lost, self.they_won) * self.groups
        for p, grid in enumerate(self.patterns):
            moves_again = ~over & grid[inside_m, inside_t]
            for side in (0, 1):
                same = (side * full + self.cell[inside_m, inside_t]) * self.groups
                other = ((1 - side) * full + self.cell[inside_t, inside_m]) * self.groups
                for i, (after, after_again) in enumerate(pairs):
                    row[side, p, i] = np.where(over, ended, np.where(
                        moves_again, same + after_again, other + after)).ravel()
                    again[side, p, i] = moves_again.ravel()
        self.lead_row = row.reshape(-1)
        self.lead_again = again.reshape(-1)
        self.side_key = len(self.patterns) * len(pairs) * top * goal
        self.class_key = (self.class_bonus * goal
                          + (self.class_pattern * len(pairs) + pair_of[:, None]) * top * goal)

    def new_values(self) -> np.ndarray:
        values = np.zeros((2, self.cells + 2, self.slots))
        values[:, self.they_won] = 1.0
        return values

    def start_value(self, values: np.ndarray, side: int) -> float:
        """Winning chance of SIDE moving first from (0, 0) with the START memory."""
        return float(values[side, self.cell[0, 0], self.start_slot])


@lru_cache(maxsize=16)
def _game(rules: ModuleType, goal: int) -> Game:
    return Game(rules, goal)


RulesLike = Union[None, str, ModuleType, Game]


def game(rules: RulesLike = None, goal: Optional[int] = None) -> Game:
    """The tabulated rules: RULES a rules module, an edition name (default fa19) or a
    Game; built once per rules module and goal in a process."""
    if isinstance(rules, Game):
        if goal is not None and goal != rules.goal:
            return _game(rules.rules, int(goal))
        return rules
    if rules is None or isinstance(rules, str):
        rules = editions.load(rules or "fa19")
    return _game(rules, int(goal or rules.GOAL))


# --- The DP ---------------------------------------------------------------------------

def follow(g: Game, side: np.ndarray, cells: np.ndarray, asked: np.ndarray,
           dice: np.ndarray, w: int):
    """Where R movers' turns lead: SIDE[i] at CELLS[i] asking for ASKED[i] dice and
    rolling DICE[i], at most W outcomes. Returns slab[R, class, outcome] (the slab
    row read), chance[R, outcome], and again[R, class, outcome] (None for rules
    without extra turns)."""
    key = (g.key[cells, asked, :w][:, None, :]
           + (g.class_key[dice] + (side * g.side_key)[:, None])[:, :, None])
    slab = g.lead_row.take(key)
    chance = g.chance[g.face[cells], dice, :w]
    return slab, chance, (g.lead_again.take(key) if g.extra_turns else None)


def evaluate(g: Game, values: np.ndarray, side: np.ndarray, cells: np.ndarray,
             asked: np.ndarray, dice: np.ndarray, w: int) -> np.ndarray:
    """Winning chances (R, slots) of the R movers of `follow`, for every memory slot."""
    slab, chance, again = follow(g, side, cells, asked, dice, w)
    read = values.reshape(-1, g.width).take(slab, axis=0)  # (R, classes, w, width)
    flat_index = g.pick[dice] + (np.arange(len(cells)) * (g.classes * g.parts * g.width))[:, None, None]
    if again is None:
        expected = np.matmul(chance[:, None, None, :], read)
        return 1.0 - expected.take(flat_index[:, 0])
    if g.signed:  # E[1 - value] over turns passed on, E[value] over extra turns
        signed = chance[:, None, :] * np.where(again, 1.0, -1.0)
        expected = np.matmul(signed[:, :, None, :], read)[:, :, 0, :]
        expected += ((1.0 - signed.sum(axis=2)) / 2)[:, :, None]
        return expected.take(flat_index[:, 0])
    moving_again = chance[:, None, :] * again
    weights = np.stack([np.broadcast_to(chance[:, None, :], again.shape), moving_again], axis=2)
    expected = np.matmul(weights, read)  # (R, classes, 2, width): all outcomes, extra turns
    ends_turn = 1.0 - moving_again.sum(axis=2)
    expected[:, :, 0, :] = ends_turn[:, :, None] - expected[:, :, 0, :] + expected[:, :, 1, :]
    return expected.take(flat_index[:, 0]) + expected.take(flat_index[:, 1])


def solve_tables(g: Game, tables: Sequence[np.ndarray]) -> np.ndarray:
    """values[side, cell, slot] for the two sides bound to TABLES (GOAL x GOAL).

    A level's two sides are evaluated together when their turns have as many outcomes
    at most (fewer calls), apart otherwise (no padding of a side's few outcomes to the
    other's many)."""
    values = g.new_values()
    asked = np.stack([np.asarray(t, dtype=np.int64)[g.score, g.opponent] for t in tables])
    dice = np.stack([g.dice[np.arange(g.cells), a] for a in asked])
    starts = [start for start, _ in g.levels]
    widths = np.maximum.reduceat(g.widths[g.face, dice], starts, axis=1).T.tolist()
    both, one = {}, {}
    for (start, stop), (w0, w1) in zip(g.levels, widths):
        n = stop - start
        cells = np.arange(start, stop)
        if w0 == w1:
            if n not in both:
                both[n] = np.repeat(np.array([0, 1]), n)
            values[:, start:stop] = evaluate(
                g, values, both[n], np.concatenate([cells, cells]), asked[:, start:stop].ravel(),
                dice[:, start:stop].ravel(), w0).reshape(2, n, g.slots)
            continue
        for side, w in ((0, w0), (1, w1)):
            if (n, side) not in one:
                one[n, side] = np.full(n, side)
            values[side, start:stop] = evaluate(g, values, one[n, side], cells,
                                                asked[side, start:stop], dice[side, start:stop], w)
    return values


@dataclass(frozen=True)
class WinRate:
    """Exact winning chances of a strategy against an opponent."""

    win_rate: float  # mean of the two move orders
    as_first: float
    as_second: float
    seconds: float

    def as_dict(self) -> Dict[str, float]:
        return {"win_rate": self.win_rate, "as_first": self.as_first,
                "as_second": self.as_second, "seconds": self.seconds}


def as_table(strategy, goal: int = 100) -> np.ndarray:
    """A (goal, goal) int table from a table-like or from an int (always_roll)."""
    if isinstance(strategy, (int, np.integer)):
        if not 0 <= strategy <= MAX_DICE:
            raise ValueError(f"always_roll takes 0 to {MAX_DICE} dice")
        return np.full((goal, goal), int(strategy), dtype=np.int64)
    table = np.asarray(strategy, dtype=np.int64)
    if table.shape != (goal, goal) or table.min() < 0 or table.max() > MAX_DICE:
        raise ValueError(f"a strategy table is {goal}x{goal} ints from 0 to {MAX_DICE}")
    return table


def win_rate(strategy, opponent=4, rules: RulesLike = None, goal: Optional[int] = None) -> WinRate:
    """Exact average win rate of STRATEGY against OPPONENT (tables or ints) under
    RULES (a rules module, an edition name or a Game; default fa19)."""
    g = game(rules, goal)
    start = time.perf_counter()
    values = solve_tables(g, [as_table(strategy, g.goal), as_table(opponent, g.goal)])
    as_first = g.start_value(values, 0)
    as_second = 1.0 - g.start_value(values, 1)
    return WinRate((as_first + as_second) / 2, as_first, as_second,
                   time.perf_counter() - start)


def table_strategy(table: Sequence[Sequence[int]]):
    """The strategy function (score, opponent_score) -> dice that reads `table`."""
    rows = [list(map(int, row)) for row in table]

    def strategy(score, opponent_score):
        return rows[score][opponent_score]
    return strategy
