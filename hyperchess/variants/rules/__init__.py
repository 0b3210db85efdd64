"""Rule mechanisms, each switched on by data: a mixin on ``Game`` that a variants file's keys turn on (hands and
drops, gating, walls, blasts, counting, flips, passing, endings, chasing, repetition, first moves, pawn and
piece promotion rules, regions). A new mechanism goes here, and into ``formats.filemechanisms.MECHANISMS``."""
