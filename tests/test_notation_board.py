"""The board as the move list names it (issue 71): the edge labels of the picture follow the game's notation
(shogi's files 9..1 from sente's left and ranks a..i from the top; xiangqi's WXF files counted from the right
of the player at the bottom; janggi's numbers), the coordinates' own labels hidden for the web board's
"Coordinates" switch; and the legend names each piece by the letter the move list writes for it."""
from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from hyperchess.pictures import render_svg
from hyperchess.pictures.games import legend_entries
from hyperchess.pictures.layout import level_grid
from hyperchess.pictures.pieces import piece_text
from hyperchess.variants import get_game
from hyperchess.variants.board.codes import code_of
from hyperchess.variants.core.san import write

from test_fsf_reference import game_for

SVG = "{http://www.w3.org/2000/svg}"


def edge(svg: str, kind: str, shown: bool = True) -> list[str]:
    """The labels along one edge (``kind`` "file" under the columns, left to right; "rank" beside the rows, top
    first) that the picture shows (``shown``) or hides."""
    root = ET.fromstring(svg)
    texts = [t for t in root.iter(SVG + "text") if {"coord", kind} <= set(t.get("class", "").split())]
    texts = [t for t in texts if (t.get("display") != "none") == shown]
    axis = "x" if kind == "file" else "y"
    return [t.text for t in sorted(texts, key=lambda t: float(t.get(axis)))]


def label_of(pos, flipped: bool, cell: int) -> tuple[str, str]:
    """The file and rank labels the picture shows at ``cell`` (its column's, its row's)."""
    panel = level_grid(pos, flipped).panels[0]
    column, row = panel.cells[cell]
    svg = render_svg(pos, flipped=flipped)
    ranks = edge(svg, "rank")
    return edge(svg, "file")[column], (ranks[row] if ranks else "")


def test_shogi_edges_are_numbered_as_hodges_names_the_squares():
    """Files 9..1 left to right and ranks a..i from the top, as sente sees the board (shogi diagrams number the
    files from the right and letter the ranks from the top: 1a the top right corner; docs/web.md); turned with
    the board; every move's destination in the list is the square the labels name."""
    pos = get_game("shogi").position()
    svg = render_svg(pos)
    assert edge(svg, "file") == list("987654321") and edge(svg, "rank") == list("abcdefghi")
    assert edge(svg, "file", shown=False) == list("abcdefghi") and edge(svg, "rank", shown=False) == list("987654321")
    flipped = render_svg(pos, flipped=True)
    assert edge(flipped, "file") == list("123456789") and edge(flipped, "rank") == list("ihgfedcba")
    for move in pos.legal_moves():
        written = write(pos, move)                      # P-7f: the piece reaches file 7, rank f
        destination = re.search(r"(\d+)([a-z])[+=]?$", written).groups()
        for flip in (False, True):
            assert label_of(pos, flip, move[1]) == destination, (written, flip)


def test_xiangqi_files_are_counted_from_the_right_of_the_player_at_the_bottom():
    """WXF numbers the files 1-9 from each player's right and names no rank (the labels beside the ranks are
    left out); a sideways move ``C2=5`` lands on the file the labels call 5, seen from the mover's side."""
    game = get_game("xiangqi")
    pos = game.position()
    assert edge(render_svg(pos), "file") == list("987654321") and edge(render_svg(pos), "rank") == []
    for turn in (0, 1):
        for move in pos.legal_moves():
            written = write(pos, move)
            if written[2] == "=":                        # sideways: the last digit is the file reached
                assert label_of(pos, turn == 1, move[1])[0] == written[3], written
                assert label_of(pos, turn == 1, move[0])[0] == written[1], written
        pos.push(pos.parse_move("h3e3" if turn == 0 else "h10g8"))


def test_janggi_points_are_numbered_as_its_notation_names_them():
    pos = get_game("janggi").position()
    svg = render_svg(pos)
    assert edge(svg, "file") == list("123456789") and edge(svg, "rank") == list("1234567890")
    for move in pos.legal_moves():
        written = write(pos, move)
        if written[0].isalpha() and written != "pass":
            rank, file = written[4], written[5]          # H08-87: reaches rank 8, file 7
            assert label_of(pos, False, move[1]) == (file, rank), written


def test_chess_edges_stay_as_they_were():
    svg = render_svg(get_game("normal").position())
    assert edge(svg, "file") == list("abcdefgh") and edge(svg, "rank") == list("87654321")
    assert edge(svg, "file", shown=False) == []


def move_list_letters(variant: str, seed: int = 71, games: int = 6, plies: int = 80) -> dict[int, set[str]]:
    """Each piece kind -> the letters the move list wrote for it over random games (a move of each piece that
    can move in every position; WXF's moves that name a piece by its number, ``15+1``, left out)."""
    game = game_for(variant)
    rng = random.Random(seed)
    seen: dict[int, set[str]] = {}
    for _ in range(games):
        pos = game.position()
        for _ in range(plies):
            if pos.outcome() is not None:
                break
            legal = pos.legal_moves()
            kinds = set()
            for move in legal:
                parts = game.move_parts(pos, move)
                if parts is None or parts.passes or game.kind_of[parts.piece] in kinds:
                    continue
                kinds.add(game.kind_of[parts.piece])            # one move of each piece a position
                written = write(pos, move)
                if not written[0].isdigit():
                    seen.setdefault(game.kind_of[parts.piece], set()).add(re.match(r"\+?[A-Z]", written).group())
            pos.push(rng.choice(legal))
    return seen


@pytest.mark.parametrize("variant", ["xiangqi", "janggi", "manchu", "minixiangqi"])
def test_legend_letters_are_the_move_list_letters(variant):
    """The legend's "horse (H)": the letter after each piece's name is the one its moves are written with, and
    the one the board draws with its "Letters" switch."""
    game = game_for(variant)
    written = move_list_letters(variant)
    legend = {game.kind_of[glyph]: re.search(r"\((\+?[A-Z]+)\)$", text).group(1)
              for _, text, glyph in legend_entries(game) if isinstance(glyph, int)}
    assert legend and set(legend) <= set(written), (legend, written)
    for kind, letter in legend.items():
        assert written[kind] == {letter}, (game.pieces[kind].name, letter, written[kind])
        assert piece_text(game, code_of(kind, 0), latin=True) == letter     # the "Letters" board draws it too
