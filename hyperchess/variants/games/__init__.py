"""The games: those that need code (a module or folder each, registered by name in ``hyperchess.variants``)
and the data files that ship with hyperchess (``*.toml``, and ``fsf.ini`` for Fairy-Stockfish's built-ins).
A new game is a section in a data file, or a module here when it needs hooks of its own."""
