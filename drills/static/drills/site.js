// Every page: the phone menu and the tables that become cards on a phone. In a static file,
// not inline: the Content-Security-Policy allows scripts from our own origin only.
// Without JavaScript the menu stays open and tables scroll inside their card, as before.
(function () {
  // The menu: on a phone (site.css) it folds behind the "Menu" button of the header.
  var header = document.querySelector('.site-header');
  var toggle = header && header.querySelector('.menu-toggle');
  if (toggle) {
    var setOpen = function (open) {
      toggle.setAttribute('aria-expanded', String(open));
      header.classList.toggle('menu-open', open);
    };
    toggle.hidden = false;
    header.classList.add('menu-folds');
    toggle.addEventListener('click', function () { setOpen(toggle.getAttribute('aria-expanded') !== 'true'); });
    document.addEventListener('keydown', function (event) {
      if (event.key === 'Escape' && header.classList.contains('menu-open')) { setOpen(false); toggle.focus(); }
    });
  }

  // Tables as cards: each body cell gets its column's heading as data-label, which site.css
  // shows before the value when the table is stacked. A table is stacked only when it does
  // not fit its box (on a phone: site.css lays stacked tables out as cards only there); a
  // table that fits stays a table. A table without a heading row (facts) stays as it is, and
  // a rule set's settings have their own labels and layout (table.settings).
  function label(table) {
    var head = table.tHead && table.tHead.rows[0];
    if (!head || head.cells.length < 3) return false;
    var labels = [];
    Array.prototype.forEach.call(head.cells, function (cell) {
      for (var span = 0; span < cell.colSpan; span++) labels.push(cell.textContent.trim());
    });
    Array.prototype.forEach.call(table.tBodies, function (body) {
      Array.prototype.forEach.call(body.rows, function (row) {
        if (row.dataset.labelled) return;
        row.dataset.labelled = '1';
        var column = 0;
        Array.prototype.forEach.call(row.cells, function (cell) {
          var text = labels[column];
          if (text && !cell.hasAttribute('data-label') && cell.tagName === 'TD') cell.setAttribute('data-label', text);
          // A cell with nothing in it is left out of the card (a heading with no value says nothing).
          if (!cell.textContent.trim() && !cell.querySelector('input, select, textarea, button, img, svg')) cell.classList.add('blank');
          column += cell.colSpan;
        });
      });
    });
    return true;
  }

  function stackTables() {
    var tables = Array.prototype.filter.call(
      document.querySelectorAll('table.list:not(.settings), table.history'), label);
    // Measured as tables, all at once (one layout), then stacked where they overflow.
    tables.forEach(function (table) { table.classList.remove('stacked'); });
    var wide = tables.filter(function (table) {
      var box = table.parentElement;
      return table.offsetParent !== null && table.offsetWidth > box.clientWidth + 1;
    });
    wide.forEach(function (table) { table.classList.add('stacked'); });
  }
  stackTables();
  var pending = null, width = window.innerWidth;
  window.addEventListener('resize', function () {  // a new width only: a phone's toolbar changes the height
    if (window.innerWidth === width) return;
    width = window.innerWidth;
    clearTimeout(pending);
    pending = setTimeout(stackTables, 150);
  });
  // Rows or panels htmx brings in later (a pager, the team's learning panel), and tables in
  // a <details> that opens (hidden, they could not be measured).
  document.addEventListener('htmx:afterSettle', stackTables);
  document.addEventListener('toggle', stackTables, true);
})();
