"""Write hyperchess/variants/games/fsf.ini, Fairy-Stockfish's built-in games in its own variants.ini format, from
a checkout of Fairy-Stockfish's src/variant.cpp (not shipped: run it against the commit docs/variants-file.md
names).

    python tools/fsf_catalogue.py PATH/TO/variant.cpp > hyperchess/variants/games/fsf.ini

Each ``Variant* name_variant() {...}`` function is run statement by statement on the model of
``hyperchess.variants.formats.fsf_model`` (the assignments, ``add_piece``, ``remove_piece``, ``reset_pieces``, and the
function it starts from); each game registered with ``add("name", ...)`` is written as one parentless section
of the options that differ from FSF's defaults, checked to read back to the same model.
"""
from __future__ import annotations

import re
import sys
from typing import Any

from hyperchess.variants.formats import fsf_model as fm

TYPE_ALIASES = {"MET": "FERS", "KHON": "SILVER", "DRAGON": "BERS", "CLOBBER_PIECE": "CLOBBER",
                "BREAKTHROUGH_PIECE": "BREAKTHROUGH", "IMMOBILE_PIECE": "IMMOBILE"}
WORD_VALUES = {"BLACK_DRAW_ODDS": "blackdrawodds", "WHITE_DRAW_ODDS": "whitedrawodds",
               "JANGGI_MATERIAL": "janggi", "UNWEIGHTED_MATERIAL": "unweighted",
               "NO_MATERIAL_COUNTING": "none", "MAKRUK_COUNTING": "makruk", "CAMBODIAN_COUNTING": "cambodian",
               "ASEAN_COUNTING": "asean", "NO_COUNTING": "none", "AXF_CHASING": "axf", "NO_CHASING": "none",
               "NO_ENCLOSING": "none", "NO_WALLING": "none"}


def type_name(enum: str) -> str:
    enum = TYPE_ALIASES.get(enum, enum)
    if enum.startswith("CUSTOM_PIECE_"):
        return "customPiece" + enum.rsplit("_", 1)[1]
    parts = enum.lower().split("_")
    return parts[0] + "".join(p.title() for p in parts[1:])


class BB(frozenset):
    def __or__(self, o): return BB(frozenset(self) | frozenset(o))
    __ror__ = __or__
    def __and__(self, o): return BB(frozenset(self) & frozenset(o))
    def __xor__(self, o): return BB(frozenset(self) ^ frozenset(o))
    def __invert__(self): return BB(fm.ALL - self)


class PS(frozenset):
    def __or__(self, o): return PS(frozenset(self) | (frozenset(o) if isinstance(o, frozenset) else {o}))
    def __ror__(self, o): return self | o
    def __invert__(self): return PS(set(fm.PIECE_TYPES) - self)


class Val(str):
    def __neg__(self): return Val({"win": "loss", "loss": "win"}.get(self, str(self)))


def namespace(model: dict) -> dict[str, Any]:
    ns: dict[str, Any] = {"true": True, "false": False, "AllSquares": BB(fm.ALL), "NO_PIECE_SET": PS(),
                          "VALUE_MATE": Val("win"), "VALUE_DRAW": Val("draw"), "VALUE_NONE": Val("none"),
                          "ALL_PIECES": "*", "NO_PIECE_TYPE": "-",
                          "piece_set": lambda t: PS({t}),
                          "make_bitboard": lambda *sq: BB(sq)}
    for r in range(fm.RANKS):
        ns[f"Rank{r + 1}BB"] = BB((f, r) for f in range(fm.FILES))
        ns[f"RANK_{r + 1}"] = r + 1
    for f in range(fm.FILES):
        ns[f"File{chr(65 + f)}BB"] = BB((f, r) for r in range(fm.RANKS))
        ns[f"FILE_{chr(65 + f)}"] = f + 1
        for r in range(fm.RANKS):
            ns[f"SQ_{chr(65 + f)}{r + 1}"] = (f, r)
    ns.update(WORD_VALUES)
    for word in ("REVERSI", "ATAXX", "QUADWRANGLE", "SNORT", "ANYSIDE", "TOP", "ARROW", "DUCK", "EDGE", "PAST",
                 "STATIC"):
        ns[word] = word.lower()
    ns["__model__"] = model
    return ns


def _expr(text: str, model: dict) -> Any:
    text = re.sub(r"v->(\w+)\[(WHITE|BLACK)\]\[(\w+)\]",
                  lambda m: f"__model__[{('mobilityRegion' + m[2].title() + type_name(m[3])[0].upper() + type_name(m[3])[1:])!r}]"
                  if m[1] == "mobilityRegion" else m[0], text)
    text = re.sub(r"v->(\w+)\[(WHITE|BLACK)\]", lambda m: f"__model__[{m[1] + m[2].title()!r}]", text)
    ns = namespace(model)
    for name in set(re.findall(r"\b[A-Z][A-Z_0-9]*\b", text)) - set(ns):
        ns[name] = type_name(name)
    value = eval(text, ns)      # variant.cpp's right-hand sides: names, |, &, ^, ~, calls above
    return value


def _targets(chain: str) -> list[tuple[str, str | None]]:
    """(model key, sub-key) for each ``v->...`` target of an assignment chain."""
    out = []
    for m in re.finditer(r"v->(\w+)((?:\[\w+\])*)", chain):
        field, idx = m[1], re.findall(r"\[(\w+)\]", m[2])
        if field == "mobilityRegion":
            t = type_name(idx[1])
            out.append((f"mobilityRegion{idx[0].title()}{t[0].upper()}{t[1:]}", None))
        elif field in ("promotedPieceType", "promotionLimit"):
            out.append((field, type_name(idx[0])))
        elif idx:
            out.append((field + idx[0].title(), None))
        elif field + "White" in fm.OPTIONS:
            out += [(field + "White", None), (field + "Black", None)]
        else:
            out.append((field, None))
    return out


def _assign(model: dict, key: str, sub: str | None, value: Any, op: str) -> None:
    if key == "kingType":
        model["kingBetza"] = "" if value == "king" else fm.PIECE_BETZA[value]
        return
    if key not in fm.OPTIONS:
        return                        # the engine's own settings (nnueAlias, endgameEval, ...)
    kind = fm.OPTIONS[key][0]
    if sub is not None:
        pairs = dict(model[key])
        pairs[sub] = value
        model[key] = tuple(sorted(pairs.items()))
        return
    if kind == "region" and not isinstance(value, frozenset):
        value = frozenset()
    if kind == "pieces" and isinstance(value, str):
        value = frozenset({value})
    if isinstance(value, frozenset):
        value = frozenset(value)
        if op == "|=":
            value = model[key] | value
        elif op == "&=":
            value = model[key] & (value if isinstance(value, frozenset) else {value})
    model[key] = value


def run(body: str, functions: dict[str, str], cache: dict[str, dict]) -> dict:
    statements = [s.strip() for s in re.sub(r"//[^\n]*|#\w+[^\n]*", "", body).split(";") if s.strip()]
    first = statements.pop(0)
    found = re.search(r"=\s*(\w+)\(\)", first)
    if found is None or "new Variant" in first:
        model = fm.new_model(pieces=True)
    else:
        model = _copy(model_of(found[1], functions, cache))
    for st in statements:
        st = " ".join(st.split())
        if st.startswith("return"):
            break
        if m := re.fullmatch(r"v->add_piece\((\w+), '(\w)'(?:, \"([^\"]*)\")?(?:, '(\w)')?\)", st):
            fm.set_piece(model, type_name(m[1]), m[2], m[3] or "", m[4] or "")
        elif m := re.fullmatch(r"v->remove_piece\((\w+)\)", st):
            fm.remove_piece(model, type_name(m[1]))
        elif st == "v->reset_pieces()":
            model["letters"] = {}
            model["custom"] = {}
            model["synonyms"] = {}
            model["promotionPieceTypesWhite"] = model["promotionPieceTypesBlack"] = frozenset()
        elif m := re.fullmatch(r"((?:v->[\w\[\]]+ ?(?:[|&]?=) ?)+)(.+)", st):
            chain, expr = m[1], m[2]
            op = "|=" if "|=" in chain else "&=" if "&=" in chain else "="
            value = _expr(expr, model)
            for key, sub in _targets(chain):
                _assign(model, key, sub, value, op)
        elif st.startswith("v->conclude") or st.startswith("v->init"):
            pass
        else:
            raise SystemExit(f"cannot read statement: {st}")
    return model


def _copy(model: dict) -> dict:
    return {k: (dict(v) if isinstance(v, dict) else v) for k, v in model.items()}


def model_of(name: str, functions: dict[str, str], cache: dict[str, dict]) -> dict:
    if name not in cache:
        cache[name] = run(functions[name], functions, cache)
    return cache[name]


def main(path: str) -> None:
    src = open(path, encoding="utf-8").read()
    functions = dict(re.findall(r"Variant\* (\w+)\(\) \{[^\n]*\n(.*?)\n    \}", src, re.S))
    registered = re.findall(r'add\("([^"]+)", (\w+)\(\)\)', src)
    cache: dict[str, dict] = {}
    print(f"# Fairy-Stockfish's built-in games (pyffish.variants()), in its own variants.ini format: each section the\n"
          f"# options that differ from a section without parent. Derived by tools/fsf_catalogue.py from\n"
          f"# Fairy-Stockfish src/variant.cpp at commit {fm.FSF_COMMIT}; the function each game\n"
          f"# comes from is named in its `source`. hyperchess plays the games whose options it has mechanisms for\n"
          f"# (docs/variants-file.md, \"Fairy-Stockfish's games\"); the others are here so that a user's\n"
          f"# [child:parent] section can name them.\n")
    for name, func in registered:
        model = _copy(model_of(func, functions, cache))
        for key in ("promotedPieceType", "promotionLimit"):       # pairs of types the game does not have
            model[key] = tuple((a, b) for a, b in model[key]
                               if a in model["letters"] and (b in model["letters"] or not isinstance(b, str) or b == "-"))
        lines = fm.to_lines(model)
        back = fm.new_model(pieces=False)
        for line in lines:
            k, v = line.split(" = ", 1)
            assert fm.apply(back, k, v), line
        if fm.write_synonyms(model):        # FSF's second letters (add_piece's last argument): our own key
            lines.append(f"{fm.SYNONYMS} = {fm.write_synonyms(model)}")
            fm.read_synonyms(back, fm.write_synonyms(model))
        diff = [k for k in model if back[k] != model[k]]
        assert not diff, (name, diff, [(model[k], back[k]) for k in diff])
        print(f"[{name}]")
        print(f"source = Fairy-Stockfish src/variant.cpp, {func}(), commit {fm.FSF_COMMIT[:12]}")
        print("\n".join(lines))
        print()


if __name__ == "__main__":
    main(sys.argv[1])
