/**
 * site.js's scroll notes (a part of the script's one function, with `d` in scope): each
 * `[data-scroll-hint]` note is shown while the `.scroll` box after it is wider inside than
 * out, measured again when the box or the window changes size. `measureScrolls()` is there for
 * the parts that change a table (the filter, the live search).
 */
export const SCROLL_HINT_SCRIPT = `
  function measureScrolls() {
    d.querySelectorAll('[data-scroll-hint]').forEach(function (hint) {
      var box = hint.nextElementSibling;
      hint.hidden = !box || box.scrollWidth <= box.clientWidth + 1;
    });
  }
  measureScrolls();
  if (window.ResizeObserver) {
    var watcher = new ResizeObserver(measureScrolls);
    d.querySelectorAll('.scroll').forEach(function (box) {
      watcher.observe(box);
      if (box.firstElementChild) watcher.observe(box.firstElementChild);
    });
  } else {
    window.addEventListener('resize', measureScrolls);
  }
`;
