"""The core of every game: ``Game`` (the rules as data and hooks), ``Position`` (the state, making and taking
back moves), the move generator and attack tests, position strings and SAN, perft, and what a game declares
about how it is shown. A rule mechanism or a game builds on these; nothing here names either."""
