"""Every option of every game has a label and plain help in each of the game's languages.

The lobby shows these to people: the rules-level help (rule numbers, the sources' vocabulary) is
for "About these rules", never the label or the help (`OptionInfo.help` keeps it).
"""

from __future__ import annotations

import re

import pytest

from boardwright.engine import registry
from boardwright.engine.i18n import Catalogue
from boardwright.engine.options import describe_options

RESEARCH_WORDS = re.compile(r"\bR\d+(\.\d+)?\b|\bA\d+\b|CHOICE|PROPOSAL|\bseed\b")
CASES = [(g, lang) for g in registry.games() for lang in g.info.languages]
IDS = [f"{g.info.id}-{lang}" for g, lang in CASES]


def words(game, lang: str) -> Catalogue:
    return Catalogue(type(game).__module__.rpartition(".")[0], lang)


@pytest.mark.parametrize(("game", "lang"), CASES, ids=IDS)
def test_every_option_has_a_label_and_plain_help(game, lang: str) -> None:
    texts = game.option_texts(lang)
    english = game.option_texts("en")
    own_keys = words(game, lang).keys()
    for option in game.info.options:
        own = texts[option.name]
        assert f"option.{option.name}" in own_keys, (option.name, lang)
        assert f"option.{option.name}.help" in own_keys, (option.name, lang)
        assert not RESEARCH_WORDS.search(own["label"] + " " + own["help"]), (option.name, own)
        if lang != "en":  # translated, not the English words again
            assert own["label"] != english[option.name]["label"], (option.name, lang)
        for choice in own["choices"]:
            assert f"option.{option.name}.{choice}" in own_keys, (option.name, choice)


@pytest.mark.parametrize(("game", "lang"), CASES, ids=IDS)
def test_every_game_has_a_rules_summary(game, lang: str) -> None:
    own_keys = words(game, lang).keys()
    assert "rules.summary" in own_keys
    summary = words(game, lang)("rules.summary")
    assert len(summary.splitlines()) >= 4
    assert not RESEARCH_WORDS.search(summary)


def test_choices_and_bounds_come_from_the_options_model() -> None:
    from typing import Literal

    from pydantic import BaseModel, Field

    class Opts(BaseModel):
        mode: Literal["a", "b"] = "a"
        other: str = Field(default="x", pattern="^(x|y|z)$")
        count: int = Field(default=3, ge=0, le=9)
        free: str = ""

    info = {o.name: o for o in describe_options(Opts, dict.fromkeys(Opts.model_fields, "h"),
                                                caps={"count"})}
    assert info["mode"].choices == ("a", "b") and info["other"].choices == ("x", "y", "z")
    assert (info["count"].minimum, info["count"].maximum, info["count"].cap) == (0, 9, True)
    assert info["free"].choices == () and info["free"].minimum is None
