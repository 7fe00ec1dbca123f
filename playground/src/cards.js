// Playing cards drawn with HTML and CSS: each card is an element whose accessible name is its
// text ("10 of hearts", "black joker"), the drawing itself hidden from screen readers.

const SUITS = {
  S: { symbol: "\u2660", name: "spades", red: false },
  H: { symbol: "\u2665", name: "hearts", red: true },
  C: { symbol: "\u2663", name: "clubs", red: false },
  D: { symbol: "\u2666", name: "diamonds", red: true },
};
const RANK_NAMES = { J: "jack", Q: "queen", K: "king", A: "ace" };

/** A card code ("10H", "AS", "BJ", rank-only "7") read as {rank, suit, joker}. */
export function parseCard(code) {
  if (code === "BJ" || code === "RJ") return { rank: code, suit: null, joker: code };
  const last = code.slice(-1);
  if (SUITS[last]) return { rank: code.slice(0, -1), suit: last, joker: null };
  return { rank: code, suit: null, joker: null };
}

/** The rank of a card code ("10H" -> "10"). */
export function rankOf(code) {
  return parseCard(code).rank;
}

/** A card's text for people and screen readers. */
export function cardText(code) {
  const { rank, suit, joker } = parseCard(code);
  if (joker) return joker === "BJ" ? "black joker" : "red joker";
  const rankName = RANK_NAMES[rank] ?? rank;
  return suit ? `${rankName} of ${SUITS[suit].name}` : rankName;
}

function span(className, text) {
  const element = document.createElement("span");
  element.className = className;
  element.textContent = text;
  return element;
}

/**
 * One card. Options: `onClick` makes it a toggle button (aria-pressed), `selected`, `wild`
 * (a laizi card: marked, with its text saying so), `as` (the rank a wildcard stands for, shown
 * on the card), `small`.
 */
export function cardElement(code, options = {}) {
  const { rank, suit, joker } = parseCard(code);
  const element = document.createElement(options.onClick ? "button" : "span");
  element.className = "card";
  if (options.small) element.classList.add("small");
  const red = joker === "RJ" || (suit && SUITS[suit].red);
  element.classList.add(red ? "red" : "black");
  if (joker) element.classList.add("joker");
  if (!suit && !joker) element.classList.add("rank-only");
  let label = cardText(code);
  if (options.wild) {
    element.classList.add("wild");
    label += ", wildcard";
  }
  if (options.as) label += ` as ${options.as}`;
  element.setAttribute("aria-label", label);
  element.title = label;
  if (!options.onClick) element.setAttribute("role", "img");
  element.dataset.card = code;

  const face = document.createElement("span");
  face.className = "face";
  face.setAttribute("aria-hidden", "true");
  if (joker) {
    face.append(span("corner", "J\nO\nK\nE\nR"), span("pip", "\u2605"));
  } else {
    const symbol = suit ? SUITS[suit].symbol : "";
    face.append(span("corner", `${rank}\n${symbol}`), span("pip", symbol || rank));
  }
  if (options.wild) face.append(span("badge", "laizi"));
  if (options.as) face.append(span("as", `as ${options.as}`));
  element.append(face);

  if (options.onClick) {
    element.type = "button";
    element.setAttribute("aria-pressed", options.selected ? "true" : "false");
    element.addEventListener("click", () => options.onClick(element));
  }
  return element;
}

/** A row of cards (a hand, a play), labelled `label` for screen readers. */
export function cardRow(codes, label, options = {}) {
  const row = document.createElement("div");
  row.className = "cards";
  row.setAttribute("role", "group");
  row.setAttribute("aria-label", label);
  for (const code of codes) row.append(cardElement(code, options.each ? options.each(code) : options));
  if (codes.length === 0) row.append(span("empty", options.emptyText ?? "(none)"));
  return row;
}
