import assert from 'node:assert/strict';
import { appendFileSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { periodLeaderboard, periodTotals, resolvePeriod, weeklySeries } from '../packages/core/src/index.js';
import { openStatHistory } from '../packages/core/src/node.js';
import { demoHistoryFixture } from './demoHistoryFixture.js';

const DAYS = 120;
const STATS = ['play_time', 'jump', 'walk_one_cm', 'mined_total', 'deaths'];

// gains: the truth from the daily files alone, gains[day][uuid][stat] (each day's end against the
// day before, or the first reading; a value that went down is a new start).
const { dir, summary, log, snapshot, gains } = await demoHistoryFixture('history', { days: DAYS, players: 12 }, STATS);
after(() => rmSync(dir, { recursive: true, force: true }));

/** The board computed from the daily files alone. */
function expectedBoard(stat: string, first: number, last: number): Array<{ uuid: string; value: number; rank: number }> {
  const sums = new Map<string, number>();
  for (let d = first; d <= last; d++) {
    for (const [uuid, g] of Object.entries(gains.get(d) ?? {})) sums.set(uuid, (sums.get(uuid) ?? 0) + g[stat]!);
  }
  const ranked = new Set(snapshot.players.filter((p) => p.ranked).map((p) => p.uuid));
  const rows = [...sums].filter(([uuid, v]) => v > 0 && ranked.has(uuid)).map(([uuid, value]) => ({ uuid, value, name: summary.names[uuid]! }));
  rows.sort((a, b) => b.value - a.value || (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1));
  const ranks: number[] = [];
  rows.forEach((r, i) => ranks.push(i > 0 && rows[i - 1]!.value === r.value ? ranks[i - 1]! : i + 1));
  return rows.map((r, i) => ({ uuid: r.uuid, value: r.value, rank: ranks[i]! }));
}

describe('generateDemoHistory: period boards against the daily files', () => {
  test('the history opens without warnings, from the first generated day to the last (in progress)', () => {
    assert.deepEqual(log.warnings, []);
    assert.equal(log.history.firstDay, summary.firstDay);
    assert.equal(log.history.lastDay, summary.lastDay);
  });

  const periods = ['week', 'month', 'year', 'last_week', 'last_month', '7d', '30d', '2026-W40', '2026-10'];
  for (const period of periods) {
    for (const stat of ['jump', 'play_time', 'walk_one_cm']) {
      test(`periodLeaderboard ${stat} ${period}: values, ranks and rank changes`, () => {
        const { first, last } = resolvePeriod(period, summary.lastDay);
        const board = periodLeaderboard(snapshot, [log.history], stat, { period, limit: Infinity })!;
        const expected = expectedBoard(stat, first, last);
        assert.deepEqual(board.items.map((e) => [e.player.uuid, e.value, e.rank]), expected.map((e) => [e.uuid, e.value, e.rank]));
        const before = last > first ? expectedBoard(stat, first, last - 1) : [];
        for (const entry of board.items) {
          const was = before.find((e) => e.uuid === entry.player.uuid)?.rank ?? null;
          assert.equal(entry.previous_rank, was, entry.player.name ?? '');
          assert.equal(entry.rank_change, was === null ? null : was - entry.rank);
        }
        assert.ok(board.items.every((e) => e.player.uuid !== summary.hidden), 'the hidden player is on no period board');
      });
    }
  }

  test('a counter that went down is a new start: no negative gain, the rest of the day counts', () => {
    const { uuid, day } = summary.reset;
    const board = periodLeaderboard(snapshot, [log.history], 'jump', { period: '2026-08', limit: Infinity });
    assert.ok(board);
    assert.equal(gains.get(day)![uuid]!.jump, 0);
    assert.ok(log.history.resets.count >= 1);
    assert.equal(log.history.resets.latest.find((r) => r.uuid === uuid)?.stat, 'jump');
  });

  test('a player who joins mid-month counts from their first reading', () => {
    const { uuid, day } = summary.newcomer;
    const month = periodLeaderboard(snapshot, [log.history], 'play_time', { period: new Date(day * 86_400_000).toISOString().slice(0, 7), limit: Infinity })!;
    const entry = month.items.find((e) => e.player.uuid === uuid);
    const expected = expectedBoard('play_time', resolvePeriod(new Date(day * 86_400_000).toISOString().slice(0, 7), 0).first, resolvePeriod(new Date(day * 86_400_000).toISOString().slice(0, 7), 0).last).find((e) => e.uuid === uuid);
    assert.equal(entry?.value, expected?.value);
    const earlier = periodLeaderboard(snapshot, [log.history], 'play_time', { period: '30d', newcomers: true, limit: Infinity })!;
    assert.ok(earlier.items.every((e) => e.previous_rank === null));
  });

  test('weeklySeries: weekly sums of the daily gains, zeros included, none before recording', () => {
    const uuid = summary.newcomer.uuid;
    const series = weeklySeries(snapshot, [log.history], uuid, 'jump')!;
    const monday0 = summary.firstDay - ((summary.firstDay + 3) % 7);
    assert.equal(series.length, Math.floor((summary.lastDay - monday0) / 7) + 1);
    series.forEach((point, w) => {
      let sum = 0;
      for (let d = monday0 + w * 7; d < monday0 + w * 7 + 7; d++) sum += gains.get(d)?.[uuid]?.jump ?? 0;
      assert.equal(point.value, sum, point.week);
    });
  });

  test('periodTotals: sums over ranked players', () => {
    const page = periodTotals(snapshot, [log.history], { period: '30d', search: 'jump' });
    const jump = page.items.find((t) => t.id === 'jump')!;
    const { first, last } = resolvePeriod('30d', summary.lastDay);
    assert.equal(jump.total.value, expectedBoard('jump', first, last).reduce((n, e) => n + e.value, 0));
  });

  test('the restart mid-day lost nothing: that day matches the daily files', () => {
    const board = periodLeaderboard(snapshot, [log.history], 'jump', { period: new Date(summary.restartDay * 86_400_000).toISOString().slice(0, 7), limit: Infinity })!;
    const month = resolvePeriod(new Date(summary.restartDay * 86_400_000).toISOString().slice(0, 7), 0);
    assert.deepEqual(board.items.map((e) => e.value), expectedBoard('jump', month.first, month.last).map((e) => e.value));
  });

  test('an invalid period is a QueryError naming period', () => {
    for (const bad of ['fortnight', '2026-W60', '2026-13', '']) {
      assert.throws(() => periodLeaderboard(snapshot, [log.history], 'jump', { period: bad }), (e: Error & { parameter?: string }) => e.name === 'QueryError' && e.parameter === 'period', bad);
    }
  });

  test('a torn last frame is dropped and reported, never misread; a damaged frame is skipped', async () => {
    const files = readdirSync(join(dir, 'history')).filter((f) => f.startsWith('history-')).sort();
    const last = join(dir, 'history', files.at(-1)!);
    appendFileSync(last, Uint8Array.of(200, 1, 0, 0, 7, 7, 7, 7, 1, 2, 3));
    const torn = await openStatHistory(dir);
    assert.match(torn.warnings.map((w) => w.reason).join('\n'), /torn last frame \(11 bytes/);
    const a = periodLeaderboard(snapshot, [torn.history], 'jump', { period: 'year', limit: Infinity })!;
    const b = periodLeaderboard(snapshot, [log.history], 'jump', { period: 'year', limit: Infinity })!;
    assert.deepEqual(a.items, b.items);
    // A flipped byte inside an earlier file's frame: its checksum fails and that day is skipped.
    const bytes = readFileSync(join(dir, 'history', files[0]!));
    bytes[bytes.length - 3] = bytes[bytes.length - 3]! ^ 0xff;
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dir, 'history', files[0]!), bytes);
    const damaged = await openStatHistory(dir);
    assert.match(damaged.warnings.map((w) => w.reason).join('\n'), /fails its checksum/);
  });
});
