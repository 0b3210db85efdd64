"""``third-millennium``: 3rd Millennium Chess (Shannon Gardner) on a 14-rank cylinder.

Rules contract: ``shared/rules/third-millennium.md``; decisions it leaves open: ``docs/rules/third-millennium.md``.

The board is 8 files x 14 ranks and the ranks wrap (rank 14 touches rank 1). Each side has two
king-line armies of pawns (ranks 2/14 for White, 7/9 for Black) whose forward direction depends on
the half of the board they stand in, and two *double knights*. A double knight is a pair of knight
halves with an identity: a joined pair moves in tandem, one half may split off, a single half may
rejoin its own partner.

Pair identity lives in the piece kind: for each pair id k (1..MAX_PAIRS) there is a kind "joined
pair k" (letter D) and a kind "single half of pair k" (letter N). So pair ids are part of the board
codes and of make/unmake. The hash ignores the ids (they are labels) and hashes the partnering instead,
kept as the extra state, so repetition sees positions as players do. The position string
writes the board with D/N and adds one field listing the split partners (``[c3b1]`` or ``-``).
"""
# hyperchess: compiled
from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING, Callable, Sequence

from hyperchess.variants.board.codes import EMPTY, EN_PASSANT, PROMOTION, SPECIAL, Move, code_of
from hyperchess.variants.board.errors import FenError, MoveError
from hyperchess.variants.core.fen import parse_board
from hyperchess.variants.core.game import Game
from hyperchess.variants.board.geometry import Geometry, Vector
from hyperchess.variants.board.notation import SquareNames
from hyperchess.variants.core.picture import Picture
from hyperchess.variants.board.pieces import BISHOP, KING, KNIGHT_2D, PAWN, QUEEN, ROOK, Leap, PieceType
from hyperchess.variants.core.presentation import Target, two_leg_en_passant

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position

MAX_PAIRS = 18          # 2 pairs at the start + at most 16 promotions per side
SPLIT = SPECIAL         # one half of a joined pair leaves (suffix ``n``)
REJOIN = SPECIAL + 1    # a single half moves onto its own single partner (plain move)

KING_LINES = (0, 7)     # rank indexes of ranks 1 and 8


def _pair_pieces() -> list[PieceType]:
    """Kinds for pair 1 joined, pair 1 single, pair 2 joined, ... (all leap as knights)."""
    out = []
    for k in range(1, MAX_PAIRS + 1):
        out.append(PieceType("D", f"double knight {k}", (Leap(KNIGHT_2D),), 600, tags=frozenset({"joined"})))
        out.append(PieceType("N", f"knight half {k}", (Leap(KNIGHT_2D),), 300, tags=frozenset({"single"})))
    return out


class ThirdMillennium(Game):
    """3rd Millennium Chess: 14-rank cylinder, two pawn rows per side, splitting double knights."""

    name = "third-millennium"
    title = "3rd Millennium Chess"
    description = "8x14 cylinder (ranks wrap), 16 pawns a side, splitting double knights"
    source = ("3mchess.com/rules (Shannon Gardner, 3mcreations) and the patent application 'Cylindrical chess game "
              "apparatus and method'; contract shared/rules/third-millennium.md, decisions docs/rules/third-millennium.md")
    start_fen = ("PPPPPPPP/8/8/8/8/pppppppp/rdbqkbdr/pppppppp/8/8/8/8/PPPPPPPP/RDBQKBDR w KQkq - 0 1 -")
    # A split leaves the other half on the start square; a rejoin empties it like any move.
    special_legality = {SPLIT: "stays", REJOIN: "plain"}
    picture = Picture(
        marked_ranks={0: "king line", 7: "king line"},
        legend={"D": "double knight, joined: two knight halves moving together (may split)",
                "N": "double knight, split half: a single knight (may rejoin its partner)"})

    def __init__(self) -> None:
        geo = Geometry(8, 14, wrap_ranks=True)
        names = SquareNames(geo)
        super().__init__(geo, names, (PAWN, BISHOP, ROOK, QUEEN, KING, *_pair_pieces()))
        self.pawn_kind, self.bishop_kind, self.rook_kind, self.queen_kind, self.king_kind = 1, 2, 3, 4, 5
        # kind of pair k: joined = 4 + 2k, single = 5 + 2k
        self.joined_kind = [0] + [4 + 2 * k for k in range(1, MAX_PAIRS + 1)]
        self.single_kind = [0] + [5 + 2 * k for k in range(1, MAX_PAIRS + 1)]
        cell = geo.cell
        self.promotion_zone = [frozenset(cell(f, 7) for f in range(8)),     # White: rank 8
                               frozenset(cell(f, 0) for f in range(8))]     # Black: rank 1
        self.initial_cells = {
            (self.pawn_kind, 0): frozenset(cell(f, r) for f in range(8) for r in (1, 13)),   # ranks 2, 14
            (self.pawn_kind, 1): frozenset(cell(f, r) for f in range(8) for r in (6, 8)),    # ranks 7, 9
        }
        self.promotion_letters = "qrbd"
        self.castling.append(self.castling_rule(0, "e1", "g1", "h1", "f1", "K"))
        self.castling.append(self.castling_rule(0, "e1", "c1", "a1", "d1", "Q"))
        self.castling.append(self.castling_rule(1, "e8", "g8", "h8", "f8", "k"))
        self.castling.append(self.castling_rule(1, "e8", "c8", "a8", "d8", "q"))
        self.compile()

    # ------------------------------------------------------------------ compile
    def compile(self) -> None:
        self._pair_of_kind: dict[int, int] = {}
        for k in range(1, MAX_PAIRS + 1):
            self._pair_of_kind[4 + 2 * k] = k
            self._pair_of_kind[5 + 2 * k] = k
        super().compile()
        # D and N are read as pair 1; parse_extra hands out the real pair ids.
        for color in (0, 1):
            for kinds, letter in ((self.joined_kind, "D"), (self.single_kind, "N")):
                self.letters[letter if color == 0 else letter.lower()] = code_of(kinds[1], color)
        self.joined_codes = frozenset(code_of(self.joined_kind[k], c) for k in range(1, MAX_PAIRS + 1) for c in (0, 1))
        self.single_codes = frozenset(code_of(self.single_kind[k], c) for k in range(1, MAX_PAIRS + 1) for c in (0, 1))
        # joined code -> the single-half code of the same pair and colour
        self.half_of = {code_of(self.joined_kind[k], c): code_of(self.single_kind[k], c)
                        for k in range(1, MAX_PAIRS + 1) for c in (0, 1)}
        self.whole_of = {v: k for k, v in self.half_of.items()}
        self.knight_codes = self.joined_codes | self.single_codes
        # by code: 1 a joined pair, 2 a single half, 0 anything else (special_moves reads it per piece)
        self.knight_kind = [1 if c in self.joined_codes else 2 if c in self.single_codes else 0
                            for c in range(self.ncodes)]
        # Positions as players see them (repetition, 1b End): a joined pair is a joined pair whatever its
        # id, a single half a single half; what matters is only which halves are partners. So every id
        # hashes like id 1, and the partnering is the extra state (a set of cell pairs) with its own keys.
        for c in (0, 1):
            for kinds in (self.joined_kind, self.single_kind):
                first = code_of(kinds[1], c)
                for k in range(2, MAX_PAIRS + 1):
                    self.z_piece[code_of(kinds[k], c)] = self.z_piece[first]
        rng = random.Random(0x3A11)
        n = self.geometry.size
        self.z_link = [[rng.getrandbits(64) for _ in range(n)] for _ in range(n)]   # [lower cell][higher cell]
        self.start_board = parse_board(self, self.start_fen.split()[0])

    # ------------------------------------------------------------------ partnering (the extra state)
    def partners(self, pos: "Position") -> frozenset[tuple[int, int]]:
        """The split pairs on the board: (cell, cell) of two single halves of one pair, lower cell first."""
        seen: dict[int, int] = {}
        out = []
        b = pos.board
        kind = self.knight_kind
        for color in (0, 1):
            for c in pos.occupied[color]:
                code = b[c]
                if kind[code] == 2:         # a single half
                    other = seen.pop(code, None)
                    if other is None:
                        seen[code] = c
                    else:
                        out.append((min(c, other), max(c, other)))
        return frozenset(out)

    def extra_after_move(self, pos: "Position", move: Move, moved: int, captured: int):
        """Recount the partners only when a knight moved, was captured or was made (promotion to D)."""
        if move[3] >= SPECIAL or moved in self.knight_codes or captured in self.knight_codes \
                or (move[3] == PROMOTION and move[2] in self.knight_codes):
            return self.partners(pos)
        return pos.extra

    def extra_hash(self, extra) -> int:
        h = 0
        for a, c in extra:
            h ^= self.z_link[a][c]
        return h

    # ------------------------------------------------------------------ pawns
    oriented_by_cell = True

    def orientation(self, color: int, cell: int) -> tuple[Vector, Vector, Vector]:
        """Pawns never move toward their own king line (1b Pawns, A7): White goes up on ranks 2-7 and
        down on ranks 9-14; Black the reverse (9-14 up, through the seam to rank 1)."""
        rank = self.geometry.coords[cell][1]
        lower_half = rank < 7
        if color == 0:
            fwd = 1 if lower_half else -1
        else:
            fwd = -1 if 0 < rank < 7 else 1
        return ((1, 0, 0), (0, fwd, 0), (0, 0, 1))

    def promotion_choices(self, pos: "Position", color: int) -> Sequence[int]:
        """Q, R, B or a joined double knight forming a new pair (lowest free id); never a single half."""
        codes = [code_of(self.queen_kind, color), code_of(self.rook_kind, color), code_of(self.bishop_kind, color)]
        k = self.free_pair_id(pos, color)
        if k is not None:
            codes.append(code_of(self.joined_kind[k], color))
        return codes

    def free_pair_id(self, pos: "Position", color: int) -> int | None:
        """The lowest pair id with no half of ``color`` on the board (None when all are in use)."""
        used = {self._pair_of_kind.get(self.kind_of[pos.board[c]]) for c in pos.occupied[color]}
        for k in range(1, MAX_PAIRS + 1):
            if k not in used:
                return k
        return None

    # ------------------------------------------------------------------ double knights
    def pair_id(self, code: int) -> int | None:
        """The pair id of a double-knight code (joined or single half), else None."""
        return self._pair_of_kind.get(self.kind_of[code])

    def is_joined(self, code: int) -> bool:
        return code in self.joined_codes

    def halves(self, code: int) -> int:
        """Knight halves a code stands for: 2 for a joined pair, 1 for a single half, else 0."""
        return 2 if code in self.joined_codes else 1 if code in self.single_codes else 0

    def special_moves(self, pos: "Position", moves: list[Move]) -> None:
        """Splits (a joined pair sends one half to an empty or enemy square) and rejoins (a single
        half moves onto its own single partner: the only move onto a friendly piece)."""
        b = pos.board
        enemy = self.enemy[pos.turn]
        kind, tables = self.knight_kind, self.tables
        for frm in pos.occupied[pos.turn]:
            p = b[frm]
            k = kind[p]
            if not k:
                continue
            if k == 1:
                for to, _ in tables[p][frm][1]:
                    q = b[to]
                    if not q or enemy[q]:
                        moves.append((frm, to, 0, SPLIT))
            else:
                for to, _ in tables[p][frm][1]:
                    if b[to] == p:
                        moves.append((frm, to, 0, REJOIN))

    def make_special(self, pos: "Position", move: Move) -> int:
        frm, to, _, flag = move
        b = pos.board
        p = b[frm]
        if flag == SPLIT:
            half = self.half_of[p]
            captured = b[to]
            pos.put(to, half)
            pos.put(frm, half)
            return captured
        pos.put(frm, EMPTY)                   # REJOIN
        pos.put(to, self.whole_of[p])
        return EMPTY

    def move_suffix(self, move: Move) -> str:
        return "n" if move[3] == SPLIT else ""

    # ------------------------------------------------------------------ position string: pair field
    def _fen_order(self, cell: int) -> tuple[int, int]:
        f, r, _ = self.geometry.coords[cell]
        return (-r, f)

    def parse_extra(self, pos: "Position", fields: list[str]):
        """Read the pair field (``[c3b1...]``: split partners two squares at a time, or ``-``; missing
        = ``-``) and give every double knight on the board its pair id, in reading order."""
        if len(fields) > 1:
            raise FenError(f"unexpected fields after the pair field: {' '.join(fields[1:])}")
        text = fields[0] if fields else "-"
        partner: dict[int, int] = {}
        if text != "-":
            if not (text.startswith("[") and text.endswith("]")):
                raise FenError(f"bad pair field {text!r}: expected [squares] or -")
            inner = text[1:-1]
            squares = re.findall(r"[a-z]\d+", inner)
            if "".join(squares) != inner or len(squares) % 2:
                raise FenError(f"bad pair field {text!r}: expected pairs of squares such as [c3b1]")
            cells = []
            for s in squares:
                if s not in self.names:
                    raise FenError(f"bad pair field {text!r}: unknown square {s!r}")
                cells.append(self.names.parse(s))
            if len(set(cells)) != len(cells):
                raise FenError(f"bad pair field {text!r}: a square is listed twice")
            for a, c in zip(cells[::2], cells[1::2]):
                pa, pc = pos.board[a], pos.board[c]
                if pa not in self.single_codes or pc not in self.single_codes or self.owner[pa] != self.owner[pc]:
                    raise FenError(f"bad pair field {text!r}: {self.names.name(a)} and {self.names.name(c)} "
                                   "must hold single knight halves of one side")
                partner[a], partner[c] = c, a
        knights = sorted((c for c in range(self.geometry.size)
                          if pos.board[c] in self.joined_codes or pos.board[c] in self.single_codes),
                         key=self._fen_order)
        next_id = [1, 1]
        given: dict[int, int] = {}
        for c in knights:
            code = pos.board[c]
            color = self.owner[code]
            if c in given:
                k = given[c]
            else:
                k = next_id[color]
                next_id[color] += 1
                if k > MAX_PAIRS:
                    raise FenError(f"too many double-knight pairs for one side (at most {MAX_PAIRS})")
                if c in partner:
                    given[partner[c]] = k
            kinds = self.joined_kind if code in self.joined_codes else self.single_kind
            pos._set(c, code_of(kinds[k], color))
        return self.partners(pos)

    def format_extra(self, pos: "Position") -> list[str]:
        """The pair field: split partners, each pair's squares in reading order, pairs by first square."""
        halves: dict[int, list[int]] = {}
        for color in (0, 1):
            for c in pos.occupied[color]:
                if pos.board[c] in self.single_codes:
                    halves.setdefault(pos.board[c], []).append(c)
        pairs = sorted(sorted(cells, key=self._fen_order) for cells in halves.values() if len(cells) == 2)
        pairs.sort(key=lambda cells: self._fen_order(cells[0]))
        if not pairs:
            return ["-"]
        return ["[" + "".join(self.names.name(c) for cells in pairs for c in cells) + "]"]

    def validate(self, pos: "Position") -> None:
        """No pawn on a king line (White's never reach rank 1, reaching rank 8 promotes; Black alike)."""
        for color in (0, 1):
            for c in pos.occupied[color]:
                if pos.board[c] in self.pawn_codes and self.geometry.coords[c][1] in KING_LINES:
                    raise FenError(f"a pawn cannot stand on a king line ({self.names.name(c)})")
        super().validate(pos)

    # ------------------------------------------------------------------ end of game
    def insufficient_material(self, pos: "Position") -> bool:
        """Automatic draws (1b End of game): K v K, K+B v K, K + single half v K. A joined pair is two
        knights and can mate with help, so it is not dead."""
        extra = []
        for color in (0, 1):
            for c in pos.occupied[color]:
                code = pos.board[c]
                if code not in self.royal_codes:
                    extra.append(code)
                    if len(extra) > 1:
                        return False
        if not extra:
            return True
        code = extra[0]
        return self.kind_of[code] == self.bishop_kind or code in self.single_codes

    # ------------------------------------------------------------------ XBoard flat view (8x14)
    # XBoard's variant `seirawan` (S-Chess) gates: a move with a piece letter puts that piece on the square
    # the mover left (backend.c ApplyMove). That is how a split keeps a half on its start square in XBoard;
    # with the default parent `fairy` XBoard took the letter as a promotion and emptied the square.
    flat_parent = "seirawan"

    def flat_move(self, pos: "Position", move: Move, square: Callable[[int], str]) -> str | None:
        """XBoard's text for the moves it would otherwise apply differently (protocol/flat.py hook):
        a split gates the single half left behind (`g1f13u`); an en-passant capture is written as two legs
        through the captured pawn (`e5d5,d5d6`; XBoard empties the square between the legs), because
        XBoard's own e.p. rule, made for White pawns moving up an 8-rank board, removed no pawn in three of
        the four directions here. Rejoins are plain moves; a promotion to a double knight is `n` (the flat
        default: the letter XBoard draws)."""
        frm, to, extra, flag = move
        if flag == SPLIT:
            return square(frm) + square(to) + self.flat_letter(self.half_of[pos.board[frm]]).lower()
        if flag == EN_PASSANT:
            return two_leg_en_passant(self, move, square)
        return None

    def flat_letter(self, code: int) -> str:
        """The letter XBoard draws (protocol/flat.py hook): joined pairs are knights (N), single halves
        unicorns (U, which XBoard draws as a horned horse and moves as a knight), whatever the pair id."""
        letter = "N" if code in self.joined_codes else "U" if code in self.single_codes else \
            self.pieces[self.kind_of[code]].letter
        return letter if self.owner[code] == 0 else letter.lower()

    def click_target(self, pos: "Position", move: Move) -> Target:
        """A joined double knight moving whole or splitting (one half leaves, the other stays) takes the same
        two clicks; the label tells them apart."""
        src, dst, label = super().click_target(pos, move)
        if move[3] == SPLIT:
            label = "split: one knight half moves, the other stays"
        elif move[3] == REJOIN:
            label = "rejoin the partner half"
        elif pos.board[move[0]] in self.joined_codes:
            label = "move the whole double knight"
        return src, dst, label

    def parse_move(self, pos: "Position", text: str) -> Move:
        """As ``Game.parse_move``; a promotion may also be written with ``n`` (XBoard's name for the
        piece it draws as N, the joined double knight): ``e7e8n`` = ``e7e8d``."""
        try:
            return super().parse_move(pos, text)
        except MoveError:
            t = text.strip()
            if t[-1:] in ("n", "N") and len(t) > 4:
                try:
                    move = super().parse_move(pos, t[:-1] + "d")
                except MoveError:
                    pass
                else:
                    return move
            raise
