"""The package's shape (docs/architecture.md): one import package, no import cycle, imports that run one way
through the layers, and shared code that never names a game. Read from the source (tests/package_scan.py)."""
from __future__ import annotations

from pathlib import Path

from package_scan import cycles, game_mentions, import_graph, modules

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
ALLOWED = frozenset({"NORMAL_TERMINATION", "NORMAL", "EXTINCTION", "PLACEMENT", "DUCK", "ATAXX", "POINT_COUNT"})
LAYER = {"variants": 0, "engine": 1, "protocol": 2, "tournament": 2, "pictures": 2, "web": 3, "cli": 4}


def layer_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYER else None


def game_modules() -> set[str]:
    """The modules that declare the registered games (a game's folder counts whole)."""
    return {target.split(":")[0] for target in REGISTRY.values()}


def test_no_import_cycle():
    graph = import_graph(ROOT, PACKAGE)
    assert len(graph) > 50                     # the scan sees the whole package
    assert cycles(graph) == []


def test_layers_import_one_way():
    graph = import_graph(ROOT, PACKAGE)
    wrong = []
    for module, targets in graph.items():
        here = layer_of(module)
        for t in targets:
            there = layer_of(t)
            if here is None or there is None or here == there:
                continue
            if LAYER[there] >= LAYER[here]:
                wrong.append(f"{module} imports {t}")
    assert wrong == []


def test_shared_code_names_no_game():
    games = game_modules()
    assert "hyperchess.variants.games.first_contact" in games
    shared = [m for m in modules(ROOT, PACKAGE)
              if m != f"{PACKAGE}.variants" and not any(m == g or m.startswith(g + ".") for g in games)]
    assert f"{PACKAGE}.web.session" in shared and f"{PACKAGE}.variants.core.game" in shared
    assert game_mentions(ROOT, PACKAGE, shared, set(game_names()), games, ALLOWED) == []
