/**
 * The site's pixel display face (Pixelify Sans, OFL-1.1): embedded from the fontsource package
 * by its generator (latin, latin-ext, cyrillic), declared per subset with `unicode-range` and `font-display: swap`, used by the
 * headings before the system font, served as immutable files outside the rate limit, allowed by
 * the pages' CSP.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { PIXEL_FONT_FACES } from '../src/site/assets/pixelFont.generated.js';
import { PIXEL_FAMILY, PIXEL_FONT_FILES } from '../src/site/assets/pixelFont.js';
import { api } from './harness.js';
import { REPO_ROOT } from '../../../test/support/repo.js';

const HTML = { accept: 'text/html' };

describe('the pixel display face', () => {
  it('the committed module is what generate-pixel-font.ts makes from @fontsource/pixelify-sans, with the license notice', () => {
    execFileSync(process.execPath, ['--conditions=source', '--import', 'tsx', 'packages/server/scripts/generate-pixel-font.ts', '--check'], { stdio: 'pipe', cwd: REPO_ROOT });
    assert.deepEqual(PIXEL_FONT_FACES.map((f) => f.subset), ['latin', 'latin-ext', 'cyrillic']);
    for (const bytes of PIXEL_FONT_FILES.values()) assert.equal(new TextDecoder().decode(bytes.slice(0, 4)), 'wOF2');
  });

  it('site.css: one @font-face per subset (swap, its unicode-range, no CJK), headings in the face with the system font after it', async () => {
    const { get } = api({ site: true });
    const page = await get('/', { headers: HTML });
    const css = (await get(/href="(\/assets\/[\w-]+\/site\.css)"/.exec(page.text)![1]!)).text;
    const faces = [...css.matchAll(/@font-face\{([^}]*)\}/g)].map((m) => m[1]!);
    assert.equal(faces.length, 3, css.slice(0, 600));
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
