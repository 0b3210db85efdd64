"""Rematches: a new game of the same kind (variant, seats, engine time, time control) with the colours
swapped, each person moving on to the next colour (two players trade places). Between people by link it is
asked for on one page and agreed on the other(s) (``Session.offer_rematch``); then every link of the old game
(the owner's, each seat's, the spectators') leads to its counterpart in the new one (``next_key``), and the
pages follow it."""
from __future__ import annotations


def offer(board, s, key: str, role: str, mine) -> None:
    """The page on link ``key`` asks for (or agrees to) a rematch of ``s``; made when all agree.

    The new game is made without ``s``'s lock: the board takes its own lock and then the lock of any game it
    sets aside to make room, so holding a game's lock while asking the board would be the reverse order (a
    deadlock when ``s`` itself, or a game being set aside, is locked by the other thread). ``making_rematch``
    lets one of two agreeing pages make it."""
    if not s.offer_rematch(mine, role):
        return
    with s.lock:
        if s.rematch_keys or s.making_rematch:
            return
        s.making_rematch = True
        n = s.game.players
        kinds = ["link" if c in s.linked else s.seats[c] for c in range(n)]
        seats = [kinds[(c - 1) % n] for c in range(n)]       # the player of colour c moves to colour c + 1
        spec = {"variant": s.variant, "seats": seats, "movetime": s.movetime, "clock": s.clock, "level": s.level}
        if getattr(s, "watch_all", False):
            spec["watch_all"] = True
        old_keys = dict(s.keys)
    try:
        new, owner = board.new(spec)
    except BaseException:
        with s.lock:
            s.making_rematch = False
        raise
    by_seat = {colors[0]: k for k, (r, colors) in new.keys.items() if r == "seat"}
    watch = next(k for k, (r, _) in new.keys.items() if r == "spectator")
    keys = {}
    for old, (r, colors) in old_keys.items():
        keys[old] = owner if r == "owner" else watch if r == "spectator" else by_seat[(colors[0] + 1) % n]
    with s.lock:
        s.rematch_keys = keys
        s.making_rematch = False
        s.version += 1
        s._save()


def next_key(s, key) -> str | None:
    """The key that leads link ``key`` of ``s`` into its rematch, once it is made."""
    return s.rematch_keys.get(key) if isinstance(key, str) else None
