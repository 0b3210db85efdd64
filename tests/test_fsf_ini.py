"""Fairy-Stockfish's variants.ini read as it is (docs/variants-file.md, "Fairy-Stockfish's format"): FSF's own
Betza reading, inheritance from its built-in games, `hyperchess check FILE.ini`, and hostile text."""
from __future__ import annotations

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from hyperchess.cli import main
from hyperchess.variants.formats.betza import parse_betza
from hyperchess.variants.board.errors import VariantsFileError
from hyperchess.variants.formats.fsf_betza import read
from hyperchess.variants.core.perft import perft
from hyperchess.variants.formats.filegame import FileGame
from hyperchess.variants.formats.variantsfile import read_ini_variants


def vectors(moves: dict) -> set:
    return {v for vs in moves.values() for v in vs}


@pytest.mark.parametrize("betza, fsf", [
    ("fN", {(-1, 2), (1, 2)}),                     # FSF: f = ff, the narrow forward pair (XBoard: four moves)
    ("lN", {(-2, 1), (-2, -1)}),                   # l = ll, the wide left pair
    ("flN", {(-2, 1)}),                            # a pair names one move by its order: the wide one ...
    ("lfN", {(-1, 2)}),                            # ... and the narrow one
    ("fsW", {(-1, 0), (0, 1), (1, 0)}),            # a mixed pair on an orthogonal atom splits
    ("fF", {(-1, 1), (1, 1)}),
])
def test_fsf_reads_direction_words_its_own_way(betza, fsf):
    assert vectors(read(betza)) == fsf


def test_fsf_and_xboard_readings_differ_on_fN():
    ours = {v[:2] for atom in parse_betza("fN") for v in atom.vectors}
    assert len(ours) == 4 and vectors(read("fN")) < ours


def test_a_child_of_a_built_in_plays_with_its_changes():
    text = "[smallshatranj:shatranj]\nmaxFile = 6\nstartFen = rnkqnr/pppppp/6/6/6/6/PPPPPP/RNKQNR w - - 0 1\n"
    specs, notes = read_ini_variants(text, "mine.ini")
    assert notes == [] and [s.name for s in specs] == ["smallshatranj"]
    game = FileGame(specs[0])
    assert game.geometry.files == 6 and game.bare_king == "reply"       # inherited from shatranj
    assert perft(game.position(), 1) == 6 + 4          # 6 pawn steps, 4 knight leaps (pyffish: 10 too)


def test_a_section_without_parent_starts_with_no_pieces():
    text = ("[tiny]\nmaxRank = 4\nmaxFile = 4\nking = k\ncustomPiece1 = a:mfWcfF\ncustomPiece2 = q:fR\npawnTypes = a\n"
            "promotionRank = 4\npromotionPieceTypes = q\nstartFen = 1k2/a3/3A/2K1 w - - 0 1\n")
    specs, notes = read_ini_variants(text, "tiny.ini")
    assert notes == [], notes
    game = FileGame(specs[0])
    assert sorted(p.letter for p in game.pieces[1:]) == ["A", "K", "Q"]
    counts = [perft(game.position(), d) for d in (1, 2, 3)]
    assert counts[0] == 3 + 1                      # the king: b1 c2 d1 (b2 is the pawn on a3s), d2-d3
    try:
        import pyffish
    except ImportError:
        return
    pyffish.load_variant_config(text)
    fen = pyffish.start_fen("tiny")
    assert counts == [len(pyffish.legal_moves("tiny", fen, [])), *(_fsf(fen, d) for d in (2, 3))]


def test_a_pawns_lame_leap_into_its_zone_promotes():
    """xhess's pawn (upstream variants.ini) steps like a lame knight too; landing on the last rank it promotes."""
    text = ("[lamepawn:chess]\npawn = -\ncustomPiece2 = h:mfWcfFfhmnN\npawnTypes = h\n"
            "startFen = 4k3/8/1H6/8/8/8/8/4K3 w - - 0 1\n")
    specs, notes = read_ini_variants(text, "lame.ini")
    assert notes == [], notes
    pos = FileGame(specs[0]).position()
    ours = sorted(pos.move_name(m) for m in pos.legal_moves() if m[0] != pos.king())
    assert ours == sorted([f"b6{to}{p}" for to in ("a8", "c8") for p in "bnqr"] + ["b6b7", "b6d7"])
    try:
        import pyffish
    except ImportError:
        return
    pyffish.load_variant_config(text)
    fen = pyffish.start_fen("lamepawn")
    assert ours == sorted(m for m in pyffish.legal_moves("lamepawn", fen, []) if not m.startswith("e1"))


def _fsf(fen: str, depth: int, moves: tuple = ()) -> int:
    import pyffish
    legal = pyffish.legal_moves("tiny", fen, list(moves))
    return len(legal) if depth == 1 else sum(_fsf(fen, depth - 1, moves + (m,)) for m in legal)


def test_check_names_unknown_keys_and_missing_mechanisms_one_line_each(tmp_path):
    path = tmp_path / "mine.ini"
    path.write_text("[house:chess]\ncastlingKingFile = d\n\n[odd:chess]\nnoSuchOption = 1\npromotionRank = 7\n"
                    "[wild]\nmaxFile = 99\n")
    result = CliRunner().invoke(main, ["check", str(path)])
    lines = result.output.strip().splitlines()
    assert result.exit_code == 0, result.output
    assert any("[house]: cannot be played yet: needs chess960 (castlingKingFile)" in line
               for line in lines)
    assert any("[odd].noSuchOption (line 5): not an option of Fairy-Stockfish's; ignored" in line for line in lines)
    assert any("[wild].maxFile (line 8)" in line for line in lines)
    assert any(line.startswith("odd: 8x8") for line in lines)
    assert len(lines) == len(set(lines)) and all("Traceback" not in line for line in lines)


def test_a_file_where_nothing_plays_is_refused_with_one_line(tmp_path):
    path = tmp_path / "house.ini"
    path.write_text("[house:atomic]\npetrifyBlastPieces = true\n")
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    with pytest.raises(VariantsFileError, match="needs gating, walls and passing .petrifyBlastPieces."):
        read_ini_variants_or_fail("[house:atomic]\npetrifyBlastPieces = true\n")


def read_ini_variants_or_fail(text: str):
    from hyperchess.variants import check_variants
    return check_variants(text, "house.ini")


KEYS = st.sampled_from(["maxRank", "maxFile", "startFen", "king", "customPiece1", "pawnTypes", "promotionRank",
                        "castling", "nMoveRule", "promotionRegionWhite", "flagRegion", "knight", "bogus"])
VALUES = st.text(alphabet="abkpq0123456789*:-/ []WFNRBmcfi", max_size=30)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["[g]", "[g:chess]", "[g:shatranj]", "[h:g]", "[g:nope]"]),
                          st.lists(st.tuples(KEYS, VALUES), max_size=6)), max_size=3))
def test_hostile_ini_text_gives_games_or_one_line_notes(sections):
    text = "\n".join(head + "\n" + "\n".join(f"{k} = {v}" for k, v in body) for head, body in sections)
    try:
        specs, notes = read_ini_variants(text, "h.ini")
    except VariantsFileError as exc:
        assert "\n" not in str(exc)
        return
    assert all("\n" not in note for note in notes)
    for spec in specs:
        FileGame(spec).position()


OPEN = {"P@a2", "P@a3", "P@c2", "P@c3", "P@d2", "P@d3"}


@pytest.mark.parametrize("count, drops", [(0, set()), (1, OPEN), (2, OPEN | {"P@b3"})])
def test_drop_no_doubled_count_of_zero_drops_no_such_piece(count, drops):
    # FSF forbids a drop on a file holding dropNoDoubledCount of the mover's pawns (position.h): with 0, every
    # file (dragonfly of the upstream variants.ini); pyffish 0.0.90 gives the same lists
    text = f"[nifu:crazyhouse]\nmaxFile = 4\nmaxRank = 4\npromotionRegionWhite = *4\npromotionRegionBlack = *1\n" \
           f"doubleStep = false\ndropNoDoubled = p\ndropNoDoubledCount = {count}\n" \
           "startFen = k3/4/1P2/3K[P] w - - 0 1\n"
    specs, notes = read_ini_variants(text, "nifu.ini")
    assert specs, notes
    game = FileGame(specs[0])
    pos = game.position("k3/4/1P2/3K[P] w - - 0 1")
    assert {game.move_name(pos, m) for m in pos.legal_moves() if "@" in game.move_name(pos, m)} == drops




# ---------------------------------------------------------------------- numbers: ASCII digits only (issue 71, 12)
# Python's ``isdigit`` takes ``²`` (which ``int`` then refuses: the whole file was refused with "invalid literal
# for int()") and ``٣`` (which ``int`` reads as 3: taken silently); FSF's ``std::stringstream >> int`` reads
# neither, and warns "Invalid value" (src/parser.cpp). Each is now the one-line "...; ignored" of any bad value.
BAD_NUMBERS = [("maxRank", "²"), ("promotionRegionWhite", "a² b8"), ("nMoveRule", "--5"), ("nMoveRule", "9" * 5000),
               ("maxFile", "²"), ("promotionRank", "٣"), ("castlingRank", "١"), ("nMoveRule", "٥٠"),
               ("whiteFlag", "*²"), ("flagRegionWhite", "a" + "8" * 5000), ("promotionLimit", "q:²"),
               ("nFoldRule", "+-3"), ("doubleStepRank", "2" * 5000)]


def chess_table() -> dict:
    (spec,), _ = read_ini_variants("[s:chess]\n", "n.ini", build=False)
    return spec.table


@pytest.mark.parametrize("key, value", BAD_NUMBERS, ids=[f"{k}={v[:8]}" for k, v in BAD_NUMBERS])
def test_a_number_fsf_would_not_read_is_one_line_ignored(key, value):
    specs, notes = read_ini_variants(f"[s:chess]\n{key} = {value}\n", "n.ini", build=False)
    assert [s.name for s in specs] == ["s"] and specs[0].table == chess_table(), notes
    assert len(notes) == 1 and notes[0].startswith(f"n.ini: [s].{key} (line 2): ") and notes[0].endswith("; ignored")
    assert "\n" not in notes[0] and len(notes[0]) < 200 and "int()" not in notes[0], notes


def test_unicode_digits_in_a_start_and_a_betza_string_are_not_numbers():
    # FSF's FEN and Betza readers count ASCII digits only (isdigit on a char); "²" is no count of empty squares
    # and no range: the Betza letter it does not know is skipped, as FSF skips it
    assert read("W²") == read("W") and read("R²") == read("R") and read("R3") != read("R")
    specs, notes = read_ini_variants("[s:chess]\nstartFen = rnbqkbnr/pppppppp/²/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
                                     "n.ini")
    assert specs == [] and notes == ["n.ini: [s]: [s].start: bad character '²' in rank 6"]


NUMBER_KEYS = {"nMoveRule": "int", "nFoldRule": "int", "pocketSize": "int", "maxRank": "rank",
               "castlingRank": "rank", "promotionRank": "rank"}
NUMBER_TEXT = st.text(alphabet=st.sampled_from("0123456789+- ") | st.characters(categories=("Nd", "No")),
                      max_size=14) | st.integers(-10 ** 12, 10 ** 12).map(str) | st.just("7" * 5000)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(sorted(NUMBER_KEYS)), NUMBER_TEXT)
def test_a_number_is_ascii_digits_or_one_line_ignored(key, value):
    """A whole number (a rank: 1 to 10) of at most 9 ASCII digits with an optional sign is read; an empty value
    is skipped; anything else is one note naming the key and its line, and the section plays as its parent."""
    text = value.strip()
    digits = text[1:] if text[:1] in ("+", "-") else text
    number = digits.isascii() and digits.isdigit() and len(digits) <= 9
    if NUMBER_KEYS[key] == "rank":
        number = number and text == digits and 1 <= int(text) <= 10
    specs, notes = read_ini_variants(f"[s:chess]\n{key} = {value}\n", "n.ini", build=False, reasons=False)
    assert all("\n" not in n and len(n) < 300 and "int()" not in n for n in notes), notes
    mine = [n for n in notes if n.startswith(f"n.ini: [s].{key} (line 2): ")]
    if number:
        assert mine == [], notes
    elif not text:      # FSF's parser skips a key with nothing after "=" (parser.cpp): no note, the parent's value
        assert mine == [] and specs and specs[0].table == chess_table(), notes
    else:
        assert len(mine) == 1 and mine[0].endswith("; ignored") and specs and specs[0].table == chess_table(), notes
