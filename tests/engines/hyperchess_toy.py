#!/usr/bin/env python3
"""``hyperchess xboard --notation native`` that also knows the test-only four-player toy game."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import four_player_toy  # noqa: E402,F401  (registers four-kings-toy)
from hyperchess.cli.xboard import run_xboard  # noqa: E402

run_xboard(notation="native")
