/**
 * Absolute links on pages (canonical, og:url, og:image, the embed snippet) never follow a
 * `Host` header anyone can send: they come from `base_url`, or from a trusted proxy's
 * `X-Forwarded-Host`/`-Proto`; otherwise pages leave them out (issue 39).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRouter } from '../src/router/createRouter.js';
import type { RouterOptions } from '../src/router/RouterOptions.js';
import { fixtureRecord, fixtureSnapshot, NOW } from './fixture.js';

const HTML = { accept: 'text/html' };
const PNG = async () => new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

function router(overrides: Partial<RouterOptions> = {}) {
  const snapshot = fixtureSnapshot();
  const record = fixtureRecord();
  return createRouter({
    snapshot: () => snapshot, record: () => record, clock: () => NOW, random: () => 0.5, rateLimit: false,
    site: { externalImages: false }, renderPng: PNG, ...overrides,
  });
}

async function page(r: ReturnType<typeof router>, url: string, headers: Record<string, string>, peer: string): Promise<string> {
  const res = await r.fetch(new Request(url, { headers: { ...HTML, ...headers } }), { remoteAddress: peer });
  assert.equal(res.status, 200);
  return res.text();
}

/** Every absolute http(s) URL in the page's head and embed snippet. */
const absolutes = (html: string) => [...html.matchAll(/https?:\/\/[^"'\s)<]+/g)].map((m) => m[0]);

describe('absolute links on pages', () => {
  it('without base_url, a forged Host reaches no og:url, og:image, canonical or embed snippet', async () => {
    const html = await page(router(), 'http://evil.example/players/Steve', {}, '198.51.100.20');
    assert.ok(!html.includes('evil.example'), 'the Host is nowhere on the page');
    assert.doesNotMatch(html, /property="og:url"|property="og:image"|rel="canonical"/);
    assert.match(html, /\(\/v1\/card\/player\/[0-9a-f-]+\.svg\)/, 'the embed snippet holds the path on this site');
  });

  it('an untrusted peer cannot choose the origin with X-Forwarded-Host either', async () => {
    const html = await page(router(), 'http://stats.test/players/Steve', { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' }, '198.51.100.20');
    assert.ok(!html.includes('evil.example'));
    assert.deepEqual(absolutes(html).filter((u) => u.includes('stats.test')), []);
  });

  it('base_url gives og:url, og:image and canonical, whatever the Host says', async () => {
    const html = await page(router({ baseUrl: 'https://mc.example.org' }), 'http://evil.example/players/Steve', {}, '198.51.100.20');
    assert.match(html, /<meta property="og:url" content="https:\/\/mc\.example\.org\/players\/Steve"/);
    assert.match(html, /<meta property="og:image" content="https:\/\/mc\.example\.org\/v1\/card\/player\/[0-9a-f-]+\.png"/);
    assert.ok(!html.includes('evil.example'));
  });

  it('behind a trusted proxy, X-Forwarded-Host and -Proto make the origin', async () => {
    const r = router({ trustedProxies: ['10.0.0.0/8'] });
    const html = await page(r, 'http://10.0.0.5:8080/players/Steve', { 'x-forwarded-host': 'stats.example.net', 'x-forwarded-proto': 'https' }, '10.0.0.1');
    assert.match(html, /<meta property="og:url" content="https:\/\/stats\.example\.net\/players\/Steve"/);
    assert.match(html, /<link rel="canonical" href="https:\/\/stats\.example\.net\/players\/Steve"/);
  });
});
