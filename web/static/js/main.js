// The deal viewer: loading a deal, the position shown (the deal, its whole play record and how
// many of its cards are played), stepping through the record, playing cards, the URL fragment.
import {ApiError, getJSON, postJSON} from "./api.js";
import {AnalysisPanel} from "./analysis.js";
import {SolvePanel} from "./solve.js";
import {renderInfo, renderPiles, renderScore, renderTable, renderTricks} from "./table.js";
import {$} from "./dom.js";

const state = {
  view: null,  // the server's view of the position (web/views.py position_view)
  loaded: null,  // the deal as loaded, with its whole record (to come back to after playing other cards)
  request: 0,  // the latest position request: answers to older ones are dropped
};

function showError(id, message) {
  const box = $(id);
  box.textContent = message || "";
  box.hidden = !message;
}

// Ask the server for a position; show it unless a newer request was made meanwhile.
async function fetchView(deal, at, errorBox) {
  const request = ++state.request;
  try {
    const view = await postJSON("/api/position", {deal, at});
    if (request !== state.request) return null;
    showError(errorBox, null);
    show(view);
    return view;
  } catch (error) {
    if (request === state.request) showError(errorBox, error instanceof ApiError ? error.message : String(error));
    return null;
  }
}

async function load(deal, at = null, textForBox = null) {
  if (textForBox !== null) $("deal-text").value = textForBox;
  const view = await fetchView(deal, at, "load-error");
  if (view) {
    state.loaded = view.deal;
    showError("play-error", null);
    $("reset-button").hidden = true;
  }
  return view;
}

// A new game record is shown at the start of play when it is a whole game, else where it stops.
function defaultAt(view) {
  return view.is_over && view.record.length ? 0 : view.record.length;
}

function goTo(at) {
  const view = state.view;
  if (!view) return;
  at = Math.max(0, Math.min(view.record.length, at));
  if (at !== view.at) fetchView(view.deal, at, "play-error");
}

function withRecord(record) {
  const deal = Object.assign({}, state.view.deal);
  if (record.length) deal.play = record.join(" ");
  else delete deal.play;
  return deal;
}

// Play cards at the current position: the record's own next cards just step forward; other cards
// replace the rest of the record.
async function playLine(tokens) {
  const view = state.view;
  if (!view || !tokens.length) return;
  const ahead = view.record.slice(view.at, view.at + tokens.length);
  if (ahead.length === tokens.length && ahead.every((t, i) => t === tokens[i])) {
    goTo(view.at + tokens.length);
    return;
  }
  const shown = await fetchView(withRecord(view.record.slice(0, view.at).concat(tokens)), view.at + tokens.length,
    "play-error");
  if (shown) $("reset-button").hidden = false;
}

function show(view) {
  state.view = view;
  $("viewer").hidden = false;
  $("welcome").hidden = true;
  renderInfo(view, $("deal-info"));
  renderTable(view, $("table"), (token) => playLine([token]));
  renderScore(view, $("score"));
  renderTricks(view, $("tricks"), goTo);
  renderPiles(view, $("piles"));
  const select = $("nav-trick");
  select.replaceChildren();
  for (const [number, start] of Object.entries(view.trick_starts)) {
    const option = document.createElement("option");
    option.value = start;
    option.textContent = `trick ${number}`;
    select.append(option);
  }
  select.value = String(trickStart(view, view.at));
  $("nav-where").textContent = `card ${view.at} of ${view.record.length}`;
  $("nav-start").disabled = $("nav-back").disabled = $("nav-trick-back").disabled = view.at === 0;
  const atEnd = view.at === view.record.length;
  $("nav-end").disabled = $("nav-forward").disabled = $("nav-trick-forward").disabled = atEnd;
  writeHash(view);
  solvePanel.setView(view);
  analysisPanel.setView(view);
}

function starts(view) {
  return Object.values(view.trick_starts).sort((a, b) => a - b);
}

// The record index where the trick containing card `at` starts.
function trickStart(view, at) {
  return starts(view).filter((s) => s <= at).pop() ?? 0;
}

function trickBack() {
  const view = state.view;
  const start = trickStart(view, view.at);
  goTo(start < view.at ? start : trickStart(view, view.at - 1));
}

function trickForward() {
  const view = state.view;
  const next = starts(view).find((s) => s > view.at);
  goTo(next === undefined ? view.record.length : next);
}

// ---- the URL fragment: #deal=<one-line form>&at=<cards played>

function writeHash(view) {
  const hash = `#deal=${encodeURIComponent(view.line)}&at=${view.at}`;
  if (location.hash !== hash) history.replaceState(null, "", hash);
}

function readHash() {
  const text = location.hash.slice(1);
  if (!text) return null;
  const params = new URLSearchParams(text.startsWith("deal=") ? text : "deal=" + text);
  const at = params.get("at");
  return {deal: params.get("deal"), at: at !== null && /^\d+$/.test(at) ? Number(at) : null};
}

async function loadFromHash() {
  const wanted = readHash();
  if (!wanted || !wanted.deal) return;
  if (state.view && state.view.line === wanted.deal) {
    if (wanted.at !== null) goTo(wanted.at);
    return;
  }
  const view = await load(wanted.deal, wanted.at, wanted.deal);
  if (view && wanted.at === null) goTo(defaultAt(view));
}

async function loadFresh(deal, text) {
  const view = await load(deal, null, text);
  if (view) goTo(defaultAt(view));
}

// ---- the loading controls

async function setUp() {
  const info = await getJSON("/api/info");
  $("version").textContent = "v" + info.version;
  for (const name of info.examples) {
    const option = document.createElement("option");
    option.value = option.textContent = name;
    $("example").append(option);
  }
  for (const variant of info.variants) {
    const option = document.createElement("option");
    option.value = variant.id;
    option.textContent = variant.name;
    $("random-variant").append(option);
  }
  const contracts = () => {
    const variant = info.variants.find((v) => v.id === $("random-variant").value);
    $("random-contract").replaceChildren(...variant.contracts.map((c) => {
      const option = document.createElement("option");
      option.value = c.id;
      option.textContent = c.name;
      option.selected = c.id === variant.default_contract;
      return option;
    }));
  };
  $("random-variant").addEventListener("change", contracts);
  contracts();

  $("load-button").addEventListener("click", () => loadFresh($("deal-text").value, null));
  $("upload").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    if (file.size > info.limits.max_body / 2) {
      showError("load-error", `${file.name} is ${file.size} bytes: a deal file is a few KB at most`);
      return;
    }
    const text = await file.text();
    event.target.value = "";
    loadFresh(text, text);
  });
  $("example").addEventListener("change", async () => {
    const name = $("example").value;
    if (!name) return;
    try {
      const game = await getJSON("/api/examples/" + encodeURIComponent(name));
      loadFresh(game.deal, game.line);
    } catch (error) {
      showError("load-error", error.message);
    }
  });
  $("random-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const seedText = $("random-seed").value.trim();
    try {
      const dealt = await postJSON("/api/deal", {variant: $("random-variant").value,
        contract: $("random-contract").value || null, seed: seedText === "" ? null : Number(seedText)});
      $("random-seed").value = dealt.seed;
      loadFresh(dealt.deal, dealt.line);
    } catch (error) {
      showError("load-error", error.message);
    }
  });
  $("share-button").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      $("share-note").textContent = "Link copied.";
    } catch (error) {
      $("share-note").textContent = "Copy the page's address: it holds the deal and the position.";
    }
  });

  $("nav-start").addEventListener("click", () => goTo(0));
  $("nav-back").addEventListener("click", () => goTo(state.view.at - 1));
  $("nav-forward").addEventListener("click", () => goTo(state.view.at + 1));
  $("nav-end").addEventListener("click", () => goTo(state.view.record.length));
  $("nav-trick-back").addEventListener("click", trickBack);
  $("nav-trick-forward").addEventListener("click", trickForward);
  $("nav-trick").addEventListener("change", () => goTo(Number($("nav-trick").value)));
  $("reset-button").addEventListener("click", () => {
    const at = Math.min(state.view.at, (state.loaded.play || "").split(" ").filter(Boolean).length);
    load(state.loaded, at);
  });
  document.addEventListener("keydown", (event) => {
    if (!state.view || event.target.closest("input, textarea, select") || event.altKey || event.ctrlKey || event.metaKey) return;
    const keys = {ArrowLeft: () => goTo(state.view.at - 1), ArrowRight: () => goTo(state.view.at + 1),
      PageUp: trickBack, PageDown: trickForward, Home: () => goTo(0), End: () => goTo(state.view.record.length),
      b: () => solvePanel.playBest()};
    if (keys[event.key]) {
      event.preventDefault();
      keys[event.key]();
    }
  });
  window.addEventListener("hashchange", loadFromHash);
  await loadFromHash();
}

const solvePanel = new SolvePanel({table: $("table"), play: (token) => playLine([token]), playLine});
const analysisPanel = new AnalysisPanel({goTo, solvePanel});
setUp().catch((error) => showError("load-error", "The page could not start: " + error.message));
