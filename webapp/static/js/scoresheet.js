/* Kiebitz scoresheet: progressive enhancement only. Without this file every form still works.
   - The entry form shows only the part for what was played (a game, a Ramsch, nobody played)
     and, in a game, only the Null or only the suit/Grand fields; hidden fields are disabled so
     they are not sent. Re is possible only after a Kontra.
   - The new-list form ticks the house rules of the preset chosen, and switches to "my own house
     rules" when a rule is changed by hand.
   - The print view gets a Print button. */
(function () {
  "use strict";

  function setPart(part, on) {
    part.hidden = !on;
    part.querySelectorAll("input, select, textarea").forEach(function (input) {
      input.disabled = !on;
    });
  }

  function checkedValue(form, name) {
    var input = form.querySelector('input[name="' + name + '"]:checked') ||
      form.querySelector('input[type="hidden"][name="' + name + '"]');
    return input ? input.value : "";
  }

  function updateEntry(form) {
    var kind = checkedValue(form, "kind");
    form.querySelectorAll("[data-kind]").forEach(function (part) {
      setPart(part, part.getAttribute("data-kind") === kind);
    });
    if (kind === "game") {
      var isNull = checkedValue(form, "game") === "null";
      form.querySelectorAll("[data-game]").forEach(function (part) {
        setPart(part, (part.getAttribute("data-game") === "null") === isNull);
      });
      var kontra = form.querySelector('input[name="kontra"]');
      var re = form.querySelector('input[name="re"]');
      if (kontra && re) {
        re.disabled = !kontra.checked;
        if (!kontra.checked) { re.checked = false; }
      }
    }
  }

  function enhanceEntry(root) {
    root.querySelectorAll("form[data-entry]").forEach(function (form) {
      if (form.dataset.enhanced) { return; }
      form.dataset.enhanced = "1";
      form.addEventListener("change", function () { updateEntry(form); });
      updateEntry(form);
    });
  }

  function enhanceNewList(root) {
    root.querySelectorAll("form[data-new-list]").forEach(function (form) {
      var custom = form.querySelector('input[name="preset"][value="custom"]');
      form.querySelectorAll('input[name="preset"][data-rules]').forEach(function (radio) {
        radio.addEventListener("change", function () {
          var rules = radio.getAttribute("data-rules").split(" ");
          form.querySelectorAll("input[data-rule]").forEach(function (box) {
            box.checked = rules.indexOf(box.getAttribute("data-rule")) >= 0;
          });
          var totals = rules.indexOf("seeger_fabian") >= 0 ? "seeger_fabian" : "classic";
          var choice = form.querySelector('input[name="totals"][value="' + totals + '"]');
          if (choice) { choice.checked = true; }
        });
      });
      form.querySelectorAll('input[data-rule], input[name="totals"]').forEach(function (box) {
        box.addEventListener("change", function () { if (custom) { custom.checked = true; } });
      });
    });
  }

  function enhancePrint(root) {
    root.querySelectorAll("[data-print]").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () { window.print(); });
    });
  }

  function enhance(root) {
    enhanceEntry(root);
    enhanceNewList(root);
    enhancePrint(root);
  }

  document.addEventListener("DOMContentLoaded", function () { enhance(document); });
  document.addEventListener("htmx:load", function (event) { enhance(event.target); });
})();
