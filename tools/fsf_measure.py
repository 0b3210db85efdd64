"""Which mechanisms Fairy-Stockfish's games need that hyperchess lacks (issue 59): the tables of
docs/variants-file.md and docs/fsf-games.md, as the reader (hyperchess.variants.formats.fsf_ini, its translation
fsf_table) judges each game.

    python tools/fsf_measure.py [PATH/TO/upstream/variants.ini] > /tmp/report.md

Built-ins: the sections of the shipped catalogue (games/fsf.ini); with a path, also every section of that file.
"""
from __future__ import annotations

import sys
from collections import Counter

from hyperchess.variants import FILE_GAMES, game_names
from hyperchess.variants.formats.fsf_ini import catalogue
from hyperchess.variants.formats.fsf_table import ORDER
from hyperchess.variants.formats.variantsfile import read_ini_variants


def judge(text: str, name: str, taken: frozenset[str]) -> dict[str, list[str]]:
    """section -> the mechanisms it needs ([] when hyperchess plays it)."""
    specs, notes = read_ini_variants(text, name, build=False, taken=taken)
    out: dict[str, list[str]] = {s.name: [] for s in specs}
    for note in notes:
        if "cannot be played yet: needs " in note:
            section = note.split("[", 1)[1].split("]", 1)[0]
            out[section] = [part.split(" (", 1)[0] for part in note.split("needs ", 1)[1].split("; ")]
    return out


def tables(title: str, result: dict[str, list[str]]) -> str:
    needed, alone = Counter(), Counter()
    for mechs in result.values():
        needed.update(mechs)
        if len(mechs) == 1:
            alone[mechs[0]] += 1
    playable = sum(1 for m in result.values() if not m)
    lines = [f"**{title}**: {len(result)} games, {playable} played today.", "",
             "| mechanism | games needing it | games it alone keeps out |", "|---|---|---|"]
    lines += [f"| {m} | {needed[m]} | {alone[m]} |" for m in ORDER if needed[m]]
    return "\n".join(lines)


def per_game(result: dict[str, list[str]], where: dict[str, str]) -> str:
    lines = ["| game | needs |", "|---|---|"]
    for name in sorted(result):
        lines.append(f"| {name} | {', '.join(result[name]) or where.get(name, 'played')} |")
    return "\n".join(lines)


def main() -> None:
    from importlib import resources
    text = resources.files("hyperchess.variants").joinpath("games", "fsf.ini").read_text(encoding="utf-8")
    built = judge(text, "fsf.ini", frozenset())
    names = set(game_names())
    where = {n: f"played ({FILE_GAMES[n].origin})" if n in FILE_GAMES else "played"
             for n in built if n in names}
    print(tables("Fairy-Stockfish's built-in games", built))
    print()
    if len(sys.argv) > 1:
        upstream = judge(open(sys.argv[1], encoding="utf-8").read(), "variants.ini", frozenset(catalogue()))
        print(tables("The upstream variants.ini", upstream))
        print()
        print(per_game(upstream, {}))
        print()
    print(per_game(built, where))


if __name__ == "__main__":
    main()
