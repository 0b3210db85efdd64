"""The engine's seats and the analysis of a web-board game, each search in a worker thread (never on the
server's event loop, so one game's search never stalls another game's moves).

At most ``ENGINE_SLOTS`` searches run at once in one server: searches are pure Python (or compiled code
that holds the GIL), so every thinking engine slows everything else; the other games wait their turn and
play slower while the pages stay interactive.
"""
from __future__ import annotations

import threading

from hyperchess.engine.search import Searcher, SearchInfo
from hyperchess.engine.timecontrol import Limits
from hyperchess.tournament.pgn import score_text
from hyperchess.variants.game import Move

from .errors import BadInput

ENGINE_SLOTS = threading.BoundedSemaphore(2)    # searches running at once in one server
ANALYSIS_SECONDS = 60.0                         # an analysis stops by itself after this long


class EngineSeats:
    """Mixed into ``Session``: the engine plays its seats when it is their turn (``kick``), and ``analyze``
    thinks about a position without moving."""

    def _engine_wanted(self) -> bool:
        return not (self.closed or self.editing is not None or self.outcome() is not None
                    or self.seats[self.pos.turn] != "engine")

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
                    return
                version = self.version
                pos = self.pos.copy()
                self.stop = stop = threading.Event()
                movetime = self.movetime
            side = self.game.color_names[pos.turn]

            def info(i: SearchInfo, pos=pos, version=version, side=side) -> None:
                line = pv_text(pos, i.pv)
                with self.lock:
                    if self.version == version:
                        # the score is the engine's: name its side, so it never reads as the person's
                        self.thinking = (f"{side} (engine): score {score_text(i.score)} for {side}, depth {i.depth}, "
                                         f"nodes {i.nodes}  {line}").rstrip()
                        self.engine_score = i.score

            with ENGINE_SLOTS:
                if stop.is_set():
                    continue            # the game changed while it waited for a slot
                with self.lock:
                    limits = self._engine_limits(pos, movetime)
                result = self.searcher.search(pos, limits, stop=stop, on_info=info)
            with self.lock:
                if self.version != version or self.closed:
                    continue            # the game changed while we thought: think again about the new one
                if result.best is None or self.outcome() is not None:
                    return              # no move, or its flag fell while it thought
                self._push(result.best)
                self.stop = threading.Event()

    def analyze(self, on: bool, ply: int | None = None) -> None:
        """Think about the present position (``ply`` None) or the one after ``ply`` moves, without moving:
        the score for the side to move, the depth and the best line, until ``analyze(False)``, a change of the
        game, or ANALYSIS_SECONDS."""
        with self.lock:
            self.analysis_stop.set()
            self.analysis = None
            if not on:
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
                if self.analysis is entry:
                    entry.update(depth=i.depth, score=score_text(i.score), line=line.split(),
                                 best=(i.pv[0][0], i.pv[0][1]) if i.pv else entry["best"])

        def work() -> None:
            searcher.search(view, Limits(movetime=ANALYSIS_SECONDS, use_all=True), stop=stop, on_info=info)
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
