"""A variants file read (docs/variants-file.md): a TOML variants file, or Fairy-Stockfish's ``variants.ini``
(``fsf_ini``), into its games as :class:`GameSpec` (plain data), each checked by building it once
(``filegame.FileGame``) within the file's bounds (``filelimits``). Every mistake is a :class:`VariantsFileError`:
one line with the file, the key path and the reason.

This is the first part of the format: two players, boards of any size with levels, wrap and holes, pieces in
Betza (planar) or as explicit 3D vectors, pawns with double steps and promotion, castling by squares, check
or king capture, the n-move rule, a start position, and a game may extend another game of the same files.
"""
from __future__ import annotations

from hyperchess.variants.board.errors import FenError, VariantsFileError
from hyperchess.variants.formats import filelimits as limits
from hyperchess.variants.formats.betza import BetzaError
from hyperchess.variants.formats.filegame import FileGame
from hyperchess.variants.formats.fileweights import VALUES
from hyperchess.variants.formats.gamespec import PLACEMENT, GameSpec, suggest
from hyperchess.variants.formats.textfile import FileError, decode_text


def read_variants(text: str | bytes, name: str = "<variants>", build: bool = True,
                  shipped: bool = False) -> list[GameSpec]:
    """The games of a variants file, each checked by building it once (``build=False``: the files shipped
    with hyperchess, checked by the tests, are built on first use), within the bounds of ``filelimits``.
    Raises VariantsFileError."""
    if len(text) > limits.MAX_FILE_BYTES:
        raise VariantsFileError(f"{name}: larger than {limits.MAX_FILE_BYTES:,} bytes")
    if name.lower().endswith(".ini"):
        specs, notes = read_ini_variants(text, name, build, shipped)
        if not specs:
            raise VariantsFileError(notes[0] if notes else f"{name}: no sections ([name] or [name:parent])")
        return specs
    import tomllib                              # here: a game's first use reads its table from the cache
    try:
        if isinstance(text, bytes):
            text = decode_text(text, name)
        limits.check_nesting(text, name)
        data = tomllib.loads(text)
    except FileError as exc:
        raise VariantsFileError(str(exc)) from None
    except tomllib.TOMLDecodeError as exc:
        raise VariantsFileError(f"{name}: not TOML: {exc}") from None
    except RecursionError:                     # a nesting check_nesting did not foresee
        raise VariantsFileError(f"{name}: arrays or tables nested too deeply") from None
    if not data:
        raise VariantsFileError(f"{name}: no games (each game is a [table])")
    limits.check_games(data, name)
    budget = limits.MAX_WORK
    out = []
    for game_name, table in data.items():
        where = f"{name}: [{game_name}]"
        if not isinstance(table, dict):
            raise VariantsFileError(f"{where}: a game is a table ([{game_name}] with its keys)")
        merged = _resolve(data, game_name, name, [])
        spec = GameSpec(game_name, merged, text, name, shipped)
        if not build:
            out.append(spec)
            continue
        try:
            budget -= FileGame(spec, budget).work
        except VariantsFileError as exc:
            text = str(exc)
            raise VariantsFileError(text if text.startswith(name) else f"{name}: {text}") from None
        except (FenError, BetzaError, ValueError, KeyError, TypeError, IndexError) as exc:
            raise VariantsFileError(f"{where}: {exc}") from None
        out.append(spec)
    return out


def read_ini_variants(text: str | bytes, name: str, build: bool = True, shipped: bool = False,
                      taken: frozenset[str] = frozenset(), reasons: bool = True) -> tuple[list[GameSpec], list[str]]:
    """The games of a Fairy-Stockfish ``variants.ini`` (``fsf_ini``) that hyperchess plays, each built once
    within the file's work budget unless ``build`` is False, and one line per note: an option FSF does not
    have, a section that cannot be played yet (the mechanism it needs), a section that fails to build."""
    try:
        if isinstance(text, bytes):
            text = decode_text(text, name)
    except FileError as exc:
        raise VariantsFileError(str(exc)) from None
    from hyperchess.variants.formats.fsf_ini import read_ini               # here: a game's first use reads its table from the cache
    try:
        tables, notes = read_ini(text, name, taken, reasons, built_in=shipped)
    except ValueError as exc:
        raise VariantsFileError(str(exc)) from None
    budget = limits.MAX_WORK
    specs = []
    for game_name, table in tables:
        spec = GameSpec(game_name, table, text, name, shipped)
        if build:
            try:
                budget -= FileGame(spec, budget).work
            except (VariantsFileError, FenError, BetzaError, ValueError, KeyError, TypeError, IndexError) as exc:
                notes.append(f"{name}: [{game_name}]: {exc}")
                continue
        specs.append(spec)
    return specs, notes


def _resolve(data: dict, game_name: str, name: str, chain: list[str]) -> dict:
    """The game's table with the tables it extends merged under it (its own keys win; ``pieces`` merge by
    letter); a chain of at most ``MAX_EXTENDS`` games."""
    chain = chain + [game_name]
    while True:
        parent = data[chain[-1]].get("extends")
        if parent is None:
            break
        if not isinstance(parent, str) or parent not in data:
            raise VariantsFileError(f"{name}: [{chain[-1]}].extends: no game {parent!r} in this file"
                                    f"{suggest(str(parent), set(data))}")
        if parent in chain:
            raise VariantsFileError(f"{name}: [{chain[0]}]: extends itself (through {' -> '.join(chain + [parent])})")
        if len(chain) >= limits.MAX_EXTENDS:
            raise VariantsFileError(f"{name}: [{game_name}]: extends a chain of more than {limits.MAX_EXTENDS} games")
        chain.append(parent)
    merged = dict(data[chain[-1]])
    for child in reversed(chain[:-1]):
        table, base = data[child], merged
        # a placement table fits one board and one army, tuned values one game, a source names one game: none
        # is inherited
        merged = {**{k: v for k, v in base.items() if k not in (PLACEMENT, VALUES, "source")},
                  **{k: v for k, v in table.items() if k != "extends"}}
        if "pieces" in base and "pieces" in table and isinstance(table["pieces"], dict):
            merged["pieces"] = {k: v for k, v in {**base["pieces"], **table["pieces"]}.items() if v is not False}
    return merged
