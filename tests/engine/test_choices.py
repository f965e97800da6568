"""Every CHOICE in every game's RULES.md is backed: it names an option of that game in backticks
(`name` or `name=value`, listed by `boardwright list --options`), or its rule number is listed in
the game's "Not implemented" section (a reading the engine fixes without an option, with the
reason there).

A CHOICE's text runs from the word to the next CHOICE or the end of its bullet; a rule number is
the one written right after the word ("CHOICE R5.3c") or else the bullet's own ("- **R3.6**").
"not a CHOICE" and the legend's "**CHOICE**" are not choices.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from boardwright.engine import registry

ROOT = Path(__file__).resolve().parents[2]
_RULE = re.compile(r"R\d+(?:\.\d+)*[a-z]?")
_WORD = re.compile(r"\bCHOICES?\b")
_TICKED = re.compile(r"`([a-z_][a-z0-9_]*)(?:=[^`]*)?`")


def _rules_md(game_id: str) -> str:
    return (ROOT / "boardwright" / "games" / game_id / "RULES.md").read_text(encoding="utf-8")


def _blocks(text: str) -> list[str]:
    """The document cut into bullets and paragraphs (a bullet runs on over indented lines)."""
    blocks: list[str] = []
    for line in text.splitlines():
        starts = (not line.strip() or line.lstrip().startswith("- ") or line.startswith("#")
                  or line.startswith("|"))
        if starts or not blocks:
            blocks.append(line)
        else:
            blocks[-1] += "\n" + line
    return blocks


def _sections(text: str) -> tuple[str, str]:
    """The document without its "Not implemented" section, and that section."""
    parts = re.split(r"(?m)^(## .*)$", text)
    body, missing = parts[0], ""
    for heading, content in zip(parts[1::2], parts[2::2], strict=True):
        if "not implemented" in heading.lower():
            missing += content
        else:
            body += heading + content
    return body, missing


def unbacked_choices(game_id: str, text: str | None = None) -> list[str]:
    """The CHOICEs of a game's RULES.md (or of `text`) that name no option of the game and whose
    rule is not listed as not implemented, each as its rule number and first words."""
    options = {o.name for o in registry.get(game_id).info.options}
    body, missing = _sections(_rules_md(game_id) if text is None else text)
    listed = set(_RULE.findall(missing))
    bad: list[str] = []
    for block in _blocks(body):
        own = _RULE.search(block)
        hits = [m for m in _WORD.finditer(block)
                if not block[max(0, m.start() - 6):m.start()].lower().endswith("not a ")
                and block[m.start() - 2:m.start()] != "**"]
        for i, hit in enumerate(hits):
            end = hits[i + 1].start() if i + 1 < len(hits) else len(block)
            span = block[hit.start():end]
            named = _RULE.match(span[hit.end() - hit.start():].lstrip(" (\n"))
            rule = named.group(0) if named else (own.group(0) if own else "?")
            if options & set(_TICKED.findall(span)) or rule in listed:
                continue
            bad.append(f"{rule}: {' '.join(span.split())[:90]}")
    return bad


@pytest.mark.parametrize("game_id", registry.names())
def test_every_choice_names_an_option_or_a_not_implemented_entry(game_id: str) -> None:
    assert unbacked_choices(game_id) == []


def test_the_checker_finds_only_the_unbacked_choices() -> None:
    text = ("## R1 A\n- **R1.1** CHOICE: no option here.\n- **R1.2** CHOICE `first_player=1`.\n"
            "- **R1.3** CHOICE (no option): listed below. Not a CHOICE.\n"
            "- **R1.4** x. CHOICE R1.4a `refill`; CHOICE R1.4b: none.\n"
            "## Not implemented\n- R1.3: one reading only.\n")
    assert [b.split(":")[0] for b in unbacked_choices("beowulf", text)] == ["R1.1", "R1.4b"]
