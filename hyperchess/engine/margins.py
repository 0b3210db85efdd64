"""The search tree's depths, margins and reductions (engine/search.py), named once: the search imports them (as C
integers when compiled: search.pxd), the tests and the tuning tools read them here. Each figure's reason and
the runs behind it: docs/history/performance-log.md.
"""
from __future__ import annotations

import math

MAX_PLY = 120
# Look at the clock and the stop event every POLL_NODES nodes. A poll costs ~0.2 us and a node 10-300 us
# (3D boards are the slow end), so polling this often is free and keeps the reaction within a few ms.
POLL_NODES = 16
FUTILITY = (0, 150, 400)            # frontier nodes: quiet moves cannot lift eval + margin above alpha
LMP = (0, 8, 14, 24, 36, 50)        # quiet moves tried at depth 1..LMP_DEPTH in non-PV nodes before the rest is skipped
LMP_DEPTH = len(LMP) - 1
RFP_MARGIN = 90                     # non-PV nodes of depth <= RFP_DEPTH: eval - depth * this >= beta cuts at once
RFP_DEPTH = 5
NULL_R = 3                          # null move: the reply searched NULL_R + depth // 4 plies shallower
ROOT_LMR = True                     # late move reductions at the root too (issue 50) ...
ROOT_LMR_FROM = 4                   # ... from the root's fifth move on, quiet moves that give no check,
ROOT_LMR_MAX = 1                    # ... by at most this many plies (2 missed a mate in two at depth 4)
# A wide search (a root with deepening.WIDE_ROOT legal moves or more: mixed3d's 190-460) prunes harder, so
# that its 400 root moves still leave time for depth (issue 50; docs/history/performance-log.md, session 28):
LMP_WIDE = (0, 4, 7, 12, 18, 26)    # non-PV nodes try this many quiet moves by depth (LMP otherwise)
LMP_PV = (0, 12, 20, 32, 48, 64)    # PV nodes too, but never prune the moves of an attacked piece
NULL_DEPTH_WIDE = 2                 # null move from this depth on (3 otherwise)
ROOT_LMR_WIDE = 2                   # root moves from ROOT_LMR_WIDE_FROM on reduced by up to 2 plies, when
ROOT_LMR_WIDE_FROM = 20             # ... the reduced search still has 2 plies (it sees a mate in two)
IIR_DEPTH = 4                       # a node this deep without a hash move is searched one ply shallower
QS_RECAPTURES = 4                   # quiescence plies with every capture; deeper, only recaptures
SEE_MARGIN = 50                     # quiescence skips captures of a cheaper, defended piece by a dearer one
QS_CHECK_MARGIN = 100               # ... when the stand-pat score is less than this below alpha
LAZY_MARGIN = 100                   # positional terms are skipped when material is this far outside the window
EVAL_CACHE = 1 << 17                # positional terms kept, by the position hash's low 17 bits
# late move reduction: about log(depth) * log(moves tried) / 2, at least one ply
LMR = [[0] * 256] + [[0, 0, 0] + [max(1, int(0.5 + math.log(d) * math.log(i) / 2.0)) for i in range(3, 256)]
                     for d in range(1, 64)]
