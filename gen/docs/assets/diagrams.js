// Draws the spec's ```mermaid blocks (the call flow) as diagrams, offline:
// mermaid.min.js is served next to this file. Redoc renders the description
// on the client and may render it again (navigation, colour mode), so every
// block that appears is drawn, whenever it appears. A diagram fits the
// column; a click shows it at full size (scrolling sideways) and back.
(function () {
  "use strict";
  if (!window.mermaid) return;
  window.mermaid.initialize({
    startOnLoad: false,
    securityLevel: "strict",
    theme: "neutral",
    sequence: { useMaxWidth: true, messageFontSize: 13, actorFontSize: 13, actorMargin: 30, diagramMarginX: 8 },
  });
  var n = 0;
  function toggle(fig) {
    var svg = fig.querySelector("svg");
    if (!svg) return;
    var full = fig.getAttribute("data-full") !== "true";
    fig.setAttribute("data-full", String(full));
    svg.style.maxWidth = full ? "none" : svg.getAttribute("data-fit-width");
    svg.style.width = full ? svg.getAttribute("data-natural-width") + "px" : "100%";
    fig.style.cursor = full ? "zoom-out" : "zoom-in";
  }
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
          fig.title = "Click to enlarge";
          fig.style.cssText = "margin:1em 0;overflow-x:auto;cursor:zoom-in";
          fig.innerHTML = r.svg;
          var svg = fig.querySelector("svg");
          if (svg) {
            svg.setAttribute("data-fit-width", svg.style.maxWidth || "100%");
            var vb = (svg.getAttribute("viewBox") || "").split(/\s+/);
            svg.setAttribute("data-natural-width", vb[2] || "1000");
          }
          fig.addEventListener("click", function () {
            toggle(fig);
          });
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
