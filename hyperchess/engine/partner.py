"""Playing for the team on one board of a two-board game (``two_boards``: bughouse, koedem, supply; docs/engine.md,
"Two boards", docs/rules/bughouse.md).

A piece captured on our board goes, in its own colour, to the hand of that colour's player on the other board
(``Game.captured_as``): what we take goes to our partner, what we lose to our partner's opponent. So the search
on our board adds to its evaluation, for every piece on the board or in hand, what the piece would be worth on
the other board if it were captured now (``TeamTerm``), counted from the root: a capture scores the piece on our
board and what it gives on the other one. A piece's worth there (``passing_gains``), read from the other board
as it stands and kept per position string:

- its value (as the search counts a piece in hand), the same for both colours, so an even trade passes even
  gifts and changes nothing;
- plus ``MATE_GAIN`` when, with that piece in hand, its receiver mates at once (a drop that leaves the other
  side no legal move, which it had no move for without it), or when the receiver is sitting (no legal move) and
  the piece would give it one. Bughouse players reason so: a strong player "can watch their partner's board and
  see exactly which pieces will help, and hurt" (chess.com, JarlCarlander, "Bughouse for beginners:
  coordination"); when the partner is in trouble one limits "the flow of pieces to your partopp" (oocities.org
  Paris/Metro/1324/bug-strategy.html);
- when the receiver is not the side to move there, the same test is made as if it were (the other side passes)
  and counts half (``THREAT_SHARE``): its opponent moves first and may parry. A side to move that is in check
  cannot pass: then no mate counts.
"""
from __future__ import annotations

from dataclasses import dataclass

from hyperchess.variants.board.codes import code_of
from hyperchess.variants.core.position import Position
from hyperchess.variants.rules.hands import DROP
from hyperchess.variants.rules.partner_boards import with_hand

MATE_GAIN = 2000        # centipawns: a piece that mates (or frees a sitting side) on the other board
THREAT_SHARE = 2        # the receiver not to move there: the mate counts 1/THREAT_SHARE
CACHE = 64              # other-board positions whose gains are kept

_GAINS: dict[tuple[int, str], list[list[int]]] = {}


def plays_two_boards(game) -> bool:
    """Is ``game`` one board of a two-board game (its hands filled from a partner's board)?"""
    rules = getattr(game, "hand_rules", None)
    return rules is not None and rules.two_boards and game.players == 2


def _wins(pos: Position, color: int) -> bool:
    """Has ``color`` won ``pos`` by the board's own rules (mate, a stalemate that loses, extinction)?"""
    o = pos.outcome(claim_draw=False)
    return o is not None and o.result == ("1-0", "0-1")[color]


def _mates_now(pos: Position) -> bool:
    """Has the side to move a move that wins at once? (Only checks and captures are tried.)"""
    us = pos.turn
    board = pos.board
    for m in pos.legal_moves():
        capture = m[3] != DROP and board[m[1]] != 0
        pos.push(m)
        won = (capture or pos.in_check()) and _wins(pos, us)
        pos.pop()
        if won:
            return True
    return False


def _drop_mates(pos: Position, code: int) -> bool:
    """Does a drop of ``code`` by the side to move win at once (a check that leaves no legal move)?"""
    us = pos.turn
    for m in pos.legal_moves():
        if m[3] != DROP or m[2] != code:
            continue
        pos.push(m)
        won = pos.in_check() and _wins(pos, us)
        pos.pop()
        if won:
            return True
    return False


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
        mover = _as_mover(other, color)
        share = 1 if other.turn == color else THREAT_SHARE
        sitting = mover is not None and not mover.legal_moves()
        mating = mover is not None and not sitting and _mates_now(mover)
        for k in kinds:
            code = code_of(k, color)
            bonus = 0
            if mover is not None and not mating:
                plus = with_hand(mover, (code,))
                if sitting:
                    bonus = MATE_GAIN if plus.legal_moves() else 0
                elif _drop_mates(plus, code):
                    bonus = MATE_GAIN
            gains[color][k] = game.pieces[k].value + bonus // share
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
