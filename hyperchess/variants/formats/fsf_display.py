"""How a Fairy-Stockfish game is shown: the names players use for its pieces and how its family is drawn, from
the data of ``fsf_display.toml`` (FSF's piece types, its ``variantTemplate`` families, and the games whose
pieces have names of their own), written into the table's ``names`` and ``drawing`` keys (``filedrawing``
reads them as it reads a TOML file's)."""
from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

PROMOTED = "+"


@cache
def display_data() -> dict[str, Any]:
    """The shipped data (``fsf_display.toml``), read once."""
    import tomllib                  # here: a game's first use reads its table from the cache
    return tomllib.loads((Path(__file__).with_name("fsf_display.toml")).read_text(encoding="utf-8"))


def add_display(name: str, model: dict, table: dict[str, Any]) -> None:
    """The keys ``names`` (letter -> the name players use) and ``drawing`` (with its ``glyphs`` and a makruk
    set's ``shapes`` by letter) of the game ``name`` (FSF's section) whose model is ``model``, for the pieces
    ``table`` has."""
    data = display_data()
    family = data["families"].get(model["variantTemplate"], {})
    game = data["games"].get(name, {})
    letters: dict[str, str] = model["letters"]                 # type -> upper-case letter
    types = {letter: pt for pt, letter in letters.items() if letter in table.get("pieces", {})}
    start = {ch.upper() for ch in model["startFen"].split(" ")[0] if ch.isalpha()}
    promoted = dict(table.get("piece_promotion", {}))          # letter -> letter it promotes into (lower case)
    names: dict[str, str] = {}
    glyphs: dict[str, list[str]] = {}
    shapes = {letter: family["shapes"][pt] for letter, pt in types.items() if pt in family.get("shapes", {})}
    for letter, pt in types.items():
        names[letter] = _name(data, family, game, letter, pt)
        glyph = game.get("glyphs", {}).get(letter) or family.get("glyphs", {}).get(pt)
        if glyph:
            glyphs[letter] = list(glyph)
    for base, into in promoted.items():
        letter, pt = PROMOTED + base.upper(), types.get(base.upper())
        into_type = types.get(into.upper())
        if pt is None:
            continue
        own = game.get("names", {}).get(letter) or family.get("names", {}).get(PROMOTED + pt)
        if own:
            names[letter] = own
        elif into_type is not None and into.upper() not in start:    # it becomes a piece of its own
            names[letter] = names[into.upper()]
        else:
            names[letter] = f"promoted {names[base.upper()]}"
        glyph = game.get("glyphs", {}).get(letter) or family.get("glyphs", {}).get(PROMOTED + pt)
        if glyph:
            glyphs[letter] = list(glyph)
    table["names"] = names
    drawing = dict(family.get("drawing", {}))
    if glyphs and drawing:
        drawing["glyphs"] = glyphs
    if shapes and drawing:
        drawing["shapes"] = shapes
    if drawing:
        table["drawing"] = drawing


def _name(data: dict, family: dict, game: dict, letter: str, pt: str) -> str:
    """The name of the piece ``letter`` of FSF type ``pt``: the game's, its family's, its letter's, its type's."""
    return (game.get("names", {}).get(letter) or family.get("names", {}).get(pt)
            or data["letters"].get(f"{pt}:{letter}") or data["types"].get(pt) or pt)
