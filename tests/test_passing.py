"""Passing (variants/rules/passing.py), facing royal pieces (bikjang) and the janggi cannon's hops, each against
Fairy-Stockfish's own answer (pyffish): the legal moves and the end of the game in positions made to show the
rule, a pass written and read over UCI, and passing only on stalemate from a section of FSF's format."""
from __future__ import annotations

from dataclasses import replace

import pytest

from hyperchess.variants.rules.passing import PASS
from hyperchess.variants.formats.filegame import FileGame
from hyperchess.variants.formats.variantsfile import read_ini_variants
from protocol_support import EngineProcess, UCI_CMD
from test_fsf_reference import fsf_end, game_for, needs_fsf, our_fen, pyffish


def compare(variant: str, fen: str, moves: list[str], game=None) -> tuple[list[str], object]:
    """Our legal moves and end after ``moves`` from ``fen``, checked equal to pyffish's; returns them."""
    game = game or game_for(variant)
    pos = game.position(our_fen(game, fen))
    for m in moves:
        pos.push(pos.parse_move(m))
    ours = sorted(pos.move_name(m) for m in pos.legal_moves())
    theirs = sorted(pyffish.legal_moves(variant, fen, moves))
    outcome = pos.outcome()
    assert ours == theirs, (fen, moves)
    assert (outcome.result if outcome else None) == fsf_end(variant, fen, moves, theirs), (fen, moves, outcome)
    return ours, outcome


@needs_fsf
def test_janggi_cannon_neither_hops_over_nor_takes_a_cannon():
    # White's cannon on b3: over the soldier on b5 to b6 and b7, but not onto Black's cannon on b8
    moves, _ = compare("janggicasual", "9/4k4/1c7/9/9/1P7/9/1C7/4K4/9 w - - 0 1", [])
    assert [m for m in moves if m.startswith("b3")] == ["b3b6", "b3b7"]
    # a cannon as the screen: no hop at all (a rook on b8 would be taken over any other piece)
    moves, _ = compare("janggicasual", "9/4k4/1r7/9/9/1c7/9/1C7/4K4/9 w - - 0 1", [])
    assert not [m for m in moves if m.startswith("b3")]
    moves, _ = compare("janggicasual", "9/4k4/1r7/9/9/1n7/9/1C7/4K4/9 w - - 0 1", [])
    assert [m for m in moves if m.startswith("b3")] == ["b3b6", "b3b7", "b3b8"]


@needs_fsf
def test_palace_diagonals_and_the_elephant():
    # the cannon on d1 hops along the palace's diagonal over the king on e2 to f3; the rook on f1 slides to d3
    # over the empty centre once the king has left it; the elephant's leg (one straight, one diagonal) blocks
    moves, _ = compare("janggicasual", "4k4/9/9/9/9/9/9/9/4K4/3C1R3 w - - 0 1", [])
    assert "d1f3" in moves and "f1d3" not in moves
    moves, _ = compare("janggicasual", "4k4/9/9/9/9/9/9/9/4K4/3C1R3 w - - 0 1", ["e2e3", "e10e9"])
    assert "f1d3" in moves and "f1e2" in moves and "d1f3" not in moves
    moves, _ = compare("janggicasual", "4k4/9/9/9/9/9/9/9/2P1K4/2B6 w - - 0 1", [])
    assert not [m for m in moves if m.startswith("c1") and m[3] in "4"]     # c2 blocks e4 and a4


@needs_fsf
def test_two_passes_in_a_row_draw():
    moves, outcome = compare("janggicasual", pyffish.start_fen("janggicasual"), ["e2e2"])
    assert "e9e9" in moves and outcome is None
    _, outcome = compare("janggicasual", pyffish.start_fen("janggicasual"), ["e2e2", "e9e9"])
    assert outcome.result == "1/2-1/2" and outcome.termination == "passes"


@needs_fsf
def test_bikjang_pass_even_in_check_then_the_game_ends():
    fen = "4k4/9/9/9/9/9/9/9/9/r3K4 w - - 0 1"          # the kings face on the e-file; a1's chariot checks
    moves, outcome = compare("janggitraditional", fen, [])
    assert moves == ["e1e1"] and outcome is None
    moves, outcome = compare("janggitraditional", fen, ["e1e1"])
    assert moves == [] and outcome.result == "1/2-1/2" and outcome.termination == "bikjang"
    # facing, not in check: every move must break the line (e1e2 keeps it), or pass
    moves, _ = compare("janggitraditional", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", [])
    assert moves == ["e1d1", "e1e1", "e1f1"]
    # janggi counts the points instead (13 a chariot, 1.5 to Black for moving second): Black wins
    _, outcome = compare("janggi", fen, ["e1e1"])
    assert outcome.result == "0-1" and outcome.termination == "bikjang"
    _, outcome = compare("janggi", pyffish.start_fen("janggi"), ["e2e2", "e9e9"])
    assert outcome.result == "0-1" and outcome.termination == "passes"
    # without the rule (janggicasual) the same kings simply move
    moves, _ = compare("janggicasual", "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", [])
    assert "e1e2" in moves


@needs_fsf
def test_pass_only_on_stalemate_from_fsf_format():
    pyffish.load_variant_config("[stalepass:chess]\npassOnStalemate = true\n")
    spec = read_ini_variants("[stalepass:chess]\n", "stalepass.ini")[0][0]
    game = FileGame(replace(spec, table={**spec.table, "pass_on_stalemate": True}))
    moves, outcome = compare("stalepass", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", [], game)
    assert moves == ["h8h8"] and outcome is None                   # stalemated: the pass is its only move
    moves, _ = compare("stalepass", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", ["h8h8"], game)
    assert "h8h8" not in [m for m in moves] and "f7f8" in moves
    moves, _ = compare("stalepass", pyffish.start_fen("chess"), [], game)
    assert len(moves) == 20                                         # moves exist: no pass


def test_a_pass_round_trips_over_uci():
    """Our UCI engine plays the forced pass as ``e1e1`` and reads it back in ``position ... moves``."""
    fen = "4k4/9/9/9/9/9/9/9/9/r3K4 w - - 0 1"
    with EngineProcess(UCI_CMD) as uci:
        uci.send("uci")
        uci.expect("uciok", 20)
        uci.send("setoption name UCI_Variant value janggitraditional", f"position fen {fen}", "go depth 2")
        line, _ = uci.expect("bestmove .*", 30)
        assert line.split()[1] == "e1e1"
        fen = "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"
        uci.send("setoption name UCI_Variant value janggicasual", f"position fen {fen} moves e1e1", "go depth 1")
        line, _ = uci.expect("bestmove .*", 30)
        game = game_for("janggicasual")
        pos = game.position(fen)
        pos.push(pos.parse_move("e1e1"))
        assert pos.last_move[3] == PASS
        assert line.split()[1] in [pos.move_name(m) for m in pos.legal_moves()]


def test_the_toml_janggi_of_the_docs_is_fsf_s():
    """docs/variants-file.md's janggi in TOML plays as the reader's FSF janggicasual (one model for both)."""
    from pathlib import Path

    from hyperchess.variants import get_game
    from hyperchess.variants.core.perft import perft
    from hyperchess.variants.formats.variantsfile import read_variants
    doc = (Path(__file__).resolve().parents[1] / "docs" / "variants-file.md").read_text(encoding="utf-8")
    text = doc.split("```toml\n[janggi-casual]", 1)[1].split("```", 1)[0]
    toml = FileGame(read_variants("[janggi-casual]" + text, "janggi.toml")[0])
    ini = get_game("janggicasual")
    fens = [toml.start_fen, "4k4/9/9/9/9/9/9/9/4K4/3C1R3 w - - 0 1", "3ak4/9/3P5/9/9/9/9/9/4K4/3C1R3 w - - 0 1",
            "4k4/3P5/9/9/9/9/9/9/2P1K4/2B6 w - - 0 1"]
    for fen in fens:
        assert perft(toml.position(fen), 2) == perft(ini.position(fen), 2), fen


@needs_fsf
@pytest.mark.parametrize("white", [["a1a2", "a2a1"] * 4, ["b1c3", "c3b1"] * 3, ["a1a2", "e2e2", "a2a1", "a1a2", "a2a1", "a1a2"],
                                   ["e2e3", "e3e2"] * 4])
def test_a_piece_moved_back_and_forth_loses(white):
    """janggimodern's move repetition (moveRepetitionIllegal), without its point count: the same legal moves
    and the same end as FSF at every ply while White's piece (or the chariot of Black, i10i9, whichever
    shuttles first) goes back and forth; a general's own shuttle inside its palace does not count."""
    text = "[jm:janggimodern]\nmaterialCounting = none\n"
    pyffish.load_variant_config(text)
    game = FileGame(read_ini_variants(text, "jm.ini")[0][0])
    start = pyffish.start_fen("jm")
    black = ["i10i9", "i9i10"] * 5
    seq = [m for pair in zip(white, black) for m in pair]
    pos = game.position(our_fen(game, start))
    for k, move in enumerate(seq + [""]):
        theirs = sorted(pyffish.legal_moves("jm", start, seq[:k]))
        end = fsf_end("jm", start, seq[:k], theirs)
        outcome = pos.outcome()
        assert (outcome.result if outcome else None) == end, (seq[:k], outcome)
        if outcome:
            assert outcome.termination == "move repetition"
            break
        assert sorted(pos.move_name(m) for m in pos.legal_moves()) == theirs
        pos.push(pos.parse_move(move))
    else:
        raise AssertionError("no end")
