"""Adjudication for engine-vs-engine games (``hyperchess selfplay``): end a game whose result is no longer in
doubt, so that self-play stays short. Rules (docs/engine.md, Adjudication):

- win: the search score has favoured the same team by at least ``WIN_CP`` for ``WIN_PLIES`` plies in a row
  (both teams' searches agree; mate scores count);
- draw: after ``DRAW_AFTER`` plies, the score stayed within ``DRAW_CP`` of 0 for ``DRAW_PLIES`` plies in a row;
- draw: the game reached ``MAX_PLIES`` plies without a decision.
"""
from __future__ import annotations

from hyperchess.variants.core.outcome import Outcome

WIN_CP = 1000
WIN_PLIES = 8
DRAW_CP = 15
DRAW_AFTER = 80
DRAW_PLIES = 20
MAX_PLIES = 400


class Adjudicator:
    def __init__(self, game) -> None:
        self.game = game
        self.plies = 0
        self.lead_team: int | None = None
        self.lead_run = 0
        self.quiet_run = 0

    def after_move(self, pos, mover: int, score: int) -> Outcome | None:
        """Record the mover's search score (centipawns for the mover); an Outcome when the game is decided."""
        self.plies += 1
        team = self.game.teams[mover]
        leader = team if score >= WIN_CP else (1 - team if score <= -WIN_CP else None)
        if leader is not None and leader == self.lead_team:
            self.lead_run += 1
        else:
            self.lead_team, self.lead_run = leader, 1 if leader is not None else 0
        self.quiet_run = self.quiet_run + 1 if abs(score) <= DRAW_CP else 0
        if self.lead_team is not None and self.lead_run >= WIN_PLIES:
            name = self._team_name(self.lead_team)
            return Outcome("1-0" if self.lead_team == 0 else "0-1",
                           f"{name} wins by adjudication (ahead by {WIN_CP}+ cp for {WIN_PLIES} plies)",
                           "adjudication")
        if self.plies >= DRAW_AFTER and self.quiet_run >= DRAW_PLIES:
            return Outcome("1/2-1/2", f"Draw by adjudication (score within {DRAW_CP} cp for {DRAW_PLIES} plies)",
                           "adjudication")
        if self.plies >= MAX_PLIES:
            return Outcome("1/2-1/2", f"Draw by adjudication ({MAX_PLIES} plies without a decision)",
                           "adjudication")
        return None

    def _team_name(self, team: int) -> str:
        colors = [self.game.color_names[c] for c in range(self.game.players) if self.game.teams[c] == team]
        return " and ".join(c.capitalize() for c in colors)
