"""The games with levels or wrapped edges that exist only as files (``variants/games/spatial.toml``):
``raumschach`` (docs/rules/raumschach.md) and ``cylinder-capablanca`` (docs/rules/cylinder-capablanca.md).

Their move counts are checked against a second, independent count: a small brute-force generator written
here from the rules text (coordinates and direction lists, a king-attack test by trying every enemy move),
sharing nothing with the core's tables. Raumschach is also played to the end by the engine, and over CECP
in its native square names (``Aa2Ab3``).
"""
from __future__ import annotations

import subprocess
import sys
from itertools import product

import pytest

from protocol_support import EngineProcess, engine_move
from hyperchess.variants import get_game
from hyperchess.variants.core.perft import perft


class BruteForce:
    """A board of ``files x ranks x levels`` as a dict {(f, r, l): "P"/"p"/...}; White moves up the ranks
    (and, with ``pawn_up``, up the levels); Black the other way. No castling or en passant: the counts
    compared are from the start, to depth 3, where neither can happen."""

    def __init__(self, files, ranks, levels, pieces, pawn_moves, pawn_captures, promotion, zone, wrap=False,
                 double_step_rank=None):
        self.files, self.ranks, self.levels, self.wrap = files, ranks, levels, wrap
        self.pieces = pieces                  # letter -> (slide directions, leap vectors)
        self.pawn_moves, self.pawn_captures = pawn_moves, pawn_captures
        self.promotion, self.zone, self.double_step_rank = promotion, zone, double_step_rank

    def on(self, f, r, l):
        if self.wrap:
            f %= self.files
        if 0 <= f < self.files and 0 <= r < self.ranks and 0 <= l < self.levels:
            return (f, r, l)
        return None

    def pseudo(self, board, white):
        mine = str.isupper if white else str.islower
        sign = 1 if white else -1
        for sq, piece in list(board.items()):
            if not mine(piece):
                continue
            f, r, l = sq
            kind = piece.upper()
            if kind == "P":
                for dx, dy, dz in self.pawn_moves:
                    to = self.on(f + dx, r + sign * dy, l + sign * dz)
                    if to and to not in board:
                        yield from self.promote(sq, to, white)
                        if self.double_step_rank is not None and r == (self.double_step_rank if white
                                                                       else self.ranks - 1 - self.double_step_rank):
                            two = self.on(f, r + 2 * sign, l)
                            if two and two not in board:
                                yield (sq, two, None)
                for dx, dy, dz in self.pawn_captures:
                    to = self.on(f + dx, r + sign * dy, l + sign * dz)
                    if to and to in board and mine(board[to]) != mine(piece) and board[to] != piece and \
                            not mine(board[to]):
                        yield from self.promote(sq, to, white)
                continue
            slides, leaps = self.pieces[kind]
            for d in slides:
                x = sq
                for _ in range(max(self.files, self.ranks, self.levels)):
                    x = self.on(x[0] + d[0], x[1] + d[1], x[2] + d[2])
                    if x is None or x == sq:
                        break
                    if x in board:
                        if not mine(board[x]):
                            yield (sq, x, None)
                        break
                    yield (sq, x, None)
            for d in leaps:
                x = self.on(f + d[0], r + d[1], l + d[2])
                if x and x != sq and (x not in board or not mine(board[x])):
                    yield (sq, x, None)

    def promote(self, frm, to, white):
        if self.zone(to, white):
            for p in self.promotion:
                yield (frm, to, p if white else p.lower())
        else:
            yield (frm, to, None)

    def play(self, board, move, white):
        frm, to, promo = move
        new = dict(board)
        new[to] = promo or new.pop(frm)
        new.pop(frm, None)
        return new

    def legal(self, board, white):
        out = set()
        for m in set(self.pseudo(board, white)):
            after = self.play(board, m, white)
            king = next(sq for sq, p in after.items() if p == ("K" if white else "k"))
            if not any(to == king for _, to, _ in self.pseudo(after, not white)):
                out.add(m)
        return out

    def perft(self, board, white, depth):
        moves = self.legal(board, white)
        if depth == 1:
            return len(moves)
        return sum(self.perft(self.play(board, m, white), not white, depth - 1) for m in moves)


def board_of(game, pos) -> dict:
    return {game.geometry.coords[c]: game.letter_of(code) for c, code in enumerate(pos.board) if code > 1}


def lines(*base):
    """Every sign and order of the base steps (the rules text's "through faces / edges / corners")."""
    out = set()
    for b in base:
        for perm in set(__import__("itertools").permutations(b)):
            for signs in product((1, -1), repeat=3):
                out.add(tuple(p * s for p, s in zip(perm, signs)))
    out.discard((0, 0, 0))
    return sorted(out)


def raumschach_brute() -> BruteForce:
    rook, bishop, unicorn = lines((1, 0, 0)), lines((1, 1, 0)), lines((1, 1, 1))
    pieces = {"R": (rook, []), "B": (bishop, []), "U": (unicorn, []), "Q": (rook + bishop + unicorn, []),
              "K": ([], rook + bishop + unicorn), "N": ([], lines((1, 2, 0)))}
    # pawn: one step forward or up; captures one bishop step forward and/or up, never back or down
    return BruteForce(5, 5, 5, pieces, [(0, 1, 0), (0, 0, 1)],
                      [(1, 1, 0), (-1, 1, 0), (1, 0, 1), (-1, 0, 1), (0, 1, 1)], "QRBUN",
                      lambda sq, white: sq[1:] == ((4, 4) if white else (0, 0)))


# from Dickins' set-up: the counts of Jocly's own move generator (issue 47); depth 3 also by the brute force
# under -m slow
RAUMSCHACH_PERFT = [61, 3615, 237316, 15587032]


def test_raumschach_counts_as_an_independent_brute_force():
    game = get_game("raumschach")
    pos = game.position()
    brute = raumschach_brute()
    assert [perft(pos, d) for d in (1, 2, 3)] == RAUMSCHACH_PERFT[:3]
    assert [brute.perft(board_of(game, pos), True, d) for d in (1, 2)] == RAUMSCHACH_PERFT[:2]


@pytest.mark.slow
def test_raumschach_depth_3_as_an_independent_brute_force():
    game = get_game("raumschach")
    assert raumschach_brute().perft(board_of(game, game.position()), True, 3) == RAUMSCHACH_PERFT[2]


@pytest.mark.slow
def test_raumschach_depth_4_as_jocly_counts_it():
    assert perft(get_game("raumschach").position(), 4) == RAUMSCHACH_PERFT[3]


def test_raumschach_black_sees_its_bishops_left_of_its_unicorns():
    """Dickins, Moeser's FAQ and Jocly's raumschach-model.js: Black's level D is Da5 U, Db5 B, Dc5 Q, Dd5 U,
    De5 B, White's level B turned through the centre of the cube."""
    game = get_game("raumschach")
    pos = game.position()
    level_d = {name: game.letter_of(pos.board[game.names.parse(name)])
               for name in ("Da5", "Db5", "Dc5", "Dd5", "De5")}
    assert level_d == {"Da5": "u", "Db5": "b", "Dc5": "q", "Dd5": "u", "De5": "b"}
    for x, y in ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)):
        white = pos.board[game.geometry.cell(x, y, 1)]
        black = pos.board[game.geometry.cell(4 - x, 4 - y, 3)]
        assert game.letter_of(white) == game.letter_of(black).upper()


def test_raumschach_pawns_promote_on_the_last_rank_of_the_last_level():
    game = get_game("raumschach")
    pos = game.position("2k2/5/5/P4/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|K4/5/4p/5/5 w - - 0 1")
    names = sorted(pos.move_name(m) for m in pos.legal_moves() if m[0] == game.names.parse("Ea2"))
    assert names == ["Ea2Ea3"]                        # on level E, not yet on rank 5: no promotion
    pos = game.position("2k2/P4/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|K4/5/4p/5/5 w - - 0 1")
    names = sorted(pos.move_name(m) for m in pos.legal_moves() if m[0] == game.names.parse("Ea4"))
    assert names == ["Ea4Ea5b", "Ea4Ea5n", "Ea4Ea5q", "Ea4Ea5r", "Ea4Ea5u"]
    brute = raumschach_brute()
    assert perft(pos, 2) == brute.perft(board_of(game, pos), True, 2)


def test_cylinder_capablanca_counts_as_an_independent_brute_force():
    game = get_game("cylinder-capablanca")
    pos = game.position()
    rook, bishop, knight = [(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0)], \
        [(x, y, 0) for x in (1, -1) for y in (1, -1)], \
        [(x, y, 0) for a, b in ((1, 2), (2, 1)) for x in (a, -a) for y in (b, -b)]
    pieces = {"R": (rook, []), "B": (bishop, []), "Q": (rook + bishop, []), "K": ([], rook + bishop),
              "N": ([], knight), "A": (bishop, knight), "C": (rook, knight)}
    brute = BruteForce(10, 8, 1, pieces, [(0, 1, 0)], [(1, 1, 0), (-1, 1, 0)], "QCARBN",
                       lambda sq, white: sq[1] == (7 if white else 0), wrap=True, double_step_rank=1)
    counts = [perft(pos, d) for d in (1, 2, 3)]
    assert counts == [brute.perft(board_of(game, pos), True, d) for d in (1, 2, 3)]
    assert counts[2] != perft(get_game("capablanca").position(), 3)      # the seam makes a difference


def test_raumschach_self_play_to_the_end():
    """A whole engine-against-itself game, ended by a rule or by adjudication."""
    out = subprocess.run([sys.executable, "-m", "hyperchess", "selfplay", "raumschach", "-t", "0.05"],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    last = out.stdout.strip().splitlines()[-1]
    assert last.startswith("Result: ") and any(r in last for r in ("1-0", "0-1", "1/2-1/2")), last
    game = get_game("raumschach")
    pos = game.position()
    plies = [line.split()[2] for line in out.stdout.splitlines()
             if line.split() and line.split()[0][:-1].isdigit() and line.split()[0].endswith(".")]
    for text in plies:
        pos.push(pos.parse_move(text))               # every printed move is legal in our own rules
    assert len(plies) >= 10


def test_raumschach_over_cecp_in_native_notation():
    game = get_game("raumschach")
    pos = game.position()
    eng = EngineProcess()
    try:
        eng.handshake()
        eng.send("new", "variant raumschach", "sd 2", "force")
        assert [line for line in eng.sync() if not line.startswith("#")] == []
        for text in ("Bc2Cc2", "Dc4Cc4"):            # pawns step up (White) and down (Black)
            eng.send(f"usermove {text}")
            pos.push(pos.parse_move(text))
        played = []
        for _ in range(4):
            eng.send("go")
            played.append(engine_move(eng, pos))
            eng.send("force")
        assert all(text[0] in "ABCDE" and text[3] in "ABCDE" for text in played), played
        eng.send("usermove Aa1Ea5")                   # not a move
        assert any(line.startswith("Illegal move") for line in eng.sync())
    finally:
        eng.close()


@pytest.mark.parametrize("name", ["raumschach", "cylinder-capablanca"])
def test_spatial_games_list_and_show(name):
    out = subprocess.run([sys.executable, "-m", "hyperchess", "variants"], capture_output=True, text=True)
    assert name in out.stdout
    shown = subprocess.run([sys.executable, "-m", "hyperchess", "show", name], capture_output=True, text=True)
    assert shown.returncode == 0 and get_game(name).position().fen() in shown.stdout
