"""Double-move chess on the web board by clicks (docs/web.md): a person plays both moves of a turn, the side to
move staying the same between them, and an engine seat plays its turns of one or two moves."""
from __future__ import annotations

from pathlib import Path

import pytest

from hyperchess.variants import get_game
from hyperchess.web.testing import BoardPage, save_screenshot

from browser_support import BROWSER_MARKS, board, chromium  # noqa: F401 (fixtures)

SHOTS = Path(__file__).resolve().parents[1] / "docs" / "screenshots"


def play(view: BoardPage, text: str, played: int) -> dict:
    """Play ``text`` by clicks; the state once a person is to move again (or the game is over)."""
    st = view.state()
    move = next(m for m in st["legal"] if m["move"] == text)
    view.play_by_clicks(move)
    return view.wait_for_turn(played)


@BROWSER_MARKS[1]
@BROWSER_MARKS[2]
@pytest.mark.browser
def test_monster_by_clicks_against_the_engine(board):
    """White (a person) plays two moves a turn by clicks; Black (the engine) answers with one."""
    url, b = board
    view = BoardPage(b, url, "monster", ["human", "engine"], movetime=0.1)
    try:
        pos = get_game("monster").position()
        for turn in range(3):
            for k in range(2):
                st = view.state()
                assert st["turn"] == "white" and st["turn_move"] == k
                text = sorted(m["move"] for m in st["legal"] if m["from"] != "e1" or turn == 2)[0]
                played = len(st["moves"])
                st = play(view, text, played)
                pos.push(pos.parse_move(text))
                if k == 0:
                    # White moves again: the board waits for its second move, the engine does not play
                    assert st["turn"] == "white" and st["moves"][-1] == text
                    assert "move 2 of the turn" in view.page.locator("#turn").text_content()
            # (the wait for White's turn after its second move ends with the engine's move)
            assert st["turn"] == "white" and st["turn_move"] == 0 and len(st["moves"]) == 3 * turn + 3, st["moves"]
            engine = st["moves"][-1]
            assert engine in {pos.move_name(m) for m in pos.legal_moves()}
            pos.push(pos.parse_move(engine))
        assert st["fen"] == pos.fen()
        save_screenshot(view.page, SHOTS / "web-monster.png")
        assert not view.errors, view.errors
    finally:
        view.page.close()


@BROWSER_MARKS[1]
@BROWSER_MARKS[2]
@pytest.mark.browser
def test_marseillais_people_by_clicks(board):
    """Two people: White's one move, Black's two, White's two with a check on the first, which ends the turn."""
    url, b = board
    view = BoardPage(b, url, "marseillais", ["human", "human"])
    try:
        moves = ["e2e4", "d7d5", "c7c5", "f1b5", "c8d7"]
        turns = [("white", 0), ("black", 0), ("black", 1), ("white", 0), ("black", 0), ("black", 1)]
        for i, text in enumerate(moves):
            st = view.state()
            assert (st["turn"], st["turn_move"]) == turns[i], (i, st["moves"])
            st = play(view, text, i)
        assert (st["turn"], st["turn_move"]) == turns[len(moves)]
        assert st["moves"] == moves
        assert st["fen"].split()[1] == "b2"
        save_screenshot(view.page, SHOTS / "web-marseillais.png")
        assert not view.errors, view.errors
    finally:
        view.page.close()
