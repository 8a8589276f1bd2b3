// Draws the spec's ```mermaid blocks (the call flow) as diagrams, offline:
// mermaid.min.js is served next to this file. Redoc renders the description
// on the client and may render it again (navigation, colour mode), so every
// block that appears is drawn, whenever it appears. A diagram is drawn at
// its own size, never shrunk to fit (its labels would become unreadable): a
// window narrower than the diagram scrolls the figure sideways, not the page.
(function () {
  "use strict";
  if (!window.mermaid) return;
  window.mermaid.initialize({
    startOnLoad: false,
    securityLevel: "strict",
    theme: "neutral",
    sequence: { useMaxWidth: false, messageFontSize: 14, actorFontSize: 14, actorMargin: 40, diagramMarginX: 8 },
  });
  var n = 0;
  function draw() {
    var blocks = document.querySelectorAll('pre[data-language="mermaid"]:not([data-drawn])');
    blocks.forEach(function (pre) {
      pre.setAttribute("data-drawn", "");
      var id = "sb-diagram-" + n++;
      window.mermaid
        .render(id, pre.textContent || "")
        .then(function (r) {
          var fig = document.createElement("figure");
          fig.className = "sb-diagram";
          fig.setAttribute("data-diagram", "mermaid");
          fig.innerHTML = r.svg;
          pre.style.display = "none";
          pre.parentNode.insertBefore(fig, pre);
        })
        .catch(function (e) {
          console.warn("mermaid:", e);
        });
    });
  }
  new MutationObserver(draw).observe(document.body, { childList: true, subtree: true });
  draw();
})();
