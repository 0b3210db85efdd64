"""Pieces in hand and drops, as data for any game (the crazyhouse family; docs/variants-file.md, "Pieces in hand").

A game with hands mixes :class:`Hands` in before its ``Game`` class and sets ``hand_rules`` (a :class:`HandRules`)
before ``compile``. Everything goes through the core's extension points, so a game without hands pays nothing:

- the hands are the game's extra state ``pos.extra`` (a :class:`HandState`: counts per colour and kind, the cells
  of promoted pieces, and the hands' Zobrist key), updated by ``extra_after_move``, hashed by ``extra_hash``;
- a drop is a special move ``(cell, cell, piece code, DROP)`` made by ``make_special``; it cannot expose the
  mover's king (``special_legality``), and it may give check and mate;
- the position string carries the hands as Fairy-Stockfish and lichess write them, ``[QRpp]`` right after the
  board (White's pieces upper case, then Black's; four players ``[wQbP]``), and a ``~`` after each promoted piece
  (``Q~``) when a captured promoted piece goes to hand as a pawn;
- a drop is written ``P@e4`` (UCI, XBoard and SAN alike);
- ``pos.score`` counts the pieces in hand at their value (the search sees a hand as material).

The rules follow Fairy-Stockfish (src/variant.h, position.cpp ``do_move``, position.h ``drop_region``;
read at commit c19b5f6c): a captured piece changes colour and goes to the capturer's hand, a promoted piece as
the pawn it was unless ``drop_loop``; pawns (or the pieces ``limited`` names: FSF limits its pawn type alone, not
the other pieces of ``pawnTypes``) are not dropped on their first row unless ``first_rank_pawn_drops``, nor in
their promotion zone unless ``promotion_zone_pawn_drops``; drops go only to the drop region (the first
``drop_rows`` rows, or the squares ``drop_squares``: FSF's ``dropRegionWhite/Black``), a piece of
``piece_drop_rows`` only to its first rows (FSF's ``sittuyinRookDrop``); a drop resets the n-move counter; with
captures to hand, repetitions count over the whole game; where captures blast, the blasted pieces go to hand too
(``blasted_to_hand``). With ``two_boards`` (bughouse) captures go to no hand on this board: the hands are set
from outside (a partner's captures on another board), and a captured promoted piece is handed on as a pawn
(``captured_as``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from hyperchess.variants.board.codes import CASTLE, EMPTY, EN_PASSANT, SPECIAL, Move, code_of, ep_victim, promoted_code
from hyperchess.variants.board.errors import FenError, MoveError
from hyperchess.variants.core.fen import format_board, parse_board
from hyperchess.variants.core.picture import Picture
from hyperchess.variants.core.presentation import MoveParts, Target
from hyperchess.variants.rules.blasts import BLAST, plain_move

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position

DROP = SPECIAL + 1        # a piece from the mover's hand onto an empty cell: (cell, cell, piece code, DROP)
_MASK = (1 << 64) - 1
_HOLDINGS = re.compile(r"^(?P<board>[^\[\]]*)(?:\[(?P<hand>[^\[\]]*)\])?$")


@dataclass(frozen=True)
class HandRules:
    """What a game's hands allow (Fairy-Stockfish's names in brackets)."""
    captures_to_hand: bool = True             # a captured piece goes to the capturer's hand [capturesToHand]
    drop_loop: bool = False                   # a captured promoted piece goes to hand as itself [dropLoop]
    first_rank_pawn_drops: bool = False       # pawns may be dropped on their own first row [firstRankPawnDrops]
    promotion_zone_pawn_drops: bool = False   # pawns may be dropped in their promotion zone [promotionZonePawnDrops]
    limited: str | None = None                # letters of the pieces the two rules above limit; None: the pawns
                                              # [FSF's PAWN type alone]
    drop_rows: int = 0                        # drops only on the mover's first N rows (0: anywhere) [dropRegion]
    drop_squares: tuple[tuple[str, ...], ...] = ()   # per colour, the only squares drops go to [dropRegion]
    piece_drop_rows: tuple[tuple[str, int], ...] = ()  # (letter, N): that piece only on the first N rows
                                              # [sittuyinRookDrop: the rook on the first row]
    drop_promoted: bool = False               # a piece may also be dropped as its promoted kind [dropPromoted]
    no_doubled: str = ""                      # letters not dropped on a line already holding ... [dropNoDoubled]
    no_doubled_count: int = 1                 # ... this many of the mover's own [dropNoDoubledCount]
    free_drops: bool = False                  # every piece is always in hand, as many as wanted [freeDrops]
    drops: bool = True                        # pieces in hand may be dropped [pieceDrops]; without, a hand serves
                                              # gating only (variants/rules/gating.py)
    two_boards: bool = False                  # the hands are filled from outside (a partner's board), and the
                                              # position string marks promoted pieces [twoBoards]


class HandState(NamedTuple):
    """``pos.extra`` of a game with hands."""
    counts: tuple[tuple[int, ...], ...]       # per colour: pieces in hand by kind (index 0 unused)
    promoted: frozenset[int]                  # cells of promoted pieces (they go to hand as the pawn they were)
    key: int                                  # Zobrist key of the hands
    checks: tuple[int, ...] = ()              # n-check's checks left (variants/rules/endings.py; its key apart)


def _mix(x: int) -> int:
    """SplitMix64's finaliser: the hands' Zobrist numbers, the same in every process."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def row_from_edge(game: Any, color: int, cell: int) -> int:
    """How many rows ``cell`` lies from ``color``'s own edge, along that colour's forward axis."""
    forward = game.orientation(color, cell)[1]
    axis = next(i for i, x in enumerate(forward) if x)
    g = game.geometry
    size = (g.files, g.ranks, g.levels)[axis]
    x = g.coords[cell][axis]
    return x if forward[axis] > 0 else size - 1 - x


def hand_target(game, code: int) -> str:
    """The click id of a piece in hand on the web board (``reserve-white-P``, as the reserves beside a board)."""
    return f"reserve-{game.color_names[game.owner[code]]}-{game.pieces[game.kind_of[code]].letter.upper()}"


def hand_boxes(pos: "Position") -> list[tuple[str, list[tuple[str, int, str]]]]:
    """The boxes beside the board: each colour's hand as (title, [(click id, piece code, count text)])."""
    game = pos.game
    out = []
    for color in range(game.players):
        counts = pos.extra.counts[color]
        items = [(hand_target(game, code_of(k, color)), code_of(k, color), f"\u00d7{counts[k]}")
                 for k in game.hand_order if counts[k]]
        out.append((f"{game.side_name(color).capitalize()} in hand", items))
    return out


class Hands:
    """Mixin (before the ``Game`` class among the bases): pieces in hand and drops by ``hand_rules``."""

    hand_rules = HandRules()
    special_legality = {DROP: "stays"}        # a drop only adds a piece of ours: it cannot expose our king
    # promoted kinds (variants/rules/piece_rules.py): kind -> the kind it was, kind -> its promoted kind; a promoted
    # kind is never in hand (captured, it goes there as the kind it was)
    unpromoted: dict[int, int] = {}
    promotes_to: dict[int, int] = {}
    moves_as: dict[int, int] = {}             # promoted kind -> the kind whose moves it has

    def compile(self) -> None:
        self.reversible_captures = self.hand_rules.captures_to_hand
        super().compile()                                     # type: ignore[misc]
        g = self.geometry                                     # type: ignore[attr-defined]
        pieces = self.pieces                                  # type: ignore[attr-defined]
        # a royal piece is in hand only where the start puts it there (it is never captured to hand)
        royal_hand = any(self.start_royals_in_hand(c) for c in range(self.players))  # type: ignore[attr-defined]
        kinds = [k for k in range(1, len(pieces)) if pieces[k] is not None and k not in self.unpromoted
                 and (royal_hand or not pieces[k].royal)]
        # the order of a hand in position strings: as Fairy-Stockfish, the king, then the strongest first (KQRBNP)
        self.hand_order = tuple(sorted(kinds, key=lambda k: (not pieces[k].royal, -pieces[k].value,
                                                             pieces[k].letter)))
        self.demoted_kind = next((k for k in kinds if pieces[k].pawn), 0)
        self.hand_value = [0] * self.ncodes                   # type: ignore[attr-defined]
        self.drop_cells: list[tuple[int, ...]] = [()] * self.ncodes      # type: ignore[attr-defined]
        rules = self.hand_rules
        parse = self.names.parse                              # type: ignore[attr-defined]
        squares = [frozenset(parse(q) for q in names) for names in rules.drop_squares]
        piece_rows = dict(rules.piece_drop_rows)
        limited = [pieces[k] is not None and (pieces[k].pawn if rules.limited is None
                                              else pieces[k].letter.upper() in rules.limited)
                   for k in range(len(pieces))]
        for color in range(self.players):                     # type: ignore[attr-defined]
            zone = self.promotion_zone[color]                 # type: ignore[attr-defined]
            for kind in kinds:
                code = code_of(kind, color)
                self.hand_value[code] = pieces[kind].value
                cells = []
                region = self.regions.get((kind, color))      # type: ignore[attr-defined]
                rows = piece_rows.get(pieces[kind].letter.upper(), 0)
                for cell in range(g.size):
                    if region is not None and cell not in region:
                        continue                              # FSF: drop_region & board_bb(c, pt)
                    if squares and cell not in squares[color]:
                        continue
                    row = self._hand_row(color, cell)
                    if (rules.drop_rows and row >= rules.drop_rows) or (rows and row >= rows):
                        continue
                    if limited[kind] and ((not rules.first_rank_pawn_drops and row == 0)
                                          or (not rules.promotion_zone_pawn_drops and cell in zone)):
                        continue
                    cells.append(cell)
                self.drop_cells[code] = tuple(cells)
        self._z_hand: dict[tuple[int, int, int], int] = {}
        # no doubled pieces (FSF's dropNoDoubled): each cell's line along its colour's forward axis
        self.no_doubled_codes = frozenset(code_of(k, c) for k in kinds for c in range(self.players)  # type: ignore[attr-defined]
                                          if pieces[k].letter in rules.no_doubled.upper())
        self.line_of = [[self._line(color, cell) for cell in range(g.size)]
                        for color in range(self.players)] if self.no_doubled_codes else []  # type: ignore[attr-defined]
        # XBoard's holdings: one place per piece type, the king's included (as Fairy-Stockfish counts its pocket)
        self.flat_holdings = sum(1 for p in pieces if p is not None)

    def pawn_entry_cells(self, code: int) -> tuple[int, ...]:
        """The cells a pawn of ``code`` may enter the board on by a drop (read by core/load.py's check of
        where pawns may stand)."""
        return self.drop_cells[code] if self.hand_rules.drops else ()

    def start_royals_in_hand(self, color: int) -> int:
        """How many royal pieces ``color``'s hand holds in the start position."""
        m = _HOLDINGS.match(self.start_fen.split()[0])                        # type: ignore[attr-defined]
        hand = (m.group("hand") or "") if m else ""
        return sum(1 for t in self.token_re.finditer(hand)                    # type: ignore[attr-defined]
                   if t.group() in self.letters and self.letters[t.group()] in self.royal_codes  # type: ignore[attr-defined]
                   and self.owner[self.letters[t.group()]] == color)          # type: ignore[attr-defined]

    def royal_bounds(self, color: int) -> tuple[int, int | None]:
        """Royal pieces that start in hand may be on the board or not yet (a game of set-up drops)."""
        low, high = super().royal_bounds(color)                               # type: ignore[misc]
        extra = self.start_royals_in_hand(color)
        if not extra:
            return low, high
        return low if self.start_royals[color] else 0, None if high is None else high + extra  # type: ignore[attr-defined]

    def _line(self, color: int, cell: int) -> tuple[int, ...]:
        """The line through ``cell`` along ``color``'s forward axis (a file, for the usual two players)."""
        forward = self.orientation(color, cell)[1]            # type: ignore[attr-defined]
        return tuple(0 if f else x for x, f in zip(self.geometry.coords[cell], forward))  # type: ignore[attr-defined]

    def _hand_row(self, color: int, cell: int) -> int:
        return row_from_edge(self, color, cell)

    def _z(self, color: int, kind: int, count: int) -> int:
        if not count:
            return 0
        key = (color, kind, count)
        z = self._z_hand.get(key)
        if z is None:
            z = self._z_hand[key] = _mix(0x4A4E4453 << 32 ^ color << 24 ^ kind << 16 ^ count)
        return z

    def _changed(self, st: HandState, color: int, kind: int, delta: int, promoted: frozenset[int]) -> HandState:
        row = st.counts[color]
        n = row[kind]
        new_row = row[:kind] + (n + delta,) + row[kind + 1:]
        counts = st.counts[:color] + (new_row,) + st.counts[color + 1:]
        key = st.key ^ self._z(color, kind, n) ^ self._z(color, kind, n + delta)
        return HandState(counts, promoted, key, st.checks)

    # ------------------------------------------------------------------ moves
    def special_moves(self, pos: "Position", moves: list[Move]) -> None:
        """Every drop of the side to move: each kind in its hand onto each empty cell its drop rules allow."""
        if not self.hand_rules.drops:
            return
        us = pos.turn
        counts = pos.extra.counts[us]
        b = pos.board
        add = moves.append
        free = self.hand_rules.free_drops
        royal = pos.rules.royal if pos.rules.single_royal else None     # checked royal pieces, by code
        enemies = pos.rules.enemies[us]
        for kind in self.hand_order:
            if counts[kind] or free:
                code = code_of(kind, us)
                codes = (code, code_of(self.promotes_to[kind], us)) \
                    if self.hand_rules.drop_promoted and kind in self.promotes_to else (code,)
                if code in self.no_doubled_codes:
                    if not self.hand_rules.no_doubled_count:    # FSF's dropNoDoubledCount = 0: no such drop
                        continue
                    full = self._full_lines(pos, code)
                    for new in codes:
                        for cell in self.drop_cells[new]:
                            if not b[cell] and self.line_of[us][cell] not in full:
                                add((cell, cell, new, DROP))
                    continue
                for new in codes:
                    if royal is not None and royal[new]:
                        # a royal piece may not be dropped into check (FSF, position.cpp ``legal``)
                        for cell in self.drop_cells[new]:
                            if not b[cell] and not pos.attacked(cell, enemies):
                                add((cell, cell, new, DROP))
                        continue
                    for cell in self.drop_cells[new]:
                        if not b[cell]:
                            add((cell, cell, new, DROP))

    def _full_lines(self, pos: "Position", code: int) -> set[tuple[int, ...]]:
        """The lines holding ``no_doubled_count`` or more of the mover's pieces ``code`` already."""
        line = self.line_of[pos.turn]
        b = pos.board
        seen: dict[tuple[int, ...], int] = {}
        for cell in pos.occupied[pos.turn]:
            if b[cell] == code:
                seen[line[cell]] = seen.get(line[cell], 0) + 1
        return {k for k, n in seen.items() if n >= self.hand_rules.no_doubled_count}

    def make_special(self, pos: "Position", move: Move) -> int:
        pos.put(move[1], move[2])
        return EMPTY

    def extra_after_move(self, pos: "Position", move: Move, moved: int, captured: int):
        st: HandState = pos.extra
        blast = move[3] == BLAST
        if blast:                                     # the capture it wraps (its blast: ``blasted_to_hand``)
            move = plain_move(move)
        frm, to, extra, flag = move
        us = pos.turn                                 # still the mover (Position.push turns after this)
        if flag == DROP:
            if self.hand_rules.free_drops:            # the hands never change (FSF's add/remove_from_hand)
                pos.halfmove = 0
                return st
            kind = self.kind_of[extra]                                        # type: ignore[attr-defined]
            kind = self.unpromoted.get(kind, kind)    # dropped as its promoted kind: from the hand of its own
            pos.score -= self.team_sign[us] * self.hand_value[code_of(kind, us)]   # type: ignore[attr-defined]
            pos.halfmove = 0                          # a drop is irreversible (FSF resets rule50)
            return self._changed(st, us, kind, -1, st.promoted)
        promoted = st.promoted
        if not captured and not promoted and flag != CASTLE and not promoted_code(move):
            return st
        was_promoted = False
        if captured:
            victim = ep_victim(move) if flag == EN_PASSANT else to
            was_promoted = victim in promoted
            if was_promoted:
                promoted = promoted - {victim}
        if promoted:
            if flag == CASTLE:
                rule = self.castling[extra]                                   # type: ignore[attr-defined]
                if rule.rook_from in promoted:
                    promoted = (promoted - {rule.rook_from}) | {rule.rook_to}
            elif frm in promoted:
                promoted = (promoted - {frm}) | {to}
        if promoted_code(move) and not self.hand_rules.drop_loop:
            promoted = promoted | {to}
        if blast and promoted:
            promoted = frozenset(c for c in promoted if pos.board[c])
        if captured and self.hand_rules.captures_to_hand and captured not in self.royal_codes:  # type: ignore[attr-defined]
            kind = self.kind_of[captured]                                     # type: ignore[attr-defined]
            if was_promoted and not self.hand_rules.drop_loop and self.demoted_kind:
                kind = self.demoted_kind
            elif kind in self.unpromoted:             # a promoted kind: as the piece it was (FSF's do_move), or
                # with drop_loop as the piece it moves like, which is its own kind in the army
                kind = self.moves_as[kind] if self.hand_rules.drop_loop else self.unpromoted[kind]
            pos.score += self.team_sign[us] * self.hand_value[code_of(kind, us)]  # type: ignore[attr-defined]
            return self._changed(st, us, kind, 1, promoted)
        return HandState(st.counts, promoted, st.key, st.checks)

    def blasted_to_hand(self, pos: "Position", victims: list[tuple[int, bool]]) -> None:
        """The pieces a blast removed (variants/rules/blasts.py), each ``(code, promoted)``, go to the hand of
        the side they did not belong to, a promoted one as the pawn it was (FSF's ``do_move``, "Remove the
        blast pieces", with ``capturesToHand``). Called while the move is made, before ``extra_after_move``:
        ``Position.push`` saved the hands, the key and the score before."""
        if not self.hand_rules.captures_to_hand:
            return
        st = old = pos.extra
        for code, was_promoted in victims:
            if code in self.royal_codes:                                      # type: ignore[attr-defined]
                continue
            color = self.enemies[self.owner[code]][0]                         # type: ignore[attr-defined]
            kind = self.kind_of[code]                                         # type: ignore[attr-defined]
            if was_promoted and not self.hand_rules.drop_loop and self.demoted_kind:
                kind = self.demoted_kind
            elif kind in self.unpromoted:
                kind = self.moves_as[kind] if self.hand_rules.drop_loop else self.unpromoted[kind]
            pos.score += self.team_sign[color] * self.hand_value[code_of(kind, color)]   # type: ignore[attr-defined]
            st = self._changed(st, color, kind, 1, st.promoted)
        if st is not old:
            pos.hash ^= self.extra_hash(old) ^ self.extra_hash(st)
            pos.extra = st

    def captured_as(self, pos: "Position", move: Move) -> int:
        """The piece code ``move`` (about to be made in ``pos``) captures, as it goes to a hand: a promoted piece
        as the pawn it was unless ``drop_loop``, a promoted kind as the kind it was; 0 for no capture or a royal
        piece (which never goes to a hand)."""
        frm, to, _, flag = move
        if flag == DROP or flag == CASTLE:
            return 0
        victim = ep_victim(move) if flag == EN_PASSANT else to
        code = pos.board[victim]
        if not code or self.owner[code] == pos.turn or code in self.royal_codes:  # type: ignore[attr-defined]
            return 0
        color, kind = self.owner[code], self.kind_of[code]                     # type: ignore[attr-defined]
        if victim in pos.extra.promoted and not self.hand_rules.drop_loop and self.demoted_kind:
            kind = self.demoted_kind
        elif kind in self.unpromoted:
            kind = self.moves_as[kind] if self.hand_rules.drop_loop else self.unpromoted[kind]
        return code_of(kind, color)

    def extra_hash(self, extra) -> int:
        return extra.key

    # ------------------------------------------------------------------ position strings
    def board_from_text(self, text: str) -> list[int]:
        m = _HOLDINGS.match(text)
        if not m:
            raise FenError(f"bad board field {text[:40]!r}: pieces in hand are written once, in [...] after the board")
        return parse_board(self, m.group("board"), set())

    def read_extra(self, pos: "Position", board_field: str, fields: list[str]) -> HandState:
        """The hands from ``[...]`` after the board (missing or ``[-]``: empty), promoted pieces from ``~``."""
        if fields:
            raise FenError(f"unexpected fields after the move number: {' '.join(fields)}")
        m = _HOLDINGS.match(board_field)
        if not m:
            raise FenError(f"bad board field {board_field[:40]!r}")
        marks: set[int] = set()
        parse_board(self, m.group("board"), marks)
        hand = m.group("hand") or ""
        kinds = len(self.pieces)                                              # type: ignore[attr-defined]
        counts = [[0] * kinds for _ in range(self.players)]                   # type: ignore[attr-defined]
        limit = self.geometry.size + 64                                       # type: ignore[attr-defined]
        if hand not in ("", "-"):
            at = 0
            for t in self.token_re.finditer(hand):                            # type: ignore[attr-defined]
                if t.start() != at or t.group() not in self.letters:          # type: ignore[attr-defined]
                    raise FenError(f"bad pieces in hand [{hand[:40]}]: {hand[at:at + 3]!r} is no piece letter")
                at = t.end()
                code = self.letters[t.group()]                                # type: ignore[attr-defined]
                kind, color = self.kind_of[code], self.owner[code]            # type: ignore[attr-defined]
                if kind not in self.hand_order:
                    raise FenError(f"bad pieces in hand [{hand[:40]}]: a {self.pieces[kind].name} is never in hand")  # type: ignore[attr-defined]
                counts[color][kind] += 1
                if counts[color][kind] > limit:
                    raise FenError(f"bad pieces in hand: more than {limit} of one piece")
            if at != len(hand):
                raise FenError(f"bad pieces in hand [{hand[:40]}]")
        key = 0
        for color, row in enumerate(counts):
            for kind, n in enumerate(row):
                if n:
                    key ^= self._z(color, kind, n)
                    pos.score += self.team_sign[color] * n * self.hand_value[code_of(kind, color)]  # type: ignore[attr-defined]
        for cell in marks:
            if pos.board[cell] in self.pawn_codes or pos.board[cell] in self.royal_codes:   # type: ignore[attr-defined]
                raise FenError(f"a {'pawn' if pos.board[cell] in self.pawn_codes else 'royal piece'} cannot be "   # type: ignore[attr-defined]
                               f"marked promoted (~)")
        return HandState(tuple(tuple(r) for r in counts), frozenset(marks), key)

    def write_board(self, pos: "Position") -> str:
        st: HandState = pos.extra
        rules = self.hand_rules
        # FSF's fen: a promoted piece is marked where it would reach a hand as a pawn, its own or a partner's
        marks = st.promoted if (rules.captures_to_hand and not rules.drop_loop) or rules.two_boards else frozenset()
        hand = "".join(self.letter_of(code_of(kind, color)) * st.counts[color][kind]     # type: ignore[attr-defined]
                       for color in range(self.players) for kind in self.hand_order)   # type: ignore[attr-defined]
        if self.hand_rules.free_drops:                # FSF writes no hands then
            return format_board(self, pos.board, marks)
        return format_board(self, pos.board, marks) + "[" + hand + "]"

    def in_hand(self, pos: "Position", color: int) -> dict[str, int]:
        """The pieces in ``color``'s hand by letter (upper case), strongest first: ``{'Q': 1, 'P': 2}``."""
        counts = pos.extra.counts[color]
        return {self.pieces[k].letter.upper(): counts[k] for k in self.hand_order if counts[k]}   # type: ignore[attr-defined]

    # ------------------------------------------------------------------ move text and clicks
    def move_name(self, pos: "Position", move: Move, square=None, letter=None) -> str:
        """A drop is ``P@e4`` (the piece's letter in upper case, as UCI, XBoard and SAN write it)."""
        if move[3] == DROP:
            square = square or self.names.name                                # type: ignore[attr-defined]
            return self.pieces[self.kind_of[move[2]]].letter.upper() + "@" + square(move[1])  # type: ignore[attr-defined]
        return super().move_name(pos, move, square, letter)                   # type: ignore[misc]

    def move_parts(self, pos: "Position", move: Move) -> MoveParts | None:
        """A drop: the piece dropped onto its cell."""
        if move[3] == DROP:
            return MoveParts(move[1], move[1], move[2], drop=True)
        return super().move_parts(pos, move)                                  # type: ignore[misc]

    def parse_move(self, pos: "Position", text: str) -> Move:
        """``P@e4`` (either case, a SAN suffix ``+``/``#`` allowed) for a drop; any other move as the game reads it."""
        t = text.strip()
        if "@" in t:
            m = re.fullmatch(r"(\+?[A-Za-z])@(\S+?)[+#!?]*", t)
            if not m:
                raise MoveError(f"malformed move {t!r}")
            for move in pos.legal_moves():
                if move[3] == DROP and self.move_name(pos, move) == m.group(1).upper() + "@" + m.group(2):
                    return move
            raise MoveError(f"illegal move {t}")
        return super().parse_move(pos, text)                                  # type: ignore[misc]

    def click_target(self, pos: "Position", move: Move) -> Target:
        """A drop: the piece in hand beside the board, then the cell."""
        if move[3] == DROP:
            kind = self.kind_of[move[2]]                                      # type: ignore[attr-defined]
            if kind in self.unpromoted:               # dropped as its promoted kind (dropPromoted)
                base = code_of(self.unpromoted[kind], self.owner[move[2]])    # type: ignore[attr-defined]
                return hand_target(self, base), self.names.name(move[1]), "drop promoted"  # type: ignore[attr-defined]
            return hand_target(self, move[2]), self.names.name(move[1]), "drop"    # type: ignore[attr-defined]
        return super().click_target(pos, move)                                # type: ignore[misc]


def hands_picture(picture: Picture) -> Picture:
    """``picture`` with the hands beside the board."""
    return Picture(marked_ranks=picture.marked_ranks, marked_files=picture.marked_files, legend=picture.legend,
                   extra_legend=picture.extra_legend, layout=picture.layout, notes=picture.notes,
                   top_first=picture.top_first, side=hand_boxes)
