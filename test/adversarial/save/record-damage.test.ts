// Finding 9 of issue 14, at a small scale, against `blockstats serve`: a record whose lines name
// counters (and players) `toString`, `__proto__` and `constructor`, among damaged lines, loads
// with a warning per damaged line only and keeps taking pulls; a record that cannot be written
// degrades /v1/health, with the reason, until it can be again.
import assert from 'node:assert/strict';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { loadRecord } from '@blockstats/core/node';
import { cleanUp, getJson, makeServer, startServe, tempDir, until, uuid, writeConfig, type Served } from './support.js';

describe('a hostile record (finding 9)', { timeout: 60_000 }, () => {
  let served: Served | null = null;
  after(cleanUp);

  test('loads as data, keeps recording, and an unwritable record shows in health', async () => {
    const server = makeServer(3);
    const work = tempDir('record');
    const data = join(work, 'data');
    const at = Date.now() - 3_600_000;
    mkdirSync(join(data, 'record'), { recursive: true });
    const lines = [
      { format: 'blockstats-record', version: 1 },
      { t: at, o: 1, c: ['toString', '__proto__', 'constructor', 'play_time', 'deaths'], n: { 0: uuid(0), 1: '__proto__', 2: 'constructor' }, p: [0, 1, 2, 3, 72_000, 17, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2] },
    ].map((line) => JSON.stringify(line));
    lines.push('{"t": "not a time"}', 'garbage');
    writeFileSync(join(data, 'record', `record-${new Date(at).toISOString().slice(0, 7)}.jsonl`), `${lines.join('\n')}\n`);

    served = await startServe(['--server', server, '--data', data, '--config', writeConfig(work)]);
    const recorded = () => served!.lines.filter((line) => line.event === 'pull' && line.recorded === true).length;
    await until(async () => recorded(), (n) => n >= 2, 20_000);
    const warnings = served.lines.filter((line) => line.event === 'record_warning');
    assert.deepEqual(warnings.map((w) => [w.line, w.reason]), [
      [3, 'pull line lacks a valid t, o or p; skipped'],
      [4, 'line is not valid JSON; skipped'],
    ]);
    assert.equal((await getJson(`${served.url}/v1/health`)).body.data.status, 'ok');
    assert.equal((await getJson(`${served.url}/v1/players/${uuid(0)}/activity`)).status, 200);

    // The record's folder is taken by something else (a full or read-only disk fails the same way).
    renameSync(join(data, 'record'), join(data, 'record.moved'));
    writeFileSync(join(data, 'record'), 'not a folder');
    const unwritable = await until(() => getJson(`${served!.url}/v1/health`), ({ body }) => body.data.status === 'degraded');
    assert.deepEqual(unwritable.body.data.reasons.map((r: { code: string }) => r.code), ['record_unwritable']);
    assert.match(unwritable.body.data.reasons[0].detail, /could not be appended to the activity record/);
    rmSync(join(data, 'record'));
    renameSync(join(data, 'record.moved'), join(data, 'record'));
    await until(() => getJson(`${served!.url}/v1/health`), ({ body }) => body.data.status === 'ok');

    served.child.kill('SIGTERM');
    assert.deepEqual(await served.exited, { code: 0, signal: null });
    const { record } = await loadRecord(data);
    assert.deepEqual(record.players[uuid(0)]!['toString' as string]!.values, [1]);
    assert.deepEqual(Object.keys(record.players.__proto__!).sort(), ['__proto__', 'constructor', 'deaths', 'play_time', 'toString']);
    assert.ok(record.times.length >= 4, `pulls recorded after the damaged lines (${record.times.length})`);
  });
});
