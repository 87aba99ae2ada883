// buildSnapshot and the queries over the nine real servers in ../shared/real-saves (see its
// README). Expectations are recomputed here from the raw files, independently of the reader's
// normalisation: play time, jumps and deaths summed from each stats file, holders counted from
// each advancements file.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { REAL_SAVES, REAL_SAVES_ABSENT as ABSENT, realSavesPresent } from '../../../../test/support/repo.js';
import { readSave } from '../save/read-save.js';
import type { SaveData } from '../save/types.js';
import { getAdvancement } from '../queries/get-advancement.js';
import { getPlayerProfile } from '../queries/get-player-profile.js';
import { playerStats } from '../queries/player-stats.js';
import { playerAdvancements } from '../queries/player-advancements.js';
import { playerMilestones } from '../queries/player-milestones.js';
import { feed } from '../queries/feed.js';
import { buildSnapshot } from './build-snapshot.js';
import { snapshotGeneration } from './snapshot-generation.js';
import { asJson } from './testing/as-json.js';
import { playerOrder } from './player-order.js';
import type { Snapshot } from './types.js';

const present = realSavesPresent();
const sources = present ? readdirSync(REAL_SAVES).filter((d) => statSync(join(REAL_SAVES, d)).isDirectory()).sort() : [];
const NOW = Date.UTC(2026, 0, 1);

const built = new Map<string, Promise<{ save: SaveData; snapshot: Snapshot }>>();
function load(source: string): Promise<{ save: SaveData; snapshot: Snapshot }> {
  let entry = built.get(source);
  if (!entry) {
    entry = readSave(join(REAL_SAVES, source)).then((save) => ({ save, snapshot: buildSnapshot(save, { now: NOW }) }));
    built.set(source, entry);
  }
  return entry;
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
}

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** play_time, jump, deaths straight from a raw stats file, modern (1.13+) or pre-1.13 flat. */
function rawCounters(json: unknown): { play_time: number; jump: number; deaths: number } {
  const root = json as Record<string, unknown>;
  const stats = root.stats as Record<string, Record<string, unknown>> | undefined;
  if (stats && typeof stats === 'object') {
    const c = stats['minecraft:custom'] ?? {};
    return {
      play_time: num(c['minecraft:play_time']) + num(c['minecraft:play_one_minute']),
      jump: num(c['minecraft:jump']),
      deaths: num(c['minecraft:deaths']),
    };
  }
  return { play_time: num(root['stat.playOneMinute']), jump: num(root['stat.jump']), deaths: num(root['stat.deaths']) };
}

describe('buildSnapshot on real saves', { skip: present ? false : ABSENT }, () => {
  it('finds the sources', () => {
    assert.ok(sources.length >= 9, `expected the nine sources, found ${sources.join(', ')}`);
  });

  for (const source of sources) {
    describe(source, () => {
      it('builds, deterministically, as JSON', async () => {
        const { save, snapshot } = await load(source);
        assert.equal(snapshot.players.length, save.players.length);
        assert.equal(snapshot.stats.length, 217);
        const again = buildSnapshot(save, { now: NOW });
        assert.equal(again.generation, snapshot.generation);
        const back = JSON.parse(JSON.stringify(snapshot)) as Snapshot;
        assert.deepStrictEqual(back, asJson(snapshot));
        assert.equal(snapshotGeneration(back), snapshot.generation);
      });

      it("gives each player's play_time, jump and deaths as summed from the raw stats file", async () => {
        const { save, snapshot } = await load(source);
        const broken = new Set(save.warnings.map((w) => w.file));
        let checked = 0;
        for (const p of save.players) {
          if (!p.files.stats || broken.has(p.files.stats)) continue;
          const raw = rawCounters(readJson(join(save.root, p.files.stats)));
          const got = playerStats(snapshot, p.uuid, { ids: ['play_time', 'jump', 'deaths'] })!;
          assert.deepStrictEqual(
            Object.fromEntries(got.stats.map((s) => [s.id, s.value])),
            raw,
            `${source} ${p.uuid}`,
          );
          checked++;
        }
        assert.ok(checked > 0, 'no stats file checked');
      });

      it('sorts every leaderboard with competition ranks over ranked players with a value', async () => {
        const { snapshot } = await load(source);
        for (const stat of snapshot.stats) {
          const expected = snapshot.players
            .map((_, i) => i)
            .filter((i) => snapshot.players[i]!.ranked && stat.values[i]! > 0);
          assert.equal(stat.board.length, expected.length, stat.id);
          for (let k = 0; k < stat.board.length; k++) {
            const p = stat.board[k]!;
            assert.ok(snapshot.players[p]!.ranked && stat.values[p]! > 0, stat.id);
            if (k === 0) {
              assert.equal(stat.ranks[0], 1);
              continue;
            }
            const prev = stat.board[k - 1]!;
            const [a, b] = [stat.values[prev]!, stat.values[p]!];
            assert.ok(a >= b, `${stat.id} not sorted at ${k}`);
            if (a === b) {
              assert.equal(stat.ranks[k], stat.ranks[k - 1], `${stat.id} tie at ${k}`);
              assert.ok(playerOrder(snapshot.players[prev]!, snapshot.players[p]!) < 0, `${stat.id} tie order at ${k}`);
            } else {
              assert.equal(stat.ranks[k], k + 1, `${stat.id} rank at ${k}`);
            }
          }
        }
      });

      it('gives rarity = holders counted in the raw advancement files / scanned players', async () => {
        const { save, snapshot } = await load(source);
        const holders = new Map<string, number>();
        let scanned = 0;
        for (const p of save.players) {
          if (!p.files.advancements) continue;
          scanned++;
          const json = readJson(join(save.root, p.files.advancements)) as Record<string, { done?: boolean }> | undefined;
          for (const [id, entry] of Object.entries(json ?? {})) {
            // Recipe unlocks of any namespace (`minecraft:recipes/…`, a mod's `millenaire:recipes/…`).
            if (id === 'DataVersion' || /^[^:]*:recipes\//.test(id) || typeof entry !== 'object') continue;
            if (entry.done !== false) holders.set(id, (holders.get(id) ?? 0) + 1);
          }
        }
        assert.equal(snapshot.server.scanned_players, scanned);
        for (const a of snapshot.advancements) {
          const got = getAdvancement(snapshot, a.id)!;
          const expected = holders.get(a.id) ?? 0;
          assert.equal(got.completed_by, expected, a.id);
          assert.equal(got.rarity, scanned === 0 ? 0 : expected / scanned, a.id);
        }
        for (const id of holders.keys()) assert.ok(getAdvancement(snapshot, id), `held ${id} missing from the table`);
      });

      it('builds the same snapshot from the reader\'s packed players as from plain copies of them', async () => {
        const { save, snapshot } = await load(source);
        // A spread copy is a plain player: its stats and advancements are read as objects.
        const plain = { ...save, players: save.players.map((p) => ({ ...p, stats: p.stats, advancements: [...p.advancements] })) };
        assert.deepStrictEqual(buildSnapshot(plain, { now: NOW }), snapshot);
      });

      it('answers profile, advancement and milestone queries for every player', async () => {
        const { snapshot } = await load(source);
        for (const p of snapshot.players) {
          const profile = getPlayerProfile(snapshot, p.uuid)!;
          assert.equal(profile.uuid, p.uuid);
          const mine = playerAdvancements(snapshot, p.uuid, { completed: false })!;
          assert.equal(mine.items.filter((e) => e.done && e.advancement.source === 'vanilla').length, profile.advancements_earned);
          assert.equal(playerMilestones(snapshot, p.uuid)!.beats.length, 22);
          if (p.name !== null) assert.ok(getPlayerProfile(snapshot, p.name), `${p.name} does not resolve`);
        }
        const page = feed(snapshot, { limit: 500 });
        const times = page.items.map((e) => Date.parse(e.completed_at));
        assert.deepStrictEqual(times, [...times].sort((a, b) => b - a));
      });
    });
  }
});
