"""How long the hostile variants files of issue 48 take to be refused (tests/test_variants_file_limits.py
builds them): ``hyperchess check`` and ``hyperchess perft --variants`` as processes, and CECP's
``option VariantPath`` in one running engine (from the option sent to its one-line answer).

    python bench/hostile_variants.py

The reference measured in the same run is ``hyperchess check`` on a valid one-game file (process
start-up included): each refusal is also given as a ratio to it.
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from protocol_support import EngineProcess  # noqa: E402
from test_variants_file_limits import hostile_files, hostile_path, small_game  # noqa: E402

CLI = [sys.executable, "-m", "hyperchess"]


def run(*args: str) -> tuple[float, int, str]:
    t = time.perf_counter()
    done = subprocess.run([*CLI, *args], capture_output=True, text=True, cwd=ROOT)
    return time.perf_counter() - t, done.returncode, (done.stderr or done.stdout).strip()


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        good = Path(folder) / "good.toml"
        good.write_text(small_game("mine"))
        reference, code, _ = run("check", str(good))
        assert code == 0
        print(f"reference: check of a valid one-game file {reference:.2f} s")
        paths = {}
        for i, (name, (text, _)) in enumerate(hostile_files().items()):
            paths[name] = hostile_path(Path(folder), i, name, text)
        eng = EngineProcess()
        eng.handshake()
        print(f"{'file':32} {'check':>14} {'perft':>14} {'VariantPath':>12}  lines")
        for name, path in paths.items():
            t_check, c1, out1 = run("check", str(path))
            t_perft, c2, out2 = run("perft", "--variants", str(path), "normal", "1")
            t = time.perf_counter()
            eng.send(f"option VariantPath={path}")
            answer = eng.expect(r"Error \(bad variants file\).*", 30)[0]
            t_option = time.perf_counter() - t
            lines = len(out1.splitlines()) + len(out2.splitlines()) + len(answer.splitlines())
            print(f"{name:32} {t_check:5.2f} s ({t_check / reference:3.1f}x) {t_perft:5.2f} s ({t_perft / reference:3.1f}x)"
                  f" {t_option:9.2f} s  {lines} (exit {c1}, {c2})")
        eng.close()


if __name__ == "__main__":
    main()
