"""Piece promotion as data, with the rules that come with it (docs/variants-file.md, "Piece promotion").

The shogi family's rules, read from Fairy-Stockfish (src/movegen.cpp ``generate_moves`` and
``generate_drops``, src/position.cpp ``legal``, ``do_move`` and src/position.h ``checkmate_value``; commit
c19b5f6c), for any game of the shared core:

- a piece with a promoted form (``piece_promotion = { P = "G" }``: FSF's ``promotedPieceType``) may promote
  when it moves into, out of or within its promotion zone. The promoted piece is a kind of its own, ``+P``,
  that moves as the piece it was promoted to and goes to hand as the piece it was (``promoted_army``): the
  position string writes it ``+P`` as FSF does, and the move ``7g7f+`` (FSF's UCI suffix ``+``). A pawn with
  a promoted form gets ``+`` beside its promotion choices on each move into its zone (FSF's
  ``make_promotions``: wolf chess's pawn becomes an elephant), and with no choice at all it still enters
  the zone so (FSF's shinobi: ``promotionPieceTypes = -``, the pawn becomes a commoner);
- ``mandatory_piece_promotion``: a piece that can promote must, on every move into, out of or within its zone;
- ``piece_promotion_on_capture``: it promotes only by capturing;
- ``piece_demotion``: a promoted piece may turn back (``-``) the same way, and must where promotion is
  mandatory (kyoto's alternation);
- ``immobility_illegal``: no piece moves (without promoting) or is dropped where it could never move again;
- ``drop_mate_illegal``: a mate given by dropping one of these pieces loses for the side that dropped it
  (FSF's ``shogiPawnDropMateIllegal``: the mated side wins; the drop itself is legal).

A promotion or demotion is the special move ``(from, to, new code, PIECE_PROMOTION)``. The mixin
:class:`PieceRules` adds these moves through ``restrict_moves`` (so the capture lists of the search get them
too) and makes them through ``make_special``; drops are ``variants/rules/hands.py``'s.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from hyperchess.variants.board.codes import (EMPTY, EN_PASSANT, HOLE, NORMAL, PROMOTION, SPECIAL, Move, code_of,
                                             ep_victim, promoted_code)
from hyperchess.variants.board.errors import MoveError, VariantsFileError
from hyperchess.variants.core.game import Game
from hyperchess.variants.rules.hands import DROP
from hyperchess.variants.board.pieces import Mode, Path, PieceType
from hyperchess.variants.core.presentation import MoveParts, Target

if TYPE_CHECKING:
    from hyperchess.variants.core.outcome import Outcome
    from hyperchess.variants.core.position import Position

PIECE_PROMOTION = SPECIAL + 4     # (from, to, the promoted or demoted piece's code, PIECE_PROMOTION)
PREFIX = "+"                      # a promoted piece's token in position strings and its move suffix
# a pawn's promotion choice that stands for its promoted form (never a piece's code): ``restrict_moves`` turns
# the core's promotion to it into the PIECE_PROMOTION move
TWIN = HOLE


@dataclass(frozen=True)
class PromotionRules:
    """What a game's piece promotions allow (Fairy-Stockfish's names in brackets)."""
    mandatory: bool = False            # [mandatoryPiecePromotion]
    on_capture: bool = False           # [piecePromotionOnCapture]
    demotion: bool = False             # [pieceDemotion]
    immobility_illegal: bool = False   # [immobilityIllegal]
    drop_mate_illegal: str = ""        # letters whose drop may not mate [shogiPawnDropMateIllegal]


def promoted_army(army: list[PieceType], promotion: dict[str, str]) -> list[PieceType]:
    """The promoted kinds of ``promotion`` (letter -> the letter of the piece it becomes): ``+X`` moves as the
    target and is worth what it is, one per promoting piece."""
    by_letter = {p.letter: p for p in army}
    out = []
    for letter, target in promotion.items():
        base, into = by_letter[letter], by_letter[target]
        out.append(PieceType(PREFIX + letter, f"promoted {base.name}", into.moves, into.value,
                             oriented=into.oriented, tags=into.tags))
    return out


def no_moves(game: Any, code: int, cell: int) -> bool:
    """``code`` on ``cell`` has no move on the empty board (FSF's immobility: its quiet moves, initial steps
    aside; a hopper's lines count as if it had a hurdle, as FSF's ``PseudoMoves`` do)."""
    piece = game.pieces[game.kind_of[code]]
    basis = game.orientation(game.owner[code], cell) if piece.oriented else ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    step = game.geometry.step
    for atom in piece.moves:
        if isinstance(atom, Path) or getattr(atom, "mode", Mode.BOTH) is Mode.CAPTURE:
            continue
        vectors = getattr(atom, "vectors", None) or atom.directions
        for v in vectors:
            w = tuple(v[0] * basis[0][i] + v[1] * basis[1][i] + v[2] * basis[2][i] for i in range(3))
            to = step(cell, w)
            if to is not None and to != cell:
                return False
    return True


class PieceRules:
    """Mixin (before the game's class, and before ``Hands``): piece promotion, demotion, immobility and the
    drop-mate rule, by ``promotion_rules`` and the kinds ``promoted_army`` added. ``unpromoted`` (promoted
    kind -> the kind it was) and ``promotes_to`` (kind -> its promoted kind) are set before ``compile``."""

    promotion_rules = PromotionRules()
    unpromoted: dict[int, int] = {}
    promotes_to: dict[int, int] = {}
    pawn_twins = False                 # a pawn has a promoted form: ``TWIN`` among its promotion choices

    def compile(self) -> None:
        self.special_legality = {**self.special_legality, PIECE_PROMOTION: "plain"}   # type: ignore[has-type]
        # a promotion that cannot be undone restarts the n-move count (FSF's do_move resets rule50 on a piece
        # promotion unless pieces may demote)
        self.clock_special = -1 if self.promotion_rules.demotion else PIECE_PROMOTION
        super().compile()                                                             # type: ignore[misc]
        rules = self.promotion_rules
        n = self.ncodes                                                               # type: ignore[attr-defined]
        size = self.geometry.size                                                     # type: ignore[attr-defined]
        self.promote_code = [0] * n
        self.demote_code = [0] * n
        self.immobile: list[frozenset[int]] = [frozenset()] * n
        for code in range(n):
            kind, color = self.kind_of[code], self.owner[code]                        # type: ignore[attr-defined]
            if not kind or color < 0:
                continue
            if kind in self.promotes_to:
                self.promote_code[code] = code_of(self.promotes_to[kind], color)
            if rules.demotion and kind in self.unpromoted:
                self.demote_code[code] = code_of(self.unpromoted[kind], color)
            if rules.immobility_illegal:
                self.immobile[code] = frozenset(c for c in range(size) if no_moves(self, code, c))
        self.pawn_twins = any(self.promote_code[c] for c in self.pawn_codes)        # type: ignore[attr-defined]
        self.drop_mate_codes = frozenset(code for code in range(n) if self.kind_of[code]  # type: ignore[attr-defined]
                                         and self.pieces[self.kind_of[code]].letter in rules.drop_mate_illegal.upper())  # type: ignore[attr-defined]
        # ``game_over`` below is the rule switches' (``Game.game_over``) unless the drop-mate rule is on: the
        # search asks it at every node only then
        if not any("game_over" in vars(k) for k in type(self).__mro__[1:] if k not in (PieceRules, Game)):
            self.quiet_endings = bool(self.drop_mate_codes)
            self.has_game_over = self.quiet_endings or self.elimination or bool(self.royal_loss) \
                or bool(self.bare_king)                                               # type: ignore[attr-defined]
        if getattr(self, "drop_cells", None) is not None:
            self._drop_cells_kept_mobile()
        self.__dict__.pop("_rule_tables", None)

    def _drop_cells_kept_mobile(self) -> None:
        """Drops (variants/rules/hands.py): none where the piece could never move; a promoted kind drops where its
        unpromoted piece may (FSF's ``dropPromoted`` shares the drop region)."""
        cells = self.drop_cells                                                       # type: ignore[has-type]
        for code in range(self.ncodes):                                               # type: ignore[attr-defined]
            kind = self.kind_of[code]                                                 # type: ignore[attr-defined]
            if kind in self.unpromoted:
                cells[code] = cells[code_of(self.unpromoted[kind], self.owner[code])]  # type: ignore[attr-defined]
        for code in range(self.ncodes):                                               # type: ignore[attr-defined]
            if self.immobile[code]:
                cells[code] = tuple(c for c in cells[code] if c not in self.immobile[code])

    # ------------------------------------------------------------------ moves
    def promotion_choices(self, pos: "Position", color: int) -> tuple[int, ...]:
        """The pawn's choices, and ``TWIN`` (its promoted form) where a pawn has one: FSF's ``make_promotions``
        adds the piece promotion whatever ``promotionPieceTypes`` offers, none at all included."""
        codes = tuple(super().promotion_choices(pos, color))                          # type: ignore[misc]
        return (*codes, TWIN) if self.pawn_twins else codes

    def restrict_moves(self, pos: "Position", moves: list[Move]) -> list[Move]:
        """Each plain move of a piece that may promote or demote gets its promoting (demoting) twin where the
        zone allows it; the plain move goes where promotion is mandatory or the piece could never move on. A
        pawn's promotion to ``TWIN`` becomes its piece promotion."""
        rules = self.promotion_rules
        b = pos.board
        zone = self.promotion_zone[pos.turn]                                          # type: ignore[attr-defined]
        pawns = self.pawn_codes                                                       # type: ignore[attr-defined]
        out: list[Move] = []
        add = out.append
        for m in moves:
            frm, to, extra, flag = m
            if flag != NORMAL:
                if flag == PROMOTION and extra == TWIN:
                    new = self.promote_code[b[frm]]
                    if new and (b[to] != EMPTY or not rules.on_capture):
                        add((frm, to, new, PIECE_PROMOTION))
                elif flag == EN_PASSANT and promoted_code(m) == TWIN:
                    # FSF's en passant capture never promotes (movegen.cpp, make_move_and_gating<EN_PASSANT>);
                    # where promotion is optional the plain capture is among the moves already
                    plain = (frm, to, ep_victim(m), EN_PASSANT)
                    if plain not in moves:
                        add(plain)
                else:
                    add(m)
                continue
            p = b[frm]
            new, back = self.promote_code[p], self.demote_code[p]
            if new and self.promotion_blocked(pos, new):
                new = 0
            if not new and not back or (p in pawns and to in zone):
                # (a pawn's plain move into its zone: its promotion is optional, variants/rules/pawn_rules.py,
                # and its twin came as TWIN)
                if to not in self.immobile[p]:
                    add(m)
                continue
            capture = b[to] != EMPTY
            inside = frm in zone
            if (not rules.mandatory or (not inside and to not in zone) or (rules.on_capture and not capture)) \
                    and to not in self.immobile[p]:
                add(m)
            if (inside or to in zone) and (capture or not rules.on_capture):
                if new:
                    add((frm, to, new, PIECE_PROMOTION))
                if back:
                    add((frm, to, back, PIECE_PROMOTION))
        return super().restrict_moves(pos, out)                                       # type: ignore[misc]

    def promotion_blocked(self, pos: "Position", code: int) -> bool:
        """Is a promotion to ``code`` over a limit? (variants/rules/pawn_rules.py's ``promotion_limit``)"""
        return False

    def make_special(self, pos: "Position", move: Move) -> int:
        if move[3] == PIECE_PROMOTION:
            frm, to = move[0], move[1]
            captured = pos.board[to]
            pos.put(frm, EMPTY)
            pos.put(to, move[2])
            return captured
        return super().make_special(pos, move)                                        # type: ignore[misc]

    # ------------------------------------------------------------------ the drop-mate rule
    def game_over(self, pos: "Position") -> "Outcome | None":
        """A mate by dropping one of ``drop_mate_illegal``'s pieces (the only pieces giving check) loses for
        the side that dropped it (FSF's ``checkmate_value``)."""
        out = super().game_over(pos)                                                  # type: ignore[misc]
        if out is not None or not self.drop_mate_codes:
            return out
        move = pos.last_move
        if move is None or move[3] != DROP or move[2] not in self.drop_mate_codes:
            return None
        us = pos.turn
        king = pos.king(us)
        enemies = self.enemies[us]                                                    # type: ignore[attr-defined]
        if king is None or not pos.attacked(king, enemies):
            return None
        if any(pos.board[c] not in self.drop_mate_codes for c in pos.attackers(king, enemies)):
            return None
        if can_move(pos, king):
            return None
        name = self.piece_name(self.kind_of[move[2]])                                # type: ignore[attr-defined]
        return self._win(us, "drop mate", f"mates by dropping a {name} and loses")   # type: ignore[attr-defined]

    # ------------------------------------------------------------------ move text and clicks
    def move_name(self, pos: "Position", move: Move, square=None, letter=None) -> str:
        """A promotion ends in ``+``, a demotion in ``-`` (Fairy-Stockfish's UCI move)."""
        if move[3] == PIECE_PROMOTION:
            square = square or self.names.name                                        # type: ignore[attr-defined]
            suffix = PREFIX if self.kind_of[move[2]] in self.unpromoted else "-"      # type: ignore[attr-defined]
            return square(move[0]) + square(move[1]) + suffix
        return super().move_name(pos, move, square, letter)                           # type: ignore[misc]

    def move_parts(self, pos: "Position", move: Move) -> MoveParts | None:
        """A promotion or demotion: the plain move, the code it becomes, and which of the two."""
        if move[3] == PIECE_PROMOTION:
            plain = super().move_parts(pos, (move[0], move[1], 0, NORMAL))            # type: ignore[misc]
            change = 1 if self.kind_of[move[2]] in self.unpromoted else -1            # type: ignore[attr-defined]
            return replace(plain, promotion=move[2], change=change)
        return super().move_parts(pos, move)                                          # type: ignore[misc]

    def parse_move(self, pos: "Position", text: str) -> Move:
        """``7g7f+``/``g3g4+`` (promote), ``g3g4-`` (demote), or any other move as the game reads it."""
        t = text.strip()
        if t[-1:] in (PREFIX, "-") and "@" not in t:
            for move in pos.legal_moves():
                if move[3] == PIECE_PROMOTION and self.move_name(pos, move) == t:
                    return move
            raise MoveError(f"illegal move {t}")
        return super().parse_move(pos, text)                                          # type: ignore[misc]

    def click_target(self, pos: "Position", move: Move) -> Target:
        """A promotion and a demotion are the same two clicks as the plain move, told apart by their label."""
        name = self.names.name                                                        # type: ignore[attr-defined]
        if move[3] == PIECE_PROMOTION:
            label = "promote" if self.kind_of[move[2]] in self.unpromoted else "demote"   # type: ignore[attr-defined]
            return name(move[0]), name(move[1]), label
        src, dst, label, *then = super().click_target(pos, move)                      # type: ignore[misc]
        p = pos.board[move[0]]
        zone = self.promotion_zone[pos.turn]                                          # type: ignore[attr-defined]
        if move[3] == NORMAL and (self.promote_code[p] or self.demote_code[p]) and (move[0] in zone or move[1] in zone):
            label = "stay unpromoted"
        return (src, dst, label, *then)


# the keys of a variants file's game that ask for this mixin (docs/variants-file.md, "Piece promotion")
KEYS = {"piece_promotion", "mandatory_piece_promotion", "piece_promotion_on_capture", "piece_demotion",
        "immobility_illegal", "drop_mate_illegal"}


def promotion_pairs(promotion: Any, pieces: dict[str, PieceType], where: str) -> dict[str, str]:
    """``piece_promotion``'s table checked: letter = letter, both pieces of the game, no royal piece, a promoted
    piece not promoting again (a pawn's promoted form is offered beside its ``promotion`` choices). Raises
    VariantsFileError."""
    if not isinstance(promotion, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                                  for k, v in promotion.items()):
        raise VariantsFileError(f"{where}.piece_promotion: a table of letter = \"letter\" (what each piece becomes)")
    out = {k.upper(): v.upper() for k, v in promotion.items()}
    for k, v in out.items():
        if k not in pieces or v not in pieces:
            raise VariantsFileError(f"{where}.piece_promotion: no piece {k if k not in pieces else v!r}")
        if pieces[k].royal:
            raise VariantsFileError(f"{where}.piece_promotion.{k}: a royal piece does not promote so")
        if v in out:
            raise VariantsFileError(f"{where}.piece_promotion: {v!r} is what {k!r} becomes and cannot promote itself")
    return out


def read_rules(t: dict, where: str) -> PromotionRules:
    """The switches of a game table (true/false, and ``drop_mate_illegal``'s letters)."""
    values: dict[str, Any] = {}
    for key, name in (("mandatory_piece_promotion", "mandatory"), ("piece_promotion_on_capture", "on_capture"),
                      ("piece_demotion", "demotion"), ("immobility_illegal", "immobility_illegal")):
        if key in t:
            if not isinstance(t[key], bool):
                raise VariantsFileError(f"{where}.{key}: true or false")
            values[name] = t[key]
    letters = t.get("drop_mate_illegal", "")
    if not isinstance(letters, str) or not (letters.isalpha() or not letters):
        raise VariantsFileError(f"{where}.drop_mate_illegal: the letters of the pieces whose drop may not mate")
    return PromotionRules(drop_mate_illegal=letters.upper(), **values)


def can_move(pos: "Position", king: int | None, moves=None) -> bool:
    """Has the side to move a move (of ``moves``, default all its pseudo-legal ones) that leaves its ``king``
    safe? Asked without ``legal_moves`` (which asks the game's endings, the caller's own hook)."""
    us = pos.turn
    for m in pos.pseudo_legal_moves() if moves is None else moves:
        pos.push(m)
        exposed = pos.king_exposed(m, us, king)
        pos.pop()
        if not exposed:
            return True
    return False
