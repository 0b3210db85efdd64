"""Playing for the team on one board of a two-board game (``two_boards``: bughouse, koedem, supply; docs/engine.md,
"Two boards", docs/rules/bughouse.md).

A piece captured on our board goes, in its own colour, to the hand of that colour's player on the other board
(``Game.captured_as``): what we take goes to our partner, what we lose to our partner's opponent. So the search
on our board adds to its evaluation, for every piece on the board or in hand, what the piece would be worth on
the other board if it were captured now (``TeamTerm``), counted from the root: a capture scores the piece on our
board and what it gives on the other one. A piece's worth there (``passing_gains``), read from the other board
as it stands and kept per position string:

- ``PASSED_VALUE`` percent of its value, the same for both colours, so an even trade passes even gifts and
  changes nothing (0: counted whole, every capture counted double against king safety, and the team engine
  lost 3-13 to the board-only one; docs/rules/bughouse.md, "Measured");
- plus ``MATE_GAIN`` when, with that piece in hand, its receiver wins at once (a drop that checks and leaves
  the other side no legal move, where it had no such win without the piece), or when the receiver is sitting
  (no legal move) and the piece would give it one. Bughouse players reason so: a strong player "can watch
  their partner's board and see exactly which pieces will help, and hurt"
  (https://chess.com/blog/JarlCarlander/bughouse-for-beginners-coordination); when the partner is in trouble
  one limits "the flow of pieces to your partopp" (http://oocities.org/Paris/Metro/1324/bug-strategy.html);
- when the receiver is not the side to move there, the same test is made as if it were (the other side passes)
  and counts half (``THREAT_SHARE``): its opponent moves first and may parry. A side to move that is in check
  cannot pass: then no mate counts.

A search with less than ``TEAM_SECONDS`` plays the board alone (engine/search.py ``begin``).
"""
from __future__ import annotations

from dataclasses import dataclass

from hyperchess.variants.board.codes import Move, code_of
from hyperchess.variants.core.movegen import pseudo_legal_moves
from hyperchess.variants.core.position import Position
from hyperchess.variants.rules.hands import DROP
from hyperchess.variants.rules.partner_boards import with_hand
from hyperchess.variants.rules.piece_rules import can_move

MATE_GAIN = 2000        # centipawns: a piece that mates (or frees a sitting side) on the other board
PASSED_VALUE = 0        # percent of a piece's value counted for its receiver besides (measured: docs/rules/bughouse.md)
THREAT_SHARE = 2        # the receiver not to move there: the mate counts 1/THREAT_SHARE
CACHE = 64              # other-board positions whose gains are kept
TEAM_SECONDS = 0.3      # a search whose hard time limit is shorter plays the board alone (the gains take 2-180 ms)

_GAINS: dict[tuple[int, str], list[list[int]]] = {}


def plays_two_boards(game) -> bool:
    """Is ``game`` one board of a two-board game (its hands filled from a partner's board)?"""
    rules = getattr(game, "hand_rules", None)
    return rules is not None and rules.two_boards and game.players == 2


def _wins(pos: Position, color: int) -> bool:
    """Has ``color`` won ``pos`` by the board's own rules (mate, a stalemate that loses, extinction)?"""
    o = pos.outcome(claim_draw=False)
    return o is not None and o.result == ("1-0", "0-1")[color]


def _steps_out(pos: Position, checker: int) -> bool:
    """Has the side to move, in check, a legal king move or capture of the piece on ``checker``? (A quick
    answer before the full test: most checks have one.)"""
    k = pos.king()
    if k is None or pos.game.royal_rule != "single":
        return False
    return can_move(pos, k, [m for m in pseudo_legal_moves(pos) if m[3] != DROP and (m[0] == k or m[1] == checker)])


def _winning(pos: Position, m: Move) -> bool:
    """Does the move ``m`` of the side to move win at once? (Only a check or a capture can.)"""
    us = pos.turn
    capture = m[3] != DROP and pos.board[m[1]] != 0
    pos.push(m)
    won = (capture or pos.in_check()) and not _steps_out(pos, m[1]) and _wins(pos, us)
    pos.pop()
    return won


def _bonuses(other: Position, color: int, kinds: list[int]) -> dict[int, int]:
    """``kind -> MATE_GAIN`` for the kinds whose gift lets ``color`` win at once on ``other`` (with ``color``
    to move) or frees it from sitting; an empty dict when it cannot move there or already wins without."""
    mover = _as_mover(other, color)
    if mover is None:
        return {}
    own = mover.extra.counts[color]
    gifts = [k for k in kinds if not own[k]]
    # every kind in hand at once: one list of moves; a drop of a kind not in the hand needs that gift
    full = with_hand(mover, [code_of(k, color) for k in gifts])
    gift_of = {code_of(k, color): k for k in gifts}
    moves = full.legal_moves()
    needs = [gift_of.get(m[2]) if m[3] == DROP else None for m in moves]
    if all(k is not None for k in needs):           # sitting: only a gift gives it a move
        return {k: MATE_GAIN for k in set(needs)}
    found = {k for m, k in zip(moves, needs) if k is not None and _winning(full, m)}
    if not found or any(k is None and _winning(full, m) for m, k in zip(moves, needs)):
        return {}                                   # nothing new, or it wins already without a gift
    return {k: MATE_GAIN for k in found}


def _as_mover(other: Position, color: int) -> Position | None:
    """``other`` with ``color`` to move: itself, or after a pass of the side to move (None if it is in check)."""
    if other.turn == color:
        return other
    if other.in_check():
        return None
    pos = other.copy()
    pos.push_null()
    return pos


def passing_gains(other: Position) -> list[list[int]]:
    """``gains[color][kind]``: centipawns one more piece of ``kind`` in ``color``'s hand is worth to ``color``
    on the board ``other`` (0 for a kind never passed). Kept per position string."""
    game = other.game
    key = (id(game), other.fen())
    got = _GAINS.get(key)
    if got is not None:
        return got
    kinds = [k for k in game.hand_order if not game.pieces[k].royal]
    gains = [[0] * len(game.pieces) for _ in range(2)]
    for color in (0, 1):
        share = 1 if other.turn == color else THREAT_SHARE
        bonus = _bonuses(other, color, kinds)
        for k in kinds:
            gains[color][k] = game.pieces[k].value * PASSED_VALUE // 100 + bonus.get(k, 0) // share
    if len(_GAINS) >= CACHE:
        _GAINS.clear()
    _GAINS[key] = gains
    return gains


@dataclass
class TeamTerm:
    """The other board's stake in our board's pieces, from team 0's view of our board: ``weight[code]`` for a
    piece of that code on the board or in hand (a white piece, captured, helps the other board's White:
    ``+gains[0][kind]``; a black one ``-gains[1][kind]``), ``demoted[color]`` for a promoted piece (it passes as
    the pawn it was). ``score(pos)`` is the change since the root ``base``: what the captures since then pass."""
    weight: list[int]
    demoted: tuple[int, int]
    base: int = 0

    def total(self, pos: Position) -> int:
        board = pos.board
        weight = self.weight
        st = pos.extra
        promoted = st.promoted
        t = 0
        for color in (0, 1):
            for cell in pos.occupied[color]:
                t += self.demoted[color] if promoted and cell in promoted else weight[board[cell]]
            counts = st.counts[color]
            for kind in range(1, len(counts)):
                if counts[kind]:
                    t += counts[kind] * weight[code_of(kind, color)]
        return t

    def score(self, pos: Position) -> int:
        return self.total(pos) - self.base


def team_term(pos: Position, partner: Position | None) -> TeamTerm | None:
    """The team term of a search of ``pos`` when ``partner`` is the other board (same game), else None."""
    game = pos.game
    if partner is None or partner.game is not game or not plays_two_boards(game):
        return None
    gains = passing_gains(partner)
    if not any(any(row) for row in gains):
        return None                     # nothing over there depends on what passes: the board alone
    weight = [0] * game.ncodes
    for code in range(game.ncodes):
        kind, color = game.kind_of[code], game.owner[code]
        if kind and color in (0, 1) and code not in game.royal_codes:
            kind = game.unpromoted.get(kind, kind)
            weight[code] = gains[color][kind] if color == 0 else -gains[color][kind]
    pawn = game.demoted_kind
    demoted = (gains[0][pawn], -gains[1][pawn]) if pawn else (0, 0)
    term = TeamTerm(weight, demoted)
    term.base = term.total(pos)
    return term
