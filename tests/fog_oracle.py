"""A brute-force Fog of War referee written from the rules text alone (docs/rules/fogofwar.md, chess.com's
help page and dragonheelslair.com's rules), not from the core: FIDE chess's moves on an 8x8 board of
(file, rank) pairs, without check (a king may move into or stay in check, castle through check), the king
captured to win, and what each side sees. Used by tests/test_fog_reference.py in lockstep with `fogofwar`."""
from __future__ import annotations

from dataclasses import dataclass, field

FILES = "abcdefgh"
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
KING = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
ROOK = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def name(sq: tuple[int, int]) -> str:
    return f"{FILES[sq[0]]}{sq[1] + 1}"


def on_board(f: int, r: int) -> bool:
    return 0 <= f < 8 and 0 <= r < 8


@dataclass
class FogChess:
    """A position: ``board[(file, rank)]`` = a letter (upper case White), ``white`` to move, castling rights
    as a string of KQkq, the en-passant cell (passed by a double step just made) or None."""
    board: dict = field(default_factory=dict)
    white: bool = True
    castling: str = "KQkq"
    ep: tuple[int, int] | None = None
    winner: str | None = None

    @classmethod
    def start(cls) -> "FogChess":
        pos = cls()
        for f, letter in enumerate("RNBQKBNR"):
            pos.board[(f, 0)] = letter
            pos.board[(f, 1)] = "P"
            pos.board[(f, 6)] = "p"
            pos.board[(f, 7)] = letter.lower()
        return pos

    def own(self, letter: str, white: bool) -> bool:
        return letter.isupper() == white

    def moves(self, white: bool | None = None) -> list[str]:
        """Every move of ``white`` (default: the side to move) in UCI form: no check is tested. A side that
        is not to move has no en-passant chance."""
        if self.winner is not None:
            return []
        side = self.white if white is None else white
        ep = self.ep if side == self.white else None
        out = []
        for (f, r), letter in list(self.board.items()):
            if not self.own(letter, side):
                continue
            kind = letter.upper()
            frm = name((f, r))
            if kind == "P":
                step = 1 if side else -1
                last = 7 if side else 0
                targets = []
                if on_board(f, r + step) and (f, r + step) not in self.board:
                    targets.append((f, r + step))
                    start = 1 if side else 6
                    if r == start and (f, r + 2 * step) not in self.board:
                        targets.append((f, r + 2 * step))
                for df in (-1, 1):
                    to = (f + df, r + step)
                    if not on_board(*to):
                        continue
                    if to in self.board and not self.own(self.board[to], side):
                        targets.append(to)
                    elif to == ep:
                        targets.append(to)
                for to in targets:
                    if to[1] == last:
                        out += [frm + name(to) + p for p in "qrbn"]
                    else:
                        out.append(frm + name(to))
                continue
            if kind in "NK":
                for df, dr in (KNIGHT if kind == "N" else KING):
                    to = (f + df, r + dr)
                    if on_board(*to) and not (to in self.board and self.own(self.board[to], side)):
                        out.append(frm + name(to))
            if kind in "RBQ":
                for df, dr in (ROOK if kind == "R" else BISHOP if kind == "B" else ROOK + BISHOP):
                    t = (f + df, r + dr)
                    while on_board(*t):
                        if t in self.board:
                            if not self.own(self.board[t], side):
                                out.append(frm + name(t))
                            break
                        out.append(frm + name(t))
                        t = (t[0] + df, t[1] + dr)
        # castling: rights kept, the cells between king and rook empty; attacks do not matter (no check)
        rank = 0 if side else 7
        for letter, rook_file, between in (("K", 7, (5, 6)), ("Q", 0, (1, 2, 3))):
            right = letter if side else letter.lower()
            king, rook = ("K", "R") if side else ("k", "r")
            if (right in self.castling and self.board.get((4, rank)) == king
                    and self.board.get((rook_file, rank)) == rook
                    and all((x, rank) not in self.board for x in between)):
                out.append(name((4, rank)) + name((6 if letter == "K" else 2, rank)))
        return sorted(out)

    def push(self, move: str) -> None:
        """Make ``move`` (UCI), one of ``moves()``."""
        frm = (FILES.index(move[0]), int(move[1]) - 1)
        to = (FILES.index(move[2]), int(move[3]) - 1)
        letter = self.board.pop(frm)
        taken = self.board.get(to)
        if letter.upper() == "P" and to == self.ep and taken is None:
            taken = self.board.pop((to[0], frm[1]))          # en passant
        if letter.upper() == "K" and abs(to[0] - frm[0]) == 2:  # castling: the rook jumps over
            rook_from, rook_to = ((7, to[1]), (5, to[1])) if to[0] == 6 else ((0, to[1]), (3, to[1]))
            self.board[rook_to] = self.board.pop(rook_from)
        if len(move) == 5:
            letter = move[4].upper() if self.white else move[4]
        self.board[to] = letter
        self.ep = (frm[0], (frm[1] + to[1]) // 2) if letter.upper() == "P" and abs(to[1] - frm[1]) == 2 else None
        for cell, rights in (((4, 0), "KQ"), ((7, 0), "K"), ((0, 0), "Q"), ((4, 7), "kq"), ((7, 7), "k"),
                             ((0, 7), "q")):
            if frm == cell or to == cell:
                self.castling = "".join(c for c in self.castling if c not in rights)
        if taken is not None and taken.upper() == "K":
            self.winner = "white" if self.white else "black"
        self.white = not self.white

    def visible(self, white: bool) -> set[str]:
        """The squares ``white`` sees: its pieces, where its moves go (and the pawn en passant takes), and the
        square directly in front of each of its pawns."""
        seen = {name(sq) for sq, letter in self.board.items() if self.own(letter, white)}
        ep = self.ep if white == self.white else None
        for move in self.moves(white):
            seen.add(move[2:4])
            frm = (FILES.index(move[0]), int(move[1]) - 1)
            to = (FILES.index(move[2]), int(move[3]) - 1)
            if self.board[frm].upper() == "P" and to == ep and to not in self.board:
                seen.add(name((to[0], frm[1])))
        for (f, r), letter in self.board.items():
            if letter.upper() == "P" and self.own(letter, white):
                ahead = (f, r + (1 if white else -1))
                if on_board(*ahead):
                    seen.add(name(ahead))
        return seen
