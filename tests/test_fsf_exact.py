"""Fairy-Stockfish's games exact under play (issue 70): rule differences found by random play against pyffish,
each shown at a hand-picked position, from a small section written for the test. Each asserts the moves pyffish
0.0.90 gives there, and compares them with pyffish itself when it is installed; the same positions are checked
on the upstream sections when ``FSF_VARIANTS_INI`` names an upstream variants.ini. Also FSF's letter synonyms
and the names ``chess`` and ``fairy``."""
from __future__ import annotations

import os

import pytest
from click.testing import CliRunner

from hyperchess.cli import main
from hyperchess.protocol.uci import UCIEngine
from hyperchess.variants import UnknownVariant, get_game
from hyperchess.variants.core.load import load_position
from hyperchess.variants.core.perft import perft
from hyperchess.variants.formats.filegame import FileGame
from hyperchess.variants.formats.fsf_ini import catalogue
from hyperchess.variants.formats.variantsfile import read_ini_variants
from hyperchess.variants.board.errors import FenError, VariantsFileError
from protocol_support import InProcess

try:
    import pyffish
except ImportError:
    pyffish = None


def game_of(text: str, notes_expected: int = 0) -> FileGame:
    specs, notes = read_ini_variants(text, "exact.ini", build=False)
    assert specs and len(notes) == notes_expected, notes
    return FileGame(specs[0])


def ours(game, fen: str) -> list[str]:
    pos = game.position(fen)
    return sorted(pos.move_name(m) for m in pos.legal_moves())


def theirs(text: str, name: str, fen: str) -> list[str] | None:
    """pyffish's legal moves of section ``name`` of ``text`` at ``fen`` (None without pyffish)."""
    if pyffish is None:
        return None
    pyffish.load_variant_config(text)
    return sorted(pyffish.legal_moves(name, fen, []))


def check(text: str, name: str, fen: str, expected: list[str], notes: int = 0) -> None:
    """Our moves at ``fen`` are ``expected``, and pyffish's too where it is installed."""
    assert ours(game_of(text, notes), fen) == sorted(expected)
    fsf = theirs(text, name, fen)
    assert fsf is None or fsf == sorted(expected)


# 1. a pawn whose promotion choices are none promotes to its promoted form all the same (upstream shinobi:
# promotionPieceTypes = -, promotedPieceType = p:c, mandatoryPiecePromotion)
PAWN_TO_COMMONER = """[pawncommoner:crazyhouse]
commoner = c
promotionRegionWhite = *7 *8
promotionRegionBlack = *2 *1
promotionPieceTypes = -
promotedPieceType = p:c
mandatoryPiecePromotion = true
"""


@pytest.mark.parametrize("fen, expected", [
    ("k7/8/4P3/8/8/8/8/4K3[] w - - 0 1", ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e6e7+"]),
    ("k7/8/8/8/8/5p2/4P1P1/4K3[] b - - 0 1", ["a8a7", "a8b7", "a8b8", "f3e2+", "f3f2+", "f3g2+"]),
])
def test_a_pawn_without_promotion_choices_takes_its_promoted_form(fen, expected):
    check(PAWN_TO_COMMONER, "pawncommoner", fen, expected)


def test_the_promoted_pawn_moves_as_a_commoner_and_goes_to_hand_as_a_pawn():
    game = game_of(PAWN_TO_COMMONER)
    fen, moves = "k7/3n4/4P3/8/8/8/8/4K3[] w - - 0 1", ["e6e7+", "d7e5", "e1d1", "e5d7", "e7d7"]
    pos = load_position(game, fen, moves)      # e7d7: a commoner's sideways step, taking the knight to hand
    assert pos.fen() == "k7/3+P4/8/8/8/8/8/3K4[N] b - - 0 3"
    if pyffish is not None:
        pyffish.load_variant_config(PAWN_TO_COMMONER)
        assert pyffish.get_fen("pawncommoner", fen, moves) == pos.fen()


# 2. an en passant capture counts as a capture for the compulsory capture of a game whose captures blast
# (upstream atomic-giveaway, atomic-giveaway-hill, antiatomic)
ATOMIC_GIVEAWAY = "[blastgive:giveaway]\nblastOnCapture = true\n"


def test_en_passant_is_a_capture_where_captures_blast_and_must_be_made():
    check(ATOMIC_GIVEAWAY, "blastgive", "8/8/7p/8/Pp6/8/8/8 b - a3 0 1", ["b4a3"])


# 3. a drop must see a piece of its own past enemy pieces and walls (FSF's test runs over walls; upstream
# annexation)
WALLED = """[walled:flipello]
maxRank = 10
maxFile = 10
startFen = ***4***/***4***/***4***/10/4pP4/4Pp4/10/***4***/***4***/***4***[PPPPPPPPPPpppppppppp] w 0 1
"""


def test_an_enclosing_drop_may_look_past_walls():
    fen = "***4***/***4***/***P3***/1p8/10/3pp5/3pp5/***4***/***4***/***4***[PPpp] b - - 0 1"
    check(WALLED, "walled", fen, ["P@d9"])
    pos = load_position(game_of(WALLED), fen, ["P@d9"])       # it flips nothing: the wall stops the flip
    assert pos.fen().split()[0] == "***4***/***p3***/***P3***/1p8/10/3pp5/3pp5/***4***/***4***/***4***[PPp]"


# 4. where checks are forbidden, a capture that blasts gives check as FSF's gives_check sees it: the capturing
# piece on its cell, the blast aside
RACING_BLASTS = "[racingblasts:racingkings]\nblastOnCapture = true\n"


@pytest.mark.parametrize("fen, expected", [
    # Rc1xc2 would blast the king on c3 but checks it from c2 first: refused
    ("8/8/8/8/8/2k5/2n5/2R1K3 w - - 0 1", ["e1d1", "e1e2", "e1f1", "e1f2"]),
    # Na1xc2 blasts the knight on c3 and opens the rook's line to f3: no check as FSF counts it; Ra3xc3 checks
    ("8/8/8/8/8/R1n2k2/2b5/N3K3 w - - 0 1", ["a1b3", "a1c2", "a3a2", "a3a4", "a3a5", "a3a6", "a3a7", "a3a8",
                                            "a3b3", "e1d2", "e1f1"]),
])
def test_a_blast_capture_gives_check_as_fsf_counts_it(fen, expected):
    check(RACING_BLASTS, "racingblasts", fen, expected)


# 5. `king = k` under atomic: the commoner, whose letter the king took, is still the extinction type, and each
# side has none of it: the game is over at once, won by the side to move (FSF checks the other side first)
ATOMIC_KING = "[atomicking:atomic]\nking = k\ncastling = false\n"


@pytest.mark.parametrize("turn, result", [("w", "1-0"), ("b", "0-1")])
def test_an_extinction_type_the_game_lost_ends_it_at_once(turn, result):
    game = game_of(ATOMIC_KING)
    fen = f"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR {turn} - - 0 1"
    pos = game.position(fen)
    assert pos.legal_moves() == [] and pos.outcome().result == result
    if pyffish is not None:
        pyffish.load_variant_config(ATOMIC_KING)
        assert pyffish.legal_moves("atomicking", fen, []) == []
        assert pyffish.is_immediate_game_end("atomicking", fen, []) == (True, 32000)   # a win for the mover


# 6. FSF reads every bool but "true" (as written, trailing blanks included) as false
CASTLE_FEN = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"


@pytest.mark.parametrize("value, castles", [("False", False), ("True", False), ("true ", False), ("true", True),
                                            ("yes", False)])
def test_a_bool_is_true_only_when_written_true(value, castles):
    name = f"bool{['False', 'True', 'true ', 'true', 'yes'].index(value)}"    # (pyffish keeps a name's first game)
    text = f"[castles:chess]\ncastling = false\n\n[{name}:castles]\ncastling ={value}\nstartFen = {CASTLE_FEN}\n"
    specs, notes = read_ini_variants(text, "bools.ini", build=False)
    game = FileGame(next(s for s in specs if s.name == name))
    fen = CASTLE_FEN if game.castling else CASTLE_FEN.replace("KQkq", "-")
    moves = ours(game, fen)
    assert ("e1g1" in moves) == castles and ("e1c1" in moves) == castles
    assert len(notes) == (value not in ("true", "false")) and all("read as false" in n for n in notes), notes
    if pyffish is not None:
        pyffish.load_variant_config(text)
        assert ("e1g1" in pyffish.legal_moves(name, CASTLE_FEN, [])) == castles


def test_bikjang_rule_written_true_with_a_capital_is_off():
    # after e2d2 the kings face each other: with the bikjang rule Black may not leave them so (e10e9)
    fen = "4k4/9/9/9/9/9/9/9/3A5/4K4 b - - 1 1"
    on = ours(get_game("janggi"), fen)
    text = "[bikjangoff:janggi]\nbikjangRule=True\n"
    off = ours(game_of(text, notes_expected=1), fen)
    assert "e10e9" not in on and sorted(on + ["e10e9"]) == off
    fsf = theirs(text, "bikjangoff", fen)
    assert fsf is None or fsf == off


def test_a_result_or_rule_word_fsf_does_not_know_is_none():
    # FSF's parser sets VALUE_NONE (and NO_... for the rules' words) for a value it does not know
    text = "[loose:chess]\nstalemateValue = Loss\n"
    specs, notes = read_ini_variants(text, "loose.ini", build=False)
    assert specs and notes == ["loose.ini: [loose].stalemateValue (line 2): win, loss, draw or none, got 'Loss': "
                               "read as none, as Fairy-Stockfish reads it"]
    assert specs[0].table["stalemate"] == "draw"


def test_an_option_with_nothing_after_the_equals_sign_sets_nothing():
    # FSF's reader skips such a line (src/variant.cpp, parse_istream): the rook stays
    specs, notes = read_ini_variants("[keeps:chess]\nrook =\n", "keeps.ini", build=False)
    assert notes == [] and "R" in specs[0].table["pieces"]


# 7. FSF's letter synonyms: xiangqi's and janggi's boards may write the horse h and the elephant e
E_JANGGI = "[ejanggi:janggi]\nstartFen = rhea1aehr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RHEA1AEHR w - - 0 1\n"


def test_janggi_set_ups_may_write_e_and_h():
    game = game_of(E_JANGGI)
    start = game.position()
    assert start.fen().split()[0] == "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR"
    counts = [perft(start, d) for d in (1, 2)]
    assert counts[0] == 32
    if pyffish is not None:
        pyffish.load_variant_config(E_JANGGI)
        fen = pyffish.start_fen("ejanggi")
        assert counts == [len(pyffish.legal_moves("ejanggi", fen, [])),
                          sum(len(pyffish.legal_moves("ejanggi", fen, [m]))
                              for m in pyffish.legal_moves("ejanggi", fen, []))]


@pytest.mark.parametrize("variant", ["xiangqi", "janggi", "minixiangqi", "manchu"])
def test_the_built_in_boards_read_the_synonyms(variant):
    game = get_game(variant)
    fen = game.start_fen.replace("n", "h").replace("N", "H")
    if variant != "minixiangqi":
        fen = fen.replace("b", "e").replace("B", "E")
    assert load_position(game, fen).fen() == game.start_fen


def test_a_type_given_its_letter_again_loses_its_synonym():
    # FSF's add_piece without a second letter clears the type's synonym (src/variant.h)
    game = game_of("[xhouse:xiangqi]\nhorse = n\n")
    with pytest.raises(FenError, match="unknown piece letter 'h'"):
        game.position("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1")


def test_letter_synonyms_in_a_toml_file_are_checked():
    from hyperchess.variants import check_variants
    text = '[syn]\nstart = "4k3/8/8/8/8/8/8/3HK3 w - - 0 1"\nletter_synonyms = { H = "N" }\n' \
           '[syn.pieces]\nK = { betza = "K", royal = true }\nN = { betza = "N" }\n'
    game = FileGame(check_variants(text, "syn.toml")[0])
    assert game.position().fen() == "4k3/8/8/8/8/8/8/3NK3 w - - 0 1"
    with pytest.raises(VariantsFileError, match=r"letter_synonyms: a table of letter") as exc:
        check_variants(text.replace('H = "N"', 'N = "K"'), "syn.toml")
    assert "\n" not in str(exc.value)


# 8. names: chess and fairy everywhere; a refused built-in says why
def test_chess_and_fairy_are_known_by_name():
    run = CliRunner().invoke
    chess = run(main, ["perft", "chess", "3"])
    assert chess.exit_code == 0 and chess.output.strip().splitlines()[-1] == "Nodes searched: 8902"
    fairy = run(main, ["perft", "fairy", "2"])
    assert fairy.exit_code == 0 and fairy.output.strip().splitlines()[-1] == "Nodes searched: 400"
    assert get_game("chess") is get_game("normal") and "fairy" in catalogue()


def refused_built_in() -> tuple[str, str]:
    """A built-in game the reader refuses and its reason ("needs ..."), as the reader itself says it (which games
    are refused changes as mechanisms arrive; spartan's duple check first)."""
    names = sorted(catalogue(), key=lambda n: (n != "spartan", n))
    _, notes = read_ini_variants("".join(f"[x{n}:{n}]\n" for n in names), "probe.ini", build=False)
    for name in names:
        for note in notes:
            if f"[x{name}]: cannot be played yet: " in note:
                return name, note.split("cannot be played yet: ", 1)[1]
    pytest.skip("every built-in game plays")


def test_a_refused_built_in_names_its_reason_on_the_command_line():
    name, reason = refused_built_in()
    result = CliRunner().invoke(main, ["perft", name, "1"])
    assert result.exit_code == 2
    assert result.output.strip() == f"hyperchess: variant '{name}' (Fairy-Stockfish's) cannot be played yet: {reason}"
    with pytest.raises(UnknownVariant, match="known: normal"):
        get_game("nosuchgame")


def test_a_refused_built_in_names_its_reason_over_uci_and_cecp():
    name, reason = refused_built_in()
    lines: list[str] = []
    uci = UCIEngine(lines.append)
    uci.handle(f"setoption name UCI_Variant value {name}")
    assert lines == [f"info string variant '{name}' (Fairy-Stockfish's) cannot be played yet: {reason}"]
    cecp = InProcess()
    try:
        cecp.handshake()
        cecp.send(f"variant {name}")
        assert cecp.sync() == [f"Error (unsupported variant: {reason}): {name}"]
        cecp.send("variant chess")
        assert not [line for line in cecp.sync() if line.startswith("Error")] and cecp.engine.game.name == "normal"
    finally:
        cecp.close()


# the issue's positions on the upstream sections themselves
UPSTREAM = os.environ.get("FSF_VARIANTS_INI", "")
UPSTREAM_POSITIONS = [
    ("shinobi", "k7/8/4P3/8/8/8/8/4K3[] w - - 0 1", []),
    ("shinobi", "k7/8/8/8/8/5p2/4P1P1/4K3[] b - - 0 1", []),
    ("shinobimirror", "k7/8/4P3/8/8/8/8/4K3[] w - - 0 1", []),
    ("atomic-giveaway", "8/8/7p/8/Pp6/8/8/8 b - a3 0 1", []),
    ("atomic-giveaway-hill", "8/8/7p/8/Pp6/8/8/8 b - a3 0 1", []),
    ("antiatomic", "8/8/7p/8/Pp6/8/8/8 b - a3 0 1", []),
    ("annexation", "***4***/***4***/***P3***/1p8/10/3pp5/3pp5/***4***/***4***/***4***[PPpp] b - - 0 1", []),
    ("active", "r2k4q/9/9/9/9/9/9/R2K3RQ w KQkq - 0 1", []),
    ("diana", "r2k1r/6/6/6/6/R2K1R w KQkq - 0 1", []),
    ("haynie", "r2k1r/6/6/6/6/R2K1R w KQkq - 0 1", ["d1a1"]),
    ("chak", "4k4/9/9/9/4+P4/9/9/9/4K4 w - - 0 1", []),
    ("chak", "4k4/9/9/4P4/9/9/9/9/4K4 w - - 7 9", ["e6e7+"]),
    ("backrank", "4k3/8/1N6/8/8/8/2n5/4K3 w - - 0 1", []),
    ("backrank", "4k3/Q7/8/8/8/8/8/4K3 w - - 0 1", ["a7a8+"]),
    ("allexplodeatomic", "4k3/8/8/3p4/2r5/4N3/8/4K3 w - - 0 1", ["e3c4"]),
    ("nuclear", "4k3/8/8/3p4/2r5/4N3/8/4K3 w - - 0 1", ["e3c4"]),
    ("nuclear", "k3r3/8/8/8/4p3/2N5/8/4K3 w - - 0 1", []),
    ("atomicduck", "4r2k/8/8/8/3n4/4B3/8/4K3 w - - 0 1", []),
    ("atomicduck", "4r2k/8/8/8/3n4/4P3/8/4K3 w - - 0 1", []),
    ("elgam", "11/5k5/11/11/11/11/11/11/5K5/11[Ss] w - - 0 1", []),
    # the rook on i5 checks the king on f2 along the diagonal lines, three steps
    ("elgam", "2ehaa2eh1/11/rc1c1k5/s1E4s2s/4s1s2s1/2H2V2rSS/S5S1S2/1CC8/2Sv1KR4/RH1A2A1E2[] w - - 2 27", []),
]


@pytest.mark.skipif(pyffish is None or not UPSTREAM, reason="needs pyffish and FSF_VARIANTS_INI")
@pytest.mark.parametrize("section, fen, moves", UPSTREAM_POSITIONS)
def test_the_upstream_sections_at_the_issues_positions(section, fen, moves):
    text = open(UPSTREAM, encoding="utf-8").read()
    specs, _ = read_ini_variants(text, "variants.ini", build=False, taken=frozenset(catalogue()))
    game = FileGame(next(s for s in specs if s.name == section))
    pyffish.load_variant_config(text)
    pos = load_position(game, fen, moves)
    assert pos.fen() == pyffish.get_fen(section, fen, moves)
    assert sorted(pos.move_name(m) for m in pos.legal_moves()) == sorted(pyffish.legal_moves(section, fen, moves))
    ended, value = pyffish.is_immediate_game_end(section, fen, moves)
    assert (pos.outcome() is not None) == ended


# 9. a castling whose king's destination the king could step to is written king-takes-rook, as FSF's UCI
# writes it (src/uci.cpp, ``move``: the king's square and the rook's when the plain king move is pseudo-legal);
# upstream active, diana, haynie
ONE_STEP_CASTLING = """[onestep:chess]
maxRank = 6
maxFile = 6
startFen = rbqkbr/pppppp/6/6/PPPPPP/RBQKBR w KQkq - 0 1
castlingQueensideFile = c
castlingKingsideFile = e
"""


@pytest.mark.parametrize("fen, expected", [
    ("r2k1r/6/6/6/6/R2K1R w KQkq - 0 1", ["a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1b1", "a1c1", "d1a1", "d1c1",
                                          "d1c2", "d1d2", "d1e1", "d1e2", "d1f1", "f1e1", "f1f2", "f1f3", "f1f4",
                                          "f1f5", "f1f6"]),
    # the rook on c2 guards c1: no castling that way, the other still written by its rook
    ("r2k1r/6/6/6/2r3/R2K1R w KQkq - 0 1", ["a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1b1", "a1c1", "d1c2", "d1e1",
                                            "d1f1", "f1e1", "f1f2", "f1f3", "f1f4", "f1f5", "f1f6"]),
])
def test_a_castling_onto_a_kings_step_is_written_king_takes_rook(fen, expected):
    check(ONE_STEP_CASTLING, "onestep", fen, expected)


@pytest.mark.parametrize("move, after", [("d1a1", "r2k1r/6/6/6/6/2KR1R b kq - 1 1"),
                                         ("d1c1", "r2k1r/6/6/6/6/R1K2R b kq - 1 1"),
                                         ("d1f1", "r2k1r/6/6/6/6/R2RK1 b kq - 1 1")])
def test_the_one_step_castling_moves_king_and_rook(move, after):
    fen = "r2k1r/6/6/6/6/R2K1R w KQkq - 0 1"
    assert load_position(game_of(ONE_STEP_CASTLING), fen, [move]).fen() == after
    if pyffish is not None:
        pyffish.load_variant_config(ONE_STEP_CASTLING)
        assert pyffish.get_fen("onestep", fen, [move]) == after


# 10. a promoted piece is of the type it was promoted to (FSF's promotedPieceType): it keeps that type's
# mobility region, and the promotion restarts the n-move count (src/position.cpp, do_move: a piece promotion
# without demotion is irreversible); upstream chak
REGION_PROMOTION = """[regionpromo:chess]
customPiece1 = w:W
mobilityRegionWhiteCustomPiece1 = *5 *6 *7 *8
mobilityRegionBlackCustomPiece1 = *1 *2 *3 *4
promotionRegionWhite = *5 *6 *7 *8
promotionRegionBlack = *4 *3 *2 *1
promotedPieceType = n:w
mandatoryPiecePromotion = true
nMoveRule = 50
"""


@pytest.mark.parametrize("fen, expected", [
    ("4k3/8/8/3+N4/8/8/8/4K3 w - - 0 1", ["d5c5", "d5d6", "d5e5", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]),
    ("4k3/8/8/8/3+n4/8/8/4K3 b - - 0 1", ["d4c4", "d4d3", "d4e4", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]),
])
def test_a_promoted_piece_keeps_its_types_mobility_region(fen, expected):
    check(REGION_PROMOTION, "regionpromo", fen, expected)


@pytest.mark.parametrize("move, after", [("e3d5+", "4k3/8/8/3+N4/8/8/8/4K3 b - - 0 9"),
                                         ("e3d1", "4k3/8/8/8/8/8/8/3NK3 b - - 8 9")])
def test_a_piece_promotion_restarts_the_n_move_count(move, after):
    fen = "4k3/8/8/8/8/4N3/8/4K3 w - - 7 9"
    assert load_position(game_of(REGION_PROMOTION), fen, [move]).fen() == after
    if pyffish is not None:
        pyffish.load_variant_config(REGION_PROMOTION)
        assert pyffish.get_fen("regionpromo", fen, [move]) == after


# 11. ... and counts as a piece of that type for the flag (upstream backrank: every piece promotes into the
# commoner, the flag piece)
FLAG_PROMOTION = """[flagpromo:chess]
king = -
commoner = k
castlingKingPiece = k
extinctionValue = loss
extinctionPieceTypes = k
extinctionPseudoRoyal = true
flagPiece = k
promotionPieceTypes = -
promotedPieceType = q:k r:k b:k n:k p:k
mandatoryPiecePromotion = true
flagRegionWhite = *8
flagRegionBlack = *1
"""


@pytest.mark.parametrize("fen, move, result", [("4k3/Q7/8/8/8/8/8/4K3 w - - 0 1", "a7a8+", "1-0"),
                                               ("4k3/8/8/8/8/8/q7/4K3 b - - 0 1", "a2a1+", "0-1")])
def test_a_piece_promoted_into_the_flag_piece_wins_on_the_flag(fen, move, result):
    pos = load_position(game_of(FLAG_PROMOTION), fen, [move])
    assert pos.outcome() is not None and pos.outcome().result == result and pos.legal_moves() == []
    if pyffish is not None:
        pyffish.load_variant_config(FLAG_PROMOTION)
        assert pyffish.is_immediate_game_end("flagpromo", fen, [move]) == (True, -32000)  # a loss for the mover


def test_a_piece_promoted_into_a_pseudo_royal_kind_leaves_the_others_royal():
    # FSF's legal() keeps the mover's pseudo-royal pieces of before the move (the moving one taking its cell
    # along): b6a8+ makes a second commoner, yet the one on e1 must not stay attacked
    fen = "4k3/8/1N6/8/8/8/2n5/4K3 w - - 0 1"
    check(FLAG_PROMOTION, "flagpromo", fen, ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"])


# 12. a blast spares FSF's pawn type alone, not the other pieces of pawnTypes (src/position.cpp, do_move:
# the blast removes every piece but pieces(PAWN)); upstream allexplodeatomic, nuclear
CUSTOM_PAWN_BLAST = """[pawnblast:nocheckatomic]
pawn = -
customPiece1 = p:fmWfceFifmnD
pawnTypes = p
"""
PAWN_BLAST = "[plainblast:nocheckatomic]\n"


@pytest.mark.parametrize("text, name, after", [
    (CUSTOM_PAWN_BLAST, "pawnblast", "4k3/8/8/8/8/8/8/4K3 b - - 0 1"),
    (PAWN_BLAST, "plainblast", "4k3/8/8/3p4/8/8/8/4K3 b - - 0 1"),
])
def test_a_blast_spares_fsfs_pawn_type_only(text, name, after):
    fen, moves = "4k3/8/8/3p4/2r5/4N3/8/4K3 w - - 0 1", ["e3c4"]
    assert load_position(game_of(text), fen, moves).fen() == after
    if pyffish is not None:
        pyffish.load_variant_config(text)
        assert pyffish.get_fen(name, fen, moves) == after


# 13. a capturer that petrifies turns into a wall where it took even when captures blast: FSF's blast removes it,
# then walls its cell (src/position.cpp, do_move, "Make a wall square where the piece was"); upstream nuclear
PETRIFIED_BLAST = "[petriblast:atomic]\npetrifyOnCaptureTypes = n\n"


@pytest.mark.parametrize("fen, moves, after", [
    ("4k3/8/8/3p4/2r5/4N3/8/4K3 w - - 0 1", ["e3c4"], "4k3/8/8/3p4/2*5/8/8/4K3 b - - 0 1"),
    # a rook's capture blasts without one
    ("4k3/8/8/3p4/2r5/8/8/2R1K3 w - - 0 1", ["c1c4"], "4k3/8/8/3p4/8/8/8/4K3 b - - 0 1"),
])
def test_a_petrifying_capturer_walls_its_cell_after_the_blast(fen, moves, after):
    assert load_position(game_of(PETRIFIED_BLAST), fen, moves).fen() == after
    if pyffish is not None:
        pyffish.load_variant_config(PETRIFIED_BLAST)
        assert pyffish.get_fen("petriblast", fen, moves) == after


def test_a_petrifying_blast_is_judged_as_though_its_cell_were_empty():
    # FSF's legal() removes the blasted cells from the board it tests and does not put the wall back: Nc3xe4
    # would wall e4 between the rook on e8 and the king on e1, yet it is refused
    fen = "k3r3/8/8/8/4p3/2N5/8/4K3 w - - 0 1"
    check(PETRIFIED_BLAST, "petriblast", fen, ["c3a2", "c3a4", "c3b1", "c3b5", "c3d1", "c3d5", "c3e2", "e1d1", "e1d2",
                                                "e1e2", "e1f1", "e1f2"])


# 14. a duck placed where the capturer stood is blasted in FSF's legality test: legal() builds its board with the
# new wall, then removes the cells the blast clears, every piece a king's step away but pawns, the capturer's own
# cell among them (src/position.cpp, ``legal``); upstream atomicduck
DUCK_BLAST = "[duckblast:atomic]\nwallingRule = duck\nstalemateValue = win\n"


@pytest.mark.parametrize("fen, count, captures", [
    # Bxd4: the rook on e8 sees the king once the bishop leaves e3; the duck shields it on e4-e7 or e2, not on
    # e3, which the blast clears
    ("4r2k/8/8/8/3n4/4B3/8/4K3 w - - 0 1", 283, ["e3d4,d4e2", "e3d4,d4e4", "e3d4,d4e5", "e3d4,d4e6", "e3d4,d4e7"]),
    # exd4: a pawn is not blasted, nor the duck on its cell
    ("4r2k/8/8/8/3n4/4P3/8/4K3 w - - 0 1", 301, ["e3d4,d4e2", "e3d4,d4e3", "e3d4,d4e4", "e3d4,d4e5", "e3d4,d4e6",
                                                 "e3d4,d4e7"]),
])
def test_a_duck_on_the_capturers_cell_is_blasted_in_the_legality_test(fen, count, captures):
    moves = ours(game_of(DUCK_BLAST), fen)
    assert len(moves) == count and [m for m in moves if m.startswith("e3d4")] == captures
    fsf = theirs(DUCK_BLAST, "duckblast", fen)
    assert fsf is None or fsf == moves


# 15. a rook on FSF's diagonal lines slides as a bishop to any cell of the lines, over cells of any kind
# (src/position.h, ``moves_from``; src/position.cpp, ``attackers_to``); upstream elgam, whose lines are longer
# than a palace's
LONG_LINES = "[longlines:chess]\ndiagonalLines = a1 c3 d4 h8\ncastling = false\n"


@pytest.mark.parametrize("fen, expected", [
    ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", ["a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1b1", "a1c1",
                                        "a1c3", "a1d1", "a1d4", "a1h8", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]),
    # the rook on a1 checks the king on d4 across b2 and c3
    ("7k/8/8/8/3K4/8/8/r6N w - - 0 1", ["d4c4", "d4c5", "d4d3", "d4d5", "d4e3", "d4e4", "d4e5"]),
])
def test_a_rook_slides_along_long_diagonal_lines(fen, expected):
    check(LONG_LINES, "longlines", fen, expected)


# 16. a move of an n-move piece that it could make back keeps the n-move count (src/position.cpp, do_move: the
# count restarts for nMoveRuleTypes only when PseudoMoves from the destination miss the origin); built-in
# pawnsideways, whose pawns step sideways
@pytest.mark.parametrize("moves, after", [
    (["e2e3", "e7e6", "e3d3"], "rnbqkbnr/pppp1ppp/4p3/8/8/3P4/PPPP1PPP/RNBQKBNR b KQkq - 1 2"),
    (["e2e3", "e7e6", "e3d3", "e6f6"], "rnbqkbnr/pppp1ppp/5p2/8/8/3P4/PPPP1PPP/RNBQKBNR w KQkq - 2 3"),
    (["e2e3", "e7e6", "e3d3", "e6f6", "d3d4"], "rnbqkbnr/pppp1ppp/5p2/8/3P4/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"),
])
def test_a_pawn_move_it_could_make_back_keeps_the_n_move_count(moves, after):
    game = get_game("pawnsideways")
    assert load_position(game, None, moves).fen() == after
    if pyffish is not None:
        assert pyffish.get_fen("pawnsideways", pyffish.start_fen("pawnsideways"), moves) == after


KNIGHT_CLOCK = "[knightclock:chess]\nnMoveRuleTypes = n\n"


def test_an_n_move_type_that_can_step_back_plays():
    # the knight's moves can be made back: they keep the count, as the pawn's (no n-move type here) do
    moves, after = ["g1f3", "g8f6", "e2e4"], "rnbqkb1r/pppppppp/5n2/8/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 2"
    assert load_position(game_of(KNIGHT_CLOCK), None, moves).fen() == after
    if pyffish is not None:
        pyffish.load_variant_config(KNIGHT_CLOCK)
        assert pyffish.get_fen("knightclock", pyffish.start_fen("knightclock"), moves) == after
