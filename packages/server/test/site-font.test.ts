/**
 * The site's pixel display face (Pixelify Sans, OFL-1.1): embedded from the fontsource package
 * by its generator (latin, latin-ext; no Cyrillic, which it lacks in part), declared per subset with `unicode-range` and `font-display: swap`, used by the
 * headings before the system font, served as immutable files outside the rate limit, allowed by
 * the pages' CSP.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { PIXEL_FONT_FACES } from '../src/site/assets/pixelFont.generated.js';
import { PIXEL_FAMILY, PIXEL_FONT_FILES } from '../src/site/assets/pixelFont.js';
import { woff2DrawnCodePoints } from '../scripts/font/woff2DrawnCodePoints.js';
import { api } from './harness.js';
import { REPO_ROOT } from '../../../test/support/repo.js';

const HTML = { accept: 'text/html' };

/** The letters a heading can hold in the languages whose letters go beyond Latin-1 (upper case; lower case from them). */
const ALPHABETS: Readonly<Record<string, string>> = {
  pl: 'AĄBCĆDEĘFGHIJKLŁMNŃOÓPQRSŚTUVWXYZŹŻ',
  tr: 'ABCÇDEFGĞHIİJKLMNOÖPQRSŞTUÜVWXYZ',
  ru: 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ',
};

/** A `unicode-range` value as [first, last] pairs. */
const rangesOf = (unicodeRange: string) =>
  unicodeRange.split(',').map((part) => {
    const [first, last = first] = part.trim().replace(/^U\+/, '').split('-') as [string, string?];
    return [parseInt(first, 16), parseInt(last, 16)] as const;
  });

describe('the pixel display face', () => {
  it('the committed module is what generate-pixel-font.ts makes from @fontsource/pixelify-sans, with the license notice', () => {
    execFileSync(process.execPath, ['--conditions=source', '--import', 'tsx', 'packages/server/scripts/generate-pixel-font.ts', '--check'], { stdio: 'pipe', cwd: REPO_ROOT });
    assert.deepEqual(PIXEL_FONT_FACES.map((f) => f.subset), ['latin', 'latin-ext']);
    for (const bytes of PIXEL_FONT_FILES.values()) assert.equal(new TextDecoder().decode(bytes.slice(0, 4)), 'wOF2');
  });

  it('every letter of the Polish and Turkish alphabets (ı and İ too) is drawn by the subset whose unicode-range holds it; Russian headings use the system font, and no subset claims a Cyrillic letter', async () => {
    const drawn = new Map(PIXEL_FONT_FACES.map((face) => [face.file, woff2DrawnCodePoints(PIXEL_FONT_FILES.get(face.file)!)]));
    const faceOf = (codePoint: number) =>
      // A browser draws a character with the last declared face whose range holds it.
      PIXEL_FONT_FACES.findLast((f) => rangesOf(f.unicodeRange).some(([first, last]) => codePoint >= first && codePoint <= last));
    const wrong: string[] = [];
    for (const [lang, upper] of Object.entries(ALPHABETS)) {
      const lower = lang === 'tr' ? upper.toLocaleLowerCase('tr') : upper.toLowerCase();
      for (const letter of new Set([...upper, ...lower])) {
        const codePoint = letter.codePointAt(0)!;
        const face = faceOf(codePoint);
        // The face lacks Cyrillic О and П: a subset claiming Cyrillic would mix two faces in one word.
        if (lang === 'ru') {
          if (face) wrong.push(`ru ${letter}: claimed by ${face.file}`);
        } else if (!face) wrong.push(`${lang} ${letter}: in no subset's unicode-range`);
        else if (!drawn.get(face.file)!.has(codePoint)) wrong.push(`${lang} ${letter}: ${face.file} has no glyph for it`);
      }
    }
    assert.deepEqual(wrong, []);
    // A check that can fail: the latin-ext subset draws the Polish and Turkish letters and nothing the latin one does.
    assert.ok(drawn.get('pixelify-sans-latin-ext.woff2')!.has(0x0142) && !drawn.get('pixelify-sans-latin-ext.woff2')!.has(0x0041));
    const { get } = api({ site: true });
    const css = (await get(/href="(\/assets\/[\w-]+\/site\.css)"/.exec((await get('/', { headers: HTML })).text)![1]!)).text;
    assert.match(css, /\n:lang\(ru\) :is\(h1,h2,\.error-code\)\{font-family:var\(--sans\)\}/);
    const russian = await get('/?lang=ru', { headers: HTML });
    assert.match(russian.text, /<html lang="ru"/);
  });

  it('site.css: one @font-face per subset (swap, its unicode-range, no CJK), headings in the face with the system font after it', async () => {
    const { get } = api({ site: true });
    const page = await get('/', { headers: HTML });
    const css = (await get(/href="(\/assets\/[\w-]+\/site\.css)"/.exec(page.text)![1]!)).text;
    const faces = [...css.matchAll(/@font-face\{([^}]*)\}/g)].map((m) => m[1]!);
    assert.equal(faces.length, 2, css.slice(0, 600));
    for (const face of faces) {
      assert.match(face, new RegExp(`font-family:"${PIXEL_FAMILY}"`));
      assert.match(face, /font-display:swap/);
      assert.match(face, /src:url\(pixelify-sans-[\w-]+\.woff2\) format\("woff2"\)/);
      assert.match(face, /unicode-range:U\+/);
      // Chinese and Japanese (U+3000 and up) fall to the system font.
      assert.doesNotMatch(face, /U\+[34][0-9A-F]{3}/);
    }
    assert.match(css, /--sans:system-ui,[^;]*;--pixel:"Pixelify Sans",var\(--sans\)/);
    assert.match(css, /\nh1,h2,[^{]*\{font-family:var\(--pixel\)\}/);
  });

  it('each subset: woff2, immutable, strong ETag and 304, never spending the rate limit; the CSP allows fonts from the site only', async () => {
    const { get } = api({ site: true, rateLimit: { limit: 2 } });
    const page = await get('/', { headers: HTML });
    assert.match(page.headers.get('content-security-policy')!, /; font-src 'self';/);
    const version = /href="\/assets\/([\w-]+)\/site\.css"/.exec(page.text)![1]!;
    for (const file of PIXEL_FONT_FILES.keys()) {
      for (let i = 0; i < 5; i++) {
        const font = await get(`/assets/${version}/${file}`);
        assert.equal(font.status, 200, file);
        assert.equal(font.headers.get('content-type'), 'font/woff2');
        assert.equal(font.headers.get('cache-control'), 'public, max-age=31536000, immutable');
        assert.equal((await get(`/assets/${version}/${file}`, { headers: { 'if-none-match': font.headers.get('etag')! } })).status, 304);
      }
    }
    assert.equal((await get('/stats', { headers: HTML })).status, 200);
  });
});
