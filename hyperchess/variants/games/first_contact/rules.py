"""``first-contact``: L. Lynn Smith's First Contact, a drop variant of Star-Trek tri-dimensional chess.

Rules contract: ``shared/rules/first-contact.md``; decisions it leaves open: ``docs/rules/first-contact.md``.

Geometry (§C(b)): global cells file z..e (x 0..5), rank 0..9, elevation 1..7 (geometry level = elevation - 1).
Three fixed 4x4 levels W, N, B at elevations 2, 4, 6 (ranks 1-4, 3-6, 5-8), and 24 platform *points*, each a 2x2
set of cells one elevation above or below a corner of a fixed level. All 144 cells are in the geometry; a point's
cells are HOLE codes on the board while no platform stands there, so the shared generator's slides, leaps and
attack tables treat them as missing (a dynamic missing cell). The knight's level-changing leaps are
``Leap(hinged=True)``: the game names the platform cell they pass (``leap_hinges``).

Turns (§C(b) Phases): four platform placements (W, B, W, B), then each king onto its own fixed level, then each
turn one drop, piece move or platform move. The extra state ``pos.extra`` is a :class:`State`: phase, reserves
and the point of the platform moved last. A move that leaves the opponent's king attacked wins at once
(``game_over``); one that leaves one's own king attacked is illegal (the core's single-royal rule).
"""
# hyperchess: compiled
from __future__ import annotations

import random
import re
import zlib
from typing import TYPE_CHECKING, NamedTuple

from hyperchess.variants.board.codes import EMPTY, HOLE, SPECIAL, Move, code_of
from hyperchess.variants.board.errors import FenError
from hyperchess.variants.core.game import Game
from hyperchess.variants.board.geometry import Geometry, Vector, symmetric
from hyperchess.variants.board.pieces import Leap, Mode, PieceType, Slide
from hyperchess.variants.core.outcome import Outcome
from hyperchess.variants.core.presentation import Target
from hyperchess.variants.games.first_contact.actions import (PointTables, add_drops, bridges, king_attacked, make_action, platform_moves, play_terms,
                      standing_platforms, vacant_points)
from hyperchess.variants.games.first_contact.notation import DROP, GLOBAL_FILES, PLACE, PLATFORM, FirstContactNames, Notation, global_name  # noqa: F401
from hyperchess.variants.games.first_contact.picture import PICTURE, reserve_target

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position

LEVELS = "WNB"
LEVEL_ELEVATION = {"W": 2, "N": 4, "B": 6}
LEVEL_RANK_OFFSET = {"W": 0, "N": 2, "B": 4}
CORNERS = ("a1", "d1", "a4", "d4")
PHASES = ("place", "kings", "play")
RESERVE_BONUS = 30

# §C(b) Pieces: orthogonal (6), diagonal on the level (4), triagonal (8).
ORTHOGONAL = symmetric((1, 0, 0))
DIAGONAL = tuple((x, y, 0) for x in (-1, 1) for y in (-1, 1))
TRIAGONAL = symmetric((1, 1, 1))
KNIGHT = symmetric((0, 1, 2))
KNIGHT_FLAT = tuple(v for v in KNIGHT if abs(v[2]) < 2)
KNIGHT_TALL = tuple(v for v in KNIGHT if abs(v[2]) == 2)

# Not ``pawn=True``: this pawn has no direction, double step, en passant or promotion, and its moves are
# reversible (it may step back), so they do not reset the fifty-move clock (repetitions are counted since the
# last capture, drop or placement; see ``extra_after_move``).
PAWN = PieceType("P", "pawn", (Leap(ORTHOGONAL, Mode.MOVE), Leap(DIAGONAL + TRIAGONAL, Mode.CAPTURE)), 100)
KNIGHT_PIECE = PieceType("N", "knight", (Leap(KNIGHT_FLAT), Leap(KNIGHT_TALL, hinged=True)), 300)
BISHOP = PieceType("B", "bishop", (Slide(DIAGONAL), Leap(TRIAGONAL)), 320)
ROOK = PieceType("R", "rook", (Slide(ORTHOGONAL),), 450)
QUEEN = PieceType("Q", "queen", (Slide(ORTHOGONAL + DIAGONAL), Leap(TRIAGONAL)), 850)
KING = PieceType("K", "king", (Leap(ORTHOGONAL + DIAGONAL + TRIAGONAL),), 0, royal=True)
ARMY = (PAWN, KNIGHT_PIECE, BISHOP, ROOK, QUEEN, KING)
P_KIND, N_KIND, B_KIND, R_KIND, Q_KIND, K_KIND = range(1, 7)
RESERVE_ORDER = (K_KIND, Q_KIND, R_KIND, B_KIND, N_KIND, P_KIND)      # how the reserve field lists pieces
DROP_ORDER = RESERVE_ORDER[1:]                                       # the drops in play, in the order made
FULL_RESERVE = {K_KIND: 1, Q_KIND: 1, R_KIND: 2, B_KIND: 2, N_KIND: 2, P_KIND: 8}
START_FEN = "4/4/4/4|4/4/4/4|4/4/4/4 w - - 0 1 - [KQRRBBNNPPPPPPPPkqrrbbnnpppppppp] place -"
# §C(d): the 88-action position (platforms Wa1u, Wd1u, Ba4u, Bd4u; kings Wb2, Bc3; turn 7, White), as reached
# from the start by @Wa1u @Ba4u @Wd1u @Bd4u K@Wb2 K@Bc3
POSITION_88 = ("4/2k1/4/4|4/4/4/4|4/4/1K2/4 w - - 0 4 Wa1u,Wd1u,Ba4u,Bd4u [QRRBBNNPPPPPPPPqrrbbnnpppppppp] "
               "play -")


class Point(NamedTuple):
    """A platform point: ``cells`` in local order a1, b1, a2, b2 (a = lower file, 1 = lower rank)."""
    index: int
    name: str                 # Smith's name, e.g. Wa1u
    level: str                # W, N or B
    corner: str               # a1, d1, a4 or d4
    up: bool
    cells: tuple[int, int, int, int]


class State(NamedTuple):
    """``pos.extra``: the phase, each side's reserve (counts by piece kind, index 0 unused) and the
    index of the point where the platform moved last stands (-1 = none yet). A tuple: push makes one for
    every drop and platform move, and a frozen dataclass costs eight times as much to make."""
    phase: int                              # 0 place, 1 kings, 2 play
    reserve: tuple[tuple[int, ...], tuple[int, ...]]
    last: int
    key: int = 0                            # its Zobrist key, a function of the rest (FirstContact.state)


class FirstContact(Notation, Game):
    """First Contact: tri-d chess with four movable platforms, drops from a reserve, and check wins.

    Rule options (both off by default, §C(c)): ``empty_platforms_slide`` (C1's alternative: an empty platform may
    also move to an edge-adjacent corner of its level), ``lenient_knights`` (C4's alternative: a knight changing
    fixed level may also pass the platform cell directly above/below its destination).
    """

    name = "first-contact"
    title = "First Contact (Star-Trek tri-d)"
    description = "Smith's ST3D variant: 3 fixed 4x4 levels, 4 movable platforms, drops, check wins"
    source = ("L. Lynn Smith, First Contact (2003), chessvariants.org randgame 672500620b34a and the author's text; "
              "contract shared/rules/first-contact.md, decisions docs/rules/first-contact.md")
    start_fen = START_FEN
    level_separator = "|"
    flat_names = None                 # XBoard cannot draw this board (contract Part 1 §1.3): native only
    picture = PICTURE
    # A drop only adds a piece of ours: it cannot expose our king. Placements and platform moves create and
    # remove cells (lines and knight hinges open), so each is tried.
    special_legality = {PLACE: "tried", DROP: "stays", PLATFORM: "tried"}
    extra_on_special_only = True      # State changes on placements, drops and platform moves alone

    def __init__(self, empty_platforms_slide: bool = False, lenient_knights: bool = False) -> None:
        self.empty_platforms_slide = empty_platforms_slide
        self.lenient_knights = lenient_knights
        coords, smith = [], []
        self.fixed_cells: dict[str, list[int]] = {}
        for lv in LEVELS:                         # fixed levels: local file a-d = x 1-4, rank r -> y = r + offset
            h, off = LEVEL_ELEVATION[lv], LEVEL_RANK_OFFSET[lv]
            self.fixed_cells[lv] = []
            for r in range(1, 5):
                for x in range(1, 5):
                    self.fixed_cells[lv].append(len(coords))
                    coords.append((x, r + off, h - 1))
                    smith.append(f"{lv}{'abcd'[x - 1]}{r}")
        point_specs = []
        for lv in LEVELS:
            h, off = LEVEL_ELEVATION[lv], LEVEL_RANK_OFFSET[lv]
            for corner in CORNERS:
                for up in (True, False):
                    x0 = 0 if corner[0] == "a" else 4
                    y0 = off if corner[1] == "1" else off + 4
                    name = f"{lv}{corner}{'u' if up else 'd'}"
                    cells = []
                    for j in range(2):
                        for i in range(2):
                            cells.append(len(coords))
                            coords.append((x0 + i, y0 + j, h + (1 if up else -1) - 1))
                            smith.append(f"{name}:{'ab'[i]}{j + 1}")
                    # local order a1, b1, a2, b2
                    point_specs.append((lv, corner, up, name, tuple(cells)))
        assert len(set(coords)) == len(coords) == 48 + 96, "points overlap"    # §C(b): no overlaps
        geo = Geometry(6, 10, 7, coords=coords)
        self.points = [Point(i, name, lv, corner, up, cells) for i, (lv, corner, up, name, cells)
                       in enumerate(point_specs)]
        self.point_by_name = {p.name: p for p in self.points}
        self.point_of = [-1] * geo.size           # cell -> index of its point (-1 = fixed cell)
        for p in self.points:
            for c in p.cells:
                self.point_of[c] = p.index
        self.platform_cells = frozenset(c for p in self.points for c in p.cells)
        self.point_a1 = [p.cells[0] for p in self.points]     # a platform stands on p when this is no HOLE
        self._point_targets()
        names = FirstContactNames(geo, smith)
        super().__init__(geo, names, ARMY)
        self.compile()

    def _point_targets(self) -> None:
        """Per point: the inversion, the edge-adjacent corners (same level, same u/d) and the same corner and
        u/d on the adjacent fixed levels (§C(b) Platform moves, C2, C3)."""
        by = {(p.level, p.corner, p.up): p.index for p in self.points}
        self.inverse, self.lateral, self.next_level = [], [], []
        for p in self.points:
            self.inverse.append(by[(p.level, p.corner, not p.up)])
            adj = [c for c in CORNERS if (c[0] == p.corner[0]) != (c[1] == p.corner[1])]
            self.lateral.append(tuple(by[(p.level, c, p.up)] for c in adj))
            i = LEVELS.index(p.level)
            self.next_level.append(tuple(by[(LEVELS[j], p.corner, p.up)] for j in (i - 1, i + 1)
                                         if 0 <= j < len(LEVELS)))

    # ------------------------------------------------------------------ geometry hooks
    def leap_hinges(self, cell: int, to: int, vector: Vector) -> tuple[int, ...] | None:
        """§C(b) Knight / C4: a leap from a fixed-level cell to another fixed level passes the cell directly
        above/below its start (the orthogonal first step), which must be an existing platform cell. Leaps to,
        from and between platforms are free. Lenient option: the cell directly below/above the destination
        also serves."""
        if cell in self.platform_cells:
            return None
        g = self.geometry
        dz = 1 if vector[2] > 0 else -1
        hinges = [g.step(cell, (0, 0, dz))]
        if self.lenient_knights:
            hinges.append(g.step(to, (0, 0, -dz)))
        return tuple(h for h in hinges if h is not None)

    def compile(self) -> None:
        super().compile()
        rng = random.Random(zlib.crc32(b"first-contact extra"))
        self.z_phase = [rng.getrandbits(64) for _ in PHASES]
        self.z_reserve = [[[rng.getrandbits(64) for _ in range(17)] for _ in range(7)] for _ in range(2)]
        self.z_last = [rng.getrandbits(64) for _ in range(len(self.points) + 1)]
        self.reserve_value = [0] * self.ncodes
        for kind in range(1, 7):
            for color in (0, 1):
                # a piece in hand is worth a little more than on the board (a drop that checks wins at once,
                # and dropping everything clogs one's own level): drops are made for a reason
                self.reserve_value[code_of(kind, color)] = self.pieces[kind].value + (RESERVE_BONUS if kind != P_KIND else 0)
        self.point_cells = [p.cells for p in self.points]
        # where a platform may go from each point: empty (C1), or carrying its one pawn (C2, C3)
        self.empty_targets = [(self.inverse[i],) + (self.lateral[i] if self.empty_platforms_slide else ())
                              for i in range(len(self.points))]
        self.carry_targets = [self.lateral[i] + self.next_level[i] for i in range(len(self.points))]
        # each drop as a ready move, by colour and kind: the moves onto one's own fixed level, in its order
        self.drop_moves = [[tuple((c, c, code_of(k, color), DROP) for c in self.fixed_cells["WB"[color]])
                            if k else () for k in range(7)] for color in (0, 1)]
        # the hooks' loops' tables (actions.PointTables): the points' cells and moves, the drops, and the
        # evaluation's bridge values, king steps, distances (Chebyshev over file, rank, elevation) and tropism
        coords = self.geometry.coords
        tropism = [0] * self.ncodes
        for kind, weight in ((P_KIND, 3), (N_KIND, 8), (B_KIND, 6), (R_KIND, 6), (Q_KIND, 9)):
            for color in (0, 1):
                tropism[code_of(kind, color)] = weight
        self.point_tables = PointTables(
            size=self.geometry.size, a1=self.point_a1, corners=[c for p in self.points for c in p.cells],
            cells_at=[self.points[i].cells if i >= 0 else None for i in self.point_of],
            place=[(a1, a1, 0, PLACE) for a1 in self.point_a1],
            empty=[[(t, (p.cells[0], self.point_a1[t], 0, PLATFORM)) for t in self.empty_targets[p.index]]
                   for p in self.points],
            carry=[[(t, (p.cells[held], self.point_cells[t][held], 0, PLATFORM)) for t in self.carry_targets[p.index]]
                   for p in self.points for held in range(4)],
            home=self.fixed_cells["W"] + self.fixed_cells["B"], drops=self.drop_moves,
            drop_gain=[self.team_sign[self.owner[code]] * self.reserve_value[code] if self.owner[code] >= 0 else 0
                       for code in range(self.ncodes)],
            bridge=[20 if (p.level, p.up) in (("W", True), ("N", False)) else
                    -20 if (p.level, p.up) in (("B", False), ("N", True)) else 0 for p in self.points],
            king_steps=[tuple(t for t in (self.geometry.step(c, v) for v in KING.moves[0].vectors) if t is not None)
                        for c in range(self.geometry.size)],
            distance=[max(abs(a[0] - c[0]), abs(a[1] - c[1]), abs(a[2] - c[2])) for a in coords for c in coords],
            tropism=tropism, pawns=(code_of(P_KIND, 0), code_of(P_KIND, 1)), enemies=self.enemies)

    # ------------------------------------------------------------------ API for GUIs and tools
    def phase(self, pos: "Position") -> str:
        """``place``, ``kings`` or ``play``."""
        return PHASES[pos.extra.phase]

    def platforms(self, pos: "Position") -> list[Point]:
        """The points where a platform stands now."""
        b = pos.board
        return [p for p in self.points if b[p.cells[0]] != HOLE]

    def state(self, phase: int, reserve: tuple[tuple[int, ...], tuple[int, ...]], last: int) -> State:
        """``State(phase, reserve, last)`` with its key: push reads ``extra_hash`` twice a special move."""
        h = self.z_phase[phase] ^ self.z_last[last]
        zr = self.z_reserve
        for color in (0, 1):
            counts = reserve[color]
            for kind in range(1, 7):
                h ^= zr[color][kind][counts[kind]]
        return State(phase, reserve, last, h)

    def cell_exists(self, pos: "Position", cell: int) -> bool:
        return pos.board[cell] != HOLE

    def reserve(self, pos: "Position", color: int) -> dict[str, int]:
        """Pieces in ``color``'s reserve by letter (upper case), e.g. ``{'Q': 1, 'R': 2, ...}``."""
        counts = pos.extra.reserve[color]
        return {self.pieces[k].letter: counts[k] for k in RESERVE_ORDER if counts[k]}

    def last_platform(self, pos: "Position") -> Point | None:
        """The platform moved last (it may not move again until another one has), or None."""
        return self.points[pos.extra.last] if pos.extra.last >= 0 else None

    # ------------------------------------------------------------------ special moves
    def special_moves(self, pos: "Position", moves: list[Move]) -> None:
        st: State = pos.extra
        us = pos.turn
        if st.phase == 0:                         # §C(b) Phases 1: place a platform on any vacant point
            vacant_points(pos, self.point_tables, moves)
            return
        counts = st.reserve[us]
        if st.phase == 1:                         # Phases 2: the king onto one's own fixed level
            kinds = [K_KIND] if counts[K_KIND] else []
        else:                                     # C5: drops only on one's own fixed level
            kinds = [k for k in DROP_ORDER if counts[k]]
        if kinds:
            add_drops(pos, self.point_tables, us, kinds, moves)
        if st.phase == 2:
            # §C(b) Platform moves, C1-C3: an empty platform inverts (C1 option: or slides to an edge-adjacent
            # corner); a platform holding exactly one friendly pawn slides or changes level, carrying the pawn.
            # Targets must be vacant; the platform moved last waits.
            platform_moves(pos, self.point_tables, st.last, code_of(P_KIND, us), moves)

    def make_special(self, pos: "Position", move: Move) -> int:
        make_action(pos, self.point_tables, move)
        return EMPTY

    def extra_after_move(self, pos: "Position", move: Move, moved: int, captured: int):
        st: State = pos.extra
        flag = move[3]
        if flag < SPECIAL:                          # not called for these (extra_on_special_only)
            return st
        if flag == PLATFORM:
            last = self.point_of[move[1]]
            return State(st.phase, st.reserve, last, st.key ^ self.z_last[st.last] ^ self.z_last[last])
        # drops and placements are irreversible: they reset the fifty-move clock (Position.push has counted it
        # already and restores it on pop), so repetitions are looked for since the last capture, drop or placement
        pos.halfmove = 0
        if flag == PLACE:
            if standing_platforms(pos, self.point_tables) < 4:
                return st                           # still placing: the same state
            return State(1, st.reserve, st.last, st.key ^ self.z_phase[st.phase] ^ self.z_phase[1])
        us = pos.turn                              # DROP
        kind = self.kind_of[move[2]]
        mine = list(st.reserve[us])
        zr = self.z_reserve[us][kind]
        key = st.key ^ zr[mine[kind]] ^ zr[mine[kind] - 1]
        mine[kind] -= 1
        reserve = (tuple(mine), st.reserve[1]) if us == 0 else (st.reserve[0], tuple(mine))
        phase = st.phase
        if phase == 1 and not reserve[1 - us][K_KIND]:
            phase = 2                               # both kings are on: play begins
            key ^= self.z_phase[1] ^ self.z_phase[2]
        return State(phase, reserve, st.last, key)

    def extra_hash(self, extra) -> int:
        return extra.key

    # ------------------------------------------------------------------ end of game
    def game_over(self, pos: "Position") -> "Outcome | None":
        """§C(b) Goal: the side to move's king is attacked, so the last action won."""
        if king_attacked(pos, self.point_tables):
            if pos.turn == 1:
                return Outcome("1-0", "White checks", "check")
            return Outcome("0-1", "Black checks", "check")
        return None

    def evaluate(self, pos: "Position") -> int:
        """King escape cells (existing, not our own, not attacked), king tropism (pieces near the enemy king:
        one check wins) and platform control (a platform holding one pawn of ours is ours to move; our pieces
        on platform cells reach other levels). Reserve pieces are valued in ``pos.score`` already."""
        if pos.extra.phase != 2:
            # placements: a platform next to one's own fixed level and the middle one is a bridge toward the
            # enemy king (elevation 3 for White, 5 for Black); elevations 1 and 7 lead nowhere
            return bridges(pos, self.point_tables)
        v = play_terms(pos, self.point_tables)
        # the fifty-move rule: an advantage fades as the clock runs, so the side ahead makes progress
        # (a capture or a drop resets the clock)
        if pos.halfmove > 20:
            v -= (pos.score + v) * (pos.halfmove - 20) // 100
        return v

    # ------------------------------------------------------------------ position string
    def board_from_text(self, text: str) -> list[int]:
        """The fixed levels B|N|W, each as 4 ranks top down (rank 4 first) of 4 files a-d, FEN style.
        Platform cells start missing; the platform field (``parse_extra``) puts the platforms down."""
        levels = text.split("|")
        if len(levels) != 3:
            raise FenError(f"expected the 3 fixed levels B|N|W separated by '|', got {len(levels)}")
        board = [EMPTY] * self.geometry.size
        for c in self.platform_cells:
            board[c] = HOLE
        for lv, level_text in zip("BNW", levels):
            rows = self._parse_rows(level_text, 4, 4, f"level {lv}")
            cells = self.fixed_cells[lv]
            for r, row in enumerate(rows):
                for f, code in enumerate(row):
                    board[cells[4 * r + f]] = code
        return board

    def _parse_rows(self, text: str, files: int, ranks: int, where: str) -> list[list[int]]:
        """FEN rows (top rank first) -> codes per rank from the lowest rank up."""
        rows = text.split("/")
        if len(rows) != ranks:
            raise FenError(f"{where}: expected {ranks} ranks, got {len(rows)}")
        out = []
        for row in reversed(rows):
            codes: list[int] = []
            for ch in row:
                if ch.isdigit():
                    codes += [EMPTY] * int(ch)
                elif ch in self.letters:
                    codes.append(self.letters[ch])
                else:
                    raise FenError(f"{where}: bad character {ch!r}")
            if len(codes) != files:
                raise FenError(f"{where}: rank {row!r} has {len(codes)} files, expected {files}")
            out.append(codes)
        return out

    def _format_rows(self, codes: list[int], files: int) -> str:
        rows = []
        for r in range(len(codes) // files - 1, -1, -1):
            out, empty = "", 0
            for code in codes[r * files:(r + 1) * files]:
                if not code:
                    empty += 1
                    continue
                if empty:
                    out += str(empty)
                    empty = 0
                out += self.letter_of(code)
            rows.append(out + (str(empty) if empty else ""))
        return "/".join(rows)

    def board_to_text(self, board: list[int]) -> str:
        return "|".join(self._format_rows([board[c] for c in self.fixed_cells[lv]], 4) for lv in "BNW")

    def parse_extra(self, pos: "Position", fields: list[str]):
        """Fields after the move number: platforms, reserves, phase, last-moved platform.

        Platforms: ``-`` or comma-separated points, each optionally followed by ``:`` and its 2x2 contents
        (rank 2 first): ``Wa1u:1P/2,Wd1u,Ba4u,Bd4u``. Reserves: ``[KQRRBB...kqrr...]`` or ``-``.
        Phase: ``place``, ``kings`` or ``play``. Last: the point of the platform moved last, or ``-``.
        """
        if len(fields) != 4:
            raise FenError("expected 4 fields after the move number: platforms, reserves, phase, last platform "
                           f"(got {len(fields)})")
        plat_text, res_text, phase_text, last_text = fields
        b = pos.board
        if plat_text != "-":
            seen = set()
            for item in plat_text.split(","):
                name, _, contents = item.partition(":")
                p = self.point_by_name.get(name)
                if p is None:
                    raise FenError(f"unknown platform point {name!r}")
                if p.index in seen:
                    raise FenError(f"platform point {name} listed twice")
                seen.add(p.index)
                codes = [EMPTY] * 4
                if contents:
                    rows = self._parse_rows(contents, 2, 2, f"platform {name}")
                    codes = rows[0] + rows[1]
                for c, code in zip(p.cells, codes):
                    pos._set(c, code)
            if len(seen) > 4:
                raise FenError(f"at most 4 platforms, got {len(seen)}")
        if res_text == "-":
            res_text = "[]"
        m = re.fullmatch(r"\[([KQRBNPkqrbnp]*)\]", res_text)
        if not m:
            raise FenError(f"bad reserve field {res_text!r}: expected e.g. [QRRBBNNPPPPPPPPqrrbbnnpppppppp] or -")
        counts = [[0] * 7, [0] * 7]
        for ch in m.group(1):
            code = self.letters[ch]
            counts[self.owner[code]][self.kind_of[code]] += 1
        for color in (0, 1):
            on_board = [0] * 7
            for c in pos.occupied[color]:
                on_board[self.kind_of[b[c]]] += 1
            for kind, full in FULL_RESERVE.items():
                if counts[color][kind] + on_board[kind] > full:
                    raise FenError(f"{self.color_names[color]} has more than {full} "
                                   f"{self.pieces[kind].name}{'s' if full > 1 else ''} on board and in reserve")
        if phase_text not in PHASES:
            raise FenError(f"bad phase {phase_text!r}: expected place, kings or play")
        phase = PHASES.index(phase_text)
        last = -1
        if last_text != "-":
            p = self.point_by_name.get(last_text)
            if p is None or b[p.cells[0]] == HOLE:
                raise FenError(f"bad last-moved platform {last_text!r}: expected a point holding a platform or -")
            last = p.index
        reserve = (tuple(counts[0]), tuple(counts[1]))
        for color in (0, 1):
            for kind in range(1, 7):
                pos.score += self.team_sign[color] * counts[color][kind] * self.reserve_value[code_of(kind, color)]
        return self.state(phase, reserve, last)

    def format_extra(self, pos: "Position") -> list[str]:
        st: State = pos.extra
        b = pos.board
        plats = []
        for p in self.platforms(pos):
            codes = [b[c] for c in p.cells]
            plats.append(p.name + (":" + self._format_rows(codes, 2) if any(codes) else ""))
        letters = ""
        for color in (0, 1):
            for kind in RESERVE_ORDER:
                letters += self.letter_of(code_of(kind, color)) * st.reserve[color][kind]
        return [",".join(plats) or "-", f"[{letters}]" if letters else "-", PHASES[st.phase],
                self.points[st.last].name if st.last >= 0 else "-"]

    def royal_bounds(self, color: int) -> tuple[int, int | None]:
        """The king starts in reserve: none on the board before the kings phase, one at most after."""
        return 0, 1

    def validate(self, pos: "Position") -> None:
        """Phases: nothing stands on the board before the kings; in the kings phase the side to move has its
        king in reserve and nothing on the board; in play no king is in reserve and each side has at most one."""
        st: State = pos.extra
        us = pos.turn
        n_plat = len(self.platforms(pos))
        if st.phase == 0:
            if pos.occupied[0] or pos.occupied[1]:
                raise FenError("no piece stands on the board while platforms are being placed")
            if n_plat >= 4:
                raise FenError("all 4 platforms are placed: the phase is kings or play")
        elif st.phase == 1:
            if not st.reserve[us][K_KIND] or pos.occupied[us]:
                raise FenError("kings phase: the side to move must have its king in reserve and nothing on board")
            if any(self.kind_of[pos.board[c]] != K_KIND for c in pos.occupied[1 - us]):
                raise FenError("kings phase: only a king may stand on the board")
        else:
            for color in (0, 1):
                if st.reserve[color][K_KIND]:
                    raise FenError("play phase: kings are on the board, not in reserve")
        for color in (0, 1):
            if len(pos.royals[color]) > 1:
                raise FenError(f"{self.color_names[color]} has more than one king")
        super().validate(pos)

    # ------------------------------------------------------------------ the web board's clicks
    def click_target(self, pos: "Position", move: Move) -> Target:
        """Drops start at the reserve piece beside the board (``reserve-white-Q``) and end on a cell; a
        placement is one click on a vacant point's a1 cell; a platform moves by its pawn (or, empty, its a1
        cell) to the new point's matching cell."""
        src, dst, label = super().click_target(pos, move)
        flag = move[3]
        if flag == DROP:
            return reserve_target(self, move[2]), dst, "drop"
        if flag == PLACE:
            return src, dst, f"place a platform on {pos.move_name(move).lstrip('@')}"
        if flag == PLATFORM:
            return src, dst, f"move the platform {pos.move_name(move)}"
        return src, dst, label
