// The house-rules editor: add and remove pay-table rows, then tell the math panel
// (htmx listens for "rows-changed" on the form). Without script the spare blank row
// adds one row per save, and a row emptied is removed.
(function () {
  "use strict";

  function changed(form) {
    form.dispatchEvent(new Event("rows-changed", { bubbles: true }));
  }

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!(target instanceof Element)) {
      return;
    }
    var form = target.closest("form");
    var add = target.closest("[data-add-row]");
    if (add && form) {
      var fieldset = add.closest("fieldset");
      var template = fieldset.querySelector("template.row-template");
      var body = fieldset.querySelector("tbody");
      var row = template.content.firstElementChild.cloneNode(true);
      body.appendChild(row);
      var first = row.querySelector("select, input");
      if (first) {
        first.focus();
      }
      changed(form);
      return;
    }
    var remove = target.closest("[data-remove-row]");
    if (remove && form) {
      var tr = remove.closest("tr");
      var next = tr.nextElementSibling || tr.previousElementSibling;
      tr.remove();
      var focusable = next && next.querySelector("button");
      if (focusable) {
        focusable.focus();
      }
      changed(form);
    }
  });
})();
