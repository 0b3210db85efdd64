"""What a person clicks for each legal move: a source target, a destination target and, when several moves
share both (promotions, a double knight's split, a platform carrying a pawn), a label to choose by, and for a
promotion the picture of the piece it makes (the board's own SVG glyph). A game may name a third click
(``then``: where a move also places a wall), which the page asks for as a step of its own with the game's
words (``place``: "Place the duck"). A pass (``Game.is_pass``) is marked ``pass``: the page's Pass button.

Each game declares its clicks (``Game.click_target``, ``variants/core/presentation.py``): square names (the
``data-square`` of the picture's cells) or other picture ids such as a reserve piece (``data-target``).
"""
from __future__ import annotations

from hyperchess.pictures.layout import SQUARE
from hyperchess.pictures.pieces import piece_svg
from hyperchess.pictures.svg import side_colors
from hyperchess.variants.board.codes import promoted_code


def piece_picture(game, code: int) -> str:
    """The piece ``code`` as a small SVG document, drawn as the board draws it."""
    fill, outline = side_colors(game, game.owner[code], {})
    half = SQUARE / 2
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{-half:g} {-half:g} {SQUARE:g} {SQUARE:g}">'
            f'{piece_svg(game, code, fill, outline)}</svg>')


def legal_targets(pos, moves: list | None = None) -> list[dict]:
    """The legal moves of the side to move (``moves``, when the caller has them already) as click targets, for
    the page."""
    out = []
    pictures: dict[int, str] = {}
    for move in pos.legal_moves() if moves is None else moves:
        src, dst, label, *then = pos.game.click_target(pos, move)
        target = {"from": src, "to": dst, "label": label, "move": pos.move_name(move)}
        if then:                # a further click (a wall's cell) tells apart the moves sharing the two
            target["then"] = then[0]
            target["place"] = pos.game.third_click_prompt
        if pos.game.is_pass(move):
            target["pass"] = True
        code = promoted_code(move)
        if code:
            if code not in pictures:
                pictures[code] = piece_picture(pos.game, code)
            target["picture"] = pictures[code]
        out.append(target)
    return out
