"""``python -m hyperchess``: the same as the ``hyperchess`` command."""
from hyperchess.cli import main

main()
