// Stats the game renamed between versions, on the real servers in ../shared/real-saves: every
// counter a stats file holds under an older name counts toward the stat that names its new one.
// Expected values are summed here from the raw JSON files.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { REAL_SAVES, REAL_SAVES_ABSENT as ABSENT, realSavesPresent } from '../../../../test/support/repo.js';
import { statCatalogue } from '../catalogue/stat-catalogue.js';
import { leaderboard } from '../queries/leaderboard.js';
import { readSave } from '../save/read-save.js';
import { statIdRenames } from '../save/rename-stat-ids.js';
import { STAT_TYPE_REGISTRIES } from '../save/renamed-stat-ids.js';
import type { SaveData } from '../save/types.js';
import { buildSnapshot } from './build-snapshot.js';
import type { Snapshot } from './types.js';

const present = realSavesPresent();
const NOW = Date.UTC(2026, 0, 1);

async function load(source: string): Promise<{ save: SaveData; snapshot: Snapshot }> {
  const save = await readSave(join(REAL_SAVES, source));
  return { save, snapshot: buildSnapshot(save, { now: NOW }) };
}

type RawStats = Record<string, Record<string, unknown>>;

/** A player's raw 1.13+ stats file and its DataVersion, or null (pre-1.13, unreadable). */
function rawStats(save: SaveData, file: string | null): { stats: RawStats; dataVersion: number } | null {
  if (file === null) return null;
  try {
    const json = JSON.parse(readFileSync(join(save.root, file), 'utf8').replace(/^\uFEFF/, '')) as { stats?: RawStats; DataVersion?: number };
    return json.stats && typeof json.DataVersion === 'number' ? { stats: json.stats, dataVersion: json.DataVersion } : null;
  } catch {
    return null;
  }
}

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The six ranked players of the 1.15.2 world with zombie pigman kills (issue 18), and the kills. */
const PIGMAN_KILLERS: ReadonlyArray<readonly [uuid: string, kills: number]> = [
  ['15e3aca9-f1d0-42b3-ae6c-d6556fcb24b7', 171],
  ['fcaf5138-eab0-4269-aa06-3362ffa966b2', 116],
  ['b3c322ed-2506-4745-82e2-00b3bf740770', 107],
  ['960fdae2-41dd-4c77-962a-909646615873', 4],
  ['b1c6b7c9-c9f3-4131-bc40-385327008c0e', 2],
  ['c7418bfe-a642-4d60-a19f-e0f5ba75764c', 1],
];

describe('renamed stat ids on real saves', { skip: present ? false : ABSENT }, () => {
  it('1.15.2 (DataVersion 2230): zombie_pigman kills are zombified piglin and hostile kills', async () => {
    const { save, snapshot } = await load('school1484-spigot-1.15.2');
    const board = leaderboard(snapshot, 'killed_zombified_piglin', { limit: 100 })!;
    assert.deepEqual(
      board.items.map((e) => [e.player.uuid, e.value]),
      PIGMAN_KILLERS.map(([uuid, kills]) => [uuid, kills]),
    );
    const hostile = snapshot.stats.find((s) => s.id === 'killed_hostile_total')!;
    const hostileKeys = statCatalogue.find((s) => s.id === 'killed_hostile_total')!.sources[0]!.keys!;
    for (const [uuid, kills] of PIGMAN_KILLERS) {
      const p = save.players.find((x) => x.uuid === uuid)!;
      const raw = rawStats(save, p.files.stats)!;
      assert.equal(raw.dataVersion, 2230);
      const killed = raw.stats['minecraft:killed'] ?? {};
      assert.equal(num(killed['minecraft:zombie_pigman']), kills, 'the raw file holds the old name');
      const expected = hostileKeys.reduce((sum, key) => sum + num(killed[key]), 0) + kills;
      const index = snapshot.players.findIndex((x) => x.uuid === uuid);
      assert.equal(hostile.values[index], expected, `${uuid} killed_hostile_total`);
      assert.ok(hostile.board.includes(index), `${uuid} on the hostile board`);
    }
  });

  const sources = present ? readdirSync(REAL_SAVES).filter((d) => statSync(join(REAL_SAVES, d)).isDirectory()).sort() : [];
  for (const source of sources) {
    it(`${source}: no stat loses a raw key its definition names under an older name`, async () => {
      const { save, snapshot } = await load(source);
      let oldKeys = 0;
      save.players.forEach((p) => {
        const raw = rawStats(save, p.files.stats);
        if (raw === null) return;
        const index = snapshot.players.findIndex((x) => x.uuid === p.uuid);
        statCatalogue.forEach((def, s) => {
          if (def.sources.some((src) => src.allKeys)) return; // sums whole types: renames cannot lose anything
          let expected = 0;
          for (const src of def.sources) {
            const counters = raw.stats[src.type] ?? {};
            const registry = STAT_TYPE_REGISTRIES[src.type]!;
            const renames = statIdRenames(registry, raw.dataVersion);
            const keys = new Set(src.keys);
            for (const [key, value] of Object.entries(counters)) {
              const today = renames.get(key) ?? key;
              if (!keys.has(today)) continue;
              if (today !== key) oldKeys++;
              expected += num(value);
            }
          }
          assert.equal(snapshot.stats[s]!.values[index], expected, `${source} ${p.uuid} ${def.id}`);
        });
      });
      if (source === 'school1484-spigot-1.15.2' || source === 'mrh-server-paper-1.19.2') {
        assert.ok(oldKeys > 0, 'this world holds old names the catalogue counts');
      }
    });
  }
});
