"""Runebound's evaluation for the search agents: progress toward the printed win (R11.1).

A hero wins by defeating High Lord Margath or holding three dragon runes, in normal play or in
the doom variant's endgame (R10.6–R10.7), where heroes face red cards in order of level. What
gets a hero there is strength: experience (R8), items and allies (R6), health (R9), and the
adventure counters that buy experience, won by facing challenges of rising colour (green →
yellow → blue → red) as the hero grows strong enough for them.

Each seat's value is in one unit (points: an experience counter is 7) and sums:

- **holdings**: experience bought, counters not yet spent, gold, items and allies at their
  cost, dragon runes; less wounds and exhaustion (`Weights`);
- **power**: the hero's best expected gain from one adventure of an allowed colour, times the
  worth of future fights (`Weights.power`): what makes a weapon, an ally, healing or a level
  in the right attribute worth more than its cost;
- **prospect**: the best adventure within reach: for every counter on the board (and every
  undefeated challenge, R7.12) the expected gain of facing it *for this hero* (the chance to beat
  each card it may draw times the reward, less the chance of a knock-out times what that costs,
  R9.4), less the turns it takes to get there. A hero weak for blue sees blue counters as losses
  and goes for green; as it grows the best target moves up the colours. A share of the best
  prospect counts (`Weights.prospect`), so walking toward it pays, and facing it pays more;
- **the adventure in hand**: in a fight, a card about to be drawn, a test about to be rolled, the
  expected result of it rather than the position as it stands.

The chance to beat a card comes from an exact small Markov chain over (card wounds, hero wounds)
per combat round (R7.3–R7.9): in each phase the hero attacks, an ally attacks (its failures
wound the ally, not the hero) or the hero defends (a magic defence strikes back, R7.9); the
assignment is the round's best by expected damage. First strikes (R7.1–R7.2) and armour that
prevents wounds shift the start. Tables are cached per hero profile and card.

The weights were fitted to greedy self-play (`bench/runebound_fit_weights.py`,
docs/strength-runebound.md "Weights").
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from . import combat, damage, experience, queries
from .content import COLOURS, MODES

if TYPE_CHECKING:
    from .content import Adventure, Content
    from .forward import RuneboundState

REWARD = 1000  # kept adventure cards (state.REWARD; repeated to keep this module import-light)
HIDDEN = -1
#: 2d10 sums 2..20, a 0 counts as 10 (R1.3)
ROLL_P = [(10 - abs(s - 11)) / 100 for s in range(2, 21)]
_AT_LEAST = [sum(ROLL_P[max(0, n - 2):]) for n in range(0, 23)]
#: the most hero wounds a fight table covers (life + armour)
H_MAX = 24


def p_hit(value: float, target: float) -> float:
    """P(2d10 + value ≥ target) (R1.3, R7.5, R9.5)."""
    need = int(target - value)
    if need <= 2:
        return 1.0
    if need > 20:
        return 0.0
    return _AT_LEAST[need]


@dataclass(frozen=True)
class Weights:
    """The value of each holding in points, an experience counter bought being 7.

    The holdings' weights are the conditional-logit fit of who won 200 greedy self-play games
    (2 players, `bench/runebound_fit_weights.py`; docs/strength-runebound.md "Weights"),
    rescaled so that a level is 7: what wins is experience (the endgame's order and its
    tie-break, R10.6, R11.4), so gold counts little but for what it buys. The shaping weights
    (power, prospect, shop, turn, knockout, fall) do not predict the winner by themselves; they
    make the bots act and were set by self-play."""

    #: per experience counter bought (R8.2): fit 1.50 logit, the unit
    level: float = 7.0
    #: per experience point on counters not yet spent (lost on a knock-out, R9.4): fit 0.30
    xp: float = 1.4
    #: fit 0.021
    gold: float = 0.1
    #: per gold of an item's printed cost: fit 0.085
    item: float = 0.4
    #: per gold of a hired ally's printed cost: fit 0.006 (what allies do is in `power`)
    ally: float = 0.1
    #: a kept adventure card (R6.3) or a won ally (R5.11), which have no cost
    reward_card: float = 0.5
    #: per wound: fit 0.056
    wound: float = 0.26
    exhaustion: float = 0.1
    #: a dragon rune: the first tie-break (R11.4) and a third of the win (R11.1)
    rune: float = 20.0
    #: the win (R11.1) beyond the winner's holdings: three levels ahead already win ~99%
    win: float = 30.0
    #: less for a fight not yet over than for the same fight won (`evaluate`): a sure win is
    #: taken now, not put off a round at a time
    unfinished: float = 0.1
    #: share of the best prospect that counts
    prospect: float = 0.5
    #: worth of the hero's power: its best expected gain from one adventure (future fights)
    power: float = 1.0
    #: a city's market, per gold the hero could spend there
    shop: float = 0.3
    #: share of what an event's refilled counters would give the hero (everyone shares them)
    refill: float = 0.3
    #: what facing red is worth beyond its odds when nothing else is left on the board
    unstick: float = 3.0
    #: what a turn of travel costs
    turn: float = 0.8
    #: hexes a turn's movement covers on average (R4.2: five dice)
    reach: float = 3.5
    #: the tempo a knock-out costs beyond what it takes away (R9.4)
    knockout: float = 1.0
    #: in the endgame a fallen hero is out (R10.8): the turns of red cards it gives up
    fall: float = 3.0


WEIGHTS = Weights()


# ---------------------------------------------------------------------------------- fights
#: a fighter in one phase: (attack value, damage) per mode, ranged / melee / magic
Stats = tuple[tuple[int, int], tuple[int, int], tuple[int, int]]


@dataclass(frozen=True)
class Party:
    """What a hero brings to a fight (R7): itself, its allies, first strikes and armour."""

    hero: Stats
    allies: tuple[Stats, ...]
    #: first strikes still available: (mode index, attack value, damage)
    strikes: tuple[tuple[int, int, int], ...]
    #: wounds the hero's armour can still prevent this fight (R6.6 activate once a turn)
    armour: int
    magic_defence: bool


#: an enemy: (target, damage) per mode and its life
Enemy = tuple[Stats, int]


@lru_cache(maxsize=4096)
def _assignment(hero: Stats, allies: tuple[Stats, ...], enemy: Stats,
                magic_defence: bool) -> tuple[tuple[float, int, int, int], ...]:
    """The round's best plan (R7.5, R7.7, R7.8): per phase (P(success), damage dealt on a
    success, hero wounds on a failure, who acts: 0 the hero attacks, k ally k-1 attacks, -1 the
    hero defends). Hero attacks once, each ally once, the hero defends the other phases; the
    plan with the most damage dealt less hero wounds taken, both expected."""
    actors = 1 + len(allies)
    best: tuple[float, tuple[tuple[float, int, int, int], ...]] | None = None
    # for each phase, who acts: an attacker's index (0 hero, 1.. allies) or -1 (hero defends)
    for plan in itertools.product(range(-1, actors), repeat=3):
        used = [a for a in plan if a >= 0]
        if len(used) != len(set(used)):
            continue
        phases = []
        score = 0.0
        for m in range(3):
            target, e_dmg = enemy[m]
            who = plan[m]
            if who == -1:  # the hero defends
                p = p_hit(hero[m][0], target) if e_dmg or (m == 2 and magic_defence) else 1.0
                dealt = hero[m][1] if m == 2 and magic_defence else 0
                taken = e_dmg
            elif who == 0:
                p = p_hit(hero[m][0], target)
                dealt, taken = hero[m][1], e_dmg
            else:
                a = allies[who - 1]
                p = p_hit(a[m][0], target)
                dealt, taken = a[m][1], 0  # R7.8 an ally's failure wounds the ally
            phases.append((p, dealt, taken, who))
            score += p * dealt - (1 - p) * taken
        if best is None or score > best[0] + 1e-12:
            best = (score, tuple(phases))
    assert best is not None
    return best[1]


@lru_cache(maxsize=8192)
def _win_table(hero: Stats, allies: tuple[Stats, ...], enemy: Stats, life: int,
               magic_defence: bool) -> tuple[tuple[float, ...], ...]:
    """P(win)[c][h]: the enemy has c wounds to go, the hero h, at a round's start (R7.3)."""
    phases = _assignment(hero, allies, enemy, magic_defence)
    # the round's 8 outcomes: probability and the phases' (damage dealt, wounds taken) in order
    combos: dict[tuple[tuple[int, int], ...], float] = {}
    for outcome in itertools.product((True, False), repeat=3):
        q = 1.0
        steps: list[tuple[int, int]] = []
        for ok, (p, dealt, taken, _who) in zip(outcome, phases, strict=True):
            q *= p if ok else 1 - p
            steps.append((dealt, 0) if ok else (0, taken))
        if q > 0:
            combos[tuple(steps)] = combos.get(tuple(steps), 0.0) + q
    # with the round's totals: where neither side can be beaten the order does not matter
    rounds = [(q, combo, sum(d for d, _ in combo), sum(t for _, t in combo))
              for combo, q in combos.items()]
    table = [[1.0] * (H_MAX + 1)] + [[0.0] * (H_MAX + 1) for _ in range(life)]
    for c in range(1, life + 1):
        row = table[c]
        for h in range(1, H_MAX + 1):
            total = stay = 0.0
            for q, combo, dealt_all, taken_all in rounds:
                if dealt_all < c and taken_all < h:
                    if dealt_all or taken_all:
                        total += q * table[c - dealt_all][h - taken_all]
                    else:
                        stay += q
                    continue
                cc, hh = c, h  # phase by phase, until a side is beaten
                for dealt, taken in combo:
                    cc -= dealt
                    if cc <= 0:
                        total += q
                        break
                    hh -= taken
                    if hh <= 0:
                        break
                else:
                    total += q * table[cc][hh]
            row[h] = total / (1 - stay) if stay < 1 - 1e-9 else 0.0
    return tuple(tuple(r) for r in table)


def win_chance(party: Party, enemy: Enemy, wounds_to_go: float, hero_left: float,
               strikes: bool = True) -> float:
    """P(the party beats the enemy): its first strikes (if `strikes`) shift the enemy's wounds
    by their expected damage; fractional wounds interpolate the table."""
    stats, life = enemy
    if strikes:
        for m, value, dmg in party.strikes:
            wounds_to_go -= p_hit(value, stats[m][0]) * dmg
    if wounds_to_go <= 0:
        return 1.0
    hero_left += party.armour
    if hero_left <= 0:
        return 0.0
    table = _win_table(party.hero, party.allies, stats, life, party.magic_defence)
    c = min(wounds_to_go, life)
    h = min(hero_left, H_MAX)
    c0, h0 = int(c), int(h)
    fc, fh = c - c0, h - h0
    c1, h1 = min(c0 + 1, life), min(h0 + 1, H_MAX)
    return ((1 - fc) * ((1 - fh) * table[c0][h0] + fh * table[c0][h1])
            + fc * ((1 - fh) * table[c1][h0] + fh * table[c1][h1]))


_PARTIES: dict[Any, Party] = {}


def party_of(state: RuneboundState, p: dict[str, Any], *, strikes: bool = True) -> Party:
    """The party a hero brings to a fight now (unspent first strikes and armour)."""
    key = (_fight_key(state, p), strikes)
    hit = _PARTIES.get(key)
    if hit is None:
        if len(_PARTIES) > 50_000:
            _PARTIES.clear()
        hit = _PARTIES[key] = _party(state, p, strikes)
    return hit


def _party(state: RuneboundState, p: dict[str, Any], strikes: bool) -> Party:
    hero = tuple((combat.attack_value(state, p, -1, m), combat.hero_damage(state, p, m))
                 for m in MODES)
    allies = []
    for key, _wounds, _exh in p["allies"]:
        mc = state.ally_card(key)
        allies.append(((mc.mind[0], mc.mind[1]), (mc.body[0], mc.body[1]),
                       (mc.spirit[0], mc.spirit[1])))
    fs: list[tuple[int, int, int]] = []
    armour = 0
    if strikes:
        ab = state.hero(p).ability
        if ab is not None and ab.kind == "first_strike" and ab.exhaustion >= 0:
            m = MODES.index(ab.mode)
            room = state.stat(p, "stamina") - p["exh"]
            uses = (room // ab.exhaustion if ab.exhaustion else 3) if ab.repeatable else 1
            if ab.exhaustion <= room:
                fs += [(m, hero[m][0], hero[m][1])] * min(uses, 3)
        for (key, _w, exh), ally in zip(p["allies"], allies, strict=True):
            ab2 = state.ally_card(key).ability
            if ab2 is not None and ab2.kind == "first_strike" and \
                    exh + ab2.exhaustion <= state.ally_card(key).stamina:
                m = MODES.index(ab2.mode)
                fs.append((m, ally[m][0], ally[m][1]))
    activated = False
    for key, spent in p["items"]:
        if spent:
            continue
        eff, usage = state.item_effect(key)
        if eff is None:
            continue
        if eff.kind == "first_strike" and strikes and (usage == "discard" or not activated):
            m = MODES.index(eff.mode)
            fs.append((m, hero[m][0], eff.damage))
            activated = activated or usage == "activate"
        elif eff.kind == "prevent_wound":
            armour += eff.amount
    return Party(hero=hero, allies=tuple(allies), strikes=tuple(fs), armour=armour,  # type: ignore[arg-type]
                 magic_defence=state.cfg.options.magic_defence_strikes)


_ENEMIES: dict[int, tuple[Adventure, Enemy]] = {}


def _enemy(card: Adventure) -> Enemy:
    """A card's targets and damages (R7.5) and its life, as a fight table's key."""
    hit = _ENEMIES.get(id(card))
    if hit is None or hit[0] is not card:
        enemy: Enemy = ((tuple(card.mind), tuple(card.body), tuple(card.spirit)),  # type: ignore[assignment]
                        card.life)
        _ENEMIES[id(card)] = (card, enemy)
        return enemy
    return hit[1]


def before_combat_wounds(state: RuneboundState, p: dict[str, Any], card: Adventure) -> float:
    """Expected wounds of the card's own first strikes (R7.1: skill tests and strikes)."""
    total = 0.0
    for bc in card.before_combat:
        if bc.kind == "skill_test":
            ok = p_hit(state.stat(p, bc.attr) + state.skill_bonus(p, bc.skill), bc.target)
            total += (1 - ok) * bc.fail_wounds
        else:
            total += bc.wounds
    return total


# ---------------------------------------------------------------------------------- values
def holdings(state: RuneboundState, p: dict[str, Any], w: Weights = WEIGHTS) -> float:
    """A hero's holdings in points (see the module docstring)."""
    c = state.cfg.content
    items = 0.0
    for key, _ in p["items"]:
        items += w.reward_card if key >= REWARD else w.item * c.market[key].cost
    for key, _, _ in p["allies"]:
        items += w.reward_card if key >= REWARD else w.ally * c.market[key].cost
    return float(w.level * sum(p["bonus"]) + w.xp * counter_xp(state, p) + w.gold * p["gold"]
                 + items + w.rune * p["runes"] - w.wound * p["wounds"] - w.exhaustion * p["exh"])


def counter_xp(state: RuneboundState, p: dict[str, Any]) -> int:
    """Experience on the hero's unspent counters, with its change (R8.1)."""
    vals = cast("dict[str, tuple[int, int]]", state.cfg.content.counters.counters)
    return int(p["credit"] + sum(n * vals[col][1] for n, col in zip(p["counters"], COLOURS,
                                                                    strict=True)))


def knockout_cost(state: RuneboundState, p: dict[str, Any], w: Weights = WEIGHTS) -> float:
    """What a knock-out takes (R9.4): counters, gold, the most valuable card; in the endgame the
    hero falls (CHOICE R10.8)."""
    if state.g["endgame"]:
        return _endgame_stake(state, p, w)
    return float(w.xp * counter_xp(state, p) + w.gold * p["gold"]
                 + knockout_card_loss(state, p, w) + w.knockout)


def knockout_card_loss(state: RuneboundState, p: dict[str, Any], w: Weights = WEIGHTS) -> float:
    """The card a knock-out takes, in points (R9.4): one of the highest printed cost; among
    equally valuable ones the player gives up the one worth least to the hero (R9.4a), or the
    first held (option `knockout_ties=first`)."""
    c = state.cfg.content

    def worth(kind: str, i: int) -> float:
        if kind == "item":
            return float(c.market[p["items"][i][0]].cost * w.item)
        return float(c.market[p["allies"][i][0]].cost * w.ally)

    cards = damage.ko_losable(state, p)
    if not cards:
        return 0.0
    if state.cfg.options.knockout_ties == "first":
        return worth(*cards[0])
    return min(worth(kind, i) for kind, i in cards)


def _endgame_stake(state: RuneboundState, p: dict[str, Any], w: Weights) -> float:
    """What a hero loses by falling in the endgame (CHOICE R10.8): its chance to win later, as
    `Weights.fall` turns of facing the red deck for Margath or a rune (R11.1). A hero that can
    beat nothing there loses nothing by falling, so it fights rather than escape for ever."""
    deck = state.g["decks"]["red"]
    cards = [x for x in deck[0] + deck[1] if x >= 0]
    if not cards:
        return 0.0
    adv = state.cfg.content.adventures
    caches = _CACHES.setdefault(w, {})
    terms = caches.setdefault(_fight_key(state, p), {})
    stake = 0.0
    for x in cards:
        r = adv[x].reward
        if adv[x].kind == "challenge" and (r.win or r.dragon_rune):
            hit = terms.get(x)
            if hit is None:
                hit = terms[x] = _card_terms(state, p, x, w)
            stake += (1 - hit[1]) * (w.win if r.win else w.rune)  # P(win) × what it gives
    return w.fall * stake / len(cards)


def reward_value(state: RuneboundState, card: Adventure, w: Weights = WEIGHTS) -> float:
    """What beating a challenge gives (R7.11): its counter's experience (the card's colour, in
    normal play), gold, and the card kept as an item, an ally, a dragon rune, or the win."""
    r = card.reward
    value = w.gold * r.gold
    if not state.g["endgame"]:
        value += w.xp * state.cfg.content.counters.counters[card.colour][1]
    if r.win:
        value += w.win
    elif r.dragon_rune:
        value += w.rune
    elif r.keep is not None or r.ally is not None:
        value += w.reward_card
    return value


def card_gain(state: RuneboundState, p: dict[str, Any], card: Adventure,
              w: Weights = WEIGHTS, ko_cost: float | None = None) -> float:
    """The expected gain of facing `card` now (`ko_cost`: what a knock-out costs, if not the
    hero's `knockout_cost`)."""
    ko = knockout_cost(state, p, w) if ko_cost is None else ko_cost
    if card.kind == "challenge":
        party = party_of(state, p)
        left = state.stat(p, "life") - p["wounds"] - before_combat_wounds(state, p, card)
        chance = win_chance(party, _enemy(card), card.life, left)
        return chance * reward_value(state, card, w) - (1 - chance) * ko
    if card.kind == "encounter":
        t = card.test
        assert t is not None
        ok = p_hit(state.stat(p, t.attr) + state.skill_bonus(p, t.skill), t.target)
        gain = w.gold * card.success.gold + w.xp * state.cfg.content.counters.counters[
            card.colour][1] + (w.reward_card if card.success.ally is not None else 0.0)
        hurt = card.fail_wounds * w.wound
        if card.fail_wounds >= state.stat(p, "life") - p["wounds"]:
            hurt += ko
        share = 0.5 if card.quest is not None else 1.0  # a quest pays later, in its city
        return share * (ok * gain - (1 - ok) * hurt)
    return 0.0  # an event: the counter stays (R5.8)


def colour_gain(state: RuneboundState, p: dict[str, Any], colour: str,
                w: Weights = WEIGHTS, refills: bool = True) -> float:
    """The expected gain of drawing the next card of `colour` (R5.1): the mean over the cards
    whose place is unknown (a draw is uniform over them), or the known head of the tail. An
    event that comes into play refills empty gem hexes from the pool (R5.3, R5.6): worth a
    share (`Weights.refill`) of what the refilled counters would give this hero, which is what
    unlocks a board stripped bare."""
    g = state.g
    deck = g["decks"][colour]
    if len(deck[0]) - (g["hidden_green"] if colour == "green" else 0) <= 0:
        cards: list[int] = [deck[1][0]] if deck[1] and deck[1][0] != HIDDEN else []
    else:
        cards = [x for x in deck[0] if x >= 0]
    if not cards:
        return 0.0
    caches = _CACHES.get(w)
    if caches is None:
        caches = _CACHES[w] = {}
    fk = _fight_key(state, p)
    terms = caches.get(fk)
    if terms is None:
        if len(caches) > 5_000:
            caches.clear()
        terms = caches[fk] = {}
    gains = risks = 0.0
    adv = state.cfg.content.adventures
    events = []
    for x in cards:
        hit = terms.get(x)
        if hit is None:
            hit = terms[x] = _card_terms(state, p, x, w)
        gains += hit[0]
        risks += hit[1]
        if refills and adv[x].kind == "event" and adv[x].refill:
            events.append(adv[x])
    value = gains - risks * knockout_cost(state, p, w)
    if colour == "red" and refills and not g["endgame"] and _bare(state):
        # only red counters left: no event can refill the board unless someone faces red, so
        # the doom track stands still for every hero; facing it is the only way on
        value += w.unstick * len(cards)
    if events:
        now = g["event"]
        floor = (adv[now].event_number or 0) if now >= 0 else 0  # an event has a number
        fill = _fillable(state)
        for e in events:
            if (e.event_number or 0) >= floor:  # R5.4 else it is discarded and another drawn
                for col in e.refill:
                    n = fill[COLOURS.index(col)]
                    if n and not state.forbidden(p, COLOURS.index(col)):
                        value += w.refill * n * max(0.0, colour_gain(state, p, col, w, False))
    return value / len(cards)


_FILLABLE: dict[Any, list[int]] = {}


def _bare(state: RuneboundState) -> bool:
    """No green, yellow or blue counter on the board and no such card in the undefeated
    column (R7.12): every adventure left is red."""
    g = state.g
    adv = state.cfg.content.adventures
    return all(b < 0 or b == 3 for b in g["board"]) and all(
        not x or adv[x[0]].colour == "red" for x in g["slots"])


def _fillable(state: RuneboundState) -> list[int]:
    """Per colour, the counters an event's sun icon would put on the board now (R5.6)."""
    g = state.g
    key = (id(state.cfg), tuple(g["board"]), tuple(g["pool"]),
           tuple(x[1] for x in g["slots"] if x))
    hit = _FILLABLE.get(key)
    if hit is None:
        c = state.cfg.content
        occupied = set(key[3])
        empty = [0, 0, 0, 0]
        for h, gem in enumerate(c.gem):
            if gem is not None and g["board"][h] < 0 and h not in occupied:
                empty[COLOURS.index(gem)] += 1
        if len(_FILLABLE) > 20_000:
            _FILLABLE.clear()
        hit = _FILLABLE[key] = [min(e, n) for e, n in zip(empty, g["pool"], strict=True)]
    return hit


#: per weights, exact caches of `_card_terms` (keyed by everything they read)
_CACHES: dict[Weights, dict[Any, dict[int, tuple[float, float]]]] = {}


def _fight_key(state: RuneboundState, p: dict[str, Any]) -> Any:
    """What a hero's chances against cards depend on (`card_gain` less the knock-out cost)."""
    return (id(state.cfg), state.g["endgame"], p["hero"], tuple(p["bonus"]), p["wounds"],
            p["exh"], tuple(tuple(i) for i in p["items"]),
            tuple(tuple(a) for a in p["allies"]))


def _card_terms(state: RuneboundState, p: dict[str, Any], x: int,
                w: Weights) -> tuple[float, float]:
    """(gain if a knock-out cost nothing, chance of a knock-out) of facing card x:
    `card_gain` is linear in the knock-out cost, so two evaluations give both."""
    card = state.cfg.content.adventures[x]
    without = card_gain(state, p, card, w, ko_cost=0.0)
    return without, without - card_gain(state, p, card, w, ko_cost=1.0)


# ---------------------------------------------------------------------------------- the map
_DISTANCES: dict[int, tuple[Content, tuple[tuple[int, ...], ...]]] = {}


def distances(content: Content) -> tuple[tuple[int, ...], ...]:
    """Hex-to-hex steps on the board (figures never block, R4.3)."""
    hit = _DISTANCES.get(id(content))
    if hit is None or hit[0] is not content:
        hit = _DISTANCES[id(content)] = (content, _bfs(content))
    return hit[1]


def _bfs(content: Content) -> tuple[tuple[int, ...], ...]:
    n = len(content.coords)
    out = []
    for start in range(n):
        dist = [-1] * n
        dist[start] = 0
        frontier = [start]
        while frontier:
            nxt = []
            for h in frontier:
                for k in content.neighbours[h]:
                    if k >= 0 and dist[k] < 0:
                        dist[k] = dist[h] + 1
                        nxt.append(k)
            frontier = nxt
        out.append(tuple(dist))
    return tuple(out)


def targets(state: RuneboundState, seat: int,
            w: Weights = WEIGHTS) -> list[tuple[float, int]]:
    """Every adventure on the board the hero may face, as (expected gain, hex): each counter
    of an allowed colour (R8.3) with cards left, each undefeated challenge (R7.12), and the
    city of the hero's quest (R5.12)."""
    g = state.g
    p = g["players"][seat]
    c = state.cfg.content
    out: list[tuple[float, int]] = []
    gain = {}
    for ci, col in enumerate(COLOURS):
        if not state.forbidden(p, ci) and state.deck_size(col) > 0:
            gain[ci] = colour_gain(state, p, col, w)
    slot_hexes = set()
    for s in g["slots"]:
        if s and not state.forbidden(p, COLOURS.index(c.adventures[s[0]].colour)):
            slot_hexes.add(s[1])
            out.append((card_gain(state, p, c.adventures[s[0]], w), s[1]))
    for h, ci in enumerate(g["board"]):
        if ci >= 0 and ci in gain and h not in slot_hexes:
            out.append((gain[ci], h))
    q = p.get("quest")
    if q is not None:
        out.append((2.0 * card_gain(state, p, c.adventures[q[0]], w),
                    queries.quest_hex(state, q[0])))
    return out


def _city_targets(state: RuneboundState, seat: int,
                  w: Weights = WEIGHTS) -> list[tuple[float, int]]:
    """Cities worth a visit, as (gain, hex): the healer (R6.5) and what the hero could buy
    (R6.2)."""
    g = state.g
    p = g["players"][seat]
    out = []
    heal = _heal_gain(state, p, w)
    for k, h in enumerate(state.cfg.content.cities):
        affordable = [state.price(key, k) for key in g["markets"][k]
                      if not experience.at_limit(state, p, key)]
        value = heal + w.shop * max([x for x in affordable if x <= p["gold"]], default=0)
        if value > 0:
            out.append((value, h))
    return out


def power(state: RuneboundState, p: dict[str, Any], w: Weights = WEIGHTS) -> float:
    """The hero's best expected gain from one adventure of an allowed colour (R8.3): what
    its experience, items, allies and health are worth in the fights to come."""
    if state.g["endgame"]:
        return max(0.0, colour_gain(state, p, "red", w)) if state.deck_size("red") else 0.0
    best = 0.0
    for ci, col in enumerate(COLOURS):
        if not state.forbidden(p, ci) and state.deck_size(col) > 0:
            best = max(best, colour_gain(state, p, col, w))
    return best


def _heal_gain(state: RuneboundState, p: dict[str, Any], w: Weights) -> float:
    """What the healer (R6.5, 1 gold a wound) would add to the hero's power and health."""
    n = min(p["wounds"], p["gold"])
    if n <= 0:
        return 0.0
    healed = dict(p)
    healed["wounds"] -= n
    healed["gold"] -= n
    return float(w.power * (power(state, healed, w) - power(state, p, w)) + (w.wound - w.gold) * n)


#: phases of the active seat before its adventure (R4 movement; a quest's test, R5.12)
_BEFORE = frozenset({"move_choice", "recover", "rolling", "moving"})
#: phases after it (R6 market, R8 experience)
_AFTER = frozenset({"market", "experience"})


def prospect(state: RuneboundState, seat: int, w: Weights = WEIGHTS,
             world: Any = None) -> tuple[float, int]:
    """The best adventure's gain less the turns before the hero faces it, and where the hero
    should end its movement for it (-1: nowhere worth it).

    `ending_value(e)` is what ending a movement on hex e is worth: the adventure there, faced
    this turn, or the best one faced in a later turn, one turn more for every `reach` hexes
    beyond the next movement. Before moving, the hero may end on any hex its dice reach (known
    dice exactly, dice still to roll by their expected reach); after its adventure phase, its
    next movement comes a turn later. The seat after the active one has its turn as good as
    started once the active seat's adventure is over, so no value moves when a turn ends."""
    g = state.g
    if g["endgame"]:
        return 0.0, -1
    p = g["players"][seat]
    pos = p["pos"]
    ph = g["phase"]
    active = seat == g["seat"]
    ends = _ends(state, seat, w, world)
    if active and ph == "moving":
        return ends.best_of(_reachable(state.cfg.content, pos,
                                       tuple(sorted(f for f in g["dice"] if f >= 0))))
    if active and ph in _BEFORE:
        n = w.reach if ph == "move_choice" and g["pending"] is None and not g["dice"] \
            else DIE_REACH * (g["to_roll"] + len(g["dice"]))
        return ends.best_within(pos, n)
    if active and ph == "adventure":
        return ends.value(pos), pos
    if active and ph == "market":  # the healer and the market are still open (R6)
        return max((ends.later(pos), -1), (ends.city_gain(pos), pos))
    nxt = (g["seat"] + 1) % state.cfg.players
    if not active and seat == nxt and ph in _AFTER:
        return ends.best_within(pos, w.reach)
    return ends.later(pos), -1


#: hexes a movement die is worth on average (R4.3: a die moves one hex onto a terrain it shows)
DIE_REACH = 0.7

_ENDS: dict[Any, _Ends] = {}


def _ends(state: RuneboundState, seat: int, w: Weights, world: Any = None) -> _Ends:
    """The seat's `_Ends`, cached by everything its targets depend on (not where it stands);
    `world` is `world_key(state)` if the caller has it."""
    g = state.g
    p = g["players"][seat]
    q = p.get("quest")
    key = (w, _fight_key(state, p), p["gold"], p["credit"], tuple(p["counters"]),
           None if q is None else tuple(q), world_key(state) if world is None else world)
    hit = _ENDS.get(key)
    if hit is None:
        if len(_ENDS) > 20_000:
            _ENDS.clear()
        hit = _ENDS[key] = _Ends(state, seat, w)
    return hit


def world_key(state: RuneboundState) -> Any:
    """What every seat's targets depend on besides the hero: the board, the undefeated column,
    the markets, the event in play and the decks."""
    g = state.g
    return (tuple(g["board"]), tuple(g["pool"]), tuple(tuple(x) for x in g["slots"]),
            tuple(tuple(m) for m in g["markets"]), g["event"], g["hidden_green"],
            tuple((tuple(d[0]), tuple(d[1])) for d in g["decks"].values()))


class _Ends:
    """`ending_value` of hexes for one seat in one position (computed lazily)."""

    __slots__ = ("_later", "cities", "dist", "gains", "here", "power", "w")

    def __init__(self, state: RuneboundState, seat: int, w: Weights) -> None:
        self.w = w
        self.dist = distances(state.cfg.content)
        self.power = power(state, state.g["players"][seat], w)
        found = targets(state, seat, w)
        self.here: dict[int, float] = {}
        self.cities: dict[int, float] = {}
        for gain, h in found:
            if gain > self.here.get(h, 0.0):
                self.here[h] = gain
        for gain, h in _city_targets(state, seat, w):
            self.cities[h] = gain
            if gain > self.here.get(h, 0.0):
                self.here[h] = gain
        self.gains = sorted(((v, h) for h, v in self.here.items()), reverse=True)
        self._later: dict[int, float] = {}

    def later(self, e: int) -> float:
        """The best adventure faced after this turn, from hex e."""
        hit = self._later.get(e)
        if hit is None:
            hit = self._later[e] = self._later_from(e)
        return hit

    def _later_from(self, e: int) -> float:
        w = self.w
        row = self.dist[e]
        best = 0.0
        for gain, h in self.gains:
            if gain - w.turn <= best:
                break
            v = gain - w.turn * (1.0 + max(0.0, row[h] - w.reach) / w.reach)
            if v > best:
                best = v
        return best

    def value(self, e: int) -> float:
        """Ending the movement on e: its adventure now, or a later one."""
        return max(self.here.get(e, 0.0), self.later(e))

    def city_gain(self, e: int) -> float:
        return self.cities.get(e, 0.0)

    def best_within(self, pos: int, n: float) -> tuple[float, int]:
        row = self.dist[pos]
        best, where = self.later(pos), -1
        for gain, h in self.gains:
            if gain <= best:
                break
            if row[h] <= n:
                best, where = gain, h
        if where < 0:  # no adventure within reach: the best hex toward one
            for e, d in enumerate(row):
                if 0 < d <= n:
                    v = self.later(e)
                    if v > best:
                        best, where = v, e
        return best, where

    def best_of(self, hexes: frozenset[int]) -> tuple[float, int]:
        best, where = -1.0, -1
        for e in hexes:
            v = self.value(e)
            if v > best:
                best, where = v, e
        return max(best, 0.0), where


_REACH_CACHE: dict[tuple[int, int, tuple[int, ...]], frozenset[int]] = {}


def _reachable(content: Content, pos: int, dice: tuple[int, ...]) -> frozenset[int]:
    """Every hex the hero may end its movement on with these die faces (R4.3, R4.4)."""
    key = (id(content), pos, dice)
    hit = _REACH_CACHE.get(key)
    if hit is not None:
        return hit
    seen = {(pos, dice)}
    frontier = [(pos, dice)]
    out = {pos}
    while frontier:
        nxt = []
        for h, left in frontier:
            for i, face in enumerate(left):
                if i and face == left[i - 1]:
                    continue
                terr = content.face_sets[face]
                rest = left[:i] + left[i + 1:]
                for n in content.neighbours[h]:
                    if n >= 0 and (content.terrain[n] == "city" or content.terrain[n] in terr) \
                            and (n, rest) not in seen:
                        seen.add((n, rest))
                        out.add(n)
                        nxt.append((n, rest))
        frontier = nxt
    if len(_REACH_CACHE) > 100_000:
        _REACH_CACHE.clear()
    hit = _REACH_CACHE[key] = frozenset(out)
    return hit


# ---------------------------------------------------------------------------------- evaluate
def in_hand(state: RuneboundState, seat: int, w: Weights = WEIGHTS) -> float:
    """The expected result of the adventure under way for the active seat (see the module
    docstring): a fight, a card about to be drawn, a test about to be rolled."""
    g = state.g
    if seat != g["seat"]:
        return 0.0
    p = g["players"][seat]
    c = state.cfg.content
    pend = g["pending"]
    cb = g["combat"]
    if cb is not None and cb.get("pvp"):
        return 0.0
    if cb is not None and cb["card"] >= 0:
        card = c.adventures[cb["card"]]
        won, lost = fight_odds(state, p, cb)
        return won * reward_value(state, card, w) - lost * knockout_cost(state, p, w)
    if pend is not None:
        if pend[0] == "draw" and g["phase"] != "endgame_draw":
            return colour_gain(state, p, pend[1], w)
        if pend[0] == "draw":
            return colour_gain(state, p, "red", w)
        if pend[0] == "roll" and pend[1] == "encounter" and g["enc"] >= 0:
            return card_gain(state, p, c.adventures[g["enc"]], w)
        if pend[0] == "roll" and pend[1] == "quest" and p.get("quest") is not None:
            return 2.0 * card_gain(state, p, c.adventures[p["quest"][0]], w)
    return 0.0


def fight_odds(state: RuneboundState, p: dict[str, Any], cb: dict[str, Any]) -> tuple[float, float]:
    """(P(the hero beats the card), P(it is knocked out)) from where the fight stands: the
    card's own first strikes (R7.1) and the hero's (R7.2) still to come, a roll about to be made
    (a first strike, an attack or defence, an escape, R7.6), the rest of the round as the round's
    best plan plays it (R7.5–R7.8), then whole rounds."""
    g = state.g
    pend = g["pending"]
    what = pend[1] if pend is not None and pend[0] == "roll" else None
    ph = g["phase"]
    card = state.cfg.content.adventures[cb["card"]]
    enemy = _enemy(card)
    stats = enemy[0]
    c = card.life - cb["wounds"]
    h = state.stat(p, "life") - p["wounds"]
    if ph == "react":  # wounds about to be taken (R7.5), then the fight goes on
        h -= cb["dmg"]
        ph = {"card_fs": "card", "escape": "escape"}.get(cb["after_dmg"], "next")
    if what == "card_test" or ph == "card":
        left = ([card.before_combat[cb["test"]]] if what == "card_test" else []) + [
            card.before_combat[q[0]] for q in cb["queue"]]
        for bc in left:
            if bc.kind == "skill_test":
                ok = p_hit(state.stat(p, bc.attr) + state.skill_bonus(p, bc.skill), bc.target)
                h -= (1 - ok) * bc.fail_wounds
            else:
                h -= bc.wounds
        won = win_chance(_strikes_left(state, p, cb), enemy, c, h)
        return won, 1 - won
    if what == "fs" or ph == "fs":
        party = _strikes_left(state, p, cb)
        if what == "fs":
            mode, value, dmg, _fig = cb["fs"]
            hit = p_hit(value, stats[MODES.index(mode)][0])
            won = hit * win_chance(party, enemy, c - dmg, h) + (1 - hit) * win_chance(
                party, enemy, c, h)
        else:
            won = win_chance(party, enemy, c, h)
        return won, 1 - won
    party = party_of(state, p, strikes=False)
    h += party.armour
    if what == "escape":  # R7.6 away (nothing won or lost), or a wound and the fight goes on
        ok = p_hit(state.stat(p, "mind"), stats[0][0])
        won = _round_rest(party, enemy, c, h - 1, 0, (0, 0, 0), None)
        return (1 - ok) * won, (1 - ok) * (1 - won)
    if ph in ("escape", "fs"):
        won = _round_rest(party, enemy, c, h, 0, (0, 0, 0), None)
    elif what == "combat":
        who = cb["who"]
        won = _round_rest(party, enemy, c, h, cb["stage"], tuple(cb["attacked"]),
                          0 if who == -1 else -1 if who == -2 else who + 1)
    elif ph == "next":
        won = _round_rest(party, enemy, c, h, cb["stage"] + 1, tuple(cb["attacked"]), None)
    else:
        won = _round_rest(party, enemy, c, h, cb["stage"], tuple(cb["attacked"]), None)
    return won, 1 - won


def _strikes_left(state: RuneboundState, p: dict[str, Any], cb: dict[str, Any]) -> Party:
    """The party with only the first strikes it may still make in this fight (R7.2)."""
    party = party_of(state, p, strikes=True)
    ab = state.hero(p).ability
    drop_hero = cb["hero_fs"] and ab is not None and not ab.repeatable
    drop_allies = {i for i, used in enumerate(cb["ally_fs"]) if used}
    if not drop_hero and not drop_allies and not cb["item_fs"]:
        return party
    hero = party.hero
    strikes = []
    ally_values = list(party.allies)
    for st in party.strikes:
        m, value, dmg = st
        if drop_hero and value == hero[m][0] and dmg == hero[m][1]:
            continue
        if any(value == ally_values[i][m][0] and dmg == ally_values[i][m][1]
               for i in drop_allies if i < len(ally_values)):
            continue
        strikes.append(st)
    return dataclasses.replace(party, strikes=tuple(strikes))


def _round_rest(party: Party, enemy: Enemy, c: float, h: float, stage: int,
                attacked: tuple[int, ...], who_now: int | None) -> float:
    """P(win) from `stage` of a round (R7.3): this phase's actor `who_now` (0 the hero attacks,
    k ally k-1, -1 the hero defends; None: as the plan says), the later phases by the round's
    plan among figures that have not attacked yet (R7.7), then whole rounds."""
    stats, life = enemy
    if c <= 0:
        return 1.0
    if h <= 0:
        return 0.0
    plan = _assignment(party.hero, party.allies, stats, party.magic_defence)
    table = _win_table(party.hero, party.allies, stats, life, party.magic_defence)
    used = list(attacked) + [0] * (3 - len(attacked))
    states = [(1.0, min(round(c), life), min(int(h), H_MAX))]
    win = 0.0
    for m in range(stage, 3):
        actor = plan[m][3] if m != stage or who_now is None else who_now
        if actor >= 0 and (used[actor] or actor > len(party.allies)):
            actor = -1
        if actor >= 0:
            used[actor] = 1
        target, e_dmg = stats[m]
        if actor == 0:
            ok, dealt, taken = p_hit(party.hero[m][0], target), party.hero[m][1], e_dmg
        elif actor > 0:
            ally = party.allies[actor - 1]
            ok, dealt, taken = p_hit(ally[m][0], target), ally[m][1], 0
        else:
            strikes_back = m == 2 and party.magic_defence
            ok = p_hit(party.hero[m][0], target) if e_dmg or strikes_back else 1.0
            dealt, taken = (party.hero[m][1] if strikes_back else 0), e_dmg
        nxt = []
        for q, cc, hh in states:
            if ok > 0:
                if cc - dealt <= 0:
                    win += q * ok
                else:
                    nxt.append((q * ok, cc - dealt, hh))
            if ok < 1 and hh - taken > 0:
                nxt.append((q * (1 - ok), cc, hh - taken))
        states = nxt
    return win + sum(q * table[cc][hh] for q, cc, hh in states)


def _as_won(state: RuneboundState) -> RuneboundState | None:
    """The table after the active hero beats the challenge it fights (R7.11: the hex's counter
    taken, the card under its deck), or None outside such a fight. Without it a fight's future
    would count the challenge twice, on the board and in hand, and a fight the hero is sure to
    win could be worth more unfinished than won: a hero who never loses a defence would defend
    for ever."""
    g = state.g
    cb = g["combat"]
    if cb is None or cb.get("pvp") or cb["card"] < 0 or g["endgame"] or state.is_terminal():
        return None
    after = state.clone()
    combat.victory(after, [])
    return None if after.g["endgame"] or after.is_terminal() else after


def _future(state: RuneboundState, seat: int, w: Weights, world: Any) -> float:
    """A seat's power and prospect on `state` (whose `world_key` is `world`): the parts of
    `score` that look ahead."""
    return w.power * _ends(state, seat, w, world).power + w.prospect * prospect(
        state, seat, w, world)[0]


def score(state: RuneboundState, seat: int, w: Weights = WEIGHTS, world: Any = None) -> float:
    """One seat's value in points: holdings, power, a share of the best prospect, the adventure
    in hand."""
    p = state.g["players"][seat]
    value = holdings(state, p, w) + in_hand(state, seat, w)
    if state.g["endgame"]:
        return value + w.power * power(state, p, w)
    if world is None:
        world = world_key(state)
    return value + _future(state, seat, w, world)


def evaluate(state: RuneboundState, w: Weights = WEIGHTS) -> list[float]:
    """Each seat's value (`score`); at the end the winners gain `Weights.win`. While the active
    hero fights a challenge, every seat's future (power, prospect) is judged on the table as it
    will be once the challenge is beaten (`_as_won`), its worth to the hero by `in_hand`."""
    n = state.cfg.players
    if len(state.g["players"]) < n:
        return [0.0] * n
    won = _as_won(state)
    if won is not None:
        world = world_key(won)
        values = [holdings(state, state.g["players"][s], w) + in_hand(state, s, w)
                  + _future(won, s, w, world) - (w.unfinished if s == state.g["seat"] else 0.0)
                  for s in range(n)]
    else:
        world = None if state.g["endgame"] else world_key(state)
        values = [score(state, s, w, world) for s in range(n)]
    if state.is_terminal():
        for s in state.winners():
            values[s] += w.win / len(state.winners())
    return values
