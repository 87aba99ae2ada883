// Issue 14, findings 10, 11 and 12 (ping values, Modrinth body), against `blockstats serve` with
// its default HTTP limits (a child process on a generated 30-player server), pinging a hostile
// Java server double and reading from a Modrinth double that sends 700 MB. Loopback only.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fakeJavaServer, fakeModrinth, type FakeJavaServer, type FakeModrinth } from '@blockstats/server/testing';
import { rawHttp, type RawHttpResponse } from '../../../packages/server/test/rawHttp.js';
import { rssMiB, rssSampler } from '../../support/attacks.js';
import { generateServer, startServe, type ServeProcess } from '../../support/serveProcess.js';

/** The proxy the configuration trusts; no other test client uses its address. */
const PROXY = '127.0.0.50';

/** A status no game server should send: absurd counts, a huge MOTD, sample and favicon. */
const HOSTILE_STATUS = {
  version: { name: `Paper ${'9'.repeat(5_000)}`, protocol: 1e12 },
  players: {
    online: 1e308,
    max: -1,
    sample: Array.from({ length: 400 }, (_, i) => ({ name: `${'§k'.repeat(20)}spam${i}`, id: '00000000-0000-0000-0000-000000000000' })),
  },
  description: { text: 'x'.repeat(30_000), extra: [{ translate: '%1$s%1$s', with: [{ translate: '%1$s%1$s', with: ['boom'] }] }] },
  favicon: `data:image/png;base64,${'A'.repeat(20_000)}`,
};

describe('blockstats serve, default HTTP limits: odd requests and hostile upstreams (issue 14: findings 10, 11, 12)', () => {
  let work: string;
  let served: ServeProcess;
  let java: FakeJavaServer;
  let modrinth: FakeModrinth;

  before(async () => {
    work = await mkdtemp(join(tmpdir(), 'blockstats-requests-'));
    generateServer(join(work, 'server'), 30);
    java = await fakeJavaServer({ status: HOSTILE_STATUS });
    modrinth = await fakeModrinth({ mode: 'huge' });
    await writeFile(join(work, 'blockstats.json'), JSON.stringify({
      skins: { enabled: false },
      status: { java: java.address, srv: false },
      modrinth: { enabled: true, api_url: modrinth.baseUrl, modpack: 'example-pack', user_agent: 'blockstats-adversarial-test' },
      trusted_proxies: [PROXY],
    }));
    served = await startServe(['--server', join(work, 'server'), '--data', join(work, 'data'), '--config', join(work, 'blockstats.json')]);
  });

  after(async () => {
    await served?.stop();
    await Promise.all([java?.close(), modrinth?.close()]);
    await rm(work, { recursive: true, force: true });
  });

  /** One raw request from `localAddress`, its one answer. */
  async function one(request: string, localAddress = '127.0.0.70'): Promise<RawHttpResponse> {
    const { responses } = await rawHttp(served.port, request, { responses: 1, localAddress });
    assert.equal(responses.length, 1, `an answer to ${JSON.stringify(request.slice(0, 60))}`);
    return responses[0]!;
  }

  function assertProblem(res: RawHttpResponse, status: number, code: string) {
    assert.equal(res.status, status);
    assert.equal(res.headers['content-type'], 'application/problem+json');
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.equal(res.headers['ratelimit-policy'], '240;w=60');
    const body = JSON.parse(res.body) as { type: string; status: number; instance: string };
    assert.match(body.type, new RegExp(`/problems/${code}$`));
    return body;
  }

  test('finding 10: GET //evil.com/v1/players is a path on this host, never a link to evil.com', async () => {
    const res = await one(`GET //evil.com/v1/players HTTP/1.1\r\nHost: 127.0.0.1:${served.port}\r\n\r\n`);
    const body = assertProblem(res, 404, 'unversioned-path');
    assert.equal(body.instance, '//evil.com/v1/players');
    assert.doesNotMatch(res.body, /https?:\/\/evil\.com/);
  });

  test('finding 10: TRACE is a 405 with Allow; no Host, a bad Host port and a parser error are 400s', async () => {
    const trace = await one(`TRACE /v1 HTTP/1.1\r\nHost: 127.0.0.1:${served.port}\r\n\r\n`);
    assertProblem(trace, 405, 'method-not-allowed');
    assert.equal(trace.headers.allow, 'GET, HEAD');
    assertProblem(await one('GET /v1 HTTP/1.1\r\n\r\n'), 400, 'invalid-request');
    assertProblem(await one('GET /v1/stats HTTP/1.1\r\nHost: 127.0.0.1:99999\r\n\r\n'), 400, 'invalid-request');
    assertProblem(await one(`GET /v1/stats?q=${'a'.repeat(9_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`), 414, 'uri-too-long');
    const broken = await rawHttp(served.port, 'GET /v1 HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n', { localAddress: '127.0.0.70' });
    // A parser error is a problem too (issue 40: no bare answers).
    assert.deepEqual(broken.responses.map((r) => [r.status, r.headers['content-type']]), [[400, 'application/problem+json']]);
    assert.ok(broken.closed, 'the connection is closed after a parser error');
  });

  test('finding 11: behind the trusted proxy, every spelling of one client shares one budget; IPv6 per /64', async () => {
    const remaining = async (forwardedFor: string) => {
      const res = await one(`GET /v1 HTTP/1.1\r\nHost: stats.test\r\nX-Forwarded-For: ${forwardedFor}\r\n\r\n`, PROXY);
      assert.equal(res.status, 200);
      return Number(res.headers['ratelimit-remaining']);
    };
    const v6 = ['2001:db8:0:1::1', '2001:DB8:0:1:0:0:0:2', '[2001:db8:0:1::3]:443', '2001:0db8:0000:0001:ffff::9'];
    const seen = [];
    for (const spelling of v6) seen.push(await remaining(spelling));
    assert.deepEqual(seen, [239, 238, 237, 236], 'four addresses of one /64, one budget');
    assert.equal(await remaining('2001:db8:0:2::1'), 239, 'the next /64 has its own');
    const v4 = [];
    for (const spelling of ['203.0.113.9', '::ffff:203.0.113.9', '203.0.113.9:61000', '198.51.100.1, 203.0.113.9']) v4.push(await remaining(spelling));
    assert.deepEqual(v4, [239, 238, 237, 236], 'IPv4, IPv4-mapped, with a port, after a spoofed hop: one client');
  });

  test('finding 12: absurd ping values are served as null, text is cut, the record never gets 1e308', async () => {
    const res = await fetch(`${served.url}/v1/status`);
    assert.equal(res.status, 200);
    const { data } = (await res.json()) as { data: Record<string, unknown> & { sample: { name: string }[]; motd: string; version: string } };
    assert.equal(data.online, true);
    assert.equal(data.players_online, null);
    assert.equal(data.players_max, null);
    assert.equal(data.protocol, null);
    assert.ok(data.motd.length <= 1_024 && data.version.length <= 256);
    assert.ok(data.sample.length <= 20 && data.sample.every((entry) => entry.name.length <= 64));
    const pull = await served.waitForLine((line) => line.event === 'pull');
    assert.equal(pull.online, null, 'the pull recorded no online count');
  });

  test('finding 12: a 700 MB Modrinth answer is abandoned at the cap: a 503, memory bounded', async () => {
    const baseline = rssMiB(served.pid);
    const rss = rssSampler(served.pid, 20);
    const res = await fetch(`${served.url}/v1/modpack`);
    const peak = rss.stop();
    assert.equal(res.status, 503);
    assert.equal(res.headers.get('content-type'), 'application/problem+json');
    await served.waitForLine((line) => line.event === 'modpack_read_failed' && /more than 16777216 bytes/.test(String(line.error)));
    if (baseline !== null) assert.ok(peak - baseline < 200, `RSS grew ${peak - baseline} MiB reading it`);
  });
});
