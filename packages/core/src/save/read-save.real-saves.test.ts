// readSave against the nine real servers in ../shared/real-saves (see its README). Expected values
// were picked by hand from the raw files (jq on the JSON, NBT longs [hi, lo] computed by hand).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { REAL_SAVES, REAL_SAVES_ABSENT as ABSENT, realSavesPresent } from '../../../../test/support/repo.js';
import { readRecipeUnlocks } from './read-recipe-unlocks.js';
import { readSave } from './read-save.js';
import { resolvePlayer } from './resolve-player.js';
import type { PlayerSave, SaveData } from './types.js';

const present = realSavesPresent();

const loaded = new Map<string, Promise<SaveData>>();
function load(source: string): Promise<SaveData> {
  let save = loaded.get(source);
  if (save === undefined) {
    save = readSave(join(REAL_SAVES, source));
    loaded.set(source, save);
  }
  return save;
}

function player(save: SaveData, uuid: string): PlayerSave {
  const found = save.players.find((p) => p.uuid === uuid);
  assert.ok(found, `player ${uuid} missing`);
  return found;
}

function custom(p: PlayerSave, id: string): number | undefined {
  return p.stats['minecraft:custom']?.[`minecraft:${id}`];
}

function count(save: SaveData): { java: number; bedrock: number } {
  return {
    java: save.players.filter((p) => p.edition === 'java').length,
    bedrock: save.players.filter((p) => p.edition === 'bedrock').length,
  };
}

/** Every player's files are exactly `<uuid>.json` / `<uuid>.dat` in the three top-level folders. */
function assertOnlyExactFiles(save: SaveData): void {
  for (const p of save.players) {
    assert.match(p.uuid, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    if (p.files.stats) assert.equal(p.files.stats, `world/stats/${p.uuid}.json`);
    if (p.files.advancements) assert.equal(p.files.advancements, `world/advancements/${p.uuid}.json`);
    if (p.files.playerdata) assert.equal(p.files.playerdata, `world/playerdata/${p.uuid}.dat`);
  }
  const uuids = save.players.map((p) => p.uuid);
  assert.deepEqual(uuids, [...uuids].sort(), 'players sorted by uuid');
}

interface Case {
  source: string;
  java: number;
  bedrock: number;
  dataVersions: number[];
  check(save: SaveData): void;
}

const CASES: Case[] = [
  {
    source: '5tien-survival-1.21',
    java: 67,
    bedrock: 0,
    // 3105 exists only in the nested advancements/advancements/ copy: seeing it would mean descending.
    dataVersions: [2730, 3120, 3465, 3953],
    check(save) {
      const sten = player(save, '2b45f93c-4428-4852-856c-510463ce411d');
      assert.equal(sten.name, 'StenW');
      assert.equal(sten.nameSource, 'usercache');
      // Top-level advancement file is 3953; the nested copy is 3465 and the temp .dat is 3120.
      assert.equal(sten.advancementsDataVersion, 3953);
      assert.equal(sten.playerDataVersion, 3953);
      const p = player(save, '62ee0a8b-b7ed-4210-913d-7a5ec419d9c3');
      assert.equal(p.statsDataVersion, 2730);
      assert.equal(custom(p, 'play_time'), 1099002);
      assert.equal(custom(p, 'jump'), 1814);
      const q = player(save, '87971247-8c83-414a-8747-3806bedcd670');
      assert.equal(custom(q, 'jump'), 165);
      assert.equal(custom(q, 'deaths'), 20);
      // usercache holds 5 of 67; whitelist is []; vanilla Fabric .dat has no Bukkit name.
      assert.equal(save.players.filter((x) => x.name !== null).length, 5);
      assert.equal(save.players.filter((x) => x.lastOnlineSource === 'file-mtime').length, 67);
      // No Paper/Bukkit time: the newest of the stats and playerdata modification times.
      const mtime = (file: string | null): number => statSync(join(REAL_SAVES, this.source, file!)).mtimeMs;
      assert.equal(q.lastOnline, Math.floor(Math.max(mtime(q.files.stats), mtime(q.files.playerdata))));
      assert.equal(q.newestMtime, Math.floor(Math.max(mtime(q.files.stats), mtime(q.files.playerdata), mtime(q.files.advancements))));
      assert.equal(q.oldestMtime, Math.floor(Math.min(mtime(q.files.stats), mtime(q.files.playerdata), mtime(q.files.advancements))));
    },
  },
  {
    source: 'georgia-smp-paper-1.19.2',
    java: 7,
    bedrock: 8,
    dataVersions: [3120],
    check(save) {
      const bedrock = player(save, '00000000-0000-0000-0009-00000b819ae4');
      assert.equal(bedrock.edition, 'bedrock');
      assert.equal(bedrock.name, '.momomags16');
      assert.equal(custom(bedrock, 'play_time'), 895);
      assert.equal(custom(bedrock, 'jump'), 12);
      // Paper.LastSeen = [388, -1429421106]; bukkit.firstPlayed = [388, -1429465804].
      assert.equal(bedrock.lastOnline, 388 * 2 ** 32 + (-1429421106 >>> 0));
      assert.equal(bedrock.lastOnline, 1669312857038);
      assert.equal(bedrock.lastOnlineSource, 'paper');
      assert.equal(bedrock.firstPlayed, 1669312812340);
      const java = player(save, 'a04b1285-1823-48a4-a310-32a5b6314317');
      assert.equal(java.edition, 'java');
      assert.equal(java.name, 'momomags16');
      assert.equal(custom(java, 'play_time'), 224946);
      assert.equal(java.lastOnline, 1668996846783);
      // 19 temp `<uuid>-<digits>.dat` files are not players.
      assert.equal(save.players.length, 15);
      assert.equal(save.warnings.length, 0);
    },
  },
  {
    source: 'jeinse-leaf-1.21.11',
    java: 6,
    bedrock: 7,
    dataVersions: [4671],
    check(save) {
      // Stats pretty-printed, advancements compact: both read.
      const offline = player(save, '7c6db0fe-6d44-3433-be6b-597df03b5f2b');
      assert.deepEqual(
        ['play_time', 'jump', 'deaths'].map((id) => custom(offline, id)),
        [338157, 2198, 15],
      );
      assert.equal(custom(offline, 'happy_ghast_one_cm'), 15854);
      assert.equal(offline.advancements.length, 12);
      assert.deepEqual(offline.advancements.find((a) => a.id === 'minecraft:story/root'), {
        id: 'minecraft:story/root',
        done: true,
        criteria: { crafting_table: Date.UTC(2026, 2, 15, 15, 41, 2) }, // 23:41:02 +0800
        doneAt: Date.UTC(2026, 2, 15, 15, 41, 2),
      });
      const adventuring = offline.advancements.find((a) => a.id === 'minecraft:adventure/adventuring_time');
      assert.equal(adventuring?.done, false);
      assert.equal(adventuring?.doneAt, null);
      assert.equal(Object.keys(adventuring?.criteria ?? {}).length, 5);
      assert.deepEqual(offline.recipes, { count: 215, earliest: Date.UTC(2026, 2, 15, 15, 27, 45) });
      assert.ok(offline.advancements.every((a) => !a.id.includes(':recipes/')));
      const floodgate = player(save, '00000000-0000-0000-0009-01f80f5bac02');
      assert.equal(floodgate.edition, 'bedrock');
      assert.equal(floodgate.name, 'Junyu5287'); // no `.` prefix on this server
      assert.deepEqual(
        ['play_time', 'jump', 'deaths'].map((id) => custom(floodgate, id)),
        [473621, 2624, 15],
      );
      // One name, two UUIDs: LastSeen [413, 298042516] (offline) beats [413, 113137588] (Floodgate).
      assert.equal(offline.lastOnline, 413 * 2 ** 32 + 298042516);
      assert.equal(floodgate.lastOnline, 413 * 2 ** 32 + 113137588);
      for (const identifier of ['Junyu5287', 'junyu5287', 'JUNYU5287']) {
        assert.equal(resolvePlayer(save.players, identifier)?.uuid, offline.uuid);
      }
      assert.equal(resolvePlayer(save.players, '0000000000000000000901F80F5BAC02')?.uuid, floodgate.uuid);
    },
  },
  {
    source: 'kalind-forge-1.12.2',
    java: 8,
    bedrock: 0,
    dataVersions: [1343], // from the .dat files; 1.12 stats and advancements have none
    check(save) {
      const p = player(save, 'ecc574dd-4f98-4a71-b35c-2b8471839232');
      assert.equal(p.name, 'frostcrackle');
      assert.equal(p.legacyStats, true);
      assert.equal(p.statsDataVersion, null);
      assert.equal(p.advancementsDataVersion, null);
      assert.equal(p.playerDataVersion, 1343);
      assert.equal(custom(p, 'walk_one_cm'), 13879074);
      assert.equal(custom(p, 'play_time'), 4777877); // stat.playOneMinute
      assert.equal(custom(p, 'deaths'), 33);
      assert.equal(custom(p, 'jump'), 7476);
      assert.equal(p.stats['minecraft:mined']?.['minecraft:stone'], 14051);
      assert.equal(p.stats['minecraft:killed']?.['minecraft:zombie'], 343);
      assert.equal(p.stats['minecraft:killed_by']?.['minecraft:zombie'], 8);
      assert.equal(p.stats['minecraft:picked_up']?.['minecraft:sugar_cane'], 116); // stat.pickup.minecraft.reeds
      // `log` (every wood type) cannot be attributed; modded keys (ae2, quark kills) are dropped.
      assert.equal(p.stats['minecraft:mined']?.['minecraft:log'], undefined);
      const ids = Object.entries(p.stats).flatMap(([type, counters]) => Object.keys(counters).map((id) => `${type} ${id}`));
      assert.ok(ids.length > 100);
      assert.ok(ids.every((id) => /^minecraft:[a-z_]+ minecraft:[a-z0-9_]+$/.test(id)), 'only vanilla ids');
      // 1.12 advancements: modded ones are kept, every `<ns>:recipes/…` only counted.
      assert.ok(p.advancements.length > 0);
      assert.ok(p.advancements.every((a) => !/^[^:]+:recipes\//.test(a.id)));
      assert.ok(p.recipes.count > 0);
      // playerdata/gamestages/<uuid>.dat (mod files in a sub-folder) are not read.
      assert.ok(save.players.every((x) => !x.files.playerdata?.includes('gamestages')));
    },
  },
  {
    source: 'laksmp-purpur-1.19.4',
    java: 8,
    bedrock: 1,
    dataVersions: [3337],
    check(save) {
      // No usercache and no whitelist: names come from Bukkit's lastKnownName.
      const bedrock = player(save, '00000000-0000-0000-0009-01f0e3804c14');
      assert.equal(bedrock.edition, 'bedrock');
      assert.equal(bedrock.name, 'TipDuy3010a');
      assert.equal(bedrock.nameSource, 'playerdata');
      // Two players with stats and advancements but no playerdata still load.
      for (const uuid of ['32f2a7c2-6ebc-31e4-af05-eb18f5663cf1', '5f04d80d-e926-3219-bfcd-c1c2b41e430b']) {
        const p = player(save, uuid);
        assert.equal(p.files.playerdata, null);
        assert.ok(p.files.stats && p.files.advancements);
        assert.equal(p.name, null);
        assert.equal(p.nameSource, null);
        assert.equal(p.lastOnlineSource, 'file-mtime');
        assert.equal(p.lastOnline, Math.floor(statSync(join(REAL_SAVES, this.source, p.files.stats)).mtimeMs));
        assert.ok((custom(p, 'play_time') ?? 0) > 0);
      }
      // Datapack advancements (Incendium) are kept as advancements.
      assert.ok(save.players.some((p) => p.advancements.some((a) => a.id.startsWith('incendium:'))));
      // A name on two accounts (lastKnownName TipDuy3010): the most recently seen one wins.
      const twins = save.players.filter((p) => p.name === 'TipDuy3010');
      assert.equal(twins.length, 2);
      const newest = twins.reduce((a, b) => ((a.lastOnline ?? 0) >= (b.lastOnline ?? 0) ? a : b));
      assert.equal(resolvePlayer(save.players, 'tipduy3010')?.uuid, newest.uuid);
    },
  },
  {
    source: 'menkrep-kms-1.21.11',
    java: 13,
    bedrock: 0,
    dataVersions: [4671],
    check(save) {
      // usercache has 14 entries; `woi` has no file in the world, so is no player.
      assert.equal(resolvePlayer(save.players, 'woi'), null);
      assert.ok(save.players.every((p) => p.nameSource === 'usercache' && p.lastOnlineSource === 'paper'));
      assert.ok(save.players.every((p) => p.recipes.count > 0 && p.recipes.earliest !== null));
      assert.equal(save.warnings.length, 0);
    },
  },
  {
    source: 'mrh-server-paper-1.19.2',
    java: 27,
    bedrock: 0,
    dataVersions: [2586, 3120],
    check(save) {
      // The root usercache has merge-conflict markers: a warning, and names recovered from it.
      const warning = save.warnings.find((w) => w.file === 'usercache.json');
      assert.ok(warning, 'usercache warning');
      assert.match(warning.reason, /invalid JSON.*recovered \d+ intact entries/);
      const sky = player(save, '5ee1c2a5-862c-3065-a241-7ef27e7775c6');
      assert.equal(sky.name, 'Skywind5487');
      assert.equal(sky.nameSource, 'usercache');
      assert.deepEqual(['play_time', 'jump', 'deaths'].map((id) => custom(sky, id)), [20546634, 42909, 154]);
      assert.equal(sky.lastOnline, 390 * 2 ** 32 + 40891005); // Paper.LastSeen [390, 40891005]
      // Not in any usercache version: Bukkit's lastKnownName.
      const choco = player(save, '9dbaa6eb-3e9a-398b-8cfc-a31638d5164f');
      assert.equal(choco.name, 'Chocomint_TW');
      assert.equal(choco.nameSource, 'playerdata');
      assert.equal(save.players.filter((p) => p.nameSource === 'usercache').length, 24);
      // play_one_minute (2586 files) beside play_time (3120 files) in one world: the old name is
      // read as the new one, by each file's own DataVersion (fixer 2710).
      const old = player(save, '3e481966-12f9-3c9e-b90a-7cb24c7d4ca7');
      assert.equal(old.statsDataVersion, 2586);
      assert.equal(custom(old, 'play_time'), 101466);
      assert.equal(custom(old, 'play_one_minute'), undefined);
      assert.equal(custom(sky, 'play_one_minute'), undefined);
      // `.dat_old.gz` beside a real .dat: still one player, reading the .dat.
      const gz = player(save, 'fda0c7f3-fc97-48f7-9a35-6667e0dea179');
      assert.equal(gz.files.playerdata, 'world/playerdata/fda0c7f3-fc97-48f7-9a35-6667e0dea179.dat');
      assert.equal(custom(gz, 'play_time'), 731);
      assert.equal(save.warnings.length, 1);
    },
  },
  {
    source: 'poutas-vanilla-1.11.2',
    java: 1,
    bedrock: 0,
    dataVersions: [922],
    check(save) {
      const p = player(save, 'f9e21bf4-c353-3b2e-8d70-05dc3f6293ff');
      assert.equal(p.name, 'Willis');
      assert.equal(p.legacyStats, true);
      assert.equal(p.files.advancements, null); // no advancements/ before 1.12
      assert.deepEqual(p.advancements, []);
      assert.deepEqual(p.recipes, { count: 0, earliest: null });
      assert.equal(custom(p, 'play_time'), 744268); // stat.playOneMinute
      assert.equal(custom(p, 'deaths'), 3);
      assert.equal(custom(p, 'jump'), 5906);
      assert.equal(custom(p, 'walk_one_cm'), 3929586);
      assert.equal(p.stats['minecraft:killed']?.['minecraft:zombie_villager'], 2);
      assert.equal(p.stats['minecraft:crafted']?.['minecraft:jack_o_lantern'], 12); // lit_pumpkin
      // achievement.* (one of them an object, exploreAllBiomes) are ignored, no warning.
      const all = Object.values(p.stats).flatMap((counters) => Object.entries(counters));
      assert.ok(all.every(([id, value]) => !id.includes('achievement') && Number.isFinite(value)));
      assert.equal(save.warnings.length, 0);
    },
  },
  {
    source: 'school1484-spigot-1.15.2',
    java: 11,
    bedrock: 0,
    dataVersions: [2230],
    check(save) {
      const p = player(save, 'a1dc1a7c-59bd-44b5-b1f3-fee8f218b956');
      // 1.15.2 files: play_one_minute read as play_time (fixer 2710).
      assert.deepEqual(['play_time', 'jump', 'deaths'].map((id) => custom(p, id)), [1085933, 11647, 118]);
      assert.equal(custom(p, 'play_one_minute'), undefined);
      // Only 2 of 11 in usercache.
      assert.equal(player(save, 'a14df601-22ac-4055-9035-03b70f2be82c').name, 'Tom2003611');
      assert.equal(save.players.filter((x) => x.name !== null).length, 2);
      // Spigot's bukkit.lastPlayed for the one player whose .dat carries it.
      const ji = player(save, 'c7418bfe-a642-4d60-a19f-e0f5ba75764c');
      assert.equal(ji.name, 'ji_mu');
      assert.equal(ji.lastOnlineSource, 'bukkit');
      assert.equal(ji.lastOnline, 369 * 2 ** 32 + 1934904485);
    },
  },
];

describe('readSave on the real saves', () => {
  for (const c of CASES) {
    it(`${c.source}: ${c.java} java + ${c.bedrock} bedrock players, hand-checked values`, async (t) => {
      if (!present) return t.skip(ABSENT);
      const save = await load(c.source);
      assert.deepEqual(count(save), { java: c.java, bedrock: c.bedrock });
      assert.deepEqual(save.dataVersions, c.dataVersions);
      assert.equal(save.levelName, 'world');
      assert.equal(save.root, join(REAL_SAVES, c.source));
      assert.equal(save.world, join(REAL_SAVES, c.source, 'world'));
      assertOnlyExactFiles(save);
      c.check.call(c, save);
    });
  }

  it('counts 164 players over the nine sources, as the corpus README says', async (t) => {
    if (!present) return t.skip(ABSENT);
    let total = 0;
    for (const c of CASES) total += (await load(c.source)).players.length;
    assert.equal(total, 164);
  });

  it('re-reads a 1.21.11 player\'s 215 recipe unlocks on demand', async (t) => {
    if (!present) return t.skip(ABSENT);
    const save = await load('jeinse-leaf-1.21.11');
    const unlocks = await readRecipeUnlocks(save, '7c6db0fe-6d44-3433-be6b-597df03b5f2b');
    assert.equal(unlocks.length, 215);
    assert.ok(unlocks.every((u) => u.id.startsWith('minecraft:recipes/')));
    assert.deepEqual(unlocks.at(-1)?.at, Date.UTC(2026, 2, 15, 15, 27, 45)); // 23:27:45 +0800
  });

  it('reads every source the same on worker threads as on this thread', async (t) => {
    if (!present) return t.skip(ABSENT);
    for (const source of readdirSync(REAL_SAVES).filter((name) => statSync(join(REAL_SAVES, name)).isDirectory())) {
      const here = await readSave(join(REAL_SAVES, source), { threads: 0 });
      const workers = await readSave(join(REAL_SAVES, source), { threads: 2, threadsFrom: 1 });
      assert.deepEqual(workers, here, source);
    }
  });

  it('writes nothing into a save it reads', async (t) => {
    if (!present) return t.skip(ABSENT);
    const dir = join(REAL_SAVES, 'georgia-smp-paper-1.19.2');
    const snapshot = (): string[] => {
      const out: string[] = [];
      const walk = (d: string): void => {
        for (const entry of readdirSync(d, { withFileTypes: true })) {
          const path = join(d, entry.name);
          if (entry.isDirectory()) walk(path);
          else {
            const info = statSync(path);
            const hash = createHash('sha1').update(readFileSync(path)).digest('hex');
            out.push(`${path} ${info.size} ${info.mtimeMs} ${hash}`);
          }
        }
      };
      walk(dir);
      return out.sort();
    };
    const before = snapshot();
    await readSave(dir);
    assert.deepEqual(snapshot(), before);
  });
});
