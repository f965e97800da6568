"""RULES.md cites the seed by the headings the seed really has (R0: sources)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SEED = ROOT.parent / "shared" / "seeds" / "003_6ee0c3e5bd305896.txt"
RULES = ROOT / "boardwright" / "games" / "feinde" / "RULES.md"


@pytest.mark.skipif(not SEED.is_file(), reason="the seed lives in ../shared beside the checkout")
def test_every_seed_section_cited_is_a_heading_of_the_seed() -> None:
    seed = SEED.read_text(encoding="utf-8").lower()
    cited = {part.strip() for ref in re.findall(r"\[seed §([^\]]+)\]", RULES.read_text())
             for part in ref.split(";")[:1]}
    cited.discard("…")
    assert cited
    missing = sorted(h for h in cited if h.lower() not in seed)
    assert not missing, missing
