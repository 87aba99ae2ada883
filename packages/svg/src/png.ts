/**
 * @blockstats/svg/png: PNG rendering of this package's SVGs through @napi-rs/canvas (a native
 * module, so Node, Bun and Deno; not Workers), for chat bots and link previews.
 */
export { toPng, type ToPngOptions } from './to-png.js';
export { loadToPngSync } from './to-png-sync.js';
