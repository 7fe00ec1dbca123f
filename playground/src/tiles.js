// Mahjong tiles drawn in SVG, from MPSZ notation ("123m456p789s1122z", "0p" a red five). Each
// tile is an element whose accessible name is its text ("3 dots", "red dragon").

const SVG = "http://www.w3.org/2000/svg";
const CHINESE_NUMBERS = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
const HONOURS = [
  null,
  { text: "東", name: "east wind", colour: "#1b1b1b" },
  { text: "南", name: "south wind", colour: "#1b1b1b" },
  { text: "西", name: "west wind", colour: "#1b1b1b" },
  { text: "北", name: "north wind", colour: "#1b1b1b" },
  { text: "", name: "white dragon", colour: "#1d4f9c" },
  { text: "發", name: "green dragon", colour: "#17803d" },
  { text: "中", name: "red dragon", colour: "#c1121f" },
];
const FLOWERS = ["", "梅", "蘭", "菊", "竹", "春", "夏", "秋", "冬"];
const SUIT_NAMES = { m: "characters", p: "dots", s: "bamboo", f: "flower" };

// Where the dots of 1p..9p sit, in a 30 x 40 box: [x, y, radius].
const DOTS = [
  [],
  [[15, 20, 9]],
  [[15, 11, 6], [15, 29, 6]],
  [[8, 9, 5], [15, 20, 5], [22, 31, 5]],
  [[9, 11, 5], [21, 11, 5], [9, 29, 5], [21, 29, 5]],
  [[9, 10, 5], [21, 10, 5], [15, 20, 5], [9, 30, 5], [21, 30, 5]],
  [[9, 8, 4.3], [21, 8, 4.3], [9, 20, 4.3], [21, 20, 4.3], [9, 32, 4.3], [21, 32, 4.3]],
  [[7, 6, 3.6], [15, 10, 3.6], [23, 14, 3.6], [9, 24, 3.6], [21, 24, 3.6], [9, 33, 3.6], [21, 33, 3.6]],
  [[9, 6, 3.6], [21, 6, 3.6], [9, 15, 3.6], [21, 15, 3.6], [9, 25, 3.6], [21, 25, 3.6], [9, 34, 3.6], [21, 34, 3.6]],
  [[7, 8, 3.6], [15, 8, 3.6], [23, 8, 3.6], [7, 20, 3.6], [15, 20, 3.6], [23, 20, 3.6], [7, 32, 3.6], [15, 32, 3.6], [23, 32, 3.6]],
];
// Where the sticks of 2s..9s stand: [x, y] of each stick's top (each 12 high).
const STICKS = [
  [],
  [],
  [[15, 6], [15, 22]],
  [[15, 6], [9, 22], [21, 22]],
  [[9, 6], [21, 6], [9, 22], [21, 22]],
  [[8, 6], [22, 6], [15, 14], [8, 22], [22, 22]],
  [[7, 6], [15, 6], [23, 6], [7, 22], [15, 22], [23, 22]],
  [[15, 2], [7, 14], [15, 14], [23, 14], [7, 27], [15, 27], [23, 27]],
  [[7, 6], [15, 6], [23, 6], [11, 14], [19, 14], [7, 22], [15, 22], [23, 22]],
  [[7, 2], [15, 2], [23, 2], [7, 14], [15, 14], [23, 14], [7, 27], [15, 27], [23, 27]],
];

/** Reads MPSZ into tiles ["1m", "2m", "0p", ...]; letters without digits and other text are skipped. */
export function parseTiles(text) {
  const tiles = [];
  let digits = [];
  for (const ch of text.replace(/\s+/g, "")) {
    if (ch >= "0" && ch <= "9") digits.push(ch);
    else if ("mpszf".includes(ch)) {
      for (const d of digits) tiles.push(d + ch);
      digits = [];
    } else digits = [];
  }
  return tiles;
}

const SUIT_ORDER = { m: 0, p: 1, s: 2, z: 3, f: 4 };
/** Sort key of a tile: suit, then number (a red five as a five, after the plain ones). */
function tileKey(tile) {
  const n = tile[0] === "0" ? 5.5 : Number(tile[0]);
  return SUIT_ORDER[tile[1]] * 10 + n;
}

/** Tiles written back as sorted compact MPSZ ("123m55z"). */
export function formatTiles(tiles) {
  const sorted = [...tiles].sort((a, b) => tileKey(a) - tileKey(b));
  let text = "";
  for (let i = 0; i < sorted.length; i++) {
    text += sorted[i][0];
    if (i + 1 === sorted.length || sorted[i + 1][1] !== sorted[i][1]) text += sorted[i][1];
  }
  return text;
}

/** A tile's text for people ("red 5 dots", "east wind"). */
export function tileText(tile) {
  const [digit, suit] = tile;
  const n = Number(digit);
  if (suit === "z") return HONOURS[n]?.name ?? tile;
  if (suit === "f") return `flower ${n}`;
  if (n === 0) return `red 5 ${SUIT_NAMES[suit]}`;
  return `${n} ${SUIT_NAMES[suit] ?? suit}`;
}

function svg(name, attributes, text) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

/** The picture of one tile (an SVG, hidden from screen readers). */
function tilePicture(tile) {
  const [digit, suit] = tile;
  const red = digit === "0";
  const n = red ? 5 : Number(digit);
  const picture = svg("svg", { viewBox: "0 0 30 40", "aria-hidden": "true", focusable: "false" });
  if (suit === "m") {
    picture.append(
      svg("text", { x: 15, y: 17, "text-anchor": "middle", "font-size": 14, fill: red ? "#c1121f" : "#1b1b1b" }, CHINESE_NUMBERS[n]),
      svg("text", { x: 15, y: 35, "text-anchor": "middle", "font-size": 14, fill: "#c1121f" }, "萬"),
    );
  } else if (suit === "p") {
    for (const [index, [x, y, r]] of DOTS[n].entries()) {
      const colour = red ? "#c1121f" : index % 2 === 0 || n === 1 ? "#1d4f9c" : "#17803d";
      picture.append(
        svg("circle", { cx: x, cy: y, r, fill: "none", stroke: colour, "stroke-width": 1.6 }),
        svg("circle", { cx: x, cy: y, r: r / 2.6, fill: n === 1 ? "#c1121f" : colour }),
      );
    }
  } else if (suit === "s") {
    if (n === 1) {
      picture.append(
        svg("ellipse", { cx: 15, cy: 22, rx: 8, ry: 11, fill: "#17803d" }),
        svg("circle", { cx: 15, cy: 10, r: 4.5, fill: "#c1121f" }),
        svg("path", { d: "M11 30 L7 37 M19 30 L23 37", stroke: "#17803d", "stroke-width": 2 }),
      );
    } else {
      for (const [index, [x, y]] of STICKS[n].entries()) {
        const colour = red || (n === 9 && index % 3 === 1) || (n === 5 && index === 2) ? "#c1121f" : "#17803d";
        picture.append(
          svg("rect", { x: x - 2, y, width: 4, height: 11, rx: 1.6, fill: colour }),
          svg("line", { x1: x - 2, y1: y + 5.5, x2: x + 2, y2: y + 5.5, stroke: "#fff", "stroke-width": 0.8 }),
        );
      }
    }
  } else if (suit === "z") {
    const honour = HONOURS[n] ?? HONOURS[1];
    if (n === 5) {
      picture.append(svg("rect", { x: 5, y: 6, width: 20, height: 28, fill: "none", stroke: honour.colour, "stroke-width": 2.2, rx: 2 }));
    } else {
      picture.append(svg("text", { x: 15, y: 28, "text-anchor": "middle", "font-size": 20, fill: honour.colour }, honour.text));
    }
  } else {
    picture.append(
      svg("text", { x: 15, y: 26, "text-anchor": "middle", "font-size": 17, fill: "#9c4f1d" }, FLOWERS[n] ?? "花"),
      svg("text", { x: 25, y: 37, "text-anchor": "middle", "font-size": 8, fill: "#9c4f1d" }, String(n)),
    );
  }
  return picture;
}

/**
 * One tile. Options: `onClick` makes it a button; `badge` a small text under it (live copies);
 * `note` more text for screen readers; `small`.
 */
export function tileElement(tile, options = {}) {
  const element = document.createElement(options.onClick ? "button" : "span");
  element.className = "tile";
  if (options.small) element.classList.add("small");
  if (tile[0] === "0") element.classList.add("red-five");
  element.dataset.tile = tile;
  const label = tileText(tile) + (options.note ? `, ${options.note}` : "");
  element.setAttribute("aria-label", label);
  element.title = `${tile}: ${label}`;
  if (!options.onClick) element.setAttribute("role", "img");
  element.append(tilePicture(tile));
  if (options.badge !== undefined) {
    const badge = document.createElement("span");
    badge.className = "tile-badge";
    badge.setAttribute("aria-hidden", "true");
    badge.textContent = options.badge;
    element.append(badge);
  }
  if (options.onClick) {
    element.type = "button";
    element.addEventListener("click", () => options.onClick(tile));
  }
  return element;
}

/** A row of tiles labelled `label`. */
export function tileRow(tiles, label, options = {}) {
  const row = document.createElement("div");
  row.className = "tiles";
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", label);
  for (const tile of tiles) row.append(tileElement(tile, options.each ? options.each(tile) : options));
  if (tiles.length === 0) {
    const empty = document.createElement("span");
    empty.className = "empty";
    empty.textContent = options.emptyText ?? "(none)";
    row.append(empty);
  }
  return row;
}
