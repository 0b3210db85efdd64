"""One handler per CECP command: ``HANDLERS[word](engine, arg, line)``. Each answers bad input with one
line and leaves the state intact (Part 1 §1.1)."""
from __future__ import annotations

import re
import time
from typing import Callable

from hyperchess.variants import DEFAULT_GAME, MoveError, UnknownVariant, game_names, get_game

from . import advice, options, play
from . import flat as flatmod
from .fog import FOG_OPTION, fog_option
from .notation import NOTATIONS
from .setboard import holding_position, set_holdings, set_position, start_edit
from .state import XBoardState
from .thinking import MAX_RANDOMNESS, SKILL_MAX
from .wire import error, illegal

VERSION = "0.1.0"
# XBoard knows the rules of these, so they need no ``setup`` (Part 2 §5, common.h VARIANT_NAMES).
XBOARD_BUILTINS = frozenset(
    "normal wildcastle nocastle fischerandom bughouse crazyhouse losers suicide giveaway twokings kriegspiel atomic "
    "3check shatranj shogi chu courier gothic capablanca knightmate fairy cylinder falcon caparandom berolina janus "
    "super great twilight makruk seirawan grand spartan xiangqi asean lion elven janggi duck".split())


def variants_feature() -> str:
    """Every game this engine plays, the files' games included."""
    return f'feature variants="{",".join(game_names())}"'


def features(e: XBoardState) -> list[str]:
    combo = " /// ".join(("*" if n == e.default_notation else "") + n for n in NOTATIONS)
    return [
        f'feature myname="hyperchess {VERSION}" ping=1 setboard=1 usermove=1 san=0 time=1 draw=1 reuse=1 '
        f'analyze=1 colors=0 playother=1 sigint=0 sigterm=0 name=1 nps=1 debug=1 memory=1 smp=1 pause=1 '
        f'ics=1 exclude=1 setscore=1 highlight=1',
        variants_feature(),
        f'feature option="Notation -combo {combo}"',
        f'feature option="Randomize -spin {e.thinker.randomness} 0 {MAX_RANDOMNESS}"',
        f'feature option="Skill Level -spin {e.thinker.skill} 0 {SKILL_MAX}"',
        'feature option="VariantPath -file "',
        'feature option="PartnerPosition -string "',
        f'feature option="TeamPlay -check {int(e.thinker.team_play)}"',
        f'feature option="{FOG_OPTION} -check 1"',
    ]


def _cmd_xboard(e: XBoardState, arg: str, line: str) -> None:
    pass


def _cmd_protover(e: XBoardState, arg: str, line: str) -> None:
    e.out("feature done=0")
    for f in features(e):
        e.out(f)
    e.out("feature done=1")


def _cmd_new(e: XBoardState, arg: str, line: str) -> None:
    e.abandon()
    e.reset_game(DEFAULT_GAME)
    e.clock.new_game()
    e.paused = False
    e.thinker.get_searcher().new_game()


def _variant_name(arg: str) -> tuple[str, tuple[int, int] | None]:
    """The game name and the board size of XBoard's ``WxH+S_name`` form (None when not given)."""
    name = arg.strip()
    m = re.fullmatch(r"(\d{1,3})x(\d{1,3})(?:\+\d+)?_(.+)", name)     # XBoard's WxH+S_name for resized boards
    if m:
        return m.group(3), (int(m.group(1)), int(m.group(2)))
    return name, None


def _refuse_variant(e: XBoardState, arg: str, line: str) -> str | None:
    try:
        get_game(_variant_name(arg)[0])
    except UnknownVariant as exc:
        # a game known but not played yet names its reason (Fairy-Stockfish's spartan: needs duple check)
        return error(f"unsupported variant: {exc.reason}" if exc.reason else "unsupported variant", arg)
    return None


def _cmd_variant(e: XBoardState, arg: str, line: str) -> None:
    refusal = _refuse_variant(e, arg, line)
    if refusal is not None:
        e.out(refusal)
        return
    name, size = _variant_name(arg)
    e.abandon()
    analyzing, force = e.analyzing, e.force
    e.reset_game(name)
    e.analyzing, e.force = analyzing, force
    fl = e.flat
    if size is not None and (fl is None or (fl.width, fl.height) != size):
        e.out(f"# variant {name}: board size {size[0]}x{size[1]} ignored")
    if name not in XBOARD_BUILTINS:
        if fl is not None:
            e.out(flatmod.setup_command(e.pos, fl))
        else:
            e.out(f"# {name} has no flat projection: native notation only")
    if fl is not None:
        for piece in flatmod.piece_commands(e.game, name in XBOARD_BUILTINS):   # after setup: for XBoard's legality test
            e.out(piece)


def _cmd_force(e: XBoardState, arg: str, line: str) -> None:
    e.abandon()
    e.force = True


def _cmd_go(e: XBoardState, arg: str, line: str) -> None:
    if e.analyzing:
        e.analyzing = False
        e.abandon()
    if e.ended:
        e.out("# go ignored: the game has ended (send new or setboard)")
        return
    if e.bad_position:
        e.out("Error (no legal position set): go")
        return
    e.force = False
    e.side = e.game.teams[e.pos.turn]
    play.think(e)


def _cmd_playother(e: XBoardState, arg: str, line: str) -> None:
    e.abandon()
    e.force = False
    e.side = 1 - e.game.teams[e.pos.turn]


def _clock_command(setter: str, kind: str) -> Callable[[XBoardState, str, str], None]:
    """A handler that passes the argument to ``Clock.<setter>`` and answers ``Error (<kind>)`` if refused."""
    def handler(e: XBoardState, arg: str, line: str) -> None:
        try:
            getattr(e.clock, setter)(arg)
        except ValueError:
            e.out(error(kind, line))
    return handler


def _refuse_usermove(e: XBoardState, arg: str, line: str) -> str | None:
    if not arg:
        return error("missing move", line)
    return play.move_refusal(e, arg, bare=False)


def _cmd_usermove(e: XBoardState, arg: str, line: str) -> None:
    refusal = _refuse_usermove(e, arg, line)
    if refusal is not None:
        e.out(refusal)
        return
    e.abandon()
    play.user_move(e, arg, bare=False)


def _cmd_ping(e: XBoardState, arg: str, line: str) -> None:
    e.out(f"pong {arg}".rstrip())


def _cmd_draw(e: XBoardState, arg: str, line: str) -> None:
    if not e.ended and not e.force and advice.drawish(e):
        e.out("offer draw")


def _cmd_result(e: XBoardState, arg: str, line: str) -> None:
    e.abandon()
    e.force = True
    e.ended = True
    e.analyzing = False


def _cmd_setboard(e: XBoardState, arg: str, line: str) -> None:
    if play.null_move_by_setboard(e, arg):      # XBoard's way of passing on the opponent's @@@@
        return
    e.abandon()
    set_position(e, arg)


def _refuse_holding(e: XBoardState, arg: str, line: str) -> str | None:
    return holding_position(e, arg, line)[1]


def _cmd_holding(e: XBoardState, arg: str, line: str) -> None:
    """A bughouse server's hands: set them; on our move (its search abandoned) think again with them."""
    refusal = set_holdings(e, arg, line)
    if refusal is not None:
        e.out(refusal)
    elif not (e.force or e.ended or e.analyzing or e.paused) and e.search is None and e.our_turn():
        play.think(e)


def _cmd_edit(e: XBoardState, arg: str, line: str) -> None:
    e.abandon()
    start_edit(e)


def _refuse_undo(e: XBoardState, arg: str, line: str, plies: int = 1) -> str | None:
    return error("no move to take back", line) if e.pos.moves_made < plies else None


def _cmd_undo(e: XBoardState, arg: str, line: str, plies: int = 1) -> None:
    refusal = _refuse_undo(e, arg, line, plies)
    if refusal is not None:
        e.out(refusal)
        return
    e.abandon()
    for _ in range(plies):
        e.pos.pop()
    e.ended = False
    e.changed()


def _cmd_remove(e: XBoardState, arg: str, line: str) -> None:
    _cmd_undo(e, arg, line, plies=2)


def _cmd_hard(e: XBoardState, arg: str, line: str) -> None:
    e.ponder = True
    play.maybe_ponder(e)


def _cmd_easy(e: XBoardState, arg: str, line: str) -> None:
    e.ponder = False


def _cmd_post(e: XBoardState, arg: str, line: str) -> None:
    e.post = True


def _cmd_nopost(e: XBoardState, arg: str, line: str) -> None:
    e.post = False


def _cmd_analyze(e: XBoardState, arg: str, line: str) -> None:
    e.abandon()
    e.analyzing = True
    e.version += 1          # (re)start by the main loop


def _refuse_exit(e: XBoardState, arg: str, line: str) -> str | None:
    return "" if not e.analyzing else None          # nothing to leave: a no-op, said with no line


def _cmd_exit(e: XBoardState, arg: str, line: str) -> None:
    if e.analyzing:
        e.analyzing = False
        e.abandon()


def _cmd_dot(e: XBoardState, arg: str, line: str) -> None:
    """``.`` in analysis: ``stat01: time nodes ply moves-left moves-total current`` (never an error)."""
    s = e.search
    if not e.analyzing or s is None:
        return
    info = s.info
    total = len(s.view.legal_moves())
    elapsed = int((time.perf_counter() - s.start) * 100)
    if info is None:
        e.out(f"stat01: {elapsed} 0 0 {total} {total}")
        return
    best = e.wire_move(s.view, info.pv[0]) if info.pv else ""
    e.out(f"stat01: {elapsed} {info.nodes} {info.depth} 0 {total} {best}".rstrip())


def _cmd_hint(e: XBoardState, arg: str, line: str) -> None:
    move = advice.hint(e)
    if move is not None:
        e.out(f"Hint: {move}")


def _cmd_bk(e: XBoardState, arg: str, line: str) -> None:
    e.out(" hyperchess has no opening book")
    e.out("")


def _cmd_memory(e: XBoardState, arg: str, line: str) -> None:
    try:
        options.set_hash(e.thinker, arg)
    except options.OptionError:
        e.out(error("bad memory size", line))


def _cmd_cores(e: XBoardState, arg: str, line: str) -> None:
    """``cores N``: the processes a search uses (the option Threads of UCI)."""
    try:
        options.set_threads(e.thinker, arg)
        e.cores = e.thinker.threads
    except options.OptionError:
        e.out(error("bad core count", line))


def _cmd_option(e: XBoardState, arg: str, line: str) -> None:
    name, _, value = arg.partition("=")
    name, value = name.strip(), value.strip()
    if name == "Notation":
        if value not in NOTATIONS:
            e.out(error("bad option value", line))
            return
        e.notation = value
        return
    if name in ("Randomize", "Skill Level"):
        try:
            (options.set_randomize if name == "Randomize" else options.set_skill)(e.thinker, value)
        except options.OptionError:
            e.out(error("bad option value", line))
        return
    if name in ("PartnerPosition", "TeamPlay"):
        try:
            if name == "TeamPlay":
                options.set_team_play(e.thinker, value)
            else:
                e.ensure_game()
                options.set_partner(e.thinker, value, e.game)
        except options.OptionError as exc:
            e.out(error("bad option value", str(exc)))
        return
    if name == FOG_OPTION:
        refused = fog_option(value)
        if refused:
            e.out(error("bad option value", refused))
        return
    if name == "VariantPath":
        # like Fairy-Stockfish's option: read a variants file (docs/variants-file.md), then list the games anew
        if not value:
            return
        try:
            added = options.variant_path(value)
        except options.OptionError as exc:
            e.out(error("bad variants file", str(exc)))
            return
        e.out(f"# VariantPath: {len(added)} games added: {', '.join(added)}")
        e.out(variants_feature())
        return
    e.out(error("unknown option", name or line))


def _cmd_exclude(e: XBoardState, arg: str, line: str, include: bool = False) -> None:
    if not arg:
        e.out(error("missing move", line))
        return
    if e.bad_position:
        return
    if arg == "all":
        e.excluded = set() if include else set(e.pos.legal_moves())
    else:
        try:
            move = e.parse_wire_move(arg)
        except MoveError:
            e.out(illegal(arg))
            return
        if include:
            e.excluded.discard(move)
        else:
            e.excluded.add(move)
    if e.analyzing:
        e.version += 1


def _cmd_include(e: XBoardState, arg: str, line: str) -> None:
    _cmd_exclude(e, arg, line, include=True)


def _cmd_setscore(e: XBoardState, arg: str, line: str) -> None:
    try:
        cp, depth = (int(x) for x in arg.split())
    except ValueError:
        e.out(error("bad setscore", line))
        return
    e.setscore = (e.pos.hash, cp, depth)


def _cmd_lift(e: XBoardState, arg: str, line: str) -> None:
    advice.highlight(e, arg)


def _cmd_quiet(e: XBoardState, arg: str, line: str) -> None:
    """Information only (name, rating, ics, computer, random, accepted, rejected, put, hover, egtpath...)."""


def _cmd_pause(e: XBoardState, arg: str, line: str) -> None:
    e.paused = True
    e.abandon()


def _cmd_resume(e: XBoardState, arg: str, line: str) -> None:
    if not e.paused:
        return
    e.paused = False
    if e.our_turn():
        play.think(e)


def _cmd_color(e: XBoardState, arg: str, line: str, team: int = 0) -> None:
    """Obsolete ``white``/``black`` (colors=0, so clients do not send them): that side to move,
    the engine plays the other one."""
    e.abandon()
    e.side = 1 - team
    if e.game.players == 2 and e.pos.turn != team:
        fields = e.pos.fen().split()
        fields[1] = e.game.color_letters[team]
        fields[3] = "-"
        set_position(e, " ".join(fields))


def _cmd_white(e: XBoardState, arg: str, line: str) -> None:
    _cmd_color(e, arg, line, 0)


def _cmd_black(e: XBoardState, arg: str, line: str) -> None:
    _cmd_color(e, arg, line, 1)


def _cmd_quit(e: XBoardState, arg: str, line: str) -> None:
    e.done = True
    e.abandon()


def _cmd_question(e: XBoardState, arg: str, line: str) -> None:
    """``?`` when not thinking on our move: nothing to do."""


# For commands that abandon a search on our move: the answer when the command would be refused (it then
# changes nothing, so the search goes on and the engine still owes its move), "" for a silent no-op, None
# when it will act.
REFUSALS: dict[str, Callable[[XBoardState, str, str], str | None]] = {
    "usermove": _refuse_usermove, "undo": _refuse_undo,
    "remove": lambda e, arg, line: _refuse_undo(e, arg, line, 2), "variant": _refuse_variant, "exit": _refuse_exit,
    "holding": _refuse_holding,
}


HANDLERS: dict[str, Callable[[XBoardState, str, str], None]] = {
    "xboard": _cmd_xboard, "protover": _cmd_protover, "new": _cmd_new, "variant": _cmd_variant,
    "force": _cmd_force, "go": _cmd_go, "playother": _cmd_playother,
    "level": _clock_command("set_level", "bad level"), "st": _clock_command("set_st", "bad time"),
    "sd": _clock_command("set_sd", "bad depth"), "nps": _clock_command("set_nps", "bad nps"),
    "time": _clock_command("set_time", "bad time"), "otim": _clock_command("set_otim", "bad time"),
    "usermove": _cmd_usermove,
    "?": _cmd_question, "ping": _cmd_ping, "draw": _cmd_draw, "result": _cmd_result, "setboard": _cmd_setboard,
    "holding": _cmd_holding,
    "edit": _cmd_edit, "undo": _cmd_undo, "remove": _cmd_remove, "hard": _cmd_hard, "easy": _cmd_easy,
    "post": _cmd_post, "nopost": _cmd_nopost, "analyze": _cmd_analyze, "exit": _cmd_exit, ".": _cmd_dot,
    "hint": _cmd_hint, "bk": _cmd_bk, "memory": _cmd_memory, "cores": _cmd_cores, "option": _cmd_option,
    "exclude": _cmd_exclude, "include": _cmd_include, "setscore": _cmd_setscore, "lift": _cmd_lift,
    "put": _cmd_quiet, "hover": _cmd_quiet, "name": _cmd_quiet, "rating": _cmd_quiet, "ics": _cmd_quiet,
    "computer": _cmd_quiet, "random": _cmd_quiet, "accepted": _cmd_quiet, "rejected": _cmd_quiet,
    "egtpath": _cmd_quiet, "pause": _cmd_pause, "resume": _cmd_resume, "white": _cmd_white,
    "black": _cmd_black, "quit": _cmd_quit, "partner": _cmd_quiet, "ptell": _cmd_quiet,
}
