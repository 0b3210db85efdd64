"""The web board under load (slow): 40 browser pages at once, each an engine-vs-engine game, while one person plays
by clicking. The person's move round trip (the page's request to the server and its answer, engine thinking
excluded: the engine replies afterwards) stays under 0.5 s, and the person's game survives."""
from __future__ import annotations

import statistics
import time

import pytest

from hyperchess.web.testing import BoardPage, browser, chromium_path, running_server

try:
    import playwright  # noqa: F401
    HAVE_PLAYWRIGHT = True
except ImportError:
    HAVE_PLAYWRIGHT = False

pytestmark = [
    pytest.mark.slow,
    pytest.mark.browser,
    pytest.mark.skipif(chromium_path() is None, reason="no chromium on this machine"),
    pytest.mark.skipif(not HAVE_PLAYWRIGHT, reason="playwright missing: pip install -e '.[browser]'"),
]

WATCHERS = 40


def test_forty_engine_games_and_one_person():
    with running_server() as url, browser() as b:
        watchers = [BoardPage(b, url, "normal", ["engine", "engine"], movetime=0.2, viewport=(900, 700))
                    for _ in range(WATCHERS)]
        person = BoardPage(b, url, "normal", ["human", "engine"], movetime=0.2)
        try:
            time.sleep(3)                                   # every engine game under way
            busy = sum(1 for w in watchers if w.state()["moves"])
            assert busy >= WATCHERS // 2, busy
            round_trips = []
            played = 0
            for ply in range(6):
                st = person.state()
                if st["result"] is not None:
                    break
                legal = sorted(st["legal"], key=lambda m: (m["from"], m["to"], m["move"]))
                move = legal[(ply * 7919) % len(legal)]
                person.page.evaluate("performance.clearResourceTimings()")
                person.play_by_clicks(move)
                person.page.wait_for_function(f"state.moves.length > {played}", timeout=10000)
                timing = person.page.evaluate(
                    "performance.getEntriesByType('resource').filter(e => e.name.endsWith('/api/move'))"
                    ".map(e => e.duration)")
                assert len(timing) == 1, timing
                round_trips.append(timing[0] / 1000)
                st = person.wait_for_turn(played, timeout=60)
                assert st["moves"][played] == move["move"]
                played = len(st["moves"])
            assert len(round_trips) >= 5
            print(f"person's move round trips with {WATCHERS} engine games: "
                  + ", ".join(f"{t * 1000:.0f} ms" for t in round_trips)
                  + f"; median {statistics.median(round_trips) * 1000:.0f} ms, max {max(round_trips) * 1000:.0f} ms")
            assert max(round_trips) < 0.5, round_trips
            assert person.state()["id"] == st["id"] and not person.errors, person.errors
            moved = sum(1 for w in watchers if len(w.state()["moves"]) >= 2)
            assert moved >= WATCHERS // 2, moved           # the engine games go on too
        finally:
            for w in watchers:
                w.page.close()
            person.page.close()
