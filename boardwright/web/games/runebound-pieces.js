// Runebound's pieces in words and in SVG, shared by the map, the sheets and the table: terrain
// colours and symbols, adventure counters (a colour and a shape each), hero tokens, movement
// dice with their terrain faces, card names and what a card does.

import { s } from "../dom.js";

export const COLOURS = ["green", "yellow", "blue", "red"];
export const MODES = ["ranged", "melee", "magic"];
export const ATTRS = ["mind", "body", "spirit"];
export const TERRAINS = ["plains", "road", "river", "swamp", "forest", "hills", "mountain", "city"];
export const REWARD = 1000;   // item keys from here on are kept adventure cards (state.py)
export const HIDDEN = -1;     // the doom track's unseen first card (R10.2)

export const TERRAIN_FILL = {
  plains: "#e6dc94", road: "#d5b889", river: "#86bde6", swamp: "#8d9c68", forest: "#5c9651",
  hills: "#c2a266", mountain: "#9b958e", city: "#faf6ee",
};
export const COUNTER_FILL = ["#2e9e45", "#f2c417", "#2f6fe0", "#d2302c"];

/** A small drawing per terrain, centred on (0, 0), for a hex of radius about 20. */
const TERRAIN_MARK = {
  plains: { d: "M-7 3l1.5-4 1.5 4M2 -1l1.5-4 1.5 4M-2 8l1.5-4 1.5 4", cls: "stroke" },
  road: { d: "M-13 4C-5 -3 5 7 13 -2", cls: "road" },
  river: { d: "M-10-2q2.5-3 5 0t5 0t5 0t5 0M-10 4q2.5-3 5 0t5 0t5 0t5 0", cls: "wave" },
  swamp: { d: "M-8 5h16M-6 5v-5M-4 5v-3M3 5v-6M5 5v-3M-1 5v-2", cls: "stroke" },
  forest: { d: "M-9 6l4-10 4 10zM1 6l4-10 4 10zM-4 1l4-10 4 10z", cls: "tree" },
  hills: { d: "M-10 5q5-10 10 0M0 5q5-10 10 0", cls: "stroke" },
  mountain: { d: "M-11 7L-3-7 2 0 5-4 11 7z", cls: "peak" },
  city: { d: "M-8 8V-1h2.5v-3h3v3h5v-3h3v3H8V8z", cls: "castle" },
};

export function terrainMark(terrain, x, y, scale) {
  const mark = TERRAIN_MARK[terrain];
  if (!mark) return null;
  return s("path", { d: mark.d, class: `rb-mark rb-mark-${mark.cls}`, "aria-hidden": "true",
                     transform: `translate(${x} ${y}) scale(${scale})` });
}

/** An adventure counter: green circle, yellow triangle, blue square, red diamond (colour is
 * never the only cue). */
export function counterShape(colour, x, y, r, attrs = {}) {
  const cls = `rb-counter rb-counter-${COLOURS[colour]}`;
  const fill = COUNTER_FILL[colour];
  const base = { class: cls, fill, ...attrs };
  switch (colour) {
    case 0: return s("circle", { cx: x, cy: y, r: r * 0.95, ...base });
    case 1: return s("polygon", { points: `${x},${y - r * 1.1} ${x + r * 1.1},${y + r * 0.85} ${x - r * 1.1},${y + r * 0.85}`, ...base });
    case 2: return s("rect", { x: x - r * 0.85, y: y - r * 0.85, width: r * 1.7, height: r * 1.7, ...base });
    default: return s("polygon", { points: `${x},${y - r * 1.2} ${x + r},${y} ${x},${y + r * 1.2} ${x - r},${y}`, ...base });
  }
}

/** A counter as a small inline icon (for sheets and the key). */
export function counterIcon(colour, size = 14, title = null) {
  return s("svg", { viewBox: "-8 -8 16 16", width: size, height: size, class: "rb-icon",
                    role: title ? "img" : undefined, "aria-label": title || undefined,
                    "aria-hidden": title ? undefined : "true" },
    title ? s("title", {}, title) : null, counterShape(colour, 0, 0, 6.2));
}

export function seatLetter(seat) {
  return String.fromCharCode(65 + seat);
}

/** A hero token: a disc in the seat's colour with the seat's letter. */
export function heroToken(seat, x, y, r) {
  return [
    s("circle", { cx: x, cy: y, r, class: `rb-hero rb-seat-${seat}` }),
    s("text", { x, y: y + r * 0.38, class: "rb-hero-letter", "font-size": r * 1.1 },
      seatLetter(seat)),
  ];
}

export function heroIcon(seat, size = 18) {
  return s("svg", { viewBox: "-10 -10 20 20", width: size, height: size, class: "rb-icon",
                    "aria-hidden": "true" }, ...heroToken(seat, 0, 0, 9));
}

/** One movement die face: a rounded square cut into bands, one per terrain it shows. */
export function dieFace(terrains, size, { used = false } = {}) {
  const n = terrains.length || 1;
  const inner = size - 4;
  const bands = terrains.flatMap((terrain, i) => {
    const y = 2 + (inner * i) / n;
    return [s("rect", { x: 2, y, width: inner, height: inner / n, fill: TERRAIN_FILL[terrain] }),
            terrainMark(terrain, size / 2, y + inner / n / 2, Math.min(0.75, inner / n / 20))];
  });
  return s("svg", { viewBox: `0 0 ${size} ${size}`, width: size, height: size,
                    class: `rb-die${used ? " used" : ""}`, "aria-hidden": "true" },
    s("clipPath", { id: `rb-clip-${size}` },
      s("rect", { x: 2, y: 2, width: inner, height: inner, rx: 5 })),
    s("g", { "clip-path": `url(#rb-clip-${size})` }, ...bands),
    s("rect", { x: 1.5, y: 1.5, width: size - 3, height: size - 3, rx: 6, class: "rb-die-edge" }),
    used ? s("path", { d: `M6 6L${size - 6} ${size - 6}M${size - 6} 6L6 ${size - 6}`,
                       class: "rb-die-used" }) : null);
}

/** A blank die with pips for the number of dice chosen (0 dice: a resting mark). */
export function blankDie(size) {
  return s("svg", { viewBox: `0 0 ${size} ${size}`, width: size, height: size,
                    class: "rb-die blank", "aria-hidden": "true" },
    s("rect", { x: 1.5, y: 1.5, width: size - 3, height: size - 3, rx: 4, class: "rb-die-edge" }));
}

// --- words -----------------------------------------------------------------------------

export function terrainName(t, terrain) {
  return t(`web.runebound.terrain.${terrain}`);
}

export function faceName(t, terrains) {
  return terrains.map((x) => terrainName(t, x)).join(" / ");
}

/** A city's name in the player's language: the Hungarian rulebook names three cities its own
 * way (Vynelvölgy, Fagykapu, Hajnalláp); the content's name where a language has none. */
export function cityName(t, name) {
  const key = `city.${name}`;
  const text = t(key);
  return text === key ? name : text;
}

export function colourName(t, colour) {
  return t(`colour.${typeof colour === "number" ? COLOURS[colour] : colour}`);
}

export function cardName(map, key) {
  return key >= REWARD ? map.adventures[key - REWARD][0] : map.market[key][0];
}

/** The values of a card or hero: {life, stamina, mind: [value, damage], body, spirit}. */
export function fighter(list) {
  if (!list) return null;
  const [life, stamina, m, md, b, bd, sp, sd] = list;
  return { life, stamina, mind: [m, md], body: [b, bd], spirit: [sp, sd] };
}

/** What an effect does, in words ("first strike: ranged, 2 damage; costs 1 exhaustion"). */
export function effectText(t, effect) {
  if (!effect) return "";
  const params = {
    mode: effect.mode ? t(`mode.${effect.mode}`) : "", amount: effect.amount || 0,
    damage: effect.damage || 0, exhaustion: effect.exhaustion || 0,
    skill: effect.skill ? skillName(t, effect.skill) : "",
  };
  let text = t(`web.runebound.effect.${effect.kind}`, params);
  if (effect.exhaustion) text += t("web.runebound.effect.costs", params);
  if (effect.repeatable) text += t("web.runebound.effect.repeatable");
  if (effect.usage) text += ` (${t(`web.runebound.usage.${effect.usage}`)})`;
  return text;
}

export function skillName(t, skill) {
  const key = `web.runebound.skill.${skill}`;
  const text = t(key);
  return text === key ? skill : text;
}

/** Mind/Body/Spirit as "Mind 3 (2)" for a tooltip line. */
export function statsText(t, f) {
  return ATTRS.map((a) => t("web.runebound.stat_line", {
    attr: t(`web.runebound.attr.${a}`), value: f[a][0], damage: f[a][1] })).join(" · ");
}

/** An adventure card described for a tooltip. */
export function adventureText(t, map, card) {
  const [name, colour, kind, , info = {}] = map.adventures[card];
  const lines = [`${name} — ${t(`web.runebound.kind.${kind}`, { colour: colourName(t, colour) })}`];
  const f = fighter(info.fighter);
  if (f) {
    lines.push(t("web.runebound.card.life", { life: f.life }));
    lines.push(ATTRS.map((a, i) => t("web.runebound.card.attack", {
      mode: t(`mode.${MODES[i]}`), target: f[a][0], damage: f[a][1] })).join("; "));
  }
  for (const b of info.before || []) {
    lines.push(b.kind === "skill_test"
      ? t("web.runebound.card.before_test", { attr: t(`web.runebound.attr.${b.attr || "body"}`),
        skill: b.skill ? skillName(t, b.skill) : "", target: b.target || 0,
        wounds: b.fail_wounds || 0 })
      : t("web.runebound.card.before_strike", { mode: t(`mode.${b.mode || "ranged"}`),
        wounds: b.wounds || 0 }));
  }
  if (info.test) {
    lines.push(t("web.runebound.card.test", { attr: t(`web.runebound.attr.${info.test.attr}`),
      target: info.test.target, wounds: info.fail_wounds || 0 })
      + (info.test.skill ? ` (${skillName(t, info.test.skill)})` : ""));
  }
  if (info.quest) lines.push(t("web.runebound.card.quest", { city: cityName(t, info.quest) }));
  if (info.event) {
    lines.push(t("web.runebound.card.event", { number: "I".repeat(info.event) }));
    if (info.refill) {
      lines.push(t("web.runebound.card.refill", {
        colours: info.refill.map((c) => colourName(t, c)).join(t("list.separator")) }));
    }
    for (const e of info.effects || []) {
      lines.push(t(`web.runebound.event_effect.${e.kind}`, {
        amount: e.amount, cities: (e.cities || []).map((c) => cityName(t, c)).join(t("list.separator")) }));
    }
  }
  const reward = rewardText(t, info);
  if (reward) lines.push(reward);
  return lines.join("\n");
}

export function rewardText(t, info) {
  const parts = [];
  if (info.gold) parts.push(t("web.runebound.reward.gold", { gold: info.gold }));
  if (info.rune) parts.push(t("web.runebound.reward.rune"));
  if (info.win) parts.push(t("web.runebound.reward.win"));
  if (info.keep) parts.push(t("web.runebound.reward.keep", { effect: effectText(t, info.keep) }));
  if (info.ally) parts.push(t("web.runebound.reward.ally"));
  return parts.length ? t("web.runebound.reward", { reward: parts.join(t("list.separator")) }) : "";
}

/** A market card described for a tooltip. */
export function marketText(t, map, key) {
  if (key >= REWARD) return adventureText(t, map, key - REWARD);
  const [name, kind, cost, , info = {}] = map.market[key];
  const lines = [];
  if (kind === "ally") {
    const f = fighter(info.fighter);
    lines.push(`${name} — ${t("web.runebound.ally_card", { cost })}`);
    lines.push(t("web.runebound.card.ally", { life: f.life, stamina: f.stamina }));
    lines.push(statsText(t, f));
    if (info.ability) lines.push(effectText(t, info.ability));
  } else {
    lines.push(`${name} — ${t(`web.runebound.item_kind.${(info.item_kind || "weapon").replace(" ", "_")}`)}`
      + `, ${t("web.runebound.cost", { cost })}`);
    if (info.effect) lines.push(effectText(t, { ...info.effect, usage: info.usage }));
  }
  return lines.join("\n");
}
