// Drill page: the amount keypad and the speed-drill timer. In a static file, not inline:
// the Content-Security-Policy allows scripts from our own origin only. The keypad listens
// on the document, so an answer form htmx swaps in (after a correction) works unchanged.
(function () {
  document.addEventListener('click', function (event) {
    var button = event.target.closest('.keypad button[data-key]');
    if (!button) return;
    var pad = button.closest('.keypad');
    var input = document.getElementById(pad.dataset.for);
    if (!input) return;
    var key = button.dataset.key;
    if (key === 'minus') input.value = input.value.charAt(0) === '-' ? input.value.slice(1) : '-' + input.value;
    else input.value = key === 'back' ? input.value.slice(0, -1) : input.value + key;
    input.focus();
  });

  var timer = document.querySelector('.timer');
  if (!timer) return;
  var target = parseInt(timer.dataset.target, 10), start = Date.now();
  var tick = function () {
    if (!document.body.contains(timer) || document.querySelector('.feedback')) return;
    var seconds = Math.floor((Date.now() - start) / 1000);
    var words = timer.dataset.running || '{seconds} s / target {target} s';  // in the page's language
    timer.textContent = words.replace('{seconds}', seconds).replace('{target}', target);
    timer.classList.toggle('over', seconds > target);
    setTimeout(tick, 250);
  };
  tick();
})();
