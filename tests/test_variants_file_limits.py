"""Hostile variants files (issue 48; the INI ones issue 71): each is refused with one line and exit status 2 by
`hyperchess check`, `hyperchess perft --variants`, and CECP's and UCI's VariantPath (the engine answers one line
and plays on). The files are built here, in tmp_path; bench/hostile_variants.py times the same files."""
from __future__ import annotations

import sys

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from hyperchess.cli import main
from hyperchess.variants import check_variants
from hyperchess.variants.formats.filelimits import MAX_EXTENDS, MAX_NESTING, MAX_SECTIONS
from hyperchess.variants.formats.variantsfile import VariantsFileError, read_ini_variants, read_variants

sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
from protocol_support import EngineProcess  # noqa: E402

KINGS = '[{name}.pieces]\nK = {{ betza = "K", royal = true }}\n'


def small_game(name: str, start: str = "k7/8/8/8/8/8/8/K7 w - - 0 1", pieces: str = "") -> str:
    return f'[{name}]\nstart = "{start}"\n' + KINGS.format(name=name) + pieces


def hostile_files() -> dict[str, tuple[str, str]]:
    """name -> (file text, or "" for the huge file, a word the one-line refusal holds). A name starting with
    "INI:" is Fairy-Stockfish's format (``hostile_path``)."""
    chain = "".join(f'[g{i}]\nextends = "g{i + 1}"\n' for i in range(2000)) + small_game("g2000")
    queens = "\n".join(f'{c} = {{ betza = "Q" }}' for c in "ABCDEFGHIJ")
    return {
        "extends chain 2,000 deep": (chain, "2001 games, more than 64"),
        "50,000 nested [": ("[g]\nx = " + "[" * 50_000 + "]" * 50_000 + "\n", "nested more than"),
        "30,000 nested { (unclosed)": ("[g]\nx = " + "{ a = " * 30_000 + "\n", "nested more than"),    # 180 KB: under the size bound
        "a game named like a built-in": (small_game("normal"), "built-in game has this name"),
        "a 50 MB file": ("", "larger than"),
        "no black king": (small_game("g", "8/8/8/8/8/8/8/K7 w - - 0 1"), "and black with 0"),
        "eight kings": (small_game("g", "kkkkkkkk/8/8/8/8/8/8/K7 w - - 0 1"), "and black with 8"),
        "piece keys N and n": (small_game("g", pieces='N = { betza = "N" }\nn = { betza = "N" }\n'), "one piece"),
        "a hole off the board": ('[g]\nholes = [[100, 100]]\nstart = "k7/8/8/8/8/8/8/K7 w - - 0 1"\n'
                                 + KINGS.format(name="g"), "off the 8x8x1 board"),
        "a 100 KB Betza string": (small_game("g", pieces=f'N = {{ betza = "{"N" * 100_000}" }}\n'),
                                  "more than 100"),
        "2,000 valid games": ("".join(small_game(f"g{i}") for i in range(2000)), "more than 64"),   # under 256 KiB
        "ten queens on 26x64": ('[g]\nfiles = 26\nranks = 64\nstart = "k25/' + "26/" * 62 + 'K25 w - - 0 1"\n'
                                + KINGS.format(name="g") + queens + "\n", "cell-steps"),
        # issue 71: 9-14 s each (8 s before UCI's readyok), all sections built or noted, then accepted
        "INI: 1,000 sections [sN:chess]": ("".join(f"[s{i}:chess]\n" for i in range(1000)),
                                           f"1000 sections, more than {MAX_SECTIONS} in one file"),
        "INI: 999 sections [sN:sN-1]": ("[s0:chess]\n" + "".join(f"[s{i}:s{i - 1}]\n" for i in range(1, 999)),
                                        f"999 sections, more than {MAX_SECTIONS} in one file"),
        "INI: 40 sections [sN:sN-1]": ("[s0:chess]\n" + "".join(f"[s{i}:s{i - 1}]\n" for i in range(1, 40)),
                                       f"[s{MAX_EXTENDS}]: inherits through a chain of more than {MAX_EXTENDS} sections"),
    }


def hostile_path(folder, i: int, name: str, text: str):
    """Where the hostile file ``name`` is written: hostile{i}.toml, or .ini; "" writes a sparse 50 MB file."""
    path = folder / f"hostile{i}.{'ini' if name.startswith('INI:') else 'toml'}"
    if text:
        path.write_text(text)
    else:
        with open(path, "wb") as fh:
            fh.truncate(50 << 20)                       # sparse: nothing is written
    return path


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    out = {}
    for i, (name, (text, word)) in enumerate(hostile_files().items()):
        out[name] = (hostile_path(folder, i, name, text), word)
    return out


def one_line_refusal(result, word: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("hyperchess: ") and word in lines[0], result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("name", list(hostile_files()))
def test_check_and_perft_refuse_each_hostile_file_in_one_line(files, name):
    path, word = files[name]
    one_line_refusal(CliRunner().invoke(main, ["check", str(path)]), word)
    one_line_refusal(CliRunner().invoke(main, ["perft", "--variants", str(path), "normal", "1"]), word)


def test_variant_path_refuses_each_hostile_file_and_the_engine_plays_on(files):
    eng = EngineProcess()
    try:
        eng.handshake()
        for path, _ in files.values():
            eng.send(f"option VariantPath={path}")
        answers = eng.sync()
        assert len(answers) == len(files), answers
        for answer, (_, word) in zip(answers, files.values()):
            assert answer.startswith("Error (bad variants file): ") and word in answer, answer
        eng.send("variant normal", "new", "force", "usermove e2e4", "go")
        assert eng.expect(r"move \S+", 30)[0].startswith("move ")
    finally:
        assert eng.close() == 0
    uci = EngineProcess([sys.executable, "-m", "hyperchess", "uci"])
    try:
        uci.send("uci")
        uci.expect("uciok", 10)
        for path, _ in files.values():
            uci.send(f"setoption name VariantPath value {path}")
        uci.send("isready")
        answers = uci.expect("readyok", 60)[1]
        assert [a for a in answers if a.startswith("info string")] == answers and len(answers) == len(files)
        for answer, (_, word) in zip(answers, files.values()):
            assert word in answer, answer
        uci.send("position startpos moves e2e4", "go depth 2")
        assert uci.expect(r"bestmove .*", 30)[0].startswith("bestmove ")
    finally:
        uci.close()


def test_bounds_that_a_real_file_stays_within():
    # a chain of MAX_EXTENDS games and brackets inside strings and comments are fine
    chain = "".join(f'[g{i}]\nextends = "g{i + 1}"\n' for i in range(MAX_EXTENDS - 1)) + small_game(f"g{MAX_EXTENDS - 1}")
    assert len(read_variants(chain)) == MAX_EXTENDS
    longer = '[g]\nextends = "g0"\n' + chain
    with pytest.raises(VariantsFileError, match=f"chain of more than {MAX_EXTENDS} games"):
        read_variants(longer)
    quoted = small_game("q").replace("[q]\n", '[q]\ntitle = "' + "[" * 100 + '"\ndescription = """{{{\n[[["""\n'
                                                   "# [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n")
    assert [s.name for s in read_variants(quoted)] == ["q"]
    assert [s.name for s in check_variants(small_game("mine"), "mine.toml")] == ["mine"]
    many_moves = small_game("m", pieces="N = { moves = [" + ", ".join(["{ leap = [[1, 2]] }"] * 65) + "] }\n")
    with pytest.raises(VariantsFileError, match=r"\[m\].pieces.N.moves: 65 moves, more than 64"):
        read_variants(many_moves)
    many_vectors = small_game("v", pieces="N = { leap = [" + ", ".join(["[1, 2]"] * 65) + "] }\n")
    with pytest.raises(VariantsFileError, match="65 vectors, more than 64"):
        read_variants(many_vectors)


def test_bounds_that_a_real_ini_file_stays_within():
    """Issue 71: a Fairy-Stockfish file has at most MAX_SECTIONS sections (its own variants.ini has 143) and a
    section starts from a chain of at most MAX_EXTENDS sections of the file, as a TOML game's ``extends``."""
    chain = "[s0:chess]\n" + "".join(f"[s{i}:s{i - 1}]\nnMoveRule = {i % 2 * 50}\n" for i in range(1, MAX_EXTENDS))
    specs, notes = read_ini_variants(chain, "chain.ini")
    assert [s.name for s in specs] == [f"s{i}" for i in range(MAX_EXTENDS)] and notes == []
    assert [s.table["fifty_plies"] for s in specs[:4]] == [100, 100, 0, 100]
    with pytest.raises(VariantsFileError, match=rf"chain.ini: \[s{MAX_EXTENDS}\]: inherits through a chain of more "
                                                rf"than {MAX_EXTENDS} sections"):
        read_ini_variants(chain + f"[s{MAX_EXTENDS}:s{MAX_EXTENDS - 1}]\n", "chain.ini")
    # a built-in parent (chess) starts no chain, and neither does a section of the same name as an earlier one
    unplayable = "".join(f"[s{i}]\n" for i in range(MAX_SECTIONS))       # each a note: it has no pieces
    specs, notes = read_ini_variants(unplayable, "many.ini")
    assert specs == [] and len(notes) == MAX_SECTIONS
    with pytest.raises(VariantsFileError, match=f"many.ini: {MAX_SECTIONS + 1} sections, more than {MAX_SECTIONS}"):
        read_ini_variants(unplayable + "[last]\n", "many.ini")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["[", "{ k = "]), min_size=1, max_size=3 * MAX_NESTING))
def test_deep_nesting_is_refused_in_one_line_never_a_recursion_error(openers):
    value = "".join(openers) + "1" + "".join("]" if o == "[" else " }" for o in reversed(openers))
    text = small_game("g").replace('[g]\n', f'[g]\nx = {value}\n')
    with pytest.raises(VariantsFileError) as caught:
        read_variants(text)
    message = str(caught.value)
    assert "\n" not in message
    if len(openers) > MAX_NESTING:
        assert f"nested more than {MAX_NESTING} deep" in message
    else:
        assert "[g].x: unknown key" in message          # read as TOML, then refused for the key
