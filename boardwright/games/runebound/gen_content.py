# ruff: noqa: E501  (a one-off data generator: long literal lines read better whole)
"""Generate the bundled ORIGINAL content set (run once: `python -m boardwright.games.runebound.gen_content`).

The real Runebound 2nd-edition cards, heroes and map are not public (see RULES.md, "Content").
This script writes our own original set that matches every published number: deck sizes and
colour split (35/25/16/8), market split (29 allies / 55 items), 48 counters (20/12/9/7), a map of
182 playable hexes with the forum's terrain counts and 18/10/7/5 gem hexes, and a movement die
with the published per-terrain odds. Real facts (Varikas, the Véranya challenge, High Lord
Margath) are written with `source: seed`/`public`; everything invented is `source: original`.
The output is deterministic (a fixed seed), so the files never drift.
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

OUT = Path(__file__).with_name("content")
DIRS = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
TERRAIN_COUNTS = {"forest": 40, "plains": 36, "swamp": 4, "river": 30, "hills": 32, "road": 15,
                  "mountain": 17}
S3 = "public:ffg-forum-archive topic 193914 (terrain counts, die odds)"


def board() -> dict[str, Any]:
    rng = random.Random(2005)
    cells = [(q, r) for q in range(-9, 10) for r in range(-9, 10) if abs(q + r) <= 9]

    def dist(c: tuple[int, int]) -> int:
        return (abs(c[0]) + abs(c[1]) + abs(c[0] + c[1])) // 2

    cells.sort(key=lambda c: (dist(c), math.atan2(c[1] + c[0] / 2, c[0] * 0.866)))
    cells = cells[:182]
    city_names = ["Tamalir", "Vynelvale", "Frostgate", "Dawnsmoor", "Forge", "Örvénypart",
                  "Szürkeföveny", "Riverwatch"]
    city_cells = [(0, 0), (5, -2), (-2, -4), (-5, 3), (3, 3), (-4, -1), (2, -6), (-1, 6)]
    terrains: list[str] = []
    for t, n in TERRAIN_COUNTS.items():
        terrains += [t] * n
    rng.shuffle(terrains)
    hexes = []
    others = [c for c in cells if c not in city_cells]
    assert len(others) == 174
    far = sorted(others, key=lambda c: (dist(c), c))
    gem_pool = [c for c in far if dist(c) >= 2]
    rng.shuffle(gem_pool)
    gem_pool = gem_pool[:40]
    gem_pool.sort(key=lambda c: (dist(c), c))
    gems = {}
    for i, c in enumerate(gem_pool):  # nearer hexes get the easier colours
        gems[c] = "green" if i < 18 else "yellow" if i < 28 else "blue" if i < 35 else "red"
    ti = iter(terrains)
    for c in cells:
        rec: dict[str, Any] = {"q": c[0], "r": c[1]}
        if c in city_cells:
            rec["terrain"] = "city"
            rec["city"] = city_names[city_cells.index(c)]
        else:
            rec["terrain"] = next(ti)
        if c in gems:
            rec["gem"] = gems[c]
        hexes.append(rec)
    cities = []
    for i, name in enumerate(city_names):
        cities.append({
            "name": name,
            "source": "seed" if name in ("Tamalir", "Vynelvale", "Frostgate", "Dawnsmoor",
                                         "Örvénypart", "Szürkeföveny") else "public",
            "confidence": "confirmed" if i < 5 else "inferred",
        })
    # doom/market column order from the seed: Vynelvölgy first, Örvénypart, Hajnalláp, ...,
    # Fagykapu last; the other places are ours.
    column = ["Vynelvale", "Örvénypart", "Dawnsmoor", "Forge", "Szürkeföveny", "Riverwatch",
              "Tamalir", "Frostgate"]
    return {"source": "original", "confidence": "original",
            "note": "Hex positions are ours; terrain counts (" + S3 + "), 8 cities with Tamalir"
                    " in the centre (seed), 18/10/7/5 gem hexes (public:S5, inferred).",
            "hexes": hexes, "cities": cities, "market_column": column}


def dice() -> dict[str, Any]:
    faces = [["road", "plains"], ["road", "plains", "hills"], ["road", "river"],
             ["road", "forest"], ["plains", "hills", "mountain"], ["swamp", "river"]]
    return {"source": "original", "confidence": "inferred",
            "note": "Faces are ours; per-terrain odds match " + S3 + " (river 2/6 assumed).",
            "faces": faces, "count": 5}


def heroes() -> list[dict[str, Any]]:
    out = [{
        "id": "varikas", "name": "Varikas the Dead", "life": 10, "stamina": 4,
        "mind": [1, 1], "body": [4, 2], "spirit": [4, 1], "skills": {},
        "ability": {"kind": "first_strike", "mode": "magic", "exhaustion": 1, "repeatable": True},
        "source": "seed", "confidence": "partial",
        "note": "Mind 1, Body 4, Spirit 4, stamina 4, the exhaustion-for-magic first strike and"
                " no swimming are from the seed's example; life and damages are ours.",
    }]
    rng = random.Random(12)
    names = ["Oswin Greycloak", "Tarra of the Reeds", "Bram Ironhand", "Ysolde the Quiet",
             "Kell Ashwalker", "Mirela Sunspear", "Dagur Stonebrow", "Fen the Wanderer",
             "Ilka Thornveil", "Rudo the Bold", "Sable Nightjar"]
    skills = ["swimming", "diplomacy", "climbing", "stealth", "lore", "survival"]
    abilities = [
        {"kind": "first_strike", "mode": "ranged", "exhaustion": 1, "repeatable": False},
        {"kind": "first_strike", "mode": "melee", "exhaustion": 1, "repeatable": False},
        {"kind": "roll_bonus", "mode": "melee", "amount": 1},
        {"kind": "roll_bonus", "mode": "ranged", "amount": 1},
        {"kind": "roll_bonus", "mode": "magic", "amount": 1},
        {"kind": "first_strike", "mode": "magic", "exhaustion": 2, "repeatable": False},
    ]
    for i, name in enumerate(names):
        stats = [rng.randint(1, 5) for _ in range(3)]
        out.append({
            "id": name.split()[0].lower(), "name": name, "life": rng.randint(8, 11),
            "stamina": rng.randint(3, 6), "mind": [stats[0], rng.randint(1, 2)],
            "body": [stats[1], rng.randint(1, 3)], "spirit": [stats[2], rng.randint(1, 2)],
            "skills": {rng.choice(skills): 2},
            "ability": abilities[i % len(abilities)],
            "source": "original", "confidence": "original",
        })
    return out


COLOURS = {"green": 35, "yellow": 25, "blue": 16, "red": 8}
BAND = {"green": (7, 11, 3, 1), "yellow": (11, 15, 4, 2), "blue": (14, 18, 6, 3),
        "red": (17, 21, 9, 4)}


def adventures() -> list[dict[str, Any]]:
    rng = random.Random(84)
    out: list[dict[str, Any]] = []
    veranya = {
        "id": "veranya", "colour": "yellow", "kind": "challenge", "name": "Brood of the Blood Mother",
        "name_hu": "A Véranya ivadékai",
        "mind": [15, 0], "body": [11, 1], "spirit": [14, 2], "life": 4,
        "before_combat": [{"kind": "skill_test", "attr": "body", "skill": "swimming",
                           "target": 14, "fail_wounds": 1}],
        "reward": {"gold": 3, "keep": {"kind": "heal", "amount": 2, "usage": "discard"}},
        "source": "seed", "confidence": "partial",
        "note": "Targets 15/11/14, ranged 0, melee 1, the swimming-14 first strike and 3 gold +"
                " keep-for-healing are the seed's; magic damage 2 and life 4 inferred; heal 2 ours.",
    }
    margath = {
        "id": "margath", "colour": "red", "kind": "challenge", "name": "High Lord Margath",
        "mind": [22, 4], "body": [22, 5], "spirit": [22, 4], "life": 14, "before_combat": [],
        "reward": {"gold": 0, "win": True}, "source": "public", "confidence": "partial",
        "note": "Name and 'defeat him to win' are public (rulebook p.1); his stats are ours.",
    }
    out += [veranya, margath]
    words = {"green": ["Goblin", "Wolf", "Bandit", "Bog", "Rat", "Thief", "Kobold"],
             "yellow": ["Troll", "Wight", "Harpy", "Ogre", "Ghoul"],
             "blue": ["Wyvern", "Lich", "Giant", "Basilisk"],
             "red": ["Drake", "Dragon"]}
    tails = ["Pack", "Raiders", "Lurker", "Band", "Hunter", "Nest", "Shade", "Warden"]
    for colour, total in COLOURS.items():
        have = sum(1 for c in out if c["colour"] == colour)
        n_events = {"green": 5, "yellow": 4, "blue": 2, "red": 1}[colour]
        n_enc = {"green": 4, "yellow": 3, "blue": 2, "red": 1}[colour]
        n_runes = 3 if colour == "red" else 0
        lo, hi, life, dmg = BAND[colour]
        k = 0
        while have < total:
            k += 1
            cid = f"{colour[0]}{k:02d}"
            if n_events:
                n_events -= 1
                suns = sorted(rng.sample(["green", "yellow", "blue", "red"], rng.randint(1, 2)),
                              key=list(COLOURS).index)
                out.append({"id": cid, "colour": colour, "kind": "event",
                            "name": f"Omen of the {rng.choice(['Storm', 'Moon', 'Crows', 'Ash', 'Tide'])}",
                            "event_number": rng.randint(1, 3), "refill": suns,
                            "source": "original", "confidence": "original"})
            elif n_enc:
                n_enc -= 1
                attr = rng.choice(["mind", "body", "spirit"])
                skill = {"mind": "lore", "body": "climbing", "spirit": "diplomacy"}[attr]
                out.append({"id": cid, "colour": colour, "kind": "encounter",
                            "name": "Crossroads Stranger",
                            "test": {"attr": attr, "skill": skill, "target": rng.randint(lo + 2, hi + 2)},
                            "success": {"gold": dmg + rng.randint(1, 3)},
                            "fail_wounds": dmg, "source": "original", "confidence": "original"})
            else:
                rune = n_runes > 0
                n_runes -= 1
                stats = [[rng.randint(lo, hi), rng.randint(0, dmg + 1)] for _ in range(3)]
                for s in stats:
                    s[1] = max(s[1], 0)
                stats[rng.randrange(3)][1] = max(1, stats[0][1])
                before: list[dict[str, Any]] = []
                if rng.random() < 0.25:
                    before.append({"kind": "strike", "mode": rng.choice(["ranged", "melee", "magic"]),
                                   "wounds": 1})
                name = "Dragon Rune Keeper" if rune else \
                    f"{rng.choice(words[colour])} {rng.choice(tails)}"
                rec = {"id": cid, "colour": colour, "kind": "challenge", "name": name,
                       "mind": stats[0], "body": stats[1], "spirit": stats[2],
                       "life": life + rng.randint(-1, 1), "before_combat": before,
                       "reward": {"gold": dmg + rng.randint(0, 3)},
                       "source": "original", "confidence": "original"}
                if rune:
                    rec["reward"] = {"gold": 2, "dragon_rune": True}
                out.append(rec)
            have += 1
    _extra_effects(out)
    return out


#: ORIGINAL event effects, reward allies and quests laid over cards generated above (by id, so
#: the random stream and every other card stay as they were; deck sizes and colours unchanged).
EXTRAS: dict[str, dict[str, Any]] = {
    "g03": {"name": "Market Festival", "effects": [
        {"kind": "market_discount", "amount": 2, "cities": ["Tamalir", "Vynelvale", "Frostgate"]}],
        "note": "Original. The public note of a green event giving cheap goods in Tamalir,"
                " Vynelvale and Frostgate (research S8) inspired it; the discount is ours."},
    "g04": {"name": "Bountiful Harvest", "effects": [{"kind": "gold", "amount": 2}],
            "note": "Original event: every hero gains 2 gold."},
    "y03": {"name": "Healing Rains", "effects": [{"kind": "heal", "amount": 2}],
            "note": "Original event: every hero loses up to 2 wounds."},
    "b02": {"name": "Tax Collectors", "effects": [{"kind": "gold", "amount": -3}],
            "note": "Original event: every hero loses 3 gold (not below 0)."},
    "g08": {"name": "Letter for Frostgate", "quest": {"city": "Frostgate"},
            "note": "Original quest (an encounter spanning turns, seed p.6)."},
    "g09": {"name": "Lost Lamb of Dawnsmoor", "quest": {"city": "Dawnsmoor"},
            "note": "Original quest (an encounter spanning turns, seed p.6)."},
    "y07": {"name": "Escort to Forge", "quest": {"city": "Forge"},
            "note": "Original quest (an encounter spanning turns, seed p.6)."},
    "y06": {"name": "A Matter of Honour", "name_hu": "Becsületbeli ügy",
            "success": {"gold": 0, "ally": {"life": 4, "stamina": 3, "mind": [1, 1],
                                            "body": [3, 2], "spirit": [1, 1]}},
            "source": "seed", "confidence": "partial",
            "note": "Name and 'the hero gains an ally' are the seed's (p.6-7); the test and the"
                    " ally's numbers are ours."},
    "y21": {"name": "Bandit Camp", "reward": {"gold": 1, "ally": {
        "life": 3, "stamina": 2, "mind": [3, 1], "body": [2, 1], "spirit": [0, 0]}},
            "note": "Original challenge whose freed prisoner joins as an ally."},
}


#: R5.3d the DESIGNED events: number and sun colours by card id, laid over the random draw above
#: (kept as the variant `events-generated.json`, option `events=generated`). The principle
#: (RULES.md R5.3d): a sun refills the event's own colour and the next easier one (green events
#: green and yellow), so the decks heroes face most bring the board's commonest counters back;
#: every event whose sun refills green is numbered III, so that once a III is in play (R5.4)
#: such an event can still come into play; the three others (blue and red) are I or II. The
#: event's name and effects (EXTRAS) stay as they were.
EVENTS: dict[str, tuple[int, list[str]]] = {
    "g01": (3, ["green", "yellow"]), "g02": (3, ["green", "yellow"]),
    "g03": (3, ["green", "yellow"]), "g04": (3, ["green", "yellow"]),
    "g05": (3, ["green", "yellow"]),
    "y01": (3, ["green", "yellow"]), "y02": (3, ["green", "yellow"]),
    "y03": (3, ["green", "yellow"]), "y04": (3, ["green", "yellow"]),
    "b01": (1, ["yellow", "blue"]), "b02": (2, ["yellow", "blue"]),
    "r01": (1, ["blue", "red"]),
}


def designed_events(cards: list[dict[str, Any]]) -> dict[str, Any]:
    """Lay EVENTS over the generated events; return the generated ones as an events variant."""
    generated = {c["id"]: {"event_number": c["event_number"], "refill": c["refill"]}
                 for c in cards if c["kind"] == "event"}
    assert set(generated) == set(EVENTS), "every event is designed"
    for c in cards:
        if c["id"] in EVENTS:
            c["event_number"], c["refill"] = EVENTS[c["id"]][0], list(EVENTS[c["id"]][1])
    return {"source": "original", "confidence": "original",
            "note": "The events' numbers and suns as gen_content.py first drew them at random"
                    " (R5.3d, option events=generated).",
            "events": generated}


def _extra_effects(cards: list[dict[str, Any]]) -> None:
    by_id = {c["id"]: c for c in cards}
    for cid, extra in EXTRAS.items():
        card = by_id[cid]
        card.update(extra)


def market() -> list[dict[str, Any]]:
    rng = random.Random(55)
    out: list[dict[str, Any]] = []
    out.append({"id": "dwarven_firebomb", "kind": "item", "name": "Dwarven Firebomb",
                "item_kind": "magic item", "item_type": "bomb", "cost": 2, "usage": "discard",
                "effect": {"kind": "first_strike", "mode": "ranged", "damage": 2},
                "source": "seed", "confidence": "partial",
                "note": "A discard for a before-combat ranged attack (seed); cost and damage ours."})
    out.append({"id": "studded_leather", "kind": "item", "name": "Studded Leather",
                "item_kind": "armour", "item_type": "leather", "cost": 3, "usage": "activate",
                "effect": {"kind": "prevent_wound", "amount": 1},
                "source": "seed", "confidence": "partial",
                "note": "Armour activated to prevent a wound (seed); cost ours."})
    out.append({"id": "initiate_of_the_flame", "kind": "ally", "name": "Initiate of the Flame",
                "cost": 4, "life": 2, "stamina": 2, "mind": [1, 1], "body": [1, 1],
                "spirit": [1, 1], "ability": None, "source": "seed", "confidence": "partial",
                "note": "Spirit 1 (seed example), life 2 inferred (two wounds kill); rest ours."})
    weapon_names = ["Ash Spear", "Hunter's Bow", "Iron Mace", "Longsword", "Rune Staff",
                    "War Axe", "Sling", "Glaive"]
    armour_names = ["Scale Coat", "Oak Shield", "Mail Hauberk", "Wardstone Cloak"]
    misc_names = ["Healing Draught", "Boots of the Road", "Lantern of Dusk", "Rope Kit",
                  "Smoke Flask", "Lucky Charm", "Scroll of Bolts"]
    items = 1 + 1
    k = 0
    while items < 55:
        k += 1
        kind = ["weapon", "weapon", "armour", "other"][k % 4]
        mode = ["ranged", "melee", "magic"][k % 3]
        if kind == "weapon":
            name = rng.choice(weapon_names)
            eff = {"kind": "roll_bonus", "mode": mode, "amount": rng.randint(1, 3)}
            usage = "permanent"
            if k % 5 == 0:
                eff = {"kind": "extra_damage", "mode": mode, "amount": rng.randint(1, 2)}
                usage = "activate"
            rec = {"item_kind": "weapon", "item_type": "blade" if mode == "melee" else "bow"
                   if mode == "ranged" else "staff"}
        elif kind == "armour":
            name = rng.choice(armour_names)
            eff = {"kind": "prevent_wound", "amount": rng.randint(1, 2)}
            usage = "activate"
            rec = {"item_kind": "armour", "item_type": "shield"}
        else:
            name = rng.choice(misc_names)
            pick = k % 4
            if pick == 0:
                eff, usage = {"kind": "heal", "amount": 2}, "discard"
            elif pick == 1:
                eff, usage = {"kind": "extra_move", "amount": 1}, "activate"
            elif pick == 2:
                eff, usage = {"kind": "first_strike", "mode": mode, "damage": 1}, "discard"
            else:
                eff, usage = {"kind": "skill_bonus", "skill": rng.choice(
                    ["swimming", "diplomacy", "climbing", "lore"]), "amount": 2}, "permanent"
            rec = {"item_kind": "magic item", "item_type": "relic"}
        out.append({"id": f"i{k:02d}", "kind": "item", "name": name, **rec,
                    "cost": rng.randint(1, 7), "usage": usage, "effect": eff,
                    "source": "original", "confidence": "original"})
        items += 1
    ally_names = ["Sellsword", "Hedge Witch", "Scout", "Shieldmaiden", "Old Archer", "Monk",
                  "Squire", "Ranger", "Tinker", "Bard"]
    for a in range(28):
        st = [rng.randint(0, 4) for _ in range(3)]
        ab = None
        if a % 4 == 0:
            ab = {"kind": "first_strike", "mode": ["ranged", "melee", "magic"][a % 3],
                  "exhaustion": 1, "repeatable": False}
        out.append({"id": f"a{a + 1:02d}", "kind": "ally", "name": ally_names[a % 10],
                    "cost": rng.randint(3, 8), "life": rng.randint(2, 5),
                    "stamina": rng.randint(2, 4), "mind": [st[0], rng.randint(1, 2)],
                    "body": [st[1], rng.randint(1, 3)], "spirit": [st[2], rng.randint(1, 2)],
                    "ability": ab, "source": "original", "confidence": "original"})
    return out


def main() -> None:
    OUT.mkdir(exist_ok=True)
    cards = adventures()
    generated = designed_events(cards)
    files = {"board.json": board(), "dice.json": dice(), "heroes.json": heroes(),
             "adventures.json": cards, "events-generated.json": generated,
             "market.json": market(),
             "counters.json": {"source": "seed", "confidence": "partial",
                               "note": "Counts 20/12/9/7 (seed); XP blue 3 (public:S7), others inferred.",
                               "counters": {"green": [20, 1], "yellow": [12, 2],
                                            "blue": [9, 3], "red": [7, 4]}}}
    for name, data in files.items():
        (OUT / name).write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n",
                                encoding="utf-8")


if __name__ == "__main__":
    main()
