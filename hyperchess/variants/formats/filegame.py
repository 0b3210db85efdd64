"""A game of a variants file built on the shared core: :class:`FileGame` from a checked :class:`GameSpec`, with
the rule mechanisms its table asks for mixed in (``filemechanisms.MECHANISMS``, composed once per combination):
the board, the army, the players' orientation, promotion zones, castling, the rule switches, and XBoard's view
of the game."""
from __future__ import annotations

from dataclasses import replace
from functools import cache, cached_property
from typing import TYPE_CHECKING, Any

from hyperchess.variants.board.codes import CASTLE
from hyperchess.variants.board.errors import FenError, VariantsFileError
from hyperchess.variants.board.flat import MAX_FLAT, FlatNames, default_flat_names
from hyperchess.variants.board.geometry import Geometry
from hyperchess.variants.board.notation import FILES, SquareNames
from hyperchess.variants.board.pieces import PieceType
from hyperchess.variants.core.fide import cannot_mate
from hyperchess.variants.core.game import NO_LIMIT, Game
from hyperchess.variants.core.game import _repetition_span as repetition_span
from hyperchess.variants.core.load import check_position
from hyperchess.variants.core.picture import Picture
from hyperchess.variants.core.outcome import Outcome
from hyperchess.variants.formats import filelimits as limits
from hyperchess.variants.formats.betza import write_betza
from hyperchess.variants.formats.filemechanisms import HAND_KEYS, MECHANISM_KEYS, MECHANISMS, Mechanism
from hyperchess.variants.formats.filepieces import read_piece
from hyperchess.variants.formats.filedrawing import read_drawing, read_names, read_notation
from hyperchess.variants.formats.fileplayers import DEFAULT_PLAYERS, read_players
from hyperchess.variants.formats.fileweights import VALUES, read_eval, read_placement, read_values, with_values
from hyperchess.variants.formats.gamespec import MAX_SIDE, PLACEMENT, GameSpec, check_keys, read_choice, read_int
from hyperchess.variants.rules import mirror_boards, piece_rules
from hyperchess.variants.rules.chasing import chase_result
from hyperchess.variants.rules.hands import Hands
from hyperchess.variants.rules.regions import set_regions
from hyperchess.variants.core.turns import MAX_TURN_MOVES

if TYPE_CHECKING:
    from hyperchess.variants.core.position import Position

EXTINCTION = "extinction"  # a value of `check` (also Fairy-Stockfish's name of a game: hence a name here)
MAX_CELLS = 4096          # a board larger than this is refused (the tables are per cell)
GAME_KEYS = {"extends", "title", "description", "files", "ranks", "levels", "wrap_files", "wrap_ranks", "holes",
             "level_names", "start", "pieces", "castling", "promotion", "promotion_ranks", "check",
             "fifty_plies", "panels_per_row", "legend", "stalemate", "bare_king", "repetition", "players",
             "promotion_levels", "level_at", "insufficient_material", "eval", "xboard_pieces",
             "level_order", PLACEMENT, "source", "automatic_fifty_plies", "automatic_repetition",
             "initial_squares", "promotion_squares", "flying_general", "perpetual_check",
             "repetition_value", "chasing", "chess960", "repetition_absolute", "en_passant_squares",
             "lopsided_royals", "n_move_rule_pieces", "letter_synonyms", "moves_per_turn", "first_turn_moves",
             "check_ends_turn", "through_check", "opposite_castling", "en_passant_every_cell", "drawing",
             "names", "notation", "fog", VALUES} | MECHANISM_KEYS
CASTLING_KEYS = {"king", "to", "rook", "rook_to", "letter", "empty", "safe"}


class FileGame(Game):
    """A two-player game built from a variants file's checked table."""

    def __new__(cls, spec: GameSpec, budget: int = limits.MAX_WORK):
        """The game's class is FileGame with the mechanisms its table asks for (``MECHANISMS``) mixed in."""
        t = spec.table
        if cls is FileGame and isinstance(t, dict):
            chosen = tuple(m for m in MECHANISMS if m.wanted(t))
            if chosen:
                return super().__new__(_composed(chosen))
        return super().__new__(cls)

    def __init__(self, spec: GameSpec, budget: int = limits.MAX_WORK) -> None:
        """The game of ``spec``; ``budget``: the most work (``filelimits.work``) its move tables may take."""
        t = spec.table
        where = f"[{spec.name}]"
        self._describe(spec)
        for key in ("piece_drops", "gating"):
            if key in t and not isinstance(t[key], bool):
                raise VariantsFileError(f"{where}.{key}: true or false")
        hand_key = next((k for k in HAND_KEYS if k in t and not (k in ("piece_drops", "gating") and t[k] is False)),
                        None)
        if hand_key is not None and not isinstance(self, Hands):
            raise VariantsFileError(f"{where}.{hand_key}: pieces in hand need piece_drops = true or gating = true, "
                                    f"got piece_drops = {t.get('piece_drops', 'false')!r}")
        files = read_int(t, "files", where, 8, 1, 26)
        ranks = read_int(t, "ranks", where, 8, 1, MAX_SIDE)
        levels = read_int(t, "levels", where, 1, 1, MAX_SIDE)
        if files * ranks * levels > MAX_CELLS:
            raise VariantsFileError(f"{where}: {files}x{ranks}x{levels} = {files * ranks * levels} cells, "
                                    f"more than {MAX_CELLS}")
        holes = limits.check_holes(t.get("holes", []), (files, ranks, levels), where)
        boards = mirror_boards.read_boards(t, where, levels)
        geo = Geometry(files, ranks, levels, wrap_files=bool(t.get("wrap_files", False)),
                       wrap_ranks=bool(t.get("wrap_ranks", False)), holes=holes, boards=boards)
        level_names = t.get("level_names", [str(i + 1) for i in range(levels)] if levels > 1 else [""])
        if (not isinstance(level_names, list) or len(level_names) != levels
                or not all(isinstance(x, str) and (x.isalnum() or levels == 1) for x in level_names)
                or len(set(level_names)) != levels):
            raise VariantsFileError(f"{where}.level_names: {levels} different names of letters or digits, "
                                    f"bottom level first")
        level_at = read_choice(t, "level_at", where, {"start": "", "end": ""})
        dims = 3 if levels > 1 else 2
        pieces = t.get("pieces")
        if not isinstance(pieces, dict) or not pieces:
            raise VariantsFileError(f"{where}.pieces: no pieces (a table of letter = {{ ... }})")
        seen: dict[str, str] = {}
        for letter in pieces:
            if str(letter).upper() in seen:
                raise VariantsFileError(f"{where}.pieces: {seen[str(letter).upper()]!r} and {letter!r} are one piece "
                                        f"(a letter names a piece in either case)")
            seen[str(letter).upper()] = letter
        origins: dict[str, list[tuple[int, str, Any]]] = {}
        army = [self._turned(read_piece(letter, p, f"{where}.pieces.{letter}", dims, origins))
                for letter, p in pieces.items()]
        promotes = piece_rules.promotion_pairs(t.get("piece_promotion", {}), {p.letter: p for p in army}, where)
        army += piece_rules.promoted_army(army, promotes)
        army = with_values(army, read_values(t.get(VALUES, {}), f"{where}.{VALUES}", {p.letter for p in army}))
        self.promoted_into = {piece_rules.PREFIX + k: v for k, v in promotes.items()}   # "+G" -> "K"
        self.work = limits.work(files * ranks * levels, max(files, ranks, levels), self.players, army)
        limits.check_work(self.work, budget, where)
        if "start" not in t or not isinstance(t["start"], str):
            raise VariantsFileError(f"{where}.start: the start position string is missing")
        self.start_fen = t["start"]
        self.fog = t.get("fog", False)
        if not isinstance(self.fog, bool):
            raise VariantsFileError(f"{where}.fog: true or false")
        if self.fog and t.get("check", "capture") == "check":
            raise VariantsFileError(f"{where}.check: a game with fog has no check (\"capture\" or \"extinction\")")
        check = read_choice(dict(t, check=t.get("check", "capture")) if self.fog else t, "check", where,
                            {"check": "check and mate", "capture": "losing a royal piece loses",
                             EXTINCTION: "losing the last royal piece loses"})
        self.royal_rule = "single" if check == "check" else "none"
        self.royal_loss = {"check": "", "capture": "any", EXTINCTION: "all"}[check]
        if self.players == 4 and check != "check":
            # four players without check: a colour that loses its royal pieces drops out (its pieces stay,
            # inert), and the team with no colour left loses (the core's elimination). With check, a colour
            # may not leave its royal piece attacked by any enemy, and the first mate ends the game
            # (``Game.mate_outcome`` names the teams)
            self.elimination = True
            self.royal_loss = ""
        elif self.players == 4:
            # with check, a royal piece left attacked by a partner's move may be taken: its team has lost
            # (4pchess, board.cc GetGameResult)
            self.royal_loss = "any"
        self.stalemate = read_choice(t, "stalemate", where, {"draw": "", "loss": "", "win": ""})
        self.bare_king = read_choice(t, "bare_king", where, {"none": "", "loss": "", "reply": "", "draw": ""})
        self.bare_king = self.bare_king.replace("none", "")
        self.fifty_plies = read_int(t, "fifty_plies", where, 100, 0, 10_000) or NO_LIMIT
        self.repetition = read_int(t, "repetition", where, 3, 0, 100)
        self.repetition_value = read_choice(t, "repetition_value", where, {"draw": "", "loss": "", "win": ""})
        self.perpetual_check = read_choice(t, "perpetual_check", where, {"draw": "", "loss": ""})
        self.chasing = read_choice(t, "chasing", where, {"none": "", "axf": ""}) == "axf"
        self.flying_royals = t.get("flying_general", False)
        if not isinstance(self.flying_royals, bool):
            raise VariantsFileError(f"{where}.flying_general: true or false")
        self.repetition_absolute = t.get("repetition_absolute", False)
        if not isinstance(self.repetition_absolute, bool):
            raise VariantsFileError(f"{where}.repetition_absolute: true or false")
        self.automatic_fifty_plies = read_int(t, "automatic_fifty_plies", where, 0, 0, 10_000)
        self.moves_per_turn = self._turn_counts(t, "moves_per_turn", where)
        self.first_turn_moves = self._turn_counts(t, "first_turn_moves", where)
        for key in ("check_ends_turn", "through_check"):
            if not isinstance(t.get(key, False), bool):
                raise VariantsFileError(f"{where}.{key}: true or false")
            setattr(self, key, t.get(key, False))
        self.automatic_repetition = read_int(t, "automatic_repetition", where, 0, 0, 100)
        # Chess960's way of writing castling (Fairy-Stockfish's chess960 and UCI_Chess960): the king takes its own
        # rook (e1h1), and the castling field names the rooks' files (HAha; K and Q are read too)
        self.castling_by_rook = t.get("chess960", False)
        if not isinstance(self.castling_by_rook, bool):
            raise VariantsFileError(f"{where}.chess960: true or false")
        self.opposite_castling = t.get("opposite_castling", False)
        if not isinstance(self.opposite_castling, bool):
            raise VariantsFileError(f"{where}.opposite_castling: true or false")
        every = t.get("en_passant_every_cell", False)
        if not isinstance(every, bool):
            raise VariantsFileError(f"{where}.en_passant_every_cell: true or false")
        if every:                       # the windows of the core's en passant (Position.windows) hold several
            self.ep_rule, self.ep_every_cell = "each_enemy", True
        self._insufficient = read_choice(t, "insufficient_material", where, {"none": "", "bare kings": "", "fide": ""})
        self.eval_weights = read_eval(t.get("eval", {}), f"{where}.eval")
        self._xboard_pieces = t.get("xboard_pieces", None)
        if self._xboard_pieces is not None and (not isinstance(self._xboard_pieces, dict) or not all(
                isinstance(k, str) and len(k) == 1 and isinstance(v, str) for k, v in self._xboard_pieces.items())):
            raise VariantsFileError(f"{where}.xboard_pieces: a table of letter = \"Betza\" for XBoard's piece command")
        self.panels_per_row = read_int(t, "panels_per_row", where, 0, 0, MAX_SIDE)
        legend = t.get("legend", {})
        if not isinstance(legend, dict) or not all(isinstance(v, str) for v in legend.values()):
            raise VariantsFileError(f"{where}.legend: a table of letter = \"text\"")
        order = read_choice(t, "level_order", where, {"bottom first": "", "top first": ""})
        if legend or order == "top first":
            self.picture = Picture(legend={str(k).upper(): v for k, v in legend.items()},
                                   top_first=order == "top first")
        self.drawing = read_drawing(t, where, self.players)
        self.piece_names = read_names(t, where)
        self.notation = read_notation(t, where, self.drawing)
        promo_value = t.get("promotion", "".join(p.letter for p in army
                                                 if not p.pawn and not p.royal and len(p.letter) == 1))
        if isinstance(promo_value, list):        # one string a player (Fairy-Stockfish's ...White/...Black)
            if len(promo_value) != self.players or not all(isinstance(x, str) for x in promo_value):
                raise VariantsFileError(f"{where}.promotion: letters, or a list of letters for each player")
            self._player_promotion: list[str] | None = [x.lower() for x in promo_value]
            promo = "".join(dict.fromkeys("".join(self._player_promotion)))
        else:
            self._player_promotion = None
            promo = str(promo_value).lower()
        self.promotion_letters = promo
        super().__init__(geo, SquareNames(geo, level_names=tuple(level_names), level_at=level_at), army)
        self.teams = self._teams
        kind = {p.letter: k for k, p in enumerate(self.pieces) if p is not None}
        plus = piece_rules.PREFIX
        self.promotes_to = {kind[a]: kind[plus + a] for a in promotes}
        self.unpromoted = {kind[plus + a]: kind[a] for a in promotes}
        self.moves_as = {kind[plus + a]: kind[b] for a, b in promotes.items()}
        for ch in promo.upper():
            if ch not in kind:
                raise VariantsFileError(f"{where}.promotion: no piece {ch!r}")
        self.letter_synonyms = self._synonyms(t.get("letter_synonyms", {}), where, kind)
        depth = read_int(t, "promotion_ranks", where, 1, 1, MAX_SIDE)
        up_depth = read_int(t, "promotion_levels", where, 0, 0, MAX_SIDE)
        self.promotion_zone = [self._zone(color, depth, up_depth) for color in range(self.players)]
        squares = t.get("promotion_squares")
        if squares is not None:                  # any zone, one list of squares a player
            if not isinstance(squares, list) or len(squares) != self.players or not all(
                    isinstance(x, list) and all(isinstance(q, str) for q in x) for x in squares):
                raise VariantsFileError(f"{where}.promotion_squares: a list of squares for each player")
            self.promotion_zone = [frozenset(self.names.parse(q) for q in x) for x in squares]
        clock = t.get("n_move_rule_pieces")
        if clock is not None:                    # whose moves reset the n-move count (nMoveRuleTypes)
            lists = clock if isinstance(clock, list) else [clock] * self.players
            if len(lists) != self.players or not all(isinstance(x, str) and all(ch.upper() in kind for ch in x)
                                                       for x in lists):
                raise VariantsFileError(f"{where}.n_move_rule_pieces: the letters of pieces of this game, or a list "
                                        f"of them for each player")
            self.clock_pieces = frozenset((kind[ch.upper()], color) for color, x in enumerate(lists) for ch in x)
        self._lopsided = t.get("lopsided_royals", False)
        if not isinstance(self._lopsided, bool):
            raise VariantsFileError(f"{where}.lopsided_royals: true or false")
        passant = t.get("en_passant_squares")
        if passant is not None:                  # where each player may capture en passant (enPassantRegion)
            if not isinstance(passant, list) or len(passant) != self.players or not all(
                    isinstance(x, list) and all(isinstance(q, str) for q in x) for x in passant):
                raise VariantsFileError(f"{where}.en_passant_squares: a list of squares for each player")
            self.en_passant_cells = [frozenset(self.names.parse(q) for q in x) for x in passant]
        castlings = t.get("castling", [])
        if not isinstance(castlings, list):
            raise VariantsFileError(f"{where}.castling: a list of {{ king, to, rook, rook_to, letter }}")
        if castlings and self.players != 2 and (files != ranks or levels != 1):
            raise VariantsFileError(f"{where}.castling: with four players castling is turned round the centre "
                                    f"of a square flat board")
        for color in range(self.players) if castlings else ():   # White's castlings first, then Black's (KQkq)
            for i, c in enumerate(castlings):
                self.castling.append(self._castling(c, f"{where}.castling[{i}]", color, ranks))
        self.placement = read_placement(t.get(PLACEMENT, {}), f"{where}.{PLACEMENT}", geo, army)
        try:
            # a pawn's double step starts where the start position has the pawns (per colour): read the start
            # board with the core's own reader (which needs only the piece codes), then build the tables once
            self._compile_codes()
            for cell, code in enumerate(self.board_from_text(self.start_fen.split()[0])):
                if code in self.pawn_codes and "initial_squares" not in t:
                    key = (self.kind_of[code], self.owner[code])
                    self.initial_cells[key] = self.initial_cells.get(key, frozenset()) | {cell}
            self._initial_squares(t.get("initial_squares", {}), f"{where}.initial_squares", kind)
            set_regions(self, pieces, origins, f"{where}.pieces")
            self._promoted_regions()
            self.compile()
            self._castles_by_rook = self._castlings_onto_king_steps()
            if self._player_promotion is not None:
                self._promo_codes = [tuple(c for c in self._promo_codes[color] if self.promo_suffix[c] in letters)
                                     for color, letters in enumerate(self._player_promotion)]
            self._check_royal_start()
            check_position(self.position())           # a start that play can begin from, as load_position checks
        except FenError as exc:
            raise VariantsFileError(f"{where}.start: {exc}") from None
        except ValueError as exc:
            raise VariantsFileError(f"{where}: {exc}") from None

    def _turn_counts(self, t: dict, key: str, where: str) -> tuple[int, ...]:
        """Moves a turn (variants/core/turns.py): one number for every player, or a list of one a player."""
        value = t.get(key, [])
        counts = [value] * self.players if isinstance(value, int) and not isinstance(value, bool) else value
        if not isinstance(counts, list) or (counts and len(counts) != self.players) or not all(
                isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= MAX_TURN_MOVES for x in counts):
            raise VariantsFileError(f"{where}.{key}: a number of moves from 1 to {MAX_TURN_MOVES}, or a list of "
                                    f"one for each of the {self.players} players")
        return tuple(counts)

    def _synonyms(self, value: Any, where: str, kind: dict[str, int]) -> dict[str, str]:
        """``letter_synonyms``: a table of letter = the letter of a piece of the game (two players), read in
        the board of a position string in either case."""
        if not isinstance(value, dict) or not all(
                isinstance(k, str) and isinstance(v, str) and len(k) == 1 and k.isalpha() and k.upper() not in kind
                and v.upper() in kind and len(v) == 1 for k, v in value.items()) or (value and self.players != 2):
            raise VariantsFileError(f"{where}.letter_synonyms: a table of letter = \"letter\": a letter no piece has, "
                                    f"read as that piece's (two players)")
        out = {k.upper(): v.upper() for k, v in value.items()}
        return {**out, **{k.lower(): v.lower() for k, v in out.items()}}

    def _describe(self, spec: GameSpec) -> None:
        """What the game is, read from ``spec`` without building it: name, title, description, source and
        the players."""
        t = spec.table
        where = f"[{spec.name}]"
        check_keys(t, GAME_KEYS, where)
        self.name = spec.name
        self.title = str(t.get("title", spec.name))
        self.description = str(t.get("description", "a game from a variants file"))
        self.source = t.get("source", "")
        if not isinstance(self.source, str) or len(self.source) > 1000:
            raise VariantsFileError(f"{where}.source: text of at most 1000 characters, got {self.source!r:.60}")
        self.color_names, self.color_letters, self._basis, self._teams = read_players(
            t.get("players", DEFAULT_PLAYERS), f"{where}.players")
        self.players = len(self.color_names)

    def _initial_squares(self, table: Any, where: str, kind: dict[str, int]) -> None:
        """``initial_squares``: letter = [[White's squares], [Black's squares]], where that piece's initial
        paths start (Fairy-Stockfish's double-step region) instead of the start position's cells."""
        if not isinstance(table, dict):
            raise VariantsFileError(f"{where}: a table of letter = [[squares], [squares]], one list a player")
        for letter, lists in table.items():
            if str(letter).upper() not in kind or not isinstance(lists, list) or len(lists) != self.players:
                raise VariantsFileError(f"{where}.{letter}: a piece of this game, with one list of squares a player")
            for color, squares in enumerate(lists):
                if not isinstance(squares, list):
                    raise VariantsFileError(f"{where}.{letter}: a list of squares for each player")
                self.initial_cells[(kind[str(letter).upper()], color)] = frozenset(
                    self.names.parse(str(sq)) for sq in squares)

    def _check_royal_start(self) -> None:
        """Two players with royal pieces in their army both start with them, as many each (the position
        checks of ``load.royal_bounds`` take their bounds from this start)."""
        if self.players != 2 or not self.royal_codes or self._lopsided:
            return
        in_hand = getattr(self, "start_royals_in_hand", lambda color: 0)     # variants/rules/hands.py
        counts = [sum(1 for code in self.start_board if code in self.royal_codes and self.owner[code] == color)
                  + in_hand(color) for color in (0, 1)]
        if 0 in counts or counts[0] != counts[1]:
            raise FenError(f"{self.color_names[0]} starts with {counts[0]} royal pieces and {self.color_names[1]} "
                           f"with {counts[1]}: both sides need a king, as many each")
    def _promoted_regions(self) -> None:
        """A promoted kind moves as its target in the target's region and from and to its move's cells (a
        promoted piece is of its target's type, as Fairy-Stockfish's ``promotedPieceType`` makes it)."""
        for promoted, target in self.moves_as.items():
            for color in range(self.players):
                if (target, color) in self.regions:
                    self.regions[(promoted, color)] = self.regions[(target, color)]
                for index in range(len(self.pieces[target].moves)):
                    for table in (self.origins, self.destinations):
                        if (target, color, index) in table:
                            table[(promoted, color, index)] = table[(target, color, index)]

    def _castlings_onto_king_steps(self) -> frozenset[int]:
        """The castlings whose king lands where the castling king could also go by its own move from its
        square (the king moves one square): written king-takes-rook, as Fairy-Stockfish's UCI writes a castling
        its plain king move would make ambiguous (src/uci.cpp, ``move``)."""
        out = set()
        for i, rule in enumerate(self.castling):
            code = self.start_board[rule.king_from]
            entry = self.tables[code][rule.king_from] if code > 1 and self.tables[code] is not None else None
            if entry is not None:
                rides, leaps = entry[0], entry[1]
                if any(to == rule.king_to for line in rides for to, _ in line) or \
                        any(to == rule.king_to for to, _ in leaps):
                    out.add(i)
        return frozenset(out)

    def move_name(self, pos: "Position", move, square=None, letter=None) -> str:
        """With ``chess960``, or where the king's own move reaches the same square, a castling is the king's
        square and its rook's (``e1h1``); else as every game."""
        if move[3] == CASTLE and (self.castling_by_rook or move[2] in self._castles_by_rook):
            square = square or self.names.name
            return square(move[0]) + square(self.castling[move[2]].rook_from)
        return super().move_name(pos, move, square, letter)

    def repetition_outcome(self, pos: "Position", count: int) -> Outcome:
        """``chasing = "axf"``: after perpetual check, a side that chased a piece at each of its moves loses
        (variants/rules/chasing.py)."""
        outcome = super().repetition_outcome(pos, count)
        if self.chasing and outcome.termination == "repetition" and "checking" not in outcome.reason:
            verdict = chase_result(pos, repetition_span(pos, count))
            if verdict:
                return self._win(pos.turn if verdict > 0 else 1 - pos.turn, "chasing",
                                 "chased a piece at every move")
        return outcome

    def insufficient_material(self, pos: "Position") -> bool:
        """``insufficient_material``: "bare kings" (nothing but royal pieces left), "fide" (as in FIDE chess,
        read by the letters K, N, B, Q, P: fide.cannot_mate), or "none"."""
        if self._insufficient == "bare kings":
            return all(len(pos.occupied[c]) == len(pos.royals[c]) for c in range(self.players))
        if self._insufficient == "fide":
            return all(cannot_mate(self, pos, c) for c in (0, 1))
        return False

    def side_cannot_mate(self, pos: "Position", color: int) -> bool | None:
        """One side's part of ``insufficient_material`` (read by ``variants.core.material`` when a flag falls): the FIDE
        rule judges each side (fide.cannot_mate); the other rules judge the whole board (None)."""
        return cannot_mate(self, pos, color) if self._insufficient == "fide" else None

    @property
    def flat_betza(self) -> dict[str, str]:  # type: ignore[override]
        """The file's ``xboard_pieces``: what XBoard is told even for a game it knows by name."""
        return dict(self._xboard_pieces or {})

    def flat_pieces(self) -> dict[str, str]:
        """``piece`` lines for XBoard: ``xboard_pieces``, else each piece's Betza written from its moves (``o`` on
        wrapped files). None on boards with levels: their moves between levels have no Betza."""
        if self._xboard_pieces is not None:
            return dict(self._xboard_pieces)
        if self.geometry.levels > 1:
            return {}
        out = {}
        for piece in self.pieces[1:]:
            text = write_betza(piece.moves, wrap=self.geometry.wrap_files, pawn=piece.pawn)
            if text:
                out[piece.letter] = text
        return out

    @cached_property
    def flat_names(self) -> FlatNames | None:  # type: ignore[override]
        """XBoard's board: the board itself, or its levels side by side (bottom level on the left) when they
        fit in 16x16."""
        g = self.geometry
        if g.levels > 1 and g.files * g.levels <= MAX_FLAT and g.ranks <= MAX_FLAT:
            return FlatNames(g.files * g.levels, g.ranks, [(l * g.files + f, r) for f, r, l in g.coords])
        return default_flat_names(g)

    def _turned(self, piece: PieceType) -> PieceType:
        """A piece whose moves differ between the players (``fR``, a pawn) is oriented: written for the first
        player, turned by each player's ``forward``/``up``."""
        if piece.oriented:
            return piece
        for atom in piece.moves:
            vectors = set(getattr(atom, "vectors", None) or getattr(atom, "directions", None) or atom.offsets)
            for basis in self._basis:
                if {tuple(v[0] * basis[0][i] + v[1] * basis[1][i] + v[2] * basis[2][i] for i in range(3))
                        for v in vectors} != vectors:
                    return replace(piece, oriented=True)
        return piece

    def orientation(self, color: int, cell: int):
        """A pawn's (side, forward, up) for ``color``: the file's ``forward`` and ``up``."""
        return self._basis[color]

    def _zone(self, color: int, depth: int, up_depth: int) -> frozenset[int]:
        """The promotion zone of ``color``: the last ``depth`` rows ahead along its forward axis (and, with
        ``up_depth``, the last ``up_depth`` rows along its up axis too)."""
        _, forward, up = self._basis[color]
        g = self.geometry
        size = (g.files, g.ranks, g.board_levels)     # with mirror boards: the levels of one board

        def near_end(coord, axis_vector, rows) -> bool:
            axis = next(i for i, x in enumerate(axis_vector) if x)
            coord = (coord[0], coord[1], coord[2] % g.board_levels)
            x = coord[axis] if axis_vector[axis] > 0 else size[axis] - 1 - coord[axis]
            return x >= size[axis] - rows

        return frozenset(c for c, coord in enumerate(g.coords)
                         if near_end(coord, forward, depth) and (not up_depth or near_end(coord, up, up_depth)))

    def _castling(self, c: Any, where: str, color: int, ranks: int):
        """One castling of the file (written with White's squares) for ``color``; Black's is the same files
        on the mirrored rank."""
        if not isinstance(c, dict):
            raise VariantsFileError(f"{where}: a castling is a table {{ king, to, rook, rook_to, letter }}")
        check_keys(c, CASTLING_KEYS, where)
        sq = {k: str(c.get(k, "")) for k in ("king", "to", "rook", "rook_to")}
        turn = (lambda v: self._turn_square(v, color)) if self.players != 2 else \
            (lambda v: _mirror(v, ranks)) if color == 1 else (lambda v: v)
        sq = {k: turn(v) for k, v in sq.items()}
        coords = self.geometry.coords
        towards_h = coords[self.names.parse(sq["to"])][0] > coords[self.names.parse(sq["king"])][0]
        rook_file = FILES[self.geometry.coords[self.names.parse(sq["rook"])][0]]
        letter = str(c.get("letter", rook_file if self.castling_by_rook else "K" if towards_h else "Q"))
        lists = {}
        for key in ("empty", "safe"):
            value = c.get(key)
            if value is not None:
                if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
                    raise VariantsFileError(f"{where}.{key}: a list of squares")
                lists[key] = [turn(x) for x in value]
        if self.players != 2:           # four players: the colour's letter and the castling's (``rK``, ``bQ``)
            return self.castling_rule(color, sq["king"], sq["to"], sq["rook"], sq["rook_to"],
                                      self.color_letters[color] + letter.upper(), **lists)
        return self.castling_rule(color, sq["king"], sq["to"], sq["rook"], sq["rook_to"],
                                  letter.upper() if color == 0 else letter.lower(), **lists)

    def _turn_square(self, square: str, color: int) -> str:
        """A square of the first player's castling as ``color`` sees it: turned round the board's centre from
        the first player's (side, forward) onto ``color``'s (four players on a square board)."""
        g = self.geometry
        try:
            f, r, _ = g.coords[self.names.parse(square)]
        except Exception:
            raise VariantsFileError(f"castling: {square!r} is not a square") from None
        half = g.files - 1                           # coordinates doubled about the centre: no halves
        x, y = 2 * f - half, 2 * r - half
        side0, forward0, _ = self._basis[0]
        side, forward, _ = self._basis[color]
        a = x * side0[0] + y * side0[1]              # along the first player's side and forward
        b = x * forward0[0] + y * forward0[1]
        nx, ny = a * side[0] + b * forward[0], a * side[1] + b * forward[1]
        return self.names.name(g.cell((nx + half) // 2, (ny + half) // 2, 0))


def _mirror(square: str, ranks: int) -> str:
    i = len(square)
    while i and square[i - 1].isdigit():
        i -= 1
    if i == len(square):
        raise VariantsFileError(f"castling: {square!r} is not a square")
    return square[:i] + str(ranks + 1 - int(square[i:]))


def describe(spec: GameSpec) -> tuple[str, str, int, tuple[str, ...], tuple[str, ...]]:
    """(title, description, players, colour names, the colours' names players use) of the game of ``spec``, its
    tables not built."""
    game = object.__new__(FileGame)        # FileGame.__new__ picks the class by the table
    game._describe(spec)
    drawing = spec.table.get("drawing") if isinstance(spec.table, dict) else None
    sides = drawing.get("side_names", []) if isinstance(drawing, dict) else []
    ok = isinstance(sides, list) and len(sides) == game.players and all(isinstance(x, str) for x in sides)
    # lower case, as the built game's drawing keeps them (filedrawing.read_drawing)
    return game.title, game.description, game.players, game.color_names, tuple(x.lower() for x in sides) if ok else ()


@cache
def _composed(chosen: tuple[Mechanism, ...]) -> type:
    """FileGame with the mixins of ``chosen``; built once per combination."""
    def __init__(self, spec: GameSpec, budget: int = limits.MAX_WORK) -> None:
        for m in chosen:
            if m.before is not None:
                m.before(self, spec)
        FileGame.__init__(self, spec, budget)
        for m in chosen:
            if m.after is not None:
                m.after(self)
    bases = tuple(dict.fromkeys(m.mixin for m in chosen)) + (FileGame,)
    name = "".join(m.mixin.__name__ for m in chosen) + "FileGame"
    return type(name, bases, {"__init__": __init__, "__doc__": f"A game from a file with {name[:-8]}.",
                              "__module__": __name__})
