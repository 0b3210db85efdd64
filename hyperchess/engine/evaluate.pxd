# Cython declarations for evaluate.py (the optional compiled path, docs/performance.md): the same source,
# compiled with these C types when Cython and a C compiler are present at install time.
cimport cython
from hyperchess.variants.board.cellset cimport CellSet
from hyperchess.variants.core.position cimport Position
from hyperchess.variants.core.rule_tables cimport RuleTables


cdef long long NO_VALUE, PAWN_CACHE


cdef class Evaluator:
    cdef public object game, weights
    cdef public int players
    cdef public list team_sign, enemy, walk, zone
    cdef public long long[:] mob_weight, piece_value
    cdef public unsigned char[:] pawn, parity, bound, walked
    cdef public long long[:] acc          # positional's sums per colour (the compiled board pass)
    cdef public int[:] mark, zone_first, zone_cells     # the zone marks (all 0 between calls); zones flat
    cdef public int w_pair, w_castling, w_king_attack, w_king_defence, w_king_shelter
    cdef public bint mobility_on, walk_on, king_on, passed_on, castle_on, structure_on, pair_on, pawns_on
    cdef public list passed_span, passed_bonus, castle_home, castled, start_pieces
    cdef public dict castle_cells
    cdef public unsigned long long[:] pawn_keys         # the pawn cache: key, value and use per slot
    cdef public long long[:] pawn_values, signs
    cdef public unsigned char[:] pawn_used
    cdef public int[:] bound_codes, pairbits
    cdef public bint elimination
    cdef public list pawn_ahead, pawn_support

    @cython.locals(slot=int)
    cdef long long _pawn_value(self, unsigned long long key)

    @cython.locals(players=int, c=int, cell=int, code=int, to=int, q=int, zm=int, ebit=int,
                   cnt=int, att=int, dfn=int, total=long, attackers=cython.longlong,
                   shelter=int, v=long, full=long, kept=int, x=int, k=int, nz=int,
                   b='int[:]', mw='long long[:]', pawn='unsigned char[:]', en=bytes, mark='int[:]', sign='long long[:]',
                   royals=list, value='long long[:]', pair_on=bint, bound='unsigned char[:]', parity='unsigned char[:]',
                   pawns=list, skipped=int, key=cython.ulonglong, cached=cython.longlong, t=RuleTables, n=int,
                   slot=int, ri=int, j=int, acc='long long[:]', pairbits='int[:]', bound_codes='int[:]',
                   first='int[:]', start='int[:]', ray_cells='int[:]', kz0=int, kz1=int,
                   allzones=bint, r=CellSet, zone_first='int[:]', zone_cells='int[:]', nc=int, walk_on=bint,
                   gather=bint, occ=CellSet, ix=int)
    cpdef long positional(self, Position pos, bint king_safety=*) except? -1234567

    @cython.locals(players=int, c=int, e=int, cell=int, code=int, doubled=int, isolated=int, total=long, v=long,
                   sign=list, own=set, theirs=set, ahead=list, support=list, spans=list, bonus=list, span=object)
    cpdef long _pawn_terms(self, int[:] b, list pawns) except? -1234567
