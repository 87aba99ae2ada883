/**
 * The site's only script: progressive enhancement over pages that already work without it.
 * Embedded as a string (the router reads no file), served from `/assets/<version>/site.js`.
 *
 * - `time[data-rel]`: past instants also read "3 hours ago" (the date stays in `title`).
 * - `input[data-filter]`: filters the rows of the table it `aria-controls` as you type.
 * - `table[data-sortable]`: header buttons sort the rows (numbers by the cells' `data-v`).
 * - `form[data-live]`: a GET form whose results (the element `data-live` names) are refreshed
 *   as you type, from the server's own HTML of the form's URL.
 */
export const SITE_SCRIPT = `(function () {
  'use strict';
  var d = document;
  var lang = d.documentElement.lang || undefined;

  var rtf = window.Intl && Intl.RelativeTimeFormat ? new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }) : null;
  var units = [['year', 31536e6], ['month', 2592e6], ['week', 6048e5], ['day', 864e5], ['hour', 36e5], ['minute', 6e4]];
  function relativeTimes(root) {
    if (!rtf) return;
    root.querySelectorAll('time[data-rel]').forEach(function (el) {
      var diff = Date.parse(el.getAttribute('datetime')) - Date.now();
      if (!(diff <= 0)) return;
      for (var i = 0; i < units.length; i++) {
        var unit = units[i];
        if (-diff >= unit[1] || i === units.length - 1) {
          if (!el.title) el.title = el.textContent;
          el.textContent = rtf.format(Math.round(diff / unit[1]), unit[0]);
          return;
        }
      }
    });
  }
  relativeTimes(d);
  d.querySelectorAll('[data-needs-script]').forEach(function (el) { el.hidden = false; });

  var rules = window.Intl && Intl.PluralRules ? new Intl.PluralRules(lang) : null;
  var numbers = window.Intl ? new Intl.NumberFormat(lang) : null;
  // A count in words, from the forms the page carries (data-zero, data-one, data-few… data-other).
  function plural(el, n) {
    var form = n === 0 && el.hasAttribute('data-zero') ? 'zero' : rules ? rules.select(n) : 'other';
    var text = el.getAttribute('data-' + form) || el.getAttribute('data-other') || '';
    return text.replace('{count}', numbers ? numbers.format(n) : String(n));
  }

  d.querySelectorAll('input[data-filter]').forEach(function (input) {
    var table = d.getElementById(input.getAttribute('aria-controls'));
    var status = d.getElementById(input.getAttribute('data-filter'));
    if (!table) return;
    var rows = [].slice.call(table.querySelectorAll('tbody tr'));
    var texts = rows.map(function (row) { return row.textContent.toLowerCase(); });
    function apply() {
      var needle = input.value.trim().toLowerCase();
      var shown = 0;
      rows.forEach(function (row, i) {
        var hit = !needle || texts[i].indexOf(needle) !== -1;
        row.hidden = !hit;
        if (hit) shown++;
      });
      d.querySelectorAll('[data-group]').forEach(function (group) {
        group.hidden = !group.querySelector('tbody tr:not([hidden])');
      });
      if (status) status.textContent = needle ? plural(status, shown) : '';
    }
    input.addEventListener('input', apply);
    var form = input.form;
    if (form && !form.hasAttribute('data-live')) form.addEventListener('submit', function (e) { e.preventDefault(); apply(); });
    if (input.value) apply();
  });

  d.querySelectorAll('table[data-sortable]').forEach(function (table) {
    var body = table.tBodies[0];
    if (!body) return;
    table.querySelectorAll('thead th[data-type]').forEach(function (th, index) {
      var column = th.cellIndex;
      var button = d.createElement('button');
      button.type = 'button';
      while (th.firstChild) button.appendChild(th.firstChild);
      th.appendChild(button);
      button.addEventListener('click', function () {
        var descending = th.getAttribute('aria-sort') !== 'descending';
        table.querySelectorAll('thead th[aria-sort]').forEach(function (other) { other.removeAttribute('aria-sort'); });
        th.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
        var numeric = th.getAttribute('data-type') === 'number';
        var rows = [].slice.call(body.rows);
        var key = function (row) {
          var cell = row.cells[column];
          if (!cell) return numeric ? -Infinity : '';
          var v = cell.getAttribute('data-v');
          return numeric ? (v === null || v === '' ? -Infinity : Number(v)) : (v || cell.textContent).trim().toLowerCase();
        };
        rows.sort(function (a, b) {
          var x = key(a), y = key(b);
          var order = x < y ? -1 : x > y ? 1 : 0;
          return descending ? -order : order;
        });
        rows.forEach(function (row) { body.appendChild(row); });
      });
    });
  });

  d.querySelectorAll('form[data-live]').forEach(function (form) {
    var target = form.getAttribute('data-live');
    var timer = 0;
    var pending = null;
    function refresh() {
      var params = new URLSearchParams(new FormData(form));
      [].slice.call(params.keys()).forEach(function (key) { if (!params.get(key)) params.delete(key); });
      var query = params.toString();
      var url = form.action.split('?')[0] + (query ? '?' + query : '');
      if (pending) pending.abort();
      pending = window.AbortController ? new AbortController() : null;
      fetch(url, { headers: { accept: 'text/html' }, signal: pending ? pending.signal : undefined })
        .then(function (response) { return response.text(); })
        .then(function (html) {
          var fresh = new DOMParser().parseFromString(html, 'text/html').getElementById(target);
          var current = d.getElementById(target);
          if (fresh && current) {
            current.replaceWith(fresh);
            relativeTimes(fresh);
            history.replaceState(null, '', url);
          }
        })
        .catch(function () {});
    }
    form.addEventListener('input', function () {
      clearTimeout(timer);
      timer = setTimeout(refresh, 250);
    });
  });
})();
`;
