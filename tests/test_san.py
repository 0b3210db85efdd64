"""SAN for every flat game (hyperchess/variants/core/san.py), checked against the field's own writers and readers:
python-chess for normal chess, Fairy-Stockfish (pyffish, its Python binding) for capablanca; our PGN records
read by python-chess; and for every game a record written as PGN and replayed to the same final position."""
from __future__ import annotations

import io
import random
import sys
from pathlib import Path

import chess
import chess.pgn
import pytest
from click.testing import CliRunner

from hyperchess.cli import main
from hyperchess.tournament.pgn import check_pgn, read_pgn, record_to_pgn
from hyperchess.tournament.runner import MatchConfig, run_match
from hyperchess.tournament.spec import EngineSpec, TimeControl
from hyperchess.variants import MoveError, game_names, get_game
from hyperchess.variants.core.san import flat, parse_san, san

ROOT = Path(__file__).resolve().parents[1]

try:
    import pyffish
except ImportError:                       # the test extra; the cross-check is then skipped
    pyffish = None


def random_game(variant: str, seed: int, plies: int):
    """(start position, native moves, final position) of a random legal game."""
    game = get_game(variant)
    rng = random.Random(seed)
    pos = game.position()
    names = []
    for _ in range(plies):
        if pos.outcome() is not None:
            break
        move = rng.choice(pos.legal_moves())
        names.append(pos.move_name(move))
        pos.push(move)
    return game.position(), names, pos


def test_our_san_is_python_chess_san_and_reads_back():
    """Writer and reader over 40 random games: every move's SAN equals python-chess's."""
    game = get_game("normal")
    rng = random.Random(11)
    moves = 0
    for _ in range(40):
        board, pos = chess.Board(), game.position()
        for _ in range(rng.randrange(30, 200)):
            legal = list(board.legal_moves)
            if not legal:
                break
            move = rng.choice(legal)
            ours = pos.parse_move(move.uci())
            assert pos.san(ours) == board.san(move), board.fen()
            assert pos.parse_move(board.san(move)) == ours
            board.push(move)
            pos.push(ours)
            moves += 1
    assert moves > 2000


def test_pgn_check_reads_200_random_games_written_by_python_chess():
    rng = random.Random(5)
    out = io.StringIO()
    total = 0
    for i in range(200):
        board = chess.Board()
        pgn = chess.pgn.Game()
        pgn.headers["Event"] = f"random {i}"
        node = pgn
        for _ in range(rng.randrange(1, 120)):
            legal = list(board.legal_moves)
            if not legal:
                break
            move = rng.choice(legal)
            node = node.add_variation(move)
            board.push(move)
            total += 1
        pgn.headers["Result"] = board.result(claim_draw=False) if board.is_game_over() else "*"
        print(pgn, file=out, end="\n\n")
    report = check_pgn(out.getvalue())
    assert report.error is None and report.games == 200 and report.plies == total


def test_python_chess_reads_the_games_hyperchess_match_writes(tmp_path):
    pgn = tmp_path / "m.pgn"
    engine = (sys.executable, "-m", "hyperchess", "xboard")
    cfg = MatchConfig(engines=[EngineSpec("a", engine, cwd=str(ROOT), tc=TimeControl(depth=1)),
                               EngineSpec("b", engine, cwd=str(ROOT), tc=TimeControl(depth=2))],
                      variant="normal", games=4, maxmoves=40, concurrency=2, pgnout=str(pgn))
    records = sorted(run_match(cfg).records, key=lambda r: r["index"])
    text = pgn.read_text()
    assert "1. " in text and "e2e4" not in text               # SAN, not coordinates
    stream = io.StringIO(text)
    finals = {}
    while (read := chess.pgn.read_game(stream)) is not None:
        assert read.errors == []
        finals[read.headers["Round"]] = read.end().board()
    for rec in records:
        pos = get_game("normal").position(rec["fen"])
        for name in rec["moves"]:
            pos.push(pos.parse_move(name))
        board = finals[f"{rec['round']}.{rec['index'] + 1}"]
        assert board.fen() == pos.fen() and len(board.move_stack) == len(rec["moves"])
    assert check_pgn(text).error is None


@pytest.mark.skipif(pyffish is None, reason="pyffish (Fairy-Stockfish's Python binding) is not installed")
def test_capablanca_san_from_fairy_stockfish_replays():
    """Random capablanca games: Fairy-Stockfish writes the SAN (get_san_moves); our writer gives the same text
    and ``pgn check`` replays the PGN."""
    game = get_game("capablanca")
    rng = random.Random(9)
    out = []
    for i in range(30):
        fen = pyffish.start_fen("capablanca")
        uci: list[str] = []
        pos = game.position()
        for _ in range(rng.randrange(10, 120)):
            legal = pyffish.legal_moves("capablanca", fen, uci)
            if not legal:
                break
            move = rng.choice(legal)
            ours = pos.parse_move(move)
            assert pos.san(ours) == pyffish.get_san_moves("capablanca", fen, uci + [move])[-1]
            pos.push(ours)
            uci.append(move)
        sans = pyffish.get_san_moves("capablanca", fen, uci)
        body = " ".join(f"{n // 2 + 1}. {s}" if n % 2 == 0 else s for n, s in enumerate(sans))
        result = pos.outcome().result if pos.outcome() else "*"
        out.append(f'[Event "fsf {i}"]\n[Variant "capablanca"]\n[Result "{result}"]\n\n{body} {result}\n')
    report = check_pgn("\n".join(out))
    assert report.error is None and report.games == 30


@pytest.mark.parametrize("variant", game_names())
def test_every_game_record_to_pgn_and_back(variant):
    """record -> PGN -> pgn check -> the same final position string."""
    start, names, final = random_game(variant, 3, 80)
    outcome = final.outcome()
    rec = {"index": 0, "round": 1, "variant": variant, "players": ["a", "b", "c", "d"][:start.game.players],
           "result": outcome.result if outcome else "*", "fen": start.fen(), "termination": "normal",
           "reason": "", "moves": names, "comments": [""] * len(names), "tc": [], "date": "2026.11.25"}
    text = record_to_pgn(rec)
    assert check_pgn(text).error is None
    [read] = read_pgn(text)
    pos = get_game(variant).position(read.tags["FEN"])
    for i, token in enumerate(read.moves):   # a move named with a "+" of its own (g3g4+) is kept in ``marked``
        pos.push(pos.parse_move(read.marked.get(i, token)))
    assert pos.fen() == final.fen()
    expected, again = [], get_game(variant).position(start.fen())
    for name in names:                       # flat games in SAN, the others in native coordinates
        move = again.parse_move(name)
        expected.append((again.san(move) if flat(start.game) else name).rstrip("+#"))
        again.push(move)
    assert read.moves == expected


@pytest.mark.parametrize("variant", ["berolina", "pawnsideways", "normal", "capablanca"])
def test_every_legal_move_reads_back_from_its_san(variant):
    """Every legal move's SAN names that move alone, over random games: berolina's diagonal steps and sideways
    pawns reach one square from two cells, so a pawn's non-capture names its file there (``bc3``, ``dc3``)."""
    pawn_twins = 0
    for seed in range(6):
        start, names, _ = random_game(variant, seed, 60)
        pos = get_game(variant).position(start.fen())
        for name in names:
            legal = pos.legal_moves()
            for move in legal:
                text = san(pos, move, legal)
                assert pos.parse_move(text) == move, (pos.fen(), text)
                pawn_twins += text[0].islower() and text[1].islower() and "x" not in text
            pos.push(pos.parse_move(name))
    assert (pawn_twins > 0) == (variant in ("berolina", "pawnsideways"))


@pytest.mark.skipif(pyffish is None, reason="pyffish (test extra) not installed")
def test_berolina_pawn_steps_read_as_fairy_stockfish_writes_them():
    """Fairy-Stockfish writes berolina's twin steps with the pawn letter (``Pbc3``); both forms read."""
    pos = get_game("berolina").position()
    fen = pyffish.start_fen("berolina")
    for uci in ("b2c3", "d2c3", "b2a3"):
        move = pos.parse_move(uci)
        assert pos.parse_move(pyffish.get_san("berolina", fen, uci)) == move
        assert parse_san(pos, san(pos, move)) == move


def test_special_moves_keep_their_native_form():
    """third-millennium's split has no SAN: it is written in native coordinates, and read back."""
    game = get_game("third-millennium")
    pos = game.position()
    split = next(m for m in pos.legal_moves() if m[3] >= 8)
    assert pos.san(split) == pos.move_name(split)
    assert pos.parse_move(pos.san(split)) == split


def test_millennium_castlings_that_share_a_name_are_written_natively():
    """Millennium: two kings a side; a castling whose O-O is shared by another legal castling is written in
    coordinates, a unique one as O-O / O-O-O."""
    game = get_game("millennium")
    fen = "r3k2r2k3r/ppppppppppppppp/15/15/15/15/PPPPPPPPPPPPPPP/R3K2R2K3R w AEHKOaehko - 0 1"
    pos = game.position(fen)
    castles = [m for m in pos.legal_moves() if m[3] == 3]
    texts = [pos.san(m) for m in castles]
    assert len(castles) >= 3
    for move, text in zip(castles, texts):
        assert pos.parse_move(text) == move
        assert text in ("O-O", "O-O-O") or text == pos.move_name(move)
    assert any(t == pos.move_name(m) for m, t in zip(castles, texts))


def test_moves_option_and_errors_read_san():
    result = CliRunner().invoke(main, ["show", "normal", "--moves", "e4", "e5", "Nf3", "Nc6", "Bb5"])
    assert result.exit_code == 0 and result.output.splitlines()[-1].startswith(
        "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b")
    bad = CliRunner().invoke(main, ["show", "normal", "--moves", "e4", "e5", "Ke3"])
    assert bad.exit_code == 2 and "illegal move Ke3" in bad.output
    pos = get_game("normal").position("4k3/8/8/8/8/8/4K3/R6R w - - 0 1")
    with pytest.raises(MoveError, match="ambiguous"):
        parse_san(pos, "Rd1")                              # a1-d1 or h1-d1
    assert pos.move_name(parse_san(pos, "Rad1")) == "a1d1" and pos.move_name(parse_san(pos, "Rhd1+")) == "h1d1"
    castling = get_game("normal").position("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
    assert castling.move_name(parse_san(castling, "O-O")) == "e1g1"
    assert castling.move_name(parse_san(castling, "0-0-0")) == "e1c1"


def test_the_web_board_takes_san():
    from hyperchess.web.session import Session
    s = Session("capablanca", ["human", "human"], 0.1)
    try:
        s.play("Nh3")
        s.play("e5")
        assert s.state()["moves"] == ["i1h3", "e7e5"]
    finally:
        s.close()
