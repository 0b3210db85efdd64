"""A deliberately naive, independent move generator for the wrapped boards (``cylinder`` and
``third-millennium``), used only as a perft cross-check of the shared core.

It shares no code with ``variants``: a dict board keyed by (file, rank), moves generated straight from
the rules text, legality by making the move on a copy and looking outward from the king. Slow on
purpose (clarity over speed); tests that go deep with it are marked slow.
"""
from __future__ import annotations

FILES = "abcdefghijklmnop"
ORTHO = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAG = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


class Rules:
    """Board shape and pawn rules of one game."""

    def __init__(self, files, ranks, wrap_files, wrap_ranks, pawn_dir, double_from, promo_rank, promo_pieces,
                 king_line):
        self.files, self.ranks = files, ranks
        self.wrap_files, self.wrap_ranks = wrap_files, wrap_ranks
        self.pawn_dir = pawn_dir            # (color, rank) -> +1/-1
        self.double_from = double_from      # color -> ranks where a pawn may step twice
        self.promo_rank = promo_rank        # color -> rank
        self.promo_pieces = promo_pieces    # letters
        self.king_line = king_line          # color -> rank of the castling line

    def step(self, sq, d):
        f, r = sq[0] + d[0], sq[1] + d[1]
        if self.wrap_files:
            f %= self.files
        if self.wrap_ranks:
            r %= self.ranks
        if 0 <= f < self.files and 0 <= r < self.ranks:
            return (f, r)
        return None

    def ray(self, sq, d):
        out, here = [], sq
        while True:
            here = self.step(here, d)
            if here is None or here == sq:
                return out
            out.append(here)


def name(sq):
    return f"{FILES[sq[0]]}{sq[1] + 1}"


CYLINDER = Rules(8, 8, True, False, lambda c, r: 1 if c == "w" else -1, {"w": (1,), "b": (6,)},
                 {"w": 7, "b": 0}, "qrbn", {"w": 0, "b": 7})


def _tm_dir(color, r):
    lower = 1 <= r <= 6
    if color == "w":
        return 1 if lower else -1
    return -1 if lower else 1


THIRD_MILLENNIUM = Rules(8, 14, False, True, _tm_dir, {"w": (1, 13), "b": (6, 8)}, {"w": 7, "b": 0}, "qrbd",
                         {"w": 0, "b": 7})


class State:
    """board: (file, rank) -> (color, letter, pair id or 0). Letters K Q R B N P, D = joined pair,
    S = single half."""

    def __init__(self, rules, board, turn="w", castling="KQkq", ep=None):
        self.rules, self.board, self.turn, self.castling, self.ep = rules, board, turn, set(castling), ep

    def copy(self):
        return State(self.rules, dict(self.board), self.turn, set(self.castling), self.ep)


def parse_board(rules, text):
    """A FEN board (top rank first); D/N letters of 3rd Millennium become pairs 1, 2, ... in reading order."""
    board, ids = {}, {"w": 0, "b": 0}
    for i, row in enumerate(text.split("/")):
        r = rules.ranks - 1 - i
        f = 0
        num = ""
        for ch in row + " ":
            if ch.isdigit():
                num += ch
                continue
            if num:
                f += int(num)
                num = ""
            if ch == " ":
                break
            color = "w" if ch.isupper() else "b"
            letter = ch.upper()
            pid = 0
            if letter == "D":
                ids[color] += 1
                pid = ids[color]
            board[(f, r)] = (color, letter, pid)
            f += 1
    return board


def attacked(st, sq, by):
    """Is ``sq`` attacked by colour ``by``? Looks outward from ``sq``."""
    R, b = st.rules, st.board
    for dirs, kinds in ((ORTHO, "RQ"), (DIAG, "BQ")):
        for d in dirs:
            for x in R.ray(sq, d):
                if x in b:
                    p = b[x]
                    if p[0] == by and p[1] in kinds:
                        return True
                    break
    for d in KNIGHT:
        x = R.step(sq, d)
        if x in b and b[x][0] == by and b[x][1] in "NDS":
            return True
    for d in ORTHO + DIAG:
        x = R.step(sq, d)
        if x in b and b[x][0] == by and b[x][1] == "K":
            return True
    for d in DIAG:                      # a pawn on x attacks sq if sq is diagonally forward of x
        x = R.step(sq, d)
        if x in b and b[x][0] == by and b[x][1] == "P":
            fwd = R.pawn_dir(by, x[1])
            if R.step(x, (-d[0], fwd)) == sq and -d[1] == fwd:
                return True
    return False


def pseudo_moves(st):
    """(name, new State) for every pseudo-legal move of the side to move."""
    R, b, us = st.rules, st.board, st.turn
    them = "b" if us == "w" else "w"
    out = {}

    def add(text, frm, to, put_to, put_frm=None, extra=None):
        if text in out:
            return
        nb = dict(b)
        nb.pop(frm)
        if put_frm is not None:
            nb[frm] = put_frm
        nb[to] = put_to
        if extra:
            extra(nb)
        ns = State(R, nb, them, set(st.castling), None)
        for sqx in (frm, to):           # king or rook leaving / rook captured on its corner
            for ch, corner in (("K", (4, R.king_line["w"])), ("Q", (4, R.king_line["w"])),
                               ("k", (4, R.king_line["b"])), ("q", (4, R.king_line["b"])),
                               ("K", (7, R.king_line["w"])), ("Q", (0, R.king_line["w"])),
                               ("k", (7, R.king_line["b"])), ("q", (0, R.king_line["b"]))):
                if sqx == corner:
                    ns.castling.discard(ch)
        out[text] = ns
        return ns

    def free_pair(color):
        used = {p[2] for p in b.values() if p[0] == color and p[1] in "DS"}
        k = 1
        while k in used:
            k += 1
        return k

    for frm, (color, kind, pid) in list(b.items()):
        if color != us:
            continue
        targets = []
        if kind in "RQ":
            targets += [x for d in ORTHO for x in _slide(R, b, frm, d, us)]
        if kind in "BQ":
            targets += [x for d in DIAG for x in _slide(R, b, frm, d, us)]
        if kind in "NDS":
            for d in KNIGHT:
                x = R.step(frm, d)
                if x is None:
                    continue
                if x not in b or b[x][0] == them:
                    targets.append(x)
                    if kind == "D":    # split: one half goes, the other stays
                        add(name(frm) + name(x) + "n", frm, x, (us, "S", pid), (us, "S", pid))
                elif kind == "S" and b[x] == (us, "S", pid):
                    add(name(frm) + name(x), frm, x, (us, "D", pid))
        if kind == "K":
            for d in ORTHO + DIAG:
                x = R.step(frm, d)
                if x is not None and (x not in b or b[x][0] == them):
                    targets.append(x)
        for x in targets:
            add(name(frm) + name(x), frm, x, (color, kind, pid))
        if kind == "P":
            fwd = R.pawn_dir(us, frm[1])
            one = R.step(frm, (0, fwd))

            def pawn_to(x, extra=None):
                if x[1] == R.promo_rank[us]:
                    for p in R.promo_pieces:
                        piece = (us, "D", free_pair(us)) if p == "d" else (us, p.upper(), 0)
                        add(name(frm) + name(x) + p, frm, x, piece)
                else:
                    return add(name(frm) + name(x), frm, x, (us, "P", 0), extra=extra)

            if one is not None and one not in b:
                pawn_to(one)
                two = R.step(one, (0, fwd))
                if frm[1] in R.double_from[us] and two is not None and two not in b:
                    ns = pawn_to(two)
                    if ns is not None:
                        ns.ep = (one, two)
            for side in (-1, 1):
                x = R.step(frm, (side, fwd))
                if x is None:
                    continue
                if x in b and b[x][0] == them:
                    pawn_to(x)
                elif st.ep and x == st.ep[0]:
                    victim = st.ep[1]
                    add(name(frm) + name(x), frm, x, (us, "P", 0), extra=lambda nb, v=victim: nb.pop(v))
    # castling
    line = R.king_line[us]
    for ch, rook_f, king_t, rook_t, empty, safe in (("K", 7, 6, 5, (5, 6), (4, 5, 6)),
                                                    ("Q", 0, 2, 3, (1, 2, 3), (4, 3, 2))):
        ch = ch if us == "w" else ch.lower()
        if ch not in st.castling:
            continue
        if b.get((4, line)) != (us, "K", 0) or b.get((rook_f, line), (None, None))[:2] != (us, "R"):
            continue
        if any((f, line) in b for f in empty):
            continue
        if any(attacked(st, (f, line), them) for f in safe):
            continue
        add(name((4, line)) + name((king_t, line)), (4, line), (king_t, line), (us, "K", 0),
            extra=lambda nb, rf=(rook_f, line), rt=(rook_t, line): nb.__setitem__(rt, nb.pop(rf)))
    return out


def _slide(R, b, frm, d, us):
    out = []
    for x in R.ray(frm, d):
        if x in b:
            if b[x][0] != us:
                out.append(x)
            break
        out.append(x)
    return out


def legal_moves(st):
    us = st.turn
    them = "b" if us == "w" else "w"
    out = {}
    for text, ns in pseudo_moves(st).items():
        king = next(sq for sq, p in ns.board.items() if p[0] == us and p[1] == "K")
        if not attacked(ns, king, them):
            out[text] = ns
    return out


def perft(st, depth):
    moves = legal_moves(st)
    if depth == 1:
        return len(moves)
    return sum(perft(ns, depth - 1) for ns in moves.values())


def from_position(rules, pos) -> State:
    """The oracle's state for a ``variants`` position (pair ids read from the board codes)."""
    game = pos.game
    board = {}
    for cell, code in enumerate(pos.board):
        if not code:
            continue
        f, r, _ = game.geometry.coords[cell]
        color = "w" if game.owner[code] == 0 else "b"
        letter = game.letter_of(code).upper()
        pid = 0
        if hasattr(game, "pair_id") and game.pair_id(code) is not None:
            pid = game.pair_id(code)
            letter = "D" if game.is_joined(code) else "S"
        board[(f, r)] = (color, letter, pid)
    castling = pos.fen().split()[2]
    ep = None
    if pos.ep >= 0:
        ep = (game.geometry.coords[pos.ep][:2], game.geometry.coords[pos.ep_victim][:2])
    return State(rules, board, "w" if pos.turn == 0 else "b", "" if castling == "-" else castling, ep)
