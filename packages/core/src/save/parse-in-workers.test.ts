import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import nbt from 'prismarine-nbt';
import { sharedStrings, unpackAdvancements, unpackStats, type PackedAdvancements, type PackedStats } from './packed.js';
import { parseInWorkers, type ParseOutcome, type ParseRequest } from './parse-in-workers.js';
import { parsePlayerFile } from './parse-player-file.js';
import { readErrorReason } from './read-text-file.js';

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
  try {
    return comparable(request, { ok: true, value: parsePlayerFile(request.kind, request.path) });
  } catch (error) {
    return { ok: false, reason: readErrorReason(error) };
  }
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
    const { data } = (stats as { value: PackedStats }).value;
    assert.equal(sharedStrings.at(data[1]!), 'minecraft:custom');
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

  it('parses a crashed worker\'s batch here, losing nothing', async () => {
    // Ready, then dies on the first batch it is handed.
    const script = join(dir, 'crashes.mjs');
    await writeFile(
      script,
      "import { parentPort } from 'node:worker_threads';\n" +
        "parentPort.on('message', () => { throw new Error('worker crashed'); });\n" +
        'parentPort.postMessage({ strings: [], outcomes: null });\n',
    );
    const outcomes = await parseInWorkers(requests, { threads: 2, workerScript: pathToFileURL(script) });
    assert.ok(outcomes !== null);
    assert.deepEqual(outcomes.map((outcome, i) => comparable(requests[i]!, outcome)), await Promise.all(requests.map(inline)));
  });
});
