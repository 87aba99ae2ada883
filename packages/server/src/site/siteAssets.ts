import { PIXEL_FONT_FILES, pixelFontCss } from './assets/pixelFont.js';
import { PIXEL_FONT_FACES } from './assets/pixelFont.generated.js';
import { SITE_CSS } from './assets/siteCss.js';
import { SITE_ICON } from './assets/siteIcon.js';
import { SITE_SCRIPT_MIN } from './assets/siteScript.generated.js';
import { ICON_SPRITE_BYTES, iconCss } from './icons/iconSprite.js';
import { ICON_SPRITE_WEBP } from './icons/iconSprite.generated.js';

/** One file the site serves under `/assets/<version>/`. */
export interface SiteAsset {
  body: string | Uint8Array;
  contentType: string;
}

/** The site's files by name: embedded strings, so the router reads nothing from disk. */
export const siteAssets: Readonly<Record<string, SiteAsset>> = {
  // The pixel face's and the icon sprite's rules follow the site's own: `url(icons.webp)` and the
  // fonts' `url()` are relative to this file.
  // The style sheet's comments are for its readers, not sent (0.4 KB on every first visit).
  'site.css': { body: `${pixelFontCss()}\n${SITE_CSS.replace(/\/\*[\s\S]*?\*\/\n?/g, '').trim()}\n${iconCss()}`, contentType: 'text/css; charset=utf-8' },
  // siteScript.ts minified (generate-site-script.ts).
  'site.js': { body: SITE_SCRIPT_MIN, contentType: 'text/javascript; charset=utf-8' },
  'icon.svg': { body: SITE_ICON, contentType: 'image/svg+xml' },
  'icons.webp': { body: ICON_SPRITE_BYTES, contentType: 'image/webp' },
  ...Object.fromEntries([...PIXEL_FONT_FILES].map(([file, body]) => [file, { body, contentType: 'font/woff2' }])),
};

/** 32-bit FNV-1a of a string, as 8 hex digits: a content fingerprint, not a security hash. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * The assets' version: a fingerprint of their content, so `/assets/<version>/site.css` can be
 * cached forever and a new release is fetched at once.
 */
export const ASSET_VERSION = fnv1a([SITE_CSS, iconCss(), SITE_SCRIPT_MIN, SITE_ICON, ICON_SPRITE_WEBP, pixelFontCss(), ...PIXEL_FONT_FACES.map((face) => face.woff2)].join('\0'));

/** Cache-Control of a fingerprinted asset: it never changes under its URL. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
