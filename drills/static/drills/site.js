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
  // shows before the value when the table is stacked (phones). A table of one or two columns
  // fits a phone as it is; a table without a heading row (facts) stays as it is, and a rule
  // set's settings have their own labels and layout (table.settings).
  function stackTables(root) {
    root.querySelectorAll('table.list:not(.settings), table.history').forEach(function (table) {
      var head = table.tHead && table.tHead.rows[0];
      if (!head || head.cells.length < 3) return;
      var labels = [];
      Array.prototype.forEach.call(head.cells, function (cell) {
        for (var span = 0; span < cell.colSpan; span++) labels.push(cell.textContent.trim());
      });
      Array.prototype.forEach.call(table.tBodies, function (body) {
        Array.prototype.forEach.call(body.rows, function (row) {
          var column = 0;
          Array.prototype.forEach.call(row.cells, function (cell) {
            var label = labels[column];
            if (label && !cell.hasAttribute('data-label') && cell.tagName === 'TD') cell.setAttribute('data-label', label);
            // A cell with nothing in it is left out of the card (a heading with no value says nothing).
            if (!cell.textContent.trim() && !cell.querySelector('input, select, textarea, button, img, svg')) cell.classList.add('blank');
            column += cell.colSpan;
          });
        });
      });
      table.classList.add('stacked');
    });
  }
  stackTables(document);
  // Rows or panels htmx brings in later (a pager, the team's learning panel).
  document.addEventListener('htmx:afterSettle', function () { stackTables(document); });
})();
