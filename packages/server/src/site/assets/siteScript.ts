import { SCROLL_HINT_SCRIPT } from './scrollHintScript.js';
import { SORT_SCRIPT } from './sortScript.js';
import { THEME_SWITCH_SCRIPT } from './themeSwitchScript.js';

/**
 * The site's only script file: progressive enhancement over pages that already work without it.
 * Embedded as a string (the router reads no file), served from `/assets/<version>/site.js`.
 *
 * - `time[data-rel]`: past instants also read "3 hours ago" (the date stays in `title`).
 * - `input[data-filter]`: filters the rows of the table it `aria-controls` as you type.
 * - `table[data-sortable]`: header buttons sort the rows (sortScript.ts).
 * - `select[data-theme-switch]`: the theme choice, saved and applied (themeSwitchScript.ts).
 * - `[data-scroll-hint]`: a note over a table that scrolls sideways (scrollHintScript.ts).
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
${THEME_SWITCH_SCRIPT}${SCROLL_HINT_SCRIPT}
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
      measureScrolls();
    }
    input.addEventListener('input', apply);
    var form = input.form;
    if (form && !form.hasAttribute('data-live')) form.addEventListener('submit', function (e) { e.preventDefault(); apply(); });
    if (input.value) apply();
  });

${SORT_SCRIPT}
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
            measureScrolls();
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
