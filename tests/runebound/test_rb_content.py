"""Content packs: provenance on every record, and clear errors for bad packs."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from boardwright.engine.errors import BadConfig
from boardwright.games.runebound.content import BUNDLED, load
from boardwright.games.runebound.game import GAME


def pack(tmp_path: Path) -> Path:
    dest = tmp_path / "pack"
    shutil.copytree(BUNDLED, dest)
    return dest


def edit(folder: Path, name: str, change) -> None:  # type: ignore[no-untyped-def]
    path = folder / name
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


def by_id(records: list, cid: str) -> dict:  # type: ignore[type-arg]
    return next(r for r in records if r["id"] == cid)


def test_every_record_has_provenance() -> None:
    c = load()
    for rec in (*c.heroes, *c.adventures, *c.market, *c.board.cities, c.board, c.dice):
        assert rec.source in ("seed", "public", "original")
        assert rec.confidence
    # real names carry only what the sources give; the rest of the set is ours
    real = {h.name for h in c.heroes if h.source != "original"}
    assert real == {"Varikas the Dead"}
    v = next(h for h in c.heroes if h.id == "varikas")
    assert (v.mind[0], v.body[0], v.spirit[0], v.stamina) == (1, 4, 4, 4)
    assert v.skills.get("swimming", 0) == 0
    b = next(a for a in c.adventures if a.id == "veranya")
    assert (b.mind, b.body[0], b.spirit[0]) == ((15, 0), 11, 14)
    assert b.reward.gold == 3 and b.reward.keep is not None


def test_a_users_pack_loads_through_the_content_option(tmp_path: Path) -> None:
    folder = pack(tmp_path)
    edit(folder, "heroes.json", lambda d: d[1].update(name="My Own Hero"))
    s = GAME.new_initial_state(2, {"content": str(folder), "heroes": ["oswin", "varikas"]})
    assert s.cfg.content.heroes[1].name == "My Own Hero"


@pytest.mark.parametrize(("file", "change", "expect"), [
    ("heroes.json", lambda d: d[3].pop("life"), "heroes.json: record 3 (bram), field life"),
    ("heroes.json", lambda d: d[0].update(source="fanfic"), "field source"),
    ("adventures.json", lambda d: d[0].update(life=0), "a challenge needs life >= 1"),
    ("adventures.json", lambda d: d.append(dict(d[0])), "duplicate id 'veranya'"),
    ("market.json", lambda d: d[0].update(cost="cheap"), "market.json: record 0"
                                                         " (dwarven_firebomb), field cost"),
    ("market.json", lambda d: d[0]["effect"].update(kind="teleport"), "field effect.kind"),
    ("board.json", lambda d: d["hexes"][0].update(city="Atlantis"), "unknown city 'Atlantis'"),
    ("board.json", lambda d: d["hexes"][5].update(terrain="lava"), "field hexes.5.terrain"),
    ("dice.json", lambda d: d.update(faces=[["road"]]), "a die needs at least two faces"),
    ("market.json", lambda d: d[0].update(usage="permanent"),
     "effect 'first_strike' needs usage 'activate' or 'discard'"),
    ("market.json", lambda d: d[1]["effect"].update(amount=0), "needs an amount of at least 1"),
    ("adventures.json", lambda d: by_id(d, "g08")["quest"].update(city="Atlantis"),
     "card 'g08' names unknown city 'Atlantis'"),
    ("adventures.json", lambda d: by_id(d, "g03")["effects"][0].update(cities=[]),
     "'market_discount' needs the cities"),
    ("adventures.json", lambda d: by_id(d, "g10").update(effects=[{"kind": "gold", "amount": 1}]),
     "only events have effects"),
    ("adventures.json", lambda d: by_id(d, "y21")["reward"].update(
        keep={"kind": "heal", "amount": 1, "usage": "discard"}), "as an item or as an ally"),
])
def test_bad_pack_is_rejected_naming_file_record_field(tmp_path: Path, file, change,
                                                       expect) -> None:  # type: ignore[no-untyped-def]
    folder = pack(tmp_path)
    edit(folder, file, change)
    with pytest.raises(BadConfig) as err:
        load(str(folder))
    assert expect in str(err.value)
    assert err.value.params["file"] == file


def test_missing_file_and_bad_json(tmp_path: Path) -> None:
    folder = pack(tmp_path)
    (folder / "dice.json").unlink()
    with pytest.raises(BadConfig, match=r"dice\.json: file missing"):
        load(str(folder))
    (folder / "dice.json").write_text("{oops", encoding="utf-8")
    with pytest.raises(BadConfig, match=r"dice\.json: not valid JSON"):
        load(str(folder))


def test_issue7_new_card_effects_keep_deck_sizes_and_are_labelled() -> None:
    """Event effects, quests and reward allies sit on cards of the bundled pack: the colour
    split and the number of events and encounters per colour are unchanged, and every such card
    says where it comes from (all ORIGINAL but the seed's "Becsületbeli ügy")."""
    from collections import Counter

    from boardwright.games.runebound.content import load

    c = load(None)
    kinds = Counter((a.colour, a.kind) for a in c.adventures)
    assert [kinds[(col, "event")] for col in ("green", "yellow", "blue", "red")] == [5, 4, 2, 1]
    assert [kinds[(col, "encounter")] for col in ("green", "yellow", "blue", "red")] == \
        [4, 3, 2, 1]
    special = [a for a in c.adventures if a.effects or a.quest or a.success.ally or a.reward.ally]
    assert {a.id for a in special} == {"g03", "g04", "y03", "b02", "g08", "g09", "y07", "y06",
                                       "y21"}
    for a in special:
        assert a.note and (a.source == "original" or a.id == "y06")


@pytest.mark.parametrize(("file", "change", "expect"), [
    ("adventures.json", lambda d: d.remove(by_id(d, "g10")),
     "the green adventure deck has 35 cards in the box, 34 in this pack"),
    ("adventures.json", lambda d: by_id(d, "g10").update(colour="red"),
     "the green adventure deck has 35 cards in the box, 34 in this pack"),
    ("market.json", lambda d: d.pop(), "the market deck has"),
    ("heroes.json", lambda d: d.pop(), "the box has 12 heroes, this pack 11"),
    ("counters.json", lambda d: d["counters"].update(red=[6, 4]),
     "the box has 7 red adventure counters, this pack 6"),
])
def test_r1_1_a_pack_with_the_wrong_count_is_refused_naming_deck_and_counts(
        tmp_path: Path, file, change, expect) -> None:  # type: ignore[no-untyped-def]
    folder = pack(tmp_path)
    edit(folder, file, change)
    with pytest.raises(BadConfig) as err:
        load(str(folder))
    assert expect in str(err.value) and err.value.params["file"] == file


# ---------------------------------------------------------------- R5.3d the events' design
EASIER = {"green": "yellow", "yellow": "green", "blue": "yellow", "red": "blue"}


def test_r5_3d_the_designed_events_follow_their_stated_principle() -> None:
    """Every sun refills the event's own colour and the next easier one (green: green and
    yellow); every event whose sun refills green is numbered III, the others I or II."""
    events = [a for a in load().adventures if a.kind == "event"]
    assert len(events) == 12
    for a in events:
        assert set(a.refill) == {a.colour, EASIER[a.colour]}, a.id
        assert (a.event_number == 3) == ("green" in a.refill), a.id


def test_r5_3d_events_generated_gives_back_the_first_random_draw() -> None:
    """`events=generated` lays `events-generated.json` over the events, and nothing else
    changes: every other card, and every event's name and effects, are those of the pack."""
    designed, generated = load(), load(None, "generated")
    variant = json.loads((BUNDLED / "events-generated.json").read_text(encoding="utf-8"))
    assert set(variant["events"]) == {a.id for a in designed.adventures if a.kind == "event"}
    for d, g in zip(designed.adventures, generated.adventures, strict=True):
        if d.kind != "event":
            assert d == g
            continue
        face = variant["events"][d.id]
        assert (g.event_number, list(g.refill)) == (face["event_number"], face["refill"])
        assert (g.name, g.effects, g.colour) == (d.name, d.effects, d.colour)
    # the draw that stalled 4-player games: six IIIs, two of them refilling green
    threes = [a for a in generated.adventures if a.kind == "event" and a.event_number == 3]
    assert len(threes) == 6 and sum("green" in a.refill for a in threes) == 2
    state = GAME.new_initial_state(4, {"events": "generated"})
    assert state.cfg.content.adventures == generated.adventures
    assert GAME.new_initial_state(4).cfg.content.adventures == designed.adventures


def test_r5_3d_the_events_option_is_listed_with_its_choices_in_both_languages() -> None:
    from boardwright.games.runebound.text import catalogue

    info = next(o for o in GAME.info.options if o.name == "events")
    assert info.default == "designed" and info.choices == ("designed", "generated")
    assert "R5.3d" in info.help
    for lang in ("en", "hu"):
        cat = catalogue(lang)
        for key in ("option.events", "option.events.help", "option.events.designed",
                    "option.events.generated"):
            assert cat.get(key), (lang, key)


def test_r5_3d_a_pack_without_the_variant_or_with_a_partial_one_is_refused(
        tmp_path: Path) -> None:
    folder = pack(tmp_path)
    (folder / "events-generated.json").unlink()
    with pytest.raises(BadConfig, match="no events variant 'generated'"):
        load(str(folder), "generated")
    assert load(str(folder)).adventures == load().adventures  # the pack's own events still load
    folder = pack(tmp_path / "partial")
    edit(folder, "events-generated.json", lambda d: d["events"].pop("r01"))
    with pytest.raises(BadConfig, match="every event of the pack and nothing else"):
        load(str(folder), "generated")
