// The amount keypad of an answer form (drills and exam items): one per form, whatever the
// number of amount fields. It sits under the amount field last focused and types into it;
// its minus key shows only for a signed field (a net result, data-signed). The server
// renders it hidden under the form: without JavaScript the fields are typed into directly.
// Listens on the document, so a form htmx swaps in (after a correction) works unchanged.
(function () {
  var touch = window.matchMedia && window.matchMedia('(pointer: coarse)').matches;

  function place(pad, input) {
    if (pad.dataset.for !== input.id) {
      var previous = document.getElementById(pad.dataset.for);
      if (previous) previous.classList.remove('keypad-target');
      pad.dataset.for = input.id;
    }
    input.classList.add('keypad-target');
    if (input.nextElementSibling !== pad) input.after(pad);
    var minus = pad.querySelector('[data-key=minus]');
    if (minus) minus.hidden = !input.hasAttribute('data-signed');
  }

  function setUp(root) {
    root.querySelectorAll('.keypad[hidden]').forEach(function (pad) {
      var input = document.getElementById(pad.dataset.for);
      if (!input) return;
      pad.hidden = false;
      place(pad, input);
      // A touch screen types amounts with this keypad: tapping a field brings it there,
      // without the phone's own keyboard covering it (a hardware keyboard still types).
      if (touch && input.form) input.form.querySelectorAll('.amount-input').forEach(function (field) { field.inputMode = 'none'; });
    });
  }

  document.addEventListener('focusin', function (event) {
    var input = event.target;
    if (!input.classList || !input.classList.contains('amount-input') || !input.form) return;
    var pad = input.form.querySelector('.keypad');
    if (pad && !pad.hidden) place(pad, input);
  });

  document.addEventListener('click', function (event) {
    var button = event.target.closest('.keypad button[data-key]');
    if (!button) return;
    var input = document.getElementById(button.closest('.keypad').dataset.for);
    if (!input || input.disabled) return;
    var key = button.dataset.key;
    if (key === 'minus') input.value = input.value.charAt(0) === '-' ? input.value.slice(1) : '-' + input.value;
    else input.value = key === 'back' ? input.value.slice(0, -1) : input.value + key;
    if (!touch) input.focus();  // a touch screen keeps its focus on the key: no keyboard pops up
    if (input.form) input.form.dispatchEvent(new Event('keypad', { bubbles: true }));  // an exam item autosaves
  });

  setUp(document);
  document.addEventListener('htmx:afterSettle', function () { setUp(document); });
})();
