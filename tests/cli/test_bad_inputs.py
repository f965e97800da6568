"""Bad command-line inputs end with one clear line and exit code 2: no traceback, no hang
(issue 38, L7: 15 of 96 bad inputs printed a traceback and 2 hung)."""

from __future__ import annotations

import subprocess
import sys

import pytest


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "boardwright.cli.main", *args],
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    root = tmp_path_factory.mktemp("inputs")
    latin = root / "latin1.json"
    latin.write_bytes(b'{"game": "beowulf", "name": "\xe9"}')
    deep = root / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    return {"latin": str(latin), "deep": str(deep), "missing": str(root / "no" / "x.json")}


CASES = {
    "non-UTF-8 record": ["replay", "{latin}"],
    "deeply nested record": ["replay", "{deep}"],
    "record from /dev/zero": ["replay", "/dev/zero"],
    "non-UTF-8 options file": ["play", "beowulf", "--options", "{latin}"],
    "deeply nested options": ["play", "beowulf", "--options", "{deep}"],
    "content file from /dev/zero": ["play", "feinde", "--seats", "random,random,random",
                                    "--option", "board_file=/dev/zero"],
    "non-UTF-8 content file": ["simulate", "feinde", "--players", "3", "--games", "1",
                               "--option", "components_file={latin}"],
    "--save into a missing folder": ["play", "beowulf", "--seats", "random,random",
                                     "--save", "{missing}"],
    "--think nan": ["play", "beowulf", "--seats", "human,ismcts", "--think", "nan"],
    "--think -1": ["play", "beowulf", "--seats", "human,ismcts", "--think", "-1"],
    "serve --db not a URL": ["serve", "--db", "nonsense"],
    "serve --db in a missing folder": ["serve", "--db", "sqlite:///{missing}"],
    "serve --db unreachable": ["serve", "--db", "postgresql://u:secret@127.0.0.1:1/x"],
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_l7_a_bad_input_prints_one_clear_line(case: str, files: dict[str, str]) -> None:
    result = _run(*(arg.format(**files) for arg in CASES[case]))
    out = result.stdout + result.stderr
    assert result.returncode == 2, out
    assert "Traceback" not in out and "secret" not in out, out
    # one message (wrapped to the terminal, or in typer's usage-error box), not 38-118 lines
    assert len(out.strip().splitlines()) <= 8, out
    assert "error" in out.lower() or "invalid value" in out.lower(), out
