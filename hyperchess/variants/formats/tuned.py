"""Tuned values: the piece values and evaluation weights ``hyperchess tune`` found for a game, where they are
kept and how they are written (docs/variants-file.md, "Tuned values").

- A game of a user's variants file keeps them in its own table: the TOML keys ``values = { N = 325 }`` and
  ``eval = { mobility = 5 }``, or the INI keys ``values = n:325 b:340`` and ``eval = mobility:5 king_attack:3``
  (read by ``fileweights.read_values``/``read_eval`` and ``fsf_table.our_pairs``).
- Any other game (a built-in one, or one of the files shipped in the package) has them in the side file
  ``hyperchess/variants/games/tuned/values.toml``, or the file ``HYPERCHESS_TUNED`` names instead: one table a
  game, ``[normal]`` with ``values`` and ``eval``. ``get_game`` applies its entry to the game it builds
  (``apply_tuned``); it applies to a game of a user's file of that name too.

``write_toml`` and ``write_ini`` change the two keys of one game in a file's text and nothing else, and check
that by reading the result back.
"""
from __future__ import annotations

import json
import os
import re
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from hyperchess.variants.board import tablecache
from hyperchess.variants.board.errors import VariantsFileError
from hyperchess.variants.core.game import EvalWeights
from hyperchess.variants.formats.fileweights import VALUES, check_weights, read_values
from hyperchess.variants.formats.gamespec import check_keys

TUNED_VARIABLE = "HYPERCHESS_TUNED"
EVAL = "eval"
SIDE_KEYS = {VALUES, EVAL}
SIDE_FILE = Path(__file__).resolve().parents[1] / "games" / "tuned" / "values.toml"


def side_file() -> Path:
    """The side file read for games not tuned in a user's file: ``HYPERCHESS_TUNED``, else the shipped one."""
    named = os.environ.get(TUNED_VARIABLE)
    return Path(named) if named else SIDE_FILE


def read_side(path: Path | None = None) -> dict[str, dict[str, Any]]:
    """The side file's tables (game name -> {"values": ..., "eval": ...}), checked for their shape; {} when
    there is no such file. Raises VariantsFileError (one line)."""
    import tomllib

    from hyperchess.variants.formats.textfile import FileError, read_text
    path = path or side_file()
    if not path.exists():
        return {}
    try:
        data = tomllib.loads(read_text(str(path)))
    except FileError as exc:
        raise VariantsFileError(str(exc)) from None
    except tomllib.TOMLDecodeError as exc:
        raise VariantsFileError(f"{path}: not TOML: {exc}") from None
    for name, table in data.items():
        where = f"{path}: [{name}]"
        if not isinstance(table, dict):
            raise VariantsFileError(f"{where}: a game is a table with the keys values and eval")
        check_keys(table, SIDE_KEYS, where)
        for key in SIDE_KEYS & table.keys():
            if not isinstance(table[key], dict):
                raise VariantsFileError(f"{where}.{key}: a table of name = whole number")
    return data


def side_weights(game: Any, table: dict, where: str) -> EvalWeights:
    """The game's weights with those the side file's ``eval`` table names replaced."""
    check_weights(table, where)
    return EvalWeights(**{**asdict(game.eval_weights), **table})


def apply_tuned(game: Any, definition: str) -> None:
    """Give ``game`` (just built by ``get_game`` from ``definition``) the values and weights the side file
    holds for it, if any: its tables are built again with them (kept in the disk cache under ``definition``
    and the values). Raises VariantsFileError for a bad entry."""
    path = side_file()
    if not path.exists():
        return
    entry = read_side(path).get(game.name)
    if not entry:
        return
    where = f"{path}: [{game.name}]"
    letters = {p.letter for p in game.pieces if p is not None}
    values = read_values(entry.get(VALUES, {}), f"{where}.{VALUES}", letters)
    weights = side_weights(game, entry.get(EVAL, {}), f"{where}.{EVAL}")
    with tablecache.building(f"{definition}\0tuned\0{sorted(values.items())}\0{weights}"):
        retune(game, values, weights)


def retune(game: Any, values: dict[str, int], weights: EvalWeights | None = None) -> None:
    """Give the pieces of ``game`` the ``values`` (by letter) and the game ``weights``, then build its tables
    again: the placement values, a hand's values and every other table made from a piece's value follow."""
    game.pieces = [replace(p, value=values[p.letter]) if p is not None and p.letter in values else p
                   for p in game.pieces]
    if weights is not None:
        game.eval_weights = weights
    game.compile()


# ---------------------------------------------------------------------- writing
def _toml_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key)


def _inline(table: dict[str, int]) -> str:
    return "{ " + ", ".join(f"{_toml_key(k)} = {v}" for k, v in table.items()) + " }"


def _is_header(line: str) -> bool:
    return line.lstrip().startswith("[")


def write_toml(text: str, file_name: str, game: str, values: dict[str, int], weights: dict[str, int]) -> str:
    """``text`` with the game's ``values`` and ``eval`` keys set to these (any earlier ones, inline, dotted or
    as their own tables, removed), every other line as it was. Raises VariantsFileError when the result does
    not read back as exactly that change."""
    import tomllib
    name = r"(?:%s|%s|%s)" % (re.escape(game), re.escape(json.dumps(game)), re.escape(f"'{game}'"))
    own = re.compile(r"^\s*\[\s*%s\s*\]\s*(#.*)?$" % name)
    sub = re.compile(r"^\s*\[\s*%s\s*\.\s*(values|eval)\s*\]\s*(#.*)?$" % name)
    key = re.compile(r"^\s*(values|eval)\s*[.=]")
    lines = text.splitlines(keepends=True)
    out: list[str] = []
    region = None               # "own": the game's table, "drop": a [game.values]/[game.eval] table
    new = [f"{VALUES} = {_inline(values)}\n", f"{EVAL} = {_inline(weights)}\n"]
    placed = False
    for line in lines:
        body = line.rstrip("\r\n")
        if _is_header(body):
            region = "own" if own.match(body) else "drop" if sub.match(body) else None
            if region == "drop":
                continue
            out.append(line if line.endswith("\n") else line + "\n")
            if region == "own" and not placed:
                out += new
                placed = True
            continue
        if region == "drop" or (region == "own" and key.match(body)):
            continue
        out.append(line)
    if not placed:
        quoted = game if re.fullmatch(r"[A-Za-z0-9_-]+", game) else json.dumps(game)
        if out and not out[-1].endswith("\n"):
            out[-1] += "\n"
        out += ["\n", f"[{quoted}]\n"] + new
    result = "".join(out)
    try:
        before, after = tomllib.loads(text) if text.strip() else {}, tomllib.loads(result)
    except tomllib.TOMLDecodeError as exc:
        raise VariantsFileError(f"{file_name}: cannot write the tuned values of [{game}]: {exc}") from None
    rest = lambda data: {k: v for k, v in data.get(game, {}).items() if k not in SIDE_KEYS}
    if ({k: v for k, v in before.items() if k != game} != {k: v for k, v in after.items() if k != game}
            or rest(before) != rest(after) or after[game].get(VALUES) != values
            or after[game].get(EVAL) != weights):
        raise VariantsFileError(f"{file_name}: cannot write the tuned values of [{game}] without changing "
                                f"more of the file; write them by hand: {VALUES} = {_inline(values)}, "
                                f"{EVAL} = {_inline(weights)}")
    return result


def write_ini(text: str, file_name: str, game: str, values: dict[str, int], weights: dict[str, int]) -> str:
    """``text`` (Fairy-Stockfish's format) with the section ``[game]`` (or ``[game:parent]``) given the lines
    ``values = n:325 ...`` and ``eval = mobility:5 ...`` (earlier ones removed), every other line as it was.
    Raises VariantsFileError when there is no such section or the result does not read back so."""
    from hyperchess.variants.formats.fsf_ini import parse_sections
    out: list[str] = []
    inside = found = False
    for line in text.splitlines(keepends=True):
        body = line.rstrip("\r\n")
        if body.startswith("["):
            head = body[1:body.index("]")] if "]" in body else body[1:]
            inside = head.partition(":")[0].strip() == game and not found
            out.append(line if line.endswith("\n") else line + "\n")
            if inside:
                found = True
                out.append(f"{VALUES} = " + " ".join(f"{k.lower()}:{v}" for k, v in values.items()) + "\n")
                out.append(f"{EVAL} = " + " ".join(f"{k}:{v}" for k, v in weights.items()) + "\n")
            continue
        if inside and body[:1] not in ("#", ";") and "=" in body and body.partition("=")[0].rstrip(" ") in SIDE_KEYS:
            continue
        out.append(line)
    if not found:
        raise VariantsFileError(f"{file_name}: no section [{game}] to write the tuned values into")
    result = "".join(out)
    strip = lambda t: [(s.name, s.parent, [(k, v) for _, k, v in s.lines if k not in SIDE_KEYS])
                       for s in parse_sections(t)]
    mine = next(s for s in parse_sections(result) if s.name == game)
    written = {k: v for _, k, v in mine.lines if k in SIDE_KEYS}
    if strip(text) != strip(result) or set(written) != SIDE_KEYS:
        raise VariantsFileError(f"{file_name}: cannot write the tuned values of [{game}] without changing more "
                                f"of the file")
    return result
