"""Which modules run compiled: the optional compiled path of ``setup.py`` (docs/performance.md).

A compiled module (a Cython build of the very same ``.py`` file, with the C types of its ``.pxd``) is used
only when it was built from the source that is there now: the build records each source's SHA-256 in
``_compiled_sources.json``, so a ``.py`` edited since the last build runs as Python until it is rebuilt.
``HYPERCHESS_PURE=1`` runs every module as Python. Both paths make the same moves with the same node counts.
"""
from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
RECORD = PACKAGE / "_compiled_sources.json"
PURE_VARIABLE = "HYPERCHESS_PURE"


def _source(name: str) -> Path:
    return PACKAGE.parent / (name.replace(".", "/") + ".py")


def _built(name: str) -> bool:
    """Is there an extension module for ``name`` beside its source?"""
    stem = _source(name).with_suffix("")
    return any(stem.with_name(stem.name + suffix).exists() for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def _recorded() -> dict[str, str]:
    try:
        data = json.loads(RECORD.read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def status() -> dict[str, str]:
    """Each module of the compiled path: "compiled", or why it runs as Python."""
    pure = os.environ.get(PURE_VARIABLE, "") not in ("", "0")
    out = {}
    for name, digest in _recorded().items():
        if not _built(name):
            out[name] = "python (not built)"
        elif pure:
            out[name] = f"python ({PURE_VARIABLE} is set)"
        elif hashlib.sha256(_source(name).read_bytes()).hexdigest() != digest:
            out[name] = "python (source changed since the build)"
        else:
            out[name] = "compiled"
    return out


def describe() -> str:
    """One line for ``hyperchess --version``: which path the search runs on."""
    states = status()
    if states and all(state == "compiled" for state in states.values()):
        return "search compiled (Cython)"
    reasons = sorted({state for state in states.values() if state != "compiled"})
    return "search in pure Python " + (reasons[0].removeprefix("python ") if reasons else "(not built)")


class _SourceFinder:
    """Loads the listed modules from their ``.py`` files even where an extension module stands beside them."""

    def __init__(self, names: set[str]) -> None:
        self.names = names

    def find_spec(self, name: str, path=None, target=None):
        if name not in self.names:
            return None
        return importlib.util.spec_from_file_location(name, _source(name))


def choose() -> None:
    """Called once by ``hyperchess/__init__.py``, before any listed module is imported. All or nothing: the
    compiled search reads the compiled position's C fields, so one module run as Python means all are."""
    states = status()
    if any(state != "compiled" for state in states.values()) and \
            not any(isinstance(f, _SourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceFinder(set(states)))
