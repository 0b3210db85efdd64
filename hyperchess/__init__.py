"""hyperchess: a chess engine backend for games no other engine plays (3D boards, cylinders, wide boards,
four players), over XBoard/CECP, a local web board and a match runner.

The layers live in one package and import one way (docs/architecture.md):
``variants`` (the rules) <- ``engine`` (the search) <- ``protocol``, ``tournament``, ``pictures`` <- ``web``
<- ``cli``.
"""
__version__ = "0.1.0"

from . import _compiled, _ctrl_c  # noqa: F401  (_ctrl_c: loaded before __main__ needs it)

_compiled.choose()
