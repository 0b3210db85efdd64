"""Where the web board keeps its games: one SQLite file (standard library ``sqlite3``, WAL mode).

A game is written at its first move (``sync``): a game left before it (every page load makes one) is never
stored (board.py keeps it in memory). A game's row holds its game, start position, seats, time control and result; a move's row its text, the
clocks after it and when it was made; a key's row which seats of which game a link holds. Every change is
committed before the server acknowledges it to any seat (``Session`` calls ``sync`` under its lock), so a
killed server loses no acknowledged move. ``synchronous=NORMAL``: a committed transaction survives the
process being killed; only a crash of the machine itself may lose the last ones (the SQLite WAL documentation).

One server per database: a server's Store holds an exclusive lock on ``PATH.lock`` (``flock``; ``msvcrt`` on
Windows) for its life, so a second server on the same file is refused (``DatabaseBusy``) instead of serving
games the first one changes under it. The operating system drops the lock when the process ends, however it
ends (``kill -9`` too). ``games export`` reads without the lock (SQLite's WAL lets it read beside a server).
"""
from __future__ import annotations

import json
import os
import sqlite3
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO

try:
    import fcntl
except ImportError:                     # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY, variant TEXT NOT NULL, start_fen TEXT NOT NULL, seats TEXT NOT NULL,
    linked TEXT NOT NULL DEFAULT '[]', movetime REAL NOT NULL, clock TEXT, created REAL NOT NULL,
    updated REAL NOT NULL, result TEXT, reason TEXT, termination TEXT, draw_offer INTEGER,
    level INTEGER NOT NULL DEFAULT 8, watch_all INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS moves (
    game TEXT NOT NULL REFERENCES games(id), ply INTEGER NOT NULL, move TEXT NOT NULL, clocks TEXT,
    at REAL NOT NULL, PRIMARY KEY (game, ply));
CREATE TABLE IF NOT EXISTS keys (
    key TEXT PRIMARY KEY, game TEXT NOT NULL REFERENCES games(id), role TEXT NOT NULL, colors TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS keys_by_game ON keys(game);
CREATE INDEX IF NOT EXISTS games_by_result ON games(result, updated);
"""
HAS_MOVES = "EXISTS (SELECT 1 FROM moves m WHERE m.game = g.id)"


def default_path() -> Path:
    """The user's data directory: ``$XDG_DATA_HOME/hyperchess`` (``~/.local/share/hyperchess``), on Windows
    ``%APPDATA%\\hyperchess``, on macOS ``~/Library/Application Support/hyperchess``."""
    if sys.platform == "win32" and os.environ.get("APPDATA"):
        base = Path(os.environ["APPDATA"])
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "hyperchess" / "games.sqlite3"


class DatabaseBusy(Exception):
    """Another server holds the database (one line)."""


def lock_database(path: Path) -> IO[str]:
    """The open, exclusively locked ``PATH.lock`` beside the database ``path`` (kept open while serving), or
    DatabaseBusy if another process holds it."""
    try:
        lock = open(str(path) + ".lock", "a+", encoding="utf-8")
    except OSError as exc:
        raise sqlite3.OperationalError(f"cannot open its lock file: {exc.strerror or exc}") from None
    try:
        if fcntl is not None:
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:                           # pragma: no cover - Windows
            import msvcrt
            lock.seek(0)
            msvcrt.locking(lock.fileno(), msvcrt.LK_NBLCK, 1)
    except OSError:
        lock.seek(0)
        holder = lock.read().strip()[:20]
        lock.close()
        raise DatabaseBusy(f"another hyperchess serve{f' (process {holder})' if holder else ''} is using {path}: "
                           "one server per database (--db chooses another)") from None
    lock.seek(0)
    lock.truncate()
    lock.write(str(os.getpid()))
    lock.flush()
    return lock


@dataclass
class StoredGame:
    id: str
    variant: str
    start_fen: str
    seats: list[str]
    linked: list[int]
    movetime: float
    clock: str | None
    created: float
    updated: float
    result: str | None
    reason: str | None
    termination: str | None
    draw_offer: int | None
    moves: list[str]
    clocks: list[list[float] | None]
    keys: dict[str, tuple[str, list[int]]]
    level: int = 8
    watch_all: bool = False         # fog of war: the spectators see the whole board during play


class Store:
    """The games database. One connection shared by the server's threads behind a lock (a write is a few
    hundred microseconds). ``exclusive``: the server's, holding the database's lock (``lock_database``)."""

    def __init__(self, path: str | os.PathLike, exclusive: bool = False) -> None:
        self.path = str(path)
        self.held: IO[str] | None = None
        if self.path != ":memory:":
            try:
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise sqlite3.OperationalError(f"cannot make its directory: {exc.strerror or exc}") from None
            if exclusive:
                self.held = lock_database(Path(self.path))
        self.closed = False
        self.lock = threading.Lock()
        try:
            self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=10)
            with self.lock:
                self.db.execute("PRAGMA journal_mode=WAL")
                self.db.execute("PRAGMA synchronous=NORMAL")
                self.db.executescript(SCHEMA)
                columns = {row[1] for row in self.db.execute("PRAGMA table_info(games)")}
                if "level" not in columns:      # a database from before the engine's levels
                    self.db.execute("ALTER TABLE games ADD COLUMN level INTEGER NOT NULL DEFAULT 8")
                if "watch_all" not in columns:  # a database from before fog of war
                    self.db.execute("ALTER TABLE games ADD COLUMN watch_all INTEGER NOT NULL DEFAULT 0")
        except sqlite3.Error:
            self._release()
            raise

    def close(self) -> None:
        with self.lock:
            self.closed = True
            self.db.close()
        self._release()

    def _release(self) -> None:
        if self.held is not None:
            self.held.close()           # closing the file drops the lock
            self.held = None

    # ------------------------------------------------------------------ writes
    def create(self, s, keys: dict[str, tuple[str, list[int]]]) -> None:
        """A new game and its links, in one transaction."""
        with self.lock, self.db:
            self.db.execute("BEGIN")
            self._insert(s, keys, time.time())
        s.kept = True

    def _insert(self, s, keys: dict[str, tuple[str, list[int]]], now: float) -> None:
        self.db.execute("INSERT INTO games (id, variant, start_fen, seats, linked, movetime, clock, created,"
                            " updated, level, watch_all) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                            (s.id, s.variant, s.start_fen, json.dumps(s.seats), json.dumps(sorted(s.linked)),
                             s.movetime, s.clock, now, now, s.level, int(getattr(s, "watch_all", False))))
        self.db.executemany("INSERT INTO keys (key, game, role, colors) VALUES (?,?,?,?)",
                            [(k, s.id, role, json.dumps(colors)) for k, (role, colors) in keys.items()])

    def set_keys(self, game_id: str, keys: dict[str, tuple[str, list[int]]]) -> None:
        with self.lock, self.db:
            self.db.execute("BEGIN")
            for k, (role, colors) in keys.items():
                self.db.execute("UPDATE keys SET colors=? WHERE key=? AND game=?", (json.dumps(colors), k, game_id))

    def sync(self, s, saved: int) -> int:
        """Write the game ``s`` as it stands: its row, and its moves from ply ``saved`` on (rows past its
        length go: a take-back). Returns the number of moves now stored. A game not yet kept is written,
        with its links, at its first move; before it nothing is."""
        n = len(s.names)
        if not s.kept and n == 0:
            return 0
        rules = s.rules_outcome()
        outcome = s.ended or (None if rules is None else (rules.result, rules.reason, rules.termination))
        now = time.time()
        rows = []
        for ply in range(min(saved, n), n):
            clocks = s.clocks.history[ply + 1] if ply + 1 < len(s.clocks.history) else s.clocks.left
            rows.append((s.id, ply, s.names[ply], json.dumps(clocks) if s.clocks.tc else None, now))
        with self.lock:
            if self.closed:
                # the server has stopped: an engine's move found after that was never acknowledged to
                # anyone, and the engine thinks again when the game reopens
                return saved
            return self._write(s, saved, n, outcome, now, rows)

    def _write(self, s, saved: int, n: int, outcome, now: float, rows: list) -> int:
        with self.db:
            self.db.execute("BEGIN")
            if not s.kept:
                self._insert(s, s.keys, now)
            self.db.execute("UPDATE games SET start_fen=?, seats=?, linked=?, movetime=?, updated=?, result=?,"
                            " reason=?, termination=?, draw_offer=?, level=? WHERE id=?",
                            (s.start_fen, json.dumps(s.seats), json.dumps(sorted(s.linked)), s.movetime, now,
                             *(outcome or (None, None, None)), s.draw_offer, s.level, s.id))
            if n < saved or not rows:      # a take-back or a new start: the moves past the game's end go
                self.db.execute("DELETE FROM moves WHERE game=? AND ply>=?", (s.id, min(saved, n)))
            self.db.executemany("INSERT INTO moves (game, ply, move, clocks, at) VALUES (?,?,?,?,?)", rows)
        s.kept = True
        return n

    # ------------------------------------------------------------------ reads
    def game_of_key(self, key: str) -> str | None:
        with self.lock:
            row = self.db.execute("SELECT game FROM keys WHERE key=?", (key,)).fetchone()
        return row[0] if row else None

    def load(self, game_id: str) -> StoredGame | None:
        with self.lock:
            if self.closed:             # the server has stopped (a late warm-up or request): nothing to open
                return None
            row = self.db.execute("SELECT id, variant, start_fen, seats, linked, movetime, clock, created, updated,"
                                  " result, reason, termination, draw_offer, level, watch_all FROM games WHERE id=?",
                                  (game_id,)).fetchone()
            if row is None:
                return None
            moves = self.db.execute("SELECT move, clocks FROM moves WHERE game=? ORDER BY ply", (game_id,)).fetchall()
            keys = self.db.execute("SELECT key, role, colors FROM keys WHERE game=?", (game_id,)).fetchall()
        return StoredGame(row[0], row[1], row[2], json.loads(row[3]), json.loads(row[4]), row[5], row[6], row[7],
                          row[8], row[9], row[10], row[11], row[12], [m for m, _ in moves],
                          [json.loads(c) if c else None for _, c in moves],
                          {k: (role, json.loads(colors)) for k, role, colors in keys}, row[13], bool(row[14]))

    def unfinished(self, limit: int) -> list[str]:
        """The unfinished games with a move, most recently changed first (none once closed)."""
        with self.lock:
            if self.closed:
                return []
            return [r[0] for r in self.db.execute(
                f"SELECT id FROM games g WHERE result IS NULL AND {HAS_MOVES} ORDER BY updated DESC LIMIT ?",
                (limit,))]

    def listing(self, limit: int = 500, finished: bool | None = None, everything: bool = False) -> list[dict]:
        """The games for the games page, newest first: id, variant, seats, result, dates, moves, the
        spectator key (review). Only games with a move, unless ``everything`` (a database written before
        games were stored at their first move holds games without)."""
        terms = [] if everything else [HAS_MOVES]
        if finished is not None:
            terms.append("g.result IS NOT NULL" if finished else "g.result IS NULL")
        where = "WHERE " + " AND ".join(terms) if terms else ""
        with self.lock:
            rows = self.db.execute(
                "SELECT g.id, g.variant, g.seats, g.linked, g.result, g.reason, g.created, g.updated,"
                " (SELECT COUNT(*) FROM moves m WHERE m.game=g.id),"
                " (SELECT key FROM keys k WHERE k.game=g.id AND k.role='spectator')"
                f" FROM games g {where} ORDER BY g.updated DESC LIMIT ?", (limit,)).fetchall()
        return [{"id": r[0], "variant": r[1], "seats": json.loads(r[2]), "linked": json.loads(r[3]),
                 "result": r[4], "reason": r[5], "created": r[6], "updated": r[7], "moves": r[8], "watch": r[9]}
                for r in rows]

    def all_ids(self, everything: bool = False) -> list[str]:
        """The games, oldest first: those with a move, or ``everything``."""
        where = "" if everything else f"WHERE {HAS_MOVES}"
        with self.lock:
            return [r[0] for r in self.db.execute(f"SELECT id FROM games g {where} ORDER BY created")]
