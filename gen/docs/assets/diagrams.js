// Draws the spec's ```mermaid blocks (the call flow) as diagrams, offline:
// mermaid.min.js is served next to this file. Redoc renders the description
// on the client and may render it again (navigation, colour mode), so every
// block that appears is drawn, whenever it appears.
//
// A diagram fits its figure with its labels legible (14 px, 13 px on a
// phone, never shrunk below 11 px): where the wide drawing does not fit (a
// phone), it is drawn again compactly, its labels wrapped to short lines,
// which puts the call flow's three lanes side by side in 390 px. Only what is still too wide
// after that scrolls sideways, inside the figure, with a caption that says
// so; the page itself never does. A figure that changes width is laid out
// again.
(function () {
  "use strict";
  if (!window.mermaid) return;
  var base = { startOnLoad: false, securityLevel: "strict", theme: "neutral" };
  // Mermaid 11 sizes a sequence diagram's labels by the top-level fontSize
  // (its sequence.messageFontSize and actorFontSize give way to it).
  var wide = { fontSize: 14, sequence: { useMaxWidth: false, actorMargin: 40, diagramMarginX: 8 } };
  var compact = { fontSize: 13, sequence: { useMaxWidth: false, actorMargin: 4, width: 40, diagramMarginX: 2 } };
  var compactLine = 18; // characters a compact label line holds
  var legible = 11; // px: the smallest a label is ever shown
  var n = 0;
  var queue = Promise.resolve(); // one drawing at a time

  // A point where a long word (a URL, a TwiML element) may break: after
  // = / , or before < ? (.
  function cutAt(w, i) {
    var c = w.charAt(i), prev = w.charAt(i - 1);
    return prev === "=" || prev === "/" || prev === "," || c === "<" || c === "?" || c === "(";
  }

  // wrap re-breaks a label into lines of at most max characters, at its
  // spaces and, for a longer word, at a cut point (the first after max when
  // there is none before it).
  function wrap(text, max) {
    var out = [];
    text.split(/<br\s*\/?>/i).forEach(function (line) {
      var words = [];
      line.split(" ").forEach(function (w) {
        while (w.length > max) {
          var cut = -1, i;
          for (i = Math.min(max, w.length - 1); i > 0 && cut < 0; i--) if (cutAt(w, i)) cut = i;
          for (i = max + 1; i < w.length && cut < 0; i++) if (cutAt(w, i)) cut = i;
          if (cut <= 0) break;
          words.push(w.slice(0, cut));
          w = w.slice(cut);
        }
        words.push(w);
      });
      var cur = "";
      words.forEach(function (w) {
        if (cur !== "" && (cur + " " + w).length > max) {
          out.push(cur);
          cur = w;
        } else {
          cur = cur === "" ? w : cur + " " + w;
        }
      });
      if (cur !== "") out.push(cur);
    });
    return out.join("<br/>");
  }

  // compactText wraps a sequence diagram's participant names and message
  // labels; other diagrams are drawn as written.
  function compactText(src) {
    if (!/^\s*sequenceDiagram\b/.test(src)) return src;
    return src
      .split("\n")
      .map(function (l) {
        var m = /^(\s*(?:participant|actor)\s+\S+\s+as\s+)(.*)$/.exec(l);
        if (m) return m[1] + wrap(m[2], 10);
        m = /^(\s*[^\s:]+?(?:-->>|->>|-->|->|--x|-x|--\)|-\))[^\s:]+?\s*:\s*)(.*)$/.exec(l);
        if (m) return m[1] + wrap(m[2], compactLine);
        return l;
      })
      .join("\n");
  }

  window.mermaid.initialize(base);

  // render draws src with the settings given in an init directive of its
  // own, so that each drawing has its own.
  function render(src, settings) {
    var id = "sb-diagram-" + n++;
    var text = "%%{init: " + JSON.stringify(settings) + "}%%\n" + src;
    var job = queue.then(function () {
      return window.mermaid.render(id, text);
    });
    queue = job.catch(function () {});
    return job.then(function (r) {
      return r.svg;
    });
  }

  function naturalWidth(svg) {
    var vb = (svg.getAttribute("viewBox") || "").split(/\s+/);
    return Number(vb[2]) || svg.getBoundingClientRect().width;
  }

  function show(fig, svgText, mode) {
    var old = fig.querySelector("svg");
    var holder = document.createElement("div");
    holder.innerHTML = svgText;
    var svg = holder.querySelector("svg");
    if (old) fig.replaceChild(svg, old);
    else fig.insertBefore(svg, fig.firstChild);
    fig.setAttribute("data-mode", mode);
    return svg;
  }

  // fit sizes the drawing to the figure: as drawn when it fits, shrunk to
  // fit when that keeps the labels at 11 px or more, else at that size with
  // the figure scrolling and its caption shown.
  function fit(fig) {
    var svg = fig.querySelector("svg");
    var natural = naturalWidth(svg);
    var avail = fig.clientWidth;
    var shrink = legible / (fig.getAttribute("data-mode") === "compact" ? compact : wide).fontSize;
    var width = natural <= avail ? natural : Math.max(avail, natural * shrink);
    svg.style.width = width + "px";
    if (fig.scrollWidth > fig.clientWidth + 1) fig.setAttribute("data-scrolls", "");
    else fig.removeAttribute("data-scrolls");
  }

  function layout(fig) {
    var src = fig.sbSource;
    var avail = fig.clientWidth;
    if (!avail) return Promise.resolve(); // not shown (another route of the page)
    var want = fig.sbWideWidth !== undefined && fig.sbWideWidth > avail ? "compact" : "wide";
    if (fig.getAttribute("data-mode") === want) {
      fit(fig);
      return Promise.resolve();
    }
    var text = want === "compact" ? compactText(src) : src;
    return render(text, want === "compact" ? compact : wide).then(function (svgText) {
      var svg = show(fig, svgText, want);
      if (want === "wide") {
        fig.sbWideWidth = naturalWidth(svg);
        if (fig.sbWideWidth > fig.clientWidth) return layout(fig);
      }
      fit(fig);
    });
  }

  var resized = typeof ResizeObserver === "function"
    ? new ResizeObserver(function (entries) {
        entries.forEach(function (e) {
          var fig = e.target;
          if (fig.sbWidth === fig.clientWidth) return;
          fig.sbWidth = fig.clientWidth;
          layout(fig).catch(function (err) {
            console.warn("mermaid:", err);
          });
        });
      })
    : null;

  function draw() {
    var blocks = document.querySelectorAll('pre[data-language="mermaid"]:not([data-drawn])');
    blocks.forEach(function (pre) {
      pre.setAttribute("data-drawn", "");
      var fig = document.createElement("figure");
      fig.className = "sb-diagram";
      fig.setAttribute("data-diagram", "mermaid");
      fig.sbSource = pre.textContent || "";
      var caption = document.createElement("figcaption");
      caption.textContent = "The diagram is wider than the screen: scroll it sideways.";
      fig.appendChild(caption);
      pre.style.display = "none";
      pre.parentNode.insertBefore(fig, pre);
      fig.sbWidth = fig.clientWidth;
      layout(fig)
        .then(function () {
          if (resized) resized.observe(fig);
        })
        .catch(function (e) {
          console.warn("mermaid:", e);
        });
    });
  }
  new MutationObserver(draw).observe(document.body, { childList: true, subtree: true });
  draw();
})();
