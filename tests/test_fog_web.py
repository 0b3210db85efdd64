"""Fog of war at the web board (hyperchess/web/fog.py, docs/web.md "Fog of war"): the server sends each seat
only what it may see. A whole fog game between two people by link, over real HTTP and WebSocket connections,
with a restart of the server in the middle: every message each seat (and a spectator) receives is recorded,
parsed, and held against the true game, replayed here move by move: no piece on a cell the seat cannot see
appears anywhere in it. With the filter taken out, the same checker finds the leaks."""
from __future__ import annotations

import json
import random
import re
import threading
import time

import pytest
from websockets.sync.client import connect

from hyperchess.variants import get_game
from hyperchess.variants.board.codes import HOLE
from hyperchess.variants.core.visibility import visible_cells
from hyperchess.web.view import GameView
from web_support import base, call, serving

FOG = "fogofwar"
PLIES = 70                 # the game is resigned here if no king was taken before

# Every field a state, an update or a light state may carry: a new one must be checked here first.
STATE_KEYS = {"id", "version", "variant", "title", "colors", "sides", "letters", "teams", "seats", "players", "role",
              "linked", "movetime", "level", "turn", "turn_move", "fen", "start_fen", "moves", "notation", "notated",
              "notes", "marks", "check", "move_turns", "move_colors", "start_turn", "start_fullmove", "result",
              "reason", "draw_offer", "thinking", "engine_to_move", "svg", "legal", "message", "review_ply",
              "review_fen", "flipped", "turns", "eliminated", "captured", "editing", "cells3d", "levels", "analysis",
              "clock", "clocks", "clock_running", "own_cells", "rematch", "termination", "fog", "watch_all", "links",
              "rematch_key", "key"}
UPDATE_KEYS = {"type", "game", "version", "moves", "turn", "turn_move", "clocks", "result", "reason", "draw_offer",
               "thinking", "message", "clock_running", "rematch"}
LIGHT_KEYS = {"id", "version", "unchanged", "thinking", "clocks", "clock_running"}
PIECE = re.compile(r'<g class="piece[^"]*" data-square="([^"]+)" data-piece="([^"]+)" data-color="([^"]+)"')
FOG_RECT = re.compile(r'<rect class="fog" data-square="([^"]+)"')
LIT = re.compile(r'<rect class="square [a-z]+ lastmove" data-square="([^"]+)"')


class Recorder:
    """Every message one link receives: its WebSocket's (a thread reads them all) and its HTTP answers."""

    def __init__(self, name: str, key: str, colors: frozenset[int]) -> None:
        self.name, self.key, self.colors = name, key, colors
        self.got: list[tuple[str, object]] = []       # (what, payload)
        self.conn = None
        self.reader = None

    def listen(self, port: int) -> None:
        self.conn = connect(f"ws://127.0.0.1:{port}/ws?key={self.key}", origin=f"http://127.0.0.1:{port}",
                            open_timeout=10)
        conn = self.conn

        def read() -> None:
            try:
                while True:
                    self.got.append(("ws", json.loads(conn.recv())))
            except Exception:
                return
        self.reader = threading.Thread(target=read, daemon=True)
        self.reader.start()

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.reader.join(5)

    def http(self, url: str, path: str, body: dict | None = None):
        status, answer = call(url, path, body)
        self.got.append((f"http {path.split('?')[0]} {status}", answer))
        return status, answer

    def ws_move(self, text: str) -> None:
        self.conn.send(json.dumps({"type": "move", "move": text, "id": 7}))


class Truth:
    """The real game, replayed from its moves: the position and what each colour sees after each ply, and the
    pieces each move took."""

    def __init__(self, moves: list[str]) -> None:
        game = get_game(FOG)
        pos = game.position()
        self.game = game
        self.boards = [list(pos.board)]
        self.sight = [[visible_cells(pos, c) for c in range(game.players)]]
        self.cells = []                   # per move: (mover, from, to)
        for text in moves:
            move = pos.parse_move(text)
            self.cells.append((pos.turn, move[0], move[1]))
            pos.push(move)
            self.boards.append(list(pos.board))
            self.sight.append([visible_cells(pos, c) for c in range(game.players)])

    def seen(self, colors: frozenset[int], ply: int) -> set[int]:
        return set().union(*(self.sight[ply][c] for c in colors)) if colors else set()


def leaks(rec: Recorder, truth: Truth) -> list[str]:
    """What ``rec``'s messages show that its seats could not see, up to the first that tells the game is
    over (from then on everyone sees everything)."""
    game, names = truth.game, truth.game.names
    cell_of = {names.name(c): c for c in range(game.geometry.size)}
    found: list[str] = []

    def bad(what: str, text: str) -> None:
        found.append(f"{rec.name} {what}: {text}")

    def check_board(what: str, pieces: dict[int, tuple[int, int]], ply: int) -> None:
        """``pieces``: cell -> (owner, code) shown."""
        seen = truth.seen(rec.colors, ply)
        for cell, (owner, code) in pieces.items():
            if owner in rec.colors:
                continue
            if cell not in seen:
                bad(what, f"a {game.color_names[owner]} piece on unseen {names.name(cell)} after ply {ply}")
            elif truth.boards[ply][cell] != code:
                bad(what, f"{names.name(cell)} shows what is not there after ply {ply}")

    def check_moves(what: str, moves: list[str], marks=None) -> None:
        for i, text in enumerate(moves):
            mover, src, dst = truth.cells[i]
            if mover in rec.colors:
                continue
            before, after = truth.seen(rec.colors, i), truth.seen(rec.colors, i + 1)
            for sq in re.findall(r"[a-z]\d+", text):
                if cell_of[sq] not in before | after:
                    bad(what, f"move {i + 1} {text!r} names unseen {sq}")
            if text == names.name(src) + names.name(dst) and not (src in before and dst in after):
                bad(what, f"move {i + 1} shown whole ({text}) though not seen")
        if marks and any("+" in m for m in marks):
            bad(what, "a check mark")

    def fen_pieces(text: str) -> dict[int, tuple[int, int]]:
        board = game.board_from_text(text.split()[0])
        return {c: (game.owner[code], code) for c, code in enumerate(board) if code > HOLE}

    over = False
    for what, m in rec.got:
        if isinstance(m, dict) and m.get("result") is not None:
            over = True                   # the game is over: everyone sees everything from here on
        if over:
            continue
        if not isinstance(m, dict):
            if what == "http /api/pgn 200":
                bad(what, "a PGN during play")
            if what == "http /games 200" and 'class="pgn"' in m:
                bad(what, "the games page links the PGN during play")
            continue
        if m.get("type") == "update":
            if set(m) - UPDATE_KEYS:
                bad(what, f"unchecked fields {set(m) - UPDATE_KEYS}")
            check_moves(what, m["moves"])
            if m["thinking"] and not m["thinking"].endswith(": thinking"):
                bad(what, f"the engine's line {m['thinking']!r}")
            continue
        if m.get("type") in ("ack", "pong"):
            continue
        if m.get("type") == "error" or "error" in m:
            continue
        if m.get("unchanged"):
            if set(m) - LIGHT_KEYS:
                bad(what, f"unchecked fields {set(m) - LIGHT_KEYS}")
            if m["thinking"] and not m["thinking"].endswith(": thinking"):
                bad(what, f"the engine's line {m['thinking']!r}")
            continue
        if "svg" not in m:
            continue
        if set(m) - STATE_KEYS:
            bad(what, f"unchecked fields {set(m) - STATE_KEYS}")
        now = len(m["moves"])
        ply = now if m["review_ply"] is None else m["review_ply"]
        shown = {cell_of[sq]: (list(game.color_names).index(color), game.letters[letter])
                 for sq, letter, color in PIECE.findall(m["svg"])}
        check_board("svg", shown, ply)
        fogged = {cell_of[sq] for sq in FOG_RECT.findall(m["svg"])}
        unseen = set(range(game.geometry.size)) - truth.seen(rec.colors, ply)
        if fogged != unseen:
            bad(what, f"fog drawn over {len(fogged)} cells, {len(unseen)} unseen")
        for sq in LIT.findall(m["svg"]):
            if ply and cell_of[sq] not in truth.seen(rec.colors, ply) | truth.seen(rec.colors, ply - 1) \
                    and truth.cells[ply - 1][0] not in rec.colors:
                bad(what, f"the last move lit on unseen {sq}")
        check_board("fen", fen_pieces(m["fen"]), now)
        check_board("review_fen", fen_pieces(m["review_fen"]), ply)
        if m["fen"].split()[2:5] != ["-", "-", "0"]:
            bad(what, f"castling, en passant or the halfmove clock told: {m['fen']}")
        check_moves(what, m["moves"], m["marks"])
        if m["notated"] is not None or m["notation"] is not None or m["check"] or m["analysis"] is not None \
                or m["editing"] is not None:
            bad(what, "the notated moves, check, analysis or the editor given")
        if m["thinking"] and not m["thinking"].endswith(": thinking"):
            bad(what, f"the engine's line {m['thinking']!r}")
        seen = truth.seen(rec.colors, now)
        for t in m["legal"]:
            if t["to"] in cell_of and cell_of[t["to"]] not in seen:
                bad(what, f"a legal move to unseen {t['to']}")
        for sq in m["own_cells"]:
            code = truth.boards[now][cell_of[sq]]
            if code <= HOLE or game.owner[code] not in rec.colors:
                bad(what, f"own_cells names {sq}")
        if m["cells3d"] is not None:
            check_board("cells3d", {cell_of[c["sq"]]: (list(game.color_names).index(c["piece"]["color"]),
                                                       game.letters[c["piece"]["token"]])
                                    for c in m["cells3d"]["cells"] if c.get("piece")}, ply)
        taken = [0] * game.players         # the opponents' lost pieces shown: only those this seat took
        for i in range(ply):
            mover = truth.cells[i][0]
            if mover in rec.colors:
                taken[1 - mover] += sum(1 for c in truth.boards[i] if c > HOLE and game.owner[c] != mover) - \
                    sum(1 for c in truth.boards[i + 1] if c > HOLE and game.owner[c] != mover)
        for color, lost in m["captured"].items():
            c = list(game.color_names).index(color)
            if c not in rec.colors and len(lost) > taken[c]:
                bad(what, f"{color} lost {lost}, this seat took {taken[c]}")
    return found


def pick(legal: list[dict], rng: random.Random) -> str:
    """A capture if there is one (the game ends sooner by a king taken), else any move."""
    return rng.choice(legal)["move"]


def fog_game(tmp_path, spectate: bool = True) -> tuple[list[Recorder], Truth, int, dict]:
    """Two people by link play a fog game to its end (a king taken, or a resignation at PLIES), the server
    restarted after 20 plies; both seats and a spectator record everything. Returns the recorders, the truth,
    the plies played and the final state."""
    db = tmp_path / "games.sqlite3"
    rng = random.Random(69)
    recs: list[Recorder] = []
    with serving(db=db) as server:
        url = base(server)
        status, st = call(url, "/api/new", {"variant": FOG, "seats": ["link", "link"]})
        assert status == 200, st
        links = st["links"]
        recs = [Recorder("white", links["seats"]["white"], frozenset({0})),
                Recorder("black", links["seats"]["black"], frozenset({1})),
                Recorder("spectator", links["watch"], frozenset())]
        for r in recs:
            r.listen(server.server_address[1])
        ply = play(url, recs, rng, 0, 20)
        for r in recs:
            r.close()
    with serving(db=db) as server:          # a restart: the game reopens from the store
        url = base(server)
        for r in recs:
            r.listen(server.server_address[1])
        ply = play(url, recs, rng, ply, PLIES)
        state = None
        for r in recs:
            _, state = r.http(url, f"/api/state?key={r.key}")
        if state["result"] is None:
            recs[ply % 2].http(url, "/api/resign", {"key": recs[ply % 2].key})
            for r in recs:
                _, state = r.http(url, f"/api/state?key={r.key}")
        for r in recs:
            r.http(url, f"/api/pgn?key={r.key}")
        time.sleep(0.3)
        for r in recs:
            r.close()
    truth = Truth(state["moves"])
    return recs, truth, len(state["moves"]), state


def play(url: str, recs: list[Recorder], rng: random.Random, ply: int, until: int) -> int:
    """Moves until ``until`` plies or the end: each seat asks for its state (present, reviewed, 3D, the
    engine's light poll), its PGN and the games page, and plays by HTTP or by its WebSocket, with a refused
    move now and then."""
    while ply < until:
        mover = recs[ply % 2]
        for r in recs:
            r.http(url, f"/api/state?key={r.key}")
            r.http(url, f"/api/state?key={r.key}&known=0")
        _, st = mover.http(url, f"/api/state?key={mover.key}&view=3d")
        if st["result"] is not None:
            break
        if ply:
            for r in recs:
                r.http(url, f"/api/state?key={r.key}&ply={rng.randrange(ply)}")
        if ply % 9 == 4:
            for r in recs:
                r.http(url, f"/api/pgn?key={r.key}")
                r.http(url, f"/api/pgn?game={st['id']}")        # the games page's link, without a key
                r.http(url, "/games")
                r.http(url, "/api/analyze", {"key": r.key, "on": True})
                r.http(url, "/api/edit", {"key": r.key, "start": True})
        if ply % 7 == 3:
            mover.http(url, "/api/move", {"key": mover.key, "move": "a1a1"})
        move = pick(st["legal"], rng)
        if ply % 2:
            mover.ws_move(move)
            deadline = time.time() + 10
            while time.time() < deadline:
                status, st = call(url, f"/api/state?key={mover.key}")
                if len(st["moves"]) > ply:
                    break
                time.sleep(0.02)
        else:
            mover.http(url, "/api/move", {"key": mover.key, "move": move})
        ply += 1
        if st.get("result") is not None:
            break
    return ply


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    return fog_game(tmp_path_factory.mktemp("fog"))


def test_no_seat_and_no_spectator_receives_a_piece_it_cannot_see(played):
    recs, truth, plies, final = played
    assert final["result"] is not None, "the game ended (a king taken, or a resignation)"
    for r in recs:
        got = [what for what, _ in r.got]
        assert sum(w == "ws" for w in got) > plies / 2, f"{r.name}: its WebSocket told of the moves"
        assert sum(w.startswith("http /api/state 200") for w in got) > plies
        assert leaks(r, truth) == []
    # a seat sees a part of the board; the spectator no piece at all while the game is played
    states = [m for what, m in recs[0].got if what.startswith("http /api/state") and "svg" in m
              and m["result"] is None]
    assert all(0 < len(m["fog"]) < 64 for m in states)
    watched = [m for what, m in recs[2].got if what.startswith("http /api/state") and "svg" in m
               and m["result"] is None]
    assert watched and all(not PIECE.findall(m["svg"]) and len(m["fog"]) == 64 for m in watched)


def test_the_pgn_analysis_and_editor_wait_for_the_end_then_everyone_sees_all(played):
    recs, truth, plies, final = played
    for r in recs:
        answers = {what for what, m in r.got if what.split()[1:2] and what.split()[1] in ("/api/pgn", "/api/analyze", "/api/edit")}
        assert answers >= {"http /api/pgn 403", "http /api/pgn 200"}, answers
        assert "http /games 200" in {what for what, _ in r.got}
        assert "http /api/analyze 200" not in answers and "http /api/edit 200" not in answers
        end = [m for what, m in r.got if what.startswith("http /api/state") and isinstance(m, dict)
               and m.get("result")]
        assert end and end[-1]["moves"] == final["moves"] and "fog" not in end[-1]
        assert len(PIECE.findall(end[-1]["svg"])) == sum(1 for c in truth.boards[-1] if c > HOLE)
    pgn = [m for what, m in recs[0].got if what == "http /api/pgn 200"][-1]
    assert f'[Variant "{FOG}"]' in pgn and final["result"] in pgn


def test_an_opponents_move_shows_only_what_became_visible(played):
    recs, truth, plies, final = played
    white = [m for what, m in recs[0].got if what.startswith("http /api/state") and "svg" in m
             and m["result"] is None and m["review_ply"] is None]
    last = white[-1]
    hidden = [t for t in last["moves"][1::2] if "?" in t]
    whole = [t for t in last["moves"][1::2] if "?" not in t]
    assert hidden and whole, last["moves"]          # some of Black's moves seen whole, some not
    assert last["moves"][0::2] == final["moves"][0::2][:len(last["moves"][0::2])]   # its own, whole


def test_the_checker_finds_the_leaks_when_the_filter_is_taken_out(tmp_path, monkeypatch):
    monkeypatch.setattr(GameView, "fog_viewer", lambda self, own, outcome: None)
    recs, truth, plies, final = fog_game(tmp_path)
    found = leaks(recs[0], truth) + leaks(recs[2], truth)
    assert any("unseen" in f for f in found), found[:5]


def test_a_game_made_with_watch_all_shows_the_spectators_everything_also_after_a_restart(tmp_path):
    db = tmp_path / "games.sqlite3"
    with serving(db=db) as server:
        url = base(server)
        status, answer = call(url, "/api/new", {"variant": FOG, "seats": ["link", "link"], "watch_all": "yes"})
        assert status == 400 and "watch_all" in answer["error"], answer
        status, st = call(url, "/api/new", {"variant": FOG, "seats": ["link", "link"], "watch_all": True})
        assert status == 200 and st["watch_all"] is True
        white, black, watch = st["links"]["seats"]["white"], st["links"]["seats"]["black"], st["links"]["watch"]
        for key, move in ((white, "e2e4"), (black, "e7e5")):
            assert call(url, "/api/move", {"key": key, "move": move})[0] == 200
    with serving(db=db) as server:          # kept in the store
        url = base(server)
        _, seen = call(url, f"/api/state?key={watch}")
        assert "fog" not in seen and seen["moves"] == ["e2e4", "e7e5"] and seen["watch_all"] is True
        assert len(PIECE.findall(seen["svg"])) == 32
        _, mine = call(url, f"/api/state?key={white}")
        assert mine["fog"] and mine["watch_all"] is True      # the seat still sees only its cells
        status, _ = call(url, f"/api/pgn?key={white}")
        assert status == 403                 # a seat still waits for the end


def test_an_engine_from_outside_is_refused_in_a_fog_game_with_one_line():
    from types import SimpleNamespace
    from hyperchess.web.session import BadInput, check_seats
    outside = {"fsf": SimpleNamespace(games={"fogofwar", "normal"})}
    with pytest.raises(BadInput, match="fsf cannot sit in a fog-of-war game"):
        check_seats(get_game("fogofwar"), ["human", "fsf"], outside)
    assert check_seats(get_game("fogofwar"), ["human", "engine"], outside) == ["human", "engine"]


def test_a_seat_against_our_engine_receives_no_unseen_piece_nor_the_engines_line(tmp_path):
    """White by link against the engine's Black: every message White's link gets while the engine thinks and
    replies (its polls of the engine's line included) holds only White's sight."""
    rng = random.Random(7)
    with serving(db=tmp_path / "games.sqlite3") as server:
        url = base(server)
        status, st = call(url, "/api/new", {"variant": FOG, "seats": ["link", "engine"]})
        assert status == 200, st
        white = Recorder("white", st["links"]["seats"]["white"], frozenset({0}))
        white.listen(server.server_address[1])
        ply, thinking = 0, set()
        while ply < 16:
            _, st = white.http(url, f"/api/state?key={white.key}")
            if st["result"] is not None:
                break
            white.http(url, "/api/move", {"key": white.key, "move": pick(st["legal"], rng)})
            deadline = time.time() + 60
            while time.time() < deadline:
                _, light = white.http(url, f"/api/state?key={white.key}&known={st['version'] + 1}")
                thinking.add(light.get("thinking"))
                _, st = white.http(url, f"/api/state?key={white.key}")
                if len(st["moves"]) > ply + 1 or st["result"] is not None:
                    break
                time.sleep(0.1)
            ply = len(st["moves"])
        if st["result"] is None:
            white.http(url, "/api/resign", {"key": white.key})
        _, final = white.http(url, f"/api/state?key={white.key}")
        time.sleep(0.3)
        white.close()
    truth = Truth(final["moves"])
    assert final["result"] is not None and len(final["moves"]) >= 8
    assert "black (engine): thinking" in thinking         # the engine thought, and said no more
    assert leaks(white, truth) == []


def test_fog_over_a_game_with_levels_in_the_3d_view():
    """``fog = true`` on a game of a file with two levels and a hole: the 3D view's data marks exactly the
    unseen cells as fog and holds no enemy piece there (Session.state with the 3D cells)."""
    from hyperchess.variants import add_variants
    from hyperchess.web.session import Session
    add_variants('[fogweb3d]\nfiles = 4\nranks = 4\nlevels = 2\nholes = [[1, 0, 0]]\nfog = true\n'
                 'start = "3k/4/4/r3|3K/4/4/R*2 w - - 0 1"\n'
                 '[fogweb3d.pieces]\nK = { name = "king", betza = "K", royal = true }\n'
                 'R = { name = "rook", slide = [[1, 0, 0], [0, 1, 0], [0, 0, 1]], symmetric = true }\n',
                 "fogweb3d.toml")
    s = Session("fogweb3d", ["human", "human"], linked=[0, 1])
    s.make_keys()
    game = s.game
    st = s.state(mine=[0], role="seat", cells=True)
    seen = {game.names.name(c) for c in visible_cells(s.pos, 0)}
    cells = st["cells3d"]["cells"]
    assert {c["sq"] for c in cells if c["fog"]} == {c["sq"] for c in cells} - seen
    enemy = {c["sq"] for c in cells if c.get("piece") and c["piece"]["color"] != "white"}
    assert enemy and enemy <= seen                  # the rook its rook may take, not the king beyond
    assert all(s.pos.board[game.names.parse(sq)] != game.letters["k"] for sq in enemy)
    assert set(st["fog"]) == {c["sq"] for c in cells} - seen
