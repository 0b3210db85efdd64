"""The real XBoard GUI plays hyperchess (issues 3, 4, 5): tools/xboard_match.py runs XBoard under a private Xvfb.

The GUI tests are marked `gui` and `slow` (each game takes up to a few minutes) and are skipped when xboard or Xvfb is
absent (tools/install-gui-deps.sh installs them). The summariser test at the end needs no GUI and runs in CI.
"""
from __future__ import annotations

import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tools" / "xboard_match.py"
PATH = "/usr/games:/usr/local/bin:/usr/bin:/bin"

_spec = importlib.util.spec_from_file_location("xboard_match", SCRIPT)
xboard_match = importlib.util.module_from_spec(_spec)
sys.modules["xboard_match"] = xboard_match  # dataclasses look their module up
_spec.loader.exec_module(xboard_match)

HYPER = "hyperchess xboard"


def _gui_available() -> bool:
    return bool(shutil.which("xboard", path=PATH) and shutil.which("Xvfb", path=PATH))


def _registered(variant: str) -> bool:
    out = subprocess.run([sys.executable, "-m", "cli", "variants"], cwd=ROOT, capture_output=True, text=True).stdout
    return any(line.split()[:1] == [variant] for line in out.splitlines())


def run_match(tmp_path: Path, variant: str, fcp: str, scp: str, legality: str) -> tuple[str, Path]:
    """Play one game through the harness; returns its summary line and the output directory."""
    if not _gui_available():
        pytest.skip("xboard/Xvfb not installed (tools/install-gui-deps.sh)")
    if "hyperchess" in (fcp + scp) and not shutil.which("hyperchess"):
        pytest.skip("hyperchess is not installed on PATH")
    if variant not in ("normal", "capablanca", "cylinder") and not _registered(variant):
        pytest.skip(f"{variant} is not registered yet")
    proc = subprocess.run([sys.executable, str(SCRIPT), "--variant", variant, "--fcp", fcp, "--scp", scp,
                           "--legality", legality, "--tc", "1", "--mps", "40", "--timeout", "480",
                           "--out-dir", str(tmp_path)], capture_output=True, text=True, timeout=600)
    summary = proc.stdout.strip().splitlines()[0] if proc.stdout.strip() else proc.stderr
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert summary.endswith("-> OK")
    return summary, tmp_path


def check_outputs(out: Path, variant: str, summary: str) -> None:
    shot = out / f"{variant}.png"
    assert shot.exists() and shot.stat().st_size > 5000  # a drawn board, not an empty window
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    games = xboard_match.parse_pgn((out / f"{variant}.pgn").read_text())
    assert len(games) == 1
    game = games[0]
    assert game.result in ("1-0", "0-1", "1/2-1/2")
    # XBoard writes no Variant tag for normal chess; engine-defined games are saved as their parent ("fairy").
    if variant == "normal":
        assert game.tags.get("Variant", "normal") == "normal"
    elif variant in ("capablanca", "cylinder"):
        assert game.tags.get("Variant") == variant
    else:
        assert "Variant" in game.tags
    assert len(game.moves) > 0
    assert f"variant={variant}" in summary and "illegal=no" in summary and "forfeit=no" in summary


CASES = [
    ("normal", "fairymax", "fairymax", "on"),
    ("capablanca", "fairymax", "fairymax", "on"),
    ("cylinder", "fairymax", "fairymax", "off"),  # see the cylinder note below
    ("normal", HYPER, "fairymax", "on"),
    ("capablanca", HYPER, "fairymax", "on"),
    # XBoard 4.9.1 forfeits a pawn capture across the a/h seam when legality testing is on, though Fairy-Max
    # and hyperchess both play it (seen: "Forfeit due to invalid move: h7a6"); docs/gui.md.
    ("cylinder", HYPER, "fairymax", "off"),
    ("millennium", HYPER, HYPER, "off"),
    pytest.param("third-millennium", HYPER, HYPER, "off", marks=pytest.mark.xfail(
        strict=False, reason="XBoard reads the knight split g1f13n as a move with promotion and empties g1, so a "
                             "later move from g1 is forfeited as invalid (docs/gui.md)")),
]


@pytest.mark.gui
@pytest.mark.slow
@pytest.mark.parametrize("variant,fcp,scp,legality", CASES,
                         ids=["normal-fmax-fmax", "capablanca-fmax-fmax", "cylinder-fmax-fmax", "normal-hyper-fmax",
                              "capablanca-hyper-fmax", "cylinder-hyper-fmax-legality-off",
                              "millennium-hyper-hyper", "third-millennium-hyper-hyper"])
def test_xboard_plays_a_game(tmp_path, variant, fcp, scp, legality):
    summary, out = run_match(tmp_path, variant, fcp, scp, legality)
    check_outputs(out, variant, summary)


SAMPLE_PGN = """[Event "Computer Chess Game"]
[White "hyperchess 0.1"]
[Black "Fairy-Max 5.0b"]
[Result "0-1"]
[Variant "capablanca"]

1. e4 {+0.10/3 0.5} e5 {-0.05/5} 2. Qh5 (2. Nf3 Nc6) Nc6 $1 3. Bc4 Nf6
4. Qxf7# {White mates} 1-0

[Event "Computer Chess Game"]
[Result "0-1"]
[Variant "capablanca"]

1. e4 e5 2. Ke2 {-1.00/2}
{False win claim} 0-1
"""

SAMPLE_LOG = """123 >first : new
124 >first : variant capablanca
130 <first : 3 20 5 400 e2e4 e7e5 illegal move in a comment of thinking output must not count
131 <first : # debug: Illegal move would be fine here
140 <second: move e7e5
141 <first : Illegal move: a7a5
GameEnds(28, False win claim: "1-0 {White mates}", 4)
GameEnds(29, xboard exit, 2)
"""


def test_summariser_reads_pgn_and_log():
    games = xboard_match.parse_pgn(SAMPLE_PGN)
    assert [g.result for g in games] == ["1-0", "0-1"]
    assert games[0].moves == ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]  # variation and NAG dropped
    assert games[0].termination == "White mates"
    assert games[1].termination == "False win claim"
    hits = xboard_match.scan_log(SAMPLE_LOG)
    assert [re.sub(r"^\d+\s+", "", h) for h in hits["illegal"]] == ["<first : Illegal move: a7a5"]
    assert len(hits["false_claim"]) == 1 and not hits["time_forfeit"]
    s = xboard_match.summarize(SAMPLE_PGN, SAMPLE_LOG, "capablanca", 2)
    assert not s.ok and s.completed == 2
    assert "plies=7,3" in s.line() and "illegal=yes" in s.line() and "false_claim=yes" in s.line()
    clean = xboard_match.summarize(SAMPLE_PGN.split("\n\n[Event")[0], "GameEnds(27, White mates, 4)\n",
                                   "capablanca", 1)
    assert clean.ok, clean.line()
    assert xboard_match.summarize("", "", "normal", 1).ok is False  # no game at all is a failure
