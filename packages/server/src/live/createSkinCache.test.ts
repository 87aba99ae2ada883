import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createSkinCache, SKINS_FILE, skinHashFromProfile, type SkinCacheOptions } from './createSkinCache.js';
import { fakeSkinServices, type FakeSkinServices } from './testing/fakeSkinServices.js';
import type { SkinSubject } from './types.js';

const UA = 'blockstats-test/1.0 (+https://example.invalid)';
const DAY = 86_400_000;
/**
 * Request budget when the double answers (ok, 429, 500): generous, so a busy machine (CI has 2
 * cores) can never turn an answer into a timeout. Never waited out: the answer ends it.
 */
const PATIENT = 5_000;
/** Request budget when the double hangs: the request is meant to time out, so short is safe. */
const HANG = 200;
const STEVE = { uuid: '8667ba71-b85a-4004-af54-457a9734eed7', edition: 'java' } as const;
const ALEX = { uuid: 'ec561538f3fd461daff5086b22154bce', edition: 'java' } as const;
const BEDROCK = { uuid: '00000000-0000-0000-0009-01f64f65c7c3', edition: 'bedrock' } as const;
const XUID = BigInt('0x000901f64f65c7c3').toString(10);
const STEVE_HASH = '1a4af718455d4aab528e7a61f86fa25e6a369d1768dcb13f7df319a713eb810b';
const BEDROCK_HASH = 'e8c1a6b1f5d9c8a7b6e5d4c3b2a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3';

let root: string;
let fake: FakeSkinServices;
let dirs = 0;
before(async () => {
  root = await mkdtemp(join(tmpdir(), 'blockstats-skins-'));
  fake = await fakeSkinServices();
});
after(async () => {
  await fake.close();
  await rm(root, { recursive: true, force: true });
});

function setup(overrides: Partial<SkinCacheOptions> = {}) {
  let now = Date.parse('2026-01-01T00:00:00Z');
  const waits: number[] = [];
  const errors: Error[] = [];
  const options: SkinCacheOptions = {
    dataDir: join(root, `data-${++dirs}`),
    sessionServerUrl: fake.sessionServerUrl,
    geyserUrl: fake.geyserUrl,
    texturesUrl: fake.texturesUrl,
    userAgent: UA,
    clock: () => now,
    timeoutMs: PATIENT,
    sleep: async (ms) => {
      waits.push(ms);
    },
    onError: (e) => errors.push(e),
    ...overrides,
  };
  return { options, waits, errors, cache: createSkinCache(options), advance: (ms: number) => { now += ms; } };
}

function reset(options: Parameters<FakeSkinServices['set']>[0] = {}) {
  fake.set({ java: { [STEVE.uuid.replaceAll('-', '')]: STEVE_HASH, [ALEX.uuid]: null }, bedrock: { [XUID]: BEDROCK_HASH }, mode: 'ok', javaMode: undefined, bedrockMode: undefined, ...options });
  fake.requests.length = 0;
}

describe('createSkinCache(options)', () => {
  it('looks up Java skins from the session server and Bedrock skins from GeyserMC by XUID', async () => {
    reset();
    const { cache, waits } = setup({ ratePerMinute: 20 });
    assert.equal(cache.skinHash(STEVE.uuid), null, 'nothing known before the refresh');
    const report = await cache.refresh([STEVE, ALEX, BEDROCK]);
    assert.deepEqual(report, { looked_up: 3, changed: 2, failed: 0 });
    assert.equal(cache.skinHash(STEVE.uuid), STEVE_HASH);
    assert.equal(cache.skinHash(STEVE.uuid.toUpperCase().replaceAll('-', '')), STEVE_HASH, 'any UUID form');
    assert.equal(cache.skinHash(ALEX.uuid), null, 'default skin');
    assert.equal(cache.skinHash(BEDROCK.uuid), BEDROCK_HASH);
    assert.deepEqual(fake.requests.map((r) => r.path).sort(), [
      '/session/minecraft/profile/8667ba71b85a4004af54457a9734eed7',
      '/session/minecraft/profile/ec561538f3fd461daff5086b22154bce',
      `/v2/skin/${XUID}`,
      `/texture/${STEVE_HASH}`,
      `/texture/${BEDROCK_HASH}`,
    ].sort());
    assert.ok(fake.requests.every((r) => r.userAgent === UA));
    // Each texture's head: the fake skin's face is the hash's first six digits, no hat.
    assert.equal(cache.headPixels(STEVE_HASH), STEVE_HASH.slice(0, 6).repeat(64));
    assert.equal(cache.headPixels(BEDROCK_HASH.toUpperCase()), BEDROCK_HASH.slice(0, 6).repeat(64));
    assert.equal(cache.headPixels('0'.repeat(64)), null);
    assert.deepEqual(waits, [3000, 3000], 'spaced to 20 per minute, no wait before the first');
  });

  it('persists the cache and reads it back at startup without any request', async () => {
    reset();
    const first = setup();
    await first.cache.refresh([STEVE, BEDROCK]);
    const saved = JSON.parse(await readFile(join(first.options.dataDir, SKINS_FILE), 'utf8'));
    assert.equal(saved.players[STEVE.uuid].hash, STEVE_HASH);
    fake.requests.length = 0;
    const restarted = createSkinCache({ ...first.options, fetch: () => Promise.reject(new Error('no network')) });
    assert.equal(restarted.skinHash(STEVE.uuid), STEVE_HASH);
    assert.equal(restarted.skinHash(BEDROCK.uuid), BEDROCK_HASH);
    assert.equal(fake.requests.length, 0);
  });

  it('looks a known skin up again only after refreshDays', async () => {
    reset();
    const { cache, advance } = setup({ refreshDays: 7 });
    await cache.refresh([STEVE]);
    advance(7 * DAY - 1);
    assert.deepEqual(await cache.refresh([STEVE]), { looked_up: 0, changed: 0, failed: 0 });
    const newHash = 'ab'.repeat(32);
    reset({ java: { [STEVE.uuid.replaceAll('-', '')]: newHash } });
    advance(1);
    assert.deepEqual(await cache.refresh([STEVE]), { looked_up: 1, changed: 1, failed: 0 });
    assert.equal(cache.skinHash(STEVE.uuid), newHash);
  });

  for (const mode of ['429', '500', 'hang', 'huge'] as const) {
    it(`keeps the cached hash, stops asking that service, and retries later when it answers ${mode}`, async () => {
      reset();
      let javaHangs = false;
      const { cache, advance, errors } = setup({
        retryMinutes: 60,
        refreshDays: 1,
        // One refresh meets a hanging session server and an answering GeyserMC: the hanging
        // lookup times out after HANG (the same TimeoutError the cache's own budget raises),
        // every other keeps the generous budget.
        fetch: (input, init) => fetch(input, javaHangs && String(input).includes('/session/') ? { ...init, signal: AbortSignal.timeout(HANG) } : init),
      });
      await cache.refresh([STEVE, ALEX, BEDROCK]);
      advance(DAY);
      reset({ javaMode: mode });
      javaHangs = mode === 'hang';
      const report = await cache.refresh([STEVE, ALEX, BEDROCK]);
      assert.deepEqual(report, { looked_up: 1, changed: 0, failed: 1 }, 'Bedrock still looked up; Java stopped after one failure');
      assert.equal(fake.requests.filter((r) => r.path.startsWith('/session')).length, 1);
      assert.equal(cache.skinHash(STEVE.uuid), STEVE_HASH, 'the last good hash stays');
      assert.equal(errors.length, 1);
      reset();
      javaHangs = false;
      advance(59 * 60_000);
      const early = await cache.refresh([STEVE]);
      assert.equal(early.looked_up, 0, 'not retried before retryMinutes');
      advance(60_000);
      assert.equal((await cache.refresh([STEVE, ALEX])).looked_up, 2);
    });
  }

  it('looks up at most maxPerRun players per refresh, never-seen players first', async () => {
    reset();
    const { cache, advance } = setup({ maxPerRun: 2, refreshDays: 1 });
    await cache.refresh([STEVE]);
    advance(DAY);
    fake.requests.length = 0;
    assert.equal((await cache.refresh([STEVE, ALEX, BEDROCK])).looked_up, 2);
    assert.deepEqual(fake.requests.map((r) => r.path).filter((p) => !p.startsWith('/texture/')).sort(), [`/session/minecraft/profile/${ALEX.uuid}`, `/v2/skin/${XUID}`].sort());
    assert.equal((await cache.refresh([STEVE, ALEX, BEDROCK])).looked_up, 1);
  });

  it('shares a running refresh between callers and ignores malformed subjects', async () => {
    reset();
    const { cache } = setup();
    const junk = [{ uuid: 'nope', edition: 'java' }, null, STEVE, { ...STEVE, uuid: STEVE.uuid.toUpperCase() }] as unknown as SkinSubject[];
    const [a, b] = await Promise.all([cache.refresh(junk), cache.refresh([ALEX])]);
    assert.equal(a, b);
    assert.deepEqual(a, { looked_up: 1, changed: 1, failed: 0 });
  });

  it('makes no request and answers null when switched off (DECISIONS 24)', async () => {
    reset();
    const first = setup();
    await first.cache.refresh([STEVE]);
    fake.requests.length = 0;
    const off = createSkinCache({ ...first.options, enabled: false });
    assert.equal(off.skinHash(STEVE.uuid), null);
    assert.deepEqual(await off.refresh([STEVE, ALEX]), { looked_up: 0, changed: 0, failed: 0 });
    assert.equal(fake.requests.length, 0);
  });

  it('stops at the next wait once closed', async () => {
    reset();
    let cache: ReturnType<typeof createSkinCache>;
    const { options } = setup();
    cache = createSkinCache({
      ...options,
      sleep: (_ms, signal) => {
        cache.close();
        return signal.aborted ? Promise.reject(new Error('aborted')) : Promise.resolve();
      },
    });
    assert.deepEqual(await cache.refresh([STEVE, ALEX, BEDROCK]), { looked_up: 1, changed: 1, failed: 0 });
  });

  it('reads a cache file whose UUIDs are written in another form', async () => {
    const { options } = setup();
    await mkdir(options.dataDir, { recursive: true });
    const players = { [STEVE.uuid.toUpperCase().replaceAll('-', '')]: { hash: STEVE_HASH, checked_at: 0 }, 'not-a-uuid': { hash: STEVE_HASH, checked_at: 0 } };
    await writeFile(join(options.dataDir, SKINS_FILE), JSON.stringify({ format: 1, players }));
    const cache = createSkinCache({ ...options, fetch: () => Promise.reject(new Error('no network')) });
    assert.equal(cache.skinHash(STEVE.uuid), STEVE_HASH);
    assert.equal(cache.skinHash('not-a-uuid'), null);
  });

  it('starts empty and reports a corrupt cache file', async () => {
    const { options } = setup();
    await mkdir(options.dataDir, { recursive: true });
    await writeFile(join(options.dataDir, SKINS_FILE), 'not json');
    const errors: Error[] = [];
    const cache = createSkinCache({ ...options, onError: (e) => errors.push(e) });
    assert.equal(cache.skinHash(STEVE.uuid), null);
    assert.equal(errors.length, 1);
  });
});

describe('skinHashFromProfile(profile)', () => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
  const cases: Array<[string, unknown, string | null]> = [
    ['a SKIN url', { properties: [{ name: 'textures', value: encode({ textures: { SKIN: { url: `http://textures.minecraft.net/texture/${STEVE_HASH}` } } }) }] }, STEVE_HASH],
    ['no SKIN (default skin)', { properties: [{ name: 'textures', value: encode({ textures: {} }) }] }, null],
    ['no textures property', { properties: [{ name: 'other', value: 'x' }] }, null],
    ['garbage base64', { properties: [{ name: 'textures', value: '!!!' }] }, null],
    ['a url that is not a texture hash', { properties: [{ name: 'textures', value: encode({ textures: { SKIN: { url: 'http://x/evil"' } } }) }] }, null],
    ['null', null, null],
  ];
  for (const [title, profile, expected] of cases) it(title, () => assert.equal(skinHashFromProfile(profile), expected));
});
