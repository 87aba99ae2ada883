import { FRAME_WEBPS, ICON_COLUMNS, ICON_NAMES, ICON_SPRITE_WEBP } from './iconSprite.generated.js';

const cells: ReadonlyMap<string, number> = new Map(ICON_NAMES.map((name, i) => [name, i]));

/** Whether the sprite holds an icon of this name. */
export function hasIcon(name: string): boolean {
  return cells.has(name);
}

/**
 * The class placing an icon: `i` and its cell's number in base 36 (`i7`, `i1a`), not its name: a
 * profile names two hundred icons, some twice, and the style sheet all of them, for the page budget.
 * An icon the sprite lacks has none (its cell is the first).
 */
export function iconClass(name: string): string {
  const cell = cells.get(name);
  return cell === undefined ? '' : `i${cell.toString(36)}`;
}

/** The sprite's WebP bytes (decoded once). */
export const ICON_SPRITE_BYTES: Uint8Array = Uint8Array.from(atob(ICON_SPRITE_WEBP), (c) => c.charCodeAt(0));


/** The custom properties placing cell `i`: its row, and its column unless that is the first. */
function cellVars(i: number): string {
  const x = i % ICON_COLUMNS;
  return `${x ? `--x:${x};` : ''}--y:${Math.floor(i / ICON_COLUMNS)}`;
}

/**
 * The sprite's style sheet: `.ic` is a 1em square showing `icons.webp` scaled to em units, so an
 * icon is as large as its font size: 16px (the textures' own size) or a whole multiple, never a
 * size between that would smear the pixels, with square pixels (`image-rendering: pixelated`), in
 * an inventory slot unless it is a head or sits in a frame; each icon's class (`iconClass`) names its cell's column
 * and row (`--x`, `--y`), which `.ic` turns into the sprite's position. `.fr-<frame>` is an advancement frame behind an icon.
 */
export function iconCss(): string {
  const rules = [
    // A cell is its column and row (--x, --y: shorter than a position per icon, for the page budget; --x left out when 0).
    `.ic{display:inline-block;flex:none;font-size:16px;width:1em;height:1em;vertical-align:-.2em;background:url(icons.webp) calc(var(--x,0)*-1em) calc(var(--y,0)*-1em)/${ICON_COLUMNS}em auto no-repeat;image-rendering:pixelated}`,
    ...ICON_NAMES.map((name, i) => `.${iconClass(name)}{${cellVars(i)}}`),
    // An item in an inventory slot, as the game draws it: grey, dark edges above and left, light below and right.
    '.ic:not(.head){background-color:#8b8b8b;box-shadow:0 0 0 2px #8b8b8b,-2px -2px 0 2px #373737,2px 2px 0 2px #fff;margin:0 4px}.fr .ic{background-color:transparent;box-shadow:none;margin:0}',
    '.fr{font-size:16px;display:inline-grid;place-items:center;flex:none;width:1.625em;height:1.625em;background:0 0/100% 100% no-repeat;image-rendering:pixelated}',
    ...Object.entries(FRAME_WEBPS).map(([frame, webp]) => `.fr-${frame}{background-image:url(data:image/webp;base64,${webp})}`),
    // Whole multiples of the textures' pixels: a head's 8 pixels at 3, 9 and 12 screen pixels each.
    '.fr--lg,.fr--lg .ic,.ic.ic--lg{font-size:32px}.ic.head{font-size:24px;border-radius:3px}.ic.head--lg{font-size:72px;border-radius:6px}',
    '@media (min-width:48rem){.ic.head--lg{font-size:96px}}',
  ];
  return rules.join('\n');
}
