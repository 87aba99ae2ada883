import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  activePlayers,
  playerActivity,
  populationHistory,
  pullCounters,
  serverActivity,
  weeklyEvents,
  type ActivityRecord,
  type SaveData,
} from '../packages/core/src/index.js';
import { loadRecord, readSave } from '../packages/core/src/node.js';
import { DEFAULT_EVENT_POOL } from '../packages/server/src/reference/defaultEventPool.js';
import { generateDemoServer } from './demo/generate.js';
import { generateDemoRecord, type DemoRecordSummary } from './generate-demo-record.js';

const Q = 15 * 60_000;
const DAY = 86_400_000;
const root = mkdtempSync(join(tmpdir(), 'demo-record-test-'));
const server = join(root, 'server');
after(() => rmSync(root, { recursive: true, force: true }));

let save: SaveData;
let record: ActivityRecord;
let summary: DemoRecordSummary;
let end: number;

before(async () => {
  generateDemoServer({ out: server, players: 60, seed: 'record-test', now: Date.parse('2026-11-16T12:00:00Z') });
  save = await readSave(server);
  summary = await generateDemoRecord({ server, data: join(root, 'data') });
  ({ record } = await loadRecord(join(root, 'data')));
  end = record.times.at(-1)!;
});

describe('generateDemoRecord({ server, data })', () => {
  test('45 days of pulls every 15 minutes, ending at the quarter hour after the newest last_online', () => {
    const newest = Math.max(...save.players.map((p) => p.lastOnline ?? 0));
    assert.equal(end, Math.ceil(newest / Q) * Q);
    assert.equal(record.recordingSince, end - 45 * DAY);
    const gaps = record.times.slice(1).map((t, i) => t - record.times[i]!);
    assert.equal(gaps.filter((g) => g !== Q).length, 1, 'one outage of the recorder');
    assert.equal(gaps.find((g) => g !== Q), 3 * 3_600_000 + Q);
    assert.equal(summary.pulls, record.times.length);
  });

  test('the last pull holds exactly the save\'s play time and deaths; no value exceeds the save\'s', () => {
    const finals = pullCounters(save.players, DEFAULT_EVENT_POOL);
    const running = weeklyEvents(record, { now: end, pool: DEFAULT_EVENT_POOL })[0]!.stat;
    for (const player of save.players) {
      const track = record.players[player.uuid];
      assert.ok(track, `${player.name} is in the record`);
      for (const [name, series] of Object.entries(track)) {
        // Event stats are recorded in their own week only, so their last value may be older.
        if (name === 'play_time' || name === 'deaths') assert.equal(series.values.at(-1), finals[player.uuid]![name], `${player.name} ${name}`);
        else if (name === running) assert.equal(series.values.at(-1), finals[player.uuid]![name], `${player.name} ${name} (this week's event)`);
        else assert.ok(series.values.at(-1)! <= finals[player.uuid]![name]!, `${player.name} ${name}`);
        for (let k = 1; k < series.values.length; k++) assert.ok(series.values[k]! >= series.values[k - 1]!, 'counters only grow');
      }
    }
  });

  test('nobody plays after their last_online, and a player who joined during the period appears when they joined', () => {
    let joined = 0;
    for (const player of save.players) {
      const { pulls, values } = record.players[player.uuid]!.play_time!;
      const lastRise = pulls.filter((_, k) => k > 0 && values[k]! > values[k - 1]!).at(-1);
      if (lastRise !== undefined) assert.ok(record.times[lastRise - 1]! < player.lastOnline!, `${player.name} played before last_online`);
      if (player.firstPlayed !== null && player.firstPlayed > record.recordingSince!) {
        joined++;
        assert.ok(record.times[pulls[0]!]! > player.firstPlayed, `${player.name} appears after joining`);
        assert.ok(values[0]! <= 20 * 60 * 20, `${player.name} first shows at most one window of play`);
      }
    }
    assert.equal(joined, summary.newPlayers);
    assert.ok(joined > 0);
  });

  test('every activity, history and event function has real data to show', () => {
    const now = end;
    const week = activePlayers(record, { now, period: '7d' });
    assert.ok(week.total >= 5, `${week.total} players active in the last 7 days`);
    const top = playerActivity(record, week.items[0]!.uuid, { now });
    assert.equal(top.active, true);
    assert.ok(top.all_time.sessions > top.last_7_days.sessions);
    const activity = serverActivity(record, { now });
    assert.equal(activity.daily.length, 30);
    const hours = activity.hour_of_day.map((h) => h.average_players ?? 0);
    assert.ok(Math.max(...hours.slice(17, 23)) > Math.max(...hours.slice(2, 7)), 'evenings are busier than nights');
    const raw = populationHistory(record, { now, resolution: 'raw' });
    assert.equal(raw.total, 2 * 96);
    const daily = populationHistory(record, { now, resolution: 'daily' });
    assert.ok(daily.series.some((b) => 'offline_samples' in b && b.offline_samples > 0), 'some pings failed');
    assert.ok(daily.peak !== null && daily.peak.online > 1);
    const events = weeklyEvents(record, { now, pool: DEFAULT_EVENT_POOL });
    assert.ok(events.length >= 7);
    assert.equal(events[0]!.state, 'running');
    assert.ok(events.filter((e) => e.state === 'finished').every((e) => e.leader !== null), 'every finished event has a winner');
  });

  test('the same save gives the same bytes; an existing record is never overwritten', async () => {
    const again = join(root, 'again');
    await generateDemoRecord({ server, data: again });
    const files = readdirSync(join(root, 'data', 'record')).filter((f) => f.endsWith('.jsonl'));
    for (const f of files) {
      assert.ok(readFileSync(join(again, 'record', f)).equals(readFileSync(join(root, 'data', 'record', f))), f);
    }
    await assert.rejects(generateDemoRecord({ server, data: again }), /already exists/);
  });

  test('the command line: --if-missing leaves a record alone; bad options exit 2 with usage', () => {
    const script = fileURLToPath(new URL('generate-demo-record.ts', import.meta.url));
    const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { encoding: 'utf8' });
    const kept = run('--server', server, '--data', join(root, 'data'), '--if-missing');
    assert.equal(kept.status, 0, kept.stderr);
    assert.match(kept.stdout, /already holds a record; leaving it alone/);
    const bad = run('--days', 'ten');
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--days must be a whole number[\s\S]*Usage:/);
  });

  test('the command line: --if-missing generates again the record of another demo (the server generated for a later "now")', async () => {
    const later = join(root, 'server-later');
    generateDemoServer({ out: later, players: 60, seed: 'record-test', now: Date.parse('2026-11-19T12:00:00Z') });
    const data = join(root, 'data-moved');
    cpSync(join(root, 'data', 'record'), join(data, 'record'), { recursive: true });
    const script = fileURLToPath(new URL('generate-demo-record.ts', import.meta.url));
    const moved = spawnSync(process.execPath, ['--import', 'tsx', script, '--server', later, '--data', data, '--history-days', '0', '--if-missing'], { encoding: 'utf8' });
    assert.equal(moved.status, 0, moved.stderr);
    assert.match(moved.stdout, /holds the record of another demo \(from 2026-10-02T/);
    const { record: again } = await loadRecord(data);
    const newest = Math.max(...(await readSave(later)).players.map((p) => p.lastOnline ?? 0));
    assert.equal(again.times.at(-1), Math.ceil(newest / Q) * Q);
    assert.equal(again.times[0], again.times.at(-1)! - 45 * DAY);
  });
});
