import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createModrinthClient, ModrinthError } from './createModrinthClient.js';
import { createModrinthModpack, type ModrinthModpackOptions } from './createModrinthModpack.js';
import { fakeModrinth, type FakeModrinth } from './testing/fakeModrinth.js';
import { modrinthPackVersions } from './testing/samples.js';
import { UnavailableError } from './UnavailableError.js';

const UA = 'blockstats-test/1.0 (+https://example.invalid)';
/**
 * Request budget when the double answers (ok, 500, 429, 404): generous, so a busy machine (CI
 * has 2 cores) can never turn an answer into a timeout. Never waited out: the answer ends it.
 */
const PATIENT = 5_000;
/** Request budget when the double hangs: the request is meant to time out, so short is safe. */
const HANG = 200;
let fake: FakeModrinth;
before(async () => {
  fake = await fakeModrinth();
});
after(() => fake.close());

function setup(overrides: Partial<ModrinthModpackOptions> = {}) {
  let now = Date.parse('2026-01-01T00:00:00Z');
  const errors: Error[] = [];
  const source = createModrinthModpack({
    project: 'example-pack', baseUrl: fake.baseUrl, userAgent: UA, clock: () => now, timeoutMs: PATIENT,
    onError: (e) => errors.push(e), ...overrides,
  });
  return { source, errors, advance: (ms: number) => { now += ms; } };
}

const EXPECTED = {
  project_id: 'EEFFGGHH',
  slug: 'example-pack',
  name: 'Example Pack',
  description: 'A small example modpack',
  icon_url: null,
  project_url: 'https://modrinth.com/modpack/example-pack',
  downloads: 9876,
  game_versions: ['1.21.1'],
  loaders: ['fabric'],
  latest: {
    id: 'ZZAABBCC',
    name: 'Example Pack 1.2.0',
    version_number: '1.2.0',
    version_type: 'release',
    published_at: '2024-07-01T08:00:00.000000Z',
    game_versions: ['1.21.1'],
    loaders: ['fabric'],
    changelog: 'Updated Sodium, added 3 mods',
    files: [{
      filename: 'Example Pack 1.2.0.mrpack',
      url: 'https://cdn.modrinth.com/data/EEFFGGHH/versions/ZZAABBCC/Example%20Pack%201.2.0.mrpack',
      size: 35,
      primary: true,
      sha1: '140a062dd56b30678c1c0b3be712105eb4ecd9aa',
      sha512: '65f1b5edec381e5639e62ce146b69cedd851a66af7b6b1c699fe0da99576b2f71843867aea400b8c25971ea106fa229893723e7ee2ed70e99484e840e48c1432',
    }],
  },
  fetched_at: '2026-01-01T00:00:00.000Z',
};

describe('createModrinthModpack(options).modpack()', () => {
  it('reads the project and its newest version from Modrinth', async () => {
    fake.set({ mode: 'ok' });
    const start = fake.requests.length;
    const { source } = setup();
    assert.deepEqual(await source.modpack(), EXPECTED);
    const sent = fake.requests.slice(start);
    assert.deepEqual(sent.map((r) => `${r.method} ${r.path}`).sort(), ['GET /v2/project/example-pack', 'GET /v2/project/example-pack/version']);
    assert.ok(sent.every((r) => r.userAgent === UA));
  });

  it('resolves null when no modpack is configured, without a request', async () => {
    const start = fake.requests.length;
    assert.equal(await setup({ project: null }).source.modpack(), null);
    assert.equal(await setup({ project: '  ' }).source.modpack(), null);
    assert.equal(fake.requests.length, start);
  });

  it('caches a read for cacheMs and shares one read between concurrent calls', async () => {
    fake.set({ mode: 'ok' });
    const { source, advance } = setup({ cacheMs: 60_000 });
    const start = fake.requests.length;
    const [a, b, c] = await Promise.all([source.modpack(), source.modpack(), source.modpack()]);
    assert.equal(fake.requests.length - start, 2);
    assert.equal(a, b);
    assert.equal(b, c);
    advance(59_999);
    assert.equal(await source.modpack(), a);
    assert.equal(fake.requests.length - start, 2);
    advance(1);
    assert.equal((await source.modpack())?.fetched_at, '2026-01-01T00:01:00.000Z');
    assert.equal(fake.requests.length - start, 4);
  });

  it('serves the last good read when Modrinth fails later', async () => {
    fake.set({ mode: 'ok' });
    let hanging = false;
    const { source, advance, errors } = setup({
      cacheMs: 1_000,
      // One instance meets both answering and hanging modes: a request sent while the double
      // hangs times out after HANG (the same TimeoutError the client's own budget raises),
      // every other keeps the generous budget.
      fetch: (input, init) => fetch(input, hanging ? { ...init, signal: AbortSignal.timeout(HANG) } : init),
    });
    const good = await source.modpack();
    for (const mode of ['500', 'hang', '429'] as const) {
      fake.set({ mode });
      hanging = mode === 'hang';
      advance(120_000);
      assert.equal(await source.modpack(), good, `stale read served while Modrinth answers ${mode}`);
    }
    assert.equal(errors.length, 3);
    fake.set({ mode: 'ok' });
  });

  const unreachable: Array<['500' | 'hang' | '429', number]> = [['500', 60], ['hang', 60], ['429', 42]];
  for (const [mode, retryAfter] of unreachable) {
    it(`rejects with UnavailableError (Retry-After ${retryAfter}) when Modrinth answers ${mode} and nothing is cached`, async () => {
      fake.set({ mode, resetSeconds: 42 });
      const { source } = setup({ timeoutMs: mode === 'hang' ? HANG : PATIENT });
      await assert.rejects(source.modpack(), (error: unknown) => error instanceof UnavailableError && error.retryAfterSeconds === retryAfter);
      fake.set({ mode: 'ok' });
    });
  }

  it('does not ask again during the back-off, then recovers', async () => {
    fake.set({ mode: '500' });
    const { source, advance } = setup({ retryMs: 30_000 });
    await assert.rejects(source.modpack(), UnavailableError);
    fake.set({ mode: 'ok' });
    const start = fake.requests.length;
    advance(10_000);
    await assert.rejects(source.modpack(), (error: unknown) => error instanceof UnavailableError && error.retryAfterSeconds === 20);
    assert.equal(fake.requests.length, start);
    advance(20_000);
    assert.equal((await source.modpack())?.slug, 'example-pack');
  });

  it('is unavailable for a project Modrinth does not have (404)', async () => {
    fake.set({ mode: 'ok' });
    const { source, errors } = setup({ project: 'no-such-pack' });
    await assert.rejects(source.modpack(), UnavailableError);
    assert.match(errors[0]?.message ?? '', /no project "no-such-pack"/);
  });

  it('picks the newest version by date and makes the first file primary when none is', async () => {
    const older = { ...modrinthPackVersions[0], id: 'OLDOLDOL', date_published: '2023-01-01T00:00:00Z' };
    const newest = {
      ...modrinthPackVersions[1],
      date_published: '2025-01-01T00:00:00Z',
      files: [
        { hashes: {}, url: 'https://cdn.example/a.mrpack', filename: 'a.mrpack', primary: false, size: 1 },
        { url: 'https://cdn.example/b.zip', filename: 'b.zip', primary: false },
        { filename: 'no-url' },
      ],
    };
    fake.set({ mode: 'ok', projectVersions: { EEFFGGHH: [older, newest] } });
    const latest = (await setup().source.modpack())?.latest;
    assert.equal(latest?.id, 'VVWWXXYY');
    assert.equal(latest?.changelog, null);
    assert.deepEqual(latest?.files.map((f) => [f.filename, f.primary, f.size, f.sha1]), [['a.mrpack', true, 1, null], ['b.zip', false, null, null]]);
    fake.set({ projectVersions: { EEFFGGHH: [] } });
    assert.equal((await setup().source.modpack())?.latest, null);
    fake.set({ projectVersions: { EEFFGGHH: modrinthPackVersions } });
  });
});

describe('createModrinthClient(options): answer size', () => {
  it('gives up on a body longer than maxBodyBytes (a 700 MB answer is never held whole)', async () => {
    const huge = await fakeModrinth({ mode: 'huge' });
    try {
      const client = createModrinthClient({ baseUrl: huge.baseUrl, userAgent: 'blockstats-test/1.0', timeoutMs: 60_000, maxBodyBytes: 4 * 1024 * 1024 });
      await assert.rejects(client.get('/project/example-pack/version'), (error: unknown) =>
        error instanceof ModrinthError && error.kind === 'invalid' && /more than 4194304 bytes/.test(error.message));
      const pack = createModrinthModpack({ project: 'example-pack', baseUrl: huge.baseUrl, userAgent: 'blockstats-test/1.0', timeoutMs: 60_000 });
      await assert.rejects(pack.modpack(), UnavailableError, 'the default cap (16 MiB) holds too, as a 503');
    } finally {
      await huge.close();
    }
  });
});
