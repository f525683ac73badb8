// The double-dummy panel: goal, side and limit; a solve streamed from the server (its proven
// bounds narrowing while it runs), cancellable; the value of every legal card, the best cards,
// the optimal line; buttons that play the best card or the whole line.
import {Streamer} from "./api.js";
import {tokenSpan} from "./cards.js";
import {clearValues, showValues} from "./table.js";
import {$, el} from "./dom.js";

function fillSelect(select, options, keep) {
  const previous = keep ? select.value : null;
  select.replaceChildren();
  for (const {value, label, title} of options) {
    const option = el("option", "", label);
    option.value = value;
    if (title) option.title = title;
    select.append(option);
  }
  if (previous !== null && options.some((o) => o.value === previous)) select.value = previous;
}

function formatNodes(n) {
  if (n >= 1e9) return (n / 1e9).toFixed(1) + " G";
  if (n >= 1e6) return (n / 1e6).toFixed(1) + " M";
  if (n >= 1e3) return (n / 1e3).toFixed(0) + " k";
  return String(n);
}

export class SolvePanel {
  constructor(app) {
    this.app = app;  // {table, play(token), playLine(tokens)}
    this.view = null;
    this.result = null;
    this.stream = new Streamer();
    $("solve-button").addEventListener("click", () => this.solve());
    $("cancel-button").addEventListener("click", () => this.cancel("cancelled"));
    $("best-button").addEventListener("click", () => this.playBest());
    $("line-button").addEventListener("click", () => this.result && this.app.playLine(this.result.line));
    for (const id of ["goal", "side", "limit"]) $(id).addEventListener("change", () => this.changed());
    $("auto-solve").addEventListener("change", () => this.changed());
  }

  // the goal and side chosen, as the API takes them
  get goal() { return $("goal").value; }
  get side() {
    const value = $("side").value;
    return value === "" ? null : /^\d+$/.test(value) ? Number(value) : value;
  }
  sideLabel(view, seats) {
    const option = view.sides.find((s) => String(s.value ?? "") === $("side").value);
    if (option && option.value !== null) return option.label;
    return `seat ${seats[0]}`;
  }

  setView(view) {
    const sameDeal = this.view && this.view.line === view.line;
    this.view = view;
    fillSelect($("goal"), view.goals.map((g) => ({value: g.id, label: g.id, title: g.meaning})), true);
    fillSelect($("side"), view.sides.map((s) => ({value: s.value === null ? "" : String(s.value), label: s.label})), true);
    this.cancel(null);
    this.showResult(null);
    if (view.is_over) {
      $("solve-status").textContent = "Play is over: nothing to solve. Step back to see the values.";
    } else if ($("auto-solve").checked) {
      this.solve();
    } else {
      $("solve-status").textContent = sameDeal ? "" : "Press Solve for the values of the cards.";
    }
  }

  changed() {
    if (this.view && !this.view.is_over && $("auto-solve").checked) this.solve();
  }

  cancel(message) {
    if (this.stream.stop() && message) $("solve-status").textContent = "Cancelled: " + message + ".";
    this.buttons(false);
  }

  buttons(running) {
    $("cancel-button").disabled = !running;
    const line = this.result && this.result.line.length > 0;
    $("best-button").disabled = running || !this.result || !this.result.cards.some((c) => c.best);
    $("line-button").disabled = running || !line;
  }

  async solve() {
    const view = this.view;
    if (!view || view.is_over) return;
    this.cancel(null);
    this.showResult(null);
    this.buttons(true);
    $("solve-status").replaceChildren("Searching…");
    const body = {deal: view.deal, at: view.at, goal: this.goal, side: this.side, limit: $("limit").value || null};
    const finished = await this.stream.run("/api/solve/events", body, (name, data) => {
      if (name === "progress") this.showProgress(data);
      else if (name === "result") this.showResult(data);
    }, (message) => this.showError(message));
    if (finished) this.buttons(false);
  }

  showError(message) {
    const status = $("solve-status");
    status.replaceChildren(el("div", "error", message));
  }

  showProgress(p) {
    const status = $("solve-status");
    status.replaceChildren();
    const counts = this.goal === "points" || this.goal === "tricks";
    const [lo, hi] = p.bounds_display;
    const text = !counts ? "Searching" : lo === hi ? `Searching: the value is ${lo}; now the value of every card` :
      `Searching: between ${lo} and ${hi}`;
    status.append(el("div", "", `${text} · ${formatNodes(p.nodes)} nodes · ${p.seconds.toFixed(1)} s`));
    if (counts) {
      const top = this.goal === "points" ? this.view.variant.total : this.view.variant.tricks;
      const bar = el("div", "bounds-bar");
      const span = el("span");
      span.style.left = `${(100 * p.bounds[0]) / top}%`;
      span.style.width = `${(100 * (p.bounds[1] - p.bounds[0])) / top}%`;
      bar.append(span);
      status.append(bar);
    }
  }

  showResult(r) {
    this.result = r;
    const box = $("solve-result");
    box.replaceChildren();
    clearValues(this.app.table);
    if (!r) return;
    const view = this.view;
    const family = view.variant.family;
    const units = this.goal === "points" ? (view.variant.unit_name === "P" ? " P" : " points") :
      this.goal === "tricks" ? " tricks" : "";
    const head = el("div");
    head.append(el("span", "value", r.display + (r.exact ? units : "")),
      el("div", "for", `${this.goal} for ${this.sideLabel(view, r.side)}`));
    box.append(head);
    $("solve-status").replaceChildren(el("span", "", `${formatNodes(r.nodes)} nodes · ${r.seconds.toFixed(2)} s` +
      (r.exact ? "" : ` · stopped by ${r.stopped === "time limit" ? "the server's time limit" : "the limit"};` +
        ` proven between ${r.bounds_display[0]} and ${r.bounds_display[1]}`)));
    showValues(this.app.table, r);
    box.append(this.cardTable(r, family));
    if (r.line_tricks.length) {
      box.append(el("h3", "", "Optimal line"));
      const list = el("ol", "line");
      for (const trick of r.line_tricks) {
        const item = el("li");
        item.append(el("span", "note", `trick ${trick.number}: `));
        for (const [seat, token] of trick.cards) item.append(`${seat}:`, tokenSpan(token, family), " ");
        if (trick.winner !== null) item.append(el("span", "note", `→ seat ${trick.winner}`));
        list.append(item);
      }
      box.append(list);
    }
    this.buttons(false);
  }

  // The legal cards grouped by value, best first for the seat to move.
  cardTable(r, family) {
    const wrap = el("div");
    wrap.append(el("h3", "", `Cards of seat ${r.mover}, best first`));
    const groups = new Map();
    for (const entry of r.cards) {
      const key = entry.value === null ? "?" : String(entry.value);
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(entry);
    }
    const rank = (entries) => {
      const v = entries[0].value;
      if (v === null) return Infinity;
      const n = typeof v === "boolean" ? Number(v) : v;
      return r.mover_on_side ? -n : n;
    };
    const table = el("table");
    for (const entries of [...groups.values()].sort((a, b) => rank(a) - rank(b))) {
      const first = entries[0];
      const row = el("tr", first.best ? "best" : "");
      const cards = el("td");
      for (const entry of entries) cards.append(tokenSpan(entry.card, family), " ");
      const loss = !first.loss_display ? "" : typeof first.value === "boolean" ? first.loss_display : "−" + first.loss_display;
      row.append(el("td", "v", first.display), el("td", "loss", loss), cards);
      table.append(row);
    }
    wrap.append(table);
    return wrap;
  }

  playBest() {
    const r = this.result;
    if (!r) return;
    const best = r.line.length && r.cards.some((c) => c.card === r.line[0] && c.best) ?
      r.line[0] : (r.cards.find((c) => c.best) || {}).card;
    if (best) this.app.play(best);
  }
}
