// The crowns a network prepares after each pull (issues 38 and 41): the week's, last week's, the
// month's and last month's, for the network's view (summed over every server's history) and for
// each server's view (its own history), 2 × (servers + 1) periods wholly in closed days among
// them. Each server's history is the year bench/statHistory.ts keeps in `--work` (run it first
// with the same `--work`), opened once per server. A pull: every history reads 100 players anew
// on the day in progress and the snapshot is rebuilt; then the crowns of every view, in turn, as
// the pull's `prepare` asks for them. Prints the CPU of a pull's crowns, the median of `--pulls`.
//
//   node --import tsx --expose-gc bench/networkCrowns.ts --work DIR [--servers 5] [--pulls 5]

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildSnapshot, periodCrowns, statCatalogue, type Snapshot, type StatHistory } from '../packages/core/src/index.js';
import { openStatHistory } from '../packages/core/src/node.js';
import { benchUuid, DEFAULT_YEAR, JUMP, keptYearDir, PLAY, readYearValues, YEAR_LAST_DAY, yearSave } from './lib/historyYear.js';

const { values: args } = parseArgs({ options: { work: { type: 'string' }, servers: { type: 'string' }, pulls: { type: 'string' } } });
if (!args.work) throw new Error('usage: networkCrowns.ts --work DIR [--servers 5] [--pulls 5]');
const SERVERS = Number(args.servers ?? 5);
const PULLS = Number(args.pulls ?? 5);
const PLAYERS = DEFAULT_YEAR.players;
const kept = keptYearDir(args.work, DEFAULT_YEAR);
if (!existsSync(join(kept, 'values.bin'))) throw new Error(`no kept year in ${kept}: run bench/statHistory.ts --work ${args.work} first`);

const save = yearSave(kept, readYearValues(join(kept, 'values.bin'), PLAYERS));
const LAST_DAY = YEAR_LAST_DAY;
const histories: StatHistory[] = [];
for (let s = 0; s < SERVERS; s++) histories.push((await openStatHistory(kept)).history);
/** The network's view and each server's: the histories each sums. */
const views: StatHistory[][] = [histories, ...histories.map((h) => [h])];

let pulled = 0;
/** A pull: 100 players read anew on the day in progress, on every server; a new snapshot. */
function pull(): Snapshot {
  pulled++;
  for (const history of histories) {
    for (let p = 0; p < 100; p++) {
      const row = new Float64Array(statCatalogue.length);
      row[PLAY] = 1e12 + p + pulled * 1000;
      row[JUMP] = 1e9 + p + pulled * 1000;
      history.read(LAST_DAY + 1, benchUuid(p), row);
    }
  }
  return buildSnapshot(save, { now: (LAST_DAY + 2) * 86_400_000 + pulled });
}

/** CPU milliseconds of the crowns of every view, in turn. */
function crowns(snapshot: Snapshot): number {
  const cpu = process.cpuUsage();
  for (const view of views) periodCrowns(snapshot, view);
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / 1000;
}

const first = crowns(pull()); // every closed period summed the first time
const times = Array.from({ length: PULLS }, () => crowns(pull())).sort((a, b) => a - b);
console.log(`${SERVERS} servers + the network: ${views.length * 4} crowned periods a pull, ${PLAYERS} players, 365 days`);
console.log(`crowns of every view after a pull: CPU ${times[times.length >> 1]!.toFixed(0)} ms median of ${PULLS} (all ${times.map((t) => t.toFixed(0)).join(', ')}); ${first.toFixed(0)} ms the first time`);
