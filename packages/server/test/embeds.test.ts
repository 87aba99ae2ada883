import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LiveStatus } from '../src/live/types.js';
import { NOW } from './fixture.js';
import { api } from './harness.js';

const online: LiveStatus = {
  online: true, players_online: 3, players_max: 20, version: '1.21.4', protocol: 769, motd: 'hi', sample: [],
  latency_ms: 5, edition: 'java', reason: null, bedrock: null, checked_at: new Date(NOW).toISOString(),
};
const { get } = api({ status: { status: async () => online }, rateLimit: { limit: 240 } });

function assertSvg(res: { status: number; headers: Headers; text: string }, status = 200) {
  assert.equal(res.status, status);
  assert.equal(res.headers.get('content-type'), 'image/svg+xml; charset=utf-8');
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(res.headers.get('access-control-allow-origin'), '*');
  assert.ok(res.headers.get('ratelimit-limit'), 'rate-limit headers on SVGs too');
  assert.match(res.text, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.match(res.text, /role="img"/);
}

describe('GET /v1/badge/server.svg', () => {
  it('shows the live player count under the server short name', async () => {
    const res = await get('/v1/badge/server.svg');
    assertSvg(res);
    assert.match(res.text, /aria-label="TestSMP: 3\/20 online"/);
    assert.equal(res.headers.get('cache-control'), 'public, max-age=10');
  });

  it('label and color are honoured; an invalid color falls back and is never echoed', async () => {
    const labelled = await get('/v1/badge/server.svg?label=players&color=purple');
    assert.match(labelled.text, /aria-label="players: 3\/20 online"/);
    assert.match(labelled.text, /#8250df/);
    const evil = await get(`/v1/badge/server.svg?color=${encodeURIComponent('red" onload="alert(1)')}`);
    assertSvg(evil);
    assert.doesNotMatch(evil.text, /onload|alert/);
    const hex = await get('/v1/badge/server.svg?color=ff8800');
    assert.match(hex.text, /#ff8800/);
    const hashed = await get('/v1/badge/server.svg?color=%23ff8800');
    assert.doesNotMatch(hashed.text, /#ff8800/, 'a leading # is not the colour rule');
  });

  it('says offline when the ping fails, and works without a ping', async () => {
    const res = await api({ rateLimit: { limit: 240 } }).get('/v1/badge/server.svg');
    assertSvg(res);
    assert.match(res.text, /offline/);
  });
});

describe('GET /v1/badge/player/{player}.svg', () => {
  const cases: [string, RegExp][] = [
    ['', /aria-label="Steve: 18\/\d+ advancements"/],
    ['?stat=advancements', /advancements/],
    ['?stat=medals', /aria-label="Steve: \d+ gold · \d+ silver · \d+ bronze"/],
    ['?stat=rank', /aria-label="Steve: #1 hall of fame"/],
    ['?stat=jump', /aria-label="Steve: Jumps: 12,345 \(#1\)"/],
    ['?stat=jump&label=Jumps%20of%20Steve', /aria-label="Jumps of Steve: Jumps: 12,345/],
  ];
  for (const [query, expected] of cases) {
    it(`renders ${query || 'the default (advancements)'}`, async () => {
      const res = await get(`/v1/badge/player/Steve.svg${query}`);
      assertSvg(res);
      assert.match(res.text, expected);
      assert.ok(res.headers.get('etag'));
    });
  }

  it('resolves a Bedrock name with its dot prefix and an encoded UUID', async () => {
    assertSvg(await get('/v1/badge/player/.Pocket_Pro.svg'));
    assertSvg(await get('/v1/badge/player/00000000-0000-0000-0009-01f80f5bac02.svg?stat=rank'));
  });

  it('an unknown player is a red 404 SVG badge, not JSON', async () => {
    const res = await get('/v1/badge/player/Herobrine.svg');
    assertSvg(res, 404);
    assert.match(res.text, /aria-label="404: player not found"/);
    assert.doesNotMatch(res.text, /Herobrine/);
  });

  it('an unknown stat is a 400 SVG badge', async () => {
    const res = await get('/v1/badge/player/Steve.svg?stat=nope');
    assertSvg(res, 400);
    assert.match(res.text, /aria-label="400: unknown stat"/);
  });

  it('a malformed label is a 400 SVG badge', async () => {
    const res = await get(`/v1/badge/player/Steve.svg?label=${'x'.repeat(500)}`);
    assertSvg(res, 400);
  });
});

describe('GET /v1/card/player/{player}.svg', () => {
  it('renders the card, blue for Java and pink for Bedrock by default', async () => {
    const java = await get('/v1/card/player/Steve.svg');
    assertSvg(java);
    assert.match(java.text, /Steve, Java player on TestSMP/);
    assert.match(java.text, /#0072b8/);
    assert.doesNotMatch(java.text, /<image|href=/, 'pure vector, no avatar');
    const bedrock = await get('/v1/card/player/.Pocket_Pro.svg');
    assert.match(bedrock.text, /#db2777/);
    assert.match((await get('/v1/card/player/Steve.svg?color=green')).text, /#238636/);
  });

  it('an unknown player is a 404 SVG badge', async () => {
    assertSvg(await get('/v1/card/player/nobody_here.svg'), 404);
  });

  // SPEC color rule: anything that is not a palette name or a bare hex value falls back to the
  // default; the card's only error is 404, so no colour input can make it a 400.
  const odd = [`color=${'f'.repeat(300)}`, 'color=blue&color=red', 'color=%23ff8800', 'color=url(javascript:x)'];
  for (const query of odd) {
    it(`?${query.slice(0, 30)} falls back to the edition colour with 200`, async () => {
      const res = await get(`/v1/card/player/Steve.svg?${query}`);
      assertSvg(res);
      assert.match(res.text, /#0072b8/);
      assert.doesNotMatch(res.text, /javascript|fffffff|ff8800/);
    });
  }
});

describe('the color rule on badges', () => {
  for (const path of ['/v1/badge/server.svg', '/v1/badge/player/Steve.svg']) {
    for (const query of [`color=${'f'.repeat(300)}`, 'color=blue&color=red']) {
      it(`${path}?${query.slice(0, 30)} falls back to the default colour with 200`, async () => {
        const res = await get(`${path}?${query}`);
        assertSvg(res);
        assert.equal(res.text, (await get(path)).text);
      });
    }
  }
});
