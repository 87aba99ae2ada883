/** `/favicon.ico`, `/robots.txt` and `/sitemap.xml` (issue 39): where browsers and crawlers look. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SITEMAP_MAX_URLS, sitemapPaths } from '../src/site/rootFiles.js';
import { fixtureSnapshot } from './fixture.js';
import { api } from './harness.js';

const site = (overrides = {}) => api({ site: { externalImages: false }, ...overrides });

describe('root files', () => {
  it('/favicon.ico is a 32×32 ICO of the site icon, cached, with 304s', async () => {
    const { get } = site();
    const res = await get('/favicon.ico', { headers: { accept: 'image/avif,image/webp,*/*' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/x-icon');
    const again = await site().router.fetch(new Request('http://stats.test/favicon.ico'), { remoteAddress: '198.51.100.20' });
    const bytes = new Uint8Array(await again.arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 8)], [0, 0, 1, 0, 1, 0, 32, 32]);
    assert.equal(bytes.byteLength, 6 + 16 + 40 + 32 * 32 * 4 + 32 * 4);
    // The middle of the green bar (x 16, y 16) is opaque green; a corner is transparent.
    const at = (x: number, y: number) => [...bytes.subarray(62 + ((31 - y) * 32 + x) * 4, 62 + ((31 - y) * 32 + x) * 4 + 4)];
    assert.deepEqual(at(16, 16), [0x50, 0xb9, 0x3f, 255]);
    assert.equal(at(0, 0)[3], 0);
    const etag = res.headers.get('etag')!;
    assert.equal((await get('/favicon.ico', { headers: { 'if-none-match': etag } })).status, 304);
  });

  it('/robots.txt keeps crawlers off the API, comparisons and query strings, and names the sitemap with base_url', async () => {
    const plain = await site().get('/robots.txt');
    assert.equal(plain.status, 200);
    assert.equal(plain.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.match(plain.text, /^User-agent: \*\nDisallow: \/v1\/\nDisallow: \/compare\nDisallow: \/\*\?\nAllow: \/\n$/);
    const configured = await site({ baseUrl: 'https://mc.example.org' }).get('/robots.txt');
    assert.match(configured.text, /\nSitemap: https:\/\/mc\.example\.org\/sitemap\.xml\n$/);
  });

  it('/sitemap.xml lists the pages on base_url; without one it is a 404, never URLs on the request Host', async () => {
    const res = await site({ baseUrl: 'https://mc.example.org/stats' }).get('/sitemap.xml');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/xml; charset=utf-8');
    assert.match(res.text, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locs = [...res.text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
    assert.equal(locs[0], 'https://mc.example.org/stats/');
    assert.ok(locs.includes('https://mc.example.org/stats/players/Steve'));
    assert.ok(locs.includes('https://mc.example.org/stats/stats/minecraft%3Ajump') || locs.some((l) => /\/stats\/stats\/[^/]*jump$/.test(l)));
    assert.ok(locs.every((l) => l.startsWith('https://mc.example.org/stats/')));
    assert.ok(!locs.some((l) => l.includes('compare')));
    const untrusted = await site().get('/sitemap.xml', { headers: { accept: 'text/html' } });
    assert.equal(untrusted.status, 404);
    assert.ok(!untrusted.text.includes('<urlset'));
  });

  it('the sitemap leaves out unranked players and stops at the protocol’s 50,000 URLs', () => {
    const snapshot = fixtureSnapshot();
    const paths = sitemapPaths(snapshot);
    for (const player of snapshot.players.filter((p) => !p.ranked)) assert.ok(!paths.some((p) => p.endsWith(player.uuid)), player.uuid);
    const many = Array.from({ length: SITEMAP_MAX_URLS + 10 }, (_, i) => ({ id: `minecraft:custom_${i}` }));
    const big = { ...snapshot, stats: many } as unknown as typeof snapshot;
    assert.equal(sitemapPaths(big).length, SITEMAP_MAX_URLS);
  });
});
