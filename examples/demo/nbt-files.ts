import { gzipSync } from 'node:zlib';
import nbt from 'prismarine-nbt';
import type { PlayerPlan } from './population.js';
import type { Earned } from './progression.js';
import type { Random } from './random.js';

// The two NBT files the demo writes: `world/level.dat` and `world/playerdata/<uuid>.dat`. Both are
// gzip-compressed big-endian NBT like the game's. Tags are built as prismarine-nbt's plain
// `{ type, value }` objects; longs are [high, low] 32-bit pairs, which is what prismarine-nbt
// writes and reads back.

type Tag = { type: string; value: unknown };

const byte = (value: number): Tag => ({ type: 'byte', value });
const int = (value: number): Tag => ({ type: 'int', value });
const float = (value: number): Tag => ({ type: 'float', value });
const string = (value: string): Tag => ({ type: 'string', value });
const intArray = (value: number[]): Tag => ({ type: 'intArray', value });
const compound = (value: Record<string, Tag>): Tag => ({ type: 'compound', value });
const list = (type: string, value: unknown[]): Tag => ({ type: 'list', value: { type: value.length === 0 ? 'end' : type, value } });

/** A 64-bit NBT long from a JS number (exact up to 2^53, which covers epoch milliseconds). */
function long(value: number): Tag {
  const big = BigInt.asIntN(64, BigInt(Math.trunc(value)));
  const high = Number(BigInt.asIntN(32, big >> 32n));
  const low = Number(BigInt.asIntN(32, big));
  return { type: 'long', value: [high, low] };
}

/** The four signed ints of a UUID, as the game stores `UUID`. */
function uuidInts(uuid: string): number[] {
  const hex = uuid.replaceAll('-', '');
  return [0, 8, 16, 24].map((i) => Number(BigInt.asIntN(32, BigInt(`0x${hex.slice(i, i + 8)}`))));
}

function write(root: Record<string, Tag>): Buffer {
  const tag = { type: 'compound', name: '', value: root } as unknown as nbt.NBT;
  return gzipSync(nbt.writeUncompressed(tag, 'big'));
}

/** Experience points needed to reach `level` (the game's formula). */
function xpForLevel(level: number): number {
  if (level <= 16) return level * level + 6 * level;
  if (level <= 31) return Math.floor(2.5 * level * level - 40.5 * level + 360);
  return Math.floor(4.5 * level * level - 162.5 * level + 2220);
}

/** Details level.dat needs. */
export interface LevelInfo {
  readonly now: number;
  readonly opened: number;
  readonly seed: number;
  readonly worldUuid: string;
  readonly datapacks: readonly string[];
}

/** `world/level.dat`: a small but valid 1.21.11 Paper level with the fields readers look at. */
export function levelDat(info: LevelInfo): Buffer {
  const ticks = Math.floor((info.now - info.opened) / 50 * 0.62); // the server is not up all the time
  return write({
    Data: compound({
      DataVersion: int(4671),
      LevelName: string('world'),
      Version: compound({ Id: int(4671), Name: string('1.21.11'), Series: string('main'), Snapshot: byte(0) }),
      version: int(19133),
      'Bukkit.Version': string('Paper/1.21.11-69-94d0c97 (MC: 1.21.11)/1.21.11-R0.1-SNAPSHOT'),
      ServerBrands: list('string', ['Paper']),
      WasModded: byte(1),
      LastPlayed: long(info.now),
      Time: long(ticks),
      DayTime: long(ticks + 6000),
      GameType: int(0),
      Difficulty: byte(2),
      DifficultyLocked: byte(0),
      hardcore: byte(0),
      allowCommands: byte(0),
      initialized: byte(1),
      raining: byte(0),
      thundering: byte(0),
      spawn: compound({
        pos: intArray([-32, 70, 48]),
        yaw: float(0),
        pitch: float(0),
        dimension: string('minecraft:overworld'),
      }),
      WorldGenSettings: compound({ seed: long(info.seed), generate_features: byte(1), bonus_chest: byte(0) }),
      DataPacks: compound({
        Enabled: list('string', [...info.datapacks]),
        Disabled: list('string', ['minecart_improvements', 'redstone_experiments', 'trade_rebalance']),
      }),
      DragonFight: compound({ DragonKilled: byte(1), PreviouslyKilled: byte(1), NeedsStateScanning: byte(0) }),
    }),
  });
}

const STARTER_ITEMS: readonly (readonly [gate: string | null, id: string, count: number])[] = [
  [null, 'minecraft:wooden_pickaxe', 1],
  ['minecraft:story/upgrade_tools', 'minecraft:stone_pickaxe', 1],
  ['minecraft:story/iron_tools', 'minecraft:iron_pickaxe', 1],
  ['minecraft:story/mine_diamond', 'minecraft:diamond_pickaxe', 1],
  ['minecraft:nether/obtain_ancient_debris', 'minecraft:netherite_pickaxe', 1],
  [null, 'minecraft:torch', 32],
  ['minecraft:husbandry/root', 'minecraft:bread', 12],
  ['minecraft:story/smelt_iron', 'minecraft:iron_ingot', 9],
  ['minecraft:end/elytra', 'minecraft:firework_rocket', 64],
];

/** `world/playerdata/<uuid>.dat` for a player, with Paper's `bukkit` and `Paper` compounds. */
export function playerDat(
  rng: Random,
  player: PlayerPlan,
  advancements: ReadonlyMap<string, Earned>,
  worldUuid: string,
): Buffer {
  const has = (id: string): boolean => advancements.get(id)?.done === true;
  const hours = player.playMs / 3_600_000;
  const xpLevel = Math.min(68, Math.floor(rng.float() * (4 + 5 * Math.log2(1 + hours))));
  const xpTotal = xpForLevel(xpLevel) + rng.int(0, 40);
  const dimension = has('minecraft:story/enter_the_end') && rng.chance(0.05)
    ? 'minecraft:the_end'
    : has('minecraft:story/enter_the_nether') && rng.chance(0.12) ? 'minecraft:the_nether' : 'minecraft:overworld';
  const reach = Math.min(6000, 200 + hours * 20);
  const x = rng.between(-reach, reach) / (dimension === 'minecraft:the_nether' ? 8 : 1);
  const z = rng.between(-reach, reach) / (dimension === 'minecraft:the_nether' ? 8 : 1);
  const y = dimension === 'minecraft:overworld' ? rng.int(-50, 120) : rng.int(30, 110);
  const inventory = STARTER_ITEMS
    .filter(([gate]) => gate === null || has(gate))
    .map(([, id, count], slot) => compound({ Slot: byte(slot), id: string(id), count: int(count) }));
  const [most0 = 0, most1 = 0, least0 = 0, least1 = 0] = uuidInts(worldUuid);

  return write({
    DataVersion: int(4671),
    UUID: intArray(uuidInts(player.uuid)),
    Pos: list('double', [Math.round(x * 1000) / 1000, y, Math.round(z * 1000) / 1000]),
    Rotation: list('float', [Math.round(rng.between(-180, 180) * 10) / 10, Math.round(rng.between(-30, 40) * 10) / 10]),
    Motion: list('double', [0, -0.0784000015258789, 0]),
    OnGround: byte(1),
    Dimension: string(dimension),
    Health: float(Math.round(rng.between(6, 20) * 2) / 2),
    foodLevel: int(rng.int(12, 20)),
    foodSaturationLevel: float(Math.round(rng.between(0, 5) * 10) / 10),
    XpLevel: int(xpLevel),
    XpTotal: int(xpTotal),
    XpP: float(Math.round(rng.float() * 1000) / 1000),
    Score: int(xpTotal),
    playerGameType: int(0),
    SelectedItemSlot: int(rng.int(0, 8)),
    Inventory: list('compound', inventory.map((t) => t.value)),
    EnderItems: list('compound', []),
    seenCredits: byte(has('minecraft:end/kill_dragon') ? 1 : 0),
    abilities: compound({
      walkSpeed: float(0.1), flySpeed: float(0.05), instabuild: byte(0), flying: byte(0),
      mayfly: byte(0), invulnerable: byte(0), mayBuild: byte(1),
    }),
    WorldUUIDMost: { type: 'long', value: [most0, most1] },
    WorldUUIDLeast: { type: 'long', value: [least0, least1] },
    'Spigot.ticksLived': int(Math.min(2_147_483_647, Math.floor(player.playMs / 50))),
    bukkit: compound({
      firstPlayed: long(player.firstJoin),
      lastPlayed: long(player.lastOnline),
      lastKnownName: string(player.name),
      newExp: int(0),
      newLevel: int(0),
      newTotalExp: int(0),
      expToDrop: int(0),
      keepLevel: byte(0),
    }),
    Paper: compound({
      LastLogin: long(player.lastLogin),
      LastSeen: long(player.lastOnline),
    }),
  });
}
