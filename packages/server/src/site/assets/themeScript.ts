/**
 * The one inline script of every page, run in `<head>` before the stylesheet applies: it puts
 * the visitor's saved theme (`light` or `dark`, kept in localStorage by the theme switch) on
 * `<html data-theme>`, so a page never flashes the system's scheme first. Without a saved
 * choice, or without JavaScript, the page follows `prefers-color-scheme`. Storage can throw
 * (blocked cookies, some private modes): then the system's scheme it is.
 */
export const THEME_SCRIPT = "try{var t=localStorage.getItem('blockstats-theme');if(t==='light'||t==='dark')document.documentElement.setAttribute('data-theme',t)}catch(e){}";

/** The localStorage key of the theme choice: the inline script and site.js read the same one. */
export const THEME_KEY = 'blockstats-theme';

/**
 * The CSP source of {@link THEME_SCRIPT} (CSP 3 §8.4 "hash-source": base64 of its SHA-256),
 * written out because Workers have no synchronous hash; a test recomputes it, so the two
 * cannot drift apart.
 */
export const THEME_SCRIPT_HASH = "'sha256-CgESRmgeD2WcWjb93HH5weqDmT4taZzPoG8U7dBdX+g='";
