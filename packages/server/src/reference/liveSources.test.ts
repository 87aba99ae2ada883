// The reference server wired to its live sources (status ping, Modrinth, skin services), each
// played by a loopback double speaking the real protocol, over a small generated demo save.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  closedPort,
  fakeBedrockServer,
  fakeJavaServer,
  fakeModrinth,
  fakeSkinServices,
  javaStatusComponent,
} from '../live/testing/index.js';
import { MODS_FILE } from '../live/createModrinthMods.js';
import { SKINS_FILE } from '../live/createSkinCache.js';
import { DEFAULT_USER_AGENT } from '../live/userAgent.js';
import { createReferenceServer, DEFAULT_REFRESH_MS, type ReferenceServer, type ReferenceServerConfig } from './createReferenceServer.js';
import { REPO_ROOT } from '../../../../test/support/repo.js';

/** The demo save is generated for 2026-11-19T12:00Z (`DEMO_DEFAULTS.now`); the server runs half an hour later. */
const START = Date.parse('2026-11-19T12:30:00Z');
const PULL = DEFAULT_REFRESH_MS;

/** A clock that only moves when told to: caches and record times are then exact. */
function manualClock(start = START) {
  let now = start;
  const clock = () => now;
  return Object.assign(clock, { advance: (ms: number) => void (now += ms) });
}

/** Upstreams that answer get generous timeouts; only deliberate failures are fast. */
const ANSWERS = 5_000;
const NOTHING_LIVE = { modrinth: { enabled: false }, skins: { enabled: false } } as const;

async function get(ref: ReferenceServer, path: string): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await ref.fetch(new Request(`http://stats.test${path}`));
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/**
 * Polls a condition set by background work, bounded so a broken wiring fails instead of hanging
 * (30 s: at load average 14 a pull and its background refresh can take seconds).
 * (Polling over HTTP needs `rate_limit.requests: 0`: the fake clock never opens a new window.)
 */
async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 5));
  }
}

/** `start()` and its first scheduled pull: the record is open, so pulls are recorded. */
async function startAndFirstPull(ref: ReferenceServer, clock: () => number): Promise<void> {
  await ref.start();
  // The next pull is scheduled (one interval after the first began) once the first has finished.
  await waitFor(() => (ref.health().nextPullAt ?? 0) > clock(), 'the first pull');
  assert.equal(ref.health().pulls, 1);
  assert.equal(ref.health().lastError, null);
}

/** Newest first. */
async function rawHistory(ref: ReferenceServer): Promise<Array<{ at: string; online: number | null }>> {
  const { status, body } = await get(ref, '/v1/history?resolution=raw');
  assert.equal(status, 200, JSON.stringify(body));
  return body.data.series;
}

describe('reference server live sources', () => {
  let work: string;
  let server: string;
  let runs = 0;
  const dataDir = () => join(work, `data-${++runs}`);

  before(async () => {
    work = await mkdtemp(join(tmpdir(), 'blockstats-live-'));
    server = join(work, 'server');
    const generated = spawnSync(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'examples', 'generate-demo-server.ts'), '--out', server, '--players', '25'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    assert.equal(generated.status, 0, generated.stderr);
  });
  after(async () => {
    await rm(work, { recursive: true, force: true });
  });

  test('a Java address: /v1/status shows the ping, the record samples its online count, and an outage shows as offline', async () => {
    const java = await fakeJavaServer({ status: javaStatusComponent });
    const clock = manualClock();
    const ref = createReferenceServer({
      server_dir: server, data_dir: dataDir(), ...NOTHING_LIVE,
      status: { java: java.address, timeout: ANSWERS },
    }, { clock });
    try {
      await startAndFirstPull(ref, clock);
      const live = await get(ref, '/v1/status');
      assert.equal(live.status, 200);
      assert.deepEqual(
        { ...live.body.data, latency_ms: typeof live.body.data.latency_ms },
        {
          online: true,
          players_online: 2,
          players_max: 20,
          version: '1.21.4',
          protocol: 769,
          motd: 'My Server\nLegacy codes still appear in text',
          sample: [
            { name: 'Steve', uuid: '8667ba71-b85a-4004-af54-457a9734eed7' },
            { name: 'Alex', uuid: 'ec561538-f3fd-461d-aff5-086b22154bce' },
          ],
          latency_ms: 'number',
          edition: 'java',
          reason: null,
          bedrock: null,
          checked_at: new Date(START).toISOString(),
        },
      );
      // The pull's sample is the same ping (cached 10 s): one connection so far.
      assert.equal(java.connections(), 1);
      assert.deepEqual((await rawHistory(ref)).map((p) => p.online), [2]);

      await java.close();
      // Within the 10 s cache the last answer stands; after it the failed ping is a 200 with nulls.
      assert.equal((await get(ref, '/v1/status')).body.data.online, true);
      clock.advance(11_000);
      const down = await get(ref, '/v1/status');
      assert.equal(down.status, 200);
      assert.deepEqual(
        { ...down.body.data, checked_at: typeof down.body.data.checked_at },
        {
          online: false, players_online: null, players_max: null, version: null, protocol: null, motd: null,
          sample: [], latency_ms: null, edition: 'java', reason: 'refused', bedrock: null, checked_at: 'string',
        },
      );

      clock.advance(PULL);
      const second = await ref.pull();
      assert.equal(second.recorded, true, second.error ?? '');
      assert.deepEqual(await rawHistory(ref), [
        { at: new Date(START + 11_000 + PULL).toISOString(), online: null },
        { at: new Date(START).toISOString(), online: 2 },
      ]);
      assert.deepEqual((await get(ref, '/v1/history?resolution=raw')).body.data.peak, { online: 2, at: new Date(START).toISOString() });
    } finally {
      await ref.close();
      await java.close().catch(() => {});
    }
  });

  test('a Bedrock address alone: /v1/status and the record come from the RakNet pong', async () => {
    const bedrock = await fakeBedrockServer();
    const clock = manualClock();
    const ref = createReferenceServer({
      server_dir: server, data_dir: dataDir(), ...NOTHING_LIVE,
      addresses: { bedrock: bedrock.address },
      status: { timeout: ANSWERS },
    }, { clock });
    try {
      await startAndFirstPull(ref, clock);
      const { status, body } = await get(ref, '/v1/status');
      assert.equal(status, 200);
      assert.equal(body.data.edition, 'bedrock');
      assert.equal(body.data.online, true);
      assert.equal(body.data.players_online, 3);
      assert.equal(body.data.players_max, 10);
      assert.equal(body.data.version, '1.21.2');
      assert.equal(body.data.protocol, 686);
      assert.equal(body.data.motd, 'Dedicated Server\nBedrock level');
      assert.deepEqual(body.data.sample, []);
      assert.equal(body.data.bedrock.online, true);
      assert.equal(body.data.bedrock.players_online, 3);
      assert.equal(bedrock.pings(), 1);
      assert.deepEqual((await rawHistory(ref)).map((p) => p.online), [3]);
      // The address is also published.
      assert.equal((await get(ref, '/v1/server')).body.data.addresses.bedrock, bedrock.address);
    } finally {
      await ref.close();
      await bedrock.close();
    }
  });

  test('Modrinth: /v1/mods lists the jars, survives a restart with Modrinth failing; /v1/modpack is live', async () => {
    const modrinth = await fakeModrinth();
    const data = dataDir();
    const config: ReferenceServerConfig = {
      server_dir: server, data_dir: data, skins: { enabled: false }, rate_limit: { requests: 0 },
      modrinth: { api_url: modrinth.baseUrl, modpack: 'example-pack', user_agent: 'blockstats-test/1 (ops@example.net)' },
    };
    const clock = manualClock();
    let ref = createReferenceServer(config, { clock });
    try {
      await startAndFirstPull(ref, clock);
      // The first pull has read mods/ and asked Modrinth about its jars without waiting for a request.
      await waitFor(() => existsSync(join(data, MODS_FILE)), 'the mod list to be saved');
      const mods = await get(ref, '/v1/mods');
      assert.equal(mods.status, 200, JSON.stringify(mods.body));
      assert.equal(mods.body.meta.fetched_at, new Date(START).toISOString());
      const byFile = Object.fromEntries(mods.body.data.map((m: any) => [m.file, m]));
      assert.deepEqual(Object.keys(byFile).sort(), ['example-lib-2.3.1.jar', 'example-mod-1.0.0.jar', 'hearthvale-tweaks-0.4.2.jar', 'spawn-protection-plus-1.2.jar']);
      assert.equal(byFile['example-mod-1.0.0.jar'].resolved, true);
      assert.equal(byFile['example-mod-1.0.0.jar'].slug, 'example-mod');
      assert.equal(byFile['example-mod-1.0.0.jar'].project_id, 'AABBCCDD');
      assert.equal(byFile['example-mod-1.0.0.jar'].source, 'jar');
      // example-lib's version is known but its project is hidden: unresolved, like unknown jars.
      for (const file of ['example-lib-2.3.1.jar', 'hearthvale-tweaks-0.4.2.jar', 'spawn-protection-plus-1.2.jar']) {
        assert.equal(byFile[file].resolved, false, file);
        assert.equal(byFile[file].name, null, file);
      }

      const pack = await get(ref, '/v1/modpack');
      assert.equal(pack.status, 200, JSON.stringify(pack.body));
      assert.equal(pack.body.data.project_id, 'EEFFGGHH');
      assert.equal(pack.body.data.slug, 'example-pack');
      assert.ok(pack.body.data.latest?.files.length > 0);
      assert.ok(modrinth.requests.length > 0);
      assert.ok(modrinth.requests.every((r) => r.userAgent === 'blockstats-test/1 (ops@example.net)'));
      await ref.close();

      // Restart seven hours later (the list is due for a refresh) with Modrinth failing.
      modrinth.set({ mode: '500' });
      const asked = modrinth.requests.length;
      clock.advance(7 * 60 * 60 * 1000);
      ref = createReferenceServer(config, { clock });
      await startAndFirstPull(ref, clock);
      await waitFor(() => modrinth.requests.length > asked, 'a refresh attempt');
      const kept = await get(ref, '/v1/mods');
      assert.equal(kept.status, 200, JSON.stringify(kept.body));
      assert.deepEqual(kept.body.data, mods.body.data);
      assert.equal(kept.body.meta.fetched_at, new Date(START).toISOString());
      // The modpack is read live: nothing cached in this process, so 503 with a retry time.
      const noPack = await get(ref, '/v1/modpack');
      assert.equal(noPack.status, 503);
      assert.match(noPack.body.type, /\/unavailable$/);
      assert.match(noPack.headers.get('retry-after') ?? '', /^[1-9]\d*$/);

      // Modrinth is back: the next pull retries the failed refresh (requests alone would wait).
      modrinth.set({ mode: 'ok' });
      clock.advance(PULL);
      assert.equal((await ref.pull()).ok, true);
      const refreshedAt = new Date(clock()).toISOString();
      await waitFor(async () => (await get(ref, '/v1/mods')).body.meta.fetched_at === refreshedAt, 'the retried refresh');
    } finally {
      await ref.close();
      await modrinth.close();
    }
  });

  test('Modrinth unreachable from the start and nothing saved: /v1/mods and /v1/modpack answer 503', async () => {
    const port = await closedPort();
    const data = dataDir();
    const clock = manualClock();
    const logs: string[] = [];
    const ref = createReferenceServer({
      server_dir: server, data_dir: data, skins: { enabled: false },
      modrinth: { api_url: `http://127.0.0.1:${port}/v2`, modpack: 'example-pack' },
    }, { clock, log: { log: (_level, event) => void logs.push(event) } });
    try {
      await startAndFirstPull(ref, clock);
      await waitFor(() => logs.includes('mods_refresh_failed'), 'the failed refresh');
      const mods = await get(ref, '/v1/mods');
      assert.equal(mods.status, 503);
      assert.match(mods.body.type, /\/unavailable$/);
      assert.equal(existsSync(join(data, MODS_FILE)), false);
      const pack = await get(ref, '/v1/modpack');
      assert.equal(pack.status, 503);
      assert.match(pack.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
    } finally {
      await ref.close();
    }
  });

  test('a request for /v1/mods before the first pull never caches a list without the jars', async () => {
    const modrinth = await fakeModrinth();
    const data = dataDir();
    const clock = manualClock();
    const ref = createReferenceServer({
      server_dir: server, data_dir: data, skins: { enabled: false },
      modrinth: { api_url: modrinth.baseUrl },
    }, { clock });
    try {
      const early = await get(ref, '/v1/mods');
      assert.equal(early.status, 503);
      await ref.pull();
      await waitFor(() => existsSync(join(data, MODS_FILE)), 'the mod list to be saved');
      const mods = await get(ref, '/v1/mods');
      assert.equal(mods.status, 200);
      assert.equal(mods.body.data.length, 4);
    } finally {
      await ref.close();
      await modrinth.close();
    }
  });

  test('a jar added to mods/ is listed after the next pull; a failed refresh is retried at the one after', async () => {
    const modrinth = await fakeModrinth();
    const copy = join(work, 'server-jar-added');
    await cp(server, copy, { recursive: true });
    const data = dataDir();
    const clock = manualClock();
    const logs: string[] = [];
    const ref = createReferenceServer({
      server_dir: copy, data_dir: data, skins: { enabled: false }, rate_limit: { requests: 0 },
      modrinth: { api_url: modrinth.baseUrl },
    }, { clock, log: { log: (_level, event) => void logs.push(event) } });
    const files = async (): Promise<string[]> => {
      const { status, body } = await get(ref, '/v1/mods');
      assert.equal(status, 200, JSON.stringify(body));
      return body.data.map((m: any) => m.file);
    };
    try {
      assert.equal((await ref.pull()).ok, true);
      await waitFor(() => existsSync(join(data, MODS_FILE)), 'the mod list to be saved');
      assert.equal((await files()).length, 4);

      await writeFile(join(copy, 'mods', 'new-mod-1.0.jar'), 'a jar added while the server runs\n');
      modrinth.set({ mode: '500' });
      clock.advance(PULL);
      assert.equal((await ref.pull()).ok, true);
      await waitFor(() => logs.includes('mods_refresh_failed'), 'the failed refresh');
      assert.equal((await files()).length, 4);

      modrinth.set({ mode: 'ok' });
      clock.advance(PULL);
      assert.equal((await ref.pull()).ok, true);
      await waitFor(async () => (await files()).includes('new-mod-1.0.jar'), 'the new jar to be listed');
    } finally {
      await ref.close();
      await modrinth.close();
    }
  });

  test('skins: looked up in the background after a pull, served from the next snapshot', async () => {
    const data = dataDir();
    const clock = manualClock();
    const first = createReferenceServer({ server_dir: server, data_dir: data, ...NOTHING_LIVE }, { clock });
    assert.equal((await first.pull()).ok, true);
    const players = first.snapshot()!.players;
    await first.close();
    const java = players.filter((p) => p.edition === 'java');
    const bedrock = players.filter((p) => p.edition === 'bedrock');
    assert.ok(java.length >= 2 && bedrock.length >= 1);
    const hash = (i: number) => i.toString(16).padStart(2, '0').repeat(32);
    const [withSkin, withoutSkin] = java;
    const floodgate = bedrock[0]!;
    const xuid = BigInt(`0x${floodgate.uuid.replaceAll('-', '').slice(16)}`).toString(10);
    const skins = await fakeSkinServices({
      java: { [withSkin!.uuid.replaceAll('-', '')]: hash(1), [withoutSkin!.uuid.replaceAll('-', '')]: null },
      bedrock: { [xuid]: hash(2) },
    });
    let fetches = 0;
    const counting: typeof fetch = (input, init) => {
      fetches++;
      return fetch(input, init);
    };
    const ref = createReferenceServer({
      server_dir: server, data_dir: data, modrinth: { enabled: false },
      skins: { session_server_url: skins.sessionServerUrl, geyser_url: skins.geyserUrl, textures_url: skins.texturesUrl, rate_per_minute: 60_000 },
    }, { clock, fetch: counting });
    try {
      const pulled = await ref.pull();
      assert.equal(pulled.ok, true);
      // The snapshot never waits for the network: no hashes yet.
      assert.ok(ref.snapshot()!.players.every((p) => p.skin === null));
      await waitFor(() => existsSync(join(data, SKINS_FILE)), 'the skin refresh to finish');
      // One lookup per player, and one download of each skin texture (two skins) for its head.
      const textures = skins.requests.filter((r) => r.path.startsWith('/texture/')).map((r) => r.path).sort();
      assert.deepEqual(textures, [`/texture/${hash(1)}`, `/texture/${hash(2)}`]);
      assert.equal(skins.requests.length, players.length + 2);
      assert.equal(fetches, players.length + 2);
      assert.ok(skins.requests.every((r) => r.userAgent === DEFAULT_USER_AGENT));
      assert.ok(skins.requests.some((r) => r.path === `/v2/skin/${xuid}`));

      clock.advance(PULL);
      const next = await ref.pull();
      assert.equal(next.changed, true);
      const skinOf = (uuid: string) => ref.snapshot()!.players.find((p) => p.uuid === uuid)!.skin;
      assert.equal(skinOf(withSkin!.uuid), hash(1));
      assert.equal(skinOf(withoutSkin!.uuid), null);
      assert.equal(skinOf(floodgate.uuid), hash(2));

      const javaPlayer = (await get(ref, `/v1/players/${withSkin!.uuid}`)).body.data;
      assert.equal(javaPlayer.skin, hash(1));
      assert.equal(javaPlayer.textures.skin, `https://textures.minecraft.net/texture/${hash(1)}`);
      const bedrockPlayer = (await get(ref, `/v1/players/${floodgate.uuid}`)).body.data;
      assert.equal(bedrockPlayer.skin, hash(2));
      assert.equal(bedrockPlayer.textures.skin, `https://textures.minecraft.net/texture/${hash(2)}`);
      const plain = (await get(ref, `/v1/players/${withoutSkin!.uuid}`)).body.data;
      assert.equal(plain.skin, null);
      assert.equal(plain.textures.skin, `https://mc-heads.net/skin/${withoutSkin!.uuid.replaceAll('-', '')}`);
      // The site draws the head from the downloaded skin, served by blockstats itself.
      const profilePage = await (await ref.fetch(new Request(`http://stats.test/players/${withSkin!.uuid}`, { headers: { accept: 'text/html' } }))).text();
      const headPath = `/assets/heads/${hash(1)}.png`;
      assert.ok(profilePage.includes(`src="${headPath}"`), 'the profile shows the skin’s head');
      const head = await ref.fetch(new Request(`http://stats.test${headPath}`));
      assert.equal(head.status, 200);
      assert.equal(head.headers.get('content-type'), 'image/png');
      assert.equal(head.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      // The share card shows the same head (the fake skin's face: the hash's first six digits).
      const card = await (await ref.fetch(new Request(`http://stats.test/v1/card/player/${withSkin!.uuid}.svg`))).text();
      assert.ok(card.includes('fill="#010101"'), 'the card draws the skin’s head');
      // Nothing is due again within refresh_days (a lookup would have called fetch synchronously).
      assert.equal(fetches, players.length + 2);
    } finally {
      await ref.close();
      await skins.close();
    }
  });

  test('skins switched off: no lookup is made, every skin is null', async () => {
    const skins = await fakeSkinServices();
    let fetches = 0;
    const counting: typeof fetch = (input, init) => {
      fetches++;
      return fetch(input, init);
    };
    const clock = manualClock();
    const ref = createReferenceServer({
      server_dir: server, data_dir: dataDir(), modrinth: { enabled: false },
      skins: { enabled: false, session_server_url: skins.sessionServerUrl, geyser_url: skins.geyserUrl },
    }, { clock, fetch: counting });
    try {
      assert.equal((await ref.pull()).ok, true);
      clock.advance(PULL);
      assert.equal((await ref.pull()).ok, true);
      assert.equal(fetches, 0);
      assert.equal(skins.requests.length, 0);
      assert.ok(ref.snapshot()!.players.every((p) => p.skin === null));
    } finally {
      await ref.close();
      await skins.close();
    }
  });
});
