/**
 * site.js's sortable tables (a part of the script's one function, with `d` and `lang` in
 * scope): `table[data-sortable]` gets a button in each `th[data-type]` (`number` sorts by the
 * cells' `data-v`, or by a cell's text when that is plain digits (`12`, `#12`) and it has none;
 * `text` by `data-v` or the text, in the page's language's order). A first
 * click sorts a number column descending and a text column ascending (`data-first` overrides,
 * for ranks); the next click reverses. The header carries `aria-sort`. Empty cells stay last
 * either way; ties keep their order. Without the script the table keeps the server's order and
 * its headers are plain text: no control that does nothing.
 */
export const SORT_SCRIPT = `
  var collator = window.Intl && Intl.Collator ? new Intl.Collator(lang, { numeric: true, sensitivity: 'base' }) : null;
  function compareText(a, b) { return collator ? collator.compare(a, b) : a < b ? -1 : a > b ? 1 : 0; }
  function sortKey(cell, numeric) {
    if (!cell) return null;
    var v = cell.getAttribute('data-v');
    // A cell whose text is its value (12, #12) carries no data-v: its digits are the key.
    if (numeric && v === null && /^#?\\d+$/.test(cell.textContent.trim())) return Number(cell.textContent.trim().replace('#', ''));
    if (numeric) return v === null || v === '' || isNaN(Number(v)) ? null : Number(v);
    var text = (v || cell.textContent).trim();
    return text === '' ? null : text;
  }
  d.querySelectorAll('table[data-sortable]').forEach(function (table) {
    var body = table.tBodies[0];
    if (!body) return;
    table.querySelectorAll('thead th[data-type]').forEach(function (th) {
      var column = th.cellIndex;
      var numeric = th.getAttribute('data-type') === 'number';
      var first = th.getAttribute('data-first') || (numeric ? 'descending' : 'ascending');
      var button = d.createElement('button');
      button.type = 'button';
      while (th.firstChild) button.appendChild(th.firstChild);
      th.appendChild(button);
      button.addEventListener('click', function () {
        var order = th.getAttribute('aria-sort') === first ? (first === 'ascending' ? 'descending' : 'ascending') : first;
        table.querySelectorAll('thead th[aria-sort]').forEach(function (other) { other.removeAttribute('aria-sort'); });
        th.setAttribute('aria-sort', order);
        var sign = order === 'descending' ? -1 : 1;
        var rows = [].slice.call(body.rows).map(function (row, i) { return { row: row, key: sortKey(row.cells[column], numeric), i: i }; });
        rows.sort(function (a, b) {
          if (a.key === null || b.key === null) return a.key === b.key ? a.i - b.i : a.key === null ? 1 : -1;
          var c = numeric ? a.key - b.key : compareText(a.key, b.key);
          return c * sign || a.i - b.i;
        });
        rows.forEach(function (r) { body.appendChild(r.row); });
      });
    });
  });
`;
