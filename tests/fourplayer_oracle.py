"""A plain reading of chess.com's four-player chess (docs/rules/fourplayer.md), written from the rules text alone
and sharing no code with hyperchess's core: the reference of tests/test_fourplayer_oracle.py.

The board is 14x14 without its 3x3 corners; squares are (file, rank) from 0. Red (bottom), Blue (left), Yellow
(top) and Green (right) move in that order. A piece is (colour, letter). Everything is found by brute force:
a square is attacked when some piece of a colour could take on it by its own pattern, a move is legal when the
mover's king is not attacked afterwards by a live enemy. Teams: Red and Yellow against Blue and Green, the
first checkmate (counted at the mated player's turn) wins, and so does taking a king that its partner's move
left attacked. Free-for-all: every player for itself, for points;
a checkmated (at once) or stalemated (at its turn) player is out and its pieces are dead."""
from __future__ import annotations

from dataclasses import dataclass, field

N = 14
COLORS = "rbyg"
FORWARD = [(0, 1), (1, 0), (0, -1), (-1, 0)]
RIGHT = [(1, 0), (0, -1), (-1, 0), (0, 1)]       # each player's right hand
KING_HOME = [(7, 0), (0, 6), (6, 13), (13, 7)]   # h1, a7, g14, n8
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
ORTHO = [(1, 0), (-1, 0), (0, 1), (0, -1)]
POINTS = {"P": 1, "N": 3, "B": 5, "R": 5, "Q": 9, "D": 1, "K": 20}


def on_board(f: int, r: int) -> bool:
    return 0 <= f < N and 0 <= r < N and not ((f < 3 or f > 10) and (r < 3 or r > 10))


def square(s: tuple[int, int]) -> str:
    return "abcdefghijklmn"[s[0]] + str(s[1] + 1)


def progress(color: int, s: tuple[int, int]) -> int:
    """How far ``s`` is from the player's own edge along its forward direction (0: its back row)."""
    f, r = s
    return (r, f, N - 1 - r, N - 1 - f)[color]


@dataclass
class Board:
    ffa: bool
    cells: dict = field(default_factory=dict)          # (f, r) -> (colour, letter)
    turn: int = 0
    rights: set = field(default_factory=set)           # (colour, "K"/"Q")
    dead: set = field(default_factory=set)
    points: list = field(default_factory=lambda: [0, 0, 0, 0])
    halfmove: int = 0
    keys: list = field(default_factory=list)           # position keys since the last capture or pawn move

    # ---------------------------------------------------------------- setup
    @classmethod
    def start(cls, ffa: bool) -> "Board":
        b = cls(ffa)
        army = "RNBQKBNR"                               # from each player's left to its right
        for c in range(4):
            kf, kr = KING_HOME[c]
            rf, rr = RIGHT[c]
            ff, fr = FORWARD[c]
            for i, letter in enumerate(army):           # the king stands fifth from the left
                x, y = kf + (i - 4) * rf, kr + (i - 4) * rr
                b.cells[(x, y)] = (c, letter)
                b.cells[(x + ff, y + fr)] = (c, "P")
            b.rights |= {(c, "K"), (c, "Q")}
        b.keys = [b.key()]
        return b

    def copy(self) -> "Board":
        return Board(self.ffa, dict(self.cells), self.turn, set(self.rights), set(self.dead), list(self.points),
                     self.halfmove, list(self.keys))

    def key(self):
        return (frozenset(self.cells.items()), self.turn, frozenset(self.rights), frozenset(self.dead),
                tuple(self.points))

    def enemy(self, a: int, b: int) -> bool:
        return a != b and (self.ffa or a % 2 != b % 2)

    def king(self, c: int):
        return next((s for s, p in self.cells.items() if p == (c, "K")), None)

    # ---------------------------------------------------------------- attacks
    def attacks(self, frm, to) -> bool:
        """Could the piece on ``frm`` take on ``to`` by its pattern (whatever stands on ``to``)?"""
        c, letter = self.cells[frm]
        dx, dy = to[0] - frm[0], to[1] - frm[1]
        if letter == "P":
            ff, fr = FORWARD[c]
            return (dx, dy) in ((ff + fr, fr + ff), (ff - fr, fr - ff))
        if letter == "N":
            return (dx, dy) in KNIGHT
        if letter == "K":
            return max(abs(dx), abs(dy)) == 1
        lines = {"R": ORTHO, "B": DIAG, "Q": ORTHO + DIAG, "D": ORTHO + DIAG}[letter]
        for vx, vy in lines:
            x, y = frm[0] + vx, frm[1] + vy
            while on_board(x, y):
                if (x, y) == to:
                    return True
                if (x, y) in self.cells:
                    break
                x, y = x + vx, y + vy
        return False

    def attacked(self, s, by_enemies_of: int) -> bool:
        """Is ``s`` attacked by a live enemy of ``by_enemies_of``?"""
        return any(self.enemy(p[0], by_enemies_of) and p[0] not in self.dead and self.attacks(frm, s)
                   for frm, p in list(self.cells.items()))

    def in_check(self, c: int) -> bool:
        k = self.king(c)
        return k is not None and self.attacked(k, c)

    # ---------------------------------------------------------------- moves
    def pseudo(self, c: int) -> list[tuple]:
        """Moves (from, to, promotion letter or '', castling rook move or None) of ``c``'s pieces."""
        out = []
        promo = "D" if self.ffa else "QRBN"
        zone = 7 if self.ffa else 10
        for frm, (owner, letter) in list(self.cells.items()):
            if owner != c:
                continue
            targets = []
            if letter == "P":
                ff, fr = FORWARD[c]
                one = (frm[0] + ff, frm[1] + fr)
                if on_board(*one) and one not in self.cells:
                    targets.append(one)
                    two = (one[0] + ff, one[1] + fr)
                    if progress(c, frm) == 1 and on_board(*two) and two not in self.cells:
                        targets.append(two)
                for side in (-1, 1):
                    cap = (frm[0] + ff + side * fr, frm[1] + fr + side * ff)
                    if on_board(*cap) and cap in self.cells and self.enemy(self.cells[cap][0], c):
                        targets.append(cap)
                for to in targets:
                    if progress(c, to) >= zone:
                        out += [(frm, to, p, None) for p in promo]
                    else:
                        out.append((frm, to, "", None))
                continue
            for x in range(N):
                for y in range(N):
                    to = (x, y)
                    if to == frm or not on_board(x, y):
                        continue
                    if to in self.cells and not self.enemy(self.cells[to][0], c):
                        continue
                    if self.attacks(frm, to):
                        out.append((frm, to, "", None))
        # castling: the king two squares towards its rook, the rook over it
        k = KING_HOME[c]
        if self.cells.get(k) == (c, "K") and not self.in_check(c):
            rx, ry = RIGHT[c]
            for wing, rook_steps in (("K", 3), ("Q", -4)):
                if (c, wing) not in self.rights:
                    continue
                step = 1 if rook_steps > 0 else -1
                rook = (k[0] + rook_steps * rx, k[1] + rook_steps * ry)
                between = [(k[0] + i * step * rx, k[1] + i * step * ry) for i in range(1, abs(rook_steps))]
                if self.cells.get(rook) != (c, "R") or any(s in self.cells for s in between):
                    continue
                passed, land = between[0], between[1]
                if not self.attacked(passed, c):
                    out.append((k, land, "", (rook, passed)))
        return out

    def make(self, move) -> None:
        """Play ``move`` of the side to move, with its points and the players it puts out."""
        frm, to, promo, castle = move
        c = self.turn
        piece = self.cells.pop(frm)
        victim = self.cells.get(to)
        self.cells[to] = (c, promo) if promo else piece
        if castle:
            self.cells[castle[1]] = self.cells.pop(castle[0])
        if piece[1] == "K":
            self.rights -= {(c, "K"), (c, "Q")}
        for o in range(4):                  # a king's or rook's home square moved from or taken on
            k = KING_HOME[o]
            if k in (frm, to):
                self.rights -= {(o, "K"), (o, "Q")}
            rx, ry = RIGHT[o]
            for wing, steps in (("K", 3), ("Q", -4)):
                if (k[0] + steps * rx, k[1] + steps * ry) in (frm, to):
                    self.rights.discard((o, wing))
        self.halfmove = 0 if victim or piece[1] == "P" else self.halfmove + 1
        if self.ffa:
            self._score(c, victim)
        self.turn = self.next_live(c)
        if self.halfmove == 0:
            self.keys = []
        self.keys.append(self.key())

    def next_live(self, c: int) -> int:
        for i in range(1, 5):
            if (c + i) % 4 not in self.dead:
                return (c + i) % 4
        return (c + 1) % 4

    def _score(self, us: int, victim) -> None:
        if victim and victim[0] not in self.dead:
            self.points[us] += POINTS[victim[1]]
            if victim[1] == "K":
                self.dead.add(victim[0])
        order = [(us + i) % 4 for i in range(1, 4)]
        checked = 0
        for c in order:
            k = self.king(c)
            if c not in self.dead and k is not None and any(
                    p[0] == us and self.attacks(s, k) for s, p in list(self.cells.items())):
                checked += 1
        self.points[us] += (0, 0, 5, 15)[checked]
        for c in order:                     # checkmate puts a player out at once
            if c not in self.dead and self.in_check(c) and not self.legal(c):
                self.dead.add(c)
                self.points[us] += 20
        for c in order:                     # stalemated at its turn: out, the others score
            if c in self.dead:
                continue
            if self.legal(c):
                break
            self.dead.add(c)
            for o in range(4):
                if o != c and o not in self.dead:
                    self.points[o] += 10

    def legal(self, c: int | None = None) -> list[tuple]:
        """The moves of ``c`` (default: the side to move) after which its king is not attacked by a live enemy."""
        c = self.turn if c is None else c
        out = []
        board = self.cells
        try:
            for m in self.pseudo(c):
                frm, to, promo, castle = m
                self.cells = dict(board)
                self.cells[to] = self.cells.pop(frm)
                if castle:
                    self.cells[castle[1]] = self.cells.pop(castle[0])
                if not self.in_check(c):
                    out.append(m)
        finally:
            self.cells = board
        return out

    # ---------------------------------------------------------------- the end
    def outcome(self):
        """(termination, result) or None, in the order the rules apply."""
        alive = [c for c in range(4) if c not in self.dead]
        if self.ffa:
            if len(alive) <= 1:
                return "elimination", self._result(self.points)
            if len(alive) == 2 and abs(self.points[alive[0]] - self.points[alive[1]]) > 20:
                return "lead", self._result(self.points)
        if not self.ffa:                   # Teams: a king taken (its partner left it attacked) loses
            lost = {c % 2 for c in range(4) if self.king(c) is None}
            if lost:
                return "king captured", "1/2-1/2" if len(lost) > 1 else "0-1" if 0 in lost else "1-0"
        if not self.legal():
            if self.ffa:
                return ("checkmate" if self.in_check(self.turn) else "stalemate"), self._result(self.points)
            if self.in_check(self.turn):
                return "checkmate", "0-1" if self.turn % 2 == 0 else "1-0"
            return "stalemate", "1/2-1/2"
        draw = [p + (0 if c in self.dead else 10) for c, p in enumerate(self.points)]
        if self.halfmove >= 100:
            return "fifty", self._result(draw) if self.ffa else "1/2-1/2"
        if self.keys.count(self.keys[-1]) >= 5:
            return "repetition", self._result(draw) if self.ffa else "1/2-1/2"
        return None

    @staticmethod
    def _result(points) -> str:
        return "-".join(str(p) for p in points)
