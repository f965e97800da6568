// Beowulf's pieces in words and in SVG: tile and figure tokens (see the game's notation.py),
// their names from the catalogue, and the small drawings the board, hands and scoring share.

import { s } from "../dom.js";

export const ROMAN = ["I", "II", "III"];
export const SEAT_LETTERS = "abcd";
const TILE = /^([EVWDMSAHTC]?)([+-]\d+)?$/;
const FIGURE = /^([a-d])([1-4])$/;
const TYPE_OF_LETTER = {
  E: "temptation", V: "valour", W: "treasure", D: "drunkenness", M: "mead", S: "statue",
  A: "counsel", H: "horn", T: "treachery", C: "gorge",
};
// A glyph per special tile, so they differ at a glance (the letter is the notation's).
const GLYPH = {
  temptation: "E", valour: "V", treasure: "W", drunkenness: "D", mead: "M", statue: "S",
  counsel: "A", horn: "H", treachery: "T", gorge: "C",
};
const MINUS = "\u2212";

export function signed(value) {
  return value > 0 ? `+${value}` : value < 0 ? `${MINUS}${-value}` : "0";
}

/** A board or hand token: {kind: "empty"|"none"|"gorge"|"figure"|"tile", ...}. */
export function parseToken(token) {
  const [face, act] = String(token).split("/");
  if (face === ".") return { kind: "empty" };
  if (face === "#") return { kind: "none" };
  if (face === "X") return { kind: "gorge" };
  const fig = FIGURE.exec(face);
  if (fig) return { kind: "figure", seat: SEAT_LETTERS.indexOf(fig[1]), diamonds: Number(fig[2]) };
  const tile = TILE.exec(face);
  if (tile && (tile[1] || tile[2])) {
    return { kind: "tile", type: tile[1] ? TYPE_OF_LETTER[tile[1]] : "plain",
             value: tile[2] ? Number(tile[2]) : 0, act: act || null, face };
  }
  return { kind: "unknown", face };
}

export function cellLabel(row, col) {
  return `${String.fromCharCode(65 + col)}${row + 1}`;
}

export function actName(t, act) {
  return t("act", { act: typeof act === "number" ? ROMAN[act - 1] : act });
}

export function figureName(t, diamonds) {
  return t("figure.label", { name: t(`figure.${diamonds}`), diamonds });
}

/** `boon +3`, `Treasure +1 (Act II)`, like the terminal's tile_name. */
export function tileName(t, token) {
  const piece = parseToken(token);
  if (piece.kind !== "tile") return String(token);
  let name;
  if (piece.type === "plain") {
    name = t(piece.value > 0 ? "tile.boon" : "tile.peril", { value: signed(piece.value) });
  } else {
    name = t(`tile.${piece.type}`);
    if (piece.value) name = t("tile.with_value", { name, value: signed(piece.value) });
  }
  if (piece.act) name = t("tile.with_act", { name, act: actName(t, piece.act) });
  return name;
}

function tileClass(piece) {
  if (piece.type !== "plain") return `tile special tile-${piece.type}`;
  return piece.value > 0 ? "tile boon" : "tile peril";
}

/** The smallest tile that still has room for a special tile's name under its glyph. */
const NAMED_SIZE = 48;

/** One tile face, `size` wide, its top-left corner at (x, y). With `t` (the catalogue) and room
 * enough, a special tile also shows its name, so nobody has to know what a letter stands for. */
export function tileSvg(piece, x, y, size, t = null) {
  const mid = size / 2;
  const parts = [s("rect", { x: x + 2, y: y + 2, width: size - 4, height: size - 4, rx: 6,
                             class: tileClass(piece) })];
  const named = t && piece.type !== "plain" && size >= NAMED_SIZE;
  if (piece.type === "plain") {
    parts.push(s("text", { x: x + mid, y: y + mid + size * 0.13, class: "tile-value",
                           "font-size": size * 0.4 }, signed(piece.value)));
  } else if (named) {
    const name = t(`tile.short.${piece.type}`);
    parts.push(s("text", { x: x + mid, y: y + size * (piece.value ? 0.38 : 0.5),
                           class: "tile-glyph", "font-size": size * 0.3 }, GLYPH[piece.type]));
    if (piece.value) {
      parts.push(s("text", { x: x + mid, y: y + size * 0.64, class: "tile-small",
                             "font-size": size * 0.2 }, signed(piece.value)));
    }
    parts.push(s("text", { x: x + mid, y: y + size * 0.86, class: "tile-name",
                           "font-size": Math.min(size * 0.15, (size * 1.5) / name.length) },
                 name));
  } else {
    parts.push(s("text", { x: x + mid, y: y + mid + (piece.value ? 0 : size * 0.12),
                           class: "tile-glyph", "font-size": size * 0.36 }, GLYPH[piece.type]));
    if (piece.value) {
      parts.push(s("text", { x: x + mid, y: y + size * 0.82, class: "tile-small",
                             "font-size": size * 0.24 }, signed(piece.value)));
    }
  }
  if (piece.act) {
    parts.push(s("text", { x: x + size - 7, y: y + 14, class: "tile-act",
                           "font-size": size * 0.17, "text-anchor": "end" }, piece.act));
  }
  return parts;
}

/** A tile's back: only its act shows (R7.1). */
export function tileBackSvg(act, x, y, size) {
  return [
    s("rect", { x: x + 2, y: y + 2, width: size - 4, height: size - 4, rx: 5, class: "tile-back" }),
    s("text", { x: x + size / 2, y: y + size / 2 + size * 0.12, class: "tile-back-act",
                "font-size": size * 0.34 }, act ? ROMAN[act - 1] : ""),
  ];
}

/** A figure: a disc in the seat's colour with its diamonds. */
export function figureSvg(seat, diamonds, x, y, size) {
  const mid = size / 2;
  return [
    s("circle", { cx: x + mid, cy: y + mid, r: size * 0.36, class: `figure seat-fill-${seat}` }),
    s("text", { x: x + mid, y: y + mid - size * 0.02, class: "figure-letter",
                "font-size": size * 0.24 }, SEAT_LETTERS[seat].toUpperCase()),
    s("text", { x: x + mid, y: y + mid + size * 0.24, class: "figure-diamonds",
                "font-size": size * 0.2 }, `◆${diamonds}`),
  ];
}

export function gorgeSvg(x, y, size) {
  return [s("rect", { x: x + 1, y: y + 1, width: size - 2, height: size - 2, class: "gorge" }),
          s("path", { d: `M${x + 8} ${y + size - 8} L${x + size / 2} ${y + 10} L${x + size - 8} ${y + size - 8}`,
                      class: "gorge-mark" })];
}
