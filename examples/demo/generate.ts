import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { compareText } from './compare.js';
import { datapackAdvancements } from './datapack.js';
import { levelDat, playerDat } from './nbt-files.js';
import { planPopulation, type PlayerPlan, type Role } from './population.js';
import { earnAdvancements, type Earned } from './progression.js';
import { Random } from './random.js';
import { recipeBook, unlockRecipes } from './recipes.js';
import {
  bannedPlayers, floodgateConfig, modFiles, ops, SERVER_NAME, serverProperties, usercache, versionHistory, whitelist,
} from './server-files.js';
import { buildStats, sortStats, type StatCounters } from './stats.js';
import { forceTies, type TieNote } from './ties.js';
import { formatGameTime, serverClock } from './timeline.js';

// Writes the whole demo server directory. Everything is derived from (seed, players, now), so two
// runs with the same options produce byte-identical files with identical modification times.

/** Options of one generation run. */
export interface DemoOptions {
  /** Output directory (created; replaced if it holds an earlier generated demo). */
  readonly out: string;
  readonly players: number;
  readonly seed: string;
  /** "Now", epoch ms: the moment the server was last stopped. */
  readonly now: number;
}

/** A player worth naming in docs and tests. */
export interface NotablePlayer {
  readonly role: Role;
  readonly name: string;
  readonly uuid: string;
  readonly edition: 'java' | 'bedrock';
  readonly playMinutes: number;
  readonly lastOnline: string;
}

/** What a run produced. */
export interface DemoSummary {
  readonly out: string;
  readonly seed: string;
  readonly now: string;
  readonly players: number;
  readonly java: number;
  readonly bedrock: number;
  readonly ranked: number;
  readonly unranked: number;
  readonly predating: number;
  readonly withAdvancementsFile: number;
  readonly withPlayerdata: number;
  readonly withDatapackAdvancements: number;
  readonly averageRecipes: number;
  readonly files: number;
  readonly notable: readonly NotablePlayer[];
  readonly ties: readonly TieNote[];
}

/** First line of DEMO.md; its presence marks a directory this generator may replace. */
export const DEMO_MARKER = '# Demo server (generated)';
const PARTIAL_MARKER = '.demo-server-partial';
const UTC_OFFSET_MINUTES = 60;
const RANKED_TICKS = 72_000;

/** True when `dir` holds a finished generated demo server. */
export function isGeneratedDemo(dir: string): boolean {
  const note = join(dir, 'DEMO.md');
  return existsSync(note) && readFileSync(note, 'utf8').startsWith(DEMO_MARKER);
}

/**
 * True when `dir` holds a generated demo server of these players and seed but for another "now"
 * (its DEMO.md says): one generated before the default "now" moved, which `--if-missing` generates
 * again so the demo's record and history follow. A demo of other players or seed is left alone.
 */
export function isDemoOfAnotherNow(dir: string, options: Pick<DemoOptions, 'players' | 'seed' | 'now'>): boolean {
  if (!isGeneratedDemo(dir)) return false;
  const note = readFileSync(join(dir, 'DEMO.md'), 'utf8');
  const same = note.includes(`Seed \`${options.seed}\`.`) && note.includes(`| players (stats files) | ${options.players} |`);
  return same && !note.includes(`seen at ${new Date(options.now).toISOString()}.`);
}

interface PlayerFiles {
  readonly plan: PlayerPlan;
  readonly advancements: Map<string, Earned>;
  readonly file: Map<string, Earned>;
  readonly stats: StatCounters;
}

/** Generates the demo server into `options.out`. Throws on bad options or an unsafe target. */
export function generateDemoServer(options: DemoOptions): DemoSummary {
  if (!Number.isFinite(options.now)) throw new Error('generateDemoServer: "now" is not a valid time');
  if (options.seed.length === 0) throw new Error('generateDemoServer: the seed must not be empty');
  const out = resolve(options.out);
  if (existsSync(out) && readdirSync(out).length > 0 && !isGeneratedDemo(out)) {
    throw new Error(`refusing to replace ${out}: it is not empty and holds no generated DEMO.md`);
  }

  const clock = serverClock(options.now, UTC_OFFSET_MINUTES);
  const rng = new Random(`blockstats-demo/${options.seed}`);
  const plans = planPopulation(rng.fork('population'), clock, options.players);
  const book = recipeBook(rng.fork('recipe-book'));

  const players: PlayerFiles[] = plans.map((plan) => {
    const own = rng.fork(`player/${plan.uuid}/${plan.name}`);
    const advancements = earnAdvancements(own.fork('advancements'), clock, plan);
    const recipes = unlockRecipes(own.fork('recipes'), book, plan, advancements);
    const file = new Map([...advancements, ...recipes, ...datapackAdvancements(clock, plan)]);
    const stats = buildStats(own.fork('stats'), clock, plan, advancements);
    return { plan, advancements, file, stats };
  });
  const ties = forceTies(players);

  // Build next to the target, then swap it in: an interrupted run never leaves a half demo behind.
  const partial = `${out}.partial`;
  if (existsSync(partial)) {
    if (!existsSync(join(partial, PARTIAL_MARKER))) throw new Error(`refusing to remove ${partial}: not a partial demo server`);
    rmSync(partial, { recursive: true, force: true });
  }
  mkdirSync(partial, { recursive: true });
  let files = 0;
  const put = (path: string, content: string | Buffer, mtime: number): void => {
    const full = join(partial, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
    const seconds = Math.floor(mtime / 1000);
    utimesSync(full, seconds, seconds);
    files++;
  };
  writeFileSync(join(partial, PARTIAL_MARKER), '');

  const { now, opened } = clock;
  const offsetMinutes = UTC_OFFSET_MINUTES;
  const seedRng = rng.fork('world-seed');
  const seedNumber = ((seedRng.uint32() & 0x1fffff) * 2 ** 32 + seedRng.uint32()) - 2 ** 52;
  const worldUuid = '5f3c2a1e-8b7d-4c6f-9a2e-1d0b3c4e5f60';
  put('server.properties', serverProperties(now, offsetMinutes, seedNumber), now);
  put('usercache.json', usercache(plans, offsetMinutes), now);
  put('whitelist.json', whitelist(plans), now);
  put('ops.json', ops(plans), opened + 86_400_000);
  put('banned-players.json', bannedPlayers(plans, offsetMinutes), now);
  put('version_history.json', versionHistory(), clock.availableFrom('1.21.11'));
  put('plugins/floodgate/config.yml', floodgateConfig(), opened);
  modFiles().forEach((mod, i) => put(`mods/${mod.name}`, mod.bytes, opened + (i + 1) * 7 * 86_400_000));
  put('world/level.dat', levelDat({
    now, opened, seed: seedNumber, worldUuid,
    datapacks: ['vanilla', 'file/bukkit', 'file/incendium', 'paper'],
  }), now);

  for (const { plan, advancements, file, stats } of [...players].sort((a, b) => compareText(a.plan.uuid, b.plan.uuid))) {
    const own = rng.fork(`player-files/${plan.uuid}/${plan.name}`);
    put(`world/stats/${plan.uuid}.json`, JSON.stringify({ stats: sortStats(stats), DataVersion: 4671 }), plan.lastOnline);
    if (!plan.roles.includes('no_advancements')) {
      put(`world/advancements/${plan.uuid}.json`, advancementsJson(file, offsetMinutes), plan.lastOnline);
    }
    if (!plan.roles.includes('stats_only')) {
      put(`world/playerdata/${plan.uuid}.dat`, playerDat(own.fork('dat'), plan, advancements, worldUuid), plan.lastOnline);
      // The game keeps the previous save as .dat_old; recently active players have one.
      const previous = plan.sessions[plan.sessions.length - 2];
      if (previous && now - plan.lastOnline < 7 * 86_400_000) {
        const older: PlayerPlan = { ...plan, lastOnline: previous.end, lastLogin: previous.start };
        put(`world/playerdata/${plan.uuid}.dat_old`, playerDat(own.fork('dat_old'), older, advancements, worldUuid), previous.end);
      }
    }
  }

  const summary = summarise(options, out, players, ties, files + 1);
  rmSync(join(partial, PARTIAL_MARKER));
  put('DEMO.md', demoNote(summary), now);
  if (existsSync(out)) rmSync(out, { recursive: true, force: true });
  renameSync(partial, out);
  return summary;
}

/**
 * The advancement file: entries in the order they were first reached, criteria by time, then
 * DataVersion; Gson's 2-space pretty printing without a trailing newline (NOTES 3).
 */
function advancementsJson(entries: ReadonlyMap<string, Earned>, offsetMinutes: number): string {
  const first = (e: Earned): number => e.criteria.reduce((min, [, t]) => Math.min(min, t), Number.POSITIVE_INFINITY);
  const ordered = [...entries].sort(([a, x], [b, y]) => first(x) - first(y) || compareText(a, b));
  const json: Record<string, unknown> = {};
  for (const [id, e] of ordered) {
    const criteria = [...e.criteria].sort((a, b) => a[1] - b[1] || compareText(a[0], b[0]));
    json[id] = {
      criteria: Object.fromEntries(criteria.map(([c, t]) => [c, formatGameTime(t, offsetMinutes)])),
      done: e.done,
    };
  }
  json.DataVersion = 4671;
  return JSON.stringify(json, null, 2);
}

function summarise(options: DemoOptions, out: string, players: readonly PlayerFiles[], ties: readonly TieNote[], files: number): DemoSummary {
  const playTicks = (p: PlayerFiles): number => p.stats['minecraft:custom']?.['minecraft:play_time'] ?? 0;
  const withRole = (role: Role): PlayerFiles[] => players.filter((p) => p.plan.roles.includes(role));
  const recipes = players.map((p) => [...p.file.keys()].filter((k) => k.startsWith('minecraft:recipes/')).length);
  const notable: NotablePlayer[] = [];
  const roles: Role[] = [
    'top_veteran', 'owner', 'moderator', 'reused_name_old', 'reused_name_new', 'cross_edition_java',
    'cross_edition_bedrock', 'bedrock_notable', 'predating', 'unranked_visitor', 'stats_only', 'no_advancements',
    'not_in_usercache', 'banned', 'unwhitelisted',
  ];
  for (const role of roles) {
    for (const p of withRole(role)) {
      notable.push({
        role,
        name: p.plan.name,
        uuid: p.plan.uuid,
        edition: p.plan.edition,
        playMinutes: Math.floor(playTicks(p) / 1200),
        lastOnline: new Date(p.plan.lastOnline).toISOString(),
      });
    }
  }
  const ranked = players.filter((p) => playTicks(p) >= RANKED_TICKS).length;
  return {
    out,
    seed: options.seed,
    now: new Date(options.now).toISOString(),
    players: players.length,
    java: players.filter((p) => p.plan.edition === 'java').length,
    bedrock: players.filter((p) => p.plan.edition === 'bedrock').length,
    ranked,
    unranked: players.length - ranked,
    predating: withRole('predating').length,
    withAdvancementsFile: players.length - withRole('no_advancements').length,
    withPlayerdata: players.length - withRole('stats_only').length,
    withDatapackAdvancements: players.filter((p) => [...p.file.keys()].some((k) => !k.startsWith('minecraft:'))).length,
    averageRecipes: Math.round(recipes.reduce((a, b) => a + b, 0) / Math.max(1, recipes.length)),
    files,
    notable,
    ties,
  };
}

function demoNote(s: DemoSummary): string {
  const rows = s.notable.map((n) => `| ${n.role} | \`${n.name}\` | \`${n.uuid}\` | ${n.edition} | ${n.playMinutes} | ${n.lastOnline} |`);
  const ties = s.ties.map((t) => `- \`${t.stat}\`: rank ${t.rank} shared by ${t.names.map((n) => `\`${n}\``).join(', ')} (value ${t.value})`);
  return `${DEMO_MARKER}

Generated by \`examples/generate-demo-server.ts\`; do not edit. Regenerate with
\`npm run demo:generate\` (options: \`--out DIR --players N --seed S --now ISO\`).

A ${SERVER_NAME} Paper 1.21.11 server (DataVersion 4671) with Floodgate, seen at ${s.now}.
Seed \`${s.seed}\`. Timestamps in advancement files and usercache carry the server's fixed
offset, +0100.

| count | value |
|---|---|
| players (stats files) | ${s.players} |
| java / bedrock | ${s.java} / ${s.bedrock} |
| ranked (60+ min) / unranked | ${s.ranked} / ${s.unranked} |
| predating advancement tracking | ${s.predating} |
| advancement files | ${s.withAdvancementsFile} |
| playerdata files | ${s.withPlayerdata} |
| players with datapack (incendium) advancements | ${s.withDatapackAdvancements} |
| recipe unlocks per player (mean) | ${s.averageRecipes} |
| files written | ${s.files} |

## Notable players

| role | name | uuid | edition | minutes played | last online |
|---|---|---|---|---|---|
${rows.join('\n')}

## Ties

${ties.join('\n')}
`;
}
