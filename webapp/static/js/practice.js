/* Practice hands: after htmx replaces the table, put the keyboard focus back on it: on the
   refusal, else the hint, else the next decision, else the phase.
   Progressive enhancement only: without JavaScript every action is a plain form. */
document.addEventListener("htmx:afterSettle", function () {
  var table = document.getElementById("table");
  if (!table) {
    return;
  }
  var order = ["[role=alert]", ".coach__move", "#decision-heading", ".ptable__phase"];
  for (var i = 0; i < order.length; i++) {
    var target = table.querySelector(order[i]);
    if (target) {
      target.setAttribute("tabindex", "-1");
      target.focus();
      return;
    }
  }
});
