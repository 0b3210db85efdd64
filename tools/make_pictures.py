"""Regenerate the README's start-position pictures: ``hyperchess show VARIANT --svg docs/pictures/VARIANT.svg``
for every registered game. Run from the checkout: ``python3 tools/make_pictures.py``."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hyperchess.variants import game_names  # noqa: E402


def main() -> int:
    out = ROOT / "docs" / "pictures"
    out.mkdir(parents=True, exist_ok=True)
    for name in game_names():
        target = out / f"{name}.svg"
        subprocess.run([sys.executable, "-m", "hyperchess", "show", name, "--svg", str(target)], cwd=ROOT, check=True)
        print(f"{target.relative_to(ROOT)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
