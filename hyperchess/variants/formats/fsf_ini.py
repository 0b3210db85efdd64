"""Fairy-Stockfish's ``variants.ini`` read as it is (docs/variants-file.md, "Fairy-Stockfish's format").

A section ``[name]`` or ``[name:parent]`` lists ``key = value`` options; lines starting with ``#`` or ``;`` are
comments. A parent is one of FSF's built-in games (the catalogue ``games/fsf.ini``) or a section earlier in
the same file; a section without parent starts with no pieces (src/variant.cpp, ``parse_istream``). Each
section becomes FSF's model (``fsf_model``), then the same table a TOML variants file gives (``fsf_table``), or
a refusal naming the mechanism the core lacks.

``read_ini(text, name)`` -> (specs of the sections hyperchess plays, notes): one line per option it does not
know and per section it cannot play yet, with the reason.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass

from hyperchess.variants.board.errors import FenError
from hyperchess.variants.formats import fsf_model as fm
from hyperchess.variants.formats.filelimits import check_sections
from hyperchess.variants.formats.fsf_model import NotPlayable
from hyperchess.variants.formats.fsf_table import to_table

# hyperchess's own keys (FSF skips them with a warning); ``values`` and ``eval`` are what ``hyperchess tune`` writes
# (docs/variants-file.md), ``values`` not inherited by a child section
OUR_KEYS = {"source", "title", "description", "values", "eval"}


@dataclass
class Section:
    """One section: its name, its parent's name (empty: none), and its (line number, key, value) lines."""
    name: str
    parent: str
    lines: list[tuple[int, str, str]]


def parse_sections(text: str) -> list[Section]:
    """The sections of an INI text, as FSF's reader splits them (src/variant.cpp, ``parse_istream``): ``#``/``;``
    comment lines; a key is the text before the first ``=`` less its trailing spaces, its value what follows
    from the first non-blank to the line's end (trailing blanks kept); a line with nothing after ``=`` sets
    nothing."""
    out: list[Section] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\r")
        if line.startswith("["):
            head = line[1:line.index("]")] if "]" in line else line[1:]
            name, _, parent = head.partition(":")
            out.append(Section(name.strip(), parent.strip(), []))
        elif out and line and line[0] not in "#;" and "=" in line:
            key, _, value = line.partition("=")
            if key.rstrip(" ") and value.lstrip():
                out[-1].lines.append((number, key.rstrip(" "), value.lstrip()))
    return out


# ---------------------------------------------------------------------- the catalogue of FSF's built-ins
_catalogue: dict[str, Section] = {}
_lock = threading.Lock()


def catalogue() -> dict[str, Section]:
    """FSF's built-in games (``games/fsf.ini``), read once on first use."""
    if not _catalogue:
        with _lock:
            if not _catalogue:
                from importlib import resources
                text = resources.files("hyperchess.variants.games").joinpath("fsf.ini").read_text(encoding="utf-8")
                _catalogue.update({s.name: s for s in parse_sections(text)})
    return _catalogue


def build_model(section: Section, known: dict[str, dict], notes: list[str], where: str,
                built_in: bool = False) -> dict:
    """FSF's model of ``section``: its parent's (``known`` models, else the catalogue's) with its options
    (``built_in``: a section of the catalogue, which may also give FSF's letter synonyms)."""
    if section.parent:
        if section.parent in known:
            model = _copy(known[section.parent])
            model.get("ours", {}).pop("values", None)     # tuned for the parent's army
        elif section.parent in catalogue():
            model = built_in_model(section.parent)
        else:
            raise NotPlayable(f"{where}: no game {section.parent!r} to start from (FSF's built-in games and the "
                              f"sections above it)")
    else:
        model = fm.new_model(pieces=False)
    # FSF reads the board size first, then the pieces, then the rest (src/parser.cpp), whatever the line order
    order = lambda line: 0 if line[1] in ("maxRank", "maxFile") else 1 if line[1] in fm.PIECE_TYPES else 2
    for number, key, value in sorted(section.lines, key=order):
        if key in OUR_KEYS:
            model.setdefault("ours", {})[key] = value.strip()
            continue
        if key == fm.SYNONYMS and built_in:
            fm.read_synonyms(model, value)
            continue
        try:
            if not fm.apply(model, key, value):
                notes.append(f"{where}.{key} (line {number}): not an option of Fairy-Stockfish's; ignored")
        except fm.Misread as exc:
            notes.append(f"{where}.{key} (line {number}): {exc}")
        except fm.ModelError as exc:
            notes.append(f"{where}.{key} (line {number}): {exc}; ignored")
    return model


_models: dict[str, dict] = {}


def built_in_model(name: str) -> dict:
    if name not in _models:
        _models[name] = build_model(catalogue()[name], {}, [], f"[{name}]", built_in=True)
    return _copy(_models[name])


def refusal(name: str) -> str:
    """Why FSF's built-in game ``name`` cannot be played yet ("needs ..."), or "" (no such built-in, or one
    that plays)."""
    if name not in catalogue():
        return ""
    try:
        to_table(name, built_in_model(name))
    except NotPlayable as exc:
        return str(exc)
    except (FenError, ValueError, KeyError, IndexError) as exc:
        return str(exc)
    return ""


def _copy(model: dict) -> dict:
    return {k: (dict(v) if isinstance(v, dict) else v) for k, v in model.items()}


def read_ini(text: str, name: str, taken: frozenset[str] = frozenset(), reasons: bool = True,
             built_in: bool = False) -> tuple[list[tuple[str, dict]], list[str]]:
    """(name, table) for each section hyperchess plays, and one line per note: an option FSF does not have,
    a section that cannot be played yet and why (``reasons`` False: the first reasons only). ``taken``:
    names a section may not use; ``built_in``: the shipped catalogue (its own ``synonyms`` lines count).
    Raises VariantsFileError for a file over the bounds of ``filelimits``."""
    sections = parse_sections(text)
    check_sections([(s.name, s.parent) for s in sections], name, taken)
    known: dict[str, dict] = {}
    out: list[tuple[str, dict]] = []
    notes: list[str] = []
    for section in sections:
        where = f"{name}: [{section.name}]"
        if not section.name or section.name in known or section.name in taken:
            notes.append(f"{where}: a game of this name exists already; section skipped")
            continue
        try:
            model = build_model(section, known, notes, where, built_in)
        except NotPlayable as exc:
            notes.append(str(exc))
            continue
        known[section.name] = model
        try:
            out.append((section.name, to_table(section.name, model, reasons)))
        except NotPlayable as exc:
            notes.append(f"{where}: cannot be played yet: {exc}")
        except (FenError, ValueError, KeyError, IndexError) as exc:
            notes.append(f"{where}: {exc}")
    return out, notes
