// The table: deal facts, the hands around the table in seat order, the trick in the middle,
// each party's tricks and points, the tricks played and the piles.
import {cardElement, cardText, groupOf, shortValue, tokenSpan} from "./cards.js";
import {el} from "./dom.js";

// Where each seat sits (areas of a 3x3 grid), seat 0 at the bottom, in the direction of play.
const AREAS = {3: ["b", "tr", "tl"], 4: ["b", "r", "t", "l"], 5: ["b", "r", "tr", "tl", "l"]};

function seatAreas(players, direction) {
  const around = AREAS[players];
  return direction === "clockwise" ? [around[0], ...around.slice(1).reverse()] : around;
}

function partyColour(view, seat) {
  if (view.contract.each_for_himself) return `var(--${seat < 2 ? "side-" + seat : "seat-" + seat})`;
  return `var(--side-${view.seats[seat].party})`;
}

export function renderInfo(view, box) {
  box.replaceChildren();
  box.append(el("span", "title", `${view.variant.name} — ${view.contract.name}`));
  const fact = (label, value) => {
    const span = el("span", "fact", label + " ");
    span.append(el("b", "", value));
    box.append(span);
  };
  if (view.declarer !== null) fact("declarer", "seat " + view.declarer);
  if (view.called_king) {
    fact("called king", cardText(view.called_king, view.variant.family) +
      (view.partner !== null ? ", partner seat " + view.partner : ", no partner (held by the declarer or fallen)"));
  } else if (view.partner !== null) {
    fact("partner", "seat " + view.partner);
  }
  if (view.dealer !== null) fact("dealer", "seat " + view.dealer);
  if (view.announcements.length) fact("announced", view.announcements.join(", "));
  if (view.composed) box.append(el("span", "fact", "composed endgame"));
  if (view.is_over) {
    fact("play is over", view.end_reason || "every card played");
  } else {
    fact("trick", `${view.trick_number} of ${view.variant.tricks}`);
    fact("to play", "seat " + view.to_move);
  }
}

// Cards a legal token plays (EX:S plays EX), for marking the hand.
function playable(view) {
  const set = new Set();
  for (const token of view.legal) set.add(token.includes(":") ? token.split(":")[0] : token);
  return set;
}

export function renderTable(view, box, onPlay) {
  const family = view.variant.family;
  const areas = seatAreas(view.variant.players, view.direction);
  box.className = `table n${view.variant.players}`;
  box.replaceChildren();
  const legal = playable(view);
  for (const seat of view.seats) {
    const moving = seat.seat === view.to_move;
    const panel = el("div", `seat area-${areas[seat.seat]}` + (moving ? " to-move" : ""));
    panel.dataset.seat = seat.seat;
    const head = el("div", "seat-head");
    const dot = el("span", "party-dot");
    dot.style.background = partyColour(view, seat.seat);
    head.append(dot, el("span", "name", "Seat " + seat.seat));
    for (const role of seat.roles) {
      const text = role === "partner" && view.called_king ? `partner (${cardText(view.called_king, family)})` : role;
      head.append(el("span", "badge " + role, text));
    }
    if (moving) head.append(el("span", "badge move", "to play"));
    head.append(el("span", "badge", `${seat.hand.length} card${seat.hand.length === 1 ? "" : "s"}`));
    const hand = el("div", "hand" + (moving ? " moving" : ""));
    let group = null;
    for (const token of seat.hand) {
      if (group !== null && groupOf(token) !== group) hand.append(el("span", "gap"));
      group = groupOf(token);
      const canPlay = moving && view.legal.includes(token);
      const card = cardElement(token, family, canPlay);
      if (moving) card.classList.add(legal.has(token) ? "legal" : "illegal");
      if (canPlay) card.addEventListener("click", () => onPlay(token));
      hand.append(card);
    }
    if (!seat.hand.length) hand.append(el("span", "empty", "no cards"));
    panel.append(head, hand);
    const moves = moving ? view.legal.filter((t) => !seat.hand.includes(t)) : [];
    if (moves.length) {  // a Danish skus lead naming a suit, the demand for the skus
      const row = el("div", "hand moves");
      for (const token of moves) {
        const card = cardElement(token, family, true);
        card.classList.add("legal");
        card.addEventListener("click", () => onPlay(token));
        row.append(card);
      }
      panel.append(el("div", "seat-head", "or:"), row);
    }
    box.append(panel);
  }
  box.append(renderCenter(view, areas));
}

function renderCenter(view, areas) {
  const family = view.variant.family;
  const last = view.tricks.length ? view.tricks[view.tricks.length - 1] : null;
  const showing = view.current_trick.length || !last ? {cards: view.current_trick, winner: null} : last;
  const center = el("div", "center area-c" + (showing === last ? " last" : ""));
  for (const [seat, token] of showing.cards) {
    const played = el("div", `played area-${areas[seat]}` + (showing.winner === seat ? " winner" : ""));
    played.append(cardElement(token, family, false), el("span", "", "seat " + seat));
    center.append(played);
  }
  let caption;
  if (showing === last) {
    caption = `trick ${last.number} won by seat ${last.winner}`;
  } else if (view.is_over) {
    caption = "play is over";
  } else if (!view.current_trick.length) {
    caption = `trick ${view.trick_number}: seat ${view.to_move} leads`;
  } else {
    caption = `trick ${view.trick_number}`;
  }
  if (showing.named) caption += ` (the skus named ${cardText("EX:" + showing.named, family).split("→")[1]})`;
  center.append(el("div", "caption", caption));
  return center;
}

export function renderScore(view, box) {
  box.replaceChildren();
  for (const party of view.parties) {
    const item = el("div", "party");
    item.dataset.party = party.party;
    item.style.borderLeftColor = partyColour(view, party.seats[0]);
    const seats = party.seats.length > 1 || !view.contract.each_for_himself ?
      ` (seat${party.seats.length > 1 ? "s" : ""} ${party.seats.join(", ")})` : "";
    item.append(el("div", "label", party.name + seats));
    const line = el("div", "");
    const noun = view.variant.unit_name === "P" ? "P" : party.display === "1" ? "point" : "points";
    line.append(el("span", "points", `${party.display} ${noun}`),
      el("span", "tricks", `${party.tricks} trick${party.tricks === 1 ? "" : "s"}`));
    item.append(line);
    box.append(item);
  }
  if (view.is_over && view.end_reason) box.append(el("span", "end-reason", view.end_reason));
}

export function renderTricks(view, box, onJump) {
  box.replaceChildren();
  if (!view.record.length) {
    box.append(el("p", "note", "No card played yet."));
    return;
  }
  const family = view.variant.family;
  const table = el("table");
  const head = el("tr");
  head.append(el("th", "", "#"), el("th", "", "seat:card, winner underlined"));
  table.append(head);
  const inRecord = new Map(view.record_tricks.map((t) => [t.number, t]));
  for (const [number, start] of Object.entries(view.trick_starts)) {
    const trick = inRecord.get(Number(number));
    const current = Number(number) === view.trick_number && !view.is_over;
    const row = el("tr", current ? "here" : start >= view.at ? "future" : "");
    row.dataset.trick = number;
    row.title = `go to the start of trick ${number}`;
    row.addEventListener("click", () => onJump(start));
    const cards = el("td");
    for (const [seat, token] of trick ? trick.cards : []) {
      const item = el("span", seat === trick.winner ? "won" : "");
      item.append(`${seat}:`, tokenSpan(token, family));
      cards.append(item, " ");
    }
    if (!trick) cards.append(el("span", "note", "unfinished in the record"));
    row.append(el("td", "", number), cards);
    table.append(row);
  }
  box.append(table);
}

export function renderPiles(view, box) {
  box.replaceChildren();
  if (!view.piles.length) box.append(el("p", "note", "All cards are in the hands."));
  for (const pile of view.piles) {
    const line = el("div");
    line.append(el("span", "label", pile.label + ": "));
    for (const token of pile.cards) line.append(tokenSpan(token, view.variant.family), " ");
    box.append(line);
  }
}

// Each legal card's value (from a solve) under the card in the hand of the seat to move.
export function showValues(box, result) {
  for (const entry of result.cards) {
    const card = box.querySelector(`.seat.to-move .card[data-token="${entry.card}"]`);
    if (!card) continue;
    card.querySelector(".val")?.remove();
    card.classList.remove("best", "worse", "unknown");
    const val = el("span", "val");
    if (entry.value === null) {
      card.classList.add("unknown");
      val.textContent = "?";
    } else if (entry.best) {
      card.classList.add("best");
      val.textContent = shortValue(entry.display);
    } else if (entry.loss_display !== null) {
      card.classList.add("worse");
      val.textContent = typeof entry.value === "boolean" ? entry.display : "−" + shortValue(entry.loss_display);
    } else {
      val.textContent = shortValue(entry.display);
    }
    card.dataset.name = card.dataset.name || card.title;
    card.title = `${card.dataset.name}: ${entry.display}` + (entry.loss_display ? ` (loses ${entry.loss_display})` : "");
    card.append(val);
  }
}

export function clearValues(box) {
  for (const card of box.querySelectorAll(".card .val")) card.remove();
  for (const card of box.querySelectorAll(".card.best, .card.worse, .card.unknown")) {
    card.classList.remove("best", "worse", "unknown");
  }
}
