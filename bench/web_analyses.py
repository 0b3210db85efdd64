"""Issue 58, item 14: a person's move reaching the other person's page while 20 owner analyses run on the same
server. Before the analyses shared the engine slots, 20 searches ran at once (the report: 43 -> 207 ms).

    python bench/web_analyses.py [--baseline /work/base57] [--moves 20]

Each tree's server runs in its own process (``--baseline`` imports hyperchess from that tree): 20 games with an
owner's analysis on, then a game between two people by link, whose moves are sent over one page's WebSocket
and timed until the update reaches the other page's WebSocket. Also printed: how many analysis searches
advanced in one second (the nodes counter of each game's analysis searcher moved).
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r'''
import json, sys, threading, time, urllib.request
sys.path.insert(0, sys.argv[1])
from hyperchess.web.server import make_server
from websockets.sync.client import connect

server = make_server("127.0.0.1", 0, db=":memory:")
threading.Thread(target=server.serve_forever, daemon=True).start()
port = server.server_address[1]
url = f"http://127.0.0.1:{port}"

def post(path, body):
    req = urllib.request.Request(url + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())

sessions = []
for _ in range(20):
    st = post("/api/new", {"variant": "normal", "seats": ["human", "human"]})
    post("/api/analyze", {"key": st["key"], "on": True})
    sessions.append(server.board.sessions[st["id"]])
time.sleep(1.0)
first = [s.analysis_searcher.nodes for s in sessions]
time.sleep(1.0)
moving = sum(1 for s, n in zip(sessions, first) if s.analysis_searcher.nodes != n)
game = post("/api/new", {"variant": "normal", "seats": ["link", "link"]})
keys = [game["links"]["seats"]["white"], game["links"]["seats"]["black"]]
origin = f"http://127.0.0.1:{port}"
pages = [connect(f"ws://127.0.0.1:{port}/ws?key={k}", origin=origin, open_timeout=30) for k in keys]
for p in pages:
    p.recv(timeout=30)
moves = ("e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 d2d3 f8c5 c2c3 d7d6 b1d2 a7a6 a2a4 c8e6 h2h3 h7h6 b2b4 c5a7 d1e2 "
         "d8e7").split()           # no repetition: the game never ends on its own
delays = []
for i in range(int(sys.argv[2])):
    mover, other = pages[i % 2], pages[1 - i % 2]
    t0 = time.perf_counter()
    mover.send(json.dumps({"type": "move", "move": moves[i]}))
    while True:
        m = json.loads(other.recv(timeout=30))
        if m.get("type") == "update" and len(m.get("moves", [])) == i + 1:
            break
    delays.append((time.perf_counter() - t0) * 1000)
    while True:                                     # the mover's own update
        m = json.loads(mover.recv(timeout=30))
        if m.get("type") == "update" and len(m.get("moves", [])) == i + 1:
            break
print(json.dumps({"moving": moving, "delays": delays}))
import os
os._exit(0)
'''


def run(tree: Path, moves: int) -> dict:
    out = subprocess.run([sys.executable, "-c", CHILD, str(tree), str(moves)], capture_output=True, text=True,
                         timeout=600, cwd="/")
    if out.returncode != 0:
        raise SystemExit(out.stderr[-2000:])
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", type=Path, help="another tree to measure in the same run")
    ap.add_argument("--moves", type=int, default=20, help="at most 20")
    args = ap.parse_args()
    trees = [("this tree", ROOT)] + ([("baseline", args.baseline)] if args.baseline else [])
    for name, tree in trees:
        r = run(tree, args.moves)
        d = r["delays"]
        print(f"{name:10} analyses searching at once: {r['moving']:2d} of 20;  move to the other page: median "
              f"{statistics.median(d):.0f} ms, max {max(d):.0f} ms ({len(d)} moves)")


if __name__ == "__main__":
    main()
