import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createStatusPinger } from './createStatusPinger.js';
import { closedPort } from './testing/closedPort.js';
import { fakeBedrockServer } from './testing/fakeBedrockServer.js';
import { fakeJavaServer, type FakeJavaServer } from './testing/fakeJavaServer.js';
import { javaStatusBungee, javaStatusComponent, javaStatusLegacy } from './testing/samples.js';

/**
 * Budget for pings the double answers: generous, so a busy machine (CI has 2 cores) can never
 * turn an answer into a timeout. It is never waited out: these pings end when the answer arrives.
 */
const PATIENT = 5_000;
/** Budget for a double that never answers: the ping is meant to time out, so short is safe. */
const HANG = 200;
const servers: Array<{ close(): Promise<void> }> = [];
after(() => Promise.all(servers.map((s) => s.close())));

async function javaServer(...args: Parameters<typeof fakeJavaServer>): Promise<FakeJavaServer> {
  const server = await fakeJavaServer(...args);
  servers.push(server);
  return server;
}

/**
 * Yields to I/O until `condition` holds. No wall-clock deadline: load only makes it slower.
 * Used with fake timers, where nothing can time out until the test ticks the clock.
 */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

const OFFLINE = { online: false, players_online: null, players_max: null, version: null, protocol: null, motd: null, sample: [], latency_ms: null };

describe('createStatusPinger({ java }).status()', () => {
  it('reads a vanilla server with a chat-component MOTD and a player sample', async () => {
    const server = await javaServer({ status: javaStatusComponent });
    const status = await createStatusPinger({ java: server.address, timeoutMs: PATIENT }).status();
    assert.equal(status.online, true);
    assert.equal(status.players_online, 2);
    assert.equal(status.players_max, 20);
    assert.equal(status.version, '1.21.4');
    assert.equal(status.protocol, 769);
    assert.equal(status.motd, 'My Server\nLegacy codes still appear in text');
    assert.deepEqual(status.sample, [
      { name: 'Steve', uuid: '8667ba71-b85a-4004-af54-457a9734eed7' },
      { name: 'Alex', uuid: 'ec561538-f3fd-461d-aff5-086b22154bce' },
    ]);
    assert.equal(typeof status.latency_ms, 'number');
    assert.equal(status.edition, 'java');
    assert.equal(status.reason, null);
    assert.equal(status.bedrock, null);
    assert.ok(!Number.isNaN(Date.parse(status.checked_at)));
    assert.deepEqual(server.handshakes, [{ protocol: -1, address: '127.0.0.1', port: server.port, nextState: 1 }]);
  });

  it('reads a server whose MOTD is a legacy § string and which publishes no sample', async () => {
    const server = await javaServer({ status: javaStatusLegacy });
    const status = await createStatusPinger({ java: server.address, timeoutMs: PATIENT }).status();
    assert.equal(status.online, true);
    assert.equal(status.motd, 'A Minecraft Server - welcome');
    assert.equal(status.version, 'Paper 1.20.4');
    assert.deepEqual([status.players_online, status.players_max], [0, 100]);
    assert.deepEqual(status.sample, []);
  });

  it('reads a proxy MOTD from extra[] and hides the all-zero anonymous UUID', async () => {
    const server = await javaServer({ status: javaStatusBungee });
    const status = await createStatusPinger({ java: server.address, timeoutMs: PATIENT }).status();
    assert.equal(status.motd, '   [ Example Games ] hex colour (1.16+)');
    assert.deepEqual(status.sample, [{ name: 'Anonymous Player', uuid: null }]);
    assert.deepEqual([status.players_online, status.players_max], [525, 526]);
  });

  it('counts a server that answers the status but never the ping as online', async (t) => {
    // The pinger waits its whole budget for the pong. Fake timers end that wait only once the
    // status has been read (the client pings after reading it), so load cannot make the status
    // late and the generous budget costs no real time.
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const server = await javaServer({ status: javaStatusLegacy, mode: 'no-pong' });
    const pending = createStatusPinger({ java: server.address, timeoutMs: PATIENT }).status();
    await until(() => server.pings() === 1);
    t.mock.timers.tick(PATIENT);
    const status = await pending;
    assert.equal(status.online, true);
    assert.equal(status.reason, null);
    assert.equal(status.motd, 'A Minecraft Server - welcome');
    assert.equal(typeof status.latency_ms, 'number');
  });

  it('keeps missing player counts null while online', async () => {
    const server = await javaServer({ status: { version: { name: 'x' }, description: 'hi', players: { online: 'many' } } });
    const status = await createStatusPinger({ java: server.address, timeoutMs: PATIENT }).status();
    assert.equal(status.online, true);
    assert.deepEqual([status.players_online, status.players_max, status.protocol, status.motd], [null, null, null, 'hi']);
  });

  // A game server's answer is outside input: it is served, and recorded as the online samples.
  const hostile: Array<[string, Record<string, unknown>, Partial<Record<'players_online' | 'players_max' | 'protocol', number | null>>]> = [
    ['an absurd maximum (1e308)', { players: { online: 3, max: 1e308 } }, { players_online: 3, players_max: null }],
    ['negative counts', { players: { online: -5, max: -1 } }, { players_online: null, players_max: null }],
    ['fractional counts', { players: { online: 2.5, max: 20.25 } }, { players_online: null, players_max: null }],
    ['an "unlimited" int32 maximum', { players: { online: 1, max: 2_147_483_647 } }, { players_online: 1, players_max: null }],
    ['counts at the bound', { players: { online: 1_000_000, max: 1_000_000 } }, { players_online: 1_000_000, players_max: 1_000_000 }],
    ['a protocol beyond 32 bits', { version: { name: 'x', protocol: 1e12 } }, { protocol: null }],
  ];
  for (const [title, status, expected] of hostile) {
    it(`serves null, not nonsense, for ${title}`, async () => {
      const server = await javaServer({ status: { description: 'hi', ...status } });
      const got = await createStatusPinger({ java: server.address, timeoutMs: PATIENT }).status();
      assert.equal(got.online, true);
      for (const [key, value] of Object.entries(expected)) assert.equal(got[key as keyof typeof got], value, key);
    });
  }

  it('cuts a huge MOTD, version and sample, and ignores a favicon, within the size the game accepts', async () => {
    const server = await javaServer({
      status: {
        version: { name: 'v'.repeat(2_000), protocol: 769 },
        description: { text: 'm'.repeat(20_000) },
        players: { online: 1, max: 2, sample: Array.from({ length: 300 }, (_, i) => ({ name: `${'n'.repeat(100)}${i}`, id: '8667ba71-b85a-4004-af54-457a9734eed7' })) },
        favicon: `data:image/png;base64,${'A'.repeat(20_000)}`,
      },
    });
    const status = await createStatusPinger({ java: server.address, timeoutMs: PATIENT }).status();
    assert.equal(status.online, true);
    assert.equal(status.version!.length, 256);
    assert.equal(status.motd!.length, 1_024);
    assert.equal(status.sample.length, 20);
    assert.ok(status.sample.every((entry) => entry.name.length === 64));
  });

  it('refuses a status response larger than the game accepts (a 2 MB favicon) as a protocol failure', async () => {
    const server = await javaServer({ status: { description: 'hi', players: { online: 1, max: 2 }, favicon: `data:image/png;base64,${'A'.repeat(2_000_000)}` } });
    const status = await createStatusPinger({ java: server.address, timeoutMs: PATIENT }).status();
    assert.deepEqual({ ...status, checked_at: undefined }, { ...OFFLINE, edition: 'java', reason: 'protocol', bedrock: null, checked_at: undefined });
  });

  // Only the silent double gets the short budget: every other one answers (a refusal, a hang-up,
  // bad bytes), and a short budget under load would turn that answer into 'timeout'.
  const failures: Array<[string, () => Promise<string>, string, number]> = [
    ['a server that accepts and never answers', async () => (await javaServer({ mode: 'silent' })).address, 'timeout', HANG],
    ['a closed port', async () => `127.0.0.1:${await closedPort()}`, 'refused', PATIENT],
    ['a server that hangs up at once', async () => (await javaServer({ mode: 'close' })).address, 'protocol', PATIENT],
    ['a server that breaks the framing', async () => (await javaServer({ mode: 'garbage' })).address, 'protocol', PATIENT],
    ['a status that is not JSON', async () => (await javaServer({ status: '{"version":' })).address, 'protocol', PATIENT],
    ['a status that is JSON but not an object', async () => (await javaServer({ status: '[1,2]' })).address, 'protocol', PATIENT],
  ];
  for (const [title, address, reason, timeoutMs] of failures) {
    it(`gives online:false with null counts for ${title} (${reason})`, async () => {
      const status = await createStatusPinger({ java: await address(), timeoutMs }).status();
      assert.deepEqual({ ...status, checked_at: undefined }, { ...OFFLINE, edition: 'java', reason, bedrock: null, checked_at: undefined });
    });
  }

  it('is offline without touching the network when no address is configured', async () => {
    const status = await createStatusPinger({}).status();
    assert.deepEqual({ ...status, checked_at: undefined }, { ...OFFLINE, edition: null, reason: 'not_configured', bedrock: null, checked_at: undefined });
  });

  it('shares one ping between concurrent requests', async () => {
    const server = await javaServer({ status: javaStatusComponent });
    const pinger = createStatusPinger({ java: server.address, timeoutMs: PATIENT });
    const results = await Promise.all(Array.from({ length: 8 }, () => pinger.status()));
    assert.equal(server.connections(), 1);
    for (const result of results) assert.equal(result, results[0]);
    assert.ok(Object.isFrozen(results[0]) && Object.isFrozen(results[0]?.sample[0]), 'one caller cannot change what others are served');
  });

  it('serves a result for 10 seconds, then pings again', async () => {
    const server = await javaServer({ status: javaStatusComponent });
    let now = 1_700_000_000_000;
    const pinger = createStatusPinger({ java: server.address, timeoutMs: PATIENT, clock: () => now });
    const first = await pinger.status();
    assert.equal(first.checked_at, new Date(1_700_000_000_000).toISOString());
    now += 9_999;
    server.set({ status: javaStatusLegacy });
    assert.equal(await pinger.status(), first);
    assert.equal(server.connections(), 1);
    now += 1;
    const second = await pinger.status();
    assert.equal(server.connections(), 2);
    assert.equal(second.motd, 'A Minecraft Server - welcome');
    assert.equal(second.checked_at, new Date(1_700_000_010_000).toISOString());
  });

  it('caches a failed ping too, so an outage is not pinged once per request', async () => {
    const server = await javaServer({ mode: 'close' });
    let now = 0;
    const pinger = createStatusPinger({ java: server.address, timeoutMs: PATIENT, clock: () => now });
    assert.equal((await pinger.status()).online, false);
    now += 5_000;
    server.set({ mode: 'answer', status: javaStatusLegacy });
    assert.equal((await pinger.status()).online, false);
    assert.equal(server.connections(), 1);
    now += 5_000;
    assert.equal((await pinger.status()).online, true);
  });

  it('follows an SRV record for a host name given without a port', async () => {
    const server = await javaServer({ status: javaStatusLegacy });
    const asked: string[] = [];
    const pinger = createStatusPinger({
      java: 'play.example.test',
      timeoutMs: PATIENT,
      resolveSrv: async (name) => {
        asked.push(name);
        return [
          { name: '127.0.0.2', port: 1, priority: 20, weight: 100 },
          { name: '127.0.0.1', port: server.port, priority: 10, weight: 5 },
        ];
      },
    });
    const status = await pinger.status();
    assert.deepEqual(asked, ['_minecraft._tcp.play.example.test']);
    assert.equal(status.online, true);
    assert.equal(server.handshakes[0]?.address, 'play.example.test');
  });

  it('never looks up SRV for an IP literal or an explicit port', async () => {
    const server = await javaServer({ status: javaStatusLegacy });
    let lookups = 0;
    const resolveSrv = async () => {
      lookups++;
      return [];
    };
    await createStatusPinger({ java: server.address, timeoutMs: PATIENT, resolveSrv }).status();
    await createStatusPinger({ java: '127.0.0.1', timeoutMs: PATIENT, resolveSrv }).status();
    assert.equal(lookups, 0);
  });

  it('rejects a malformed address at construction', () => {
    assert.throws(() => createStatusPinger({ java: 'host:99999' }), /invalid server address "host:99999"/);
    assert.throws(() => createStatusPinger({ timeoutMs: 0 }), /timeoutMs/);
  });
});

describe('createStatusPinger({ bedrock }).status()', () => {
  it('adds the Bedrock pong next to the Java ping', async () => {
    const java = await javaServer({ status: javaStatusComponent });
    const bedrock = await fakeBedrockServer();
    servers.push(bedrock);
    const status = await createStatusPinger({ java: java.address, bedrock: bedrock.address, timeoutMs: PATIENT }).status();
    assert.equal(status.edition, 'java');
    assert.equal(status.players_online, 2);
    assert.deepEqual({ ...status.bedrock, latency_ms: 0 }, {
      online: true,
      players_online: 3,
      players_max: 10,
      version: '1.21.2',
      protocol: 686,
      motd: 'Dedicated Server\nBedrock level',
      latency_ms: 0,
      reason: null,
    });
  });

  it('fills the top level from Bedrock when only Bedrock is configured', async () => {
    const bedrock = await fakeBedrockServer({ text: 'MCPE;Geyser;712;1.21.20;4;40' });
    servers.push(bedrock);
    const status = await createStatusPinger({ bedrock: bedrock.address, timeoutMs: PATIENT }).status();
    assert.equal(status.online, true);
    assert.equal(status.edition, 'bedrock');
    assert.deepEqual([status.players_online, status.players_max, status.version, status.motd], [4, 40, '1.21.20', 'Geyser']);
    assert.deepEqual(status.sample, []);
  });

  it('serves null for absurd Bedrock counts and cuts a huge MOTD', async () => {
    const bedrock = await fakeBedrockServer({ text: `MCPE;${'m'.repeat(5_000)};712;${'v'.repeat(1_000)};999999999;2000000;1;${'n'.repeat(5_000)}` });
    servers.push(bedrock);
    const status = await createStatusPinger({ bedrock: bedrock.address, timeoutMs: PATIENT }).status();
    assert.equal(status.online, true);
    assert.deepEqual([status.players_online, status.players_max], [null, null]);
    assert.equal(status.motd!.length, 1_024);
    assert.equal(status.version!.length, 256);
  });

  const OFFLINE_BEDROCK = { online: false, players_online: null, players_max: null, version: null, protocol: null, motd: null, latency_ms: null };

  it('reports Bedrock offline for a server that never answers (timeout) without failing the Java side', async (t) => {
    // One budget covers both pings, and Java must answer within it: fake timers run the budget
    // out only once both doubles have been pinged, so a busy machine cannot make Java late.
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const java = await javaServer({ status: javaStatusLegacy });
    const bedrock = await fakeBedrockServer({ mode: 'silent' });
    servers.push(bedrock);
    const pending = createStatusPinger({ java: java.address, bedrock: bedrock.address, timeoutMs: PATIENT }).status();
    await until(() => java.pings() === 1 && bedrock.pings() === 1);
    t.mock.timers.tick(PATIENT);
    const status = await pending;
    assert.equal(status.online, true);
    assert.equal(status.motd, 'A Minecraft Server - welcome');
    assert.deepEqual(status.bedrock, { ...OFFLINE_BEDROCK, reason: 'timeout' });
  });

  // Both doubles answer (an ICMP refusal, a pong of the wrong shape), so the budget is generous.
  const failures: Array<[string, () => Promise<string>, string]> = [
    ['a closed port', async () => `127.0.0.1:${await closedPort('udp')}`, 'refused'],
    ['a pong that is not a server description', async () => {
      const bedrock = await fakeBedrockServer({ text: 'hello' });
      servers.push(bedrock);
      return bedrock.address;
    }, 'protocol'],
  ];
  for (const [title, address, reason] of failures) {
    it(`reports Bedrock offline for ${title} (${reason}) without failing the Java side`, async () => {
      const java = await javaServer({ status: javaStatusLegacy });
      const status = await createStatusPinger({ java: java.address, bedrock: await address(), timeoutMs: PATIENT }).status();
      assert.equal(status.online, true);
      assert.deepEqual(status.bedrock, { ...OFFLINE_BEDROCK, reason });
    });
  }
});
