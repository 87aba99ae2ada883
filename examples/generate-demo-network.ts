// Generates the demo network (issue 38): three servers (survival 1.21.11, creative 1.20.1,
// skyblock 1.15.2) side by side under one folder, with overlapping players, Java and Bedrock,
// and one player banned on creative only:
//
//   node --import tsx examples/generate-demo-network.ts [--out DIR] [--people N] [--seed S] [--now ISO]
//
// Same options, same bytes. Serve it with
//   npx blockstats serve --server survival=DIR/survival --server creative=DIR/creative --server skyblock=DIR/skyblock

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateDemoNetwork } from './network/generate.js';

const HERE = fileURLToPath(new URL('.', import.meta.url));

/** Defaults: the network tests rely on these. */
export const NETWORK_DEFAULTS = {
  out: resolve(HERE, 'demo-network'),
  people: 40,
  seed: 'three-isles',
  now: '2026-11-16T12:00:00Z',
} as const;

function main(argv: readonly string[]): number {
  const { values } = parseArgs({
    args: [...argv],
    options: { out: { type: 'string' }, people: { type: 'string' }, seed: { type: 'string' }, now: { type: 'string' } },
    strict: true,
  });
  const people = Number(values.people ?? NETWORK_DEFAULTS.people);
  const now = Date.parse(values.now ?? NETWORK_DEFAULTS.now);
  if (!Number.isInteger(people) || people < 4 || people > 10_000) {
    console.error(`generate-demo-network: --people must be a whole number from 4 to 10000, got "${values.people}"`);
    return 2;
  }
  if (!Number.isFinite(now)) {
    console.error(`generate-demo-network: --now must be an ISO 8601 date-time, got "${values.now}"`);
    return 2;
  }
  const summary = generateDemoNetwork({ out: resolve(values.out ?? NETWORK_DEFAULTS.out), people, seed: values.seed ?? NETWORK_DEFAULTS.seed, now });
  for (const server of summary.servers) console.log(`${server.id}: ${server.dir} (${server.release})`);
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
