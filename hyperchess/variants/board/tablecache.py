"""The per-user disk cache of a game's heaviest tables (docs/performance.md, "first use").

Building mixed3d's move and attack tables takes a quarter of a second of CPU; reading them back from a file
takes a tenth of that. ``variants.get_game`` builds each game inside ``building(definition)``; the build
(``GameTables._compile``) then asks ``take(game)`` for its key, reads the tables with ``load(key)`` and, when
they are not there, builds them and keeps them with ``store(key, tables)``.

The key is a SHA-256 of the game's definition (its name, and the text of the user's file it comes from),
the rules' code (every source file under ``hyperchess/variants``: an edited rule is a new key) and the
Python version (``marshal``'s format is Python's own). The file holds a digest of its contents, is written
whole or not at all (``os.replace``), and anything unreadable is rebuilt. ``marshal`` is the format: it
keeps the tables' shared tuples shared, reads three megabytes in 0.03 s, and cannot name code to run. A
table that holds anything else (an enum: a lame leaper's or a hopper's mode) is simply not kept.

``HYPERCHESS_CACHE`` names the directory (default ``$XDG_CACHE_HOME/hyperchess``, else ``~/.cache/hyperchess``);
``HYPERCHESS_CACHE=off`` (or ``0``, or empty) turns the cache off. Files of other versions of the code are
removed when a new one is written.
"""
from __future__ import annotations

import hashlib
import marshal
import os
import sys
import threading
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any, Iterator

CACHE_VARIABLE = "HYPERCHESS_CACHE"
OFF = frozenset({"", "0", "off", "no", "false"})
SUFFIX = ".tables"
RULES = Path(__file__).resolve().parents[1]      # hyperchess/variants: the code the tables come from
SOURCES = (".py", ".toml", ".ini")

_local = threading.local()


def directory() -> Path | None:
    """Where the tables are kept, or None when the cache is off."""
    value = os.environ.get(CACHE_VARIABLE)
    if value is not None:
        return None if value.strip().lower() in OFF else Path(value)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "hyperchess"


@cache
def code_version() -> str:
    """A digest of the rules' code and data files and of the Python that reads the cache (once a process)."""
    h = hashlib.sha256(f"{sys.version}|{marshal.version}".encode())
    for path in sorted(RULES.rglob("*")):
        if path.suffix in SOURCES and "__pycache__" not in path.parts:
            h.update(path.relative_to(RULES).as_posix().encode() + b"\0")
            h.update(hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()


@contextmanager
def building(definition: str) -> Iterator[None]:
    """Within the block, the game object whose tables are built first is the game ``definition`` says
    (``get_game``: its name and its file's text); its builds are read from and kept in the cache. A game
    built any other way (a test's, a user's file being checked) is not cached."""
    saved = getattr(_local, "state", None)
    _local.state = [definition, None, 0]       # definition, the game object, builds so far
    try:
        yield
    finally:
        _local.state = saved


def take(game: object) -> str | None:
    """The cache key of the build of ``game`` starting now, or None (not cached: no ``building`` block, another
    game object, or the cache is off). A game built twice in its constructor gets a key per build."""
    state = getattr(_local, "state", None)
    if state is None or directory() is None:
        return None
    if state[1] is None:
        state[1] = game
    elif state[1] is not game:
        return None
    state[2] += 1
    try:
        version = code_version()
    except OSError:
        return None
    return hashlib.sha256(f"{version}\0{state[0]}\0{state[2]}".encode()).hexdigest()


def key(definition: str) -> str | None:
    """The cache key of anything else made from the rules' code and ``definition`` alone, or None (off)."""
    if directory() is None:
        return None
    try:
        return hashlib.sha256(f"{code_version()}\0{definition}".encode()).hexdigest()
    except OSError:
        return None


def _path(key: str) -> Path | None:
    folder = directory()
    return None if folder is None else folder / f"{code_version()[:16]}-{key[:32]}{SUFFIX}"


def load(key: str) -> Any:
    """What is kept under ``key``, or None (nothing kept, or the file is damaged)."""
    path = _path(key)
    try:
        data = path.read_bytes() if path is not None else b""
    except OSError:
        return None
    digest, body = data[:32], data[32:]
    if len(digest) < 32 or hashlib.sha256(body).digest() != digest:
        return None
    try:
        return marshal.loads(body)
    except (EOFError, ValueError, TypeError):
        return None


def store(key: str, tables: Any) -> None:
    """Keep ``tables`` under ``key`` (best effort: a value marshal cannot write, or a directory that cannot
    be written, keeps nothing), and remove the files of other versions of the code."""
    path = _path(key)
    if path is None:
        return
    try:
        body = marshal.dumps(tables)
    except ValueError:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        try:
            with open(tmp, "xb") as f:
                f.write(hashlib.sha256(body).digest() + body)
            os.replace(tmp, path)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        prefix = code_version()[:16]
        for old in path.parent.glob(f"*{SUFFIX}"):
            if not old.name.startswith(prefix):
                old.unlink(missing_ok=True)
    except OSError:
        return
