"""A game = a geometry, an army of piece types, a start position and a few rule switches.

``Game.compile`` (variants/board/tables.py) turns that data into the per-cell tables the shared move generator
reads (sunfish style: precompute once, keep the hot loops flat). Games override a handful of hooks
for their special rules; there is never a move generator per game.
"""
# hyperchess: compiled
from __future__ import annotations

import random
import re
import zlib
from dataclasses import dataclass
from typing import Iterable, Sequence

from hyperchess.variants.board.codes import (CASTLE, DOUBLE, EMPTY, EN_PASSANT, HOLE, NORMAL, PROMOTION, SPECIAL, TRANSFORM,  # noqa: F401
                    Move, code_of, promoted_code)
from hyperchess.variants.board.errors import FenError, MoveError  # noqa: F401 (MoveError: the error of parse_move, named here too)
from hyperchess.variants.core.fen import format_board, format_castling, format_en_passant, parse_board, parse_castling, parse_en_passant
from hyperchess.variants.board.geometry import Geometry, Vector
from hyperchess.variants.board.notation import SquareNames
from hyperchess.variants.board.pieces import PieceType
from hyperchess.variants.core.outcome import Outcome, said_of
from hyperchess.variants.core.position import Position
from hyperchess.variants.core.rule_tables import RuleTables
from hyperchess.variants.core import turns
from hyperchess.variants.core.presentation import Presentation
from hyperchess.variants.board.tables import GameTables

NO_LIMIT = 1 << 30     # fifty_plies of a game without the n-move rule
_FOLD = {4: "Fourfold", 5: "Fivefold"}      # names of the repetition counts that end a game by themselves


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
    extra_move: int = 0          # what each move a turn more than the opponent's is worth (``moves_per_turn``)


class Game(GameTables, Presentation, turns.TurnRules):
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
    opposite_castling = False      # a castling takes the other side's castling on the same wing
    castling_style = "kq"          # "kq" = KQkq letters; "files" = files of unmoved kings and rooks
    level_separator = "|"
    promotion_letters = "qrbn"     # what a pawn may become, in the order moves are listed
    # How each special move flag behaves for king safety, so legality needs no trial move:
    # "stays" = the start square stays occupied by our piece (cannot expose the king);
    # "plain" = like an ordinary move (start square emptied, destination ours): pins apply;
    # "tried" = always tested by a trial move (e.g. a platform move, which can open lines).
    # Either list every special flag the game makes, or leave it empty (each is then tried).
    special_legality: dict[int, str] = {}
    # The extra state changes on the game's own special moves only (flags >= SPECIAL): push then calls
    # ``extra_after_move`` for those alone, and an ordinary move keeps the extra state as it is.
    extra_on_special_only = False
    # Elimination (four-player capture-the-king games): a colour with no royal piece left is skipped in
    # the turn order, its pieces stay as inert blockers (they attack nothing), and a team whose colours
    # are all eliminated has lost. Use with royal_rule = "none".
    elimination = False
    dead_armies = False   # dead colours attack nothing: the game gives live_enemies(pos, color), dead(pos), points(pos)
    # En passant: "next" = only the next mover may take (FIDE); "each_enemy" = every enemy colour may
    # take on its own first turn after the double step (Position.windows).
    ep_rule = "next"
    ep_every_cell = False          # with ep_rule "each_enemy": a longer step opens en passant on each cell it passed
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
    # A repetition ends the game (``repetition``): "draw", or "loss"/"win" for the side to move then
    # (Fairy-Stockfish's nFoldValue); ``perpetual_check`` "loss": a side that gave check at each of its
    # moves since the earliest of the repeated positions loses instead (perpetualCheckIllegal; both: a draw)
    repetition_value = "draw"
    repetition_absolute = False    # repetition_value is the first player's, whoever is to move (nFoldValueAbsolute)
    perpetual_check = "draw"
    # "any": a side that loses a royal piece has lost, with its team (king capture); "all": its last one; "": none
    royal_loss = ""
    fog = False                    # each side sees only what its pieces reach (variants/core/visibility.py)
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
    # Royal pieces may not face each other along an open orthogonal line (Fairy-Stockfish's flyingGeneral):
    # a move that leaves them so is illegal, as if each attacked the other (variants/core/attacks.py)
    flying_royals = False
    # Second letters a position string's board may use for a piece (token -> the piece's own token, both cases;
    # Fairy-Stockfish's xiangqi and janggi read ``h`` as the horse and ``e`` as the elephant); written back
    # with the piece's own letter
    letter_synonyms: dict[str, str] = {}
    # Captures go to hand (variants/rules/hands.py): a capture or drop no longer bounds the positions that may
    # repeat, so repetitions are counted over the whole game (Fairy-Stockfish: since the last null move)
    reversible_captures = False
    # A game field "W+B" between the en-passant field and the clocks (Fairy-Stockfish's checks left in
    # n-check): ``fen.parse_fen`` hands it to ``read_extra`` first, ``format_counters`` writes it
    counters_field = False
    # The search scores a position without legal moves through ``mate_outcome``/``stalemate_outcome`` (a
    # checkmate that is not simply lost, pseudo-royal pieces: variants/rules/endings.py) instead of lost/``stalemate``
    terminal_hooks = False
    # A pawn may stand in its promotion zone (its promotion optional, or a move of its own:
    # variants/rules/pawn_rules.py): ``load.pawn_cells`` keeps the zone
    pawns_stay_in_zone = False
    # the Zobrist key of each extra state, when ``extra`` is always an int below its length: the position
    # reads it instead of calling ``extra_hash`` (which must agree with it)
    extra_keys: "list[int] | None" = None

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
        # regions (Fairy-Stockfish's mobilityRegion): (kind, color) -> the only cells that piece may move to
        # or attack; (kind, color, i) -> the only cells from which its i-th move (``moves[i]``) starts
        self.regions: dict[tuple[int, int], frozenset[int]] = {}
        self.origins: dict[tuple[int, int, int], frozenset[int]] = {}
        # (kind, color, i) -> the only cells its i-th move ends on (a leap's or hop's ``to``: palace diagonals)
        self.destinations: dict[tuple[int, int, int], frozenset[int]] = {}

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
            lost = {self.teams[c] for c in range(self.players)       # the teams of colours that lost one
                    if len(pos.royals[c]) < (self.start_royals[c] if self.royal_loss == "any" else 1)}
            if lost:
                return self._win(1 if 0 in lost else 0, "royal pieces lost" if self.royal_loss == "all"
                                 else "king captured", "lost all royal pieces" if self.royal_loss == "all"
                                 else "has lost a royal piece", both=len(lost) > 1)
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
        return Outcome("1-0" if winner == 0 else "0-1", said_of(self.team_name(1 - winner), what), termination)

    def stalemate_outcome(self, pos: "Position") -> "Outcome":
        """The side to move has no legal move and is not in check: ``stalemate`` decides."""
        if self.stalemate == "draw" or self.players != 2:
            return Outcome("1/2-1/2", "Stalemate", "stalemate")
        winner = 1 - pos.turn if self.stalemate == "loss" else pos.turn
        return self._win(winner, "stalemate", "is stalemated" if self.stalemate == "loss"
                         else "stalemates and wins")

    def fifty_outcome(self, pos: "Position", plies: int) -> "Outcome":
        """``plies`` without a capture or a pawn move (``fifty_plies`` reached): a draw."""
        return Outcome("1/2-1/2", f"{plies // (sum(self.moves_per_turn) or self.players)}-move rule", "fifty")

    def repetition_outcome(self, pos: "Position", count: int) -> "Outcome":
        """The position has stood ``count`` times (``repetition`` reached): ``perpetual_check`` and
        ``repetition_value`` decide (Fairy-Stockfish's ``is_optional_game_end``, src/position.cpp: the span
        runs back to the earliest of the ``count`` positions)."""
        fold = "Threefold" if count == self.repetition else _FOLD.get(count, f"{count}-fold")
        if self.perpetual_check == "loss" and self.players == 2:
            checked = _checks_back(pos, _repetition_span(pos, count))   # [j]: in check j plies ago
            them = all(checked[0::2])                   # the side to move now was checked all along
            us = len(checked) > 1 and all(checked[1::2])
            if them != us:
                return self._win(pos.turn if them else 1 - pos.turn, "perpetual check", "gave perpetual check")
            if them:
                return Outcome("1/2-1/2", f"{fold} repetition, both sides checking", "repetition")
        if self.repetition_value == "draw" or self.players != 2:
            return Outcome("1/2-1/2", f"{fold} repetition", "repetition")
        winner = pos.turn if self.repetition_value == "win" else 1 - pos.turn
        if self.repetition_absolute:
            winner = 0 if self.repetition_value == "win" else 1
        return self._win(winner, "repetition", "loses by repetition")

    def special_moves(self, pos: "Position", moves: list[Move]) -> None:
        """Append game-specific pseudo-legal moves (flag >= SPECIAL)."""

    def inner_move(self, move: Move) -> Move:
        """The ordinary move a special move wraps (a move that also places a wall, variants/rules/walls.py), whose
        en passant and castling rules ``Position.push`` applies; only asked of games that override it."""
        return move

    def make_special(self, pos: "Position", move: Move) -> int:
        """Apply a special move's board changes through ``pos.put``/``pos.remove``; return the captured code."""
        raise NotImplementedError

    def extra_after_move(self, pos: "Position", move: Move, moved: int, captured: int):
        """The game's extra state after ``move`` (e.g. a reserve of captured pieces)."""
        return pos.extra

    def extra_hash(self, extra) -> int:
        """The Zobrist key of the extra state: ``extra_keys[extra]`` when the game gives that list (its extra
        state is always a small int; the position reads the list itself at every move), else 0 (not part of
        the key)."""
        return self.extra_keys[extra] if self.extra_keys is not None else 0

    def parse_extra(self, pos: "Position", fields: list[str]):
        """Game-specific FEN fields after the fullmove number -> extra state (raise FenError if bad)."""
        if fields:
            raise FenError(f"unexpected fields after the move number: {' '.join(fields)}")
        return None

    def format_extra(self, pos: "Position") -> list[str]:
        return []

    def format_counters(self, pos: "Position") -> list[str]:
        """The game's fields between the en-passant field and the clocks (``counters_field``)."""
        return []

    def read_extra(self, pos: "Position", board_field: str, fields: list[str]):
        """The extra state from the whole board field and the fields after the move number (default:
        ``parse_extra(fields)``; pieces in hand, variants/rules/hands.py, read theirs from the board field)."""
        return self.parse_extra(pos, fields)

    def write_board(self, pos: "Position") -> str:
        """The board field of ``pos``'s position string (default: ``board_to_text``)."""
        return self.board_to_text(pos.board)

    def read_castling(self, pos: "Position", field: str) -> int:
        """The castling field of a position string -> ``pos.rights`` (the board is read already; default:
        ``fen.parse_castling``; Seirawan's gates are read here too, variants/rules/gating.py)."""
        return parse_castling(pos, field)

    def write_castling(self, pos: "Position") -> str:
        """The castling field of ``pos``'s position string (default: ``fen.format_castling``)."""
        return format_castling(pos)

    def read_en_passant(self, pos: "Position", field: str) -> None:
        """The en-passant field of a position string (read after the castling field; default:
        ``fen.parse_en_passant``; a running count is read here too, variants/rules/counting.py)."""
        parse_en_passant(pos, field)

    def write_en_passant(self, pos: "Position") -> str:
        """The en-passant field of ``pos``'s position string (default: ``fen.format_en_passant``)."""
        return format_en_passant(pos)

    def write_halfmove(self, pos: "Position") -> str:
        """The halfmove-clock field of ``pos``'s position string."""
        return str(pos.halfmove)

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

    # ------------------------------------------------------------------ tables (built in variants/board/tables.py)
    def code_for_letter(self, letter: str, color: int) -> int:
        return code_of(self.kind_by_letter[letter.upper()], color)

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

    # ------------------------------------------------------------------ more hooks and helpers
    def next_turn(self, pos: "Position", color: int) -> int:
        """Who moves after ``color``'s turn."""
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
        royals = pos.royals
        teams = self.teams
        alive = 0                          # bit t: team t has a royal piece
        for c in range(self.players):
            if royals[c]:
                alive |= 1 << teams[c]
        if alive == 3:
            return None
        outcomes = self.__dict__.get("_team_outcomes")   # made once per game: the search meets them often
        if outcomes is None:
            outcomes = self._team_outcomes = (
                Outcome("1/2-1/2", "no king left", "kings captured"),
                Outcome("1-0", f"{self.team_name(1)} have lost their kings", "kings captured"),
                Outcome("0-1", f"{self.team_name(0)} have lost their kings", "kings captured"))
        return outcomes[alive]

    def team_name(self, team: int) -> str:
        return " and ".join(self.color_names[c].capitalize() for c in range(self.players) if self.teams[c] == team)

    def mate_outcome(self, pos: "Position"):
        """The side to move is checkmated: its team loses (four players: counted at the mated colour's turn)."""
        lost, name = self.teams[pos.turn], self.color_names[pos.turn].capitalize()
        return Outcome("0-1" if lost == 0 else "1-0", f"{name} is checkmated" if self.players != 2 else
                       "Black mates" if lost == 0 else "White mates", "checkmate")

    def legal_after(self, pos: "Position", moves: list[Move]) -> list[Move]:
        """The legal moves, given those that pass the test of the king's safety (``moves``): a game that
        overrides it turns it on (variants/rules/passing.py: a pass only when nothing else is legal, or also in
        check)."""
        return moves

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
        """Reject impossible positions (FenError). Default: the side not to move is not in check, at a turn's start."""
        if self.players != 2 or self.royal_rule != "single" or pos.turn_move or (self.royal_loss and not pos.royals[pos.turn]):
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
        turns.setup(self)
        self.has_extra = type(self).extra_after_move is not Game.extra_after_move
        self.has_special = type(self).special_moves is not Game.special_moves
        self.has_inner = type(self).inner_move is not Game.inner_move
        self.has_game_over = (type(self).game_over is not Game.game_over or self.elimination or bool(self.royal_loss)
                              or bool(self.bare_king))
        # the core's own endings (a royal piece captured, a colour eliminated, a bare king) need a capture;
        # a game's own ``game_over`` hook may end the game on any move (the search never prunes those)
        self.quiet_endings = type(self).game_over is not Game.game_over
        self.has_filter = type(self).filter_moves is not Game.filter_moves
        self.has_legal_after = type(self).legal_after is not Game.legal_after
        self.has_evaluate = type(self).evaluate is not Game.evaluate
        self.tried_flags = frozenset(f for f, how in self.special_legality.items() if how == "tried")
        self.has_restrict = type(self).restrict_moves is not Game.restrict_moves
        # castling asks the game which colours' attacks forbid it (else: every enemy of the castling side)
        self.castling_hooked = self.elimination or type(self).castling_threats is not Game.castling_threats
        self.ep_windows = self.ep_rule == "each_enemy"
        if self.elimination and type(self).next_turn is Game.next_turn:
            self.next_turn = self._next_alive          # type: ignore[method-assign]
        self.turns_in_order = type(self).next_turn is Game.next_turn and not self.elimination
        # the defaults with elimination (``team_outcome``, ``_next_alive``): the compiled position runs them
        # itself (Position.game_over, push) and asks the game only when a team has lost its royal pieces
        self.ends_by_elimination = (self.elimination and type(self).game_over is Game.game_over
                                    and type(self).team_outcome is Game.team_outcome)
        # ``rights_key`` as defined here (its cache ``_rights_keys``): push reads the cache before calling it
        self.plain_rights_key = type(self).rights_key is Game.rights_key
        self.skips_eliminated = (self.elimination and type(self).next_turn is Game.next_turn
                                 and type(self)._next_alive is Game._next_alive)
        rng = random.Random(zlib.crc32(self.name.encode()) ^ 0x5EED)
        self.z_window = [rng.getrandbits(64) for _ in range(1 << self.players)]   # e.p. window masks
        self.pawn_attacks = [[tuple((c, codes & self.pawn_codes) for c, codes in entries
                                    if codes & self.pawn_codes)
                              for entries in per_color] for per_color in self.leap_attacks]
        self.double_steps: list[dict[int, list[tuple[int, int]]]] = [dict() for _ in range(self.players)]
        self.passed_cells: dict[tuple[int, int], tuple[int, ...]] = {}   # ep_every_cell: (from, to) -> cells
        for code in self.pawn_codes:
            color = self.owner[code]
            for frm, entry in enumerate(self.tables[code]):
                if entry[2]:
                    for between, to, mv in entry[2][2]:
                        if mv[3] == DOUBLE:
                            self.double_steps[color].setdefault(mv[2], []).append((frm, to))
                            if self.ep_every_cell:
                                self.passed_cells[frm, to] = tuple(between)
        self.start_board = self.board_from_text(self.start_fen.split()[0])
        self.start_royals = [sum(1 for code in self.start_board if code in self.royal_codes and self.owner[code] == c)
                             for c in range(self.players)]


def _repetition_span(pos: "Position", count: int) -> int:
    """Plies back to the earliest of the last ``count`` times the current position stood (within the plies
    since the last capture, or the whole game where captures go to hand: ``Position.repetitions``)."""
    hist = pos.history
    h = hist[-1]
    seen = 1
    last = len(hist) - 1 if pos.game.reversible_captures else min(pos.halfmove, len(hist) - 1)
    for j in range(2, last + 1):
        if hist[-1 - j] == h:
            seen += 1
            if seen == count:
                return j
    return last


def _checks_back(pos: "Position", span: int) -> list[bool]:
    """Whether the side to move was in check now and at each of the ``span`` positions before (a copy is
    taken back move by move; as far as the moves made reach)."""
    p = pos.copy()
    out = [p.in_check()]
    for _ in range(min(span, p.moves_made)):
        p.pop()
        out.append(p.in_check())
    return out
