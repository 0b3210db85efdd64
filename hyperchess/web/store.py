"""Where the web board keeps its games: one SQLite file (standard library ``sqlite3``, WAL mode).

A game's row holds its game, start position, seats, time control and result; a move's row its text, the
clocks after it and when it was made; a key's row which seats of which game a link holds. Every change is
committed before the server acknowledges it to any seat (``Session`` calls ``sync`` under its lock), so a
killed server loses no acknowledged move. ``synchronous=NORMAL``: a committed transaction survives the
process being killed; only a crash of the machine itself may lose the last ones (the SQLite WAL documentation).
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

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY, variant TEXT NOT NULL, start_fen TEXT NOT NULL, seats TEXT NOT NULL,
    linked TEXT NOT NULL DEFAULT '[]', movetime REAL NOT NULL, clock TEXT, created REAL NOT NULL,
    updated REAL NOT NULL, result TEXT, reason TEXT, termination TEXT, draw_offer INTEGER);
CREATE TABLE IF NOT EXISTS moves (
    game TEXT NOT NULL REFERENCES games(id), ply INTEGER NOT NULL, move TEXT NOT NULL, clocks TEXT,
    at REAL NOT NULL, PRIMARY KEY (game, ply));
CREATE TABLE IF NOT EXISTS keys (
    key TEXT PRIMARY KEY, game TEXT NOT NULL REFERENCES games(id), role TEXT NOT NULL, colors TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS keys_by_game ON keys(game);
CREATE INDEX IF NOT EXISTS games_by_result ON games(result, updated);
"""


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


class Store:
    """The games database. One connection shared by the server's threads behind a lock (a write is a few
    hundred microseconds)."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            try:
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise sqlite3.OperationalError(f"cannot make its directory: {exc.strerror or exc}") from None
        self.closed = False
        self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=10)
        self.lock = threading.Lock()
        with self.lock:
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.executescript(SCHEMA)

    def close(self) -> None:
        with self.lock:
            self.closed = True
            self.db.close()

    # ------------------------------------------------------------------ writes
    def create(self, s, keys: dict[str, tuple[str, list[int]]]) -> None:
        """A new game and its links, in one transaction."""
        now = time.time()
        with self.lock, self.db:
            self.db.execute("BEGIN")
            self.db.execute("INSERT INTO games (id, variant, start_fen, seats, linked, movetime, clock, created,"
                            " updated) VALUES (?,?,?,?,?,?,?,?,?)",
                            (s.id, s.variant, s.start_fen, json.dumps(s.seats), json.dumps(sorted(s.linked)),
                             s.movetime, s.clock, now, now))
            self.db.executemany("INSERT INTO keys (key, game, role, colors) VALUES (?,?,?,?)",
                                [(k, s.id, role, json.dumps(colors)) for k, (role, colors) in keys.items()])

    def set_keys(self, game_id: str, keys: dict[str, tuple[str, list[int]]]) -> None:
        with self.lock, self.db:
            self.db.execute("BEGIN")
            for k, (role, colors) in keys.items():
                self.db.execute("UPDATE keys SET colors=? WHERE key=? AND game=?", (json.dumps(colors), k, game_id))

    def sync(self, s, saved: int) -> int:
        """Write the game ``s`` as it stands: its row, and its moves from ply ``saved`` on (rows past its
        length go: a take-back). Returns the number of moves now stored."""
        n = len(s.names)
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
            self.db.execute("UPDATE games SET start_fen=?, seats=?, linked=?, movetime=?, updated=?, result=?,"
                            " reason=?, termination=?, draw_offer=? WHERE id=?",
                            (s.start_fen, json.dumps(s.seats), json.dumps(sorted(s.linked)), s.movetime, now,
                             *(outcome or (None, None, None)), s.draw_offer, s.id))
            if n < saved or not rows:      # a take-back or a new start: the moves past the game's end go
                self.db.execute("DELETE FROM moves WHERE game=? AND ply>=?", (s.id, min(saved, n)))
            self.db.executemany("INSERT INTO moves (game, ply, move, clocks, at) VALUES (?,?,?,?,?)", rows)
        return n

    # ------------------------------------------------------------------ reads
    def game_of_key(self, key: str) -> str | None:
        with self.lock:
            row = self.db.execute("SELECT game FROM keys WHERE key=?", (key,)).fetchone()
        return row[0] if row else None

    def load(self, game_id: str) -> StoredGame | None:
        with self.lock:
            row = self.db.execute("SELECT id, variant, start_fen, seats, linked, movetime, clock, created, updated,"
                                  " result, reason, termination, draw_offer FROM games WHERE id=?",
                                  (game_id,)).fetchone()
            if row is None:
                return None
            moves = self.db.execute("SELECT move, clocks FROM moves WHERE game=? ORDER BY ply", (game_id,)).fetchall()
            keys = self.db.execute("SELECT key, role, colors FROM keys WHERE game=?", (game_id,)).fetchall()
        return StoredGame(row[0], row[1], row[2], json.loads(row[3]), json.loads(row[4]), row[5], row[6], row[7],
                          row[8], row[9], row[10], row[11], row[12], [m for m, _ in moves],
                          [json.loads(c) if c else None for _, c in moves],
                          {k: (role, json.loads(colors)) for k, role, colors in keys})

    def unfinished(self, limit: int) -> list[str]:
        """The unfinished games, most recently changed first."""
        with self.lock:
            return [r[0] for r in self.db.execute(
                "SELECT id FROM games WHERE result IS NULL ORDER BY updated DESC LIMIT ?", (limit,))]

    def listing(self, limit: int = 500, finished: bool | None = None) -> list[dict]:
        """The games for the games page, newest first: id, variant, seats, result, dates, moves, the
        spectator key (review)."""
        where = "" if finished is None else ("WHERE g.result IS NOT NULL" if finished else "WHERE g.result IS NULL")
        with self.lock:
            rows = self.db.execute(
                "SELECT g.id, g.variant, g.seats, g.linked, g.result, g.reason, g.created, g.updated,"
                " (SELECT COUNT(*) FROM moves m WHERE m.game=g.id),"
                " (SELECT key FROM keys k WHERE k.game=g.id AND k.role='spectator')"
                f" FROM games g {where} ORDER BY g.updated DESC LIMIT ?", (limit,)).fetchall()
        return [{"id": r[0], "variant": r[1], "seats": json.loads(r[2]), "linked": json.loads(r[3]),
                 "result": r[4], "reason": r[5], "created": r[6], "updated": r[7], "moves": r[8], "watch": r[9]}
                for r in rows]

    def all_ids(self) -> list[str]:
        with self.lock:
            return [r[0] for r in self.db.execute("SELECT id FROM games ORDER BY created")]
