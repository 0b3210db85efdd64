"""A game = a geometry, an army of piece types, a start position and a few rule switches.

``Game.compile`` turns that data into the per-cell tables the shared move generator reads
(sunfish style: precompute once, keep the hot loops flat). Games override a handful of hooks
for their special rules; there is never a move generator per game.
"""
from __future__ import annotations

import random
import re
import zlib
from collections import deque
from dataclasses import dataclass
from typing import Iterable, Sequence

from .codes import (CASTLE, DOUBLE, EMPTY, EN_PASSANT, HOLE, NORMAL, PROMOTION, SPECIAL, TRANSFORM,  # noqa: F401
                    Move, code_of, promoted_code)
from .errors import FenError, MoveError  # noqa: F401 (MoveError: the error of parse_move, named here too)
from .fen import format_board, parse_board
from .geometry import Geometry, Vector
from .notation import SquareNames
from .pieces import Hop, Leap, Mode, Path, PieceType, Slide, lame_steps
from .position import Outcome, Position, RuleTables
from .presentation import Presentation

PAWN_ADVANCE = 60      # placement bonus of a pawn one step from promotion (quadratic in its progress)
PAWN_CENTRE = 12       # ... plus up to this much for a pushed pawn on a central cell
NO_LIMIT = 1 << 30     # fifty_plies of a game without the n-move rule


@dataclass(frozen=True)
class CastlingRule:
    """One castling: the king and rook squares, what must be empty and what must be safe."""
    color: int
    king_from: int
    king_to: int
    rook_from: int
    rook_to: int
    empty: frozenset[int]
    safe: tuple[int, ...]     # not attacked, when the side is subject to check
    fen_char: str


@dataclass(frozen=True)
class EvalWeights:
    """Weights of the search's positional terms (``engine/evaluate.py``), kept per game as data: a game
    module sets ``eval_weights`` to its own values. Centipawns; 0 turns a term off."""
    mobility: int = 4            # x10 = cp a piece gains from no reachable cell to its best empty-board reach
    king_attack: int = 3         # per (attacked zone cell x attacker) / 4, from two attackers on
    king_defence: int = 2        # per zone cell our own pieces attack
    king_shelter: int = 6        # per own pawn next to the royal piece
    passed_base: int = 10        # a passed pawn ...
    passed_advance: int = 90     # ... plus this times the square of its progress toward the zone
    castling: int = 0            # a royal piece at home that may still castle, or on a castled cell
    pair: int = 0                # two pieces of one colour-bound kind on cells of both colours (bishop pair)
    doubled: int = 0             # penalty: an own pawn stands ahead on this pawn's push line
    isolated: int = 0            # penalty: no own pawn on the neighbouring lines that could support it


class Game(Presentation):
    """Base class of every game. Subclasses set the class attributes and call ``compile``."""

    name = "?"
    title = "?"
    description = ""
    source = ""                    # where the rules come from: a book, a page, another program's definition
    players = 2
    color_names: tuple[str, ...] = ("white", "black")
    color_letters: tuple[str, ...] = ("w", "b")
    start_fen = ""
    # Royalty: "single" = a side whose royal pieces number exactly one may not leave it attacked
    # (FIDE; Millennium's second king); "none" = no check at all (kings are simply captured).
    royal_rule = "single"
    castling_style = "kq"          # "kq" = KQkq letters; "files" = files of unmoved kings and rooks
    level_separator = "|"
    promotion_letters = "qrbn"     # what a pawn may become, in the order moves are listed
    # How each special move flag behaves for king safety, so legality needs no trial move:
    # "stays" = the start square stays occupied by our piece (cannot expose the king);
    # "plain" = like an ordinary move (start square emptied, destination ours): pins apply;
    # "tried" = always tested by a trial move (e.g. a platform move, which can open lines).
    # Either list every special flag the game makes, or leave it empty (each is then tried).
    special_legality: dict[int, str] = {}
    # Elimination (four-player capture-the-king games): a colour with no royal piece left is skipped in
    # the turn order, its pieces stay as inert blockers (they attack nothing), and a team whose colours
    # are all eliminated has lost. Use with royal_rule = "none".
    elimination = False
    # En passant: "next" = only the next mover may take (FIDE); "each_enemy" = every enemy colour may
    # take on its own first turn after the double step (Position.windows).
    ep_rule = "next"
    # Castling through attacked squares is forbidden even for a side that is not subject to check.
    castle_safety_always = False
    fifty_plies = 100              # plies without capture or pawn move that draw the game (NO_LIMIT: never)
    repetition = 3                 # the same position this often draws (0: never)
    # Draws that a player claims (FIDE 9.2, 9.3) and the counts at which the game ends by itself (FIDE 9.6:
    # fivefold, 75 moves); 0: the draw at ``fifty_plies``/``repetition`` is itself automatic.
    # ``Position.outcome(claim_draw=False)`` reads them (the PGN checker's view of a game record).
    automatic_fifty_plies = 0
    automatic_repetition = 0
    stalemate = "draw"             # what a side without a legal move, not in check, gets: draw, loss or win
    # With royal_rule "none" in a two-player game: "any" = a side that loses a royal piece has lost (king
    # capture), "all" = a side that loses its last royal piece has lost (extinction); "" = no such end
    royal_loss = ""
    # "loss": a side left with only royal pieces loses ("draw": draws); "reply": it loses, but against a single
    # piece besides the royals it first gets its move, and baring the opponent too draws; "" = no rule
    bare_king = ""
    # Initial paths (a pawn's double step) only for the untouched original piece: once the piece on an
    # initial cell has left it, or was captured there, that cell's path is spent for good, even for a pawn
    # that comes back (future-generation contract A9). Needed where pawns can return to their start cells;
    # the spent cells are bits of ``Position.rights`` above the castling bits (``path_bit``).
    double_step_once = False
    eval_weights = EvalWeights()   # the search's positional weights (piece values are in the army)
    # Learned placement (two-player games): piece letter -> centipawns added to the piece's value on each cell
    # (geometry cell order), from the first player's side; the second player's cell is ``mirror_cells``'s.
    # A piece without a table keeps the geometry-only bonus of ``_compile_pst``.
    placement: dict[str, tuple[int, ...]] = {}
    oriented_by_cell = False       # ``orientation`` depends on the cell, not only on the colour

    def __init__(self, geometry: Geometry, names: SquareNames, pieces: Sequence[PieceType]) -> None:
        self.geometry = geometry
        self.names = names
        self.pieces: list[PieceType | None] = [None, *pieces]      # kind 0 = empty/hole
        self.castling: list[CastlingRule] = []
        self.teams: tuple[int, ...] = tuple(range(self.players)) if self.players == 2 else (0, 1, 0, 1)
        self.promotion_zone: list[frozenset[int]] = [frozenset()] * self.players
        self.initial_cells: dict[tuple[int, int], frozenset[int]] = {}   # (kind, color) -> cells of initial paths
        # kind -> kind it turns into when it enters its colour's promotion zone (moving there, or promoted
        # there: a pawn promoting to such a kind gets the new kind at once)
        self.transforms: dict[int, int] = {}

    # ------------------------------------------------------------------ rule hooks
    def orientation(self, color: int, cell: int) -> tuple[Vector, Vector, Vector]:
        """Absolute vectors for (side, forward, up) of an oriented piece of ``color`` on ``cell``."""
        fwd = 1 if color == 0 else -1
        return ((1, 0, 0), (0, fwd, 0), (0, 0, 1))

    def promotion_choices(self, pos: "Position", color: int) -> Sequence[int]:
        """Piece codes a pawn of ``color`` may promote to now (empty = it may not enter the zone)."""
        return self._promo_codes[color]

    def insufficient_material(self, pos: "Position") -> bool:
        return False

    def game_over(self, pos: "Position") -> "Outcome | None":
        """A game-specific end (e.g. a king captured), or None. The default reads the rule switches
        ``elimination``, ``royal_loss`` and ``bare_king``."""
        if self.elimination:
            return self.team_outcome(pos)
        if self.royal_loss:
            lost = [len(pos.royals[c]) < (self.start_royals[c] if self.royal_loss == "any" else 1)
                    for c in (0, 1)]
            if any(lost):
                return self._win(1 if lost[0] else 0, "royal pieces lost" if self.royal_loss == "all"
                                 else "king captured", "lost all royal pieces" if self.royal_loss == "all"
                                 else "has lost a royal piece", both=all(lost))
        if self.bare_king:
            others = [len(pos.occupied[c]) - len(pos.royals[c]) for c in (0, 1)]   # pieces besides royals
            if not others[0] or not others[1]:
                if not others[0] and not others[1] or self.bare_king == "draw":
                    return Outcome("1/2-1/2", "Bare kings", "bare king")
                loser = 0 if not others[0] else 1
                # "reply" (Fairy-Stockfish's shatranj/courier, variant.cpp extinctionOpponentPieceCount = 2
                # with extinctionClaim): bared by a lone piece, the side to move still gets its move
                if self.bare_king == "reply" and loser == pos.turn and others[1 - loser] < 2:
                    return None
                return self._win(1 - loser, "bare king", "has only a bare king")
        return None

    def _win(self, winner: int, termination: str, what: str, both: bool = False) -> "Outcome":
        if both:
            return Outcome("1/2-1/2", f"both sides {what}", termination)
        loser = self.color_names[1 - winner].capitalize()
        return Outcome("1-0" if winner == 0 else "0-1", f"{loser} {what}", termination)

    def stalemate_outcome(self, pos: "Position") -> "Outcome":
        """The side to move has no legal move and is not in check: ``stalemate`` decides."""
        if self.stalemate == "draw" or self.players != 2:
            return Outcome("1/2-1/2", "Stalemate", "stalemate")
        winner = 1 - pos.turn if self.stalemate == "loss" else pos.turn
        return self._win(winner, "stalemate", "is stalemated" if self.stalemate == "loss"
                         else "stalemates and wins")

    def special_moves(self, pos: "Position", moves: list[Move]) -> None:
        """Append game-specific pseudo-legal moves (flag >= SPECIAL)."""

    def make_special(self, pos: "Position", move: Move) -> int:
        """Apply a special move's board changes through ``pos.put``/``pos.remove``; return the captured code."""
        raise NotImplementedError

    def extra_after_move(self, pos: "Position", move: Move, moved: int, captured: int):
        """The game's extra state after ``move`` (e.g. a reserve of captured pieces)."""
        return pos.extra

    def extra_hash(self, extra) -> int:
        return 0

    def parse_extra(self, pos: "Position", fields: list[str]):
        """Game-specific FEN fields after the fullmove number -> extra state (raise FenError if bad)."""
        if fields:
            raise FenError(f"unexpected fields after the move number: {' '.join(fields)}")
        return None

    def format_extra(self, pos: "Position") -> list[str]:
        return []

    def restrict_moves(self, pos: "Position", moves: list[Move]) -> list[Move]:
        """Drop pseudo-legal moves a rule forbids for the side to move (e.g. a locked level). Applied to
        every generated list, captures included; a game that overrides it turns it on."""
        return moves

    def castling_threats(self, pos: "Position", us: int, cell: int) -> tuple[int, ...] | None:
        """The colours whose attacks on ``cell`` forbid a castling of ``us`` (None = all enemies).
        With elimination only live enemies count (inert pieces attack nothing)."""
        if self.elimination:
            return tuple(e for e in self.enemies[us] if pos.royals[e])
        return None

    def move_suffix(self, move: Move) -> str:
        """Text after the two squares for special moves (e.g. a split knight's ``n``)."""
        return ""

    def leap_hinges(self, cell: int, to: int, vector: Vector) -> tuple[int, ...] | None:
        """For a ``Leap(hinged=True)`` from ``cell`` to ``to``: the cells of which at least one must exist
        (not be a HOLE) when it is made; None = no condition, () = never possible."""
        return None

    def evaluate(self, pos: "Position") -> int:
        """An evaluation term beyond ``pos.score`` (team 0 minus team 1); the search adds it only for games
        that override this hook (``has_evaluate``)."""
        return 0

    def board_from_text(self, text: str) -> list[int]:
        """The board field of a position string -> board codes (default: ``fen.parse_board``)."""
        return parse_board(self, text)

    def board_to_text(self, board: list[int]) -> str:
        return format_board(self, board)

    # ------------------------------------------------------------------ compile
    def compile(self) -> None:
        self._rule_tables = None        # built again from the new tables by the next position
        g = self.geometry
        n = g.size
        ncodes = (len(self.pieces)) << 2
        self.ncodes = ncodes
        self.owner = [-1] * ncodes
        self.kind_of = [0] * ncodes
        for kind in range(1, len(self.pieces)):
            for color in range(self.players):
                code = code_of(kind, color)
                self.owner[code] = color
                self.kind_of[code] = kind
        self.enemy = [[self.owner[c] >= 0 and self.teams[self.owner[c]] != self.teams[us]
                       for c in range(ncodes)] for us in range(self.players)]
        self.enemies = [tuple(c for c in range(self.players) if self.teams[c] != self.teams[us])
                        for us in range(self.players)]
        self.royal_codes = frozenset(c for c in range(ncodes) if self.kind_of[c] and self.pieces[self.kind_of[c]].royal)
        self.pawn_codes = frozenset(c for c in range(ncodes) if self.kind_of[c] and self.pieces[self.kind_of[c]].pawn)
        self.letters: dict[str, int] = {}
        self.kind_by_letter: dict[str, int] = {}
        for kind in range(1, len(self.pieces)):
            self.kind_by_letter.setdefault(self.pieces[kind].letter.upper(), kind)
            if self.players > 2:
                # more than two colours: a token is the colour letter + the piece letter (``gK``)
                for color in range(self.players):
                    self.letters[self.color_letters[color] + self.pieces[kind].letter.upper()] = code_of(kind, color)
                continue
            self.letters[self.pieces[kind].letter.upper()] = code_of(kind, 0)
            if self.players >= 2:
                self.letters[self.pieces[kind].letter.lower()] = code_of(kind, 1)
        self._promo_codes = []
        self.promo_suffix: dict[int, str] = {}     # promoted code -> the letter written after the move
        for color in range(self.players):
            codes = []
            for ch in self.promotion_letters:
                if ch.upper() not in self.kind_by_letter:
                    continue
                kind = self.kind_by_letter[ch.upper()]
                code = code_of(self.transforms.get(kind, kind), color)
                codes.append(code)
                self.promo_suffix[code] = ch.lower()
            self._promo_codes.append(tuple(codes))
        self.tables: list[list | None] = [None] * ncodes
        self.dedupe = g.wraps
        self._ray_memo: dict = {}
        self._orient_memo: dict = {}
        for code in range(ncodes):
            if self.kind_of[code] and self.owner[code] >= 0:
                piece = self.pieces[self.kind_of[code]]
                first = code_of(self.kind_of[code], 0)
                if (self.owner[code] and not piece.oriented and not piece.pawn and self.kind_of[code] not in
                        self.transforms and not piece.atoms(Path) and self.tables[first] is not None):
                    self.tables[code] = self.tables[first]     # the same moves for every colour
                else:
                    self.tables[code] = [self._compile_cell(code, cell) for cell in range(n)]
        self._compile_attacks()
        del self._ray_memo, self._orient_memo
        self._compile_castling()
        rng = random.Random(zlib.crc32(self.name.encode()))     # the same keys in every process
        self.z_piece = [[rng.getrandbits(64) for _ in range(n)] for _ in range(ncodes)]
        for cell in range(n):                       # empty squares hash to 0
            self.z_piece[EMPTY][cell] = 0
        self.z_turn = [rng.getrandbits(64) for _ in range(self.players)]
        self.z_ep = [rng.getrandbits(64) for _ in range(n)]
        self.z_rule = [rng.getrandbits(64) for _ in range(max(1, len(self.castling)))]
        self._compile_path_bits(rng)
        self.pst = self._compile_pst()
        self.team_sign = [1 if self.teams[c] == 0 else -1 for c in range(self.players)]
        self._finish_compile()
        if self.placement:
            self._apply_placement()

    def code_for_letter(self, letter: str, color: int) -> int:
        return code_of(self.kind_by_letter[letter.upper()], color)

    def _oriented(self, vecs: Iterable[Vector], basis) -> list[Vector]:
        key = (tuple(vecs), tuple(basis))
        out = self._orient_memo.get(key)
        if out is None:
            out = self._orient_memo[key] = [
                tuple(v[0] * basis[0][i] + v[1] * basis[1][i] + v[2] * basis[2][i] for i in range(3))
                for v in key[0]]
        return out

    def _ray(self, cell: int, d: Vector, limit: int) -> tuple[int, ...]:
        """``geometry.ray``, computed once per compile (many pieces share lines)."""
        key = (cell, d, limit)
        ray = self._ray_memo.get(key)
        if ray is None:
            ray = self._ray_memo[key] = self.geometry.ray(cell, d, limit)
        return ray

    def _compile_cell(self, code: int, cell: int):
        g = self.geometry
        kind, color = self.kind_of[code], self.owner[code]
        piece = self.pieces[kind]
        basis = self.orientation(color, cell) if piece.oriented else ((1, 0, 0), (0, 1, 0), (0, 0, 1))
        rides: list[tuple] = []
        leaps: dict[int, Move] = {}
        qleaps: dict[int, Move] = {}
        cleaps: dict[int, Move] = {}
        qrides: list[tuple] = []
        paths: list[tuple] = []
        hinged: list[tuple] = []      # (hinge cells, to, move): a leap that needs a hinge cell to exist
        lame: list[tuple] = []        # (cells that must be empty, to, move, mode): a lame leap (Betza n)
        hops: list[tuple] = []        # (((to, move), ...), style, mode): a hopper's line (Betza p, g)
        for atom in piece.moves:
            if isinstance(atom, Slide):
                for d in self._oriented(atom.directions, basis):
                    ray = self._ray(cell, d, atom.limit)
                    if not ray:
                        continue
                    entry = tuple((to, (cell, to, 0, NORMAL)) for to in ray)
                    if atom.mode is Mode.BOTH:
                        rides.append(entry)
                    elif atom.mode is Mode.MOVE:
                        qrides.append(entry)
                    else:
                        raise ValueError("capture-only slides are not supported")
            elif isinstance(atom, Hop):
                for d in self._oriented(atom.directions, basis):
                    ray = self._ray(cell, d, 0)
                    if len(ray) > 1:
                        hops.append((tuple((to, (cell, to, 0, NORMAL)) for to in ray), atom.style, atom.mode))
            elif isinstance(atom, Leap) and atom.lame:
                for v in self._oriented(atom.vectors, basis):
                    to = g.step(cell, v)
                    steps = lame_steps(v)
                    if steps is None:
                        raise ValueError(f"{piece.name}: a lame leap {v} has no single path")
                    between = g.path(cell, steps) if steps else ()
                    if to is not None and to != cell and between is not None and cell not in between:
                        lame.append((between, to, (cell, to, 0, NORMAL), atom.mode))
            elif isinstance(atom, Leap):
                target = {Mode.BOTH: leaps, Mode.MOVE: qleaps, Mode.CAPTURE: cleaps}[atom.mode]
                for v in self._oriented(atom.vectors, basis):
                    to = g.step(cell, v)
                    if to is not None and to != cell:
                        if atom.hinged:
                            if atom.mode is not Mode.BOTH:
                                raise ValueError("hinged leaps must move and capture")
                            hinges = self.leap_hinges(cell, to, v)
                            if hinges is not None:
                                if hinges:
                                    hinged.append((hinges, to, (cell, to, 0, NORMAL)))
                                continue
                        target[to] = (cell, to, 0, NORMAL)
            elif isinstance(atom, Path):
                if atom.initial and cell not in self.initial_cells.get((kind, color), ()):
                    continue
                cells = g.path(cell, self._oriented(atom.offsets, basis))
                if cells:
                    to = cells[-1]
                    mv = (cell, to, cells[-2], DOUBLE) if atom.en_passant and len(cells) > 1 else (cell, to, 0, NORMAL)
                    paths.append((cells[:-1], to, mv))
        if kind in self.transforms and not piece.pawn:
            zone = self.promotion_zone[color]
            new = code_of(self.transforms[kind], color)
            rides = [tuple((to, (cell, to, new, TRANSFORM) if to in zone else mv) for to, mv in r) for r in rides]
            leaps = {to: (cell, to, new, TRANSFORM) if to in zone else mv for to, mv in leaps.items()}
        # A leap onto the first square of a ride is the same move: keep the ride only.
        firsts = {r[0][0] for r in rides}
        leap_items = tuple((to, mv) for to, mv in leaps.items() if to not in firsts)
        if piece.pawn:
            # The zone is kept only where a step, capture or double step from this cell can enter it,
            # so the generator tests promotion only for pawns that are about to promote.
            zone = self.promotion_zone[color]
            reach = set(qleaps) | set(cleaps) | {to for _, to, _ in paths}
            zone = zone if zone & reach else None
            pawnish = (tuple(qleaps.items()), tuple(cleaps.items()), tuple(paths), tuple(qrides), zone,
                       tuple(hinged), tuple(lame), tuple(hops), zone is None and not (hinged or lame or hops))
        elif qleaps or cleaps or paths or qrides or hinged or lame or hops:
            pawnish = (tuple(qleaps.items()), tuple(cleaps.items()), tuple(paths), tuple(qrides), None,
                       tuple(hinged), tuple(lame), tuple(hops), not (hinged or lame or hops))
        else:
            pawnish = None
        return (tuple(rides), leap_items, pawnish)

    def _attack_directions(self, piece: PieceType, directions: tuple[Vector, ...], color: int) -> list[Vector]:
        """A capturing slider's or hopper's directions for ``color`` (turned when the piece is oriented; the
        reverse tables need one turn per colour, so not where a game turns pieces per cell)."""
        if not piece.oriented:
            return list(directions)
        if self.oriented_by_cell:
            raise ValueError(f"{piece.name}: oriented capturing slides are not supported in this game")
        return self._oriented(directions, self.orientation(color, 0))

    def _compile_attacks(self) -> None:
        """Reverse tables: for a target cell, where could an attacker of each colour stand?

        ``ray_attacks[color][t]`` = ((cells outward from t, codes that slide back along them), ...);
        the first occupied cell of a ray attacks t when its code is in the set.
        ``leap_attacks[color][t]`` = ((cell, codes that leap or capture from there onto t), ...).
        """
        g = self.geometry
        n = g.size
        self.ray_attacks = []
        self.leap_attacks = []
        self.hinged_attacks = []
        self.lame_attacks = []         # [color][t] = ((from cell, cells that must be empty, codes), ...)
        self.hop_attacks = []          # [color][t] = ((cells outward from t, style, codes), ...)
        for color in range(self.players):
            sliders: dict[tuple, set[int]] = {}        # (direction, limit) -> codes
            for code in range(self.ncodes):
                if self.owner[code] != color or not self.kind_of[code]:
                    continue
                piece = self.pieces[self.kind_of[code]]
                for atom in piece.atoms(Slide):
                    if atom.mode is not Mode.BOTH:
                        continue
                    for d in self._attack_directions(piece, atom.directions, color):
                        back = (-d[0], -d[1], -d[2])
                        sliders.setdefault((back, atom.limit), set()).add(code)
            rays_per_cell = []
            for t in range(n):
                entries = []
                for (d, limit), codes in sliders.items():
                    ray = self._ray(t, d, limit)
                    if ray:
                        entries.append((ray, frozenset(codes)))
                rays_per_cell.append(tuple(entries))
            self.ray_attacks.append(rays_per_cell)
            leaps_by_cell: list[dict[int, set[int]]] = [dict() for _ in range(n)]
            hinged_by_cell: list[dict[tuple, set[int]]] = [dict() for _ in range(n)]
            lame_by_cell: list[dict[tuple, set[int]]] = [dict() for _ in range(n)]
            hoppers: dict[tuple, set[int]] = {}       # (direction back, style) -> codes
            for code in range(self.ncodes):
                if self.owner[code] != color or not self.kind_of[code]:
                    continue
                for frm in range(n):
                    _, leaps, pawnish = self.tables[code][frm]
                    for to, _ in leaps:
                        leaps_by_cell[to].setdefault(frm, set()).add(code)
                    if pawnish:
                        for to, _ in pawnish[1]:
                            leaps_by_cell[to].setdefault(frm, set()).add(code)
                        for hinges, to, _ in pawnish[5]:
                            hinged_by_cell[to].setdefault((frm, hinges), set()).add(code)
                        for between, to, _, mode in pawnish[6]:
                            if mode is not Mode.MOVE:
                                lame_by_cell[to].setdefault((frm, between), set()).add(code)
                piece = self.pieces[self.kind_of[code]]
                for atom in piece.atoms(Hop):
                    if atom.mode is Mode.MOVE:
                        continue
                    for d in self._attack_directions(piece, atom.directions, color):
                        hoppers.setdefault(((-d[0], -d[1], -d[2]), atom.style), set()).add(code)
            # A leap square that is also the first cell of a slider ray was dropped from the
            # piece's leaps at compile time; slider rays cover it.
            self.leap_attacks.append([tuple((frm, frozenset(c)) for frm, c in leaps_by_cell[t].items())
                                      for t in range(n)])
            # ((from cell, hinge cells, codes), ...) per target: read by Position.attacked only when
            # ``self.hinged`` (a game with hinged leaps)
            self.hinged_attacks.append([tuple((frm, hinges, frozenset(c)) for (frm, hinges), c
                                              in hinged_by_cell[t].items()) for t in range(n)])
            self.lame_attacks.append([tuple((frm, between, frozenset(c)) for (frm, between), c
                                            in lame_by_cell[t].items()) for t in range(n)])
            self.hop_attacks.append([tuple((ray, style, frozenset(c)) for (d, style), c in hoppers.items()
                                           for ray in (self._ray(t, d, 0),) if len(ray) > 1)
                                     for t in range(n)])
        self.hinged = any(any(per_cell) for per_cell in self.hinged_attacks)
        # lame leaps and hoppers attack through cells other than a line from the target: a move anywhere may
        # open or close such an attack, so the shortcuts of pins and "aligned" cells do not hold
        self.indirect = any(any(per_cell) for table in (self.lame_attacks, self.hop_attacks)
                            for per_cell in table)
        self.special_attacks = self.hinged or self.indirect     # Position.attacked looks beyond its lines
        self._compile_attack_lines()

    def _compile_attack_lines(self) -> None:
        """The tables ``Position.attacked`` reads: each slider line from a target cell as
        ``(first cell, codes attacking from the first cell, the rest of the line, slider codes)`` —
        a leaper or pawn standing on the first cell is folded in, so a crowded board answers with
        one look per line — plus ``far_leaps``: the leap sources that are no line's first cell."""
        self.attack_lines = []
        self.far_leaps = []
        for color in range(self.players):
            lines_c, far_c = [], []
            for t in range(self.geometry.size):
                leaps = dict(self.leap_attacks[color][t])
                lines = []
                for ray, codes in self.ray_attacks[color][t]:
                    near = codes | leaps.pop(ray[0], frozenset())
                    lines.append((ray[0], near, ray[1:], codes))
                lines_c.append(tuple(lines))
                far_c.append(tuple(leaps.items()))
            self.attack_lines.append(lines_c)
            self.far_leaps.append(far_c)

    def _compile_castling(self) -> None:
        """Castling rights as bits of ``Position.rights``.

        Style "kq": bit i = castling rule i still possible. Style "files": bit j = the j-th castling
        king or rook (``castle_cells[j]``) is unmoved, and a rule needs its king's and its rook's bits,
        so one rook may serve two kings. ``castle_need[i]`` = the bits rule i needs.
        """
        n = self.geometry.size
        self.castle_mask = [0] * n        # rights bits cleared when a move leaves or enters the cell
        if self.castling_style == "files":
            self.castle_cells = sorted({c for r in self.castling for c in (r.king_from, r.rook_from)})
            bit = {c: 1 << j for j, c in enumerate(self.castle_cells)}
            for c, b in bit.items():
                self.castle_mask[c] = b
            self.castle_need = [bit[r.king_from] | bit[r.rook_from] for r in self.castling]
        else:
            self.castle_cells = []
            for i, rule in enumerate(self.castling):
                self.castle_mask[rule.king_from] |= 1 << i
                self.castle_mask[rule.rook_from] |= 1 << i
            self.castle_need = [1 << i for i in range(len(self.castling))]
        self.castle_by_color = [[(i, r) for i, r in enumerate(self.castling) if r.color == c]
                                for c in range(self.players)]
        self._rights_keys: dict[int, int] = {}

    def _compile_path_bits(self, rng: random.Random) -> None:
        """``double_step_once``: one bit of ``Position.rights`` per initial cell (``path_bit[cell]``), set
        while that cell's original piece is untouched and cleared, like a castling bit, by any move that
        leaves or enters the cell."""
        self.path_bit = [0] * self.geometry.size
        self.path_cells: list[int] = []
        if not self.double_step_once:
            return
        low = len(self.castle_cells) if self.castling_style == "files" else len(self.castling)
        self.path_cells = sorted({c for cells in self.initial_cells.values() for c in cells})
        for j, cell in enumerate(self.path_cells):
            self.path_bit[cell] = 1 << (low + j)
            self.castle_mask[cell] |= self.path_bit[cell]
        self.z_path = [rng.getrandbits(64) for _ in self.path_cells]

    def rights_key(self, rights: int) -> int:
        """The Zobrist key of the castlings ``rights`` allow (flags that allow none do not count), and of
        the initial cells whose path is not spent."""
        key = self._rights_keys.get(rights)
        if key is None:
            key = 0
            for i, need in enumerate(self.castle_need):
                if rights & need == need:
                    key ^= self.z_rule[i]
            for j, cell in enumerate(self.path_cells):
                if rights & self.path_bit[cell]:
                    key ^= self.z_path[j]
            self._rights_keys[rights] = key
        return key

    def castling_rule(self, color: int, king_from: str, king_to: str, rook_from: str, rook_to: str,
                      fen_char: str, empty: Iterable[str] | None = None,
                      safe: Iterable[str] | None = None) -> CastlingRule:
        """A castling along one line. By default every square the king or rook crosses or lands on
        must be empty (except those two pieces) and the king's squares must be safe."""
        sq = self.names.parse
        kf, kt, rf, rt = sq(king_from), sq(king_to), sq(rook_from), sq(rook_to)
        if empty is None:
            empty_cells = set(self._between(kf, kt)) | {kt} | set(self._between(rf, rt)) | {rt}
            empty_cells -= {kf, rf}
        else:
            empty_cells = {sq(s) for s in empty}
        if safe is None:
            safe_cells = (kf, *self._between(kf, kt), kt)
        else:
            safe_cells = tuple(sq(s) for s in safe)
        return CastlingRule(color, kf, kt, rf, rt, frozenset(empty_cells), safe_cells, fen_char)

    def _between(self, a: int, b: int) -> list[int]:
        g = self.geometry
        (fa, ra, la), (fb, rb, lb) = g.coords[a], g.coords[b]
        steps = max(abs(fb - fa), abs(rb - ra), abs(lb - la))
        if steps <= 1:
            return []
        d = ((fb - fa) // steps, (rb - ra) // steps, (lb - la) // steps)
        return list(g.ray(a, d, steps - 1))

    # ------------------------------------------------------------------ evaluation tables
    def _compile_pst(self) -> list[list[int]]:
        """Piece value plus a geometry-only placement bonus, per code and cell.

        Pieces: reach on an empty board (centralisation works on any geometry).
        Pawns: closeness to their promotion zone, growing with the square of the progress (a pawn near
        promotion is worth much more, an early flank push little), plus a little centrality (the
        pawn's cell's reach for a queen-like mover, so central pawns are pushed first on any board).
        Royal pieces: a small bonus for staying home.
        """
        n = self.geometry.size
        pst = [[0] * n for _ in range(self.ncodes)]
        for code in range(self.ncodes):
            kind = self.kind_of[code]
            if not kind or self.owner[code] < 0:
                continue
            piece = self.pieces[kind]
            table = self.tables[code]
            if piece.pawn:
                dist = self._distance_to_zone(code)
                far = max([d for d in dist if d is not None] or [1])
                centre = self._centrality()
                for cell in range(n):
                    d = dist[cell]
                    progress = 0.0 if d is None else (far - d) / max(far, 1)
                    bonus = int(PAWN_ADVANCE * progress * progress) + (centre[cell] * PAWN_CENTRE // 100
                                                                     if d is not None and d < far else 0)
                    pst[code][cell] = piece.value + bonus
                continue
            reach = []
            for cell in range(n):
                rides, leaps, pawnish = table[cell]
                reach.append(sum(len(r) for r in rides) + len(leaps) + (
                    len(pawnish[5]) + len(pawnish[6]) + sum(len(h[0]) for h in pawnish[7]) if pawnish else 0))
            lo, hi = min(reach), max(reach)
            span = max(hi - lo, 1)
            weight = -15 if piece.royal else min(40, piece.value // 8)
            for cell in range(n):
                pst[code][cell] = piece.value + int(weight * (reach[cell] - lo) / span)
        return pst

    def _apply_placement(self) -> None:
        """Learned tables (``placement``) replace the geometry-only bonus of the pieces they name."""
        n = self.geometry.size
        mirror = self.mirror_cells()
        if mirror is None:
            raise ValueError(f"{self.name}: a placement table needs two players whose armies mirror each other")
        for code in range(self.ncodes):
            kind = self.kind_of[code]
            table = self.placement.get(self.pieces[kind].letter) if kind and self.owner[code] >= 0 else None
            if table is not None:
                value = self.pieces[kind].value
                own = range(n) if self.owner[code] == 0 else mirror
                self.pst[code] = [value + table[c] for c in own]

    def mirror_cells(self) -> list[int] | None:
        """Per cell, the same cell from the first player's side: the map (a flip of one or more axes, ranks
        first) that takes the second player's start army onto the first player's; None when no flip does."""
        if self.players != 2:
            return None
        g = self.geometry
        size = (g.files, g.ranks, g.levels)
        for axes in ((1,), (1, 2), (0, 1), (0, 1, 2), (2,), (0,), (0, 2)):
            mirror = []
            for f, r, l in g.coords:
                c = [f, r, l]
                for a in axes:
                    c[a] = size[a] - 1 - c[a]
                mirror.append(g.index.get(tuple(c)))
            if None in mirror:
                continue
            board = self.board_from_text(self.start_fen.split()[0])
            if all(not code or self.owner[code] < 0 or (self.kind_of[board[mirror[cell]]] == self.kind_of[code]
                                                         and self.owner[board[mirror[cell]]] == 1 - self.owner[code])
                   for cell, code in enumerate(board)):
                return mirror
        return None

    def _centrality(self) -> list[int]:
        """Per cell, 0 (edge/corner) .. 100 (centre): a queen-like mover's reach on the empty board."""
        g = self.geometry
        dirs = [(a, b, c) for a in (-1, 0, 1) for b in (-1, 0, 1) for c in (-1, 0, 1) if (a, b, c) != (0, 0, 0)]
        reach = [sum(len(g.ray(cell, d, 0)) for d in dirs) for cell in range(g.size)]
        lo, hi = min(reach), max(reach)
        return [100 * (r - lo) // max(hi - lo, 1) for r in reach]

    def _distance_to_zone(self, code: int) -> list[int | None]:
        """Pawn pushes needed from each cell to reach the promotion zone (BFS backwards)."""
        n = self.geometry.size
        zone = self.promotion_zone[self.owner[code]]
        preds: list[list[int]] = [[] for _ in range(n)]
        for frm in range(n):
            _, _, pawnish = self.tables[code][frm]
            if pawnish:
                for to, _ in pawnish[0]:
                    preds[to].append(frm)
        dist: list[int | None] = [None] * n
        queue = deque()
        for c in zone:
            dist[c] = 0
            queue.append(c)
        while queue:
            c = queue.popleft()
            for p in preds[c]:
                if dist[p] is None:
                    dist[p] = dist[c] + 1
                    queue.append(p)
        return dist

    # ------------------------------------------------------------------ more hooks and helpers
    def next_turn(self, pos: "Position", color: int) -> int:
        """Who moves after ``color``."""
        return (color + 1) % self.players

    def _next_alive(self, pos: "Position", color: int) -> int:
        """``next_turn`` with elimination: the next colour that still has a royal piece."""
        royals = pos.royals
        n = self.players
        c = color
        for _ in range(n):
            c = (c + 1) % n
            if royals[c]:
                return c
        return (color + 1) % n

    def team_outcome(self, pos: "Position"):
        """With elimination: the team that has lost every royal piece has lost, else None."""
        alive = [False, False]
        for c in range(self.players):
            if pos.royals[c]:
                alive[self.teams[c]] = True
        if alive[0] and alive[1]:
            return None
        if alive[0]:
            return Outcome("1-0", f"{self.team_name(1)} have lost their kings", "kings captured")
        if alive[1]:
            return Outcome("0-1", f"{self.team_name(0)} have lost their kings", "kings captured")
        return Outcome("1/2-1/2", "no king left", "kings captured")

    def team_name(self, team: int) -> str:
        return " and ".join(self.color_names[c].capitalize() for c in range(self.players) if self.teams[c] == team)

    def mate_outcome(self, pos: "Position"):
        loser = pos.turn
        if loser == 0:
            return Outcome("0-1", "Black mates", "checkmate")
        return Outcome("1-0", "White mates", "checkmate")

    def filter_moves(self, pos: "Position", moves: list[Move]) -> list[Move]:
        """Legal moves of a side that is not subject to check (no single royal piece)."""
        return moves

    def royal_bounds(self, color: int) -> tuple[int, int | None]:
        """How many royal pieces ``color`` may have on the board: at least one if its army starts with
        any (in a two-player game; four-player games go on without a captured king), at most as many as
        it starts with unless a pawn may promote to a royal piece (None = no upper bound). Games whose
        kings enter the board later (drops) override this."""
        start = sum(1 for code in self.start_board if code in self.royal_codes and self.owner[code] == color)
        low = 1 if start and self.players == 2 else 0
        high = None if any(c in self.royal_codes for c in self._promo_codes[color]) else start
        return low, high

    def validate(self, pos: "Position") -> None:
        """Reject impossible positions (raise FenError). Default: the side not to move is not in check."""
        if self.players != 2 or self.royal_rule != "single":
            return
        other = 1 - pos.turn
        k = pos.king(other)
        if k is not None and pos.attacked(k, self.enemies[other]):
            raise FenError("the side not to move is in check")

    def letter_of(self, code: int) -> str:
        """The piece's token in position strings: ``K``/``k`` with two colours, ``wK``... with more."""
        letter = self.pieces[self.kind_of[code]].letter
        if self.players > 2:
            return self.color_letters[self.owner[code]] + letter.upper()
        return letter.upper() if self.owner[code] == 0 else letter.lower()

    def ep_victim_for(self, pos: "Position", ep: int) -> int | None:
        """The cell of the pawn that just passed over ``ep`` with a double step, if any."""
        mover = (pos.turn - 1) % self.players
        for frm, to in self.double_steps[mover].get(ep, ()):
            if pos.board[to] in self.pawn_codes and self.owner[pos.board[to]] == mover and not pos.board[ep]:
                return to
        return None

    def ep_capturable(self, pos: "Position", ep: int) -> bool:
        b = pos.board
        return any(b[c] in codes for e in self.enemies[(pos.turn - 1) % self.players]
                   for c, codes in self.pawn_attacks[e][ep])

    def position(self, fen: str | None = None) -> "Position":
        return Position(self, fen)

    def rule_tables(self) -> RuleTables:
        """The tables every position of this game reads on each move, gathered once (after ``compile``)."""
        tables = self.__dict__.get("_rule_tables")
        if tables is None:
            tables = self._rule_tables = RuleTables(self)
        return tables

    # ------------------------------------------------------------------ move text
    def move_name(self, pos: "Position", move: Move, square=None, letter=None) -> str:
        """From-square, to-square, then the promotion letter or the special move's suffix. ``square``
        (cell -> name) and ``letter`` (piece code -> letter) default to the native names and letters; the
        XBoard layer passes its flat ones."""
        frm, to, extra, flag = move
        square = square or self.names.name
        text = square(frm) + square(to)
        new = promoted_code(move)
        if new:
            text += (letter(new) if letter else
                     self.promo_suffix.get(new) or self.pieces[self.kind_of[new]].letter).lower()
        elif flag >= SPECIAL:
            text += self.move_suffix(move)
        return text

    def parse_move(self, pos: "Position", text: str) -> Move:
        """The legal move written ``text`` (``e2e4``, ``e2-e4``, ``e7e8q``; a castling also as ``O-O(g1)``, by
        the king's destination). Raises MoveError."""
        m = self._move_re.match(text.strip())
        if not m:
            castle = self._castle_re.match(text.strip())
            if castle:          # O-O(2g1): the castling that brings the king to that square (mixed3d's contract)
                to = self.names.parse(castle.group(1))
                for move in pos.legal_moves():
                    if move[3] == CASTLE and move[1] == to:
                        return move
                raise MoveError(f"illegal move {text.strip()}")
            raise MoveError(f"malformed move {text!r}")
        frm_name, to_name, suffix = m.group(1), m.group(2), (m.group(3) or "").lower()
        canonical = frm_name + to_name + suffix
        for move in pos.legal_moves():
            if self.move_name(pos, move) == canonical:
                return move
        raise MoveError(f"illegal move {text.strip()}")

    def _finish_compile(self) -> None:
        sq = self.names.pattern
        self._move_re = re.compile(f"^({sq})[-x]?({sq})([a-zA-Z])?$")
        self._castle_re = re.compile(r"^(?:O-O(?:-O)?|0-0(?:-0)?)\((" + sq + r")\)$")
        self.has_extra = type(self).extra_after_move is not Game.extra_after_move
        self.has_special = type(self).special_moves is not Game.special_moves
        self.has_game_over = (type(self).game_over is not Game.game_over or self.elimination or bool(self.royal_loss)
                              or bool(self.bare_king))
        # the core's own endings (a royal piece captured, a colour eliminated, a bare king) need a capture;
        # a game's own ``game_over`` hook may end the game on any move (the search never prunes those)
        self.quiet_endings = type(self).game_over is not Game.game_over
        self.has_filter = type(self).filter_moves is not Game.filter_moves
        self.has_evaluate = type(self).evaluate is not Game.evaluate
        self.tried_flags = frozenset(f for f, how in self.special_legality.items() if how == "tried")
        self.has_restrict = type(self).restrict_moves is not Game.restrict_moves
        self.ep_windows = self.ep_rule == "each_enemy"
        if self.elimination and type(self).next_turn is Game.next_turn:
            self.next_turn = self._next_alive          # type: ignore[method-assign]
        self.turns_in_order = type(self).next_turn is Game.next_turn and not self.elimination
        rng = random.Random(zlib.crc32(self.name.encode()) ^ 0x5EED)
        self.z_window = [rng.getrandbits(64) for _ in range(1 << self.players)]   # e.p. window masks
        self.token_re = re.compile(r"\d+|\*|[A-Za-z]" if self.players <= 2 else
                                   r"\d+|\*|[" + "".join(self.color_letters) + "][A-Z]")
        self.pawn_attacks = [[tuple((c, codes & self.pawn_codes) for c, codes in entries
                                    if codes & self.pawn_codes)
                              for entries in per_color] for per_color in self.leap_attacks]
        self.double_steps: list[dict[int, list[tuple[int, int]]]] = [dict() for _ in range(self.players)]
        for code in self.pawn_codes:
            color = self.owner[code]
            for frm, entry in enumerate(self.tables[code]):
                if entry[2]:
                    for between, to, mv in entry[2][2]:
                        if mv[3] == DOUBLE:
                            self.double_steps[color].setdefault(mv[2], []).append((frm, to))
        self.start_board = self.board_from_text(self.start_fen.split()[0])
        self.start_royals = [sum(1 for code in self.start_board if code in self.royal_codes and self.owner[code] == c)
                             for c in range(self.players)]
