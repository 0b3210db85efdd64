"""Paul Glover's stacked-board games (contract: shared/rules/future-generation.md; decisions the contract
leaves open: docs/rules/future-generation.md).

- ``next-generation``: "Chess – The Next Generation", 2 players on levels A (top) and B, FIDE rules.
- ``future-generation``: "Chess – The Future Generation", 4 players on levels A..D, White+Gold against
  Black+Silver, no check: kings are captured, a colour without its king is skipped and its pieces stay as
  inert blockers (the core's ``elimination`` switch); level access (A(b) FG rule 2) restricts the moves of a
  locked colour (``restrict_moves``); knights are crowned on the far edge (the core's ``transforms``);
  en passant is open to each enemy colour on its own next turn (the core's ``ep_rule = "each_enemy"``, A5).

Both are declarations for the shared move generator: a planar FIDE move plus one-step dimensional leaps.
Squares are named level + square (``Aa1``); a move is written from + to (``Aa2Ba4``, ``Ag7Ag8q``).
Levels are stacked with no offset: ``Ba1`` lies directly below ``Aa1``. Geometry level 0 is the bottom
level (B in next-generation, D in future-generation).
"""
from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from hyperchess.variants.board.errors import FenError
from hyperchess.variants.core.fen import format_spent, parse_spent
from hyperchess.variants.board.flat import FlatNames
from hyperchess.variants.core.game import EN_PASSANT, TRANSFORM, EvalWeights, Game, Move
from hyperchess.variants.board.geometry import DIAGONAL_2D, KING_2D, KNIGHT_2D, ORTHOGONAL_2D, Geometry, Vector
from hyperchess.variants.board.notation import SquareNames
from hyperchess.variants.core.picture import Picture, eliminated_notes
from hyperchess.variants.core.presentation import two_leg_en_passant
from hyperchess.variants.board.pieces import Leap, Mode, Path, PieceType, Slide

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position

# ---------------------------------------------------------------- the moves, A(b) "Moves"
UP_DOWN: tuple[Vector, ...] = ((0, 0, 1), (0, 0, -1))
NEIGHBOURS_ABOVE_BELOW = tuple((dx, dy, dz) for dz in (1, -1) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                               if (dx, dy) != (0, 0))                      # the bishop's 16
NINE_ABOVE_BELOW = UP_DOWN + NEIGHBOURS_ABOVE_BELOW                         # queen and king: 18
KNIGHT_LEVEL = tuple((dx, dy, dz) for dz in (1, -1) for dx, dy in ((2, 0), (-2, 0), (0, 2), (0, -2)))
CROWN_LEVEL = tuple((dx, dy, dz) for dz in (2, -2) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))

PAWN_NG = PieceType("P", "pawn", (
    # pushes: forward, straight up/down ("up/down is not backward"), forward onto an adjacent level
    Leap(((0, 1, 0), (0, 0, 1), (0, 0, -1), (0, 1, 1), (0, 1, -1)), Mode.MOVE),
    # double steps from the original square, also onto an adjacent level (the passed cell is on the
    # destination level: Aa2 -> Ba4 passes Ba3)
    Path(((0, 1, 0), (0, 2, 0))),
    Path(((0, 1, 1), (0, 2, 1))),
    Path(((0, 1, -1), (0, 2, -1))),
    Leap(((-1, 1, 0), (1, 1, 0), (-1, 1, 1), (1, 1, 1), (-1, 1, -1), (1, 1, -1)), Mode.CAPTURE),
), 100, oriented=True, pawn=True)
KNIGHT_NG = PieceType("N", "knight", (Leap(KNIGHT_2D + KNIGHT_LEVEL),), 320)
BISHOP_NG = PieceType("B", "bishop", (Slide(DIAGONAL_2D), Leap(NEIGHBOURS_ABOVE_BELOW)), 340)
ROOK_NG = PieceType("R", "rook", (Slide(ORTHOGONAL_2D), Leap(UP_DOWN)), 500)
QUEEN_NG = PieceType("Q", "queen", (Slide(ORTHOGONAL_2D + DIAGONAL_2D), Leap(NINE_ABOVE_BELOW)), 950)
KING_NG = PieceType("K", "king", (Leap(KING_2D + NINE_ABOVE_BELOW),), 0, royal=True)
# future-generation: a captured king loses the colour (its army becomes inert), so it is worth an army
KING_FG = PieceType("K", "king", (Leap(KING_2D + NINE_ABOVE_BELOW),), 2500, royal=True)
CROWNED_KNIGHT = PieceType("C", "crowned knight", (Leap(KNIGHT_2D + KNIGHT_LEVEL + CROWN_LEVEL),), 400)

BACK = "RNBQKBNR"
SIDE_FILE = "RNBKQBNR"        # Gold's file h and Silver's file a, ranks 1..8 (Kh4 Qh5, Ka4 Qa5)


def _level_fen(rows: dict[int, str]) -> str:
    """Ranks 8..1 of one level from {rank: row text} (missing ranks are empty)."""
    return "/".join(rows.get(r, "8") for r in range(8, 0, -1))


class _Stacked(Game):
    """Shared set-up of both games: 8x8 levels stacked without offset, named by a level letter."""

    level_letters = "AB"          # top level first
    panels_per_row = 2            # render: two levels per row
    picture = Picture(top_first=True)   # levels named from the top: A above B
    promotion_letters = "qrbn"
    double_step_once = True       # A9: the double steps only from the untouched original square

    def parse_extra(self, pos: "Position", fields: list[str]):
        """Field 7 (optional): the pawns on their original square that have lost their double step
        (``-`` or comma-separated squares, docs/rules/future-generation.md)."""
        if len(fields) > 1:
            raise FenError(f"unexpected fields after the spent double steps: {' '.join(fields[1:])}")
        if fields:
            parse_spent(pos, fields[0])
        return None

    def format_extra(self, pos: "Position") -> list[str]:
        spent = format_spent(pos)
        return [spent] if spent else []

    # XBoard (flat views): ApplyMove treats a king stepping 2+ files along a rank as castling (moving the
    # piece on the board's edge file) and a pawn leaving its 5th rank sideways to an empty square as an e.p.
    # capture; both happen between panels here. So XBoard is shown no king and no pawn (other letters of
    # its set, no royal piece), e.p. is written as two legs (over the captured pawn) and crowning with the
    # new piece's letter, which XBoard believes when its legality test is off. XBoard cannot follow the
    # rook of a castling (its castling rule uses the board's edge files): docs/rules/future-generation.md.
    flat_royal = False

    def flat_move(self, pos: "Position", move: Move, square) -> str | None:
        frm, to, extra, flag = move
        if flag == EN_PASSANT:
            return two_leg_en_passant(self, move, square)
        if flag == TRANSFORM:
            return square(frm) + square(to) + self.flat_letter(extra).lower()
        return None

    def _setup(self, army) -> None:
        n = len(self.level_letters)
        geo = Geometry(8, 8, n)
        # geometry level 0 is the bottom level: level_names[0] is the last letter
        names = SquareNames(geo, level_names=tuple(reversed(self.level_letters)))
        super().__init__(geo, names, army)
        self.level_of = [l for _, _, l in geo.coords]

    def level(self, letter: str) -> int:
        """Geometry level index of level ``letter`` (A = top)."""
        return len(self.level_letters) - 1 - self.level_letters.index(letter)

    def cells(self, pred) -> frozenset[int]:
        return frozenset(c for c, (f, r, l) in enumerate(self.geometry.coords) if pred(f, r, l))


class NextGeneration(_Stacked):
    """Chess – The Next Generation: White's FIDE army on A, Black's on B; FIDE check, mate and stalemate
    with the dimensional moves (A(b) "NG 2-player", A10)."""

    name = "next-generation"
    title = "Chess - The Next Generation"
    description = "2 stacked 8x8 levels A and B (Glover), FIDE rules with one-step dimensional moves"
    source = ("Paul Glover, Chess - The Next Generation, dimensionalized.com; contract shared/rules/future-generation.md, "
              "decisions docs/rules/future-generation.md")
    level_letters = "AB"
    start_fen = (_level_fen({2: "PPPPPPPP", 1: BACK}) + "|" + _level_fen({8: BACK.lower(), 7: "pppppppp"})
                 + " w KQkq - 0 1")

    def __init__(self) -> None:
        self._setup((PAWN_NG, KNIGHT_NG, BISHOP_NG, ROOK_NG, QUEEN_NG, KING_NG))
        a, b = self.level("A"), self.level("B")
        self.promotion_zone = [self.cells(lambda f, r, l: r == 7), self.cells(lambda f, r, l: r == 0)]
        self.initial_cells = {(1, 0): self.cells(lambda f, r, l: r == 1 and l == a),
                              (1, 1): self.cells(lambda f, r, l: r == 6 and l == b)}
        for color, lv, rank, k, q in ((0, "A", "1", "K", "Q"), (1, "B", "8", "k", "q")):
            sq = lambda file: f"{lv}{file}{rank}"          # noqa: E731
            self.castling.append(self.castling_rule(color, sq("e"), sq("g"), sq("h"), sq("f"), k))
            self.castling.append(self.castling_rule(color, sq("e"), sq("c"), sq("a"), sq("d"), q))
        self.compile()

    def insufficient_material(self, pos: "Position") -> bool:
        """Bare kings only (a minor piece's mating power on two levels is not settled; play on)."""
        return len(pos.occupied[0]) + len(pos.occupied[1]) <= 2

    # ---------------------------------------------------------------- XBoard: two 8x8 panels, A | B
    FLAT_LETTERS = ({"P": "F", "N": "N", "B": "B", "R": "R", "Q": "Q", "K": "M", "C": "U"},)

    def flat_letter(self, code: int) -> str:
        letter = self.FLAT_LETTERS[0][self.pieces[self.kind_of[code]].letter]
        return letter if self.owner[code] == 0 else letter.lower()

    @cached_property
    def flat_names(self) -> FlatNames:
        top = len(self.level_letters) - 1
        return FlatNames(16, 8, [(f + 8 * (top - l), r) for f, r, l in self.geometry.coords])


class FutureGeneration(_Stacked):
    """Chess – The Future Generation: four armies on four levels, two teams, kings are captured."""

    name = "future-generation"
    title = "Chess - The Future Generation"
    description = "4 players on 4 stacked 8x8 levels (Glover), teams White+Gold v Black+Silver, kings captured"
    source = ("Paul Glover, Chess - The Future Generation (1990), dimensionalized.com/game/chessfuture.php; contract "
              "shared/rules/future-generation.md, decisions docs/rules/future-generation.md")
    players = 4
    color_names = ("white", "black", "gold", "silver")
    color_letters = ("w", "b", "g", "s")
    level_letters = "ABCD"
    royal_rule = "none"             # FG rule 1: no check, kings are captured
    elimination = True              # a colour without its king is skipped; its pieces are inert
    ep_rule = "each_enemy"          # A5
    castle_safety_always = True     # A7
    fifty_plies = 200               # fifty moves of each of four players
    picture = Picture(top_first=True, notes=eliminated_notes)
    # No mobility: with it, engines at a shallow depth spread their pieces instead of hunting kings
    # (two depth-1/2 engines ended a game within 600 plies about half as often); king danger is the
    # game's own ``evaluate`` hook, and passed pawns count as in every game.
    eval_weights = EvalWeights(mobility=0)
    start_fen = " ".join((
        "|".join((
            _level_fen({8: "".join("b" + p for p in BACK), 7: "bP" * 8, 2: "wP" * 8, 1: "".join("w" + p for p in BACK)}),
            _level_fen({}), _level_fen({}),
            # level D: Silver's back file a and pawns on b, Gold's pawns on g and back file h
            _level_fen({r: f"s{SIDE_FILE[r - 1]}sP4gPg{SIDE_FILE[r - 1]}" for r in range(1, 9)}),
        )),
        "w", "wKwQbKbQgKgQsKsQ", "-", "0", "1", "-", "-"))

    def __init__(self) -> None:
        self._setup((PAWN_NG, KNIGHT_NG, BISHOP_NG, ROOK_NG, QUEEN_NG, KING_FG, CROWNED_KNIGHT))
        A, B, C, D = (self.level(x) for x in "ABCD")
        # far edges (promotion and crowning): White rank 8, Black rank 1, Gold file a, Silver file h
        self.promotion_zone = [self.cells(lambda f, r, l: r == 7), self.cells(lambda f, r, l: r == 0),
                               self.cells(lambda f, r, l: f == 0), self.cells(lambda f, r, l: f == 7)]
        self.transforms = {2: 7}        # a knight entering its far edge becomes a crowned knight (A8 too)
        self.initial_cells = {(1, 0): self.cells(lambda f, r, l: r == 1 and l == A),
                              (1, 1): self.cells(lambda f, r, l: r == 6 and l == A),
                              (1, 2): self.cells(lambda f, r, l: f == 6 and l == D),
                              (1, 3): self.cells(lambda f, r, l: f == 1 and l == D)}
        # FG rule 2: the level next to the home level, and the levels barred until 4 units stood there
        self.access_level = (B, B, C, C)
        self.barred_levels = ((C, D), (C, D), (A, B), (A, B))
        # A7: the king may not be attacked now nor pass an attacked square; it may end on one
        for color, token, kf, kk, kr, kr_to, qk, qr, qr_to in (
                (0, "w", "Ae1", "Ag1", "Ah1", "Af1", "Ac1", "Aa1", "Ad1"),
                (1, "b", "Ae8", "Ag8", "Ah8", "Af8", "Ac8", "Aa8", "Ad8"),
                (2, "g", "Dh4", "Dh2", "Dh1", "Dh3", "Dh6", "Dh8", "Dh5"),
                (3, "s", "Da4", "Da2", "Da1", "Da3", "Da6", "Da8", "Da5")):
            for kt, rf, rt, side in ((kk, kr, kr_to, "K"), (qk, qr, qr_to, "Q")):
                passed = [self.names.name(c) for c in self._between(self.names.parse(kf), self.names.parse(kt))]
                self.castling.append(self.castling_rule(color, kf, kt, rf, rt, token + side,
                                                        safe=[kf, *passed]))
        self.compile()
        self.barred = [[self.level_of[c] in self.barred_levels[color] for c in range(self.geometry.size)]
                       for color in range(4)]
        self.z_unlock = [(self.z_piece[4][0] * (m + 3) * 0x9E3779B97F4A7C15) & (2**64 - 1) if m else 0
                         for m in range(16)]
        self.extra_keys = self.z_unlock
        # the same as bytes, one a cell, for the typed helpers below: the barred cells, the access level's cells
        self.barred_flags = [bytes(row) for row in self.barred]
        self.access_flags = [bytes(self.level_of[c] == self.access_level[color] for c in range(self.geometry.size))
                             for color in range(4)]
        self.threat_plan = [self._threats(turn, live) for turn in range(4) for live in range(16)]

    FORWARD = ((0, 1, 0), (0, -1, 0), (-1, 0, 0), (1, 0, 0))     # White +rank, Black -rank, Gold -file, Silver +file

    def orientation(self, color: int, cell: int) -> tuple[Vector, Vector, Vector]:
        fwd = self.FORWARD[color]
        side = (1, 0, 0) if fwd[0] == 0 else (0, 1, 0)
        return (side, fwd, (0, 0, 1))

    # ---------------------------------------------------------------- XBoard: 2x2 panels, teams as colours
    # A top left, B top right, C bottom left, D bottom right (reading order of the levels)
    PANEL = {"A": (0, 1), "B": (1, 1), "C": (0, 0), "D": (1, 0)}
    # White and Black keep the usual letters (but no XBoard king or pawn, see _Stacked); their partners Gold
    # and Silver are drawn with other pieces of XBoard's set; crowned knights as unicorns (I for Gold/Silver).
    FLAT_LETTERS = ({"P": "F", "N": "N", "B": "B", "R": "R", "Q": "Q", "K": "M", "C": "U"},
                    {"P": "W", "N": "H", "B": "I", "R": "J", "Q": "G", "K": "C", "C": "D"})

    @cached_property
    def flat_names(self) -> FlatNames:
        xy = []
        for f, r, l in self.geometry.coords:
            col, row = self.PANEL[self.level_letters[len(self.level_letters) - 1 - l]]
            xy.append((f + 8 * col, r + 8 * row))
        return FlatNames(16, 16, xy)

    def flat_letter(self, code: int) -> str:
        """Upper case for White's team, lower case for Black's; partners (Gold, Silver) other letters."""
        color = self.owner[code]
        letter = self.FLAT_LETTERS[color >= 2][self.pieces[self.kind_of[code]].letter]
        return letter if self.teams[color] == 0 else letter.lower()

    # ---------------------------------------------------------------- level access (FG rule 2, A4)
    # pos.extra = bit mask of the colours that have unlocked (had 4+ units on their access level)

    def unlocked(self, pos: "Position", color: int) -> bool:
        return bool(pos.extra >> color & 1)

    def restrict_moves(self, pos: "Position", moves: list[Move]) -> list[Move]:
        us = pos.turn
        if pos.extra >> us & 1:
            return moves
        return moves_off_barred(moves, self.barred_flags[us])

    def extra_after_move(self, pos: "Position", move: Move, moved: int, captured: int):
        """After the mover's move: 4 or more of its units on its access level unlock it for good."""
        mask = pos.extra
        us = pos.turn
        if mask >> us & 1:
            return mask
        return mask | 1 << us if units_on(pos, us, self.access_flags[us]) >= 4 else mask

    def parse_extra(self, pos: "Position", fields: list[str]):
        """Field 7: the colours that have unlocked level access (``wg`` or ``-``). Field 8 (optional on
        input): the eliminated colours, which must be exactly the colours without a king. Field 9 (written
        only when there are some): the pawns on their original square that have lost their double step."""
        if len(fields) > 3:
            raise FenError(f"unexpected fields after the spent double steps: {' '.join(fields[3:])}")
        if len(fields) > 2:
            parse_spent(pos, fields[2])
        mask = self._colours(fields[0] if fields else "-", "unlock")
        if len(fields) > 1:
            dead = self._colours(fields[1], "eliminated")
            for c in range(4):
                if bool(dead >> c & 1) != (not pos.royals[c]):
                    state = "has no king" if not pos.royals[c] else "still has its king"
                    raise FenError(f"eliminated field {fields[1]!r} disagrees with the board: "
                                   f"{self.color_names[c]} {state}")
        return mask

    def _colours(self, text: str, what: str) -> int:
        if text == "-":
            return 0
        mask = 0
        for ch in text:
            if ch not in self.color_letters:
                raise FenError(f"bad {what} field {text!r}: use colour letters w, b, g, s or -")
            mask |= 1 << self.color_letters.index(ch)
        return mask

    def format_extra(self, pos: "Position") -> list[str]:
        def letters(mask: int) -> str:
            return "".join(self.color_letters[c] for c in range(4) if mask >> c & 1) or "-"
        dead = sum(1 << c for c in range(4) if not pos.royals[c])
        spent = format_spent(pos)
        return [letters(pos.extra), letters(dead)] + ([spent] if spent else [])

    def validate(self, pos: "Position") -> None:
        """At most one king per colour; the side to move still has its king (unless the game is over)."""
        for c in range(4):
            if len(pos.royals[c]) > 1:
                raise FenError(f"{self.color_names[c]} has {len(pos.royals[c])} kings")
        if not pos.royals[pos.turn] and self.team_outcome(pos) is None:
            raise FenError(f"{self.color_names[pos.turn]} is to move but has lost its king")

    def castling_threats(self, pos: "Position", us: int, cell: int) -> tuple[int, ...]:
        """Live enemies that could move onto ``cell`` (a locked colour cannot reach a barred level)."""
        lv = self.level_of[cell]
        return tuple(e for e in self.enemies[us]
                     if pos.royals[e] and (pos.extra >> e & 1 or lv not in self.barred_levels[e]))

    # ---------------------------------------------------------------- evaluation: kings en prise
    def _threats(self, turn: int, live: int) -> list[tuple[int, tuple[int, ...], tuple[int, ...], int]]:
        """For ``turn`` to move and the colours with a king in the bits of ``live``: per live colour in turn
        order from ``turn``, its enemies that move before it, those that move after it, and the sign of its
        loss (team 0 minus team 1)."""
        order = [c % 4 for c in range(turn, turn + 4) if live >> (c % 4) & 1]
        teams = self.teams
        return [(c, tuple(e for e in order[:i] if teams[e] != teams[c]),
                 tuple(e for e in order[i + 1:] if teams[e] != teams[c]), -1 if teams[c] == 0 else 1)
                for i, c in enumerate(order)]

    def evaluate(self, pos: "Position") -> int:
        """A king attacked by a live enemy that moves before the king's own colour does is about to be
        captured: count most of its value as lost (team 0 minus team 1). A king attacked only by
        colours that move after its own may still run: a small penalty."""
        return kings_en_prise(pos, self.threat_plan)


def kings_en_prise(pos: "Position", plan: list) -> int:
    """``FutureGeneration.evaluate`` over its ``threat_plan`` (typed when compiled: a call a node)."""
    royals = pos.royals
    live = 0
    for c in range(4):
        if royals[c]:
            live |= 1 << c
    score = 0
    for entry in plan[pos.turn << 4 | live]:
        c = entry[0]
        before = entry[1]
        after = entry[2]
        sign = entry[3]
        for k in royals[c]:
            if before and pos.attacked(k, before):
                score += 1500 * sign
            elif after and pos.attacked(k, after):
                score += 100 * sign
    return score


def moves_off_barred(moves: list, barred: bytes) -> list:
    """``moves`` without those that end on a barred cell (``barred[cell]`` true): a locked colour's moves."""
    return [m for m in moves if not barred[m[1]]]


def units_on(pos: "Position", color: int, cells: bytes) -> int:
    """How many of ``color``'s units stand on the cells flagged in ``cells``."""
    n = 0
    for c in pos.occupied[color]:
        if cells[c]:
            n += 1
    return n
