"""Every player for itself, for points, with dead armies (``scoring``; chess.com's four-player Free-for-all,
docs/rules/fourplayer.md): a capture of a live piece scores its points, a move that checks several kings at once
scores, a checkmate scores and knocks the mated player out at once, a player without a legal move at its turn
(stalemate) is out and every other live player scores. A player who is out is *dead*: its army stays on the
board, never moves (its turns are skipped), attacks nothing (``Game.live_enemies``, read by the core's check
test), blocks lines, and is captured for no points. A live king that is captured (it was left in check by one
player and taken by another before its turn) scores its points and puts its player out.

The game ends when one player is left, or two and the leader is more than ``lead`` points ahead (chess.com's
"claim win", claimed at once here), or by the n-move rule or repetition, each live player then scoring ``draw``.
The result is the points, Red-Blue-Yellow-Green as chess.com's PGN4 writes them (``12-0-31-5``).

A move must be legal against the armies live when it is made: the players it puts out are out after it (a
move that leaves the mover's king attacked is illegal even if it mates the attacker).

A player whose time runs out is out (chess.com: "Players are eliminated when their time runs out"): the clock's
keeper plays its ``timeout``, the special move ``(king cell, king cell, 0, OUT)``, never among the legal moves.
Its army is dead but its king stays live, worth its points to whoever takes it; were one player left, that
player scores them at once.

State: ``pos.extra`` = (dead colours as a bit mask, each colour's points, the dead colours before the last
move), a tuple; the first five are in the hash, and the position string carries them as two fields after the
move number: the dead colours' letters (``-``: none; upper case: out on time, its king still live) and the
points (``0,0,0,0``), both optional on input. A king still live is bit ``players + colour`` of the mask."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hyperchess.variants.board.codes import EMPTY, SPECIAL, Move
from hyperchess.variants.board.errors import FenError, VariantsFileError
from hyperchess.variants.core.legality import king_safe_moves
from hyperchess.variants.core.outcome import Outcome

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position

KEYS = {"scoring"}
OUT = SPECIAL + 15          # the side to move is out on time: (its king's cell, the same, 0, OUT)
OUT_WORD = "timeout"
SCORING_KEYS = {"captures", "checkmate", "checks", "stalemate", "draw", "lead"}


@dataclass(frozen=True)
class Scoring:
    """The points of a free-for-all: ``captures`` by piece letter (a live piece taken), ``checkmate`` (to the
    mating player), ``checks[n]`` (a move that checks n kings at once), ``stalemate`` (to each other live
    player), ``draw`` (to each live player at the n-move rule or repetition) and ``lead`` (two players left:
    more than this ahead ends the game)."""
    captures: dict[str, int] = field(default_factory=dict)
    checkmate: int = 20
    checks: tuple[int, ...] = (0, 0, 5, 15)
    stalemate: int = 10
    draw: int = 10
    lead: int = 20


def read_scoring(table: Any, where: str, letters: set[str]) -> Scoring:
    """The ``scoring`` table of a game (one line a mistake)."""
    at = f"{where}.scoring"
    if not isinstance(table, dict):
        raise VariantsFileError(f"{at}: a table {{ captures = {{ P = 1, ... }}, checkmate = 20, ... }}")
    unknown = set(table) - SCORING_KEYS
    if unknown:
        raise VariantsFileError(f"{at}.{sorted(unknown)[0]}: not a key of scoring ({', '.join(sorted(SCORING_KEYS))})")
    captures = table.get("captures", {})
    if not isinstance(captures, dict) or not all(str(k).upper() in letters and _points(v) for k, v in captures.items()):
        raise VariantsFileError(f"{at}.captures: a table of piece letter = points (0-1000)")
    checks = table.get("checks", [0, 0, 5, 15])
    if not isinstance(checks, list) or not checks or not all(_points(x) for x in checks):
        raise VariantsFileError(f"{at}.checks: a list of points for a move that checks 0, 1, 2, ... kings")
    values = {}
    for key, default in (("checkmate", 20), ("stalemate", 10), ("draw", 10), ("lead", 20)):
        values[key] = table.get(key, default)
        if not _points(values[key]):
            raise VariantsFileError(f"{at}.{key}: points from 0 to 1000")
    return Scoring({str(k).upper(): v for k, v in captures.items()}, checks=tuple(checks), **values)


def _points(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 1000


class FreeForAll:
    """The mixin of ``scoring`` (on ``Game``; every player its own team, ``check = "check"``)."""

    scoring: Scoring
    dead_armies = True
    _probing = False

    def _finish_compile(self) -> None:
        super()._finish_compile()  # type: ignore[misc]
        self.finish_scoring()

    def finish_scoring(self) -> None:
        """After the tables: each piece code's capture points, the live enemies of each dead mask."""
        g: Any = self
        n = g.players
        self._capture_points = [0] * g.ncodes
        for code in range(g.ncodes):
            kind = g.kind_of[code]
            if kind and g.owner[code] >= 0:
                self._capture_points[code] = self.scoring.captures.get(g.pieces[kind].letter.upper(), 0)
        self._live = [[tuple(e for e in g.enemies[c] if not mask >> e & 1) for c in range(n)]
                      for mask in range(1 << n)]
        self._colors = (1 << n) - 1             # the dead colours' bits of the mask (above: live kings)
        self._start_extra = (0,) + (0,) * n + (0,)

    # ------------------------------------------------------------------ state
    def live_enemies(self, pos: "Position", color: int) -> tuple[int, ...]:
        """The live enemies of ``color``: of the side to move, those live now; of another colour (the core asks
        after a move whether the mover's king is exposed), those live when the move was made."""
        extra = pos.extra or self._start_extra
        return self._live[(extra[0] if color == pos.turn else extra[-1]) & self._colors][color]

    def castling_threats(self, pos: "Position", us: int, cell: int) -> tuple[int, ...]:
        return self.live_enemies(pos, us)

    def extra_hash(self, extra) -> int:
        return hash(extra[:-1]) & 0xFFFFFFFFFFFFFFFF if extra and any(extra[:-1]) else 0

    def parse_extra(self, pos: "Position", fields: list[str]):
        """``<dead colours or -> <points,...>`` after the move number; both optional."""
        g: Any = self
        if len(fields) > 2:
            raise FenError(f"unexpected fields after the points: {' '.join(fields[2:])}")
        dead = 0
        if fields and fields[0] != "-":
            for ch in fields[0]:
                if ch.lower() not in g.color_letters:
                    raise FenError(f"dead colours: letters of {'/'.join(g.color_letters)} or -, got {fields[0]!r}")
                c = g.color_letters.index(ch.lower())
                dead |= 1 << c | (1 << (g.players + c) if ch != ch.lower() else 0)
        points = [0] * g.players
        if len(fields) > 1:
            parts = fields[1].split(",")
            if len(parts) != g.players or not all(p.isdigit() and len(p) < 7 for p in parts):
                raise FenError(f"points: {g.players} whole numbers separated by commas, got {fields[1]!r}")
            points = [int(p) for p in parts]
        if dead >> pos.turn & 1:
            raise FenError(f"the side to move, {g.color_names[pos.turn]}, is dead")
        return (dead, *points, dead)

    def format_extra(self, pos: "Position") -> list[str]:
        g: Any = self
        extra = pos.extra or self._start_extra
        mask = extra[0]
        dead = "".join(g.color_letters[c].upper() if mask >> (g.players + c) & 1 else g.color_letters[c]
                       for c in range(g.players) if mask >> c & 1) or "-"
        return [dead, ",".join(str(p) for p in extra[1:-1])]

    def dead(self, pos: "Position") -> int:
        """The dead colours of ``pos``, a bit mask."""
        return pos.extra[0] & self._colors if pos.extra else 0

    def points(self, pos: "Position") -> tuple[int, ...]:
        """Each colour's points."""
        return tuple((pos.extra or self._start_extra)[1:-1])

    # ------------------------------------------------------------------ moves
    def next_turn(self, pos: "Position", color: int) -> int:
        """The next live colour after ``color`` in turn order."""
        n = self.players  # type: ignore[attr-defined]
        dead = self.dead(pos)
        c = color
        for _ in range(n):
            c = (c + 1) % n
            if not dead >> c & 1:
                return c
        return (color + 1) % n

    # ------------------------------------------------------------------ out on time
    def out_move(self, pos: "Position") -> Move:
        """The side to move's time-out (its clock's keeper plays it: the web board)."""
        royals = pos.royals[pos.turn]
        cell = next(iter(royals)) if royals else next(iter(pos.occupied[pos.turn]))
        return (cell, cell, 0, OUT)

    def is_out(self, move: Move) -> bool:
        return move[3] == OUT

    def still_live(self, pos: "Position", code: int) -> bool:
        """Does a piece of a dead army still count: the king of a player out on time (pictures keep its colour)?"""
        g: Any = self
        return code in g.royal_codes and bool((pos.extra or self._start_extra)[0] >> (g.players + g.owner[code]) & 1)

    def make_special(self, pos: "Position", move: Move) -> int:
        if move[3] == OUT:
            return EMPTY
        return super().make_special(pos, move)  # type: ignore[misc]

    def move_name(self, pos: "Position", move: Move, square=None, letter=None) -> str:
        if move[3] == OUT:
            return OUT_WORD
        return super().move_name(pos, move, square, letter)  # type: ignore[misc]

    def move_parts(self, pos: "Position", move: Move):
        """A time-out is written as its word in every notation."""
        return None if move[3] == OUT else super().move_parts(pos, move)  # type: ignore[misc]

    def parse_move(self, pos: "Position", text: str) -> Move:
        """Also ``timeout``, the side to move's time-out (a game's record replays it; a player cannot)."""
        if isinstance(text, str) and text.strip() == OUT_WORD:
            return self.out_move(pos)
        return super().parse_move(pos, text)  # type: ignore[misc]

    def _out_on_time(self, pos: "Position", was):
        """The side to move is out; its king stays live unless one player is left, who scores it now."""
        g: Any = self
        us, n = pos.turn, g.players
        dead = was[0] | 1 << us
        points = list(was[1:-1])
        alive = [c for c in range(n) if not dead >> c & 1]
        king = self._capture_points[next((c for c in g.royal_codes if g.owner[c] == us), 0)]
        if len(alive) == 1:
            points[alive[0]] += king
        else:
            dead |= 1 << (n + us)
        return (dead, *points, was[0])

    def extra_after_move(self, pos: "Position", move: Move, moved: int, captured: int):
        """Points and deaths after ``move`` of the side to move (called while the move is made, before the
        turn passes on)."""
        if self._probing:
            return pos.extra
        g: Any = self
        was = pos.extra or self._start_extra
        if move[3] == OUT:
            return self._out_on_time(pos, was)
        dead = before = was[0]
        points = list(was[1:-1])
        us = pos.turn
        n = g.players
        if captured:
            victim = g.owner[captured]
            if not dead >> victim & 1:
                points[us] += self._capture_points[captured]
                if captured in g.royal_codes and not pos.royals[victim]:
                    dead |= 1 << victim          # a live king taken: its player is out
            elif dead >> (n + victim) & 1 and captured in g.royal_codes:
                points[us] += self._capture_points[captured]      # the king of a player out on time
                dead &= ~(1 << (n + victim))
        order = [(us + i) % n for i in range(1, n)]
        checked = []
        for c in order:
            if not dead >> c & 1:
                k = pos.king(c)
                if k is not None and pos.attacked(k, (us,)):
                    checked.append(c)
        if len(checked) < len(self.scoring.checks):
            points[us] += self.scoring.checks[len(checked)]
        else:
            points[us] += self.scoring.checks[-1]
        self._probing = True
        try:
            for c in order:                     # checkmate counts at once (chess.com)
                if not dead >> c & 1:
                    k = pos.king(c)
                    if k is not None and pos.attacked(k, self._live[dead & self._colors][c]) \
                            and not self._has_move(pos, c, (dead, *points, dead)):
                        dead |= 1 << c
                        points[us] += self.scoring.checkmate
            for c in order:                     # the next players in turn: stalemated ones are out
                if dead >> c & 1:
                    continue
                if self._has_move(pos, c, (dead, *points, dead)):
                    break
                dead |= 1 << c
                for o in range(n):
                    if o != c and not dead >> o & 1:
                        points[o] += self.scoring.stalemate
        finally:
            self._probing = False
        now = (dead, *points, before)
        return was if now == was else now

    def _has_move(self, pos: "Position", color: int, extra) -> bool:
        """Has ``color`` a legal move on this board, were it to move now with ``extra``'s dead armies?"""
        turn, before = pos.turn, pos.extra
        pos.turn, pos.extra = color, extra
        try:
            return bool(king_safe_moves(pos))
        finally:
            pos.turn, pos.extra = turn, before

    # ------------------------------------------------------------------ the end
    def game_over(self, pos: "Position") -> Outcome | None:
        """One player left, or two and the leader more than ``lead`` ahead."""
        g: Any = self
        dead = self.dead(pos)
        alive = [c for c in range(g.players) if not dead >> c & 1]
        points = self.points(pos)
        if len(alive) <= 1:
            return self._by_points(points, "the last player left" if alive else "no player left", "elimination")
        if len(alive) == 2 and abs(points[alive[0]] - points[alive[1]]) > self.scoring.lead:
            return self._by_points(points, f"two players left, the leader more than {self.scoring.lead} ahead",
                                   "lead")
        return None

    def _by_points(self, points, why: str, termination: str) -> Outcome:
        g: Any = self
        best = max(points)
        winners = [g.color_names[c].capitalize() for c in range(g.players) if points[c] == best]
        head = f"{' and '.join(winners)} {'win' if len(winners) > 1 else 'wins'} on points"
        return Outcome("-".join(str(p) for p in points), f"{head} ({why})", termination)

    def _draw_points(self, pos: "Position") -> list[int]:
        dead = self.dead(pos)
        return [p + (0 if dead >> c & 1 else self.scoring.draw) for c, p in enumerate(self.points(pos))]

    def fifty_outcome(self, pos: "Position", plies: int) -> Outcome:
        return self._by_points(self._draw_points(pos), f"{plies} plies without a capture or pawn move", "fifty")

    def repetition_outcome(self, pos: "Position", count: int) -> Outcome:
        return self._by_points(self._draw_points(pos), f"the position stood {count} times", "repetition")

    def mate_outcome(self, pos: "Position") -> Outcome:
        """Only a position read from outside has the side to move without moves: the points decide."""
        return self._by_points(self.points(pos), "the side to move is checkmated", "checkmate")

    def stalemate_outcome(self, pos: "Position") -> Outcome:
        return self._by_points(self.points(pos), "the side to move is stalemated", "stalemate")
