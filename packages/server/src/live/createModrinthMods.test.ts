import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createModrinthClient } from './createModrinthClient.js';
import { createModrinthMods, MODS_FILE, type ModrinthModsOptions } from './createModrinthMods.js';
import { scanModJars } from './scanModJars.js';
import { fakeModrinth, type FakeModrinth } from './testing/fakeModrinth.js';
import { knownJarContents } from './testing/samples.js';
import type { ModJar } from './types.js';

const UA = 'blockstats-test/1.0 (+https://example.invalid)';
const HOUR = 3_600_000;
/**
 * Request budget when the double answers (ok, 500, 429): generous, so a busy machine (CI has 2
 * cores) can never turn an answer into a timeout. Never waited out: the answer ends it.
 */
const PATIENT = 5_000;
/** Request budget when the double hangs: the request is meant to time out, so short is safe. */
const HANG = 200;

function jar(file: string, contents: string): ModJar {
  const bytes = Buffer.from(contents);
  return {
    file,
    size: bytes.length,
    sha1: createHash('sha1').update(bytes).digest('hex'),
    sha512: createHash('sha512').update(bytes).digest('hex'),
  };
}

const JARS = [
  jar('example-mod-1.0.0.jar', knownJarContents['example-mod-1.0.0.jar']),
  jar('example-lib-2.3.1.jar', knownJarContents['example-lib-2.3.1.jar']),
  jar('homemade.jar', 'a jar Modrinth has never seen\n'),
];

let root: string;
let fake: FakeModrinth;
let dirs = 0;
before(async () => {
  root = await mkdtemp(join(tmpdir(), 'blockstats-mods-'));
  fake = await fakeModrinth();
});
after(async () => {
  await fake.close();
  await rm(root, { recursive: true, force: true });
});

function setup(overrides: Partial<ModrinthModsOptions> = {}) {
  const dataDir = join(root, `data-${++dirs}`);
  let now = Date.parse('2026-01-01T00:00:00Z');
  const errors: Error[] = [];
  const clock = () => now;
  const options: ModrinthModsOptions = {
    dataDir, modsFolderJars: JARS, slugs: ['example-pack', 'no-such-mod'], baseUrl: fake.baseUrl,
    userAgent: UA, clock, timeoutMs: PATIENT, onError: (e) => errors.push(e), ...overrides,
  };
  return {
    dataDir,
    errors,
    options,
    advance: (ms: number) => {
      now += ms;
    },
    mods: createModrinthMods(options),
  };
}

function requestsSince(start: number) {
  return fake.requests.slice(start);
}

describe('createModrinthMods(options).mods()', () => {
  it('resolves jars by hash and configured slugs, listing unknown ones as resolved:false', async () => {
    fake.set({ mode: 'ok' });
    const start = fake.requests.length;
    const { mods } = setup();
    const list = await mods.mods();
    assert.ok(list);
    assert.equal(list.fetched_at, '2026-01-01T00:00:00.000Z');
    assert.deepEqual(list.mods.map((m) => [m.file ?? m.slug, m.resolved, m.source]), [
      ['example-mod-1.0.0.jar', true, 'jar'],
      ['example-pack', true, 'config'],
      ['example-lib-2.3.1.jar', false, 'jar'],
      ['homemade.jar', false, 'jar'],
      ['no-such-mod', false, 'config'],
    ]);
    assert.deepEqual(list.mods[0], {
      project_id: 'AABBCCDD',
      slug: 'example-mod',
      name: 'Example Mod',
      description: 'A short description of the example mod',
      categories: ['technology', 'optimization'],
      game_versions: ['1.20.1', '1.20.4', '1.21', '1.21.1'],
      loaders: ['fabric', 'quilt'],
      downloads: 1234567,
      icon_url: 'https://cdn.modrinth.com/data/AABBCCDD/icon.png',
      project_url: 'https://modrinth.com/mod/example-mod',
      resolved: true,
      source: 'jar',
      file: 'example-mod-1.0.0.jar',
      version: '1.0.0',
    });
    assert.deepEqual(list.mods[3], {
      project_id: null, slug: null, name: null, description: null, categories: [], game_versions: [], loaders: [],
      downloads: null, icon_url: null, project_url: null, resolved: false, source: 'jar', file: 'homemade.jar', version: null,
    });
    assert.equal(list.mods[4]?.slug, 'no-such-mod');
    assert.equal(list.mods[4]?.name, null);

    const sent = requestsSince(start);
    assert.deepEqual(sent.map((r) => `${r.method} ${r.path}`), ['POST /v2/version_files', 'GET /v2/projects']);
    assert.deepEqual(sent[0]?.body, { hashes: JARS.map((j) => j.sha1), algorithm: 'sha1' });
    assert.deepEqual(JSON.parse(sent[1]?.query['ids'] ?? ''), ['example-pack', 'no-such-mod', 'AABBCCDD', 'RRSSTTUU']);
    for (const request of sent) assert.equal(request.userAgent, UA);
  });

  it('does not list a configured slug twice when its jar is installed', async () => {
    fake.set({ mode: 'ok' });
    const { mods } = setup({ slugs: ['EXAMPLE-MOD', 'AABBCCDD'] });
    const list = await mods.mods();
    assert.deepEqual(list?.mods.filter((m) => m.slug === 'example-mod').map((m) => m.source), ['jar']);
  });

  it('needs no request for an empty mods folder and no slugs', async () => {
    const start = fake.requests.length;
    const { mods } = setup({ modsFolderJars: [], slugs: [] });
    assert.deepEqual((await mods.mods())?.mods, []);
    assert.equal(fake.requests.length, start);
  });

  it('persists the list and serves it after a restart while Modrinth is down', async () => {
    fake.set({ mode: 'ok' });
    const first = setup();
    const list = await first.mods.mods();
    const saved = JSON.parse(await readFile(join(first.dataDir, MODS_FILE), 'utf8'));
    assert.deepEqual(saved.mods, list?.mods);

    for (const mode of ['500', 'hang', '429'] as const) {
      fake.set({ mode });
      const restarted = createModrinthMods({
        ...first.options,
        clock: () => Date.parse('2026-01-02T00:00:00Z'),
        timeoutMs: mode === 'hang' ? HANG : PATIENT,
      });
      assert.deepEqual(await restarted.mods(), list, `served from disk while Modrinth answers ${mode}`);
      assert.equal(await restarted.refresh(), false);
      assert.deepEqual(await restarted.mods(), list);
    }
    fake.set({ mode: 'ok' });
  });

  const failing: Array<['500' | 'hang' | '429', RegExp]> = [
    ['500', /answered 500/],
    ['hang', /did not answer/],
    ['429', /rate-limited/],
  ];
  for (const [mode, message] of failing) {
    it(`resolves null (503) when nothing was ever fetched and Modrinth answers ${mode}`, async () => {
      fake.set({ mode });
      const { mods, errors } = setup({ timeoutMs: mode === 'hang' ? HANG : PATIENT });
      assert.equal(await mods.mods(), null);
      assert.match(errors[0]?.message ?? '', message);
      fake.set({ mode: 'ok' });
    });
  }

  it('waits out a 429 until the reset Modrinth announced, then fetches', async () => {
    fake.set({ mode: '429', resetSeconds: 42 });
    const { mods, advance } = setup();
    assert.equal(await mods.mods(), null);
    fake.set({ mode: 'ok' });
    const start = fake.requests.length;
    advance(41_000);
    assert.equal(await mods.mods(), null);
    assert.equal(await mods.refresh(), false, 'the client itself refuses to send before the reset');
    assert.equal(fake.requests.length, start, 'nothing is sent while rate-limited');
    advance(1_000);
    assert.equal((await mods.mods())?.mods.length, 5);
  });

  it('stops sending when X-Ratelimit-Remaining reaches 0, even on a success', async () => {
    fake.set({ mode: 'ok', remaining: 0, resetSeconds: 30 });
    let now = 0;
    const client = createModrinthClient({ baseUrl: fake.baseUrl, userAgent: UA, clock: () => now, timeoutMs: PATIENT });
    assert.ok(Array.isArray(await client.get('/projects', { ids: '["example-mod"]' })));
    assert.equal(client.blockedForSeconds(), 30);
    await assert.rejects(client.get('/projects', { ids: '["example-mod"]' }), { kind: 'rate_limited', retryAfterSeconds: 30 });
    now += 30_000;
    assert.ok(Array.isArray(await client.get('/projects', { ids: '["example-mod"]' })));
    fake.set({ remaining: 297, resetSeconds: 42 });
  });

  it('refreshes in the background after refreshMs, serving the old list meanwhile', async () => {
    fake.set({ mode: 'ok' });
    const { mods, advance } = setup({ refreshMs: 6 * HOUR });
    const first = await mods.mods();
    advance(6 * HOUR - 1);
    const start = fake.requests.length;
    assert.deepEqual(await mods.mods(), first);
    assert.equal(fake.requests.length, start, 'no refresh before refreshMs');
    advance(1);
    const served = await mods.mods();
    assert.equal(served?.fetched_at, first?.fetched_at, 'the old list is served at once');
    await mods.refresh();
    assert.equal((await mods.mods())?.fetched_at, new Date(Date.parse('2026-01-01T00:00:00Z') + 6 * HOUR).toISOString());
  });

  it('refreshes at once when the jars changed since the list was saved', async () => {
    fake.set({ mode: 'ok' });
    const first = setup();
    await first.mods.mods();
    const fewer = createModrinthMods({ ...first.options, modsFolderJars: JARS.slice(0, 1) });
    assert.equal((await fewer.mods())?.mods.length, 5, 'the saved list is served first');
    await fewer.refresh();
    assert.equal((await fewer.mods())?.mods.length, 3);
  });

  it('treats an unreadable cache file as absent and reports it', async () => {
    fake.set({ mode: '500' });
    const { options } = setup();
    await mkdir(options.dataDir, { recursive: true });
    await writeFile(join(options.dataDir, MODS_FILE), '{"format":1, "mods": [', 'utf8');
    const errors: Error[] = [];
    const mods = createModrinthMods({ ...options, onError: (e) => errors.push(e) });
    assert.equal(await mods.mods(), null);
    assert.match(errors[0]?.message ?? '', /not valid JSON/);
    fake.set({ mode: 'ok' });
  });

  it('batches hundreds of jars into requests of 100 hashes', async () => {
    fake.set({ mode: 'ok' });
    const many = Array.from({ length: 250 }, (_, i) => jar(`mod-${i}.jar`, `mod ${i}`));
    const start = fake.requests.length;
    const { mods } = setup({ modsFolderJars: many, slugs: [] });
    const list = await mods.mods();
    assert.equal(list?.mods.length, 250);
    assert.ok(list?.mods.every((m) => !m.resolved));
    assert.deepEqual(requestsSince(start).map((r) => (r.body as { hashes: string[] }).hashes.length), [100, 100, 50]);
  });
});

describe('scanModJars(modsDir)', () => {
  it('hashes the jars of a mods folder and skips everything else', async () => {
    const dir = join(root, 'server', 'mods');
    await mkdir(join(dir, 'subfolder.jar'), { recursive: true });
    for (const [file, contents] of Object.entries(knownJarContents)) await writeFile(join(dir, file), contents);
    await writeFile(join(dir, 'old.jar.disabled'), 'x');
    await writeFile(join(dir, 'readme.txt'), 'x');
    assert.deepEqual(await scanModJars(dir), JARS.slice(0, 2).reverse());
  });

  it('gives an empty list for a missing folder', async () => {
    assert.deepEqual(await scanModJars(join(root, 'nowhere')), []);
  });

  it('feeds createModrinthMods as a function scanned at each refresh', async () => {
    fake.set({ mode: 'ok' });
    const dir = join(root, 'server', 'mods');
    const { mods } = setup({ modsFolderJars: () => scanModJars(dir), slugs: [] });
    const list = await mods.mods();
    assert.deepEqual(list?.mods.map((m) => [m.file, m.resolved]), [['example-mod-1.0.0.jar', true], ['example-lib-2.3.1.jar', false]]);
  });
});
