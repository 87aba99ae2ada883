import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ACTIVITY_PERIODS, ACTIVITY_SORTS, activePlayers, addPull, playerActivity, serverActivity, visibleRecord } from '@blockstats/core';
import { createRouter } from '../src/router/createRouter.js';
import { prepareShared } from '../src/router/prepareShared.js';
import { recordAsOf } from '../src/router/recordAsOf.js';
import { activePlayersPage, sharedActivePlayers, sharedServerActivity, sharedWeekRanks } from '../src/router/recordDerived.js';
import type { RouterOptions } from '../src/router/RouterOptions.js';
import { fixtureRecord, fixtureSnapshot, NOW, uuids } from './fixture.js';

const pause = () => Promise.resolve();

/** What a visitor meets first after a pull: pages and API answers read from the record. */
const TARGETS = [
  ['/v1/events', 'application/json'],
  ['/v1/events?active=true', 'application/json'],
  ['/v1/activity', 'application/json'],
  ['/v1/activity/players', 'application/json'],
  ['/v1/activity/players?period=30d&sort=deaths&limit=1&offset=1', 'application/json'],
  ['/v1/activity/players?period=all&sort=sessions', 'application/json'],
  ['/', 'text/html'],
  ['/activity', 'text/html'],
  ['/events', 'text/html'],
  [`/v1/players/${uuids.alex}/activity`, 'application/json'],
  ['/players/Alex', 'text/html'],
  ['/players', 'text/html'],
  ['/v1/players?sort=name', 'application/json'],
] as const;

/** A router over its own fixture world (its own record and snapshot: nothing shared with another). */
function world(overrides: Partial<RouterOptions> = {}) {
  const snapshot = fixtureSnapshot();
  const record = fixtureRecord();
  const options: RouterOptions = { snapshot: () => snapshot, record: () => record, clock: () => NOW, random: () => 0.5, rateLimit: false, onError: (error) => { throw error; }, ...overrides };
  const router = createRouter(options);
  const answers = async () => {
    const out: string[] = [];
    for (const [path, accept] of TARGETS) {
      const response = await router.fetch(new Request(`http://stats.test${path}`, { headers: { accept } }), { remoteAddress: '198.51.100.20' });
      out.push(`${path} ${response.status} ${response.headers.get('etag')}\n${await response.text()}`);
    }
    return out;
  };
  return { snapshot, record, options, answers };
}

describe('record-derived answers computed once per state of the record', () => {
  it('equal the core functions they replace, for every period, sort and page', () => {
    const { snapshot, record } = world();
    const now = recordAsOf(record, NOW);
    const view = visibleRecord(record, snapshot);
    assert.deepEqual(sharedServerActivity(snapshot, record, now), serverActivity(view, { now, timeZone: snapshot.config.time_zone }));
    const names = Object.fromEntries(snapshot.players.map((p) => [p.uuid, p.name]));
    for (const period of ACTIVITY_PERIODS) {
      for (const sort of ACTIVITY_SORTS) {
        for (const [offset, limit] of [[0, 50], [1, 1], [2, 5], [9, 3]] as const) {
          assert.deepEqual(activePlayersPage(snapshot, record, now, { period, sort, offset, limit }), activePlayers(view, { now, period, sort, offset, limit, names }), `${period} ${sort} ${offset} ${limit}`);
        }
      }
    }
  });

  it("give every profile the rank this week that playerActivity computes alone", () => {
    const { snapshot, record } = world();
    const now = recordAsOf(record, NOW);
    const view = visibleRecord(record, snapshot);
    const options = { now, timeZone: snapshot.config.time_zone, names: Object.fromEntries(snapshot.players.map((p) => [p.uuid, p.name])) };
    const ranks = sharedWeekRanks(snapshot, record, now);
    assert.ok(ranks.size > 0);
    for (const player of [...snapshot.players.map((p) => p.uuid), 'not-recorded']) {
      assert.deepEqual(playerActivity(view, player, { ...options, weekRanks: ranks }), playerActivity(view, player, options), player);
    }
  });

  it('are computed once, and again after the next pull', () => {
    const { snapshot, record } = world();
    const now = recordAsOf(record, NOW);
    const first = sharedActivePlayers(snapshot, record, now, '7d', 'minutes');
    assert.equal(sharedActivePlayers(snapshot, record, now, '7d', 'minutes'), first);
    // A pull later Alex played 15 more minutes: the next answer says so.
    const last = record.times.at(-1)!;
    const alex = record.players[uuids.alex]!;
    const counters = { [uuids.alex]: { play_time: alex.play_time!.values.at(-1)! + 72_000 / 4, deaths: alex.deaths!.values.at(-1)! } };
    addPull(record, { at: last + 15 * 60_000, counters, online: 1 });
    const later = recordAsOf(record, last + 15 * 60_000);
    const after = sharedActivePlayers(snapshot, record, later, '7d', 'minutes');
    assert.notEqual(after, first);
    assert.deepEqual(after, activePlayers(visibleRecord(record, snapshot), { now: later, period: '7d', sort: 'minutes', names: Object.fromEntries(snapshot.players.map((p) => [p.uuid, p.name])) }));
  });
});

describe('prepareShared', () => {
  it('leaves every answer byte-identical to a router that never ran it', async () => {
    const cold = world();
    const prepared = world();
    await prepareShared(prepared.options, pause);
    assert.deepEqual(await prepared.answers(), await cold.answers());
  });

  it("resolves to each step's time, by the timer given", async () => {
    const { options } = world();
    let ticks = 0;
    // Every reading of the timer one tick later: each step measures 1.
    const times = await prepareShared(options, pause, undefined, () => ticks++);
    // No stat history: no crowns; three periods of active players.
    assert.deepEqual(times, { names: 1, player_order: 1, crowns: 0, events: 1, activity: 1, week_ranks: 1, active_players: 3, snapshot_tables: 1 });
  });

  it('has computed the shared answers before the first request', async () => {
    const { snapshot, record, options } = world();
    await prepareShared(options, pause);
    const now = recordAsOf(record, NOW);
    const computed = sharedActivePlayers(snapshot, record, now, '30d', 'minutes');
    // The same object: the request path finds it instead of computing it.
    assert.equal(sharedActivePlayers(snapshot, record, now, '30d', 'minutes'), computed);
    assert.deepEqual(computed.items.map((e) => e.uuid).sort(), [uuids.alex, uuids.pocket, uuids.steve].sort());
  });

  it('never rejects: a failing record is reported, and the answers are the same as without it', async () => {
    const cold = world();
    let failing = true;
    const broken = world();
    const errors: unknown[] = [];
    const sources = { ...broken.options, record: () => {
      if (failing) throw new Error('record unreadable');
      return broken.record;
    } };
    await prepareShared(sources, pause, (error) => errors.push(error));
    assert.equal(errors.length, 1);
    assert.match(String(errors[0]), /record unreadable/);
    failing = false;
    assert.deepEqual(await broken.answers(), await cold.answers());
  });

  it('skips a view without a snapshot or a record, and each server of a network', async () => {
    const errors: unknown[] = [];
    await prepareShared({ snapshot: () => null, record: () => null, clock: () => NOW }, pause, (error) => errors.push(error));
    const server = world();
    await prepareShared({ snapshot: () => null, clock: () => NOW, servers: [{ id: 'one', name: 'One', snapshot: server.options.snapshot, record: server.options.record! }] }, pause, (error) => errors.push(error));
    assert.deepEqual(errors, []);
    const now = recordAsOf(server.record, NOW);
    const computed = sharedServerActivity(server.snapshot, server.record, now);
    assert.equal(sharedServerActivity(server.snapshot, server.record, now), computed);
  });
});
