"""The package's shape (docs/architecture.md): one import package, no import cycle, imports that run one way
through the layers and through the rooms of ``variants``, modules of at most 600 lines in folders of at most 20,
and shared code that never names a game. Read from the source (tests/package_scan.py)."""
from __future__ import annotations

from pathlib import Path

import pytest
from package_scan import cycles, game_mentions, import_edges, import_graph, modules

from hyperchess.variants import REGISTRY, game_names

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "hyperchess"

# variants <- engine <- protocol / tournament / pictures <- web <- cli: a layer imports only from lower ones
# Names (and the strings assigned to them) whose word "normal" is not the game: PGN's Termination value,
# and the flag of a normal move
# EXTINCTION: the variants file's `check` value "extinction", also the name of one of Fairy-Stockfish's games;
# PLACEMENT: the variants file's key of learned placement tables, also the name of another; DUCK: a walling rule;
# ATAXX: a value of the flipping rules' keys, also the name of a third;
# POINT_COUNT: FSF's weighted material count, named janggi
ALLOWED = frozenset({"NORMAL_TERMINATION", "NORMAL", "EXTINCTION", "PLACEMENT", "DUCK", "ATAXX", "POINT_COUNT",
                     "FAIRY"})
LAYER = {"variants": 0, "engine": 1, "protocol": 2, "tournament": 2, "pictures": 2, "web": 3, "cli": 4}
# The rooms of ``variants``, lowest first: a room imports only from rooms below it (or itself); the package's
# ``__init__`` (the registry) stands above them all.
ROOM = {"board": 0, "core": 1, "rules": 2, "formats": 3, "games": 4}
REGISTRY_LEVEL = len(ROOM)
# Inside one room, modules may name each other's types round a loop (only the core does: the position's
# helpers, the generator, the attack tests, FEN, SAN and legality, name ``Position`` for annotations).
TYPE_LOOPS_ALLOWED_IN = {f"{PACKAGE}.variants.core"}
MAX_LINES = 600
MAX_MODULES = 20
VENDORED = {"OrbitControls.js"}     # three.js's camera controls, kept as upstream wrote them


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYER else None


def room_of(module: str) -> int | None:
    """The level of a module of ``variants``: its room's, or the registry's for ``hyperchess.variants``."""
    parts = module.split(".")
    if parts[:2] != [PACKAGE, "variants"]:
        return None
    return ROOM.get(parts[2]) if len(parts) > 2 else REGISTRY_LEVEL


def wrong_way(root: Path, package: str = PACKAGE) -> list[str]:
    """Every import, run-time or type-only (and every ``cimport``), that runs against the layers or the
    rooms, as "path:line: module imports module"."""
    wrong = []
    for module, target, where in import_edges(root, package, types=True):
        here, there = layer_of(module), layer_of(target)
        if here is not None and there is not None and here != there and LAYER[there] >= LAYER[here]:
            wrong.append(f"{where}: {module} imports {target} (layer {here} is below {there})")
        a, b = room_of(module), room_of(target)
        if a is not None and b is not None and b > a:
            wrong.append(f"{where}: {module} imports {target} (a room of variants imports one above it)")
    return sorted(wrong)


def game_modules() -> set[str]:
    """The modules that declare the registered games (a game's folder counts whole)."""
    return {target.split(":")[0] for target in REGISTRY.values()}


def test_no_import_cycle():
    graph = import_graph(ROOT, PACKAGE)
    assert len(graph) > 50                     # the scan sees the whole package
    assert cycles(graph) == []


def test_layers_and_rooms_import_one_way():
    wrong = wrong_way(ROOT)
    assert not wrong, "imports against the layers or the rooms:\n" + "\n".join(wrong)


def test_a_wrong_way_import_is_named_with_its_file_and_line(tmp_path):
    """The check above fails on a wrong-way import, a type-only one included, and says where it is."""
    for rel, text in {
            "hyperchess/__init__.py": "",
            "hyperchess/variants/__init__.py": "",
            "hyperchess/variants/board/__init__.py": "",
            "hyperchess/variants/board/codes.py": "EMPTY = 0\n",
            "hyperchess/variants/core/__init__.py": "",
            "hyperchess/variants/core/position.py": "from hyperchess.variants.board.codes import EMPTY\n",
            "hyperchess/variants/board/geometry.py":
                "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from hyperchess.variants.core import position\n",
            "hyperchess/engine/__init__.py": "",
            "hyperchess/engine/search.py": "from hyperchess.variants.core.position import EMPTY\n",
            "hyperchess/web/__init__.py": "",
            "hyperchess/web/server.py": "import hyperchess.engine.search\n",
            "hyperchess/engine/timing.py": "\n\ndef later():\n    from hyperchess.web import server\n"}.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    assert wrong_way(tmp_path) == [
        "hyperchess/engine/timing.py:4: hyperchess.engine.timing imports hyperchess.web.server "
        "(layer engine is below web)",
        "hyperchess/variants/board/geometry.py:3: hyperchess.variants.board.geometry imports "
        "hyperchess.variants.core.position (a room of variants imports one above it)"]


def test_no_loop_of_type_imports_outside_the_core():
    """Counting type-only imports and cimports too, modules import each other round a loop only inside one
    room of ``TYPE_LOOPS_ALLOWED_IN``: never across rooms or layers."""
    loops = cycles(import_graph(ROOT, PACKAGE, types=True))
    assert loops, "the core's type loop is expected: if it is gone, empty TYPE_LOOPS_ALLOWED_IN"
    wrong = [loop for loop in loops if {m.rpartition(".")[0] for m in loop} - TYPE_LOOPS_ALLOWED_IN]
    assert not wrong, "modules that import each other round a loop:\n" + "\n".join(" <-> ".join(w) for w in wrong)


def test_modules_are_short_and_folders_small():
    long = []
    for path in sorted((ROOT / PACKAGE).rglob("*")):
        if path.suffix in (".py", ".pxd", ".js", ".html", ".css") and path.name not in VENDORED \
                and "__pycache__" not in path.parts:
            lines = len(path.read_text(encoding="utf-8").splitlines())
            if lines > MAX_LINES:
                long.append(f"{path.relative_to(ROOT)}: {lines} lines")
    assert not long, f"modules over {MAX_LINES} lines:\n" + "\n".join(long)
    crowded = []
    for folder in sorted(p for p in (ROOT / PACKAGE).rglob("*") if p.is_dir() and "__pycache__" not in p.parts):
        count = len([p for p in folder.glob("*.py") if p.name != "__init__.py"])
        if count > MAX_MODULES:
            crowded.append(f"{folder.relative_to(ROOT)}: {count} modules")
    assert not crowded, f"folders with more than {MAX_MODULES} modules:\n" + "\n".join(crowded)


@pytest.mark.parametrize("name", ["get_game", "game_names", "Game", "Position", "Outcome", "FenError",
                                  "MoveError", "load_variants", "DEFAULT_GAME"])
def test_public_names_stay_where_users_import_them(name):
    import hyperchess.variants
    assert hasattr(hyperchess.variants, name)


def test_render_svg_stays_importable():
    from hyperchess.pictures import render_svg
    assert callable(render_svg)


def test_shared_code_names_no_game():
    games = game_modules()
    assert "hyperchess.variants.games.first_contact" in games
    shared = [m for m in modules(ROOT, PACKAGE)
              if m != f"{PACKAGE}.variants" and not any(m == g or m.startswith(g + ".") for g in games)]
    assert f"{PACKAGE}.web.session" in shared and f"{PACKAGE}.variants.core.game" in shared
    assert game_mentions(ROOT, PACKAGE, shared, set(game_names()), games, ALLOWED) == []
