/* Presentation mode: keys for the links of the slide, full screen, card points counting up.
   Without this file every link and button works as it is; this only adds the keys.
   → or Space: next; ←: back; Home / End: first / last; Enter: reveal the answer; F: full screen. */
(function () {
  "use strict";
  var KEYS = { ArrowRight: "next", " ": "next", PageDown: "next", ArrowLeft: "back", PageUp: "back",
               Home: "first", End: "last", Enter: "reveal" };

  function typing(target, key) {
    if (target && target.tagName === "BUTTON") { return key === " " || key === "Enter"; }  /* it presses itself */
    return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  }

  function find(name) {  /* the slide's own link first, then the class projector's buttons */
    return document.querySelector('#present-slide [data-key="' + name + '"]') ||
           document.querySelector('#present-keys [data-key="' + name + '"]');
  }

  function toggleFullscreen() {
    if (document.fullscreenElement) { document.exitFullscreen(); }
    else if (document.documentElement.requestFullscreen) { document.documentElement.requestFullscreen(); }
  }

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || typing(event.target, event.key)) { return; }
    if (event.key === "f" || event.key === "F") { toggleFullscreen(); event.preventDefault(); return; }
    var name = KEYS[event.key];
    if (!name) { return; }
    if (name === "reveal" && event.target && event.target.tagName === "A") { return; }
    var link = find(name);
    if (name === "next") {  /* a question shows its answer before the presentation goes on */
      link = find("reveal") || link;
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
    /* htmx keeps the focus on an element with an id (the slide, the class's buttons); a link
       swapped away leaves it nowhere, and the slide takes it so the keys go on working. */
    var slide = document.getElementById("present-slide");
    var lost = !document.activeElement || document.activeElement === document.body;
    if (slide && lost) { slide.focus({ preventScroll: true }); }
  });
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", ready); }
  else { ready(); }
}());
