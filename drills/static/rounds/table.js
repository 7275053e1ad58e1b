/* The dealing table: chip tray counting, the stack total, keyboard shortcuts, and focus
   kept across htmx swaps. No inline script (CSP): loaded from static with defer. */
(function () {
  "use strict";

  function form() { return document.getElementById("deal-form"); }

  function cents(text) { var p = String(text).split("."); return parseInt(p[0], 10) * 100 + (p[1] ? parseInt((p[1] + "0").slice(0, 2), 10) : 0); }

  function updateTotal() {
    var f = form();
    if (!f) return;
    var total = 0;
    f.querySelectorAll(".chip-add").forEach(function (button) {
      var input = f.querySelector('input[name="chip-' + button.dataset.chip + '"]');
      var n = parseInt(input && input.value, 10);
      if (n > 0) total += n * cents(button.dataset.value);
    });
    var out = f.querySelector(".stack-total");
    var amount = Math.floor(total / 100) + "." + String(total % 100).padStart(2, "0");
    if (out) out.textContent = (out.dataset.label || "Stack: {amount}").replace("{amount}", amount);
  }

  function addChip(button) {
    var input = form().querySelector('input[name="chip-' + button.dataset.chip + '"]');
    if (!input) return;
    input.value = String(Math.min(200, (parseInt(input.value, 10) || 0) + 1));
    updateTotal();
  }

  function clearStack() {
    form().querySelectorAll('.chip-count input').forEach(function (input) { input.value = ""; });
    updateTotal();
  }

  document.addEventListener("click", function (event) {
    var chip = event.target.closest(".chip-add");
    if (chip) { event.preventDefault(); addChip(chip); return; }
    if (event.target.closest(".stack-clear")) { event.preventDefault(); clearStack(); }
    var spot = event.target.closest("button.spot");
    if (spot) sessionStorage.setItem("deal-focus", spot.dataset.spot || "");
  });

  document.addEventListener("input", function (event) {
    if (event.target.closest(".chip-count")) updateTotal();
  });

  document.addEventListener("keydown", function (event) {
    var f = form();
    if (!f || event.ctrlKey || event.metaKey || event.altKey) return;
    var typing = event.target.matches && event.target.matches('input[type="text"], input[type="number"]');
    if (event.key === "Escape") { clearStack(); return; }
    if (typing && event.key === "Enter" && event.target.name === "number") {
      // A total is announced to the table: Enter in the total taps the dealer's area.
      event.preventDefault();
      var dealer = f.querySelector('button.spot[data-spot="dealer"]');
      if (dealer) dealer.click();
      return;
    }
    if (typing) return;
    if (event.shiftKey && /^Digit[1-9]$/.test(event.code)) {
      var chips = f.querySelectorAll(".chip-add");
      var chip = chips[parseInt(event.code.slice(5), 10) - 1];
      if (chip) { event.preventDefault(); addChip(chip); }
      return;
    }
    if (/^[0-9]$/.test(event.key)) {
      var target = event.key === "0" ? f.querySelector('button.spot[data-spot="dealer"]')
        : f.querySelector('button.spot[data-index="' + event.key + '"]');
      if (target) { event.preventDefault(); target.focus(); target.click(); }
      return;
    }
    var tool = f.querySelector('input[name="verb"][data-shortcut="' + event.key.toLowerCase() + '"]');
    if (tool && event.key.length === 1) { event.preventDefault(); tool.checked = true; tool.focus(); }
  });

  // After a swap, put the focus back on the place last tapped, so keyboard dealing flows.
  document.addEventListener("htmx:afterSwap", function () {
    updateTotal();
    var key = sessionStorage.getItem("deal-focus");
    var again = key && document.querySelector('button.spot[data-spot="' + key + '"]');
    if (again) again.focus({ preventScroll: true });
  });

  // A page restored by the back button shows an old table: ask the server for the current one.
  window.addEventListener("pageshow", function (event) {
    if (event.persisted && form()) window.location.reload();
  });

  updateTotal();
})();
