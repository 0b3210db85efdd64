"""SVG pictures (pictures/svg.py), read back as XML: every occupied cell has exactly one piece glyph on its own
square, the last move's cells are highlighted, attacked royals are marked, the legend lists the special pieces.
Parametrized over the registry, so every game is covered as it lands."""
from __future__ import annotations

import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from hyperchess.pictures import render_svg
from hyperchess.pictures.games import on_show
from hyperchess.pictures.pieces import INK
from hyperchess.pictures.svg import DEFAULT_COLORS, SIDE_COLORS
from hyperchess.variants import game_names, get_game
from hyperchess.variants.core.game import EMPTY, HOLE
from hyperchess.variants.core.san import edge_labels

NS = {"s": "http://www.w3.org/2000/svg"}
ROOT = Path(__file__).resolve().parents[1]

# The special (not orthodox) pieces each game's legend must list, by letter; written from the rule contracts.
SPECIAL_PIECES = {
    "normal": set(), "cylinder": set(), "millennium": set(),
    "capablanca": {"A", "C"},
    "mixed3d": {"M"},
    "third-millennium": {"D", "N"},     # double knight joined, and a split half
    "next-generation": set(),
    "future-generation": {"C"},         # the crowned knight
    "first-contact": {"platform", "point", "moved-last"},     # platforms, vacant points, the one that may not move
}


def mid_game(name: str, plies: int = 14, seed: int = 7):
    """A position some random legal moves into the game (captures preferred, so pieces leave the board)."""
    game = get_game(name)
    pos = game.position()
    rng = random.Random(seed)
    for _ in range(plies):
        moves = pos.legal_moves()
        if not moves or pos.outcome() is not None:
            break
        captures = [m for m in moves if pos.board[m[1]] not in (EMPTY, HOLE) and m[0] != m[1]]
        pos.push(rng.choice(captures if captures and rng.random() < 0.7 else moves))
    assert pos.moves_made, "no move was played"
    return pos


def classes(el) -> set[str]:
    return set(el.get("class", "").split())


def squares(root) -> dict[str, tuple[float, float, float, float]]:
    out = {}
    for r in root.iter("{http://www.w3.org/2000/svg}rect"):
        if "square" in classes(r) or "hole" in classes(r):
            out[r.get("data-square")] = (float(r.get("x")), float(r.get("y")), float(r.get("width")),
                                         float(r.get("height")))
    return out


def translate(el) -> tuple[float, float]:
    m = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", el.get("transform"))
    return float(m.group(1)), float(m.group(2))


def check_picture(pos, svg: str) -> ET.Element:
    game = pos.game
    root = ET.fromstring(svg)
    sq = squares(root)
    # every cell of the board is drawn once (First Contact: vacant platform points' cells as holes)
    assert len(sq) == game.geometry.size
    glyphs = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if "piece" in classes(g)]
    occupied = {game.names.name(c): c for c in range(game.geometry.size) if pos.board[c] not in (EMPTY, HOLE)}
    by_square: dict[str, list] = {}
    for g in glyphs:
        by_square.setdefault(g.get("data-square"), []).append(g)
    assert set(by_square) == set(occupied)
    for name, cell in occupied.items():
        assert len(by_square[name]) == 1, name
        g = by_square[name][0]
        code = pos.board[cell]
        assert g.get("data-piece") == game.letter_of(code)
        assert g.get("data-color") == game.color_names[game.owner[code]]
        x, y, w, h = sq[name]
        cx, cy = translate(g)
        assert x < cx < x + w and y < cy < y + h, f"{name}: glyph at {cx},{cy} outside {sq[name]}"
        fills = {t.get("fill") for t in g.iter("{http://www.w3.org/2000/svg}text")} | \
                {c.get("fill") for c in g.iter("{http://www.w3.org/2000/svg}circle")}
        # drawn in its side's colour, or grey when its side is eliminated
        dead = pos.eliminated(game.owner[code])
        assert ("eliminated" in classes(g)) == dead
        drawing = game.drawing
        if drawing.pieces == "figurines":
            assert (DEFAULT_COLORS["dimmed"] if dead else SIDE_COLORS[g.get("data-color")][0]) in fills
        elif drawing.pieces == "discs":         # xiangqi, janggi: the side's ink on the disc
            strokes = {c.get("stroke") for c in g.iter("{http://www.w3.org/2000/svg}circle")}
            assert INK[drawing.side_colors[game.owner[code]]] in fills & strokes
        elif drawing.pieces == "carved":        # a makruk set: the figure in its side's colour
            assert SIDE_COLORS[g.get("data-color")][0] in {e.get("fill") for e in g.iter()}
        else:                                   # shogi: pointing away from its owner (the first player below)
            turned = any("rotate(180)" in (e.get("transform") or "") for e in g.iter())
            assert turned == (game.teams[game.owner[code]] == 1), name
    return root


def legend_keys(root) -> set[str]:
    return {g.get("data-piece") for g in root.iter("{http://www.w3.org/2000/svg}g") if "legend-item" in classes(g)}


@pytest.mark.parametrize("name", game_names())
def test_start_position_picture(name):
    game = get_game(name)
    pos = game.position()
    root = check_picture(pos, render_svg(pos))
    assert not [r for r in root.iter("{http://www.w3.org/2000/svg}rect") if "lastmove" in classes(r)]
    expected = SPECIAL_PIECES.get(name)
    if expected is None:    # a game added later: every piece type that is not one of the six orthodox ones
        expected = {p.letter for p in game.pieces[1:] if p.letter not in "PNBRQK" or p.tags}
    if game.drawing.pieces != "figurines":   # characters: every piece the players meet (not a type only moved as)
        expected = {game.pieces[k].letter for k in on_show(game)}
    assert expected <= legend_keys(root)
    # every panel has coordinates: a label under each column and beside each row, as the notation names them
    # (WXF names no rank), the coordinates' own hidden for the web board's switch where they differ
    for panel in root.iter("{http://www.w3.org/2000/svg}g"):
        if "panel" not in classes(panel):
            continue
        for shown in (True, False):
            files = [t.text for t in panel if "file" in classes(t) and (t.get("display") != "none") == shown]
            ranks = [t.text for t in panel if "rank" in classes(t) and (t.get("display") != "none") == shown]
            assert (files and (ranks or edge_labels(game) is not None)) or not (shown or files)
            assert len(set(files)) == len(files) and len(set(ranks)) == len(ranks)


@pytest.mark.parametrize("name", game_names())
def test_mid_game_picture_and_last_move(name):
    pos = mid_game(name)
    move = pos.last_move
    root = check_picture(pos, render_svg(pos, lastmove=move))
    lit = {r.get("data-square") for r in root.iter("{http://www.w3.org/2000/svg}rect") if "lastmove" in classes(r)}
    size = pos.game.geometry.size
    assert lit == {pos.game.names.name(c) for c in move[:2] if 0 <= c < size}
    assert lit


@pytest.mark.parametrize("name", game_names())
def test_flip_turns_the_board(name):
    pos = get_game(name).position()
    plain, flipped = squares(ET.fromstring(render_svg(pos))), squares(ET.fromstring(render_svg(pos, flipped=True)))
    g = pos.game.geometry
    # the lowest and highest cells of one file of the first level (boards with holes: the ones that exist)
    f, lv = min((f, lv) for (f, r, lv) in g.index)
    ranks = sorted(r for (ff, r, ll) in g.index if (ff, ll) == (f, lv))
    low, high = (pos.game.names.name(g.index[(f, r, lv)]) for r in (ranks[0], ranks[-1]))
    assert plain[low][1] > plain[high][1]        # rank 1 below the last rank
    assert flipped[low][1] < flipped[high][1]    # and above it when flipped


def test_attacked_king_is_marked():
    game = get_game("normal")
    pos = game.position()
    for m in ("e2e4", "f7f5", "d1h5"):
        pos.push(pos.parse_move(m))
    root = ET.fromstring(render_svg(pos))
    marked = [r.get("data-square") for r in root.iter("{http://www.w3.org/2000/svg}rect") if "check" in classes(r)]
    assert marked == ["e8"]
    assert not [r for r in ET.fromstring(render_svg(pos, check=None)).iter() if "check" in classes(r)]


def test_mixed3d_levels_labelled_in_a_grid():
    pos = get_game("mixed3d").position()
    root = ET.fromstring(render_svg(pos))
    panels = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if "panel" in classes(g)]
    assert [p.get("data-title") for p in panels] == [f"level {i}" for i in range(1, 9)]
    sq = squares(root)
    # levels 1-4 in the bottom row, 5-8 above; each level left of the next
    assert sq["1a1"][1] == sq["4a1"][1] > sq["5a1"][1] == sq["8a1"][1]
    assert sq["1a1"][0] < sq["2a1"][0] < sq["3a1"][0] < sq["4a1"][0]


def test_third_millennium_seam_and_king_lines():
    pos = get_game("third-millennium").position()
    root = ET.fromstring(render_svg(pos))
    sq = squares(root)
    seams = {l.get("data-edge"): l for l in root.iter("{http://www.w3.org/2000/svg}line") if "seam" in classes(l)}
    assert set(seams) == {"top", "bottom"}
    assert float(seams["top"].get("y1")) == sq["a14"][1]                    # above rank 14
    assert float(seams["bottom"].get("y1")) == sq["a1"][1] + sq["a1"][3]    # below rank 1
    rows = [r for r in root.iter("{http://www.w3.org/2000/svg}rect") if "marked-row" in classes(r)]
    assert sorted(round(float(r.get("y")) - 1) for r in rows) == sorted([round(sq["a1"][1]), round(sq["a8"][1])])
    assert all("king line" in r.get("data-label") for r in rows)


def test_millennium_centre_rook_file():
    pos = get_game("millennium").position()
    root = ET.fromstring(render_svg(pos))
    sq = squares(root)
    cols = [r for r in root.iter("{http://www.w3.org/2000/svg}rect") if "marked-column" in classes(r)]
    assert len(cols) == 1 and round(float(cols[0].get("x")) - 1) == round(sq["h1"][0])
    assert len({k[0] for k in sq}) == 15 and len(sq) == 15 * 8


def test_cylinder_seam_on_the_a_and_h_edges():
    root = ET.fromstring(render_svg(get_game("cylinder").position()))
    edges = {l.get("data-edge") for l in root.iter("{http://www.w3.org/2000/svg}line") if "seam" in classes(l)}
    assert edges == {"left", "right"}


def test_options_size_colors_arrows_fill():
    game = get_game("normal")
    pos = game.position()
    e2, e4, d4 = (game.names.parse(s) for s in ("e2", "e4", "d4"))
    svg = render_svg(pos, size=300, colors={"square light": "#ffffff"}, arrows=[(e2, e4)], fill={d4: "#ff0000"})
    root = ET.fromstring(svg)
    assert root.get("width") == "300"
    arrows = [l for l in root.iter("{http://www.w3.org/2000/svg}line") if "arrow" in classes(l)]
    assert [(a.get("data-from"), a.get("data-to")) for a in arrows] == [("e2", "e4")]
    fills = [r.get("data-square") for r in root.iter("{http://www.w3.org/2000/svg}rect") if "fill" in classes(r)]
    assert fills == ["d4"]
    light = [r for r in root.iter("{http://www.w3.org/2000/svg}rect") if {"square", "light"} <= classes(r)]
    assert light and all(r.get("fill") == "#ffffff" for r in light)


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "hyperchess", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)


def test_cli_show_svg(tmp_path):
    out = tmp_path / "b.svg"
    r = run_cli("show", "third-millennium", "--svg", str(out), "--flip")
    assert r.returncode == 0, r.stderr
    root = ET.fromstring(out.read_text())
    assert root.get("data-variant") == "third-millennium"
    sq = squares(root)
    assert sq["a1"][1] < sq["a14"][1]          # flipped: rank 1 on top


def test_cli_show_svg_bad_input(tmp_path):
    r = run_cli("show", "normal", "--svg", str(tmp_path / "missing" / "x.svg"))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "cannot write" in r.stderr
    r = run_cli("show", "normal", "--svg", "-", "--lastmove")
    assert r.returncode == 2 and "no move" in r.stderr
    r = run_cli("show", "normal", "--svg", "-", "--position", "rnbqkbnr/pppp w - - 0 1")
    assert r.returncode == 2 and r.stderr.count("\n") == 1


def panels_by_title(root) -> dict[str, ET.Element]:
    return {g.get("data-title"): g for g in root.iter("{http://www.w3.org/2000/svg}g") if "panel" in classes(g)}


def test_stacked_levels_read_from_the_top_level():
    """Future Generation's levels A (top) to D (bottom) in reading order: A B above C D."""
    sq = squares(ET.fromstring(render_svg(get_game("future-generation").position())))
    assert sq["Aa1"][1] == sq["Ba1"][1] < sq["Ca1"][1] == sq["Da1"][1]
    assert sq["Aa1"][0] == sq["Ca1"][0] < sq["Ba1"][0] == sq["Da1"][0]


def test_future_generation_eliminated_side_is_grey():
    game = get_game("future-generation")
    start = game.position().fen().split()
    # Gold has lost its king (Dh4): Gold is eliminated, its pieces stay as inert blockers
    board = start[0].replace("sKsP4gPgK", "sKsP4gP1")
    fen = " ".join([board, start[1], start[2].replace("gKgQ", ""), *start[3:-1], "g"])
    pos = game.position(fen)
    assert pos.eliminated(2) and not pos.eliminated(3)
    root = check_picture(pos, render_svg(pos))
    grey = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if "eliminated" in classes(g)]
    assert grey and {g.get("data-color") for g in grey} == {"gold"}
    assert len(grey) == sum(1 for c in pos.board if c not in (EMPTY, HOLE) and game.owner[c] == 2) == 15
    notes = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text") if "note" in classes(t)]
    assert any(n.startswith("Gold is eliminated") for n in notes)


FC_MOVES = "@Wa1u @Ba4u @Wd1u @Bd4u K@Wb2 K@Bc3 P@Wa1 P@Bd4 a12a13 Q@Bd1 Wa1u-Na1u".split()


def first_contact(moves=FC_MOVES):
    game = get_game("first-contact")
    pos = game.position()
    for m in moves:
        pos.push(pos.parse_move(m))
    return pos


def test_first_contact_levels_in_their_offset_positions():
    """§C(b): N's rank 1 lies over W's rank 3 and B's rank 1 over N's rank 3: one shared rank axis, one panel
    per elevation, fixed levels with files a-d, platform elevations with the corner files z, a, d, e."""
    pos = first_contact([])
    root = check_picture(pos, render_svg(pos))
    sq = squares(root)
    names = pos.game.names
    wa3, na1, nb3, ba1 = (sq[names.name(names.parse(s))] for s in ("Wa3", "Na1", "Nb3", "Ba1"))
    assert wa3[1] == na1[1] and nb3[1] == ba1[1] and na1[1] > ba1[1]
    assert wa3[0] < na1[0] < ba1[0]                           # elevations left to right
    panels = panels_by_title(root)
    assert len(panels) == 7
    files = {t: [x.text for x in p if "file" in classes(x)] for t, p in panels.items()}
    assert files["W \u00b7 elevation 2"] == files["N \u00b7 elevation 4"] == list("abcd")
    assert files["Wu Nd \u00b7 elev. 3"] == files["Bu \u00b7 elev. 7"] == list("zade")
    ranks = [x.text for x in panels["W \u00b7 elevation 2"] if "rank" in classes(x)]
    assert ranks == ["4", "3", "2", "1"]
    # at the start every point is vacant: 24 dashed outlines, no reserve piece missing, phase 1 said
    blocks = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if "block" in classes(g)]
    assert len(blocks) == 24 and all("point" in classes(b) for b in blocks)
    notes = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text") if "note" in classes(t)]
    assert notes[0].startswith("phase 1") and "4 of the 4 platforms still to place" in notes


def test_first_contact_platforms_reserves_phase_and_the_platform_that_may_not_move():
    pos = first_contact()
    game = pos.game
    move = pos.last_move
    root = check_picture(pos, render_svg(pos, lastmove=move))
    sq = squares(root)
    blocks = {g.get("data-label"): g for g in root.iter("{http://www.w3.org/2000/svg}g") if "block" in classes(g)}
    standing = {p.name for p in game.platforms(pos)}
    assert standing == {"Na1u", "Wd1u", "Ba4u", "Bd4u"}
    assert {n for n, b in blocks.items() if "platform" in classes(b)} == standing
    assert {n for n, b in blocks.items() if "moved-last" in classes(b)} == {"Na1u"}
    # each outline covers exactly its point's four cells
    for point in game.points:
        r = next(iter(blocks[point.name].iter("{http://www.w3.org/2000/svg}rect")))
        x, y, w, h = (float(r.get(k)) for k in ("x", "y", "width", "height"))
        inside = {n for n, (cx, cy, cw, ch) in sq.items() if x <= cx + cw / 2 <= x + w and y <= cy + ch / 2 <= y + h}
        assert inside == {game.names.name(c) for c in point.cells}, point.name
    # the platform move lights the pawn's old cell (now a vacant point) and its new one
    lit = {r.get("data-square") for r in root.iter("{http://www.w3.org/2000/svg}rect") if "lastmove" in classes(r)}
    assert lit == {"a13", "a35"}
    # both reserves beside the board, with the counts the position holds, as click targets for drops
    shown = {}
    for g in root.iter("{http://www.w3.org/2000/svg}g"):
        if "reserve-piece" in classes(g):
            shown[(g.get("data-color"), g.get("data-piece").upper())] = int(g.get("data-count").lstrip("\u00d7"))
            assert g.get("data-target") == f"reserve-{g.get('data-color')}-{g.get('data-piece').upper()}"
    expected = {(game.color_names[c], letter): n for c in (0, 1) for letter, n in game.reserve(pos, c).items()}
    assert shown == expected and shown[("white", "P")] == 7 and ("black", "Q") not in shown
    notes = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text") if "note" in classes(t)]
    assert notes[0].startswith("phase 3") and any("Na1u moved last" in n for n in notes)
