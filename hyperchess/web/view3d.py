"""The data the page's 3D view draws (``static/view3d.js``): every cell at its (file, rank, level) with its piece,
holes, the file and rank labels and level names for the coordinates, the last move, the royal pieces in check,
the analysis arrow, and the boxes beside the board (a drop game's reserves) with their click ids.

Everything comes from the same sources as the flat picture (``hyperchess.pictures``), so both views agree.
"""
from __future__ import annotations

from hyperchess.pictures.games import default_layout, glyph_for
from hyperchess.pictures.svg import DEFAULT_COLORS, attacked_royals, side_colors
from hyperchess.variants.board.codes import HOLE


def piece_data(game, code: int, glyphs: dict[tuple[int, int], str]) -> dict:
    """How the 3D view draws the piece ``code``: its token, colour, the figurine the pictures use (or its
    letter), fill and outline colours, and its name."""
    kind, color = game.kind_of[code], game.owner[code]
    piece = game.pieces[kind]
    if (kind, color) not in glyphs:          # the game's character for the piece (xiangqi, shogi), or a figurine
        glyph = glyph_for(piece.letter, piece.tags, piece.name)
        own = game.drawing.glyph(piece.letter, color)
        glyphs[kind, color] = own or (glyph.parts[0][0] if glyph.parts else piece.letter)
    fill, outline = side_colors(game, color, DEFAULT_COLORS)
    return {"token": game.letter_of(code), "color": game.color_names[color], "glyph": glyphs[kind, color],
            "fill": fill, "outline": outline, "name": game.piece_name(kind)}


def cells_3d(pos, arrows) -> dict:
    """The board of ``pos`` as data for the 3D view (see the module docstring); ``arrows``: (from, to) cells."""
    game = pos.game
    g = game.geometry
    glyphs: dict[tuple[int, int], str] = {}
    out = []
    for cell, (f, r, l) in enumerate(g.coords):
        code = pos.board[cell]
        entry = {"sq": game.names.name(cell), "f": f, "r": r, "l": l, "dark": (f + r) % 2 == 0, "hole": code == HOLE}
        if code > HOLE:
            entry["piece"] = piece_data(game, code, glyphs)
        out.append(entry)
    last = pos.last_move
    names = game.names
    reserves = [{"title": title,
                 "items": [{"target": target, "count": count, "piece": piece_data(game, code, glyphs)}
                           for target, code, count in items]}
                for title, items in default_layout(pos, False).side]
    return {"cells": out, "files": g.files, "ranks": g.ranks, "levels": g.levels,
            "level_names": list(names.level_names),
            "file_labels": [names.file_letters[f] for f in range(g.files)],
            "rank_labels": [str(r + names.rank_base) for r in range(g.ranks)],
            "last": [names.name(c) for c in (last[:2] if last else ()) if 0 <= c < g.size],
            "check": [names.name(c) for c in attacked_royals(pos)],
            "arrows": [[names.name(a[0]), names.name(a[1])] for a in arrows],
            "reserves": reserves}
