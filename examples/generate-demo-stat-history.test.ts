import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { hasStatsReading, serverDay, serverDayDate, statCatalogue, type SaveData } from '../packages/core/src/index.js';
import { openStatHistory, readSave } from '../packages/core/src/node.js';
import { statRows } from '../packages/core/src/snapshot/player-stat-row.js';
import { createReferenceServer } from '../packages/server/src/reference/createReferenceServer.js';
import { generateDemoServer } from './demo/generate.js';
import { demoRecordEnd } from './demo-record-end.js';
import { generateDemoStatHistory, type DemoStatHistorySummary } from './generate-demo-stat-history.js';

const DAY = 86_400_000;
const root = mkdtempSync(join(tmpdir(), 'demo-stat-history-test-'));
const server = join(root, 'server');
const data = join(root, 'data');
after(() => rmSync(root, { recursive: true, force: true }));

let save: SaveData;
let summary: DemoStatHistorySummary;
let end: number;

before(async () => {
  generateDemoServer({ out: server, players: 60, seed: 'stat-history-test', now: Date.parse('2026-11-16T12:00:00Z') });
  save = await readSave(server);
  end = demoRecordEnd(save.players);
  summary = await generateDemoStatHistory({ server, data, save });
});

interface Board {
  data: Array<{ value: number; player: { uuid: string } }>;
  meta: { period?: { from: string; to: string; recording_since?: string } };
}

describe('generateDemoStatHistory (the demo server\'s stat history)', () => {
  test('180 days ending on the day of the demo record\'s last pull; players join during it', () => {
    assert.equal(summary.lastDay, serverDayDate(serverDay(end, 'UTC')));
    assert.equal(Date.parse(summary.lastDay) - Date.parse(summary.firstDay), 179 * DAY);
    assert.equal(summary.players, save.players.length);
    assert.ok(summary.joined > 0 && summary.joined < summary.players, `${summary.joined} of ${summary.players} joined`);
  });

  test('its last values are the save\'s, for every player and every statistic', async () => {
    const { history } = await openStatHistory(data);
    assert.equal(history.lastDay === null ? null : serverDayDate(history.lastDay), summary.lastDay);
    assert.deepEqual(history.stats, statCatalogue.map((s) => s.id));
    const rowOf = statRows(statCatalogue);
    const readings = save.players.filter(hasStatsReading);
    assert.ok(readings.length > 50);
    for (const player of readings) {
      const row = rowOf(player);
      assert.ok(history.playerOf(player.uuid) !== undefined, `${player.name} is in the history`);
      // `read` says whether the reading differs from the player's latest values in any column.
      assert.equal(history.read(history.lastDay!, player.uuid, row), false, `${player.name}'s last values are their save's`);
    }
  });

  test('/v1/stats/jump?period=year agrees with the all-time board: newcomers gained all of theirs, the others part', async () => {
    const ref = createReferenceServer(
      { server_dir: server, data_dir: data, modrinth: { enabled: false }, skins: { enabled: false } },
      { clock: () => end + 15 * 60_000 }, // the demo clock's start
    );
    await ref.start();
    assert.equal((await ref.pull()).ok, true);
    const get = async (path: string) => (await (await ref.fetch(new Request(`http://x${path}`))).json()) as Board;
    const year = await get('/v1/stats/jump?period=year&limit=100');
    const allTime = await get('/v1/stats/jump?limit=100');
    await ref.close();
    assert.equal(year.meta.period?.recording_since, summary.firstDay);
    assert.equal(year.meta.period?.to, summary.lastDay);
    const total = new Map(allTime.data.map((e) => [e.player.uuid, e.value]));
    const firstDay = Date.parse(summary.firstDay);
    const byUuid = new Map(save.players.map((p) => [p.uuid, p]));
    let newcomers = 0;
    for (const e of year.data) {
      const player = byUuid.get(e.player.uuid)!;
      const all = total.get(e.player.uuid);
      assert.ok(all !== undefined && e.value > 0 && e.value <= all, `${player.name}: gained ${e.value} of ${all}`);
      if (player.firstPlayed != null && player.firstPlayed >= firstDay) {
        assert.equal(e.value, all, `${player.name} joined during the history: the year's gain is all they have`);
        newcomers++;
      }
    }
    assert.ok(newcomers > 0);
    // Every newcomer with a jump is on the year's board.
    const joinedWithJumps = save.players.filter((p) => p.firstPlayed != null && p.firstPlayed >= firstDay && (total.get(p.uuid) ?? 0) > 0);
    assert.equal(newcomers, joinedWithJumps.length);
    assert.ok(year.data.length > allTime.data.length / 2, `${year.data.length} of ${allTime.data.length} jumped this year`);
  });

  test('same save and options, same bytes; a second run refuses to rewrite the history', async () => {
    const again = join(root, 'again');
    await generateDemoStatHistory({ server, data: again, save });
    const files = readdirSync(join(data, 'history')).sort();
    assert.deepEqual(readdirSync(join(again, 'history')).sort(), files);
    for (const f of files) assert.ok(readFileSync(join(again, 'history', f)).equals(readFileSync(join(data, 'history', f))), f);
    await assert.rejects(generateDemoStatHistory({ server, data: again, save }), /already exists/);
  });

  test('generate-demo-record.ts writes it beside the record; --if-missing adds only what is missing', () => {
    const script = fileURLToPath(new URL('generate-demo-record.ts', import.meta.url));
    const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { encoding: 'utf8' });
    const both = join(root, 'both');
    const first = run('--server', server, '--data', both, '--history-days', '30');
    assert.equal(first.status, 0, first.stderr);
    assert.ok(existsSync(join(both, 'record')) && existsSync(join(both, 'history', 'today.bin')));
    rmSync(join(both, 'history'), { recursive: true });
    const added = run('--server', server, '--data', both, '--history-days', '30', '--if-missing');
    assert.equal(added.status, 0, added.stderr);
    assert.match(added.stdout, /already holds a record; leaving it alone[\s\S]*wrote the stat history from/);
    const kept = run('--server', server, '--data', both, '--if-missing');
    assert.doesNotMatch(kept.stdout, /wrote/);
    const bad = run('--history-days', 'all');
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--history-days must be a whole number[\s\S]*Usage:/);
  });
});
