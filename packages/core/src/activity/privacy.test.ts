/**
 * SPEC privacy rule: "only totals are published … Per-session start and end times are never
 * served by any endpoint" (DECISIONS 15). Every derived output is serialised and searched for
 * the start or end of any session, in any form (ISO string or epoch number).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildRecord, DAY, type Step } from '../../test/record-builder.js';
import { weeklyEvents } from '../events/weekly-events.js';
import { populationHistory } from '../history/population-history.js';
import { ACTIVITY_PERIODS, ACTIVITY_SORTS, activePlayers } from './active-players.js';
import { localCalendar } from './local-calendar.js';
import { playerActivity } from './player-activity.js';
import { serverActivity } from './server-activity.js';

const players = ['00000000-0000-0000-0000-00000000000a', '00000000-0000-0000-0000-00000000000b', '00000000-0000-0000-0000-00000000000c'];
const zone = 'Europe/Berlin';
// Over ten days, each player has one or two sessions a day that start at :15 and end at :30 or
// :45 (never on an hour), with deaths and jumps; one ping fails.
const start = Date.parse('2026-11-06T08:00:00Z');
const steps: Step[] = Array.from({ length: 10 * 96 }, (_, i) => ({ online: i === 500 ? null : 0 }));
for (let day = 0; day < 10; day++) {
  for (const [p, uuid] of players.entries()) {
    for (const hour of day % 3 === 0 ? [1 + 2 * p] : [1 + 2 * p, 9 + p]) {
      const first = day * 96 + hour * 4 + 1; // the pull at :15 opens the session's first window
      const length = 1 + ((day + p) % 2);
      for (let w = 1; w <= length; w++) {
        const step = steps[first + w - 1]!; // steps[i] is the window ending at pull i + 1
        step.play = { ...step.play, [uuid]: 15 };
        step.gain = { ...step.gain, [uuid]: { jump: 10 * (p + 1) } };
        if (w === 1) step.die = { ...step.die, [uuid]: 1 };
      }
    }
  }
}
const record = buildRecord(start, Object.fromEntries(players.map((u) => [u, { jump: 0 }])), steps);
const now = record.times.at(-1)! + 7 * 60_000; // between pulls: no period edge is a pull time

/** Every pull time at which some player's session started or ended. */
function sessionEdges(): Set<number> {
  const edges = new Set<number>();
  for (const track of Object.values(record.players)) {
    const { pulls, values } = track.play_time!;
    let previousOnline = -2;
    for (let k = 1; k < pulls.length; k++) {
      if (values[k]! <= values[k - 1]!) continue;
      const pull = pulls[k]!;
      if (previousOnline !== pull - 1) {
        edges.add(record.times[pull - 1]!); // session start
        if (previousOnline >= 0) edges.add(record.times[previousOnline]!); // previous session's end
      }
      previousOnline = pull;
    }
    if (previousOnline >= 0) edges.add(record.times[previousOnline]!);
  }
  return edges;
}

/** Every timestamp in a JSON value: ISO strings and epoch-millisecond numbers. */
function timestamps(value: unknown, out: number[] = []): number[] {
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value)) out.push(Date.parse(value));
  else if (typeof value === 'number' && value > 1e12) out.push(value);
  else if (Array.isArray(value)) for (const v of value) timestamps(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) timestamps(v, out);
  return out;
}

describe('privacy: no derived output contains per-session times', () => {
  const edges = sessionEdges();
  const calendar = localCalendar(zone);

  test('the fixture has sessions whose edges are not hour boundaries', () => {
    assert.ok(edges.size > 50);
    for (const t of edges) assert.notEqual(calendar.startOfHour(t), t);
  });

  const perPlayer: Array<[string, unknown]> = [
    ...players.map((u): [string, unknown] => [`playerActivity ${u}`, playerActivity(record, u, { now, timeZone: zone })]),
    ...ACTIVITY_PERIODS.flatMap((period) => ACTIVITY_SORTS.map((sort): [string, unknown] => [
      `activePlayers ${period} ${sort}`, activePlayers(record, { now, period, sort }),
    ])),
    ['weeklyEvents', weeklyEvents(record, { now, timeZone: zone, pool: ['jump'] })],
    ['serverActivity', serverActivity(record, { now, timeZone: zone })],
  ];
  for (const [name, output] of perPlayer) {
    test(`${name}: totals only; its only times are period, bucket and week boundaries`, () => {
      const allowed = (t: number) =>
        t === record.recordingSince || t === now - 7 * DAY || t === now - 30 * DAY
        || calendar.startOfHour(t) === t;
      for (const t of timestamps(output)) {
        assert.ok(!edges.has(t), `${name} contains a session edge ${new Date(t).toISOString()}`);
        assert.ok(allowed(t), `${name} contains an unexpected time ${new Date(t).toISOString()}`);
      }
      const text = JSON.stringify(output);
      assert.doesNotMatch(text, /"(session_start|session_end|last_seen|started|ended|first_window|last_window)/);
    });
  }

  for (const resolution of ['raw', 'hourly', 'daily'] as const) {
    test(`populationHistory ${resolution}: server-wide samples only, no player in it`, () => {
      const output = populationHistory(record, { now, timeZone: zone, resolution });
      const text = JSON.stringify(output);
      for (const uuid of players) assert.ok(!text.includes(uuid));
      if (resolution !== 'raw') {
        for (const t of timestamps(output.series)) assert.equal(calendar.startOfHour(t), t);
      }
    });
  }
});
