"""The files a game can be read from: hyperchess's TOML variants files, Fairy-Stockfish's ``variants.ini``
(its model of a game and its reader), Betza in both dialects, the bounds a file may not pass, and text files
from outside read one way. A new file format goes here."""
