// Drill page: the speed-drill timer (the amount keypad: keypad.js). In a static file, not
// inline: the Content-Security-Policy allows scripts from our own origin only.
(function () {
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
