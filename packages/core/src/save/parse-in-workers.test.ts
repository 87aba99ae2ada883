import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import nbt from 'prismarine-nbt';
import { StatsReader } from './packed-layouts.js';
import { sharedStrings, unpackAdvancements, unpackStats, type PackedAdvancements, type PackedStats } from './packed.js';
import { parseInWorkers, type ParseOutcome, type ParseRequest } from './parse-in-workers.js';
import { parseRequest } from './parse-request.js';
import { createParseWorkerPool } from './parse-worker-pool.js';
import { DEFAULT_READ_LIMITS } from './read-limits.js';

let dir: string;
const requests: ParseRequest[] = [];

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'blockstats-workers-'));
  await mkdir(join(dir, 'a-folder'));
  const dat = gzipSync(
    nbt.writeUncompressed(
      { type: 'compound', name: '', value: { DataVersion: { type: 'int', value: 3953 }, bukkit: { type: 'compound', value: { lastKnownName: { type: 'string', value: 'Steve' } } } } } as nbt.NBT,
      'big',
    ),
  );
  const files: Array<[ParseRequest['kind'], string, string | Buffer]> = [];
  // Enough files for several batches per worker, each with strings of its own (criteria, keys).
  for (let i = 0; i < 150; i++) {
    files.push(['stats', `s${i}.json`, JSON.stringify({ stats: { 'minecraft:custom': { 'minecraft:jump': i, [`mod:key_${i % 7}`]: i * 2 } }, DataVersion: 3953 })]);
    files.push([
      'advancements',
      `a${i}.json`,
      JSON.stringify({
        'minecraft:story/root': { criteria: { crafting_table: '2024-05-01 18:03:22 +0200' }, done: true },
        [`datapack:quest_${i % 5}`]: { criteria: { [`step_${i % 3}`]: '2024-05-02 09:00:00 +0000' }, done: i % 2 === 0 },
        'minecraft:recipes/misc/stick': { criteria: { has_planks: '2024-05-01 18:00:00 +0200' }, done: true },
        DataVersion: 3953,
      }),
    ]);
    files.push(['playerdata', `p${i}.dat`, dat]);
  }
  files.push(['stats', 'broken.json', '{"stats": {']);
  files.push(['advancements', 'not-an-object.json', '[1, 2]']);
  files.push(['playerdata', 'broken.dat', Buffer.from([0x1f, 0x8b, 8, 0, 1, 2, 3])]);
  for (const [kind, name, content] of files) {
    await writeFile(join(dir, name), content);
    requests.push({ kind, path: join(dir, name) });
  }
  requests.push({ kind: 'stats', path: join(dir, 'missing.json') });
  requests.push({ kind: 'advancements', path: join(dir, 'a-folder') });
});
after(() => rm(dir, { recursive: true, force: true }));

/** What parsing on this thread gives, in a comparable (unpacked) form. */
async function inline(request: ParseRequest): Promise<unknown> {
  return comparable(request, parseRequest(request));
}

function comparable(request: ParseRequest, outcome: ParseOutcome): unknown {
  if (!outcome.ok) return outcome;
  if (request.kind === 'stats') return { ok: true, counters: unpackStats(outcome.value as PackedStats), ...outcome.value, data: null };
  if (request.kind === 'advancements') return { ok: true, entries: unpackAdvancements(outcome.value as PackedAdvancements), ...outcome.value, data: null };
  return outcome;
}

describe('parseInWorkers', () => {
  for (const threads of [1, 2, 3]) {
    it(`gives, on ${threads} worker thread(s), in request order, exactly what parsing here gives, failures included`, async () => {
      const progress: number[] = [];
      const outcomes = await parseInWorkers(requests, { threads, onProgress: (done) => progress.push(done) });
      assert.ok(outcomes !== null, 'worker threads start here');
      assert.equal(outcomes.length, requests.length);
      const expected = await Promise.all(requests.map(inline));
      assert.deepEqual(outcomes.map((outcome, i) => comparable(requests[i]!, outcome)), expected);
      assert.equal(progress.at(-1), requests.length);
      assert.deepEqual(progress, [...progress].sort((a, b) => a - b), 'progress only grows');
    });
  }

  it('renumbers the workers\' strings into this thread\'s table', async () => {
    const outcomes = await parseInWorkers(requests.slice(0, 30), { threads: 2 });
    const stats = outcomes!.find((o) => o.ok && 'legacy' in o.value)!;
    const reader = new StatsReader((stats as { value: PackedStats }).value.data);
    reader.uint(); // the number of types
    assert.equal(sharedStrings.at(reader.uint()), 'minecraft:custom');
  });

  it('puts a call\'s summaries in shared blocks unless it keeps its workers (a pull\'s changed files: arrays of their own)', async () => {
    const packedData = (outcomes: ParseOutcome[] | null): Uint8Array[] =>
      outcomes!.flatMap((o) => (o.ok && typeof o.value === 'object' && o.value !== null && 'data' in o.value ? [(o.value as PackedStats).data] : [])).filter((d) => d.length > 0);
    const bulk = packedData(await parseInWorkers(requests, { threads: 2 }));
    assert.ok(new Set(bulk.map((d) => d.buffer)).size < bulk.length / 2, `${bulk.length} summaries in ${new Set(bulk.map((d) => d.buffer)).size} buffers`);
    const pool = createParseWorkerPool();
    try {
      const kept = packedData(await parseInWorkers(requests, { threads: 2, pool, keep: true }));
      assert.ok(kept.length > 10);
      for (const d of kept) assert.deepEqual([d.byteOffset, d.buffer.byteLength], [0, d.length], 'an array of its own');
    } finally {
      await pool.close();
    }
  });

  it('cuts a job too small for full batches into several a thread, so neither worker waits long on the other', async () => {
    // A worker that parses nothing and answers each file with the size of its batch.
    const script = join(dir, 'batch-sizes.mjs');
    await writeFile(
      script,
      "import { parentPort } from 'node:worker_threads';\n" +
        "parentPort.on('message', (batch) => parentPort.postMessage({ strings: [], outcomes: batch.map(() => ({ ok: false, reason: String(batch.length) })) }));\n" +
        'parentPort.postMessage({ strings: [], outcomes: null });\n',
    );
    const sizes = async (files: number, threads: number): Promise<number[]> => {
      const job = Array.from({ length: files }, (_, i): ParseRequest => ({ kind: 'stats', path: `f${i}.json` }));
      const outcomes = (await parseInWorkers(job, { threads, workerScript: pathToFileURL(script) }))!;
      const batches: number[] = [];
      for (let i = 0; i < outcomes.length; ) {
        const size = Number((outcomes[i] as { reason: string }).reason);
        batches.push(size);
        i += size;
      }
      return batches;
    };
    // A 15-minute pull at 10,000 players (1 % changed): 300 files on two workers.
    assert.deepEqual(await sizes(300, 2), [...Array<number>(15).fill(19), 15]);
    // A first start: full batches.
    assert.ok((await sizes(3_000, 2)).slice(0, -1).every((size) => size === 64));
    // Few files: batches of 8 at least.
    assert.deepEqual(await sizes(70, 2), [8, 8, 8, 8, 8, 8, 8, 8, 6]);
  });

  it('resolves an empty list at once, without starting workers', async () => {
    assert.deepEqual(await parseInWorkers([], { threads: 2, workerScript: new URL('file:///nowhere/worker.js') }), []);
  });

  it('resolves null when no worker comes up, so the caller parses here', async () => {
    const script = join(dir, 'never-ready.mjs');
    await writeFile(script, "throw new Error('cannot start');\n");
    assert.equal(await parseInWorkers(requests, { threads: 2, workerScript: pathToFileURL(script) }), null);
    assert.equal(await parseInWorkers(requests, { threads: 2, workerScript: pathToFileURL(join(dir, 'absent.mjs')) }), null);
  });

  /** A worker script that parses like the real one but dies (or hangs) on files whose name says so. */
  async function poisonScript(name: string, action: string): Promise<URL> {
    const script = join(dir, name);
    const module = (file: string) => JSON.stringify(new URL(file, import.meta.url).href);
    await writeFile(
      script,
      "import { parentPort } from 'node:worker_threads';\n" +
        `const { register } = await import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))});\n` +
        `const api = register({ namespace: 'poison-${name}' });\n` +
        `const { parseRequest } = await api.import(${module('./parse-request.ts')}, import.meta.url);\n` +
        `const { StringTable } = await api.import(${module('./packed.ts')}, import.meta.url);\n` +
        'const strings = new StringTable(); let sent = 0;\n' +
        'const reply = (outcomes) => { const message = { strings: strings.strings.slice(sent), outcomes }; sent = strings.size; parentPort.postMessage(message); };\n' +
        `parentPort.on('message', (batch) => { if (batch.some((r) => r.path.includes('poison'))) { ${action} } reply(batch.map((r) => parseRequest(r, strings))); });\n` +
        'reply(null);\n',
    );
    return pathToFileURL(script);
  }

  it('retries a crashed worker\'s batch file by file on fresh workers: only the file that kills its worker fails', async () => {
    const poison = join(dir, 'poison.json');
    await writeFile(poison, '{}');
    const list: ParseRequest[] = [...requests.slice(0, 40), { kind: 'stats', path: poison }, ...requests.slice(40, 80)];
    const script = await poisonScript('crashes.mjs', "throw new Error('worker crashed');");
    const outcomes = await parseInWorkers(list, { threads: 2, workerScript: script });
    assert.ok(outcomes !== null);
    const expected = await Promise.all(list.map(inline));
    outcomes.forEach((outcome, i) => {
      if (list[i]!.path === poison) assert.match((outcome as { reason: string }).reason, /^its parse worker failed \(.*\); skipped$/);
      else assert.deepEqual(comparable(list[i]!, outcome), expected[i], list[i]!.path);
    });
  });

  it('abandons a file whose parse overruns the time budget of one file, and parses the rest', async () => {
    const poison = join(dir, 'poison-slow.json');
    await writeFile(poison, '{}');
    const list: ParseRequest[] = [...requests.slice(0, 10), { kind: 'stats', path: poison }, ...requests.slice(10, 20)];
    const script = await poisonScript('hangs.mjs', 'for (;;) {}');
    const outcomes = await parseInWorkers(list, { threads: 1, workerScript: script, limits: { ...DEFAULT_READ_LIMITS, fileParseMs: 1500 } });
    assert.ok(outcomes !== null);
    const expected = await Promise.all(list.map(inline));
    outcomes.forEach((outcome, i) => {
      if (list[i]!.path === poison) assert.equal((outcome as { reason: string }).reason, 'parsing took longer than 1.5 s (the time budget of one file); skipped');
      else assert.deepEqual(comparable(list[i]!, outcome), expected[i], list[i]!.path);
    });
  });

  it('stops its workers and rejects when aborted', async () => {
    const script = await poisonScript('hangs-always.mjs', 'for (;;) {}');
    const controller = new AbortController();
    const poison = join(dir, 'poison.json');
    const running = parseInWorkers([{ kind: 'stats', path: poison }], { threads: 1, workerScript: script, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('pull abandoned')), 200);
    await assert.rejects(running, { message: 'pull abandoned' });
  });
});
