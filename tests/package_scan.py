"""Static checks of the package's shape, read from the source with ``ast`` (no import is executed):

- :func:`import_edges` and :func:`import_graph`: module -> the modules it imports, at the top or inside a
  function, each with its file and line. Imports under ``if TYPE_CHECKING:`` (which never run and only name
  types for annotations) and the ``.pxd`` files' ``cimport`` lines count only when asked for (``types=True``).
- :func:`cycles`: the groups of modules that import each other, directly or round a loop (Tarjan).
- :func:`game_mentions`: where shared code names a game (its registry name as a string) or a game's module
  (an import, or an identifier carrying the module's name). Docstrings and comments do not count.

They take a root folder and a package name, so the same functions can be pointed at an older tree (for
example a checkout from before the one-package layout, with ``package=""`` for its top-level packages).
"""
from __future__ import annotations

import ast
import re
from pathlib import Path


def modules(root: Path, package: str) -> dict[str, Path]:
    """Every module below ``root/package`` (or every top-level package and module of ``root`` when
    ``package`` is empty), by dotted name."""
    out: dict[str, Path] = {}
    base = root / package if package else root
    for path in sorted(base.rglob("*.py")):
        rel = path.relative_to(root).with_suffix("")
        parts = list(rel.parts)
        if not package and (parts[0] in ("tests", "bench", "tools", "docs") or parts[0].startswith(".")):
            continue
        if any(p.startswith(".") or p == "static" for p in parts):
            continue
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST, types: bool = False):
    """Import nodes anywhere in ``tree``, except the bodies of ``if TYPE_CHECKING:`` (unless ``types``)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if not types and isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def _resolve(name: str, path: Path, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    parts = name.split(".")
    if path.name != "__init__.py":
        parts = parts[:-1]
    if node.level > 1:
        parts = parts[: len(parts) - (node.level - 1)]
    return ".".join(parts + ([node.module] if node.module else []))


def import_edges(root: Path, package: str, types: bool = False) -> list[tuple[str, str, str]]:
    """Every import of a module of the same tree: (importing module, imported module, "path:line").
    ``from a import b`` counts as ``a.b`` when ``b`` is a module, else as ``a``. With ``types``, imports under
    ``if TYPE_CHECKING:`` count too, and so do the ``cimport`` lines of the compiled path's ``.pxd`` files."""
    mods = modules(root, package)
    out = []
    for name, path in mods.items():
        where = path.relative_to(root)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in _imports(tree, types):
            targets = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = _resolve(name, path, node)
                for alias in node.names:
                    sub = f"{base}.{alias.name}" if base else alias.name
                    targets.append(sub if sub in mods else base)
            for t in targets:
                while t and t not in mods:       # ``import a.b.c`` of a name inside a module: its module
                    t = t.rpartition(".")[0]
                if t and t != name:
                    out.append((name, t, f"{where}:{node.lineno}"))
        pxd = path.with_suffix(".pxd")
        if types and pxd.exists():
            for number, line in enumerate(pxd.read_text(encoding="utf-8").splitlines(), 1):
                m = re.match(r"\s*from\s+([\w.]+)\s+cimport\b", line)
                if m and m.group(1) in mods and m.group(1) != name:
                    out.append((name, m.group(1), f"{pxd.relative_to(root)}:{number}"))
    return out


def import_graph(root: Path, package: str, types: bool = False) -> dict[str, set[str]]:
    """module -> the modules of the same tree it imports (see ``import_edges``)."""
    graph: dict[str, set[str]] = {m: set() for m in modules(root, package)}
    for name, target, _ in import_edges(root, package, types):
        graph[name].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (each one a set of modules that import each
    other round a loop), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the string constants that are docstrings (of the module, classes and functions, and the
    bare strings under an assignment that document it)."""
    out = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list):
            for stmt in body:
                if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) \
                        and isinstance(stmt.value.value, str):
                    out.add(id(stmt.value))
    return out


def _words(identifier: str) -> list[str]:
    """``thirdMillenniumTargets`` / ``third_millennium_targets`` -> ["third", "millennium", "targets"]."""
    return [w for w in re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", identifier).lower().split("_") if w]


def _contains(words: list[str], part: list[str]) -> bool:
    n = len(part)
    return any(words[i:i + n] == part for i in range(len(words) - n + 1))


def game_mentions(root: Path, package: str, shared: list[str], names: set[str],
                  game_modules: set[str], allowed: frozenset[str] = frozenset()) -> list[str]:
    """Lines of the modules in ``shared`` that name a game: a string equal to one of ``names``, an import of
    one of ``game_modules``, or an identifier whose words contain a game module's last name
    (``third_millennium_targets``, ``FirstContactNames``). The names in ``allowed``, and strings assigned to
    them, are not counted: words of another meaning that happen to be a game's name (PGN's termination
    ``normal``, the flag of a normal move)."""
    mods = modules(root, package)
    short = {m.rpartition(".")[2] for m in game_modules}
    hits = []
    for name in shared:
        path = mods[name]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and \
                    any(isinstance(t, ast.Name) and t.id in allowed for t in node.targets):
                docs.add(id(node.value))
        where = f"{path.relative_to(root)}"
        for node in ast.walk(tree):
            line = getattr(node, "lineno", 0)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                if node.value in names:
                    hits.append(f"{where}:{line}: the game name {node.value!r}")
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if any(alias.name == m or alias.name.startswith(m + ".") for m in game_modules):
                        hits.append(f"{where}:{line}: imports the game module {alias.name}")
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(name, path, node)
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    if any(x == m or x.startswith(m + ".") for m in game_modules for x in (base, full)):
                        hits.append(f"{where}:{line}: imports the game module {full}")
            elif isinstance(node, (ast.Name, ast.Attribute, ast.FunctionDef, ast.ClassDef, ast.arg)):
                ident = {ast.Name: "id", ast.Attribute: "attr", ast.FunctionDef: "name", ast.ClassDef: "name",
                         ast.arg: "arg"}[type(node)]
                text = getattr(node, ident)
                if text in allowed:
                    continue
                for s in short:
                    if _contains(_words(text), s.split("_")):
                        hits.append(f"{where}:{line}: the identifier {text!r} names the game module {s}")
    return sorted(set(hits))
