// Exam sitting: the countdown only DISPLAYS the server's deadline (seconds left as the
// server computed them, re-synchronised by every autosave answer); the keypad; htmx swaps
// the autosave status also for 400 (malformed answer) and 409 (time is up) answers.
(function () {
  var countdown = document.querySelector('.countdown');
  var endsAt = null;

  function sync(secondsLeft) {
    if (!isNaN(secondsLeft)) endsAt = performance.now() + secondsLeft * 1000;
  }

  function timeUp() {
    document.querySelectorAll('.item-form fieldset, .item-form button').forEach(function (el) { el.disabled = true; });
    countdown.textContent = 'Time is up';
    countdown.classList.add('over');
    var url = countdown.dataset.resultUrl;
    if (url) setTimeout(function () { window.location.assign(url); }, 1500);
  }

  function tick() {
    var left = Math.max(0, Math.round((endsAt - performance.now()) / 1000));
    if (left <= 0) { timeUp(); return; }
    var minutes = Math.floor(left / 60), seconds = left % 60;
    countdown.textContent = minutes + ':' + (seconds < 10 ? '0' : '') + seconds + ' left';
    countdown.classList.toggle('low', left <= 60);
    setTimeout(tick, 250);
  }

  if (countdown) {
    sync(parseInt(countdown.dataset.secondsLeft, 10));
    tick();
  }

  document.body.addEventListener('htmx:beforeSwap', function (event) {
    var status = event.detail.xhr.status;
    if (status === 400 || status === 409) { event.detail.shouldSwap = true; event.detail.isError = false; }
  });
  document.body.addEventListener('htmx:afterSwap', function (event) {
    var state = event.detail.target.querySelector('.save-state');
    if (!state) return;
    sync(parseInt(state.dataset.secondsLeft, 10));
    if (state.dataset.closed && countdown) { endsAt = performance.now(); }
    var current = document.querySelector('.item-link.current');
    if (current && event.detail.xhr.status === 200) current.classList.add('answered');
    var count = document.querySelector('.answered-count');
    if (count) count.textContent = document.querySelectorAll('.item-link.answered').length;
  });

  document.querySelectorAll('.keypad').forEach(function (pad) {
    var input = document.getElementById(pad.dataset.for);
    pad.addEventListener('click', function (event) {
      var key = event.target.dataset.key;
      if (!key) return;
      if (key === 'back') input.value = input.value.slice(0, -1);
      else if (key === '-') input.value = input.value.charAt(0) === '-' ? input.value.slice(1) : '-' + input.value;
      else input.value += key;
      input.focus();
      input.form.dispatchEvent(new Event('keypad', { bubbles: true }));
    });
  });
})();
