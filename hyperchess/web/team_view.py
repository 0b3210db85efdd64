"""What a page shows of a two-board game (``team_session.py``): both boards side by side in one picture (the
viewer's own board on the left, seen from its seat; the partner's board beside it, seen from the partner's
seat), each with its hands; the click targets of the boards where the viewer's seat is to move, every square
and reserve piece named with its board (``A:e4``, ``B:reserve-white-P``); the light update; the PGN."""
from __future__ import annotations

import re
import time

from hyperchess.pictures import render_svg
from hyperchess.tournament.pgn import NORMAL_TERMINATION, tag_block
from hyperchess.variants.rules.partner_boards import SEATS, team_of

from .errors import BadInput
from .targets import legal_targets

GAP = 30                          # picture units between the two boards
_OPEN = re.compile(r"<svg\b[^>]*>")
_VIEWBOX = re.compile(r'viewBox="([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+)"')
_NAMED = re.compile(r'data-(square|target)="([^"]*)"')


def side_by_side(pictures: list[tuple[str, str]]) -> str:
    """One SVG of the pictures ``(board letter, svg)`` side by side, each board's ``data-square`` and
    ``data-target`` names prefixed with its letter (``A:e4``)."""
    parts, x, height = [], 0.0, 0.0
    for letter, svg in pictures:
        head = _OPEN.match(svg)
        vb = _VIEWBOX.search(head.group(0))
        vx, vy, w, h = (float(v) for v in vb.groups())
        inner = (f'<svg x="{x:g}" y="0" width="{w:g}" height="{h:g}" viewBox="{vx:g} {vy:g} {w:g} {h:g}" '
                 f'class="board-{letter}" data-board="{letter}">')
        body = _NAMED.sub(lambda m: f'data-{m.group(1)}="{letter}:{m.group(2)}"', svg[head.end():])
        parts.append(inner + body)
        x += w + GAP
        height = max(height, h)
    width = x - GAP
    return (f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" class="hyperchess-board two-boards" '
            f'viewBox="0 0 {width:g} {height:g}" width="{width:g}" height="{height:g}">' + "".join(parts) + "</svg>")


class TeamView:
    """Mixed into ``TeamSession``: its state as a page sees it, and its PGN."""

    def seat_kinds(self, mine: frozenset[int]) -> list[str]:
        return ["you" if c in mine else ("engine" if self.seats[c] != "human" else "person") for c in range(SEATS)]

    def clock_values(self) -> list[float | None] | None:
        return [self.time_left(c) for c in range(SEATS)] if self.clocks.tc else None

    def clocks_running(self, over: bool) -> list[str]:
        """The seats whose clocks run now: each board's side to move (once its clock started)."""
        if not self.clocks.tc or over:
            return []
        names = self.seat_names()
        return [names[s] for s in (self.boards.to_move(0), self.boards.to_move(1)) if self.clocks.started(s)]

    def turn_text(self) -> str:
        names = self.seat_names()
        return ", ".join(names[self.boards.to_move(b)] + (" (waiting for a piece)" if self.boards.waiting(b) else "")
                         for b in (0, 1))

    def update(self, mine=None, role: str = "owner") -> dict:
        with self.lock:
            outcome = self.outcome()
            return {"type": "update", "game": self.id, "version": self.version, "moves": list(self.names),
                    "turn": self.turn_text(), "turn_move": 0, "clocks": self.clock_values(),
                    "result": outcome.result if outcome else None, "reason": outcome.reason if outcome else None,
                    "draw_offer": None if self.draw_offer is None else self.team_name(self.draw_offer),
                    "thinking": self.thinking, "message": self.message,
                    "clock_running": self.clocks_running(outcome is not None), "rematch": None}

    def light_state(self, mine=None) -> dict:
        with self.lock:
            return {"id": self.id, "version": self.version, "unchanged": True, "thinking": self.thinking,
                    "clocks": self.clock_values(), "clock_running": self.clocks_running(self.outcome() is not None)}

    def picture(self, own: frozenset[int], flip: bool = False, over: bool = False) -> str:
        """Both boards: the viewer's board first (its seat at the bottom), the other from the partner's side."""
        me = min(own) if own else 0
        board, color = divmod(me, 2)
        order = [(board, color), (1 - board, 1 - color)]
        pictures = []
        for n, (b, c) in enumerate(order):
            pos = self.boards.boards[b]
            whose = "" if not own else ": yours" if n == 0 else ": your partner's"
            sits = ", waiting for a piece" if self.boards.waiting(b) else ""
            turn = "" if over else f" ({self.game.color_names[pos.turn]} to move{sits})"
            svg = render_svg(pos, lastmove=self.last[b], flipped=(c == 1) ^ flip, legend=False, caption=f"Board {'AB'[b]}{whose}{turn}")
            pictures.append(("AB"[b], svg))
        return side_by_side(pictures)

    def legal(self, own: frozenset[int], over: bool) -> list[dict]:
        """The click targets of each board where a seat of the viewer is to move, named with the board."""
        if over:
            return []
        out = []
        for b in (0, 1):
            if self.boards.to_move(b) not in own or self.seats[self.boards.to_move(b)] != "human":
                continue
            letter = "AB"[b]
            for t in legal_targets(self.boards.boards[b]):
                t = dict(t, move=f"{letter}:{t['move']}", to=f"{letter}:{t['to']}")
                t["from"] = f"{letter}:{t['from']}"
                out.append(t)
        return out

    def state(self, ply: int | None = None, flip: bool = False, cells: bool = False, rotate: int = 0,
              mine=None, role: str = "owner") -> dict:
        """What the page shows (no review of earlier moves on two boards: ``ply`` must be the present)."""
        with self.lock:
            if ply is not None and ply != len(self.names):
                raise BadInput("review: a two-board game shows the present only")
            own = self.mine_or_local(mine)
            outcome = self.outcome()
            names = self.seat_names()
            boards = []
            for b in (0, 1):
                pos = self.boards.boards[b]
                boards.append({"name": "AB"[b], "fen": pos.fen(), "to_move": names[self.boards.to_move(b)],
                               "waiting": self.boards.waiting(b),
                               "hands": {self.game.color_names[c]: self.game.in_hand(pos, c) for c in (0, 1)}})
            return {
                "id": self.id, "version": self.version, "variant": self.game.name,
                "title": f"{self.game.title} (two boards)", "two_boards": True,
                "colors": names, "teams": [self.team_name(team_of(c)) for c in range(SEATS)],
                "seats": list(self.seats), "players": self.seat_kinds(own), "role": role,
                "linked": bool(self.linked), "movetime": self.movetime, "level": self.level,
                "turn": self.turn_text(), "turn_move": 0, "boards": boards,
                "fen": " | ".join(b["fen"] for b in boards), "start_fen": self.start_fen,
                "moves": list(self.names), "notation": "san", "notated": list(self.sans), "notes": [""] * len(self.names),
                "marks": ["x" if "x" in s else "" for s in self.sans],
                "check": False, "move_turns": [0] * (len(self.names) + 1),
                "move_colors": [names[s] for s in self.movers], "start_turn": 0, "start_fullmove": 1,
                "result": outcome.result if outcome else None, "reason": outcome.reason if outcome else None,
                "draw_offer": None if self.draw_offer is None else self.team_name(self.draw_offer),
                "thinking": self.thinking,
                "engine_to_move": outcome is None and any(self.seats[self.boards.to_move(b)] == "engine"
                                                          for b in (0, 1)),
                "svg": self.picture(own, flip, outcome is not None), "legal": self.legal(own, outcome is not None),
                "message": self.message, "review_ply": None, "review_fen": "", "flipped": flip, "turns": 0,
                "eliminated": [], "captured": {}, "editing": None, "cells3d": None, "levels": 1, "analysis": None,
                "clock": self.clock if self.clocks.tc else None, "clocks": self.clock_values(),
                "clock_running": self.clocks_running(outcome is not None), "own_cells": [], "rematch": None,
                "termination": outcome.termination if outcome else None,
            }

    def fog_viewer(self, own, outcome) -> None:
        """Two boards have no fog: every viewer sees everything."""
        return None

    def pgn_for(self, mine=None) -> str:
        """The PGN for any link (two boards have no fog)."""
        return self.pgn()

    def pgn(self, site: str = "localhost") -> str:
        """The game as a PGN-like record: a tag per seat, and the moves in the order they were made, each in
        SAN after its number and board (``1A. e4 1a. e5 1B. d4``: a capital for White, small for Black)."""
        with self.lock:
            outcome = self.outcome()
            result = outcome.result if outcome else "*"
            who = {"human": "Human", "engine": "hyperchess"}
            tags = [("Event", f"hyperchess web board: {self.game.title} on two boards"), ("Site", site),
                    ("Date", time.strftime("%Y.%m.%d", time.localtime(self.created))), ("Round", "-"),
                    ("WhiteA", who.get(self.seats[0], self.seats[0])), ("BlackA", who.get(self.seats[1], self.seats[1])),
                    ("WhiteB", who.get(self.seats[2], self.seats[2])), ("BlackB", who.get(self.seats[3], self.seats[3])),
                    ("Result", result), ("Variant", self.game.name)]
            tc = self.clocks.pgn_tag()
            if tc:
                tags.append(("TimeControl", tc))
            if outcome:
                tags.append(("Termination", "time forfeit" if outcome.termination == "time forfeit"
                             else NORMAL_TERMINATION))
            counts = [0] * SEATS
            words = []
            for seat, san in zip(self.movers, self.sans):
                counts[seat] += 1
                board, color = divmod(seat, 2)
                letter = "AB"[board] if color == 0 else "ab"[board]
                words.append(f"{counts[seat]}{letter}. {san.split(' ', 1)[1]}")
            if outcome:
                words.append("{" + outcome.reason.replace("}", ")") + "}")
            words.append(result)
            return tag_block(tags) + "\n\n" + " ".join(words) + "\n"
