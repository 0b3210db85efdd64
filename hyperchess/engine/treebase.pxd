# Cython declarations for treebase.py (the optional compiled path, docs/performance.md): the same source,
# compiled with these C types when Cython and a C compiler are present at install time.
cimport cython
from hyperchess.variants.board.cellset cimport CellSet
from hyperchess.variants.core.position cimport Position
from hyperchess.variants.core.attacks cimport block_cells
from hyperchess.engine.gamedata cimport GameData
from hyperchess.engine.ordering cimport MoveOrder
from hyperchess.engine.evaluate cimport Evaluator
from hyperchess.engine.hashtables cimport TransTable, EvalCache


# the module's constants compared with on every node, as C integers (search.pxd says why)
cdef long POLL_NODES, TEMPO, LAZY_MARGIN, INF, MATE_BOUND
cdef int DOUBLE, PROMOTION


cpdef long score_to_tt(long s, int ply)
cpdef long score_from_tt(long s, int ply)


cdef class TreeBase:
    cdef public long nodes
    cdef public object mop, stop_event, team
    cdef public TransTable tt
    cdef public EvalCache eval_cache
    cdef public long long[:] history     # by piece code * history_size + destination
    cdef public int history_size
    cdef public list killers
    cdef public bint king_safety
    cdef public GameData gd
    cdef public MoveOrder orderer
    cdef public double deadline, node_limit, next_check
    cdef public object mop_of
    cdef public dict mop_memo
    cdef public int mop_strong
    cdef public bint mop_kings_only

    cpdef _poll(self)

    @cython.locals(r0=CellSet, r1=CellSet, k0=cython.longlong, k1=cython.longlong, c=cython.longlong, key=cython.longlong,
                   memo=dict, got=object)
    cpdef long _endgame_bonus(self, Position pos, object mop) except? -1234567

    @cython.locals(gd=GameData, sign=long, v=long, extra=cython.longlong, ev=Evaluator, cache=EvalCache, i=cython.longlong,
                   lazy=long, mop=object, bonus=long, team=object)
    cpdef long _eval(self, Position pos, long alpha=*, long beta=*) except? -1234567

    cpdef long _ended(self, Position pos, object outcome, int ply) except? -1234567

    @cython.locals(killers=list)
    cpdef list _order(self, Position pos, list moves, object tt_move, int ply, list rest=*)

    @cython.locals(reach=list, m=tuple, r=bytes, to=int, frm=int)
    cpdef bint _in_check(self, Position pos, int k) except -1

    cpdef _store(self, unsigned long long key, int depth, int flag, long score, object move, int ply)
