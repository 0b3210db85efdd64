"""The shogi family's rules (variants/rules/piece_rules.py, hands.py, and the repetition values of
variants/core/game.py) against pyffish, on positions that random games seldom reach: the legal moves and the
game's end at every ply of a given line, as Fairy-Stockfish judges them. And the same rules written in a TOML
variants file."""
from __future__ import annotations

import pytest

from hyperchess.variants import get_game
from hyperchess.variants.core.perft import perft
from hyperchess.variants.formats.filegame import FileGame
from hyperchess.variants.formats.variantsfile import read_variants

from test_fsf_reference import fsf_end, fsf_perft, needs_fsf, our_fen, pyffish


def replay(variant: str, fen: str, moves: list[str]) -> list[str | None]:
    """Play ``moves`` from ``fen`` in our game and in pyffish; at each ply the legal moves must agree, and the
    end. The ends seen, ply by ply."""
    game = get_game(variant)
    pos = game.position(our_fen(game, fen))
    ends = []
    for i in range(len(moves) + 1):
        theirs = sorted(pyffish.legal_moves(variant, fen, moves[:i]))
        outcome = pos.outcome()
        end = fsf_end(variant, fen, moves[:i], theirs)
        assert (outcome.result if outcome else None) == end, (variant, moves[:i], outcome, end)
        if outcome is None:
            assert sorted(pos.move_name(m) for m in pos.legal_moves()) == theirs, (variant, moves[:i])
        ends.append(end)
        if i < len(moves):
            pos.push(pos.parse_move(moves[i]))
    return ends


@needs_fsf
def test_a_mate_by_dropping_a_pawn_loses_for_the_dropper():
    """Uchifuzume (FSF's shogiPawnDropMateIllegal): the drop is legal, the mated side wins."""
    fen = "k8/2S6/1G7/9/9/9/9/9/8K[P] w 0 1"
    assert replay("shogi", fen, ["P@a8"]) == [None, "0-1"]
    game = get_game("shogi")
    pos = game.position(our_fen(game, fen))
    pos.push(pos.parse_move("P@a8"))
    assert pos.legal_moves() == [] and "drop" in pos.outcome().reason
    # the same mate by the gold is a plain mate
    assert replay("shogi", "k8/2S6/9/1G7/9/9/9/9/8K[] w 0 1", ["b6b7"]) == [None, "1-0"]


@needs_fsf
def test_no_second_pawn_on_a_file_and_no_piece_where_it_could_never_move():
    """Nifu (dropNoDoubled) and immobility (immobilityIllegal): no pawn drop on the e-file, no pawn or lance on
    the last rank, no knight on the last two, and a knight reaching them must promote."""
    fen = "4k4/9/9/2N6/4P4/9/9/9/4K4[PLN] w 0 1"
    replay("shogi", fen, ["c6b8+"])
    game = get_game("shogi")
    names = {game.position(our_fen(game, fen)).move_name(m) for m in game.position(our_fen(game, fen)).legal_moves()}
    assert "P@e3" not in names and "P@d3" in names and "L@a9" not in names and "N@a8" not in names
    assert "c6b8+" in names and "c6b8" not in names and "c6d8+" in names


@needs_fsf
@pytest.mark.parametrize("variant, fen, cycle, ends", [
    # perpetual check (perpetualCheckIllegal): the checking side loses at the fourth occurrence
    ("shogi", "k8/7R1/9/9/9/9/9/9/8K[] w 0 1", ["h8h9", "a9a8", "h9h8", "a8a9"], "0-1"),
    # minishogi: a repetition loses for White whoever is to move (nFoldValue loss, nFoldValueAbsolute)
    ("minishogi", "k4/5/5/5/1R2K[] w 0 1", ["e1e2", "a5a4", "e2e1", "a4a5"], "0-1"),
    # torishogi: the side to move wins (nFoldValue win)
    ("torishogi", "k6/7/7/7/7/7/1L4K[] w 0 1", ["g1g2", "a7a6", "g2g1", "a6a7"], "1-0"),
])
def test_fourfold_repetition_ends_as_each_game_says(variant, fen, cycle, ends):
    seen = replay(variant, fen, cycle * 3)
    assert seen[:-1] == [None] * 12 and seen[-1] == ends


@needs_fsf
def test_minishogi_repetition_with_black_to_move_still_loses_for_white():
    seen = replay("minishogi", "k4/5/5/5/1R2K[] w 0 1", ["e1e2", "a5a4", "e2e1", "a4a5"] * 3 + ["e1e2"])
    assert seen[11:] == [None, "0-1", "0-1"]       # the fourth time with White, then with Black to move


@needs_fsf
def test_kyoto_drops_promoted_and_pieces_alternate():
    """Kyoto shogi: a piece in hand drops as either side (+P@), every move of a promotable piece promotes or
    demotes (mandatory, the zone is the whole board), a captured promoted piece goes to hand as it was."""
    start = pyffish.start_fen("kyotoshogi")
    ends = replay("kyotoshogi", start, ["e1e2+", "a5a4+", "e2e5-", "a4a1-"])
    assert ends == [None] * 5
    game = get_game("kyotoshogi")
    pos = game.position(our_fen(game, "k4/5/5/5/4K[Pp] w 0 1"))
    names = {pos.move_name(m) for m in pos.legal_moves()}
    assert {"P@c3", "+P@c3"} <= names
    replay("kyotoshogi", "k4/5/5/5/4K[Pp] w 0 1", ["+P@c3", "a5b5", "c3c5-"])


@needs_fsf
def test_micro_promotes_only_by_capturing():
    start = pyffish.start_fen("micro")
    replay("micro", start, ["d2d3", "a4a3", "c1a3+"])
    game = get_game("micro")
    pos = game.position(our_fen(game, start))
    for move in ["d2d3", "a4a3"]:
        pos.push(pos.parse_move(move))
    names = {pos.move_name(m) for m in pos.legal_moves()}
    assert "c1a3+" in names and "c1a3" not in names and "d3d4" in names and "d3d4+" not in names


MINI_TOML = """
[tomlmini]
files = 5
ranks = 5
start = "rbsgk/4p/5/P4/KGSBR[] w - - 0 1"
promotion = ""
promotion_ranks = 1
piece_drops = true
captures_to_hand = true
piece_promotion = { P = "G", S = "G", B = "H", R = "D" }
drop_no_doubled = "P"
immobility_illegal = true
drop_mate_illegal = "P"
fifty_plies = 0
repetition = 4
repetition_value = "loss"
repetition_absolute = true
perpetual_check = "loss"
stalemate = "loss"
players = [{ name = "white", letter = "w", forward = [0, 1, 0] },
           { name = "black", letter = "b", forward = [0, -1, 0], side = [-1, 0, 0] }]

[tomlmini.pieces]
P = { name = "shogi pawn", betza = "fW", value = 50 }
S = { name = "silver", betza = "FfW", value = 260 }
G = { name = "gold", betza = "WfF", value = 280 }
B = { name = "bishop", betza = "B", value = 330 }
R = { name = "rook", betza = "R", value = 500 }
H = { name = "horse", betza = "BW", value = 600 }
D = { name = "dragon", betza = "RF", value = 700 }
K = { name = "king", betza = "K", value = 0, royal = true }
"""


@needs_fsf
def test_the_same_rules_from_a_toml_file_count_as_fairy_stockfish():
    """One model for both formats: minishogi written in TOML counts perft 3 as pyffish's minishogi."""
    [spec] = read_variants(MINI_TOML, "mini.toml")
    game = FileGame(spec)
    start = pyffish.start_fen("minishogi")
    assert perft(game.position(our_fen(game, start)), 3) == fsf_perft("minishogi", start, [], 3)
    pos = game.position("1k3/5/5/5/4K[Pp] w - - 0 1")
    names = {pos.move_name(m) for m in pos.legal_moves()}
    assert "P@a5" not in names and "P@a4" in names                # immobility: no pawn on the last rank


def test_bad_piece_promotion_keys_are_one_line():
    from hyperchess.variants.board.errors import VariantsFileError
    promotion = 'piece_promotion = { P = "G", S = "G", B = "H", R = "D" }'
    for old, bad, reason in [(promotion, 'piece_promotion = { P = "Z" }', "no piece 'Z'"),
                             (promotion, 'piece_promotion = { P = "G", G = "D" }', "cannot promote itself"),
                             (promotion, 'piece_promotion = { K = "G" }', "royal"),
                             ('drop_mate_illegal = "P"', 'drop_mate_illegal = 3', "letters"),
                             ('repetition_value = "loss"', 'repetition_value = "maybe"', "repetition_value")]:
        text = MINI_TOML.replace(old, bad)
        with pytest.raises(VariantsFileError, match=reason):
            read_variants(text, "mini.toml")
