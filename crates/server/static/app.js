// qiyuan 棋院 — the only script: elements marked data-live="SECONDS" (an id
// is required) are refreshed by fetching the page again every SECONDS
// (default 15) while the tab is visible, replacing their content; a table
// frame (.table-wrap) with columns beyond its right edge is marked
// .more-right (the stylesheet fades that edge) until it is scrolled there.
(function () {
  "use strict";
  function cue(frame) {
    var more = frame.scrollLeft + frame.clientWidth < frame.scrollWidth - 2;
    frame.classList.toggle("more-right", more);
  }
  function cueAll() {
    document.querySelectorAll(".table-wrap").forEach(function (frame) {
      cue(frame);
      if (!frame.hasAttribute("data-cued")) {
        frame.setAttribute("data-cued", "");
        frame.addEventListener("scroll", function () { cue(frame); }, { passive: true });
      }
    });
  }
  cueAll();
  window.addEventListener("resize", cueAll);
  var live = document.querySelectorAll("[data-live][id]");
  if (!live.length || !window.fetch || !window.DOMParser) { return; }
  var seconds = parseInt(live[0].getAttribute("data-live"), 10) || 15;
  function refresh() {
    if (document.hidden) { return; }
    fetch(window.location.href, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (text) {
        if (!text) { return; }
        var fresh = new DOMParser().parseFromString(text, "text/html");
        live.forEach(function (el) {
          var next = fresh.getElementById(el.id);
          if (next && next.innerHTML !== el.innerHTML) { el.innerHTML = next.innerHTML; }
        });
        cueAll();
      })
      .catch(function () { /* offline for a moment: try again next time */ });
  }
  window.setInterval(refresh, Math.max(seconds, 3) * 1000);
})();
