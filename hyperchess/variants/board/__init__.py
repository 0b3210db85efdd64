"""The board: cells and their names, pieces and their moves as atoms, piece codes and move flags, and the move
and attack tables a game's pieces compile to (with their disk cache). Nothing here knows a position."""
