/* Practice hands: after htmx replaces the table, put the keyboard focus back into it: on the
   refusal, else the hint, else the next decision, else the first card that may be played,
   else the phase. Progressive enhancement only: without JavaScript every action is a form. */
document.addEventListener("htmx:afterSettle", function () {
  var table = document.getElementById("table");
  if (!table) {
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
