// The game analysis: the record replayed with a solve before every card (streamed step by step),
// the value after every card as a chart (inline SVG) and the list of mistakes with their cost.
import {Streamer} from "./api.js";
import {cardText} from "./cards.js";
import {$, el} from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

const numeric = (v) => (typeof v === "boolean" ? Number(v) : v);

export class AnalysisPanel {
  constructor(app) {
    this.app = app;  // {goTo(at), solvePanel}
    this.view = null;
    this.data = null;  // {goal, start, steps, end, ...}
    this.stream = new Streamer();
    $("analyse-button").addEventListener("click", () => this.run());
    $("analyse-cancel").addEventListener("click", () => this.stop("cancelled"));
  }

  setView(view) {
    const newGame = !this.view || this.view.line !== view.line;  // (the line holds the whole record)
    this.view = view;
    if (newGame) {
      this.stop(null);
      this.data = null;
      const from = $("analyse-from");
      from.replaceChildren();
      for (const number of Object.keys(view.trick_starts)) {
        const option = el("option", "", number);
        option.value = number;
        from.append(option);
      }
      $("analyse-status").textContent = view.record.length ? "" : "No card played yet: nothing to analyse.";
      $("analyse-error").hidden = true;
    }
    $("analyse-button").disabled = !view.record.length || this.stream.running;
    this.draw();
  }

  stop(message) {
    if (this.stream.stop() && message) {
      $("analyse-status").textContent = `Cancelled after ${this.data ? this.data.steps.length : 0} cards.`;
    }
    $("analyse-cancel").disabled = true;
    $("analyse-button").disabled = !this.view || !this.view.record.length;
  }

  async run() {
    const view = this.view;
    this.stop(null);
    $("analyse-button").disabled = true;
    $("analyse-cancel").disabled = false;
    $("analyse-error").hidden = true;
    const goal = this.app.solvePanel.goal;
    this.data = {goal, side: null, steps: [], start: null, end: null, total: null};
    $("analyse-status").textContent = "Analysing…";
    const body = {deal: view.deal, goal, side: this.app.solvePanel.side, limit: $("analyse-limit").value,
                  from_trick: Number($("analyse-from").value)};
    const finished = await this.stream.run("/api/analyse/events", body, (name, data) => {
      if (name === "step") {
        Object.assign(this.data, {start: data.start, total: data.total, side: data.side});
        if (data.step) this.data.steps.push(data.step);
        $("analyse-status").textContent = `Analysing: ${this.data.steps.length} of ${data.total} cards…`;
      } else if (name === "result") {
        Object.assign(this.data, {start: data.start, end: data.end, steps: data.steps, side: data.side});
        const mistakes = data.steps.filter((s) => s.mistake).length;
        $("analyse-status").textContent = (data.complete ? "Done" : `Stopped (${data.note || "cancelled"})`) +
          `: ${data.steps.length} cards, ${mistakes} mistake${mistakes === 1 ? "" : "s"}, ${data.seconds.toFixed(1)} s.`;
      }
      this.draw();
    }, (message) => this.showError(message));
    if (finished) this.stop(null);
  }

  showError(message) {
    const box = $("analyse-error");
    box.textContent = message;
    box.hidden = false;
    $("analyse-status").textContent = "";
  }

  // Points of the chart: the value before each analysed card, then the value after the last.
  points() {
    const d = this.data;
    const out = d.steps.map((s) => ({x: s.index, value: s.before, bounds: s.bounds}));
    if (d.steps.length) {
      const last = d.steps[d.steps.length - 1];
      const end = d.end && d.steps.length === d.total ? d.end : null;
      out.push(end ? {x: last.index + 1, value: end.value, bounds: end.bounds} :
        {x: last.index + 1, value: last.played, bounds: last.played === null ? [] : [last.played, last.played]});
    }
    return out;
  }

  draw() {
    const chart = $("chart");
    const list = $("mistakes");
    chart.replaceChildren();
    list.replaceChildren();
    const d = this.data;
    if (!d || !d.steps.length || !this.view) return;
    const view = this.view;
    const family = view.variant.family;
    const points = this.points();
    const goal = d.goal;
    const yesNo = points.some((p) => typeof p.value === "boolean");
    const unit = goal === "points" ? view.variant.unit : 1;
    let lo = Infinity, hi = -Infinity;
    for (const p of points) {
      for (const v of [p.value, ...(p.bounds || [])]) {
        if (v === null || v === undefined) continue;
        lo = Math.min(lo, numeric(v));
        hi = Math.max(hi, numeric(v));
      }
    }
    if (yesNo || goal !== "points" && goal !== "tricks") [lo, hi] = [0, 1];
    const span = (hi - lo) / unit;  // whole points (or tricks) between the lowest and highest value
    const step = unit * ([1, 2, 5, 10, 20].find((s) => span / s <= 6) || 50);
    lo = Math.max(0, Math.floor(lo / step) * step);
    hi = Math.max(lo + step, Math.ceil(hi / step) * step);
    const W = Math.max(chart.clientWidth || 900, 400), H = 250, L = 46, R = 12, T = 12, B = 30;
    const x0 = points[0].x, x1 = points[points.length - 1].x;
    const X = (x) => L + ((x - x0) / Math.max(1, x1 - x0)) * (W - L - R);
    const Y = (v) => T + (1 - (numeric(v) - lo) / (hi - lo)) * (H - T - B);
    const root = svg("svg", {viewBox: `0 0 ${W} ${H}`, role: "img",
      "aria-label": `value of the ${goal} goal after every card`});
    for (let v = lo; v <= hi; v += step) {
      root.append(svg("line", {x1: L, x2: W - R, y1: Y(v), y2: Y(v), class: "grid"}));
      const label = yesNo || goal !== "points" && goal !== "tricks" ? (v ? "yes" : "no") : String(v / unit);
      root.append(svg("text", {x: L - 6, y: Y(v) + 4, "text-anchor": "end"}, label));
    }
    for (const [number, start] of Object.entries(view.trick_starts)) {
      if (start < x0 || start > x1) continue;
      root.append(svg("line", {x1: X(start), x2: X(start), y1: T, y2: H - B, class: "tricksep"}));
      root.append(svg("text", {x: X(start) + 2, y: H - B + 14}, number));
    }
    root.append(svg("text", {x: W - R, y: H - 4, "text-anchor": "end"}, "trick"));
    root.append(svg("line", {x1: L, x2: L, y1: T, y2: H - B, class: "axis"}));
    root.append(svg("line", {x1: L, x2: W - R, y1: H - B, y2: H - B, class: "axis"}));
    for (const p of points) {  // proven bounds where a limit stopped the search
      if (p.value === null && p.bounds && p.bounds.length === 2 && !yesNo) {
        const top = Y(Math.min(hi, p.bounds[1])), bottom = Y(Math.max(lo, p.bounds[0]));
        root.append(svg("rect", {x: X(p.x) - 2, width: 4, y: top, height: Math.max(2, bottom - top), class: "band"}));
      }
    }
    let path = "", joined = false;  // a gap where a value is unknown
    for (const p of points) {
      if (p.value === null || p.value === undefined) {
        joined = false;
        continue;
      }
      path += `${joined ? "L" : "M"}${X(p.x).toFixed(1)},${Y(p.value).toFixed(1)} `;
      joined = true;
    }
    root.append(svg("path", {d: path.trim(), class: "value-line"}));
    if (view.at >= x0 && view.at <= x1) {
      root.append(svg("line", {x1: X(view.at), x2: X(view.at), y1: T, y2: H - B, class: "cursor"}));
    }
    for (const s of d.steps) {  // a click anywhere over a card goes to the position before it
      const hit = svg("rect", {x: X(s.index) - 4, width: Math.max(8, X(s.index + 1) - X(s.index)), y: T, height: H - T - B,
        class: "hit"});
      hit.append(svg("title", {}, `trick ${s.trick}, seat ${s.seat}: ${cardText(s.card, family)} — ${s.before_display} → ${s.played_display}`));
      hit.addEventListener("click", () => this.app.goTo(s.index));
      root.append(hit);
    }
    for (const s of d.steps.filter((m) => m.mistake)) {
      const dot = svg("circle", {cx: X(s.index + 1), cy: Y(s.played), r: 5, class: "mistake"});
      dot.append(svg("title", {}, this.mistakeText(s, family)));
      dot.addEventListener("click", () => this.app.goTo(s.index));
      root.append(dot);
      const item = el("li");
      item.dataset.index = s.index;
      item.append(`trick ${s.trick}, seat ${s.seat} played ${cardText(s.card, family)}: `,
        el("span", "lost", s.loss_display.includes("→") ? s.loss_display : "lost " + s.loss_display),
        ` (best ${s.best_cards.map((c) => cardText(c, family)).join(" ")}: ${s.best_display})`);
      item.addEventListener("click", () => this.app.goTo(s.index));
      list.append(item);
    }
    const seats = d.side ? (d.side.length > 1 ? "seats " : "seat ") + d.side.join(", ") : "";
    const party = view.contract.each_for_himself ? null :
      view.parties.find((p) => d.side && p.seats.join() === d.side.join());
    const side = party ? `the ${party.name} (${seats})` : seats;
    chart.append(el("div", "legend", `${goal} for ${side}` + " after every card (blue line; bars: proven bounds " +
      "where the limit stopped a search); red dots: the mistakes listed below. Click the chart to go to a card."), root);
  }

  mistakeText(s, family) {
    return `trick ${s.trick}, seat ${s.seat}: ${cardText(s.card, family)} ${s.before_display} → ${s.played_display}, ` +
      `best ${s.best_cards.map((c) => cardText(c, family)).join(" ")}`;
  }
}
