// Drawing cards from their canonical tokens (README, Card notation): SK, H10, T21, T22 (škis /
// Sküs), EX (Excuse / skus), EX:S (a Danish skus lead naming a suit), DEMAND (the demand for the skus).

const SUITS = {S: "♠", H: "♥", D: "♦", C: "♣"};
const SUIT_NAMES = {S: "spades", H: "hearts", D: "diamonds", C: "clubs", T: "tarok"};
const SPECIAL = {slovenian: "škis", koenigrufen: "Sküs", french: "Excuse", danish: "skus"};
const TRUMP_WORD = {slovenian: "tarok", koenigrufen: "Tarock", french: "atout", danish: "tarok"};
const PAGAT = {slovenian: "pagat", koenigrufen: "Pagat", french: "petit", danish: "pagat"};
const MOND = {slovenian: "mond", koenigrufen: "Mond"};

// What a token is: {kind: "suit"|"trump"|"special"|"demand", suit, rank, number, named}
function parseToken(token) {
  if (token === "DEMAND") return {kind: "demand"};
  if (token === "EX" || token.startsWith("EX:") || token === "T22") {
    return {kind: "special", named: token.startsWith("EX:") ? token.slice(3) : null};
  }
  const trump = /^T(\d+)$/.exec(token);
  if (trump) return {kind: "trump", number: Number(trump[1])};
  return {kind: "suit", suit: token[0], rank: token.slice(1)};
}

function specialName(family) {
  return SPECIAL[family] || "Excuse";
}

function trumpCaption(number, family) {
  if (number === 1) return PAGAT[family] || "petit";
  if (number === 21 && MOND[family]) return MOND[family];
  return TRUMP_WORD[family] || "trump";
}

// Plain text for lists: K♥, 10♠, T21, škis, skus→♠, demand
export function cardText(token, family) {
  const c = parseToken(token);
  if (c.kind === "demand") return "demand";
  if (c.kind === "special") return specialName(family) + (c.named ? "→" + (SUITS[c.named] || "tarok") : "");
  if (c.kind === "trump") return "T" + c.number;
  return c.rank + SUITS[c.suit];
}

function cardClass(token) {
  const c = parseToken(token);
  if (c.kind === "suit") return c.suit === "H" || c.suit === "D" ? "red" : "black";
  return c.kind;
}

// An inline span for text lists, coloured like the card.
export function tokenSpan(token, family) {
  const span = document.createElement("span");
  span.className = "tok " + cardClass(token);
  span.textContent = cardText(token, family);
  return span;
}

// A card as drawn in a hand or a trick; a <button> when it can be played.
export function cardElement(token, family, clickable) {
  const c = parseToken(token);
  const el = document.createElement(clickable ? "button" : "span");
  el.className = "card " + cardClass(token);
  el.dataset.token = token;
  const top = document.createElement("span");
  top.className = "rank";
  const bottom = document.createElement("span");
  bottom.className = "suit";
  if (c.kind === "trump") {
    top.textContent = String(c.number);
    bottom.textContent = trumpCaption(c.number, family);
  } else if (c.kind === "special") {
    top.textContent = "★";
    bottom.textContent = specialName(family) + (c.named ? " " + (SUITS[c.named] || "T") : "");
  } else if (c.kind === "demand") {
    top.textContent = "!";
    bottom.textContent = "demand";
  } else {
    top.textContent = c.rank;
    bottom.textContent = SUITS[c.suit];
  }
  el.append(top, bottom);
  el.title = describe(token, family);
  return el;
}

// A longer description for tooltips and for the buttons of special moves.
function describe(token, family) {
  const c = parseToken(token);
  if (c.kind === "demand") return "demand the skus in trick 23 (DK-3.7)";
  if (c.kind === "special") {
    return specialName(family) + (c.named ? ", leading and naming " + SUIT_NAMES[c.named] : "");
  }
  if (c.kind === "trump") return `${TRUMP_WORD[family] || "trump"} ${c.number}` +
    (c.number === 1 || (c.number === 21 && MOND[family]) ? ` (${trumpCaption(c.number, family)})` : "");
  return `${c.rank} of ${SUIT_NAMES[c.suit]}`;
}

// The group a card is drawn in within a hand (a small gap between groups).
export function groupOf(token) {
  const c = parseToken(token);
  return c.kind === "suit" ? c.suit : c.kind;
}

// '46 2/3' -> '46⅔', '40.5' -> '40½' (short forms for the small value under a card)
export function shortValue(text) {
  return String(text).replace(/ ?1\/3$/, "⅓").replace(/ ?2\/3$/, "⅔").replace(/\.5$/, "½");
}
