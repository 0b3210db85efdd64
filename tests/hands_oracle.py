"""A deliberately naive, independent count of crazyhouse on the cylinder (``cylinderhouse``), for perft
cross-checks of the core's hands (variants/rules/hands.py) on a wrapped board.

It shares no code with ``variants``: the piece moves come from ``wrapped_oracle`` (itself written from the
rules text), and the hands are added here from the crazyhouse rules (Fairy-Stockfish's crazyhouse,
lichess.org/variant/crazyhouse): a captured piece goes to the capturer's hand in its colour, a promoted piece
as a pawn; a piece in hand may be dropped on any empty square, pawns not on the first or last rank; the
move is ``P@e4``. Legality by making the move on a copy and looking outward from the king.
"""
from __future__ import annotations

from collections import Counter

from wrapped_oracle import CYLINDER, FILES, State, attacked, from_position, name, pseudo_moves


class HandsState:
    """The board state of ``wrapped_oracle`` plus each side's hand and the squares of promoted pieces."""

    def __init__(self, st: State, hands: dict[str, Counter], promoted: set) -> None:
        self.st, self.hands, self.promoted = st, hands, promoted


def _square(text: str) -> tuple[int, int]:
    return FILES.index(text[0]), int(text[1:]) - 1


def _king_safe(st: State, us: str) -> bool:
    king = next(sq for sq, p in st.board.items() if p[0] == us and p[1] == "K")
    return not attacked(st, king, "b" if us == "w" else "w")


def legal_moves(hs: HandsState) -> dict[str, HandsState]:
    st = hs.st
    us = st.turn
    them = "b" if us == "w" else "w"
    out = {}
    for text, ns in pseudo_moves(st).items():
        if not _king_safe(ns, us):
            continue
        frm, to = _square(text[:2]), _square(text[2:4])
        hands = {c: Counter(h) for c, h in hs.hands.items()}
        promoted = set(hs.promoted)
        for sq, piece in st.board.items():          # what the move took off the board (e.p. included)
            if piece[0] == them and ns.board.get(sq, (None,))[0] != them:
                hands[us]["P" if sq in promoted else piece[1]] += 1
                promoted.discard(sq)
        if frm in promoted:
            promoted.discard(frm)
            promoted.add(to)
        if len(text) == 5:                          # a promotion: the new piece remembers it was a pawn
            promoted.add(to)
        out[text] = HandsState(ns, hands, promoted)
    for letter, count in sorted(hs.hands[us].items()):
        if not count:
            continue
        for f in range(st.rules.files):
            for r in range(st.rules.ranks):
                sq = (f, r)
                if sq in st.board or (letter == "P" and r in (0, st.rules.ranks - 1)):
                    continue
                board = dict(st.board)
                board[sq] = (us, letter, 0)
                ns = State(st.rules, board, them, set(st.castling), None)
                if not _king_safe(ns, us):
                    continue
                hands = {c: Counter(h) for c, h in hs.hands.items()}
                hands[us][letter] -= 1
                out[f"{letter}@{name(sq)}"] = HandsState(ns, hands, set(hs.promoted))
    return out


def perft(hs: HandsState, depth: int) -> int:
    moves = legal_moves(hs)
    if depth == 1:
        return len(moves)
    return sum(perft(ns, depth - 1) for ns in moves.values())


def from_fen(pos) -> HandsState:
    """The oracle's state for a ``cylinderhouse`` position, read from its position string: the board through
    ``wrapped_oracle``, the hands from ``[...]``, promoted pieces from ``~``."""
    st = from_position(CYLINDER, pos)
    board_field = pos.fen().split()[0]
    rows, _, hand = board_field.partition("[")
    hands = {"w": Counter(), "b": Counter()}
    for ch in hand.rstrip("]"):
        hands["w" if ch.isupper() else "b"][ch.upper()] += 1
    promoted = set()
    for i, row in enumerate(rows.split("/")):
        f = 0
        for j, ch in enumerate(row):
            if ch.isdigit():
                f += int(ch)
            elif ch == "~":
                promoted.add((f - 1, CYLINDER.ranks - 1 - i))
            else:
                f += 1
    return HandsState(st, hands, promoted)
