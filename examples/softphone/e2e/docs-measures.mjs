// Measures of the API reference's layout, each a function that runs in the
// page (page.evaluate(fn, arg)) and answers plain data for the test's
// assertions (docs.test.mjs). They measure what a reader sees: rectangles
// from getBoundingClientRect and getClientRects, and computed styles.

/** The first h1: its words that are laid out on more than one line, and where it ends. */
export function titleBreaks() {
  const h1 = document.querySelector("h1");
  const broken = [];
  const walker = document.createTreeWalker(h1, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    for (const m of n.textContent.matchAll(/\S+/g)) {
      const r = document.createRange();
      r.setStart(n, m.index);
      r.setEnd(n, m.index + m[0].length);
      // A word broken across lines has a rectangle on each line.
      const lines = new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top)));
      if (lines.size > 1) broken.push(m[0]);
    }
  }
  return {
    text: h1.textContent.trim(),
    broken,
    right: h1.getBoundingClientRect().right,
    vw: document.documentElement.clientWidth,
    fontPx: parseFloat(getComputedStyle(h1).fontSize),
  };
}

/**
 * Elements that end past the window's right edge without a box that scrolls
 * them (an ancestor with overflow-x auto or scroll that ends inside the
 * window), and the page's own sideways scroll.
 */
export function overflowing() {
  const vw = document.documentElement.clientWidth;
  const out = [];
  if (document.documentElement.scrollWidth > vw) out.push(`the page is ${document.documentElement.scrollWidth}px wide`);
  for (const el of document.querySelectorAll("body *")) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.right <= vw + 0.5) continue;
    let scroller = false;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const ox = getComputedStyle(a).overflowX;
      if ((ox === "auto" || ox === "scroll") && a.getBoundingClientRect().right <= vw + 0.5) {
        scroller = true;
        break;
      }
    }
    if (!scroller) out.push(`${el.tagName.toLowerCase()}.${String(el.className.baseVal ?? el.className).slice(0, 40)} ends at ${Math.round(r.right)}px`);
    if (out.length >= 5) break;
  }
  return out;
}

/** The table holding `word`: cells outside its box, whether the box scrolls, and its last column's width and size. */
export function tableFit(word) {
  const table = [...document.querySelectorAll("table")].find((t) => t.textContent.includes(word));
  const box = table.parentElement;
  const b = box.getBoundingClientRect();
  const vw = document.documentElement.clientWidth;
  const clipped = [];
  for (const td of table.querySelectorAll("td")) {
    const r = td.getBoundingClientRect();
    if (r.left < b.left - 0.5 || r.right > b.right + 0.5 || r.right > vw + 0.5) {
      clipped.push(`${td.textContent.trim().slice(0, 30)} at ${Math.round(r.left)}–${Math.round(r.right)}px`);
    }
  }
  const when = [...table.querySelectorAll("tbody tr")].map((tr) => tr.lastElementChild);
  return {
    clipped: clipped.slice(0, 5),
    scrollWidth: box.scrollWidth,
    clientWidth: box.clientWidth,
    narrowestWhen: Math.min(...when.map((td) => td.getBoundingClientRect().width)),
    whenFontPx: parseFloat(getComputedStyle(when[0]).fontSize),
  };
}

/** The call-flow diagram: its mode, its lanes (participants) and its smallest label as shown. */
export function lanes() {
  const fig = document.querySelector('figure[data-diagram="mermaid"]');
  const svg = fig.querySelector("svg");
  const f = fig.getBoundingClientRect();
  const scale = svg.getBoundingClientRect().width / Number((svg.getAttribute("viewBox") || "").split(/\s+/)[2]);
  // The participants' boxes at the top, one per lane.
  let boxes = [...svg.querySelectorAll("rect.actor-top")];
  if (boxes.length === 0) {
    const all = [...svg.querySelectorAll("rect.actor")];
    const top = Math.min(...all.map((r) => r.getBoundingClientRect().top));
    boxes = all.filter((r) => Math.abs(r.getBoundingClientRect().top - top) < 1);
  }
  const lanesShown = boxes
    .map((r) => {
      const b = r.getBoundingClientRect();
      const name = [...(r.parentElement?.querySelectorAll("text") ?? [])].map((t) => t.textContent).join(" ");
      return { name, left: Math.round(b.left), right: Math.round(b.right) };
    })
    .sort((a, b) => a.left - b.left);
  const labels = [...svg.querySelectorAll("text")].filter((t) => t.textContent.trim());
  const caption = fig.querySelector("figcaption");
  return {
    mode: fig.getAttribute("data-mode"),
    figure: { left: Math.round(f.left), right: Math.round(f.right) },
    vw: document.documentElement.clientWidth,
    lanes: lanesShown,
    smallestLabelPx: Math.min(...labels.map((t) => parseFloat(getComputedStyle(t).fontSize) * scale)),
    scrolls: fig.scrollWidth > fig.clientWidth + 1,
    captionShown: caption ? getComputedStyle(caption).display !== "none" : false,
  };
}

/**
 * Scrolls the page from top to bottom, three quarters of a window at a
 * time, and at each stop lists every fixed or sticky element that lies over
 * a line of text it does not itself hold.
 */
export async function fixedOverText() {
  const overlaps = [];
  const H = window.innerHeight;
  let checked = 0;
  for (let y = 0; y < document.documentElement.scrollHeight; y += Math.round(H * 0.75)) {
    window.scrollTo(0, y);
    await new Promise((r) => requestAnimationFrame(r));
    checked++;
    const floating = [...document.querySelectorAll("body *")].filter((el) => {
      const cs = getComputedStyle(el);
      if (cs.position !== "fixed" && cs.position !== "sticky") return false;
      if (cs.visibility === "hidden" || cs.display === "none" || Number(cs.opacity) === 0) return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < H;
    });
    if (floating.length === 0) continue;
    const lines = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) if (r.width > 0 && r.bottom > 0 && r.top < H) lines.push([n, r]);
    }
    for (const el of floating) {
      const f = el.getBoundingClientRect();
      for (const [n, r] of lines) {
        if (el.contains(n)) continue;
        const w = Math.min(f.right, r.right) - Math.max(f.left, r.left);
        const h = Math.min(f.bottom, r.bottom) - Math.max(f.top, r.top);
        if (w > 1 && h > 1) {
          const what = el.getAttribute("data-testid") ?? el.tagName.toLowerCase();
          overlaps.push(`${what} (${getComputedStyle(el).position}) over "${n.textContent.trim().slice(0, 40)}" at scroll ${y}px`);
          break;
        }
      }
    }
  }
  window.scrollTo(0, 0);
  return { checked, overlaps: overlaps.slice(0, 10) };
}
