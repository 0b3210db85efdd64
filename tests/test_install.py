"""The installed distribution, as a new user gets it: ``pip install .`` (not editable) into a fresh virtual
environment installs one top-level import name, ``hyperchess``, and PyPI's unrelated ``variants`` package in
the same environment breaks nothing. The commands run from a folder outside the checkout, so the checkout's
own files cannot hide a broken install. The install runs without a working C compiler (``CC=false``), so it
also shows that the optional compiled path (setup.py) falls back to the pure-Python modules. Slow (it
builds and installs); CI runs it once (.ci/run)."""
from __future__ import annotations

import csv
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow


def run(*args: str, cwd: Path, stdin: str | None = None, timeout: float = 600,
        **extra: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "HYPERCHESS_PURE")}
    env.update(extra)
    return subprocess.run(args, cwd=cwd, input=stdin, capture_output=True, text=True, timeout=timeout, env=env)


def top_level_names(venv: Path) -> set[str]:
    """The first path component of every file the distribution's RECORD lists inside site-packages."""
    (dist,) = venv.glob("lib/python*/site-packages/hyperchess-*.dist-info")
    names = set()
    with open(dist / "RECORD", newline="", encoding="utf-8") as fh:
        for row in csv.reader(fh):
            first = Path(row[0]).parts[0]
            if first == ".." or first.endswith(".dist-info") or first == "__pycache__":
                continue                     # the console script (../../bin), the metadata
            names.add(first.removesuffix(".py"))
    return names


@pytest.fixture(scope="module")
def venv(tmp_path_factory) -> Path:
    where = tmp_path_factory.mktemp("install")
    env_dir = where / "venv"
    made = run(sys.executable, "-m", "venv", str(env_dir), cwd=where)
    if made.returncode != 0:                       # Debian without python3-venv (.ci/run falls back the same way)
        pytest.skip(f"no venv module: {made.stderr.strip().splitlines()[-1:]}")
    pip = str(env_dir / "bin" / "pip")
    installed = run(pip, "install", "--quiet", "--disable-pip-version-check", str(ROOT), cwd=where, CC="false")
    assert installed.returncode == 0, installed.stderr[-2000:]
    return env_dir


def test_one_top_level_name_in_record(venv):
    assert top_level_names(venv) == {"hyperchess"}


def test_pypi_variants_beside_it_breaks_nothing(venv, tmp_path):
    added = run(str(venv / "bin" / "pip"), "install", "--quiet", "--disable-pip-version-check", "variants==0.2.0",
                cwd=tmp_path)
    assert added.returncode == 0, added.stderr[-2000:]
    # both packages are there, each under its own name
    both = run(str(venv / "bin" / "python"), "-c", "import variants, hyperchess.variants; print(variants.__file__)",
               cwd=tmp_path)
    assert both.returncode == 0 and "site-packages/variants" in both.stdout, both.stderr
    exe = str(venv / "bin" / "hyperchess")
    listed = run(exe, "variants", cwd=tmp_path)
    assert listed.returncode == 0 and "future-generation" in listed.stdout, listed.stderr
    perft = run(exe, "perft", "normal", "3", cwd=tmp_path)
    assert perft.returncode == 0 and perft.stdout.strip().splitlines()[-1] == "Nodes searched: 8902", perft.stderr
    cecp = run(exe, "xboard", cwd=tmp_path, stdin="xboard\nprotover 2\nnew\nforce\nusermove e2e4\nping 7\nquit\n",
               timeout=60)
    assert cecp.returncode == 0, cecp.stderr
    assert "feature" in cecp.stdout and "done=1" in cecp.stdout and "pong 7" in cecp.stdout
    module = run(str(venv / "bin" / "python"), "-m", "hyperchess", "perft", "capablanca", "2", cwd=tmp_path)
    assert module.stdout.strip().splitlines()[-1] == "Nodes searched: 784", module.stderr


def test_without_a_compiler_the_python_modules_run(venv, tmp_path):
    status = run(str(venv / "bin" / "python"), "-c", "from hyperchess import _compiled; print(_compiled.status())",
                 cwd=tmp_path)
    assert status.returncode == 0, status.stderr
    assert "python (not built)" in status.stdout and "compiled'" not in status.stdout, status.stdout
