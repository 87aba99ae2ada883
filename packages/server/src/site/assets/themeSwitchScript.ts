import { THEME_KEY } from './themeScript.js';

/**
 * site.js's theme switch (a part of the script's one function, with `d` in scope): the
 * `select[data-theme-switch]` shows the saved choice, and a change saves it (auto removes it)
 * and applies it at once to `<html data-theme>`, and to the `theme-color` metas, which would
 * otherwise keep following the system. Other tabs of the site follow (the `storage` event).
 * The head's inline script (themeScript.ts) applies the saved choice before the first paint.
 */
export const THEME_SWITCH_SCRIPT = `
  var root = d.documentElement;
  var themeKey = '${THEME_KEY}';
  var switches = [].slice.call(d.querySelectorAll('select[data-theme-switch]'));
  function applyTheme(choice) {
    if (choice === 'light' || choice === 'dark') root.setAttribute('data-theme', choice);
    else root.removeAttribute('data-theme');
    var bg = getComputedStyle(root).getPropertyValue('--bg').trim();
    d.querySelectorAll('meta[name=theme-color]').forEach(function (meta) {
      if (!meta.hasAttribute('data-system')) meta.setAttribute('data-system', meta.content);
      meta.content = root.hasAttribute('data-theme') && bg ? bg : meta.getAttribute('data-system');
    });
    switches.forEach(function (select) { select.value = root.getAttribute('data-theme') || 'auto'; });
  }
  applyTheme(root.getAttribute('data-theme'));
  switches.forEach(function (select) {
    select.addEventListener('change', function () {
      try {
        if (select.value === 'auto') localStorage.removeItem(themeKey);
        else localStorage.setItem(themeKey, select.value);
      } catch (e) {}
      applyTheme(select.value);
    });
  });
  window.addEventListener('storage', function (e) { if (e.key === themeKey) applyTheme(e.newValue); });
`;
