"""The games hyperchess plays, by name. ``get_game(name)`` builds (once) and returns a Game."""
from __future__ import annotations

import threading
from dataclasses import dataclass
from importlib import import_module

from hyperchess.variants.board import tablecache
from hyperchess.variants.board.errors import FenError, MoveError
from hyperchess.variants.core.game import Game
from hyperchess.variants.core.outcome import Outcome
from hyperchess.variants.core.position import Position
from hyperchess.variants.board.tables import gc_paused

# name -> "module:Class" (imported on first use so that start-up stays fast)
REGISTRY: dict[str, str] = {
    "third-millennium": "hyperchess.variants.games.third_millennium:ThirdMillennium",
    "millennium": "hyperchess.variants.games.millennium:Millennium",
    "first-contact": "hyperchess.variants.games.first_contact:FirstContact",
    "next-generation": "hyperchess.variants.games.future_generation:NextGeneration",
    "future-generation": "hyperchess.variants.games.future_generation:FutureGeneration",
}
# The games that need code are modules (above); every other built-in game is data in ``games/*.toml``
# (docs/variants-file.md). These nine are the product's own games, in the order they are listed.
BUILT_IN_GAMES = ("normal", "capablanca", "third-millennium", "cylinder", "millennium", "mixed3d", "first-contact",
                  "next-generation", "future-generation")

# Orthodox chess: the game an engine plays after CECP's `new` with no `variant` command, and the game of a PGN
# without a Variant tag.
DEFAULT_GAME = "normal"

# Other names of games: UCI's (python-chess's, Fairy-Stockfish's) name of orthodox chess. Known everywhere a
# game is named, never listed
ALIASES = {"chess": DEFAULT_GAME}
# Fairy-Stockfish's built-in names that are not listed as games of their own (see _load_shipped)
FSF_UNLISTED = frozenset(ALIASES)

_cache: dict[str, Game] = {}
_xboard_names: dict[str, tuple[str, ...]] = {}     # games/xboard_names.txt, read on first use
# games read from variants files (docs/variants-file.md): name -> its checked spec (gamespec.GameSpec)
FILE_GAMES: dict[str, object] = {}


class UnknownVariant(KeyError):
    """A name no game has; ``reason`` says why when it is a game hyperchess knows but cannot play yet (one of
    Fairy-Stockfish's built-in games: "needs n-check (checkCounting with pieceDrops)")."""

    def __init__(self, name: str, reason: str = "") -> None:
        super().__init__(name, reason)

    @property
    def reason(self) -> str:
        return self.args[1]

    def __str__(self) -> str:
        if self.reason:
            return f"variant {self.args[0]!r} (Fairy-Stockfish's) cannot be played yet: {self.reason}"
        return f"unknown variant {self.args[0]!r} (known: {', '.join(game_names())})"


def _unknown(name: str) -> UnknownVariant:
    """The error for ``name``, with the reason when it is one of Fairy-Stockfish's games that cannot play yet."""
    from hyperchess.variants.formats.fsf_ini import refusal     # the catalogue's reader: on this error path only
    return UnknownVariant(name, refusal(name) if name not in FILE_GAMES else "")


_shipped: list[str] = []
_shipped_lock = threading.Lock()


def _load_shipped() -> None:
    """The games defined only in files that ship with hyperchess (``variants/games/*.toml``), once; marked
    loaded only after they are (threads asking at once wait for the first)."""
    if _shipped:
        return
    with _shipped_lock:
        if _shipped:
            return
        from hyperchess.variants.formats.gamespec import GameSpec
        # the catalogue is made from the package's own files: kept in the disk cache (variants/board/tablecache.py)
        key = tablecache.key("shipped games") if not FILE_GAMES else None
        kept = tablecache.load(key) if key else None
        if isinstance(kept, list):
            for name, table, source, origin in kept:
                FILE_GAMES.setdefault(name, GameSpec(name, table, source, origin, True))
        else:
            _read_shipped()
            if key:
                tablecache.store(key, [(s.name, s.table, s.source, s.origin) for s in FILE_GAMES.values()])
        _shipped.append("loaded")


def _read_shipped() -> None:
    """Read the shipped files into ``FILE_GAMES`` (``_load_shipped`` when the disk cache has them not)."""
    from importlib import resources

    from hyperchess.variants.formats.variantsfile import read_ini_variants, read_variants
    entries = sorted(resources.files(__package__).joinpath("games").iterdir(), key=lambda e: e.name)
    for entry in entries:
        if entry.name.endswith(".toml"):
            for spec in read_variants(entry.read_text(encoding="utf-8"), entry.name, build=False, shipped=True):
                FILE_GAMES.setdefault(spec.name, spec)
    # Fairy-Stockfish's built-in games (games/fsf.ini) that the core can play, under FSF's names; a name
    # the games above already have keeps that one definition (tests/test_fsf_reference.py checks both).
    # FSF's "chess" is UCI's name of the default game (an alias, ``ALIASES``)
    for entry in entries:
        if entry.name.endswith(".ini"):
            taken = frozenset({*FILE_GAMES, *REGISTRY, *FSF_UNLISTED})
            specs, _ = read_ini_variants(entry.read_text(encoding="utf-8"), entry.name, build=False,
                                         shipped=True, taken=taken, reasons=False)
            for spec in specs:
                FILE_GAMES.setdefault(spec.name, spec)


def get_game(name: str) -> Game:
    """The game called ``name`` (or one of its ``ALIASES``; compiled once per process): a module's game, or a
    game from a file."""
    name = ALIASES.get(name, name)
    if name not in REGISTRY:
        _load_shipped()
    if name not in _cache:
        if name in FILE_GAMES:
            from hyperchess.variants.formats.filegame import FileGame       # loaded only when a file game is played
            spec = FILE_GAMES[name]
            # the disk cache's key (variants/board/tablecache.py): the game's name and its file's text
            definition = f"file\0{name}\0{spec.origin}\0{spec.source}"  # type: ignore[attr-defined]
            with gc_paused(keep=True), tablecache.building(definition):
                game = FileGame(spec)  # type: ignore[arg-type]
        else:
            if name not in REGISTRY:
                raise _unknown(name)
            module, cls = REGISTRY[name].split(":")
            definition = f"module\0{name}\0{REGISTRY[name]}"
            with gc_paused(keep=True), tablecache.building(definition):
                game = getattr(import_module(module), cls)()
        from hyperchess.variants.formats.tuned import apply_tuned     # the side file's values (docs/variants-file.md)
        with gc_paused(keep=True):
            apply_tuned(game, definition)
        _cache[name] = game
    return _cache[name]


@dataclass(frozen=True)
class GameSummary:
    """What a game is, known without building its tables (``game_summary``)."""
    name: str
    title: str
    description: str
    players: int
    color_names: tuple[str, ...]
    side_names: tuple[str, ...] = ()     # the colours as players name them (red and black), when they differ


def game_summary(name: str) -> GameSummary:
    """The title, description and players of the game called ``name``, read from its class or its variants
    file: nothing is built (a game's tables are built on its first use, ``get_game``)."""
    name = ALIASES.get(name, name)
    if name not in REGISTRY:
        _load_shipped()
    game = _cache.get(name)
    if game is not None:
        return GameSummary(name, game.title, game.description, game.players, tuple(game.color_names),
                           tuple(game.drawing.side_names))
    if name in FILE_GAMES:
        from hyperchess.variants.formats.filegame import describe
        return GameSummary(name, *describe(FILE_GAMES[name]))  # type: ignore[arg-type]
    if name not in REGISTRY:
        raise _unknown(name)
    module, cls_name = REGISTRY[name].split(":")
    cls = getattr(import_module(module), cls_name)
    return GameSummary(name, cls.title, cls.description, cls.players, tuple(cls.color_names),
                       tuple(cls.drawing.side_names))


def game_names() -> list[str]:
    """The built-in games (``BUILT_IN_GAMES``), then the other games shipped as files, then the games of the
    user's files (``load_variants``), each once."""
    _load_shipped()
    return list(dict.fromkeys([*BUILT_IN_GAMES, *REGISTRY, *FILE_GAMES]))


def xboard_names(name: str) -> tuple[str, ...]:
    """The names CECP engines list the game called ``name`` under (``feature variants``): its own name, then
    those ``games/xboard_names.txt`` gives it."""
    if not _xboard_names:
        from importlib import resources
        text = resources.files(__package__).joinpath("games", "xboard_names.txt").read_text(encoding="utf-8")
        for line in text.splitlines():
            game, _, names = line.partition("#")[0].partition("=")
            if names.strip():
                _xboard_names[game.strip()] = tuple(n.strip() for n in names.split(",") if n.strip())
    return (name, *_xboard_names.get(name, ()))


def load_variants(path: str) -> list[str]:
    """Read a variants file and add its games; their names. A file that fails leaves every game as it was.
    Raises ``variantsfile.VariantsFileError`` (one line)."""
    from hyperchess.variants.formats.filelimits import MAX_FILE_BYTES
    from hyperchess.variants.formats.textfile import FileError, read_text
    from hyperchess.variants.formats.variantsfile import VariantsFileError
    try:
        text = read_text(path, limit=MAX_FILE_BYTES)
    except FileError as exc:
        raise VariantsFileError(str(exc)) from None
    return add_variants(text, path)


def add_variants(text: str, name: str) -> list[str]:
    """Add the games of a variants file's ``text`` (``name`` names it in messages); their names. Raises
    ``variantsfile.VariantsFileError`` and then changes nothing."""
    specs = check_variants(text, name)
    for spec in specs:
        FILE_GAMES[spec.name] = spec
        _cache.pop(spec.name, None)
    return [spec.name for spec in specs]


def check_variants(text: str | bytes, name: str) -> list:
    """The games of a user's variants file (``gamespec.GameSpec``s) after every check that loading it
    makes (``read_variants``: the file's bounds, each game built, its start a position play can begin
    from; and no game named like a built-in one), without adding them. Raises
    ``variantsfile.VariantsFileError``."""
    from hyperchess.variants.formats.variantsfile import VariantsFileError, read_variants
    if name.lower().endswith(".ini"):
        specs, notes = check_ini(text, name)
        if not specs:
            raise VariantsFileError(notes[0] if notes else f"{name}: no sections ([name] or [name:parent])")
        return specs
    specs = read_variants(text, name)
    _load_shipped()
    for spec in specs:
        if spec.name in REGISTRY or spec.name in BUILT_IN_GAMES or spec.name in ALIASES:
            raise VariantsFileError(f"{name}: [{spec.name}]: a built-in game has this name; choose another")
    return specs


def check_ini(text: str | bytes, name: str) -> tuple[list, list[str]]:
    """The games of a user's Fairy-Stockfish ``variants.ini`` that hyperchess plays (each built and checked),
    and one line per note (an option FSF does not have, a section that cannot be played yet and why, a name
    already taken: FSF's built-in games and hyperchess's). Raises ``variantsfile.VariantsFileError``."""
    from hyperchess.variants.formats.fsf_ini import catalogue
    from hyperchess.variants.formats.variantsfile import read_ini_variants
    _load_shipped()
    taken = frozenset({*catalogue(), *REGISTRY, *BUILT_IN_GAMES, *ALIASES, *(n for n, s in FILE_GAMES.items()
                                                                   if getattr(s, "shipped", False))})
    return read_ini_variants(text, name, taken=taken)


def variant_source(name: str) -> tuple[tuple[str, str], ...]:
    """What another process needs to play ``name``: ((file name, file text),) for a game read from a user's
    variants file, () for a built-in or shipped game."""
    _load_shipped()
    spec = FILE_GAMES.get(name)
    if spec is None or getattr(spec, "shipped", False):
        return ()
    return ((getattr(spec, "origin", name), spec.source),)  # type: ignore[attr-defined]


__all__ = ["Game", "Position", "Outcome", "FenError", "MoveError", "REGISTRY", "DEFAULT_GAME", "ALIASES", "get_game",
           "game_names", "game_summary", "GameSummary", "UnknownVariant", "FILE_GAMES", "BUILT_IN_GAMES", "load_variants",
           "add_variants", "check_variants", "check_ini", "variant_source", "xboard_names"]
