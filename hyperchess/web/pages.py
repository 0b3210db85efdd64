"""The games page (``GET /games``): every game the server keeps, newest first, with its seats, result and
date, a link to review it (the spectator's page) and its PGN. Rendered on the server; every text escaped."""
from __future__ import annotations

import html
import time
from urllib.parse import quote

from hyperchess.variants import get_game


def _seats(row: dict) -> str:
    try:
        game = get_game(row["variant"])
        names = game.color_names
    except KeyError:
        return ", ".join(row["seats"])
    who = ["person (link)" if c in row["linked"] else ("person" if s == "human" else "engine")
           for c, s in enumerate(row["seats"])]
    return ", ".join(f"{names[c]}: {w}" for c, w in enumerate(who))


def games_page(rows: list[dict], token: str | None) -> str:
    tail = f"&token={quote(token)}" if token else ""
    qtail = f"?token={quote(token)}" if token else ""
    body = []
    for r in rows:
        date = time.strftime("%Y-%m-%d %H:%M", time.localtime(r["updated"]))
        result = f"{r['result']} {r['reason'] or ''}" if r["result"] else "in play"
        review = f'<a class="review" href="/watch/{quote(r["watch"])}{qtail}">review</a>' if r["watch"] else ""
        body.append(
            f'<tr data-game="{html.escape(r["id"])}"><td>{html.escape(r["variant"])}</td>'
            f"<td>{html.escape(_seats(r))}</td><td class=\"result\">{html.escape(result)}</td>"
            f"<td>{r['moves']}</td><td>{date}</td><td>{review} "
            f'<a class="pgn" href="/api/pgn?game={quote(r["id"])}{tail}" download>PGN</a></td></tr>')
    rows_html = "\n".join(body) or '<tr><td colspan="6">no games yet</td></tr>'
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>hyperchess games</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/static/style.css">
</head><body class="games-page"><header><h1>hyperchess games</h1><a href="/{qtail}">New game</a></header>
<main><table id="games"><thead><tr><th>Game</th><th>Seats</th><th>Result</th><th>Moves</th><th>Last move</th>
<th></th></tr></thead><tbody>
{rows_html}
</tbody></table></main></body></html>
"""
