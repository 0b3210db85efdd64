# Cython declarations for gamedata.py (the optional compiled path, docs/performance.md): the search reads
# these attributes at every node, so they are C fields of the compiled class.


cdef class GameData:
    cdef public object game, evaluator, _edge
    cdef public list value, aligned, aligned_flags, royal, reach, reach_flags, teams, team_sign, enemy, enemies
    cdef public list owner, material
    cdef public int seat
    cdef public bint single_royal, has_game_over, quiet_endings, has_filter, has_evaluate, captures_only, multi_move
    cdef public int turn_bonus
    cdef public int players
    cdef public long fifty_plies
