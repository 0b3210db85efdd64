"""The names players use (issue 71): no legend, choice, palette or `variants --long` line of Fairy-Stockfish's
games shows one of FSF's internal piece-type names (``shogiPawn``, ``bers``, ``fers``, ``wazir``,
``janggiCannon``, ``customPiece1``...) or a Betza string; xiangqi, janggi and shogi use their players' words."""
from __future__ import annotations

import random
import re

import pytest

from hyperchess.pictures.games import legend_entries
from hyperchess.variants import game_names, get_game
from hyperchess.variants.formats import fsf_model
from hyperchess.web.targets import legal_targets

# FSF's type names that players do not use (src/piece.cpp): its camel-case names, its custom pieces, and the
# short names of its leapers and hybrids
INTERNAL = {"bers", "fers", "wazir", "knibis", "biskni", "kniroo", "rookni", "aiwok", "immobile", "breakthrough",
            "clobber"} | {t for t in fsf_model.PIECE_BETZA if re.search("[a-z][A-Z]", t)} | set(fsf_model.CUSTOM)
FSF_GAMES = [n for n in game_names() if "Fairy-Stockfish" in (get_game(n).source or "")]


def bad_words(text: str) -> list[str]:
    """The words of ``text`` that are internal names or Betza-like (a lower-case run then a capital)."""
    return [w for w in re.findall(r"[A-Za-z]+", text) if w in INTERNAL or re.search("[a-z][A-Z]", w)]


def test_the_catalogue_is_scanned_whole():
    assert len(FSF_GAMES) >= 110


@pytest.mark.parametrize("name", FSF_GAMES)
def test_no_internal_name_reaches_the_player(name):
    game = get_game(name)
    texts = [text for _, text, _ in legend_entries(game)]
    texts += [game.piece_name(k) for k in range(1, len(game.pieces)) if game.pieces[k] is not None]
    # every choice the board offers along a playout (the same seed each run)
    rng = random.Random(name)
    pos = game.position()
    for _ in range(24):
        targets = legal_targets(pos)
        texts += [t["label"] for t in targets]
        moves = pos.legal_moves()
        if not moves or pos.outcome() is not None:
            break
        pos.push(rng.choice(moves))
    assert not [(t, bad_words(t)) for t in texts if bad_words(t)]


@pytest.mark.parametrize("name, names", [
    ("xiangqi", {"K": "general", "A": "advisor", "B": "elephant", "N": "horse", "R": "chariot", "C": "cannon",
                 "P": "soldier"}),
    ("janggi", {"K": "general", "A": "advisor", "B": "elephant", "N": "horse", "R": "chariot", "C": "cannon",
                "P": "soldier"}),
    ("shogi", {"K": "king", "R": "rook", "B": "bishop", "G": "gold", "S": "silver", "N": "knight", "L": "lance",
               "P": "pawn", "+R": "dragon king", "+B": "dragon horse", "+P": "tokin", "+S": "promoted silver"}),
    ("duck", {"K": "king"}),
    ("seirawan", {"H": "hawk", "E": "elephant"}),
])
def test_the_names_players_use(name, names):
    game = get_game(name)
    assert {letter: game.piece_name(game.kind_by_letter[letter]) for letter in names} == names


@pytest.mark.parametrize("name, sides", [("xiangqi", ("red", "black")), ("janggi", ("blue", "red")),
                                         ("shogi", ("sente", "gote")), ("normal", ("white", "black"))])
def test_the_sides_as_players_name_them(name, sides):
    game = get_game(name)
    assert tuple(game.side_name(c) for c in range(2)) == sides
    assert game.color_names[:2] == ("white", "black")       # the protocols' and PGN's names stay


def test_a_promotion_choice_names_the_piece():
    game = get_game("shogi")
    pos = game.position()
    for text in ("c3c4", "g7g6"):
        pos.push(pos.parse_move(text))
    labels = {t["move"]: t["label"] for t in legal_targets(pos) if t["from"] == "b2" and t["to"] == "h8"}
    assert labels == {"b2h8+": "promote", "b2h8": "stay unpromoted"}


@pytest.mark.parametrize("name", ["xiangqi", "shogi", "janggi"])
def test_show_svg_draws_the_board_the_web_draws(name, tmp_path):
    """`hyperchess show GAME --svg` writes the very picture the web board's flat view shows."""
    import subprocess
    import sys
    from web_support import base, call, serving
    out = tmp_path / f"{name}.svg"
    subprocess.run([sys.executable, "-m", "hyperchess", "show", name, "--svg", str(out)], check=True)
    with serving() as server:
        status, state = call(base(server), "/api/new", {"variant": name, "seats": ["human", "human"]})
    assert status == 200
    assert out.read_text(encoding="utf-8").strip() == state["svg"].strip()
    assert ("line class=\"palace-diagonal\"" in state["svg"]) == (name != "shogi")


ZONED = """[zoned]
files = 8
ranks = 8
start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
drawing = { board = "intersections", promotion_zones = true, side_names = ["red", "black"] }
names = { Q = "vizier" }
[zoned.pieces]
P = { betza = "fmWfcF", pawn = true }
N = { betza = "N" }
B = { betza = "B" }
R = { betza = "R" }
Q = { betza = "Q" }
K = { betza = "K", royal = true }
"""


def test_a_files_drawing_and_names(tmp_path):
    """A variants file's `drawing` and `names` keys: read into the game, shown by its picture and `variants
    --long`; a bad value is one line naming the key."""
    import subprocess
    import sys
    import xml.etree.ElementTree as ET
    from hyperchess.pictures import render_svg
    from hyperchess.variants import check_variants
    (spec,) = check_variants(ZONED, "zoned.toml")
    from hyperchess.variants.formats.filegame import FileGame
    game = FileGame(spec)
    assert game.drawing.board == "intersections" and game.drawing.promotion_zones
    assert game.side_name(0) == "red" and game.piece_name(game.kind_by_letter["Q"]) == "vizier"
    root = ET.fromstring(render_svg(game.position()))
    texts = [g.get("data-text") for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("data-text")]
    assert texts == ["vizier"]
    assert len([e for e in root.iter() if "file-line" in (e.get("class") or "")]) == 8
    for key, value, said in [("board", '"hexes"', "one of squares, grid, intersections"),
                             ("river", '"yes"', "true or false"),
                             ("side_names", '["red"]', "a name of letters for each of the 2 players"),
                             ("glyphs", '{ R = "車" }', "a table of letter")]:
        bad = tmp_path / "bad.toml"
        line = f"drawing = {{ {key} = {value} }}"
        bad.write_text(ZONED.replace(ZONED.splitlines()[4], line), encoding="utf-8")
        run = subprocess.run([sys.executable, "-m", "hyperchess", "check", str(bad)], capture_output=True, text=True)
        assert run.returncode == 2 and run.stderr.count("\n") == 1 and f"drawing.{key}: {said}" in run.stderr
