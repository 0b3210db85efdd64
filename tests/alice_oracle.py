"""An independent, brute-force reading of Alice chess's rules text (docs/rules/alice.md, from chessvariants.com
and Wikipedia) for the tests. It shares no code with ``hyperchess``: squares are (board, file, rank) with
boards "A" and "B", each move is generated on its own board square by square, and legality is tested by
making the move on a copy. Only the position string's layout (board B, a bar, board A; then the usual fields)
and the move names (``Ae2Ae4``, ``Ae7Ae8q``, castling as the king's two squares ``Ae1Ag1``) are read and
written the way the engine does.

The rules, as read here:
1. a move is made on the board its piece stands on, as in chess on that board alone (captures too), and it
   must be legal there: a king may not stop on a square attacked on that board, nor castle out of, through
   or into check there;
2. the square of the same name on the other board must be empty (castling: the king's and the rook's);
3. the piece (castling: king and rook) then passes to that square of the other board;
4. after that the mover's king may not be attacked on the board it stands on;
5. no en passant; promotion as in chess (the promoted piece passes over).
"""
from __future__ import annotations

FILES = "abcdefgh"
OTHER = {"A": "B", "B": "A"}
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
KING = [(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if (x, y) != (0, 0)]
ROOK = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def name(sq) -> str:
    return f"{sq[0]}{FILES[sq[1]]}{sq[2] + 1}"


def on_board(f: int, r: int) -> bool:
    return 0 <= f < 8 and 0 <= r < 8


class Alice:
    """A position: ``board`` maps (board letter, file, rank) to a piece letter (upper case White)."""

    def __init__(self, fen: str) -> None:
        parts = fen.split()
        boards = parts[0].split("|")
        assert len(boards) == 2, fen
        self.board: dict[tuple[str, int, int], str] = {}
        for letter, text in zip("BA", boards):         # the string lists the top level (B) first
            for i, row in enumerate(text.split("/")):
                r = 7 - i
                f = 0
                digits = ""
                for ch in row + " ":
                    if ch.isdigit():
                        digits += ch
                        continue
                    if digits:
                        f += int(digits)
                        digits = ""
                    if ch != " ":
                        self.board[(letter, f, r)] = ch
                        f += 1
        self.turn = parts[1]
        self.rights = set() if parts[2] == "-" else set(parts[2])
        self.halfmove = int(parts[4])
        self.fullmove = int(parts[5])

    def copy(self) -> "Alice":
        other = object.__new__(Alice)
        other.board = dict(self.board)
        other.turn, other.rights = self.turn, set(self.rights)
        other.halfmove, other.fullmove = self.halfmove, self.fullmove
        return other

    # ------------------------------------------------------------------ attacks on one board
    def attacked(self, sq, by_white: bool) -> bool:
        """Is ``sq`` attacked by a piece of that colour standing on the same board?"""
        letter, f, r = sq
        b = self.board

        def enemy(x, y, kinds) -> bool:
            p = b.get((letter, x, y))
            return p is not None and p.isupper() == by_white and p.upper() in kinds

        pawn_rank = r - 1 if by_white else r + 1
        for df in (-1, 1):
            if on_board(f + df, pawn_rank) and enemy(f + df, pawn_rank, "P"):
                return True
        for dx, dy in KNIGHT:
            if on_board(f + dx, r + dy) and enemy(f + dx, r + dy, "N"):
                return True
        for dx, dy in KING:
            if on_board(f + dx, r + dy) and enemy(f + dx, r + dy, "K"):
                return True
        for dirs, kinds in ((ROOK, "RQ"), (BISHOP, "BQ")):
            for dx, dy in dirs:
                x, y = f + dx, r + dy
                while on_board(x, y):
                    if (letter, x, y) in b:
                        if enemy(x, y, kinds):
                            return True
                        break
                    x, y = x + dx, y + dy
        return False

    def king(self, white: bool):
        for sq, p in self.board.items():
            if p == ("K" if white else "k"):
                return sq
        return None

    def in_check(self) -> bool:
        white = self.turn == "w"
        k = self.king(white)
        return k is not None and self.attacked(k, not white)

    # ------------------------------------------------------------------ moves
    def _board_moves(self):
        """Rule 1's moves (before any test of check): (from, to, promotion letter or '', castling rook move)."""
        white = self.turn == "w"
        b = self.board
        out = []
        for sq, p in list(b.items()):
            if p.isupper() != white:
                continue
            letter, f, r = sq
            kind = p.upper()

            def free(x, y) -> bool:
                return (letter, x, y) not in b

            def foe(x, y) -> bool:
                q = b.get((letter, x, y))
                return q is not None and q.isupper() != white

            if kind == "P":
                step = 1 if white else -1
                last = 7 if white else 0
                promos = "qrbn"
                targets = []
                if on_board(f, r + step) and free(f, r + step):
                    targets.append((f, r + step))
                    start = 1 if white else 6
                    if r == start and free(f, r + 2 * step):
                        targets.append((f, r + 2 * step))
                for df in (-1, 1):
                    if on_board(f + df, r + step) and foe(f + df, r + step):
                        targets.append((f + df, r + step))
                for x, y in targets:
                    for promo in (promos if y == last else ""):
                        out.append((sq, (letter, x, y), promo, None))
                    if y != last:
                        out.append((sq, (letter, x, y), "", None))
                continue
            if kind in "NK":
                for dx, dy in KNIGHT if kind == "N" else KING:
                    x, y = f + dx, r + dy
                    if on_board(x, y) and (free(x, y) or foe(x, y)):
                        out.append((sq, (letter, x, y), "", None))
            else:
                dirs = {"R": ROOK, "B": BISHOP, "Q": ROOK + BISHOP}[kind]
                for dx, dy in dirs:
                    x, y = f + dx, r + dy
                    while on_board(x, y):
                        if free(x, y):
                            out.append((sq, (letter, x, y), "", None))
                        else:
                            if foe(x, y):
                                out.append((sq, (letter, x, y), "", None))
                            break
                        x, y = x + dx, y + dy
        out += self._castlings()
        return out

    def _castlings(self):
        white = self.turn == "w"
        rank = 0 if white else 7
        out = []
        for right, rook_file, king_to, rook_to, between in (("K", 7, 6, 5, (5, 6)), ("Q", 0, 2, 3, (1, 2, 3))):
            if (right if white else right.lower()) not in self.rights:
                continue
            k, rook = ("A", 4, rank), ("A", rook_file, rank)
            if self.board.get(k) != ("K" if white else "k") or self.board.get(rook) != ("R" if white else "r"):
                continue
            if any(("A", x, rank) in self.board for x in between):
                continue
            # not out of or through check on board A
            if any(self.attacked(("A", x, rank), not white) for x in (4, (4 + king_to) // 2)):
                continue
            out.append((k, ("A", king_to, rank), "", (rook, ("A", rook_to, rank))))
        return out

    def _make(self, move):
        """The position after ``move`` (rules 1-3), or None when rule 1's check test or rule 2 forbids it."""
        frm, to, promo, castle = move
        white = self.turn == "w"
        nxt = self.copy()
        b = nxt.board
        piece = b.pop(frm)
        captured = b.pop(to, None)
        landed = [(to, (promo.upper() if white else promo) if promo else piece)]
        b[to] = landed[0][1]
        if castle is not None:
            rook = b.pop(castle[0])
            b[castle[1]] = rook
            landed.append((castle[1], rook))
        if piece.upper() == "K" and self.attacked_after(b, to, white):
            return None                 # rule 1: the king stands attacked on the board where it moved
        for sq, _ in landed:
            mirror = (OTHER[sq[0]], sq[1], sq[2])
            if mirror in b:
                return None             # rule 2
        for sq, p in landed:
            del b[sq]
            b[(OTHER[sq[0]], sq[1], sq[2])] = p
        # rights: a king or rook that moves, or a rook captured, on its home square
        home = {("A", 4, 0): "KQ", ("A", 7, 0): "K", ("A", 0, 0): "Q",
                ("A", 4, 7): "kq", ("A", 7, 7): "k", ("A", 0, 7): "q"}
        for sq in (frm, to) + ((castle[0],) if castle else ()):
            nxt.rights -= set(home.get(sq, ""))
        nxt.halfmove = 0 if captured or piece.upper() == "P" else self.halfmove + 1
        if not white:
            nxt.fullmove += 1
        nxt.turn = "b" if white else "w"
        return nxt

    def attacked_after(self, board, sq, white: bool) -> bool:
        probe = object.__new__(Alice)
        probe.board = board
        return probe.attacked(sq, not white)

    def legal(self) -> dict[str, "Alice"]:
        """Every legal move by name, with the position it leads to (rule 4 tested on that position)."""
        white = self.turn == "w"
        out = {}
        for move in self._board_moves():
            nxt = self._make(move)
            if nxt is None:
                continue
            k = nxt.king(white)
            if k is not None and nxt.attacked(k, not white):
                continue                # rule 4
            out[name(move[0]) + name(move[1]) + move[2]] = nxt
        return out

    def fen(self) -> str:
        rows = []
        for letter in "BA":
            ranks = []
            for r in range(7, -1, -1):
                text, gap = "", 0
                for f in range(8):
                    p = self.board.get((letter, f, r))
                    if p is None:
                        gap += 1
                        continue
                    if gap:
                        text += str(gap)
                        gap = 0
                    text += p
                ranks.append(text + (str(gap) if gap else ""))
            rows.append("/".join(ranks))
        rights = "".join(ch for ch in "KQkq" if ch in self.rights) or "-"
        return f"{'|'.join(rows)} {self.turn} {rights} - {self.halfmove} {self.fullmove}"
