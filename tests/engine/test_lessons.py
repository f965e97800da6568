"""Guided lessons: every lesson of every game replays through the engine step by step, has the
book's words in each of its game's languages, quotes its rulebook exactly, and reaches the book's
stated outcomes; a lesson's start state must be a position of its game."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from boardwright.cli.main import app
from boardwright.engine import registry
from boardwright.engine.errors import BadRecord
from boardwright.engine.lessons import at_step, lesson, lessons, start, walk

ALL = [(g, one.id) for g in registry.names() for one in lessons(registry.get(g))]


@pytest.mark.parametrize(("game_id", "lesson_id"), ALL)
def test_every_lesson_replays_and_speaks_every_language_of_its_game(
        game_id: str, lesson_id: str) -> None:
    game = registry.get(game_id)
    one = lesson(game, lesson_id)
    steps = [number for number, _state, _events in walk(game, one)]
    assert steps == list(range(len(one.steps) + 1))
    for lang in ("en", "hu"):
        assert lang in one.title
        assert all(step.text.get(lang) for step in one.steps), lang


def test_the_beowulf_lesson_ends_on_the_books_act_one_scores() -> None:
    """R5.2 the Czech example's figures A-G, as RULES.md's worked example prints them."""
    game = registry.get("beowulf")
    one = lesson(game, "act-one-scoring")
    _state, events = at_step(game, one, len(one.steps))
    scored = {e.data["cell"]: e.data["points"] for e in events if e.kind == "figure_scored"}
    assert scored == {"A1": -2, "B1": 11, "A2": 20, "D3": 27, "B4": 8, "C4": -20, "E5": 36}


def test_the_lesson_command_walks_a_lesson_in_the_terminal() -> None:
    runner = CliRunner()
    listed = runner.invoke(app, ["lesson", "beowulf"])
    assert listed.exit_code == 0 and "act-one-scoring" in listed.output
    walked = runner.invoke(app, ["lesson", "beowulf", "act-one-scoring", "--lang", "hu"],
                           input="\n" * 20)
    assert walked.exit_code == 0, walked.output[-2000:]
    assert "A lecke véget ért." in walked.output and "+36" in walked.output
    missing = runner.invoke(app, ["lesson", "beowulf", "nothing"])
    assert missing.exit_code != 0 and "no lesson" in missing.output


# --- the rulebook's words: quoted exactly from the seed, under a heading the seed has ---------

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
QUOTED = [(g, one.id) for g, lid in ALL for one in [lesson(registry.get(g), lid)] if one.seed]


def _plain(text: str) -> str:
    """The seed's text as a reader sees it: the PDF extraction's õ/û stand for ő/ű, a number's
    suffix may be split from it ("12- re"), and line breaks are spaces."""
    for wrong, right in (("õ", "ő"), ("û", "ű"), ("Õ", "Ő"), ("Û", "Ű")):
        text = text.replace(wrong, right)
    text = re.sub(r"(\d)- (\w)", r"\1-\2", text)
    return " ".join(text.split())


def test_every_game_has_a_lesson_from_its_rulebook() -> None:
    """Issue 25: a worked example per game."""
    assert {g for g, _ in ALL} == set(registry.names())
    assert {g for g, _ in QUOTED} >= {"mesopotamia", "runebound", "feinde"}


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seeds live in ../shared beside the checkout")
@pytest.mark.parametrize(("game_id", "lesson_id"), QUOTED)
def test_every_quote_is_the_books_own_words(game_id: str, lesson_id: str) -> None:
    one = lesson(registry.get(game_id), lesson_id)
    assert one.seed
    seed = _plain((SEEDS / one.seed).read_text(encoding="utf-8"))
    quoted = [step.book for step in one.steps if step.book]
    assert len(quoted) == len(one.steps)
    for book in quoted:
        # "…" marks words left out; every piece between is printed as quoted
        for piece in book.hu.split("…"):
            assert _plain(piece) in seed, piece
        for heading in re.split(r" › |; ", re.sub(r" \(.*?\)", "", book.section)):
            assert _plain(heading) in seed, heading
        assert book.translation("hu") is None and book.translation("en") == book.en


# --- the books' outcomes at the marked steps --------------------------------------------------

def test_the_mesopotamia_lesson_is_the_seeds_robbery_example() -> None:
    """R4.6 Péter 2, Anita 4: Anita takes both materials; R4.4 the stone then builds."""
    game = registry.get("mesopotamia")
    one = lesson(game, "robbery")
    pa = "1,-1"

    def loads(state: Any, seat: int) -> dict[str, int]:
        return {k: v for k, v in _meso_members(state, seat, pa).items() if v}

    start, _ = at_step(game, one, 0)
    assert loads(start, 0) == {"empty": 4} and loads(start, 1) == {"wood": 1, "stone": 1}
    robbed, events = at_step(game, one, 2)
    assert [e.data["resource"] for e in events if e.kind == "steal"] == ["stone"]
    assert loads(robbed, 0) == {"empty": 2, "wood*": 1, "stone*": 1}
    assert loads(robbed, 1) == {"empty": 2}
    assert robbed.mp == 2  # robbery costs no movement point
    built, events = at_step(game, one, 3)
    assert [(e.data["mana"], e.data["limit"]) for e in events if e.kind == "ziggurat_built"] \
        == [(1, 4)]
    assert (built.mana[0], built.limit[0], built.mp) == (1, 4, 1)


def test_the_mesopotamia_offering_lesson_pays_its_mana_and_makes_a_priest() -> None:
    """R4.5 the offering taken from under the hut for free, paid for at the ziggurat."""
    game = registry.get("mesopotamia")
    one = lesson(game, "offering")
    start_state, _ = at_step(game, one, 0)
    supply = start_state.mem_supply[0]
    taken, _ = at_step(game, one, 1)
    assert _meso_members(taken, 0, "1,-1")["offering4"] == 1 and taken.mp == 2
    made, events = at_step(game, one, 2)
    assert [(e.data["value"], e.data["count"]) for e in events if e.kind == "offering_made"] \
        == [(4, 1)]
    assert (made.mana[0], made.limit[0]) == (1, 5)  # 5 − 4; the limit stays
    assert made.mem_supply[0] == supply + 1  # the priest leaves the board
    assert sum(_meso_members(made, 0, "0,0").values()) == 0


def _meso_members(state: Any, seat: int, where: str) -> dict[str, int]:
    from boardwright.games.mesopotamia.data import ALL_KINDS, KIND_NAMES
    q, r = (int(x) for x in where.split(","))
    cell = state.cfg.index[(q, r)]
    return {KIND_NAMES[k % 7] + ("*" if k >= 7 else ""): state.mem[seat][cell * ALL_KINDS + k]
            for k in range(ALL_KINDS)}


def test_the_runebound_lesson_is_the_books_sample_adventure() -> None:
    """R7 seed p.9: the Brood of the Blood Mother, with the book's dice."""
    game = registry.get("runebound")
    one = lesson(game, "blood-mother")

    def varikas(step: int) -> tuple[dict[str, Any], Any]:
        state, _ = at_step(game, one, step)
        return state.g["players"][0], state.g["combat"]

    hero, combat = varikas(2)
    assert hero["wounds"] == 0 and hero["items"][0][1] == 1  # the leather took the wound
    hero, combat = varikas(3)
    assert len(hero["items"]) == 1  # the firebomb is gone
    hero, combat = varikas(4)
    assert hero["exh"] == 4 and combat["wounds"] == 1
    hero, combat = varikas(6)
    assert hero["wounds"] == 1 and combat["wounds"] == 1
    hero, combat = varikas(7)
    assert combat["wounds"] == 2
    start, _ = varikas(0)
    hero, combat = varikas(len(one.steps))
    assert combat is None
    assert hero["gold"] == start["gold"] + 3 and hero["counters"][1] == 1
    assert hero["items"][-1][0] >= 1000  # the adventure card kept for healing


def test_the_feinde_lesson_plays_the_three_kinds_of_fight() -> None:
    """R5.4 D = -1 total victory, D > 0 pays D (one chip to storage), R5.8 learning fight,
    R5.9 knowledge m + b (b = 4 for three players)."""
    game = registry.get("feinde")
    one = lesson(game, "three-fights")
    state, _ = at_step(game, one, 0)
    gold_of = state.cfg.tables.gold
    state, events = at_step(game, one, 2)
    assert [e.data["total_victory"] for e in events if e.kind == "killed"] == [True]
    assert (state.knowledge[0], state.chips[0], state.gold[0]) == (5, 6, gold_of[1] + 1)
    state, _ = at_step(game, one, 4)
    assert (state.knowledge[1], state.chips[1], state.gold[1]) == (6, 5, gold_of[2])
    storage = state.storage
    state, events = at_step(game, one, 5)
    assert [e.data["paid"] for e in events if e.kind == "learned"] == [2]
    assert (state.knowledge[2], state.chips[2]) == (4, 4)
    assert state.storage == storage + 1  # of the 2 paid, one to the storage, one to the box
    assert state.token[state.pos[2]] == 4  # the monster stays


# --- a start state must be a position of the game ---------------------------------------------

def _robbery_state() -> dict[str, Any]:
    state = lesson(registry.get("mesopotamia"), "robbery").state
    assert state is not None
    return copy.deepcopy(state)


def _with_state(state: dict[str, Any]) -> tuple[Any, Any]:
    game = registry.get("mesopotamia")
    return game, lesson(game, "robbery").model_copy(update={"state": state})


def test_a_start_state_that_writes_back_differently_is_refused() -> None:
    game, one = _with_state({**_robbery_state(), "unread": 1})
    with pytest.raises(BadRecord, match="round-trip"):
        start(game, one)


def test_a_start_state_with_components_made_up_is_refused() -> None:
    good = _robbery_state()
    good["supply_wood"] += 1
    game, one = _with_state(good)
    with pytest.raises(BadRecord, match="set-up"):
        start(game, one)


def test_a_start_state_for_other_players_or_not_a_state_is_refused() -> None:
    game, one = _with_state(_robbery_state())
    with pytest.raises(BadRecord, match="players"):
        start(game, one.model_copy(update={"players": 3}))
    with pytest.raises(BadRecord):
        start(game, one.model_copy(update={"state": {"format": "nothing"}}))


@pytest.mark.parametrize(("game_id", "lesson_id", "hu_end", "en_end"), [
    ("mesopotamia", "robbery", "mana 1, maximum 4", "mana 1, limit 4"),
    ("mesopotamia", "offering", "maradék mana 1", "mana left 1"),
    ("runebound", "blood-mother", "3 aranyat kap", "gains 3 gold"),
    ("feinde", "three-fights", "+1 tudás", "+1 knowledge"),
])
def test_the_lesson_command_shows_the_books_words_and_its_outcome(
        game_id: str, lesson_id: str, hu_end: str, en_end: str) -> None:
    runner = CliRunner()
    assert lesson_id in runner.invoke(app, ["lesson", game_id]).output
    for lang, end, heading in (("hu", hu_end, "A szabálykönyv"), ("en", en_end, "The rulebook")):
        walked = runner.invoke(app, ["lesson", game_id, lesson_id, "--lang", lang],
                               input="\n" * 20, env={"COLUMNS": "200"})
        assert walked.exit_code == 0, walked.output[-2000:]
        out = walked.output
        assert out.count(heading) == len(lesson(registry.get(game_id), lesson_id).steps)
        assert end in out and out.rstrip().endswith(
            "A lecke véget ért." if lang == "hu" else "End of the lesson.")

