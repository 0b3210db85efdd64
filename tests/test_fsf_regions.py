"""Regions, the flying general and the repetition rules (issue 59; variants/rules/regions.py, docs/variants-file.md
"Regions"): xiangqi's and its family's rules checked against pyffish in positions made to show each rule, and
the same keys in TOML files on levels and wrapped boards, checked by their move lists."""
from __future__ import annotations

import pytest

from hyperchess.variants import get_game
from hyperchess.variants.board.errors import VariantsFileError
from hyperchess.variants.formats.filegame import FileGame
from hyperchess.variants.formats.variantsfile import read_variants

from test_fsf_reference import fsf_end, needs_fsf, pyffish, replay

# (game, FSF position string, moves): each shows one rule; every ply is compared with pyffish
CASES = [
    # the flying general: the horse between the kings keeps to the file; the king may not step onto the open d-file
    ("xiangqi", "4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1", []),
    ("xiangqi", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", ["e1e2", "d10d9"]),
    # soldiers: forward only on their own side, sideways too across the river; elephants stay home, advisors
    # and generals in the palace
    ("xiangqi", "3k5/9/9/9/2P1P4/4p4/9/4B4/3A5/4K4 w - - 0 1", ["e6e7", "e5e4"]),
    ("xiangqi", "3akab2/9/4b4/2p6/9/6B2/9/9/4A4/3K5 b - - 0 1", ["e8c6"]),
    # perpetual check loses (the rook checks at every move), a repetition without checks is a draw
    ("xiangqi", "9/4k4/9/9/9/9/9/9/9/R2K5 w - - 0 1",
     ["a1a9", "e9e10", "a9a10", "e10e9", "a10a9", "e9e10", "a9a10", "e10e9", "a10a9"]),
    ("xiangqi", "r3k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", ["a1a2", "a10a9", "a2a1", "a9a10"] * 2),
    # chasing (the AXF rule, variants/rules/chasing.py): the side that attacks the same piece with each of its moves loses
    ("xiangqi", "2C1k4/4n4/9/5c3/6N2/9/9/9/3K1R3/1r7 w - - 0 1",
     ["c10d10", "e9c8", "d10c10", "c8e9", "c10d10", "e9c8", "d10c10", "c8e9"]),
    ("xiangqi", "9/1c1C5/4k4/n8/9/9/1N7/9/3r1R3/5K3 w - - 0 1",
     ["b4d3", "d2c2", "d3b4", "c2d2", "b4d3", "d2c2", "d3b4", "c2d2"]),
    ("xiangqi", "3c5/p4aP2/1rpk3C1/2b1AB3/1P4n2/9/9/2N6/4R4/5K3 w - - 0 1",
     ["e2g2", "g6e5", "g2e2", "e5g6", "e2g2", "g6e5", "g2e2", "e5g6"]),
    # a stalemated side loses
    ("xiangqi", "5k3/9/9/9/9/9/9/9/4r4/3K5 w - - 0 1", []),
    # minixiangqi's soldier steps sideways anywhere; its palace
    ("minixiangqi", "3k3/7/7/3p3/7/7/2K4 b - - 0 1", ["d4c4", "c1c2", "c4b4"]),
    # manchu's banner: rook, cannon capture and horse
    ("manchu", "3k5/9/9/4p4/9/9/9/9/9/M3K4 w - - 0 1", ["a1b3", "d10d9", "b3b7"]),
]


@needs_fsf
@pytest.mark.parametrize("variant, fen, moves", CASES)
def test_rules_match_pyffish(variant, fen, moves):
    game = get_game(variant)
    pos = game.position(fen)
    replay(variant, pos, fen, moves)


def test_perpetual_check_names_the_checker():
    game = get_game("xiangqi")
    pos = game.position("9/4k4/9/9/9/9/9/9/9/R2K5 w - - 0 1")
    for move in ["a1a9", "e9e10", "a9a10", "e10e9", "a10a9", "e9e10", "a9a10", "e10e9", "a10a9"]:
        pos.push(pos.parse_move(move))
    assert str(pos.outcome()) == "0-1 {White gave perpetual check}"


SPATIAL = """
[palace3d]
files = 5
ranks = 5
levels = 2
level_names = ["A", "B"]
level_at = "end"
wrap_files = true
flying_general = true
perpetual_check = "loss"
start = "2k2/5/5/5/5|5/5/5/5/2K2 w - - 0 1"

[palace3d.pieces]
K = { name = "king", leap = [[1, 0, 0], [0, 1, 0], [0, 0, 1]], symmetric = true, royal = true, region = [["b1A:d2B"], ["b4A:d5B"]] }
S = { name = "soldier", moves = [{ leap = [[0, 1, 0]] }, { leap = [[1, 0, 0], [-1, 0, 0]], from = [["a4A:e5B"], ["a1A:e2B"]] }] }
"""


def spatial(text: str = SPATIAL) -> FileGame:
    return FileGame(read_variants(text, "t.toml")[0])


def names(pos) -> set[str]:
    return {pos.move_name(m) for m in pos.legal_moves()}


def test_regions_on_levels_and_wrapped_files():
    """A king kept to a box across both levels, kings that may not face each other along a file or between
    levels, and a move that starts only from a region, on a board whose files wrap."""
    game = spatial()
    # White's king on c1A may go to b1A, d1A, c2A; c1B would face Black's king on c5B along the open c-file
    assert names(game.position()) == {"c1Ab1A", "c1Ac2A", "c1Ad1A"}
    # the soldier on b1B (outside a4A:e5B) only steps forward; the king, kept to its box, goes up a level
    pos = game.position("5/5/5/5/1S3|3k1/5/5/5/2K2 w - - 0 1")
    assert names(pos) == {"b1Bb2B", "c1Ab1A", "c1Ac2A", "c1Ac1B"}       # d1A would face d5A
    # from a4B (inside) sideways too, to e4B across the wrapped edge
    pos = game.position("5/S4/5/5/5|3k1/5/5/5/2K2 w - - 0 1")
    assert {"a4Ba5B", "a4Bb4B", "a4Be4B"} <= names(pos)


def test_a_region_bounds_attacks_too():
    """A rook kept to White's half gives no check beyond it, and a region with a gap along a line is refused."""
    text = """
[halfrook]
start = "k7/8/8/8/8/8/8/R3K3 b - - 0 1"
[halfrook.pieces]
K = { name = "king", betza = "K", royal = true }
R = { name = "rook", betza = "R", region = [["a1:h4"], ["a5:h8"]] }
"""
    game = FileGame(read_variants(text, "t.toml")[0])
    pos = game.position()
    assert not pos.in_check() and "a8a7" in names(pos)
    pos = game.position("8/8/8/8/k7/8/8/R3K3 b - - 0 1")
    assert pos.in_check()
    # a rook set up outside its region goes no further than its first cell outside
    assert names(game.position("R6k/8/8/8/8/8/8/4K3 w - - 0 1")) == {"e1d1", "e1d2", "e1e2", "e1f2", "e1f1"}
    with pytest.raises(VariantsFileError, match="gap along one of its lines"):
        read_variants(text.replace('"a1:h4"', '"a1", "a3:h4"'), "t.toml")


@pytest.mark.parametrize("region, message", [
    ('[["b1A:d2B"]]', "one list of squares and boxes a player"),
    ('[["b1A:z9"], ["b4A:d5B"]]', "names no square"),
    ('[["b1A:c2A:d2B"], ["b4A:d5B"]]', "not a square or a box"),
    ('[["b1A", 3], ["b4A:d5B"]]', "a list of squares and boxes"),
])
def test_bad_regions_are_one_line(region, message):
    with pytest.raises(VariantsFileError, match=message) as info:
        read_variants(SPATIAL.replace('[["b1A:d2B"], ["b4A:d5B"]]', region), "t.toml")
    assert "\n" not in str(info.value)


def test_from_only_on_leaps():
    text = """
[g]
start = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"
[g.pieces]
K = { name = "king", betza = "K", royal = true }
R = { name = "rook", slide = [[1, 0]], symmetric = true, from = [["a1"], ["a8"]] }
"""
    with pytest.raises(VariantsFileError, match="only a leap or a hop may start or end in a region"):
        read_variants(text, "t.toml")


XIANGQI_TOML = """
[xq]
files = 9
ranks = 10
start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
stalemate = "loss"
flying_general = true
perpetual_check = "loss"
chasing = "axf"
promotion = ""

[xq.pieces]
K = { name = "general", betza = "W", royal = true, region = [["d1:f3"], ["d8:f10"]] }
A = { name = "advisor", betza = "F", region = [["d1:f3"], ["d8:f10"]] }
B = { name = "elephant", betza = "nA", region = [["a1:i5"], ["a6:i10"]] }
P = { name = "soldier", betza = "fW", moves = [{ leap = [[1, 0], [-1, 0]], from = [["a6:i10"], ["a1:i5"]] }] }
N = { name = "horse", betza = "nN" }
R = { name = "chariot", betza = "R" }
C = { name = "cannon", betza = "mRcpR" }
"""


def test_the_toml_xiangqi_of_the_docs_is_fsf_s():
    """docs/variants-file.md's xiangqi in TOML plays as the reader's FSF xiangqi (one model for both)."""
    from hyperchess.variants.core.perft import perft
    toml = FileGame(read_variants(XIANGQI_TOML, "xq.toml")[0])
    ini = get_game("xiangqi")
    fens = [toml.start_fen, "3k5/9/9/9/2P1P4/4p4/9/4B4/3A5/4K4 w - - 0 1", "4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1"]
    for fen in fens:
        assert perft(toml.position(fen), 2) == perft(ini.position(fen), 2)
    # the chase of CASES, with the roles read from the names chariot, advisor, horse, cannon
    fen, moves = "2C1k4/4n4/9/5c3/6N2/9/9/9/3K1R3/1r7 w - - 0 1", ["c10d10", "e9c8", "d10c10", "c8e9"] * 2
    ends = []
    for game in (toml, ini):
        pos = game.position(fen)
        for move in moves:
            pos.push(pos.parse_move(move))
        ends.append(str(pos.outcome()))
    assert ends == ["1-0 {Black chased a piece at every move}"] * 2


def test_a_piece_in_hand_drops_inside_its_region():
    """As Fairy-Stockfish (src/position.h: drop_region & board_bb(c, pt)): a knight kept to White's half drops
    only there."""
    text = """
[zhregion]
piece_drops = true
captures_to_hand = true
start = "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1"
[zhregion.pieces]
K = { name = "king", betza = "K", royal = true }
N = { name = "knight", betza = "N", region = [["a1:h4"], ["a5:h8"]] }
"""
    game = FileGame(read_variants(text, "t.toml")[0])
    drops = {m for m in names(game.position()) if m.startswith("N@")}
    assert drops == {f"N@{f}{r}" for f in "abcdefgh" for r in "1234"} - {"N@e1"}


def _cycle_positions(rng, count: int):
    """Random xiangqi positions with a few pieces each side (generals in their palaces)."""
    letters = "RNCBAPPrncbapp"
    out = []
    while len(out) < count:
        cells = {(rng.choice((3, 4, 5)), rng.choice((0, 1, 2))): "K", (rng.choice((3, 4, 5)), rng.choice((7, 8, 9))): "k"}
        for letter in letters[:rng.randrange(4, len(letters) + 1)]:
            while True:
                sq = (rng.randrange(9), rng.randrange(10))
                if sq not in cells:
                    cells[sq] = letter
                    break
        rows = []
        for r in range(9, -1, -1):
            row, empty = "", 0
            for f in range(9):
                if (f, r) in cells:
                    row += (str(empty) if empty else "") + cells[(f, r)]
                    empty = 0
                else:
                    empty += 1
            rows.append(row + (str(empty) if empty else ""))
        out.append("/".join(rows) + " w - - 0 1")
    return out


@pytest.mark.slow
@needs_fsf
def test_repetition_cycles_end_as_pyffish_says():
    """Every two-move cycle (a move each, then each back) played twice from random positions: the repetition's
    result (a draw, perpetual check, or a chase) as pyffish gives it; chases among them."""
    import random
    from hyperchess.variants.board.errors import FenError
    game = get_game("xiangqi")
    rng = random.Random(59)
    ends: dict[str, int] = {}
    for fen in _cycle_positions(rng, 120):
        try:
            pos = game.position(fen)
        except FenError:
            continue
        if pos.in_check() or pyffish.validate_fen(fen, "xiangqi") != 1:
            continue
        for a in rng.sample(pos.legal_moves(), min(4, len(pos.legal_moves()))):
            pos.push(a)
            replies = pos.legal_moves() if not pos.in_check() else []
            pos.pop()
            for b in rng.sample(replies, min(3, len(replies))):
                play = game.position(fen)
                moves = []
                for m in [a, b, (a[1], a[0]), (b[1], b[0])] * 2:
                    legal = [x for x in play.legal_moves() if x[:2] == m[:2]]
                    if not legal or play.outcome() is not None:
                        break
                    moves.append(play.move_name(legal[0]))
                    play.push(legal[0])
                else:
                    outcome = play.outcome()
                    theirs = sorted(pyffish.legal_moves("xiangqi", fen, moves))
                    assert (outcome.result if outcome else None) == fsf_end("xiangqi", fen, moves, theirs), (fen, moves)
                    if outcome is not None:
                        ends[outcome.termination] = ends.get(outcome.termination, 0) + 1
    assert ends.get("repetition", 0) > 100 and ends.get("chasing", 0) >= 1, ends
