// A chart of calls per day drawn as plain SVG: a bar per day for the calls
// (the answered ones darker, inside it) and a line for the answer rate on
// its own axis (0–100 %). No chart library: the page stays small, and the
// Content-Security-Policy (no inline styles) holds, since everything is
// drawn with presentation attributes and classes.

export interface DayFigures {
  /** The local date, YYYY-MM-DD. */
  day: string;
  calls: number;
  answered: number;
}

const svgNS = "http://www.w3.org/2000/svg";

function el<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, parent?: Element): SVGElementTagNameMap[K] {
  const e = document.createElementNS(svgNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent?.append(e);
  return e;
}

/** A round step for about `count` ticks up to max: 1, 2, 5, 10, 20, 50… */
export function niceStep(max: number, count = 4): number {
  if (max <= count) return 1;
  const raw = max / count;
  const p = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * p >= raw) return m * p;
  return 10 * p;
}

const dayLabel = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", timeZone: "UTC" });

/** "Nov 3" for "2026-11-03" (the date itself, whatever the browser's zone). */
export function shortDay(day: string): string {
  return dayLabel.format(new Date(`${day}T00:00:00Z`));
}

/**
 * Draws the days into `box` at its current width. Days without calls are
 * drawn as empty slots, and have no point on the answer-rate line.
 */
export function drawCallsChart(box: HTMLElement, days: DayFigures[]): SVGSVGElement {
  const width = Math.max(280, Math.floor(box.clientWidth || 640));
  const height = width < 480 ? 220 : 260;
  const m = { top: 16, right: 44, bottom: 34, left: 40 };
  const w = width - m.left - m.right;
  const h = height - m.top - m.bottom;
  const total = days.reduce((n, d) => n + d.calls, 0);
  const answered = days.reduce((n, d) => n + d.answered, 0);

  const svg = el("svg", { width, height, viewBox: `0 0 ${width} ${height}`, role: "img", "aria-labelledby": "chart-title chart-desc", class: "chart" });
  el("title", { id: "chart-title" }, svg).textContent = "Calls and answer rate per day";
  el("desc", { id: "chart-desc" }, svg).textContent =
    `${days.length} days, ${total} calls, ${answered} answered. Bars: calls per day, the answered part darker. Line: the answer rate.`;

  const maxCalls = Math.max(1, ...days.map((d) => d.calls));
  const step = niceStep(maxCalls);
  const top = Math.ceil(maxCalls / step) * step;
  const y = (v: number) => m.top + h - (v / top) * h;
  const yRate = (r: number) => m.top + h - r * h;
  const slot = w / Math.max(1, days.length);
  const x = (i: number) => m.left + i * slot;

  // Grid and the left axis (calls).
  const grid = el("g", { class: "grid" }, svg);
  for (let v = 0; v <= top; v += step) {
    el("line", { x1: m.left, x2: m.left + w, y1: y(v), y2: y(v) }, grid);
    el("text", { x: m.left - 6, y: y(v) + 4, "text-anchor": "end", class: "axis" }, svg).textContent = String(v);
  }
  // The right axis (answer rate).
  for (const r of [0, 0.5, 1]) {
    el("text", { x: m.left + w + 6, y: yRate(r) + 4, "text-anchor": "start", class: "axis rate" }, svg).textContent = `${r * 100}%`;
  }

  // Bars.
  const barW = Math.max(2, Math.min(36, slot * 0.7));
  const bars = el("g", { class: "bars" }, svg);
  days.forEach((d, i) => {
    const g = el("g", { "data-day": d.day, "data-calls": d.calls, "data-answered": d.answered }, bars);
    const rate = d.calls > 0 ? Math.round((d.answered / d.calls) * 100) : 0;
    el("title", {}, g).textContent = d.calls
      ? `${shortDay(d.day)}: ${d.calls} calls, ${d.answered} answered (${rate}%)`
      : `${shortDay(d.day)}: no calls`;
    const bx = x(i) + (slot - barW) / 2;
    // A transparent slot the whole height, so the tooltip shows on empty days too.
    el("rect", { x: x(i), y: m.top, width: slot, height: h, class: "slot" }, g);
    if (d.calls > 0) {
      el("rect", { x: bx, y: y(d.calls), width: barW, height: y(0) - y(d.calls), class: "bar-calls" }, g);
      if (d.answered > 0) el("rect", { x: bx, y: y(d.answered), width: barW, height: y(0) - y(d.answered), class: "bar-answered" }, g);
    }
  });

  // The answer-rate line, broken over days without calls (they have no rate).
  const runs: (readonly [number, number])[][] = [[]];
  days.forEach((d, i) => {
    if (d.calls > 0) runs[runs.length - 1]?.push([x(i) + slot / 2, yRate(d.answered / d.calls)] as const);
    else if ((runs[runs.length - 1]?.length ?? 0) > 0) runs.push([]);
  });
  for (const run of runs) {
    if (run.length > 1) el("polyline", { points: run.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(" "), class: "rate-line" }, svg);
    for (const [px, py] of run) el("circle", { cx: px.toFixed(1), cy: py.toFixed(1), r: 3, class: "rate-dot" }, svg);
  }

  // Day labels: as many as fit, at most one per 46 px.
  const every = Math.max(1, Math.ceil(46 / slot));
  days.forEach((d, i) => {
    if (i % every !== 0) return;
    el("text", { x: x(i) + slot / 2, y: m.top + h + 18, "text-anchor": "middle", class: "axis" }, svg).textContent = shortDay(d.day);
  });
  el("line", { x1: m.left, x2: m.left + w, y1: y(0), y2: y(0), class: "baseline" }, svg);

  box.replaceChildren(svg);
  return svg;
}
