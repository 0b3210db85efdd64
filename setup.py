"""The optional compiled path (docs/performance.md): the search's hottest modules compiled by Cython.

Each module found here (a .pxd beside it, or the mark below) is plain Python that runs as it is; its ``.pxd`` beside it gives Cython the C types
of the hot loops (the ``.py`` annotations are not read as C types). When Cython or a C compiler is missing,
or ``HYPERCHESS_PURE=1`` is set at install time, the extensions are skipped (``optional=True``) and the same
modules run as Python: same moves, same node counts. ``hyperchess/_compiled.py`` decides at import time
which one is used.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent
# A module is compiled when a .pxd stands beside it (its C types) or when one of its lines is this mark (the
# rules' hooks that run on every move or node, compiled as they are). No list to keep by hand.
MARK = "# hyperchess: compiled"


def compiled_modules() -> list[str]:
    """The dotted names of the modules of the compiled path, found in the package."""
    out = []
    for path in sorted((HERE / "hyperchess").rglob("*.py")):
        if path.with_suffix(".pxd").exists() or MARK in path.read_text(encoding="utf-8").splitlines():
            out.append(".".join(path.relative_to(HERE).with_suffix("").parts))
    return out


COMPILED = compiled_modules()


def extensions() -> list:
    if os.environ.get("HYPERCHESS_PURE", "") not in ("", "0"):
        return []
    try:
        from Cython.Build import cythonize
        from setuptools import Extension
    except ImportError:                     # no Cython: the pure-Python package only
        return []
    # what was compiled, by source hash: a .py edited since then is run as Python until rebuilt
    sources = {name: hashlib.sha256((HERE / (name.replace(".", "/") + ".py")).read_bytes()).hexdigest()
               for name in COMPILED}
    (HERE / "hyperchess" / "_compiled_sources.json").write_text(json.dumps(sources, indent=1) + "\n")
    directives = {"language_level": 3, "annotation_typing": False}
    # The typed modules (a .pxd beside them) index their typed arrays with C integers that their own loops
    # keep in range and never negative: Cython's checks of each index (bounds, negative index, an unset view)
    # are left out there. The hooks' modules keep every check.
    typed = [name for name in COMPILED if (HERE / (name.replace(".", "/") + ".pxd")).exists()]
    unchecked = dict(directives, boundscheck=False, wraparound=False, initializedcheck=False)
    try:
        built = []
        for names, how in ((typed, unchecked), ([n for n in COMPILED if n not in typed], directives)):
            built += cythonize([Extension(name, [name.replace(".", "/") + ".py"]) for name in names],
                               compiler_directives=how, quiet=True)
    except Exception as exc:                # a Cython that cannot translate them: Python only
        print(f"hyperchess: the compiled path is skipped ({exc})", file=sys.stderr)
        return []
    for ext in built:
        ext.optional = True                 # cythonize drops the flag: no C compiler means Python only
    return built


setup(ext_modules=extensions(), options={"build_ext": {"parallel": os.cpu_count() or 1}})
