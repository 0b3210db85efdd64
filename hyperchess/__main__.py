"""``python -m hyperchess`` and the ``hyperchess`` command (``run``)."""
from hyperchess import _ctrl_c

_ctrl_c.install()       # first of all, before this module's own imports: the window for a lost Ctrl-C is this line

import sys  # noqa: E402


def run():
    """The command line (its exit status, or None). A Ctrl-C from here until the command runs ends it with one
    line (``_ctrl_c``): set up before the command line's modules are imported."""
    _ctrl_c.install()
    from hyperchess.cli import main
    return main()


if __name__ == "__main__":
    sys.exit(run())
