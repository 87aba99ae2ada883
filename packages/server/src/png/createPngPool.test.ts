import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { playerCard } from '@blockstats/svg';
import { ApiError } from '../http/ApiError.js';
import { createPngPool, type PngPool, type PngPoolOptions } from './createPngPool.js';
import { PngRenderError } from './PngRenderError.js';

/**
 * A stand-in for png-worker, steered by the "SVG" it gets: `crash` throws out of the thread,
 * `hang` never returns, `slow<ms>` answers after that long, `bad` is an SVG the renderer refuses;
 * anything else answers at once. Like png-worker, it says when it is ready. Each answer is the text and how many this thread has drawn, so
 * a test sees which renders really ran.
 */
const FAKE_WORKER = new URL(`data:text/javascript,${encodeURIComponent(`
import { parentPort } from 'node:worker_threads';
let drawn = 0;
parentPort.postMessage({ ready: true });
const answer = (svg) => parentPort.postMessage({ png: new TextEncoder().encode(svg + '#' + ++drawn) });
parentPort.on('message', (svg) => {
  if (svg === 'crash') throw new Error('boom');
  if (svg === 'hang') for (;;);
  if (svg === 'bad') return parentPort.postMessage({ error: 'not an SVG' });
  if (svg.startsWith('slow')) return setTimeout(() => answer(svg), Number(svg.slice(4)));
  answer(svg);
});
`)}`);

const text = (png: Uint8Array) => new TextDecoder().decode(png);

const pools: PngPool[] = [];
function pool(options: PngPoolOptions = {}): PngPool {
  const created = createPngPool({ threads: 1, script: FAKE_WORKER, ...options });
  pools.push(created);
  return created;
}
after(() => Promise.all(pools.map((p) => p.close())));

/** Asserts a 503 `unavailable` with a Retry-After of whole seconds, at least one. */
async function assertBusy(render: Promise<unknown>, detail: RegExp) {
  await assert.rejects(render, (error: unknown) => {
    assert.ok(error instanceof ApiError);
    assert.equal(error.status, 503);
    assert.equal(error.code, 'unavailable');
    assert.match(error.headers['retry-after'] ?? '', /^[1-9]\d*$/);
    assert.match(error.detail, detail);
    return true;
  });
}

describe('createPngPool({ threads, queue, perClient, cacheBytes, timeoutMs })', () => {
  it('renders on a worker thread', async () => {
    assert.equal(text(await pool().render('hello', { key: 'k', client: 'a' })), 'hello#1');
  });

  it('draws a real card to PNG on the real worker (png-worker)', async () => {
    const real = createPngPool({ threads: 1 });
    pools.push(real);
    const png = await real.render(playerCard({ name: 'Steve', edition: 'java', serverName: 'Test', playTime: '1 h', advancementsEarned: 1, advancementsTotal: 2, hallOfFameRank: null, medals: { gold: 0, silver: 0, bronze: 0 }, memberSince: null, memberSinceEstimated: false }));
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.equal(Buffer.from(png).readUInt32BE(16), 1000, 'twice the card\'s 500 units wide');
  });

  it('queue: renders waiting or running beyond `queue` are refused with 503 and Retry-After, until there is room', async () => {
    const p = pool({ queue: 2, perClient: 10 });
    const first = p.render('slow300', { key: '1', client: 'a' });
    const second = p.render('slow300', { key: '2', client: 'b' });
    assert.equal(p.pending, 2);
    await assertBusy(p.render('x', { key: '3', client: 'c' }), /rendering 2 cards already/);
    await Promise.all([first, second]);
    assert.equal(p.pending, 0);
    assert.match(text(await p.render('x', { key: '3', client: 'c' })), /^x#/);
  });

  it('perClient: one client cannot take more than its share of the queue; others still get theirs', async () => {
    const p = pool({ queue: 10, perClient: 2 });
    const mine = [p.render('slow200', { key: 'a1', client: 'greedy' }), p.render('slow200', { key: 'a2', client: 'greedy' })];
    await assertBusy(p.render('slow200', { key: 'a3', client: 'greedy' }), /already has 2 cards/);
    const theirs = p.render('x', { key: 'b1', client: 'polite' });
    assert.match(text(await theirs), /^x#/);
    await Promise.all(mine);
    // Its share is back once its renders are done.
    assert.match(text(await p.render('y', { key: 'a3', client: 'greedy' })), /^y#/);
  });

  it('cache: a key drawn before is answered without a render; a new generation in the key renders anew', async () => {
    const p = pool();
    const first = text(await p.render('card', { key: 'gen1 uuid #336699', client: 'a' }));
    assert.equal(text(await p.render('card', { key: 'gen1 uuid #336699', client: 'b' })), first, 'the same bytes: not drawn again');
    const next = text(await p.render('card', { key: 'gen2 uuid #336699', client: 'a' }));
    assert.notEqual(next, first, 'drawn again for the new snapshot');
    // A cache hit is never refused, even for a client over its share.
    const busy = pool({ queue: 1, perClient: 1 });
    await busy.render('card', { key: 'k', client: 'a' });
    const held = busy.render('slow300', { key: 'other', client: 'a' });
    assert.match(text(await busy.render('card', { key: 'k', client: 'a' })), /^card#1$/);
    await held;
  });

  it('identical requests at once share one render (and one place in the queue)', async () => {
    const p = pool({ queue: 1, perClient: 1 });
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => p.render('slow100', { key: 'same', client: `c${i}` })));
    assert.deepEqual(new Set(answers.map(text)), new Set(['slow100#1']));
  });

  it('cacheBytes 0 keeps nothing', async () => {
    const p = pool({ cacheBytes: 0 });
    await p.render('a', { key: 'k', client: 'c' });
    assert.equal(text(await p.render('a', { key: 'k', client: 'c' })), 'a#2');
  });

  it('a worker that dies fails that render alone (a plain error: a logged 500) and is replaced', async () => {
    const lost: string[] = [];
    const p = pool({ onWorkerLost: (reason) => lost.push(reason) });
    await p.render('warm', { key: 'w', client: 'a' });
    await assert.rejects(p.render('crash', { key: 'c', client: 'a' }), (error: unknown) => error instanceof PngRenderError && error.reason === 'crashed' && !(error instanceof ApiError));
    assert.deepEqual(lost, ['crashed']);
    assert.equal(text(await p.render('after', { key: 'a', client: 'a' })), 'after#1', 'a fresh worker drew it');
    assert.equal(p.pending, 0);
  });

  it('an SVG the renderer refuses fails alone; the worker lives on', async () => {
    const p = pool();
    await assert.rejects(p.render('bad', { key: 'b', client: 'a' }), (error: unknown) => error instanceof PngRenderError && error.reason === 'failed');
    assert.equal(text(await p.render('ok', { key: 'o', client: 'a' })), 'ok#1');
  });

  it('a render past `timeoutMs` answers 503 with Retry-After; its worker is replaced and the next render works', async () => {
    const lost: string[] = [];
    const p = pool({ timeoutMs: 1_000, onWorkerLost: (reason) => lost.push(reason) });
    await assertBusy(p.render('hang', { key: 'h', client: 'a' }), /took too long/);
    assert.deepEqual(lost, ['timeout']);
    assert.match(text(await p.render('x', { key: 'next', client: 'b' })), /^x#1$/, 'a fresh worker drew the next one');
    assert.equal(p.pending, 0);
  });

  it('a render that waits `timeoutMs` for a free worker answers 503 too; the one drawing is not disturbed', async () => {
    const p = pool({ timeoutMs: 1_500, queue: 10, perClient: 10 });
    await p.render('warm', { key: 'w', client: 'a' });
    const drawing = p.render('slow1200', { key: 'd', client: 'a' });
    const second = p.render('slow1200', { key: 'e', client: 'a' });
    await assertBusy(p.render('x', { key: 'x', client: 'b' }), /took too long/);
    assert.match(text(await drawing), /^slow1200#/);
    await second;
  });

  it('close() ends the workers: renders not done and later ones answer 503', async () => {
    const p = pool();
    await p.render('warm', { key: 'w', client: 'a' });
    const refused = [p.render('slow5000', { key: 'r', client: 'a' }), p.render('q', { key: 'q', client: 'b' })].map(assertBusyOrShuttingDown);
    await p.close();
    await Promise.all(refused);
    await assertBusyOrShuttingDown(p.render('later', { key: 'l', client: 'a' }));
  });
});

async function assertBusyOrShuttingDown(render: Promise<unknown>) {
  await assert.rejects(render, (error: unknown) => error instanceof ApiError && error.status === 503 && /shutting down/.test(error.detail));
}
