"""Games with fog of war in the match runner (``Game.fog``; docs/match.md, "Fog of war"; docs/rules/fogofwar.md).

``FogReferee`` is the runner's referee (``referee.Referee``: engines, clocks, stalls, crashes, the record) for a
game with fog. It holds the real position and sends each seat only what its side sees (docs/protocol.md, "Fog of
war"): before each ``go`` the view string of the side to move (``visibility.view_string``), by UCI's ``position
fen VIEW`` or CECP's ``setboard VIEW``; never a move of the game, never the position. A move is read in the real
position: one that is not legal there loses, and the capture of a king ends the game by the game's rules.

Only an engine that declares that it reads views (the option ``FogViews``, as ``hyperchess uci`` and
``hyperchess xboard`` do) is given a seat: another would take a view for a position it cannot read, or, knowing
a game of the same name, play a different game (Fairy-Stockfish's ``fogofwar`` is extinction chess in which both
sides see everything). The in-process players (``player=random|lastseen``, fogplayers.py) are given
``visibility.view`` of their side after every move.
"""
from __future__ import annotations

import time
from typing import IO

from hyperchess.variants.core.visibility import view, view_string

from .dialect import declares_fog, fog_refusal, seconds_a_move
from .engine import EngineDied, EngineProcess
from .fogplayers import Player, make_player
from .referee import GameJob, GameOver, Referee, _cs, play_game
from .spec import EngineSpec
from .uci import go_command

class FogReferee(Referee):
    """The referee of a game with fog: each seat is sent only its view (module docstring)."""

    sends_views = True

    def __init__(self, job: GameJob, record: dict, log: IO[str] | None) -> None:
        self.players: dict[int, Player] = {}       # seat -> an in-process player
        if job.opening_fen is not None:
            raise RuntimeError("a game with fog starts from its start position, which its players know: give "
                               "openings as move lists")
        super().__init__(job, record, log)

    def check_engine(self, spec: EngineSpec, e: EngineProcess) -> None:
        if not declares_fog(e):
            raise ValueError(fog_refusal(spec, self.game.name))

    def start(self) -> None:
        job = self.job
        for seat, slot in enumerate(job.seats):
            spec = job.engines[slot]
            if spec.player is not None:
                self.players[seat] = make_player(spec.player, self.game, seat, seed=job.seed * 8 + seat,
                                                 nodes=spec.tc.nodes)
        for slot in dict.fromkeys(job.seats):
            if job.engines[slot].player is None:
                self.start_slot(slot)
        self.show()

    def show(self) -> None:
        """Each in-process player is given its side's view of the position."""
        for seat, player in self.players.items():
            player.observe(view(self.pos, seat))

    def push(self, move) -> None:
        super().push(move)
        self.show()

    def play_one(self) -> None:
        seat = self.pos.turn
        slot = self.job.seats[seat]
        if seat in self.players:
            self.player_moves(seat, slot)
            return
        spec = self.job.engines[slot]
        e = self.engines[slot]
        tc = spec.tc
        state = self.seats[seat]
        other = self.seats[(seat + 1) % self.game.players].clock
        text = view_string(self.pos)
        try:
            if spec.proto == "uci":
                e.send(f"position fen {text}")
                t0 = time.monotonic()
                e.send(go_command(tc, (state.clock, other if other is not None else state.clock),
                                  self.game.teams[seat] == 0, state.moves_made))
            else:
                e.send(f"setboard {text}")
                if tc.base is not None:
                    e.send(f"time {_cs(state.clock or 0)}")
                    e.send(f"otim {_cs(other if other is not None else state.clock or 0)}")
                elif tc.st is not None:
                    for line in seconds_a_move(tc.st, spec.timing, e)[1]:
                        e.send(line)
                t0 = time.monotonic()
                e.send("go")
        except EngineDied as exc:
            raise GameOver(self.loss(seat), "disconnect", f"{self.color(seat)} disconnects ({exc})")
        self.await_move(seat, slot, t0)

    def player_moves(self, seat: int, slot: int) -> None:
        """The in-process player of ``seat`` moves: a move that is not legal, or none, loses, as a late one."""
        t0 = time.monotonic()
        move = self.players[seat].choose()
        elapsed = time.monotonic() - t0
        allowed = self.allowance(seat)
        if elapsed > allowed:
            raise GameOver(self.loss(seat), "time forfeit",
                           f"{self.color(seat)} loses on time ({elapsed:.3f} s > {allowed:.3f} s)")
        if move is None or move not in self.pos.legal_moves():
            raise GameOver(self.loss(seat), "illegal move", f"{self.color(seat)} gives no legal move")
        self.make(seat, slot, move, elapsed)


def play_fog_game(job: GameJob) -> dict:
    """``referee.play_game`` for a game with fog: the same record, refereed by ``FogReferee``."""
    return play_game(job, FogReferee)
