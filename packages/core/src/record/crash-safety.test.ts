import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadRecord } from './load-record.js';
import { openRecord } from './open-record.js';
import { recordPull } from './record-pull.js';

const Q = 15 * 60_000;
const T0 = Date.parse('2026-11-01T00:00:00Z');
const PLAYERS = 2000;
const KILL_AT = 12;

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * The writer: every pull changes every player, so each append is a large line (~60 KB) whose
 * encoding, write and fsync take a while. It announces a pull before appending it and confirms
 * it once `recordPull` resolved (flushed to disk); the test kills it on an announcement.
 */
const writerScript = (here: string) => `
import { openRecord } from ${JSON.stringify(pathToFileURL(join(here, 'open-record.ts')).href)};
import { recordPull } from ${JSON.stringify(pathToFileURL(join(here, 'record-pull.ts')).href)};
const [dataDir] = process.argv.slice(2);
const log = await openRecord(dataDir);
const uuid = (i) => '00000000-0000-4000-8000-' + String(i).padStart(12, '0');
for (let n = 0; ; n++) {
  const counters = {};
  for (let i = 0; i < ${PLAYERS}; i++) counters[uuid(i)] = { play_time: n * 18000 + i, deaths: n, jump: n * 7 + i };
  process.stdout.write('appending ' + n + '\\n');
  await recordPull(log, { at: ${T0} + n * ${Q}, online: n % 5, counters });
  process.stdout.write('done ' + n + '\\n');
}
`;

describe('crash safety', () => {
  test('a writer killed with SIGKILL in the middle of appending loses at most the in-flight pull', async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'blockstats-crash-'));
    dirs.push(dir);
    const script = join(dir, 'writer.mjs');
    writeFileSync(script, writerScript(fileURLToPath(new URL('.', import.meta.url))));
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', script, dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));

    let lastDone = -1;
    let inFlight = -1;
    const exit = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk;
      let newline: number;
      while ((newline = buffered.indexOf('\n')) !== -1) {
        const [word, n] = buffered.slice(0, newline).split(' ');
        buffered = buffered.slice(newline + 1);
        if (word === 'done') lastDone = Number(n);
        if (word === 'appending') {
          inFlight = Number(n);
          if (inFlight === KILL_AT) child.kill('SIGKILL');
        }
      }
    });
    const signal = await exit;
    assert.equal(signal, 'SIGKILL', `writer ended on its own: ${stderr}`);
    assert.ok(lastDone >= KILL_AT - 1, `every pull before the killed one was confirmed (last done ${lastDone})`);

    const { record, warnings } = await loadRecord(dir);
    const loaded = record.times.length;
    // All confirmed pulls are there; the in-flight one is either complete or gone entirely.
    assert.ok(loaded === lastDone + 1 || loaded === lastDone + 2, `loaded ${loaded} pulls, last confirmed ${lastDone}`);
    assert.deepEqual(record.times, Array.from({ length: loaded }, (_, n) => T0 + n * Q));
    assert.equal(Object.keys(record.players).length, PLAYERS);
    const last = record.players['00000000-0000-4000-8000-000000000042']!;
    assert.equal(last.play_time!.values.at(-1), (loaded - 1) * 18000 + 42);
    for (const w of warnings) assert.match(w.reason, /torn last line/);
    t.diagnostic(warnings.length > 0 ? `killed mid-line: ${warnings[0]!.reason}` : 'killed between lines');

    // The log takes the next pull (cutting off any torn tail) and stays readable.
    const log = await openRecord(dir);
    await recordPull(log, { at: T0 + loaded * Q, online: 1, counters: { '00000000-0000-4000-8000-000000000042': { play_time: 1e9, deaths: 0, jump: 0 } } });
    const again = await loadRecord(dir);
    assert.deepEqual(again.warnings, []);
    assert.equal(again.record.times.length, loaded + 1);
  });
});
