/* Presentation mode: keys for the links of the slide, full screen, card points counting up.
   Without this file every link and button works as it is; this only adds the keys.
   → or Space: next; ←: back; Home / End: first / last; Enter: reveal the answer; F: full screen. */
(function () {
  "use strict";
  var KEYS = { ArrowRight: "next", " ": "next", PageDown: "next", ArrowLeft: "back", PageUp: "back",
               Home: "first", End: "last", Enter: "reveal" };

  function typing(target) {
    return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT|BUTTON)$/.test(target.tagName));
  }

  function toggleFullscreen() {
    if (document.fullscreenElement) { document.exitFullscreen(); }
    else if (document.documentElement.requestFullscreen) { document.documentElement.requestFullscreen(); }
  }

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) { return; }
    if (event.key === "f" || event.key === "F") { toggleFullscreen(); event.preventDefault(); return; }
    var name = KEYS[event.key];
    if (!name) { return; }
    if (name === "reveal" && event.target && event.target.tagName === "A") { return; }
    var link = document.querySelector('#present-slide [data-key="' + name + '"]');
    if (name === "next") {  /* a question shows its answer before the presentation goes on */
      link = document.querySelector('#present-slide [data-key="reveal"]') || link;
    }
    if (link) { event.preventDefault(); link.click(); }
  });

  function countUp(root) {
    var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (still || document.documentElement.dataset.motion === "reduced") { return; }
    root.querySelectorAll("[data-count-from]").forEach(function (element) {
      var from = parseInt(element.dataset.countFrom, 10);
      var text = element.textContent.trim();
      var to = parseInt(text.replace(/[^0-9]/g, ""), 10);
      if (isNaN(from) || isNaN(to) || to <= from) { return; }
      var start = null;
      function frame(time) {
        if (start === null) { start = time; }
        var share = Math.min(1, (time - start) / 600);
        element.textContent = share < 1 ? String(Math.round(from + (to - from) * share)) : text;
        if (share < 1) { window.requestAnimationFrame(frame); }
      }
      window.requestAnimationFrame(frame);
    });
  }

  function ready() {
    document.querySelectorAll("[data-fullscreen]").forEach(function (button) {
      if (!document.documentElement.requestFullscreen) { return; }
      button.hidden = false;
      button.addEventListener("click", toggleFullscreen);
    });
    countUp(document);
  }

  document.addEventListener("htmx:afterSwap", function () {
    countUp(document);
    var slide = document.getElementById("present-slide");
    if (slide) { slide.focus({ preventScroll: true }); }
  });
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", ready); }
  else { ready(); }
}());
