# Cython declarations for search.py (the optional compiled path, docs/performance.md): the same source,
# compiled with these C types when Cython and a C compiler are present at install time.
cimport cython
from hyperchess.variants.core.position cimport Position
from hyperchess.variants.core.movegen cimport capture_moves, pseudo_legal_moves
from hyperchess.engine.gamedata cimport GameData
from hyperchess.engine.ordering cimport MoveOrder
from hyperchess.engine.hashtables cimport TransTable, EvalCache
from hyperchess.engine.treebase cimport TreeBase, score_from_tt


# the module's constants the tree compares with on every node, as C integers (a Python constant there was a
# dictionary look-up, a boxed int and a rich comparison each time: docs/history/performance-log.md, session 36)
cdef long MAX_PLY, RFP_MARGIN, RFP_DEPTH, NULL_R, NULL_DEPTH_WIDE, IIR_DEPTH, QS_RECAPTURES
cdef long SEE_MARGIN, QS_CHECK_MARGIN, LMP_DEPTH, INF, MATE_BOUND
cdef int EXACT, LOWER, UPPER, DOUBLE, EN_PASSANT, PROMOTION, SPECIAL


cdef class Searcher(TreeBase):
    cdef public long randomness, tt_cap
    cdef public object rng, eval_game, noise, root_best, partner, team_key
    cdef public list pv, no_pv
    cdef public bint qs_checks, null_allowed, wide
    cdef public dict root_scores
    cdef public int gd_seat

    @cython.locals(teams=object, team=int, alpha0=long, beta0=long, best_score=long, i=int, n=long, s=long,
                   same=bint, b='int[:]', enemy=list, reduce=bint, d1=int, r=int, q=int, wide=bint)
    cpdef long _root(self, Position pos, list moves, int depth, long alpha=*, long beta=*) except? -1234567

    @cython.locals(k=object, check=bint, key=cython.ulonglong, tt=TransTable, slot=cython.longlong, s=long, flag=int, margin=long, v=long, r=int, us=int,
                   team=int, b='int[:]', enemy=list, alpha0=long, best=long, killers=list, d1=int, i=int,
                   quiets=int, lmp=int, prune=bint, pv_node=bint, floor=long, futile=bint, lazy=bint,
                   quiet=bint, same=bint, q=int, mover=int, opp=int, m=tuple, royal=list, teams=list, gd=GameData,
                   to=int, kto0=int, kto1=int, frm=int, checks=bytes, aligned=bytes, escapes=set, staged=bint,
                   moves=list, n=int, j=int, ep=int, promotion=int, double=int, special=int,
                   rest=list)
    cpdef long _ab(self, Position pos, int depth, long alpha, long beta, int ply, bint null_ok=*) except? -1234567

    cpdef bint _has_pieces(self, Position pos) except -1

    cpdef long _null_search(self, Position pos, int depth, long alpha, long beta, int ply) except? -1234567

    @cython.locals(us=int, best=long, b='int[:]', enemy=list, value=list, margin=long, v=long, a=long, q=int,
                   team=int, test=bint, child_check=bint, s=long, m=tuple, mover=int, royal=list, teams=list,
                   scored=list, moves=list, legal_known=bint, gd=GameData, only=int, reach=bytes, to=int,
                   frm=int, quiet_checks=list, aligned=bytes, ep=int, promotion=int, double=int,
                   special=int, see=long, packed=bint, npicked=int, nsource=int, j=int, orderer=MoveOrder,
                   key=cython.longlong, pk=cython.longlong)
    cpdef long _qs(self, Position pos, long alpha, long beta, int ply, bint check, bint checks=*, int qdepth=*) except? -1234567
