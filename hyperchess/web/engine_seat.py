"""The engine's seats and the analysis of a web-board game, each search in a worker thread (never on the
server's event loop, so one game's search never stalls another game's moves).

At most ``ENGINE_SLOTS`` searches run at once in one process (a ``hyperchess serve`` is one process; servers
started side by side in one process, as tests do, share them), the engine seats' and the analyses' together:
searches are pure Python (or compiled code that holds the GIL), so every thinking engine slows everything
else; the other games wait their turn and play slower while the pages stay interactive. A seat's move comes
before an analysis: a seat that finds every slot taken asks an analysis holding one to give way (its search
stops, waits for a free slot and goes on from its searcher's table).
"""
from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from typing import Iterator

from hyperchess.engine.fog import fog_move
from hyperchess.engine.levels import BOARD_LEVELS, search_at_level
from hyperchess.engine.search import Searcher, SearchInfo
from hyperchess.engine.timecontrol import Limits
from hyperchess.tournament.pgn import score_text
from hyperchess.variants import MoveError
from hyperchess.variants.core.game import Move
from hyperchess.variants.core.visibility import view as view_of

from .errors import BadInput
from .outside import EngineFailed, OutsidePlayer

ANALYSIS_SECONDS = 60.0                         # an analysis stops by itself after this long


class Slots:
    """``n`` searches at once: ``seat()`` for an engine seat's move, ``analysis(give_way, stop)`` for an
    analysis, which a waiting seat asks to give way (``give_way`` is set)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.cond = threading.Condition()
        self.used = 0
        self.seats_waiting = 0
        self.analyses: list[threading.Event] = []      # the give-way events of the analyses holding a slot

    def _free(self) -> None:
        with self.cond:
            self.used -= 1
            self.cond.notify_all()

    @contextmanager
    def seat(self) -> Iterator[None]:
        with self.cond:
            self.seats_waiting += 1
            try:
                while self.used >= self.n:
                    asked = next((e for e in self.analyses if not e.is_set()), None)
                    if asked is not None:
                        asked.set()
                    self.cond.wait()
            finally:
                self.seats_waiting -= 1
            self.used += 1
        try:
            yield
        finally:
            self._free()

    @contextmanager
    def analysis(self, give_way: threading.Event, stop: threading.Event) -> Iterator[bool]:
        """A slot once none is wanted by a seat (True), or False when ``stop`` is set first."""
        with self.cond:
            while (self.used >= self.n or self.seats_waiting) and not stop.is_set():
                self.cond.wait(0.1)
            if stop.is_set():
                got = False
            else:
                got = True
                self.used += 1
                give_way.clear()
                self.analyses.append(give_way)
        try:
            yield got
        finally:
            if got:
                with self.cond:
                    self.analyses.remove(give_way)
                self._free()


ENGINE_SLOTS = Slots(2)    # searches running at once in this process, whatever its servers


class Either:
    """Set when any of its events is (a search's stop event: ``is_set`` is all the search asks)."""

    def __init__(self, *events: threading.Event) -> None:
        self.events = events

    def is_set(self) -> bool:
        return any(e.is_set() for e in self.events)


class EngineSeats:
    """Mixed into ``Session``: the engine plays its seats when it is their turn (``kick``), and ``analyze``
    thinks about a position without moving."""

    def _engine_wanted(self) -> bool:
        seat = self.seats[self.pos.turn]
        # a stored game's outside engine that this server was not given: nothing plays its seat
        return not (self.closed or self.editing is not None or self.outcome() is not None
                    or seat == "human" or (seat != "engine" and seat not in self.engines))

    def kick(self) -> None:
        """Start the engine thread if the engine is to move and it is not already thinking."""
        with self.lock:
            if not self._engine_wanted():
                return
            if self.worker is not None and self.worker.is_alive():
                return
            self.worker = threading.Thread(target=self._engine_loop, name=f"engine-{self.id}", daemon=True)
            self.worker.start()

    def busy(self) -> bool:
        return self.worker is not None and self.worker.is_alive()

    def _engine_limits(self, pos, movetime: float) -> Limits:
        if self.clocks.tc:        # the engine plays on its clock, as under CECP
            moves, _, inc = self.clocks.tc
            made = sum(1 for c in self.turns[:-1] if c == pos.turn)
            return Limits(time_left=max(0.0, self.time_left(pos.turn) or 0.0), increment=inc,
                          moves_to_go=(moves - made % moves) if moves else None)
        return Limits(movetime=movetime, use_all=True)   # a fixed time per move: use it all

    def _engine_loop(self) -> None:
        while True:
            with self.lock:
                if not self._engine_wanted():
                    if self.closed or self.outcome() is not None:
                        self.close_outside()
                    return
                version = self.version
                pos = self.pos.copy()
                self.stop = stop = threading.Event()
                movetime = self.movetime
                seat = self.seats[pos.turn]
            side = self.game.color_names[pos.turn]

            def info(i: SearchInfo, pos=pos, version=version, side=side) -> None:
                line = pv_text(pos, i.pv)
                with self.lock:
                    if self.version == version:
                        # the score is the engine's: name its side, so it never reads as the person's
                        self.thinking = (f"{side} (engine): score {score_text(i.score)} for {side}, depth {i.depth}, "
                                         f"nodes {i.nodes}  {line}").rstrip()
                        self.engine_score = i.score

            with ENGINE_SLOTS.seat():
                if stop.is_set():
                    continue            # the game changed while it waited for a slot
                with self.lock:
                    limits = self._engine_limits(pos, movetime)
                try:
                    if seat == "engine" and self.fog:
                        best = self._fog_move(pos.turn, version)
                    else:
                        best = (search_at_level(self.searcher, pos, limits, BOARD_LEVELS[self.level - 1], stop,
                                                info).best if seat == "engine"
                                else self._outside_move(pos, seat, limits, stop, version))
                except EngineFailed as exc:
                    with self.lock:
                        if self.version == version and not self.closed:
                            self._forfeit(pos.turn, str(exc))
                    return
            with self.lock:
                if self.version != version or self.closed:
                    continue            # the game changed while we thought: think again about the new one
                if best is None or self.outcome() is not None:
                    return              # no move, or its flag fell while it thought
                if self.version != version:
                    continue            # its flag fell and put it out (a free-for-all): the game goes on
                self._push(best)
                self.stop = threading.Event()

    # ------------------------------------------------------------------ fog of war
    def _fog_move(self, color: int, version: int) -> Move | None:
        """Our engine's move in a fog game: it is given only the views its seat had after each move, never the
        position (``engine/fog.py``: sampled positions that agree with them, searched and voted)."""
        with self.lock:
            pos = self.game.position(self.start_fen)
            played = list(self.played)
            if self.version == version:
                self.thinking = f"{self.game.color_names[color]} (engine): thinking"
        views = [view_of(pos, color)]
        for move in played:
            pos.push(move)
            views.append(view_of(pos, color))
        return fog_move(self.game, color, views, seed=len(played))

    # ------------------------------------------------------------------ engines from outside (outside.py)
    def _outside_move(self, pos, seat: str, limits: Limits, stop: threading.Event, version: int) -> Move | None:
        """The move of the outside engine ``seat``, checked by our rules; EngineFailed if it has none."""
        with self.lock:
            player = self.outside.get(seat)
            if player is None or player.fen != self.start_fen:
                if player is not None:
                    player.close()
                player = self.outside[seat] = OutsidePlayer(self.engines[seat], self.variant, self.start_fen)
            names = list(self.names)
            turn = pos.turn
            clocks = (self.time_left(turn), self.time_left(1 - turn))
        side = self.game.color_names[turn]

        def info(depth: int, score: int) -> None:
            with self.lock:
                if self.version == version:
                    self.thinking = f"{side} ({seat}): score {score_text(score)} for {side}, depth {depth}"
                    self.engine_score = score

        text = player.best(names, limits, self.game.teams[turn] == 0, clocks, stop, info)
        if text is None:
            return None
        try:
            return pos.parse_move(text)
        except (MoveError, ValueError, KeyError, IndexError) as exc:
            player.close()
            raise EngineFailed(f"{seat} makes an illegal move: {text[:40]} ({exc})") from None

    def _forfeit(self, color: int, reason: str) -> None:
        """The outside engine of ``color`` failed (crash, silence, illegal move): its team loses."""
        loser = self.game.teams[color]
        termination = "rules infraction" if "illegal move" in reason else "abandoned"
        self.ended = ("0-1" if loser == 0 else "1-0", reason[:200], termination)
        self.close_outside()
        self._changed()

    def close_outside(self) -> None:
        for player in self.outside.values():
            player.close()
        self.outside.clear()

    def analyze(self, on: bool, ply: int | None = None) -> None:
        """Think about the present position (``ply`` None) or the one after ``ply`` moves, without moving:
        the score for the side to move, the depth and the best line, until ``analyze(False)``, a change of the
        game, or ANALYSIS_SECONDS."""
        with self.lock:
            self.analysis_stop.set()
            self.analysis = None
            if not on or self.closed:
                return
            if ply is not None and not 0 <= ply <= len(self.names):
                raise BadInput(f"ply: 0..{len(self.names)}, got {ply}")
            view = self.pos.copy()
            if ply is not None:
                view.take_back_to(ply)
            if not view.legal_moves():
                raise BadInput("nothing to analyse: no legal move in this position")
            self.analysis_stop = stop = threading.Event()
            side = self.game.color_names[view.turn]
            self.analysis = entry = {"ply": ply, "side": side, "depth": 0, "score": "", "line": [], "best": None,
                                     "running": True}
            if self.analysis_searcher is None:
                self.analysis_searcher = Searcher(hash_mb=16)
            searcher = self.analysis_searcher

        def info(i: SearchInfo) -> None:
            line = pv_text(view, i.pv)
            with self.lock:
                # after giving way the search starts again from depth 1: the deeper line stays shown
                if self.analysis is entry and i.depth >= entry["depth"]:
                    entry.update(depth=i.depth, score=score_text(i.score), line=line.split(),
                                 best=(i.pv[0][0], i.pv[0][1]) if i.pv else entry["best"])

        def work() -> None:
            give_way = threading.Event()
            end = time.monotonic() + ANALYSIS_SECONDS
            while not stop.is_set() and time.monotonic() < end:
                with ENGINE_SLOTS.analysis(give_way, stop) as got:
                    if not got:
                        break
                    searcher.search(view, Limits(movetime=max(0.05, end - time.monotonic()), use_all=True),
                                    stop=Either(stop, give_way), on_info=info)
                if not give_way.is_set():
                    break               # done: its time is up, or it was stopped
            with self.lock:
                entry["running"] = False

        threading.Thread(target=work, name=f"analysis-{self.id}", daemon=True).start()


def pv_text(pos, pv: list[Move]) -> str:
    """A principal variation in native notation, as far as it is valid in ``pos``."""
    p = pos.copy()
    out = []
    for m in pv:
        try:
            out.append(p.move_name(m))
            p.push(m)
        except Exception:          # a stale line from the table: show what was valid
            break
    return " ".join(out)
