// Generates a deterministic demo Minecraft server directory (Paper 1.21.11 + Floodgate) for
// trying blockstats without a real server:
//
//   node --import tsx examples/generate-demo-server.ts [--out DIR] [--players N] [--seed S]
//                                                     [--now ISO] [--if-missing]
//
// Same options, same bytes: no clock, no Math.random. `--if-missing` does nothing when DIR already
// holds a generated demo (the root package's `prepare` script uses it so `npm install` creates the
// demo once), unless it is one of the same players and seed seen at another time (the default
// "now" moved): then it is generated again. See examples/demo-server/DEMO.md after a run for what it contains.

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateDemoServer, isDemoOfAnotherNow, isGeneratedDemo } from './demo/generate.js';
import { MIN_PLAYERS } from './demo/population.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));

/**
 * Defaults: the committed docs and tests rely on these producing the documented players. `now`
 * is a Thursday: the demo clock continues from it, so "this week" on the demo has days behind it
 * (its boards, rank changes and player of the week show what a real server does mid-week; on a
 * Monday the week held one day and every entry was new).
 */
export const DEMO_DEFAULTS = {
  out: resolve(HERE, 'demo-server'),
  players: 240,
  seed: 'hearthvale',
  now: '2026-11-19T12:00:00Z',
} as const;

const USAGE = `Usage: node --import tsx examples/generate-demo-server.ts [options]

  --out DIR       output directory (default examples/demo-server)
  --players N     number of players, at least ${MIN_PLAYERS} (default ${DEMO_DEFAULTS.players})
  --seed S        random seed (default "${DEMO_DEFAULTS.seed}")
  --now ISO       the moment the server was last stopped (default ${DEMO_DEFAULTS.now})
  --if-missing    do nothing when DIR already holds a generated demo server (unless
                  one of these players and seed seen at another time: generated again)
  --help          show this help`;

/** Parsed command line. */
export interface CliOptions {
  readonly out: string;
  readonly players: number;
  readonly seed: string;
  readonly now: number;
  readonly ifMissing: boolean;
}

/** Parses and validates the arguments; throws an Error with a readable message on bad input. */
export function parseCli(argv: readonly string[]): CliOptions | 'help' {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      out: { type: 'string' },
      players: { type: 'string' },
      seed: { type: 'string' },
      now: { type: 'string' },
      'if-missing': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) return 'help';
  const playersText = values.players ?? String(DEMO_DEFAULTS.players);
  const players = /^\d+$/.test(playersText) ? Number(playersText) : Number.NaN;
  if (!Number.isSafeInteger(players) || players < MIN_PLAYERS || players > 10_000) {
    throw new Error(`--players must be a whole number from ${MIN_PLAYERS} to 10000, got "${playersText}"`);
  }
  const nowText = values.now ?? DEMO_DEFAULTS.now;
  const now = /^\d{4}-\d{2}-\d{2}T/.test(nowText) ? Date.parse(nowText) : Number.NaN;
  if (!Number.isFinite(now)) throw new Error(`--now must be an ISO 8601 date-time such as ${DEMO_DEFAULTS.now}, got "${nowText}"`);
  const seed = values.seed ?? DEMO_DEFAULTS.seed;
  if (seed.length === 0) throw new Error('--seed must not be empty');
  return { out: resolve(values.out ?? DEMO_DEFAULTS.out), players, seed, now, ifMissing: values['if-missing'] ?? false };
}

function main(argv: readonly string[]): number {
  let options: CliOptions | 'help';
  try {
    options = parseCli(argv);
  } catch (error) {
    console.error(`generate-demo-server: ${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (options === 'help') {
    console.log(USAGE);
    return 0;
  }
  const anotherNow = options.ifMissing && isDemoOfAnotherNow(options.out, options);
  if (options.ifMissing && isGeneratedDemo(options.out) && !anotherNow) {
    console.log(`generate-demo-server: ${options.out} already holds a demo server; leaving it alone`);
    return 0;
  }
  if (anotherNow) console.log(`generate-demo-server: ${options.out} holds the demo seen at another time; generating it again for ${new Date(options.now).toISOString()}`);
  try {
    const s = generateDemoServer(options);
    console.log(
      `generate-demo-server: wrote ${s.files} files to ${s.out}: ${s.players} players ` +
        `(${s.java} java, ${s.bedrock} bedrock, ${s.ranked} ranked), seed "${s.seed}", now ${s.now}`,
    );
    return 0;
  } catch (error) {
    console.error(`generate-demo-server: ${(error as Error).message}`);
    return 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
