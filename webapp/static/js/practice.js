/* Practice hands: after htmx replaces the table, put the keyboard focus back into it: on the
   refusal, else the hint, else the next decision, else the first card that may be played,
   else the phase. A field kept across the swap (hx-preserve: the message being typed while the
   poll brings news) keeps the focus and the cursor instead. Progressive enhancement only:
   without JavaScript every action is a form. */
(function () {
  var kept = null;
  document.addEventListener("htmx:beforeSwap", function () {
    var active = document.activeElement;
    kept = active && active.hasAttribute("hx-preserve")
      ? { field: active, start: active.selectionStart, end: active.selectionEnd }
      : null;
  });
  document.addEventListener("htmx:afterSettle", function () {
    var table = document.getElementById("table");
    if (!table) {
      return;
    }
    if (kept && document.body.contains(kept.field)) {
      kept.field.focus({ preventScroll: true });
      kept.field.setSelectionRange(kept.start, kept.end);
      kept = null;
      return;
    }
    var order = [
      "[role=alert]",
      ".coach__move",
      "#decision-heading",
      ".hand--play button:not([disabled])",
      ".ptable__phase"
    ];
    for (var i = 0; i < order.length; i++) {
      var target = table.querySelector(order[i]);
      if (target) {
        if (target.tagName !== "BUTTON") {
          target.setAttribute("tabindex", "-1");
        }
        target.focus({ preventScroll: true });
        return;
      }
    }
  });
})();
