"""The games page (``GET /games``): every game the server keeps, newest first, with its seats, result and
date, a link to review it (the spectator's page) and its PGN. Rendered on the server; every text escaped. The
way back into a seat this browser plays ("your seat") is added by the page itself (``static/games.js``) from
the browser's own storage: the server never writes a seat's key into the page."""
from __future__ import annotations

import html
import time
from urllib.parse import quote

from hyperchess.variants import get_game

from .fog import is_fog


def _title(variant: str) -> str:
    try:
        return get_game(variant).title
    except KeyError:
        return variant


def _seats(row: dict) -> str:
    try:
        names = get_game(row["variant"]).color_names
    except KeyError:
        return ", ".join(row["seats"])
    if len(row["seats"]) > len(names):        # two boards: each board's colours (team_session.py)
        names = [f"{b} {c}" for b in "AB" for c in names]
    who = ["person (link)" if c in row["linked"] else ("person" if s == "human" else "engine")
           for c, s in enumerate(row["seats"])]
    return ", ".join(f"{names[c]}: {w}" for c, w in enumerate(who))


def _hidden(row: dict) -> bool:
    """A fog-of-war game in play: its PGN waits for the end (fog.py)."""
    try:
        return not row["result"] and is_fog(get_game(row["variant"]))
    except KeyError:
        return False


def _rows(rows: list[dict], tail: str, qtail: str) -> str:
    body = []
    for r in rows:
        date = time.strftime("%Y-%m-%d %H:%M", time.localtime(r["updated"]))
        result = f"{r['result']} {r['reason'] or ''}" if r["result"] else "in play"
        review = f'<a class="review" href="/watch/{quote(r["watch"])}{qtail}">review</a>' if r["watch"] else ""
        pgn = "" if _hidden(r) else \
            f'<a class="pgn" href="/api/pgn?game={quote(r["id"])}{tail}" download>PGN</a>'

        body.append(
            f'<tr data-game="{html.escape(r["id"])}"><td class="game">{html.escape(_title(r["variant"]))} '
            f'<small>({html.escape(r["variant"])})</small></td>'
            f"<td class=\"seats\">{html.escape(_seats(r))}</td><td class=\"result\">{html.escape(result)}</td>"
            f"<td class=\"moves\">{r['moves']} moves</td><td class=\"date\">{date}</td><td class=\"links\">{review} "
            f'{pgn}</td></tr>')
    return "\n".join(body) or '<tr><td colspan="6">none</td></tr>'


def games_page(rows: list[dict], token: str | None) -> str:
    """Two tables: the finished games, and the games in play (the store lists only games with a move)."""
    tail = f"&token={quote(token)}" if token else ""
    qtail = f"?token={quote(token)}" if token else ""
    finished = _rows([r for r in rows if r["result"]], tail, qtail)
    playing = _rows([r for r in rows if not r["result"]], tail, qtail)
    head = ("<thead><tr><th>Game</th><th>Seats</th><th>Result</th><th>Moves</th><th>Last change</th><th></th>"
            "</tr></thead>")
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>hyperchess games</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/static/style.css">
</head><body class="games-page"><header><h1>hyperchess games</h1><a href="/{qtail}">New game</a></header>
<main><h2>Finished</h2><table id="games" class="games">{head}<tbody>
{finished}
</tbody></table>
<h2>In play</h2><table id="playing" class="games">{head}<tbody>
{playing}
</tbody></table></main><script src="/static/games.js"></script></body></html>
"""
