"""Walls, as data for any game (docs/variants-file.md, "Walls"): moves that also place a wall, and pieces that
turn into a wall when they capture.

A wall is the core's ``HOLE`` on a cell: nothing moves onto it, it blocks every line, and position strings write
it ``*``. The rules are Fairy-Stockfish's (src/movegen.cpp ``make_move_and_gating``; src/position.cpp
``pseudo_legal``, ``legal``, ``do_move``; src/uci.cpp ``move``; read at commit c19b5f6c):

- with a walling rule every move also places one wall, on a cell that is empty once the move is made and lies
  in the mover's walling region (``wallingRegionWhite``/``Black``):
  ``static`` anywhere there; ``past`` on the cell the piece left; ``arrow`` on a cell the moved piece could
  move to from where it lands (its quiet moves, the cell it left empty); ``edge`` on the board's edge or next
  to a wall (orthogonally); ``duck`` anywhere, and the walls already there go (one duck that must move);
- such a move is one move of the core, ``(from, to, wall_extra(move, wall), WALL)``, wrapping the ordinary move
  (``inner_of``): its en passant (unless the wall lands on the passed cell) and castling apply as usual
  (``Game.inner_move``), and it is legal when the move without its wall is (FSF's ``legal`` leaves the wall out);
- it is written as the move, a comma, then its destination and the wall's cell: ``e2e4,e4d5`` (UCI, and
  XBoard, where a promotion's letter comes last: ``e7e8,e8d5q``);
- ``wall_or_move`` (``wallOrMove``): a side either moves, placing no wall, or places a wall instead of moving:
  the WALL move of a piece that stays where it is, the one on FSF's lowest square (first rank first, file a
  first), legal when passing is (not in check). FSF's names of the moves that place no wall end in their
  destination and its first square, ``e2e4,e4a1``, as it writes every move of a game with walls;
- ``petrify`` (``petrifyOnCaptureTypes``): a piece of these kinds that captures turns into a wall where it
  captured, ``(from, to, 0, PETRIFY)``; a pseudo-royal piece (variants/rules/endings.py) may not, and so does not
  count as attacking the other side's pseudo-royal pieces.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from hyperchess.variants.board.codes import (CASTLE, DOUBLE, EMPTY, EN_PASSANT, HOLE, NORMAL, PROMOTION, SPECIAL, TRANSFORM, Move, ep_victim,
                    promoted_code)
from hyperchess.variants.board.errors import MoveError, VariantsFileError
from hyperchess.variants.board.pieces import Mode
from hyperchess.variants.rules.blasts import plain_move

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position

WALL = SPECIAL + 8        # a move that also places a wall: (from, to, wall_extra(move, wall), WALL)
PETRIFY = SPECIAL + 9     # a capture whose capturer turns into a wall: (from, to, 0, PETRIFY)
DUCK = "duck"             # the walling rule of one moving wall (also the name of one of FSF's games)
RULES = ("static", "past", "arrow", "edge", DUCK)
_CELL, _FLAG = 16, 5      # bits of the wall's cell and of the wrapped move's flag in a WALL move's extra


def wall_extra(move: Move, wall: int) -> int:
    """The ``extra`` of the WALL move that makes ``move`` and places a wall on ``wall``."""
    return (move[2] << _FLAG | move[3]) << _CELL | wall


def inner_of(move: Move) -> Move:
    """The ordinary move a WALL move makes."""
    rest = move[2] >> _CELL
    return move[0], move[1], rest >> _FLAG, rest & ((1 << _FLAG) - 1)


def wall_of(move: Move) -> int:
    """The cell where a WALL move places its wall."""
    return move[2] & ((1 << _CELL) - 1)


@dataclass(frozen=True)
class WallRules:
    """What a game's walls do (Fairy-Stockfish's names in brackets)."""
    rule: str = ""                                  # "" none, or one of RULES [wallingRule]
    regions: tuple[tuple[str, ...], ...] = ()       # per player: where its walls may go; () everywhere [wallingRegion]
    petrify: str = ""                               # letters of the pieces that petrify [petrifyOnCaptureTypes]
    or_move: bool = False                           # a wall instead of a move [wallOrMove]


# the keys of a variants file's game that ask for this mixin (docs/variants-file.md, "Walls")
KEYS = {"walling_rule", "walling_region", "petrify_on_capture", "wall_or_move"}


def read_rules(t: dict, where: str, letters: set[str], players: int) -> WallRules:
    """The wall keys of a game table, checked; one line per mistake."""
    rule = t.get("walling_rule", "none")
    if rule not in RULES + ("none",):
        raise VariantsFileError(f"{where}.walling_rule: one of {', '.join(repr(r) for r in RULES + ('none',))}, "
                                f"got {rule!r}")
    regions: tuple[tuple[str, ...], ...] = ()
    if "walling_region" in t:
        value = t["walling_region"]
        if value and isinstance(value, list) and all(isinstance(q, str) for q in value):
            value = [value] * players
        if not isinstance(value, list) or len(value) != players or not all(
                isinstance(x, list) and all(isinstance(q, str) for q in x) for x in value):
            raise VariantsFileError(f"{where}.walling_region: a list of squares, or one for each player")
        regions = tuple(tuple(x) for x in value)
    petrify = t.get("petrify_on_capture", "")
    if not isinstance(petrify, str) or not all(ch.upper() in letters for ch in petrify):
        raise VariantsFileError(f"{where}.petrify_on_capture: piece letters of this game, got {petrify!r}")
    or_move = t.get("wall_or_move", False)
    if not isinstance(or_move, bool):
        raise VariantsFileError(f"{where}.wall_or_move: true or false")
    if or_move and rule == "none":
        raise VariantsFileError(f"{where}.wall_or_move: needs a walling_rule")
    return WallRules("" if rule == "none" else rule, regions, petrify.upper(), or_move)


class Walls:
    """Mixin (before ``Endings`` among the bases): the walls of ``wall_rules``."""

    wall_rules = WallRules()

    def compile(self) -> None:
        legality = {PETRIFY: "plain"}
        if self.wall_rules.rule:
            legality[WALL] = "stays"        # legal as its wrapped move: judged before its walls are added
        self.special_legality = {**self.special_legality, **legality}                 # type: ignore[has-type]
        super().compile()                                                             # type: ignore[misc]
        r = self.wall_rules
        g = self.geometry                                                             # type: ignore[attr-defined]
        every = tuple(range(g.size))
        self.wall_cells = [tuple(sorted(self.names.parse(q) for q in sq)) for sq in r.regions] \
            or [every] * self.players                                                 # type: ignore[attr-defined]
        self.wall_allowed = [frozenset(cells) for cells in self.wall_cells]
        self.edge = frozenset(c for c, (f, rk, _) in enumerate(g.coords)
                              if f in (0, g.files - 1) or rk in (0, g.ranks - 1))
        steps = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0))
        self.beside = [tuple(x for x in (g.step(c, v) for v in steps) if x is not None) for c in every]
        # FSF's squares in its order (rank by rank from the first, file a first): its lsb, and its square a1
        self.fsf_order = sorted(every, key=lambda c: (g.coords[c][2], g.coords[c][1], g.coords[c][0]))
        kind = self.kind_by_letter                                                    # type: ignore[attr-defined]
        self.petrify_codes = frozenset(c for c in range(self.ncodes) if self.kind_of[c]   # type: ignore[attr-defined]
                                       and self.owner[c] >= 0                            # type: ignore[attr-defined]
                                       and self.kind_of[c] in {kind[ch] for ch in r.petrify})  # type: ignore[attr-defined]
        ends = getattr(self, "end_rules", None)
        royal = set(ends.pseudo_royal) if ends is not None else set()
        self.petrify_royal = frozenset(c for c in self.petrify_codes
                                       if self.pieces[self.kind_of[c]].letter in royal)   # type: ignore[attr-defined]
        self.royal_limit = ends.pseudo_royal_count if ends is not None else 0
        self.__dict__.pop("_rule_tables", None)

    def inner_move(self, move: Move) -> Move:
        """A WALL move's ordinary move; a double step whose wall lands on the passed cell opens no en passant."""
        if move[3] != WALL:
            return move
        inner = inner_of(move)
        if inner[3] == DOUBLE and wall_of(move) == inner[2]:
            return inner[0], inner[1], 0, NORMAL
        return inner

    def placed_wall(self, move: Move) -> int:
        """The cell where ``move`` places a wall besides its ordinary move, or -1 (read by
        variants/rules/blasts.py: a blast may clear it in FSF's legality test)."""
        return wall_of(move) if move[3] == WALL else -1

    # ------------------------------------------------------------------ moves
    def restrict_moves(self, pos: "Position", moves: list[Move]) -> list[Move]:
        if self.petrify_codes:
            moves = self._petrified(pos, moves)
        if self.wall_rules.rule:
            moves = self._with_walls(pos, moves)
        return super().restrict_moves(pos, moves)                                     # type: ignore[misc]

    def _petrified(self, pos: "Position", moves: list[Move]) -> list[Move]:
        """A capture by a petrifying piece petrifies it; a pseudo-royal piece may not petrify (FSF's ``legal``)."""
        b = pos.board
        codes = self.petrify_codes
        out = []
        for m in moves:
            if m[3] == NORMAL and b[m[1]] and b[m[0]] in codes:
                if b[m[0]] in self.petrify_royal and self._is_royal(pos, b[m[0]]):
                    continue
                m = (m[0], m[1], 0, PETRIFY)
            out.append(m)
        return out

    def _is_royal(self, pos: "Position", code: int) -> bool:
        """Is ``code`` pseudo-royal now (its side has at most ``pseudo_royal_count`` of it, when that is set)?"""
        if not self.royal_limit:
            return True
        color = self.owner[code]                                                      # type: ignore[attr-defined]
        return sum(1 for c in pos.occupied[color] if pos.board[c] == code) <= self.royal_limit

    def _with_walls(self, pos: "Position", moves: list[Move]) -> list[Move]:
        """Each move once for every cell its wall may go to."""
        us = pos.turn
        k = pos.king_cell(us)
        if k >= 0 and not self.wall_rules.or_move:   # FSF judges the move without its wall: a wall shields no king
            moves = [m for m in moves if _plain_legal(pos, m, us, k)]
        b = pos.board
        rule = self.wall_rules.rule
        allowed = self.wall_allowed[us]
        empty = [c for c in self.wall_cells[us] if not b[c]]
        if rule == "edge":
            near = set(self.edge)
            for c in range(len(b)):
                if b[c] == HOLE:
                    near.update(self.beside[c])
            empty = [c for c in empty if c in near]
        out: list[Move] = []
        add = out.append
        if self.wall_rules.or_move:
            # FSF's wall instead of a move: a pass of its lowest piece, legal as a pass is (not in check)
            mine = pos.occupied[us]
            frm = next((c for c in self.fsf_order if c in mine), -1)
            if frm >= 0 and not (k >= 0 and pos.in_check()):
                stay = (frm, frm, 0, NORMAL)
                for w in empty:
                    add((frm, frm, wall_extra(stay, w), WALL))
            return moves + out
        for m in moves:
            frm, to = m[0], m[1]
            if rule == "past":
                walls = [frm] if frm in allowed and frm != to else []
            else:
                freed, taken = self._changed_cells(m)
                walls = [c for c in empty if c not in taken]
                walls += [c for c in freed if c in allowed and c not in taken and (rule != "edge" or c in near)]
                if rule == "arrow":
                    # FSF's castling is king-takes-rook: its arrow flies as the king would from the rook's square
                    reach = self._reach(pos, frm, self.castling[m[2]].rook_from if m[3] == CASTLE else to)  # type: ignore[attr-defined]
                    walls = [c for c in walls if c in reach]
            for w in walls:
                add((frm, to, wall_extra(m, w), WALL))
        return out

    def _changed_cells(self, move: Move) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(cells the move empties, cells it fills); a capture that blasts as the capture (FSF places the wall
        on a cell empty before the blast)."""
        move = plain_move(move)
        frm, to, extra, flag = move
        if flag == CASTLE:
            rule = self.castling[extra]                                               # type: ignore[attr-defined]
            return (rule.king_from, rule.rook_from), (rule.king_to, rule.rook_to)
        if flag == EN_PASSANT:
            return (frm, ep_victim(move)), (to,)
        return ((frm,) if frm != to else ()), (to,)

    def _reach(self, pos: "Position", frm: int, to: int) -> set[int]:
        """The cells the piece on ``frm`` could move to from ``to``, ``frm`` left empty (FSF's ``moves_bb``: a
        ride reaches the first occupied cell too; the wall goes on an empty one)."""
        b = pos.board
        code = b[frm]
        b[frm] = EMPTY
        rides, leaps, pawnish = self.tables[code][to]                                 # type: ignore[attr-defined]
        out: set[int] = set()
        lines = list(rides)
        if pawnish is not None:
            qleaps, _, _, qrides, _, _, lame, _, _ = pawnish
            lines += qrides
            out.update(c for c, _ in qleaps)
            out.update(c for between, c, _, mode in lame if mode is not Mode.CAPTURE and not any(b[x] for x in between))
        for ray in lines:
            for c, _ in ray:
                out.add(c)
                if b[c]:
                    break
        out.update(c for c, _ in leaps)
        b[frm] = code
        return out

    def make_special(self, pos: "Position", move: Move) -> int:
        flag = move[3]
        if flag == PETRIFY:
            captured = pos.board[move[1]]
            pos.put(move[0], EMPTY)
            pos.put(move[1], HOLE)
            return captured
        if flag != WALL:
            return super().make_special(pos, move)                                    # type: ignore[misc]
        inner = inner_of(move)
        captured = self._make_inner(pos, inner)
        if self.wall_rules.rule == DUCK:
            b = pos.board
            for c in range(len(b)):
                if b[c] == HOLE:
                    pos.put(c, EMPTY)
        pos.put(wall_of(move), HOLE)
        return captured

    def _make_inner(self, pos: "Position", move: Move) -> int:
        """The board changes of the ordinary ``move`` (as ``Position.push`` makes them), through ``pos.put``."""
        frm, to, extra, flag = move
        b = pos.board
        if flag >= SPECIAL:             # (a blast, a petrification: the game's own, from the outermost mixin)
            return self.make_special(pos, move)
        if flag == CASTLE:
            rule = self.castling[extra]                                               # type: ignore[attr-defined]
            king, rook = b[rule.king_from], b[rule.rook_from]
            pos.put(rule.king_from, EMPTY)
            pos.put(rule.rook_from, EMPTY)
            pos.put(rule.rook_to, rook)
            pos.put(rule.king_to, king)
            return EMPTY
        p = b[frm]
        captured = b[to] if to != frm else EMPTY         # (a wall instead of a move: the piece stays, takes nothing)
        if flag == EN_PASSANT:
            victim = ep_victim(move)
            captured = b[victim]
            pos.put(victim, EMPTY)
            p = promoted_code(move) or p
        elif flag == PROMOTION or flag == TRANSFORM:
            p = extra
        pos.put(frm, EMPTY)
        pos.put(to, p)
        return captured

    # ------------------------------------------------------------------ pseudo-royal pieces (variants/rules/endings.py)
    def _pseudo_attacked(self, pos: "Position", color: int, cells: list[int] | None = None) -> bool:
        """A pseudo-royal piece that would petrify by capturing attacks nothing (FSF's ``legal``): it is left out
        of the attackers, as a wall that still blocks lines."""
        b = pos.board
        them = [c for c in pos.occupied[1 - color] if b[c] in self.petrify_royal and self._is_royal(pos, b[c])]
        saved = [b[c] for c in them]
        for c in them:
            b[c] = HOLE
        try:
            return super()._pseudo_attacked(pos, color, cells)                        # type: ignore[misc]
        finally:
            for c, code in zip(them, saved):
                b[c] = code

    def _castling_safe(self, pos: "Position", move: Move) -> bool:
        """A pseudo-royal piece's castling path (variants/rules/endings.py) as FSF's ``legal`` sees it: the new
        wall placed, the duck it replaces gone."""
        if move[3] != WALL:
            return super()._castling_safe(pos, move)                                  # type: ignore[misc]
        b = pos.board
        old = [c for c in range(len(b)) if b[c] == HOLE] if self.wall_rules.rule == DUCK else []
        wall = wall_of(move)
        placed = not b[wall]          # (a wall on the castling pieces' cells changes no line to the path)
        for c in old:
            b[c] = EMPTY
        if placed:
            b[wall] = HOLE
        try:
            return super()._castling_safe(pos, move)                                  # type: ignore[misc]
        finally:
            if placed:
                b[wall] = EMPTY
            for c in old:
                b[c] = HOLE

    # ------------------------------------------------------------------ move text and clicks
    def move_name(self, pos: "Position", move: Move, square=None, letter=None) -> str:
        """A move that places a wall: the move, a comma, its destination as written and the wall (``e2e4,e4d5``);
        where a wall may be placed instead of a move, any other move ends in its destination and FSF's first
        square (``e2e4,e4a1``)."""
        if move[3] != WALL:
            name = super().move_name(pos, move, square, letter)                       # type: ignore[misc]
            if self.wall_rules.or_move and self.wall_rules.rule:
                square = square or self.names.name                                    # type: ignore[attr-defined]
                name += "," + self._landing(move, square) + square(self.fsf_order[0])
            return name
        square = square or self.names.name                                            # type: ignore[attr-defined]
        inner = inner_of(move)
        # (a capture that blasts is named by the mixin that made it, the outermost)
        name = self.move_name if inner[3] >= SPECIAL else super().move_name           # type: ignore[misc]
        return name(pos, inner, square, letter) + "," + self._landing(inner, square) + square(wall_of(move))

    def _landing(self, inner: Move, square) -> str:
        """The destination as the move's name writes it (a castling king-takes-rook: the rook's square)."""
        if inner[3] == CASTLE and getattr(self, "castling_by_rook", False):
            return square(self.castling[inner[2]].rook_from)                         # type: ignore[attr-defined]
        return square(inner[1])

    def flat_move(self, pos: "Position", move: Move, square) -> str | None:
        """XBoard's text: a promotion's letter comes after the wall (FSF writes ``e7e8,e8d5q`` to XBoard)."""
        if move[3] != WALL:
            return super().flat_move(pos, move, square)                               # type: ignore[misc]
        inner = plain_move(inner_of(move))
        new = promoted_code(inner)
        if not new:
            return None
        return (square(inner[0]) + square(inner[1]) + "," + square(inner[1]) + square(wall_of(move))
                + self.flat_letter(new).lower())                                      # type: ignore[attr-defined]

    def parse_move(self, pos: "Position", text: str) -> Move:
        """A move with its wall (``e2e4,e4d5``), or any other move as the game reads it."""
        t = text.strip()
        if "," not in t:
            return super().parse_move(pos, text)                                      # type: ignore[misc]
        squares = self.names.pattern                                                  # type: ignore[attr-defined]
        if not re.fullmatch(f"[^,]+,({squares})({squares})", t):
            raise MoveError(f"malformed move {t[:40]!r}")
        for move in pos.legal_moves():
            if (move[3] == WALL or self.wall_rules.or_move) and self.move_name(pos, move) == t:
                return move
        raise MoveError(f"illegal move {t}")

    @property
    def third_click_prompt(self) -> str:
        """The wall's step as players say it: after the move the duck is placed on an empty square (Exeter Chess
        Club, exeterchessclub.org.uk/content/duck-chess: "You move a chess piece, then move the Duck";
        rules.moddable.games, Duck Chess: "place the duck"), an amazon shoots an arrow (Wikipedia, Game of the
        Amazons), any other wall is placed."""
        return {DUCK: "Place the duck", "arrow": "Shoot an arrow"}.get(self.wall_rules.rule, "Place a wall")

    def move_parts(self, pos: "Position", move: Move) -> Any:
        """A move with its wall: the move's parts and the wall's cell; a capture that petrifies: the capture."""
        if move[3] == PETRIFY:
            return super().move_parts(pos, (move[0], move[1], 0, NORMAL))             # type: ignore[misc]
        if move[3] != WALL:
            return super().move_parts(pos, move)                                      # type: ignore[misc]
        inner = inner_of(move)
        parts = (self.move_parts if inner[3] >= SPECIAL else super().move_parts)(pos, inner)  # type: ignore[misc]
        return None if parts is None else replace(parts, wall=wall_of(move))

    def click_target(self, pos: "Position", move: Move) -> Any:
        """A move with its wall: the move's clicks, then a third click on the wall's cell."""
        if move[3] != WALL:
            return super().click_target(pos, move)                                    # type: ignore[misc]
        inner = inner_of(move)
        click = self.click_target if inner[3] >= SPECIAL else super().click_target    # type: ignore[misc]
        src, dst, label = click(pos, inner)[:3]
        wall = self.names.name(wall_of(move))                                         # type: ignore[attr-defined]
        return src, dst, f"{label}, wall on {wall}", wall


def _plain_legal(pos: "Position", move: Move, us: int, king: int) -> bool:
    pos.push(move)
    exposed = pos.king_exposed(move, us, king)
    pos.pop()
    return not exposed
