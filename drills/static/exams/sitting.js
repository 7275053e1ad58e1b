// Exam sitting: the countdown only DISPLAYS the server's deadline (seconds left as the
// server computed them, re-synchronised by every autosave answer); htmx swaps
// the autosave status also for 409 (time is up, sitting over) answers. An incomplete
// answer is a 200 ("draft saved, incomplete"), so django-htmx's DEBUG error handler, which
// replaces the whole page for 400/403/404/500, is never reached by an autosave.
// The database or the network away (503, no answer): "not saved yet, retrying", and the
// same form is sent again with backoff; what was typed stays in the page. The keypad
// (keypad.js) sends a "keypad" event, which autosaves after a pause.
(function () {
  var countdown = document.querySelector('.countdown');
  var endsAt = null;
  var RETRY_FIRST_MS = 1000, RETRY_MAX_MS = 30000;
  var retry = { timer: null, delay: RETRY_FIRST_MS };

  function sync(secondsLeft) {
    if (!isNaN(secondsLeft)) endsAt = performance.now() + secondsLeft * 1000;
  }

  function timeUp() {
    clearTimeout(retry.timer);
    document.querySelectorAll('.item-form fieldset, .item-form button').forEach(function (el) { el.disabled = true; });
    countdown.textContent = countdown.dataset.timeUp || 'Time is up';
    countdown.classList.add('over');
    var url = countdown.dataset.resultUrl;
    if (url) setTimeout(function () { window.location.assign(url); }, 1500);
  }

  function tick() {
    var left = Math.max(0, Math.round((endsAt - performance.now()) / 1000));
    if (left <= 0) { timeUp(); return; }
    var minutes = Math.floor(left / 60), seconds = left % 60;
    var clock = minutes + ':' + (seconds < 10 ? '0' : '') + seconds;
    countdown.textContent = (countdown.dataset.left || '{time} left').replace('{time}', clock);
    countdown.classList.toggle('low', left <= 60);
    setTimeout(tick, 250);
  }

  if (countdown) {
    sync(parseInt(countdown.dataset.secondsLeft, 10));
    tick();
  }

  function showStatus(text, className) {
    var box = document.getElementById('save-status');
    if (!box) return;
    var span = document.createElement('span');
    span.className = 'save-state ' + className;
    span.textContent = text;
    box.replaceChildren(span);
  }

  function formOf(detail) {  // the autosaving form (htmx's response events carry its target)
    var elt = (detail.requestConfig && detail.requestConfig.elt) || detail.target;
    return elt && elt.closest ? elt.closest('form.item-form') : null;
  }

  function retryLater(form, retryAfterSeconds) {
    if (!form) return;
    clearTimeout(retry.timer);
    var wait = Math.max(retry.delay, (retryAfterSeconds || 0) * 1000);
    var box = document.getElementById('save-status');  // its data-retrying: the words in the page's language
    var words = (box && box.dataset.retrying) || 'Not saved yet, retrying in {seconds} s… Your answer stays here.';
    showStatus(words.replace('{seconds}', Math.round(wait / 1000)), 'save-retrying');
    retry.timer = setTimeout(function () { htmx.trigger(form, 'retry-save'); }, wait);
    retry.delay = Math.min(retry.delay * 2, RETRY_MAX_MS);
  }

  document.body.addEventListener('htmx:beforeSwap', function (event) {
    var xhr = event.detail.xhr;
    if (xhr.status === 409) { event.detail.shouldSwap = true; event.detail.isError = false; }
    if (xhr.status === 502 || xhr.status === 503 || xhr.status === 504) {
      event.detail.shouldSwap = false;
      event.detail.isError = false;
      retryLater(formOf(event.detail), parseInt(xhr.getResponseHeader('Retry-After'), 10));
    }
  });
  document.body.addEventListener('htmx:sendError', function (event) { retryLater(formOf(event.detail), 0); });

  document.body.addEventListener('htmx:afterSwap', function (event) {
    var state = event.detail.target.querySelector('.save-state');
    if (!state) return;
    clearTimeout(retry.timer);
    retry.delay = RETRY_FIRST_MS;
    sync(parseInt(state.dataset.secondsLeft, 10));
    if (state.dataset.closed && countdown) { endsAt = performance.now(); }
    var current = document.querySelector('.item-link.current');
    if (current && state.dataset.state === 'answer') { current.classList.add('answered'); current.classList.remove('drafted'); }
    if (current && state.dataset.state === 'draft' && !current.classList.contains('answered')) current.classList.add('drafted');
    var count = document.querySelector('.answered-count');
    if (count) count.textContent = document.querySelectorAll('.item-link.answered').length;
  });
})();
