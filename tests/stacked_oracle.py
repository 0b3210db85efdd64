"""An independent, deliberately plain reading of shared/rules/future-generation.md for the tests: squares are
(level letter, file, rank) tuples, moves are generated square by square from the contract's wording, and
legality is tested by trying moves. It shares no code with ``variants`` (only the start position and the
move names, ``Aa2Ba4``/``Ag7Ag8q``, are read or written the same way). Slow; for move-list and perft
comparisons on small trees."""
from __future__ import annotations

import copy

LEVELS = "ABCD"
FILES = "abcdefgh"
COLOURS = "wbgs"
TEAM = {"w": 0, "g": 0, "b": 1, "s": 1}
FORWARD = {"w": (0, 1), "b": (0, -1), "g": (-1, 0), "s": (1, 0)}
HOME = {"w": "A", "b": "A", "g": "D", "s": "D"}
ACCESS = {"w": "B", "b": "B", "g": "C", "s": "C"}           # FG rule 2
BARRED = {"w": "CD", "b": "CD", "g": "AB", "s": "AB"}
KING8 = [(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1) if (x, y) != (0, 0)]
ORTHO = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KNIGHT = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]


def name(sq) -> str:
    return f"{sq[0]}{FILES[sq[1]]}{sq[2] + 1}"


def parse(text: str):
    return (text[0], FILES.index(text[1]), int(text[2:]) - 1)


class Oracle:
    def __init__(self, four: bool, board: dict, turn: str, castling: set, unlocked: set) -> None:
        self.four = four
        self.levels = LEVELS if four else "AB"
        self.board = dict(board)            # square -> (colour, kind letter: P N C B R Q K)
        self.turn = turn
        self.castling = set(castling)       # (colour, "K"/"Q")
        self.unlocked = set(unlocked)
        self.windows: list = []             # FG: [passed square, pawn square, pawn, set of colours]
        self.touched: set = set()           # squares a move has left or entered (A9: no double step from them)
        self.ep = None                      # NG: (passed square, pawn square)
        self.colours = COLOURS if four else "wb"

    # ------------------------------------------------------------ geometry
    def on(self, sq) -> bool:
        return sq[0] in self.levels and 0 <= sq[1] < 8 and 0 <= sq[2] < 8

    def shift(self, sq, df, dr, dl=0):
        i = self.levels.index(sq[0]) + dl
        if not 0 <= i < len(self.levels):
            return None
        out = (self.levels[i], sq[1] + df, sq[2] + dr)
        return out if self.on(out) else None

    def far_edge(self, colour, sq) -> bool:
        return {"w": sq[2] == 7, "b": sq[2] == 0, "g": sq[1] == 0, "s": sq[1] == 7}[colour]

    def original(self, colour, sq) -> bool:
        """Pawns' original squares (NG: White on A rank 2, Black on B rank 7)."""
        if not self.four:
            return sq == (("A", sq[1], 1) if colour == "w" else ("B", sq[1], 6))
        return {"w": sq[0] == "A" and sq[2] == 1, "b": sq[0] == "A" and sq[2] == 6,
                "g": sq[0] == "D" and sq[1] == 6, "s": sq[0] == "D" and sq[1] == 1}[colour]

    def alive(self, colour) -> bool:
        return any(p == (colour, "K") for p in self.board.values())

    def enemy(self, colour, sq) -> bool:
        p = self.board.get(sq)
        return p is not None and TEAM[p[0]] != TEAM[colour]

    # ------------------------------------------------------------ piece moves: (from, to, promotion letter)
    def piece_moves(self, sq, captures_only=False):
        colour, kind = self.board[sq]
        out = []

        def target(to, promo=""):
            if to is None:
                return False
            p = self.board.get(to)
            if p is None:
                if not captures_only:
                    out.append((sq, to, promo))
                return True
            if TEAM[p[0]] != TEAM[colour]:
                out.append((sq, to, promo))
            return False

        def slide(dirs):
            for df, dr in dirs:
                to = self.shift(sq, df, dr)
                while to is not None and target(to):
                    to = self.shift(to, df, dr)

        if kind == "P":
            f = FORWARD[colour]
            side = (f[1], f[0])
            promos = "qrbn"
            if not captures_only:
                pushes = [self.shift(sq, f[0], f[1]), self.shift(sq, 0, 0, 1), self.shift(sq, 0, 0, -1),
                          self.shift(sq, f[0], f[1], 1), self.shift(sq, f[0], f[1], -1)]
                for to in pushes:
                    if to is not None and to not in self.board:
                        for p in (promos if self.far_edge(colour, to) else [""]):
                            out.append((sq, to, p))
                if self.original(colour, sq) and sq not in self.touched:   # A9: the untouched original square
                    for dl in (0, 1, -1):
                        mid, to = self.shift(sq, f[0], f[1], dl), self.shift(sq, 2 * f[0], 2 * f[1], dl)
                        if to is not None and mid not in self.board and to not in self.board:
                            out.append((sq, to, ""))
            for s in (1, -1):
                for dl in (0, 1, -1):
                    to = self.shift(sq, f[0] + s * side[0], f[1] + s * side[1], dl)
                    if to is not None and self.enemy(colour, to):
                        for p in (promos if self.far_edge(colour, to) else [""]):
                            out.append((sq, to, p))
            return out
        if kind in "RQ":
            slide(ORTHO)
            for dl in (1, -1):
                target(self.shift(sq, 0, 0, dl))
        if kind in "BQ":
            slide(DIAG)
        if kind in "BQ":
            for dl in (1, -1):
                for df, dr in KING8:
                    target(self.shift(sq, df, dr, dl))
        if kind == "K":
            for df, dr in KING8:
                target(self.shift(sq, df, dr))
            for dl in (1, -1):
                for df, dr in KING8 + [(0, 0)]:
                    target(self.shift(sq, df, dr, dl))
        if kind in "NC":
            for df, dr in KNIGHT:
                target(self.shift(sq, df, dr))
            for dl in (1, -1):
                for df, dr in ((2, 0), (-2, 0), (0, 2), (0, -2)):
                    target(self.shift(sq, df, dr, dl))
            if kind == "C":
                for dl in (2, -2):
                    for df, dr in ORTHO:
                        target(self.shift(sq, df, dr, dl))
        return out

    def allowed(self, colour, to) -> bool:
        return not self.four or colour in self.unlocked or to[0] not in BARRED[colour]

    def attacked(self, sq, by) -> bool:
        """Could a piece of a colour in ``by`` capture on ``sq`` (a dummy enemy stands in on an empty one)?"""
        placed = sq not in self.board
        if placed:
            self.board[sq] = (next(c for c in COLOURS if TEAM[c] != TEAM[by[0]]), "P")
        try:
            for frm, p in list(self.board.items()):
                if p[0] in by and frm != sq:
                    for _, to, _ in self.piece_moves(frm, captures_only=True):
                        if to == sq and self.allowed(p[0], to):
                            return True
            return False
        finally:
            if placed:
                del self.board[sq]

    # ------------------------------------------------------------ the side to move's moves
    def pseudo(self):
        us = self.turn
        if self.four and self.game_over():
            return []
        out = []
        for sq, p in list(self.board.items()):
            if p[0] == us:
                out += [(a, b, c, "") for a, b, c in self.piece_moves(sq)]
        # en passant
        for sq, p in list(self.board.items()):
            if p == (us, "P"):
                for passed, victim in self.ep_chances(us):
                    f = FORWARD[us]
                    side = (f[1], f[0])
                    caps = [self.shift(sq, f[0] + s * side[0], f[1] + s * side[1], dl)
                            for s in (1, -1) for dl in (0, 1, -1)]
                    if passed in caps:
                        out.append((sq, passed, "", "ep"))
        out += self.castlings()
        if self.four:
            out = [m for m in out if self.allowed(us, m[1])]
        return out

    def ep_chances(self, us):
        if self.four:
            return [(w[0], w[1]) for w in self.windows
                    if us in w[3] and w[0] not in self.board and self.board.get(w[1]) == w[2]]
        return [self.ep] if self.ep and self.ep[0] not in self.board else []

    def castlings(self):
        us = self.turn
        out = []
        rules = {"w": {"K": ("Ae1", "Ag1", "Ah1", "Af1"), "Q": ("Ae1", "Ac1", "Aa1", "Ad1")},
                 "b": {"K": ("Ae8", "Ag8", "Ah8", "Af8"), "Q": ("Ae8", "Ac8", "Aa8", "Ad8")},
                 "g": {"K": ("Dh4", "Dh2", "Dh1", "Dh3"), "Q": ("Dh4", "Dh6", "Dh8", "Dh5")},
                 "s": {"K": ("Da4", "Da2", "Da1", "Da3"), "Q": ("Da4", "Da6", "Da8", "Da5")}}
        if not self.four:
            rules["b"] = {k: tuple("B" + s[1:] for s in v) for k, v in rules["b"].items()}
        enemies = [c for c in self.colours if TEAM[c] != TEAM[us] and (not self.four or self.alive(c))]
        for side, (kf, kt, rf, rt) in rules[us].items():
            if (us, side) not in self.castling:
                continue
            kf, kt, rf, rt = map(parse, (kf, kt, rf, rt))
            if self.board.get(kf) != (us, "K") or self.board.get(rf) != (us, "R"):
                continue
            line = self._line(kf, rf) + [kt, rt]
            if any(s in self.board for s in line if s not in (kf, rf)):
                continue
            passed = self._line(kf, kt)
            safe = [kf] + passed + ([] if self.four else [kt])    # A7: FG may end on an attacked square
            if enemies and any(self.attacked(s, enemies) for s in safe):
                continue
            out.append((kf, kt, "", "castle"))
        return out

    def _line(self, a, b):
        """Squares strictly between a and b on one file or rank of a level."""
        df = (b[1] > a[1]) - (b[1] < a[1])
        dr = (b[2] > a[2]) - (b[2] < a[2])
        out, s = [], self.shift(a, df, dr)
        while s != b:
            out.append(s)
            s = self.shift(s, df, dr)
        return out

    def legal(self):
        moves = self.pseudo()
        if self.four:
            return moves
        us = self.turn
        out = []
        for m in moves:
            child = self.after(m)
            king = next(s for s, p in child.board.items() if p == (us, "K"))
            if not child.attacked(king, [c for c in "wb" if c != us]):
                out.append(m)
        return out

    def game_over(self) -> bool:
        return not any(self.alive(c) for c in "wg") or not any(self.alive(c) for c in "bs")

    # ------------------------------------------------------------ make
    def after(self, m) -> "Oracle":
        new = copy.copy(self)
        new.board = dict(self.board)
        new.castling = set(self.castling)
        new.unlocked = set(self.unlocked)
        new.windows = [list(w[:3]) + [set(w[3])] for w in self.windows]
        frm, to, promo, special = m
        new.touched = self.touched | {frm, to}
        us = self.turn
        piece = new.board.pop(frm)
        if special == "ep":
            victim = next(v for p, v in self.ep_chances(us) if p == to)
            del new.board[victim]
        if special == "castle":
            rook_moves = {"Ag1": ("Ah1", "Af1"), "Ac1": ("Aa1", "Ad1"), "Ag8": ("Ah8", "Af8"), "Ac8": ("Aa8", "Ad8"),
                          "Bg8": ("Bh8", "Bf8"), "Bc8": ("Ba8", "Bd8"), "Dh2": ("Dh1", "Dh3"), "Dh6": ("Dh8", "Dh5"),
                          "Da2": ("Da1", "Da3"), "Da6": ("Da8", "Da5")}
            rf, rt = map(parse, rook_moves[name(to)])
            new.board[rt] = new.board.pop(rf)
        if promo:
            kind = promo.upper()
            if kind == "N" and self.four:
                kind = "C"                      # A8: crowned at once
            piece = (us, kind)
        elif piece[1] == "N" and self.four and self.far_edge(us, to):
            piece = (us, "C")
        new.board[to] = piece
        # castling rights: a king or rook that moves or is taken
        homes = {("w", "K"): ["Ae1", "Ah1"], ("w", "Q"): ["Ae1", "Aa1"], ("b", "K"): ["Ae8", "Ah8"],
                 ("b", "Q"): ["Ae8", "Aa8"], ("g", "K"): ["Dh4", "Dh1"], ("g", "Q"): ["Dh4", "Dh8"],
                 ("s", "K"): ["Da4", "Da1"], ("s", "Q"): ["Da4", "Da8"]}
        if not self.four:
            homes[("b", "K")] = ["Be8", "Bh8"]
            homes[("b", "Q")] = ["Be8", "Ba8"]
        for right, squares in homes.items():
            if any(parse(s) in (frm, to) for s in squares):
                new.castling.discard(right)
        # en passant chances
        double = piece[1] == "P" and (abs(to[1] - frm[1]) == 2 or abs(to[2] - frm[2]) == 2)
        if self.four:
            for w in new.windows:
                w[3].discard(us)
            if double:
                f = FORWARD[us]
                passed = (to[0], to[1] - f[0], to[2] - f[1])
                new.windows.append([passed, to, piece, {c for c in COLOURS if TEAM[c] != TEAM[us] and new.alive(c)}])
            new.windows = [w for w in new.windows if w[3]]
            if us not in new.unlocked and sum(1 for s, p in new.board.items()
                                              if p[0] == us and s[0] == ACCESS[us]) >= 4:
                new.unlocked.add(us)
            i = COLOURS.index(us)
            for k in range(1, 5):
                c = COLOURS[(i + k) % 4]
                if new.alive(c):
                    new.turn = c
                    break
        else:
            new.ep = None
            if double:
                f = FORWARD[us]
                new.ep = ((to[0], to[1] - f[0], to[2] - f[1]), to)
            new.turn = "b" if us == "w" else "w"
        return new

    def move_name(self, m) -> str:
        return name(m[0]) + name(m[1]) + m[2]

    def perft(self, depth: int) -> int:
        moves = self.legal()
        if depth == 1:
            return len(moves)
        return sum(self.after(m).perft(depth - 1) for m in moves)


def from_position(pos) -> Oracle:
    """An oracle for a position of our game, read square by square through its names and tokens (the
    position's own e.p. state is not read: build positions where none is pending)."""
    game = pos.game
    four = game.players == 4
    board = {}
    for cell in range(game.geometry.size):
        code = pos.board[cell]
        if code:
            token = game.letter_of(code)
            if four:
                board[parse(game.names.name(cell))] = (token[0], token[1])
            else:
                board[parse(game.names.name(cell))] = ("w" if token.isupper() else "b", token.upper())
    fields = pos.fen().split()
    castling = set()
    if fields[2] != "-":
        if four:
            castling = {(fields[2][i], fields[2][i + 1]) for i in range(0, len(fields[2]), 2)}
        else:
            castling = {("w" if ch.isupper() else "b", ch.upper()) for ch in fields[2]}
    unlocked = set(fields[6]) - {"-"} if four else set()
    oracle = Oracle(four, board, fields[1], castling, unlocked)
    spent = fields[8] if four and len(fields) > 8 else fields[6] if not four and len(fields) > 6 else "-"
    oracle.touched = {parse(x) for x in spent.split(",")} if spent != "-" else set()
    return oracle
