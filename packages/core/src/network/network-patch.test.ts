import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { attachPacked, packAdvancements, packStats } from '../save/packed.js';
import type { PlayerSave, SaveData } from '../save/types.js';
import { buildSnapshot } from '../snapshot/build-snapshot.js';
import { custom, done, HOUR, NOW, player, save, T0, tinyStats, uuid } from '../snapshot/testing/save-fixture.js';
import { seeded } from '../snapshot/testing/seeded.js';
import type { Snapshot } from '../snapshot/types.js';
import { listPlayers } from '../queries/list-players.js';
import { snapshotIndex } from '../queries/snapshot-index.js';
import { snapshotNumbers } from '../stat-history/snapshot-numbers.js';
import { StatHistory } from '../stat-history/stat-history.js';
import { mergePlayer } from './merge-player.js';
import { mergeSaves, type NetworkMember } from './merge-saves.js';
import { serverView } from './server-view.js';

const options = { now: NOW, stats: tinyStats };

/** Person `n` on a server, as `readSave` hands it out (packed), at `version` of their files. */
function sighting(random: () => number, n: number, version: number): PlayerSave {
  const p = player({
    uuid: uuid(n),
    // Now and then renamed, or named as others are (the name index keeps the last seen).
    name: random() < 0.1 ? `Renamed${n}v${version}` : n % 7 === 0 ? (n % 2 === 0 ? 'Twin' : 'twin') : `P${n}`,
    lastOnline: NOW - Math.floor(random() * 1e8),
    stats: custom({ play_time: HOUR * (1 + Math.floor(random() * 5)), jump: Math.floor(random() * 50), deaths: Math.floor(random() * 3) }),
    advancements: random() < 0.5 ? [done('story/mine_stone', T0 + Math.floor(random() * 1e6) * 1000)] : [],
  });
  return attachPacked(p, {
    stats: packStats({ stats: p.stats, dataVersion: p.statsDataVersion, legacy: false }),
    advancements: packAdvancements({ advancements: p.advancements, dataVersion: p.advancementsDataVersion, recipes: p.recipes, skipped: 0 }),
  });
}

/** Who is on which server (most on two or more), and each server's players at version 0. */
function startingLists(random: () => number, servers: number, people: number): { on: boolean[][]; lists: PlayerSave[][] } {
  const on = Array.from({ length: servers }, () => Array.from({ length: people }, () => random() < 0.6));
  return { on, lists: on.map((members) => members.flatMap((here, n) => (here ? [sighting(random, n + 1, 0)] : []))) };
}

/** A few players' files change on each server (a newcomer now and then), the rest stay the same objects. */
function changedLists(random: () => number, lists: PlayerSave[][], on: boolean[][], people: number, pull: number): PlayerSave[][] {
  return lists.map((players, s) => {
    const next = players.map((p, i) => (random() < 0.05 ? sighting(random, Number.parseInt(p.uuid.slice(-12), 16), pull * 10 + i) : p));
    const newcomer = Math.floor(random() * people) + 1;
    if (random() < 0.3 && !next.some((p) => p.uuid === uuid(newcomer))) {
      on[s]![newcomer - 1] = true;
      next.push(sighting(random, newcomer, pull));
      next.sort((a, b) => (a.uuid < b.uuid ? -1 : 1));
    }
    return next;
  });
}

/** The player list's orders of a snapshot, as uuids: the default and by name, all and filtered. */
function orders(snapshot: Snapshot): string[][] {
  const all = { limit: Infinity };
  return [{}, { sort: 'name' as const }, { ranked: true }, { edition: 'java' as const, sort: 'name' as const }].map((params) => listPlayers(snapshot, { ...all, ...params }).items.map((p) => p.uuid));
}

/** The same players as plain new objects: a build of them shares nothing with an earlier one (a build from scratch). */
const fresh = (s: SaveData): SaveData => ({ ...s, players: s.players.map((p) => ({ ...p, stats: p.stats, advancements: p.advancements })) });

describe('a network pull patching the last one', () => {
  it('builds the network and every view equal to builds from scratch, keeping the unchanged players (randomised)', () => {
    const random = seeded(38);
    const servers = 4;
    const people = 60;
    const start = startingLists(random, servers, people);
    const on = start.on;
    let lists = start.lists;
    let network: Snapshot | null = null;
    const views = new Map<string, Snapshot>();
    const viewSaves = new Map<string, SaveData>();
    for (let pull = 1; pull <= 6; pull++) {
      const members: NetworkMember[] = lists.map((players, s) => ({ id: `s${s + 1}`, save: save(players) }));
      const merged = mergeSaves(members);
      const plain = mergeSaves(members.map((m) => ({ id: m.id, save: fresh(m.save) })));
      assert.deepEqual(merged.players.map((p) => ({ ...p })), plain.players.map((p) => ({ ...p })), `pull ${pull}: merge`);
      const patched = buildSnapshot(merged, { ...options, previous: network });
      assert.deepEqual(patched, buildSnapshot(fresh(merged), options), `pull ${pull}: network`);
      if (network !== null) assert.ok(patched.players.some((p, i) => p === network!.players[i]), `pull ${pull}: unchanged players kept`);
      network = patched;
      for (const member of members) {
        // The view's players patched from the last view's: the very objects a view made anew holds.
        const viewSave = serverView(member.save, merged, viewSaves.get(member.id));
        const anew = serverView(member.save, merged);
        assert.equal(viewSave.players.length, anew.players.length);
        viewSave.players.forEach((p, i) => assert.equal(p, anew.players[i], `pull ${pull}: view ${member.id}, player ${i}`));
        assert.deepEqual(viewSave, anew);
        const view = buildSnapshot(viewSave, { ...options, previous: views.get(member.id) ?? null });
        assert.deepEqual(view, buildSnapshot(fresh(serverView(member.save, merged)), options), `pull ${pull}: view ${member.id}`);
        views.set(member.id, view);
        viewSaves.set(member.id, viewSave);
      }
      lists = changedLists(random, lists, on, people, pull);
    }
  });

  it("derives each snapshot's index, player orders and history numbers from the snapshot it patched, as from scratch (randomised)", () => {
    const random = seeded(4238);
    const servers = 4;
    const people = 80;
    const start = startingLists(random, servers, people);
    const on = start.on;
    let lists = start.lists;
    // Each server's stat history, recording its players (and a few more) as its pulls do; the network reads them all.
    const histories = lists.map(() => new StatHistory(['jump']));
    const record = (s: number): void => {
      for (const p of lists[s]!) if (histories[s]!.playerOf(p.uuid) === undefined) histories[s]!.read(20_000, p.uuid, new Float64Array([1]));
    };
    let network: Snapshot | null = null;
    const views = new Map<string, Snapshot>();
    /** Checks one snapshot's derived tables against a copy of it that no earlier snapshot's tables can be patched into. */
    const check = (snapshot: Snapshot, read: readonly StatHistory[], label: string): void => {
      const copy: Snapshot = { ...snapshot, players: snapshot.players.map((p) => ({ ...p })) };
      assert.deepEqual(orders(snapshot), orders(copy), `${label}: orders`);
      const [index, fromScratch] = [snapshotIndex(snapshot), snapshotIndex(copy)];
      for (const table of ['byUuid', 'byName', 'byStat', 'byAdvancement', 'vanillaAdvancements'] as const) assert.deepEqual(index[table], fromScratch[table], `${label}: index ${table}`);
      for (const history of read) {
        const expected = history.uuids.map((id) => snapshot.players.findIndex((p) => p.uuid === id));
        assert.deepEqual([...snapshotNumbers(snapshot, history)], expected, `${label}: history numbers`);
      }
    };
    for (let pull = 1; pull <= 8; pull++) {
      lists.forEach((_, s) => record(s));
      const members: NetworkMember[] = lists.map((players, s) => ({ id: `s${s + 1}`, save: save(players) }));
      const merged = mergeSaves(members);
      // As a network pull: the network built and prepared, then each server's view, each patching its own last one.
      network = buildSnapshot(merged, { ...options, previous: network });
      check(network, histories, `pull ${pull}: network`);
      members.forEach((member, s) => {
        const view = buildSnapshot(serverView(member.save, merged), { ...options, previous: views.get(member.id) ?? null });
        check(view, [histories[s]!], `pull ${pull}: view ${member.id}`);
        views.set(member.id, view);
      });
      lists = changedLists(random, lists, on, people, pull);
    }
  });

  it("makes each server's view from its last one as anew: the same player objects, renamed players included (randomised)", () => {
    let renamedKept = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const random = seeded(seed * 101);
      const people = 50;
      const start = startingLists(random, 3, people);
      let lists = start.lists;
      const last = new Map<string, SaveData>();
      for (let pull = 1; pull <= 12; pull++) {
        const members: NetworkMember[] = lists.map((players, s) => ({ id: `s${s + 1}`, save: save(players) }));
        const merged = mergeSaves(members);
        for (const member of members) {
          const patched = serverView(member.save, merged, last.get(member.id));
          const anew = serverView(member.save, merged);
          assert.equal(patched.players.length, anew.players.length);
          patched.players.forEach((p, i) => assert.equal(p, anew.players[i], `seed ${seed}, pull ${pull}: ${member.id}, player ${i}`));
          assert.deepEqual(patched, anew);
          const before = last.get(member.id);
          // A player unchanged here whom the network renamed since (a newer sighting elsewhere).
          if (before !== undefined) renamedKept += member.save.players.filter((p, i) => p === before.players[i] && p.name !== patched.players[i]!.name && before.players[i]!.name !== patched.players[i]!.name).length;
          last.set(member.id, patched);
        }
        lists = changedLists(random, lists, start.on, people, pull);
      }
    }
    assert.ok(renamedKept > 0, 'some players renamed by the network while unchanged on their server');
  });

  it('merges each pull from the last merge as from scratch, keeping the people whose sightings are unchanged (randomised)', () => {
    let kept = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const random = seeded(seed * 7);
      const people = 50;
      const start = startingLists(random, 3, people);
      let lists = start.lists;
      let last: { lists: PlayerSave[][]; players: PlayerSave[] } | null = null;
      for (let pull = 1; pull <= 15; pull++) {
        const players = mergeSaves(lists.map((list, s) => ({ id: `s${s + 1}`, save: save(list) }))).players;
        // From scratch: each person's sightings in server order, merged (one sighting: that player).
        const uuids = [...new Set(lists.flat().map((p) => p.uuid))].sort();
        const expected = uuids.map((id) => {
          const sightings = lists.flatMap((list) => list.filter((p) => p.uuid === id));
          return sightings.length === 1 ? sightings[0]! : mergePlayer(sightings);
        });
        assert.deepEqual(players.map((p) => ({ ...p })), expected.map((p) => ({ ...p })), `seed ${seed}, pull ${pull}`);
        const before = last;
        if (before !== null) {
          for (const [k, p] of players.entries()) {
            const was: PlayerSave | undefined = before.players.find((q) => q.uuid === p.uuid);
            const sightingsOf = (list: readonly PlayerSave[]): PlayerSave[] => list.filter((q) => q.uuid === p.uuid);
            const same = lists.every((list, s) => sightingsOf(list).length === sightingsOf(before.lists[s]!).length && sightingsOf(list).every((q) => before.lists[s]!.includes(q)));
            if (was !== undefined && same) {
              assert.equal(p, was, `seed ${seed}, pull ${pull}: person ${k} unchanged`);
              kept++;
            } else if (was !== undefined) assert.notEqual(p, was, `seed ${seed}, pull ${pull}: person ${k} changed`);
          }
        }
        last = { lists, players };
        lists = changedLists(random, lists, start.on, people, pull);
      }
    }
    assert.ok(kept > 0);
  });

  it('merges lists given out of uuid order as sorted ones', () => {
    const random = seeded(7);
    const lists = Array.from({ length: 3 }, () => Array.from({ length: 30 }, (_, n) => n + 1).filter(() => random() < 0.6).map((n) => sighting(random, n, 0)));
    const sorted = mergeSaves(lists.map((players, s) => ({ id: `s${s}`, save: save(players) })));
    const shuffled = mergeSaves(lists.map((players, s) => ({ id: `s${s}`, save: save([...players].reverse()) })));
    assert.deepEqual(shuffled.players.map((p) => p.uuid), sorted.players.map((p) => p.uuid));
    assert.deepEqual(shuffled.players.map((p) => ({ ...p })), sorted.players.map((p) => ({ ...p })));
  });
});
