import { ADVANCEMENTS, RECIPES, STATS, INVENTORY_ITEMS, type BenchRecipe } from './game-data.js';
import { nbt, writeGzippedNbt, type Nbt } from './nbt-writer.js';
import { randomFor, type Random } from './random.js';

// The bench population: player i's files are a pure function of (seed, i, version). Version 0 is
// the generated save; version v > 0 is the same player after v more 15-minute pulls of play (the
// "1 % of players changed" step writes version 1 and restores version 0 afterwards).

/** The clock of the generated world: the last pull before the benchmark. Fixed, so runs compare. */
export const BENCH_NOW = Date.UTC(2026, 2, 1, 12, 0, 0);
/** When the world was opened: two and a half years before BENCH_NOW. */
export const WORLD_OPENED = BENCH_NOW - Math.round(2.5 * 365.25 * 86_400_000);
/** The server's JVM zone offset, written into every advancement time (DECISIONS 4). */
const OFFSET_MINUTES = 60;
const OFFSET_TEXT = '+0100';
const PULL_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;
const TICKS_PER_HOUR = 72_000;
export const DATA_VERSION = 4671;

const WORDS_A = ['Creeper', 'Diamond', 'Shadow', 'Blaze', 'Pixel', 'Ender', 'Frost', 'Lava', 'Iron', 'Stone', 'Night', 'Storm', 'Sky', 'Red', 'Blue', 'Dark', 'Gold', 'Emerald', 'Nether', 'Mossy', 'Lucky', 'Silent', 'Crafty', 'Sneaky'];
const WORDS_B = ['Wolf', 'Fox', 'Miner', 'King', 'Hunter', 'Ninja', 'Boy', 'Girl', 'Gamer', 'Steve', 'Alex', 'Bee', 'Cat', 'Owl', 'Duck', 'Pro', 'Dog', 'Mage', 'Bot', 'Frog', 'Bear', 'Axe', '_', 'x'];

/** Who a player is and how much they played: everything else follows from it. */
export interface PlayerPlan {
  index: number;
  uuid: string;
  name: string;
  bedrock: boolean;
  /** 0..1, heavily skewed to casual players: most join a few times. */
  engagement: number;
  hours: number;
  joinedAt: number;
  lastOnline: number;
  recipeCount: number;
}

/** The files of one player version. */
export interface PlayerFiles {
  stats: string;
  advancements: string;
  playerdata: Buffer;
  /** Modification time of all three (epoch ms). */
  mtime: number;
}

function hex(rng: Random, digits: number): string {
  let out = '';
  for (let i = 0; i < digits; i++) out += '0123456789abcdef'[rng.int(0, 15)];
  return out;
}

/** Player i's identity and play (version 0). */
export function playerPlan(seed: number, index: number): PlayerPlan {
  const rng = randomFor(seed, index, 0);
  const bedrock = rng.chance(0.08);
  let uuid: string;
  if (bedrock) {
    uuid = `00000000-0000-0000-0009-01${hex(rng, 10)}`;
  } else {
    const h = hex(rng, 32);
    const variant = '89ab'[rng.int(0, 3)];
    uuid = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
  // Letters then the index: unique by construction, 16 characters at most.
  const name = `${bedrock ? '.' : ''}${rng.pick(WORDS_A)}${rng.pick(WORDS_B)}${index}`.slice(0, 17);
  const engagement = rng.float() ** 2.2;
  const hours = 0.05 * 20_000 ** engagement;
  const span = BENCH_NOW - WORLD_OPENED;
  const joinedAt = WORLD_OPENED + Math.floor(rng.float() ** 0.7 * Math.max(0, span - hours * HOUR_MS * 3));
  const room = BENCH_NOW - joinedAt - hours * HOUR_MS;
  const lastOnline = Math.floor(BENCH_NOW - room * rng.float() ** (0.4 + 3 * engagement));
  const share = Math.min(1, 0.08 + 0.9 * engagement ** 1.2 + rng.between(-0.03, 0.03));
  const recipeCount = Math.max(8, Math.round(RECIPES.length * share));
  return { index, uuid, name, bedrock, engagement, hours, joinedAt, lastOnline, recipeCount };
}

/** The plan after `version` more pulls of play. */
function atVersion(plan: PlayerPlan, version: number): PlayerPlan {
  if (version === 0) return plan;
  return {
    ...plan,
    hours: plan.hours + version * 0.25,
    lastOnline: BENCH_NOW + version * PULL_MS,
    recipeCount: Math.min(RECIPES.length, plan.recipeCount + 3 * version),
  };
}

// ---- time formatting: `yyyy-MM-dd HH:mm:ss +0100`, hand-rolled (30 M of these at 50k players).

const pad2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);

/** H. Hinnant's civil_from_days. */
function civil(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

export function gameTime(ms: number): string {
  const local = Math.floor(ms / 1000) + OFFSET_MINUTES * 60;
  const days = Math.floor(local / 86_400);
  const secs = local - days * 86_400;
  const [y, m, d] = civil(days);
  return `${y}-${pad2(m)}-${pad2(d)} ${pad2(Math.floor(secs / 3600))}:${pad2(Math.floor(secs / 60) % 60)}:${pad2(secs % 60)} ${OFFSET_TEXT}`;
}

// ---- advancements/<uuid>.json (compact, as 1.21.11 writes it)

/** The recipes a player holds: commonest first, with ~12 % skipped at random. */
function chosenRecipes(rng: Random, count: number): BenchRecipe[] {
  const out: BenchRecipe[] = [];
  for (let i = 0; i < RECIPES.length && out.length < count; i++) {
    if (rng.chance(0.12) && RECIPES.length - i > count - out.length) continue;
    out.push(RECIPES[i] as BenchRecipe);
  }
  return out;
}

/** Increasing times between join and last online, front-loaded (recipes unlock early). */
function momentTimes(rng: Random, plan: PlayerPlan, count: number): number[] {
  const times: number[] = [];
  const span = Math.max(60_000, plan.lastOnline - plan.joinedAt);
  for (let i = 0; i < count; i++) times.push(plan.joinedAt + Math.floor(rng.float() ** 2.5 * span));
  return times.sort((a, b) => a - b);
}

/**
 * The advancements file of player `plan` at `version`. What was earned is history: the game never
 * rewrites an unlock's time, so every time up to version 0 is drawn from the version-0 plan
 * (`history`), whatever `version` is. A later version adds what was earned since, at the pull it
 * was earned in: the recipes its larger `recipeCount` holds, a recipe of its own, and now and then
 * (one pull in four) the next advancement not yet started.
 */
function renderAdvancements(plan: PlayerPlan, seed: number, version: number): string {
  const history = version === 0 ? plan : playerPlan(seed, plan.index);
  const recipeRng = randomFor(seed, plan.index, 1);
  const recipes = chosenRecipes(recipeRng, history.recipeCount);
  // Many recipes unlock in the same second (picking up one log unlocks a dozen).
  const moments = momentTimes(recipeRng, history, Math.max(2, Math.ceil(recipes.length / 10))).map(gameTime);
  let out = '{';
  for (let i = 0; i < recipes.length; i++) {
    const r = recipes[i] as BenchRecipe;
    const at = moments[Math.min(moments.length - 1, Math.floor((i / recipes.length) * moments.length))];
    out += `"${r.id}":{"criteria":{"${i === 0 ? 'unlock_right_away' : r.criterion}":"${at}"},"done":true},`;
  }
  out += recipesSince(plan, seed, recipes, version);
  const rng = randomFor(seed, plan.index, 2);
  const e = history.engagement;
  const advTimes = momentTimes(rng, history, ADVANCEMENTS.length * 4);
  const gained = gainedPulls(seed, plan.index, version);
  let t = 0;
  for (const a of ADVANCEMENTS) {
    const p = a.isRoot ? 0.97 : a.frame === 'task' ? 0.1 + 0.85 * e ** 0.6 : a.frame === 'goal' ? 0.03 + 0.75 * e ** 0.8 : 0.01 + 0.6 * e ** 1.5;
    const done = rng.chance(p);
    const groups = a.requirements;
    const partial = !done && groups.length >= 5 && e > 0.05;
    if (!done && !partial) {
      // Not started by version 0; earned at a later pull (its criteria drawn from no generator, so
      // every other advancement stays as it was).
      const pull = gained.shift();
      if (pull === undefined) continue;
      const at = gameTime(BENCH_NOW + pull * PULL_MS);
      out += `"${a.id}":{"criteria":{${groups.map((group) => `"${group[0] as string}":"${at}"`).join(',')}},"done":true},`;
      continue;
    }
    const take = done ? groups.length : Math.max(1, Math.floor(groups.length * e * rng.float()));
    let criteria = '';
    for (let g = 0; g < take; g++) {
      const group = groups[g] as string[];
      const name = group[rng.int(0, group.length - 1)] as string;
      const at = advTimes[Math.min(advTimes.length - 1, t++)] as number;
      criteria += `${g === 0 ? '' : ','}"${name}":"${gameTime(at)}"`;
    }
    out += `"${a.id}":{"criteria":{${criteria}},"done":${done}},`;
  }
  return `${out}"DataVersion":${DATA_VERSION}}`;
}

/** The recipe entries unlocked in pulls 1..`pulls` (the version): those `plan`'s count adds (three a pull), and one of each pull's own. */
function recipesSince(plan: PlayerPlan, seed: number, held: readonly BenchRecipe[], pulls: number): string {
  if (pulls <= 0) return '';
  const known = new Set(held.map((r) => r.id));
  const added = chosenRecipes(randomFor(seed, plan.index, 1), plan.recipeCount).filter((r) => !known.has(r.id));
  let out = '';
  added.forEach((r, k) => {
    out += `"${r.id}":{"criteria":{"${r.criterion}":"${gameTime(BENCH_NOW + Math.min(pulls, 1 + Math.floor(k / 3)) * PULL_MS)}"},"done":true},`;
  });
  for (let v = 1; v <= pulls; v++) {
    out += `"minecraft:recipes/misc/bench_pull_${v}":{"criteria":{"has_item":"${gameTime(BENCH_NOW + v * PULL_MS)}"},"done":true},`;
  }
  return out;
}

/** The pulls (1..version) at which the player earned an advancement they had not started: one pull in four, drawn per pull. */
function gainedPulls(seed: number, index: number, version: number): number[] {
  const pulls: number[] = [];
  for (let v = 1; v <= version; v++) if (randomFor(seed, index, 10 + v).chance(0.25)) pulls.push(v);
  return pulls;
}

// ---- stats/<uuid>.json (pretty-printed, as 1.21.11 writes it)

/** Per-hour rates by stat type; custom stats get theirs from the key's shape. */
const TYPE_RATES: Record<string, number> = { mined: 400, used: 150, crafted: 40, picked_up: 300, dropped: 40, broken: 0.3, killed: 8, killed_by: 0.15 };

function customRate(key: string): number {
  if (key === 'minecraft:play_time' || key === 'minecraft:total_world_time') return TICKS_PER_HOUR;
  if (key.startsWith('minecraft:time_since') || key.endsWith('_time')) return TICKS_PER_HOUR * 0.2;
  if (key.endsWith('_one_cm')) return 40_000;
  if (key.startsWith('minecraft:damage')) return 300;
  if (key === 'minecraft:jump') return 600;
  return 3;
}

const ALWAYS_CUSTOM = ['minecraft:play_time', 'minecraft:total_world_time', 'minecraft:leave_game', 'minecraft:time_since_death', 'minecraft:time_since_rest', 'minecraft:walk_one_cm', 'minecraft:sprint_one_cm', 'minecraft:jump'];

function pickKeys(rng: Random, pool: readonly string[], count: number): string[] {
  const keys = new Set<string>();
  for (let tries = 0; keys.size < count && tries < count * 4; tries++) keys.add(pool[Math.floor(pool.length * rng.float() ** 2)] as string);
  return [...keys];
}

function renderStats(plan: PlayerPlan, seed: number): string {
  const rng = randomFor(seed, plan.index, 3);
  const e = plan.engagement;
  const h = plan.hours;
  const types: Array<[type: string, entries: Array<[string, number]>]> = [];
  const custom = new Set(ALWAYS_CUSTOM);
  for (const key of pickKeys(rng, STATS.custom, Math.round(8 + 55 * e ** 0.7))) custom.add(key);
  types.push(['custom', [...custom].map((key) => [key, Math.max(1, Math.round(customRate(key) * h * (key === 'minecraft:play_time' ? 1 : rng.between(0.3, 1.4))))])]);
  const scaled = (base: number, span: number): number => Math.round(base + span * e ** 1.1 * rng.between(0.7, 1.3));
  const counts: Record<string, number> = { mined: scaled(4, 110), used: scaled(4, 130), crafted: scaled(1, 90), picked_up: scaled(4, 90), dropped: scaled(1, 35), broken: scaled(0, 14), killed: scaled(0, 30), killed_by: scaled(0, 8) };
  for (const type of ['mined', 'used', 'crafted', 'picked_up', 'dropped', 'broken', 'killed', 'killed_by'] as const) {
    const keys = pickKeys(rng, STATS[type], counts[type] as number);
    if (keys.length === 0) continue;
    const rate = TYPE_RATES[type] as number;
    types.push([type, keys.map((key, i) => [key, Math.max(1, Math.round((rate * h * rng.float() ** 3) / (1 + i * 0.1)))])]);
  }
  let out = '{\n  "stats": {\n';
  types.forEach(([type, entries], t) => {
    out += `    "minecraft:${type}": {\n`;
    for (let i = 0; i < entries.length; i++) {
      const [key, value] = entries[i] as [string, number];
      out += `      "${key}": ${value}${i === entries.length - 1 ? '' : ','}\n`;
    }
    out += `    }${t === types.length - 1 ? '' : ','}\n`;
  });
  return `${out}  },\n  "DataVersion": ${DATA_VERSION}\n}`;
}

// ---- playerdata/<uuid>.dat (gzip NBT, Paper: with `bukkit` and `Paper` compounds and the recipe book)

function uuidInts(uuid: string): number[] {
  const h = uuid.replaceAll('-', '');
  return [0, 8, 16, 24].map((i) => Number.parseInt(h.slice(i, i + 8), 16) | 0);
}

function renderPlayerData(plan: PlayerPlan, seed: number): Buffer {
  const rng = randomFor(seed, plan.index, 4);
  const e = plan.engagement;
  const recipes = chosenRecipes(randomFor(seed, plan.index, 1), plan.recipeCount);
  const item = (slot: number): Nbt =>
    nbt.compound({ Slot: nbt.byte(slot), id: nbt.string(rng.pick(INVENTORY_ITEMS)), count: nbt.int(rng.int(1, 64)) });
  const inventory = Array.from({ length: Math.round(3 + 33 * e ** 0.5 * rng.float()) }, (_, i) => item(i));
  const ender = Array.from({ length: Math.round(27 * e * rng.float()) }, (_, i) => item(i));
  const level = Math.floor(30 * e * rng.float());
  return writeGzippedNbt({
    DataVersion: nbt.int(DATA_VERSION),
    UUID: nbt.intArray(uuidInts(plan.uuid)),
    Pos: nbt.list('double', [nbt.double(rng.between(-5000, 5000)), nbt.double(rng.int(-50, 200)), nbt.double(rng.between(-5000, 5000))]),
    Motion: nbt.list('double', [nbt.double(0), nbt.double(-0.0784000015258789), nbt.double(0)]),
    Rotation: nbt.list('float', [nbt.float(rng.between(-180, 180)), nbt.float(rng.between(-30, 40))]),
    OnGround: nbt.byte(1),
    Dimension: nbt.string('minecraft:overworld'),
    Health: nbt.float(20),
    foodLevel: nbt.int(rng.int(10, 20)),
    XpLevel: nbt.int(level),
    XpTotal: nbt.int(level * 17),
    Score: nbt.int(level * 17),
    playerGameType: nbt.int(0),
    SelectedItemSlot: nbt.int(rng.int(0, 8)),
    Inventory: nbt.list('compound', inventory),
    EnderItems: nbt.list('compound', ender),
    abilities: nbt.compound({ flying: nbt.byte(0), mayfly: nbt.byte(0), instabuild: nbt.byte(0), walkSpeed: nbt.float(0.1), flySpeed: nbt.float(0.05) }),
    recipeBook: nbt.compound({
      recipes: nbt.list('string', recipes.map((r) => nbt.string(r.item))),
      toBeDisplayed: nbt.list('string', recipes.filter((_, i) => i % 9 === 0).map((r) => nbt.string(r.item))),
      isGuiOpen: nbt.byte(0),
      isFilteringCraftable: nbt.byte(0),
    }),
    bukkit: nbt.compound({
      firstPlayed: nbt.long(plan.joinedAt),
      lastPlayed: nbt.long(plan.lastOnline),
      lastKnownName: nbt.string(plan.name),
      newExp: nbt.int(0),
      newLevel: nbt.int(0),
      newTotalExp: nbt.int(0),
      keepLevel: nbt.byte(0),
      expToDrop: nbt.int(0),
    }),
    Paper: nbt.compound({ LastSeen: nbt.long(plan.lastOnline), LastLogin: nbt.long(Math.max(plan.joinedAt, plan.lastOnline - HOUR_MS)) }),
  });
}

/**
 * Player i's identity and play on one server of a network: the uuid, name and edition come from
 * the network's `identitySeed` (the same person on every server), the play from the server's seed.
 */
export function networkPlayerPlan(seed: number, index: number, identitySeed: number | undefined): PlayerPlan {
  const plan = playerPlan(seed, index);
  if (identitySeed === undefined || identitySeed === seed) return plan;
  const { uuid, name, bedrock } = playerPlan(identitySeed, index);
  return { ...plan, uuid, name, bedrock };
}

/** Player i's three files at `version` (0 = as generated); `identitySeed` as in networkPlayerPlan. */
export function playerFiles(seed: number, index: number, version: number, identitySeed?: number): PlayerFiles {
  const plan = atVersion(networkPlayerPlan(seed, index, identitySeed), version);
  return {
    stats: renderStats(plan, seed),
    advancements: renderAdvancements(plan, seed, version),
    playerdata: renderPlayerData(plan, seed),
    mtime: plan.lastOnline,
  };
}
