"""What a page shows of a web-board game: the state for one viewer (a seat's key, the spectator, or the
local person), the light update pushed to every page on a change, and the 3D view's cell data."""
from __future__ import annotations

import time

from hyperchess.pictures import render_svg
from hyperchess.tournament.pgn import NORMAL_TERMINATION, clk, movetext, seat_tags, tag_block
from hyperchess.variants.board.codes import HOLE, code_of

from .fog import fog_fen, lost_pieces, masked, move_seen
from .movelist import move_hint, notated_list, notation_name
from .errors import BadInput, NotAllowed
from .targets import legal_targets
from .view3d import cells_3d


class GameView:
    """Mixed into ``Session``: its state as pages see it, and its PGN."""

    def mine_or_local(self, mine) -> frozenset[int]:
        """The seats a viewer plays: ``mine`` (a key's), or, for the page that made the game, every person's
        seat not given away by link."""
        if mine is not None:
            return frozenset(mine)
        return frozenset(c for c in range(self.game.players) if self.seats[c] == "human" and c not in self.linked)

    def seat_kinds(self, mine: frozenset[int]) -> list[str]:
        """Per seat, for this viewer: "you", "person" (someone by link, or the person at this board) or "engine"."""
        return ["you" if c in mine else ("engine" if self.seats[c] != "human" else "person")
                for c in range(self.game.players)]

    def clock_values(self) -> list[float | None] | None:
        return [self.time_left(c) for c in range(self.game.players)] if self.clocks.tc else None

    def clock_running(self, over: bool) -> str | None:
        """The colour whose clock runs now (none before its first move in a game by link, or at the end)."""
        running = self.clocks.running(self.pos.turn, over)
        return None if running is None else self.game.color_names[running]

    def rematch_info(self) -> dict | None:
        """A rematch asked for (who asked, who is still to agree) or made (``made``), or None."""
        if not self.rematch_offer and not self.rematch_keys:
            return None
        names = self.game.color_names
        waiting = [names[c] for c in self.rematch_parties() if c not in self.rematch_offer]
        return {"offered": [names[c] for c in sorted(self.rematch_offer)], "waiting": waiting,
                "made": bool(self.rematch_keys)}

    def own_cells(self, own: frozenset[int], outcome) -> list[str]:
        """The cells of the viewer's pieces while another seat is to move (a premove starts on one)."""
        pos = self.pos
        if outcome is not None or not own or pos.turn in own or self.editing is not None:
            return []
        game = pos.game
        return [game.names.name(cell) for cell, code in enumerate(pos.board)
                if code > HOLE and game.owner[code] in own and not pos.eliminated(game.owner[code])]

    # ------------------------------------------------------------------ fog of war (fog.py)
    def fog_viewer(self, own: frozenset[int], outcome) -> frozenset[int] | None:
        """The colours whose sight a viewer playing ``own`` gets in a fog game, or None: it sees everything (no
        fog, the game is over, or a viewer without a seat where no person plays or where the game was made
        with ``watch_all``). A viewer without a seat otherwise sees nothing of the pieces until the end (the
        empty set); one who plays several seats at one board (passing the device) sees with the one to move."""
        if not self.fog or outcome is not None:
            return None
        if not own:
            return None if self.watch_all or all(seat != "human" for seat in self.seats) else frozenset()
        if len(own) > 1 and self.pos.turn in own:
            return frozenset({self.pos.turn})
        return frozenset(own)

    def sight(self, viewer: frozenset[int], ply: int) -> frozenset[int]:
        """The cells ``viewer`` saw after ``ply`` moves."""
        out: set[int] = set()
        for c in viewer:
            out |= self.seen[ply][c]
        return frozenset(out)

    def fog_moves(self, viewer: frozenset[int]) -> tuple[list[str], list[str]]:
        """The move list and the marks as ``viewer`` knows them: its own moves whole, an opponent's as what
        became visible of it (``fog.move_seen``); ``x`` where a move took a piece the viewer knows of."""
        names, marks = [], []
        for i, move in enumerate(self.played):
            mover, took = self.taken[i]
            if mover in viewer:
                names.append(self.names[i])
                marks.append("x" if took else "")
            else:
                mine = any(self.game.owner[c] in viewer for c in took)
                names.append(move_seen(self.game, move, self.sight(viewer, i), self.sight(viewer, i + 1), mine))
                marks.append("x" if mine else "")
        return names, marks

    def shown_thinking(self, viewer: frozenset[int] | None) -> str:
        """The engine's line, or in fog only that it thinks (its score and line tell of what is unseen)."""
        if viewer is None or not self.thinking:
            return self.thinking
        return self.thinking.split(":")[0] + ": thinking"

    def thinking_for(self, mine=None, viewer: frozenset[int] | None = None) -> str:
        """The engine's line as a viewer (``mine``: the seats of its key; None: the local person's; ``viewer``:
        its fog sight, ``shown_thinking``) sees it. Hidden from a person who plays against an engine while the
        game is in play, as lichess shows nothing of its computer opponent's search: the score and the line
        would tell that person their best moves. They see only that the engine thinks; spectators,
        engine-against-engine boards and everyone after the end see the whole line."""
        own = {c for c in self.mine_or_local(mine) if self.seats[c] == "human"}    # a seat given to an engine since
        players = range(self.game.players)
        if not own or self.outcome() is not None or all(self.seats[c] == "human" for c in players if c not in own):
            return self.shown_thinking(viewer)
        turn = self.pos.turn
        if not self.thinking or self.seats[turn] == "human":
            return ""
        return f"{self.game.color_names[turn]} ({self.seats[turn]}): thinking"     # as the fog's own line says

    def last_cells(self, view) -> list[str | None]:
        """The names of the last move's from- and to-cells in ``view`` (None for one off the board, a drop's
        hand): the page slides the piece between them."""
        move = view.last_move
        if move is None:
            return []
        size = self.game.geometry.size
        return [self.game.names.name(c) if 0 <= c < size else None for c in move[:2]]

    def update(self, mine=None, role: str = "owner") -> dict:
        """The light message pushed to every page of the game on each change: the moves, whose turn, the
        clocks, the result, a standing draw offer; in a fog game the moves as the viewer (``mine``: its
        link's seats) knows them."""
        with self.lock:
            self._check_flag()
            outcome = self.outcome()
            game = self.game
            viewer = self.fog_viewer(self.mine_or_local(mine), outcome)
            moves = list(self.names) if viewer is None else self.fog_moves(viewer)[0]
            return {"type": "update", "game": self.id, "version": self.version, "moves": moves,
                    "turn": game.color_names[self.pos.turn], "turn_move": self.pos.turn_move,
                    "clocks": self.clock_values(),
                    "result": outcome.result if outcome else None, "reason": outcome.reason if outcome else None,
                    "draw_offer": None if self.draw_offer is None else game.team_name(self.draw_offer),
                    "thinking": self.thinking_for(mine, viewer), "message": self.message,
                    "clock_running": self.clock_running(outcome is not None), "rematch": self.rematch_info()}

    def light_state(self, mine=None) -> dict:
        """What a page that already has this version needs every quarter second: the engine's line and the
        clocks (the picture and the legal moves only come with a new version)."""
        with self.lock:
            self._check_flag()
            outcome = self.outcome()
            viewer = self.fog_viewer(self.mine_or_local(mine), outcome)
            return {"id": self.id, "version": self.version, "unchanged": True,
                    "thinking": self.thinking_for(mine, viewer),
                    "clocks": self.clock_values(), "clock_running": self.clock_running(outcome is not None)}

    def view_turns(self, flip: bool = False, rotate: int = 0, mine: frozenset[int] | None = None) -> int:
        """Quarter turns of the picture from White's view: the viewer's own side (in a four-player game the
        side their pawns advance from), half a turn more with ``flip``, and ``rotate`` quarter turns more."""
        game = self.game
        own = sorted(self.mine_or_local(mine))
        viewer = self.pos.turn if self.pos.turn in own else (own[0] if own else 0)
        base = 2 if game.teams[viewer] == 1 else 0
        if game.players > 2 and not game.oriented_by_cell:
            forward = game.orientation(viewer, 0)[1]
            base = {(0, 1): 0, (0, -1): 2, (-1, 0): 1, (1, 0): 3}.get(tuple(forward[:2]), base)
        return (base + (2 if flip else 0) + rotate) % 4

    def state(self, ply: int | None = None, flip: bool = False, cells: bool = False, rotate: int = 0,
              mine=None, role: str = "owner") -> dict:
        """What the page shows. ``ply``: the position after that many moves, for review (None: now);
        ``flip``: the board seen from the other side than the viewer's; ``cells``: every cell as data for the
        3D view (``cells3d``); ``mine``: the seats the viewer plays (None: the local person's)."""
        with self.lock:
            own = self.mine_or_local(mine)
            pos = self.pos
            game = self.game
            outcome = self.outcome()
            if ply is not None and not 0 <= ply <= len(self.names):
                raise BadInput(f"ply: 0..{len(self.names)}, got {ply}")
            view = pos
            if self.editing is not None:
                view, ply = self.editing, None
            elif ply is not None and ply != len(self.names):
                view = pos.copy()
                view.take_back_to(ply)
            turns = self.view_turns(flip, rotate, own)
            flipped = turns == 2
            viewer = self.fog_viewer(own, outcome)
            if viewer is not None:
                return self.fog_state(viewer, view, ply, own, role, outcome, flipped, turns, cells)
            k = view.king()
            analysis = self.analysis if self.analysis and self.analysis["ply"] == (None if view is pos else ply) \
                else None
            arrows = [analysis["best"]] if analysis and analysis["best"] else []
            svg = render_svg(view, lastmove=view.last_move, flipped=flipped, layout=None, arrows=arrows,
                             check=k if k is not None and view.in_check() else None, quarter=turns % 2 and turns)
            to_move = pos.turn in own and outcome is None and view is pos and self.editing is None
            moves = pos.legal_moves() if to_move else []
            return {
                "id": self.id,
                "version": self.version,
                "variant": game.name,
                "title": game.title,
                "colors": list(game.color_names[:game.players]),
                "sides": [game.side_name(c) for c in range(game.players)],       # as players name them
                "letters": bool(game.drawing.glyphs),         # pieces drawn with characters (or their letters)
                "teams": [game.team_name(game.teams[c]) for c in range(game.players)],
                "seats": list(self.seats),
                "players": self.seat_kinds(own),
                "role": role,
                "linked": bool(self.linked),
                "movetime": self.movetime,
                "level": self.level,
                "turn": game.color_names[pos.turn], "turn_move": pos.turn_move,
                "fen": pos.fen(),
                "start_fen": self.start_fen,
                "moves": list(self.names),
                "notation": notation_name(game),                 # the move list's (None: native names only)
                "notated": notated_list(game.position(self.start_fen), self.names),
                "notes": list(self.notes),
                "marks": list(self.marks),
                "check": view.in_check(),
                "move_turns": list(self.turns),
                "move_colors": [game.color_names[c] for c in self.turns[:-1]],
                "start_turn": self.turns[0],
                "start_fullmove": self.start_fullmove,
                "result": outcome.result if outcome else None,
                "reason": outcome.reason if outcome else None,
                "draw_offer": None if self.draw_offer is None else game.team_name(self.draw_offer),
                "thinking": self.thinking_for(mine),
                "engine_to_move": self.seats[pos.turn] != "human" and outcome is None,
                "svg": svg,
                "legal": legal_targets(pos, moves),
                "hint": move_hint(pos, moves),                     # the move box's example
                "message": self.message,
                "review_ply": None if view is pos else ply,
                "review_fen": view.fen(),
                "last_move": self.last_cells(view),
                "flipped": flipped,
                "turns": turns,
                "eliminated": [game.color_names[c] for c in range(game.players) if view.eliminated(c)],
                "points": points_standing(game, view, outcome is not None and view is pos),
                "captured": captured(game, self.start_fen, view),
                "editing": None if self.editing is None else {
                    "rest": " ".join(self.editing.fen().split()[1:]),
                    "palette": [{"token": game.letter_of(code_of(kind, color)), "color": game.color_names[color],
                                 "name": game.piece_name(kind)}
                                for color in range(game.players) for kind in range(1, len(game.pieces))]},
                "cells3d": cells_3d(view, arrows) if cells else None,
                "levels": game.geometry.levels,
                "analysis": None if analysis is None else {
                    **{k: v for k, v in analysis.items() if k != "best"},
                    "line_notated": notated_list(view, analysis["line"])},
                "clock": self.clock if self.clocks.tc else None,
                "clocks": self.clock_values(),
                "clock_running": self.clock_running(outcome is not None),
                "own_cells": self.own_cells(own, outcome) if view is pos else [],
                "rematch": self.rematch_info(),
                "termination": outcome.termination if outcome else None,
                "watch_all": self.watch_all,
            }

    def fog_state(self, viewer: frozenset[int], view, ply, own, role, outcome, flipped: bool, turns: int,
                  cells: bool) -> dict:
        """``state`` for a viewer in the fog: the pieces it sees (the rest of the board drawn as fog), the
        moves as it knows them, its own legal moves; no engine line, analysis or check."""
        pos = self.pos
        game = self.game
        now = len(self.names)
        at = now if view is pos or ply is None else ply
        if view is not pos and self.editing is not None:
            view, at = pos, now
        seen = self.sight(viewer, at)
        shown = masked(view, viewer, seen)
        last = None
        if at:
            move, mover = self.played[at - 1], self.taken[at - 1][0]
            before = self.sight(viewer, at - 1)
            size = game.geometry.size
            # an opponent's last move is lit only where it was seen: its from-cell before, its to-cell after
            last = (move[0], move[1]) if mover in viewer else (
                move[0] if 0 <= move[0] < size and move[0] in before else -1,
                move[1] if 0 <= move[1] < size and move[1] in seen else -1)
        fog = [cell for cell in range(game.geometry.size) if cell not in seen]
        svg = render_svg(shown, lastmove=last, flipped=flipped, layout=None, check=None, fog=fog,
                         quarter=turns % 2 and turns)
        present = shown if view is pos else masked(pos, viewer, self.sight(viewer, now))
        moves, marks = self.fog_moves(viewer)
        names = game.names
        seen_names = {names.name(c) for c in seen}
        square_names = {names.name(c) for c in range(game.geometry.size)}
        to_move = pos.turn in own and view is pos and self.editing is None
        legal = [t for t in legal_targets(pos) if t["to"] in seen_names or t["to"] not in square_names] \
            if to_move else []
        return {
            "id": self.id, "version": self.version, "variant": game.name, "title": game.title,
            "colors": list(game.color_names[:game.players]),
            "sides": [game.side_name(c) for c in range(game.players)],
            "letters": bool(game.drawing.glyphs),
            "teams": [game.team_name(game.teams[c]) for c in range(game.players)],
            "seats": list(self.seats), "players": self.seat_kinds(own), "role": role, "linked": bool(self.linked),
            "movetime": self.movetime, "level": self.level,
            "turn": game.color_names[pos.turn], "turn_move": pos.turn_move,
            "fen": fog_fen(pos, present), "start_fen": self.start_fen,
            "moves": moves, "notation": None, "notated": None, "notes": list(self.notes), "marks": marks, "check": False,
            "move_turns": list(self.turns), "move_colors": [game.color_names[c] for c in self.turns[:-1]],
            "start_turn": self.turns[0], "start_fullmove": self.start_fullmove,
            "result": None, "reason": None,
            "draw_offer": None if self.draw_offer is None else game.team_name(self.draw_offer),
            "thinking": self.thinking_for(own, viewer),
            "engine_to_move": self.seats[pos.turn] != "human",
            "svg": svg, "legal": legal, "message": self.message,
            "review_ply": None if view is pos else ply, "review_fen": fog_fen(view, shown),
            "flipped": flipped, "turns": turns,
            "eliminated": [game.color_names[c] for c in range(game.players) if view.eliminated(c)],
            "captured": lost_pieces(game, self.taken[:at], viewer),
            "editing": None,
            "cells3d": self.fog_cells_3d(shown, last, seen) if cells else None,
            "levels": game.geometry.levels,
            "analysis": None,
            "clock": self.clock if self.clocks.tc else None, "clocks": self.clock_values(),
            "clock_running": self.clock_running(False),
            "own_cells": self.own_cells(own, outcome) if view is pos else [],
            "rematch": self.rematch_info(), "termination": None,
            "fog": sorted(names.name(c) for c in fog), "watch_all": self.watch_all,
        }

    def fog_cells_3d(self, shown, last, seen: frozenset[int]) -> dict:
        """The 3D view's data of what a viewer sees: the last move as it saw it, no check, unseen cells marked
        ``fog``."""
        data = cells_3d(shown, [])
        names = self.game.names
        size = self.game.geometry.size
        data["last"] = [names.name(c) for c in (last or ()) if 0 <= c < size]
        data["check"] = []
        unseen = {names.name(c) for c in range(size) if c not in seen}
        for entry in data["cells"]:
            entry["fog"] = entry["sq"] in unseen
        return data

    def pgn_for(self, mine=None) -> str:
        """The PGN for a link playing ``mine`` (None: no seat): of a fog game in play only for a viewer who sees
        everything (the moves would tell where the unseen pieces are)."""
        with self.lock:
            own = frozenset(mine) if mine is not None else frozenset()
            if self.fog_viewer(own, self.outcome()) is not None:
                raise NotAllowed("the PGN of a fog-of-war game is given when it is over")
            return self.pgn()

    def pgn(self, site: str = "localhost") -> str:
        """The game as PGN: native move notation; the variant, and the start position when it is not the
        game's own start; a person by link is "Human" like the person at the board."""
        with self.lock:
            game = self.game
            outcome = self.outcome()
            result = outcome.result if outcome else "*"
            seat_name = {"human": "Human", "engine": "hyperchess"}
            tags = [("Event", f"hyperchess web board: {game.title}"), ("Site", site),
                    ("Date", time.strftime("%Y.%m.%d", time.localtime(self.created))), ("Round", "-"),
                    *seat_tags(game, [seat_name.get(s, s) for s in self.seats]),    # an outside engine: its name
                    ("Result", result), ("Variant", game.name)]
            if self.start_fen != game.position().fen():
                tags += [("SetUp", "1"), ("FEN", self.start_fen)]
            tc = self.clocks.pgn_tag()
            if tc:
                tags.append(("TimeControl", tc))
            if outcome:                  # the PGN standard's values (python-chess, cutechess): the reason as a comment
                tags.append(("Termination", "time forfeit" if outcome.termination == "time forfeit"
                             else NORMAL_TERMINATION))
            start = game.position(self.start_fen)
            comments = [f"[%clk {clk(c, 1)}]" for c in self.clocks.after] if self.clocks.tc else None
            closing = outcome.reason if outcome else None
            return tag_block(tags) + "\n\n" + movetext(start, list(self.names), result, comments, closing) + "\n"


def captured(game, start_fen: str, pos) -> dict[str, list[str]]:
    """Per colour, the pieces it has lost since the start position: letters, most valuable first (a promoted
    pawn counts as lost, its new piece as a gain that cancels one lost piece of that kind)."""
    start = game.position(start_fen).board
    out = {}
    for color in range(game.players):
        lost = []
        for kind in range(1, len(game.pieces)):
            code = code_of(kind, color)
            missing = sum(1 for c in start if c == code) - sum(1 for c in pos.board if c == code)
            lost += [game.pieces[kind].letter] * max(0, missing)
        lost.sort(key=lambda letter: -game.pieces[game.kind_by_letter[letter]].value)
        out[game.color_names[color]] = lost
    return out


def points_standing(game, pos, final: bool) -> dict | None:
    """A game won on points (``scoring``): each colour's points, and at the end the ranking ("1st Green 30",
    equal points sharing a place); None in other games."""
    if getattr(game, "scoring", None) is None:
        return None
    points = game.points(pos)
    names = [game.color_names[c] for c in range(game.players)]
    ranking = []
    if final:
        for c in sorted(range(game.players), key=lambda c: -points[c]):
            place = 1 + sum(p > points[c] for p in points)
            ranking.append(f"{place}{'st' if place == 1 else 'nd' if place == 2 else 'rd' if place == 3 else 'th'}"
                           f" {names[c].capitalize()} {points[c]}")
    return {"points": {names[c]: points[c] for c in range(game.players)}, "ranking": ranking}
