// How long answers wait while a pull reads files just under the size limits (issue 40's target:
// no answer over 100 ms): the built `blockstats serve` with its defaults (but the rate limit)
// restarted on a copy of the demo server with a 16 MB stats file and a 16 MB `usercache.json`,
// probed every ~10 ms throughout that pull beside a bare `node:http` server in a process of its
// own (the control: what the machine adds to any wait at that moment). See
// test/support/bigFilesPull.ts. Each path's first answer compiles its code in the fresh process
// and is left out. Prints a line a round and one JSON line of them all; exits 1 when a round's
// worst wait is over the target.
//
//   node --conditions=source --import tsx bench/bigFilesStall.ts [--rounds 3] [--prof DIR]
//
// `--prof DIR` writes the probed server's CPU profiles there, to find a stall.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { ensureBuilt } from '../packages/cli/test/support.js';
import { bigFilesPull, longest } from '../test/support/bigFilesPull.js';

const TARGET_MS = 100;

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '3' }, prof: { type: 'string' } } });
const rounds = Number(args.rounds);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds must be a whole number ≥ 1, not ${args.rounds}`);
ensureBuilt();

const results = [];
for (let round = 1; round <= rounds; round++) {
  const load = loadavg()[0]!;
  const pull = await bigFilesPull(args.prof ? ['--cpu-prof', `--cpu-prof-dir=${args.prof}`] : []);
  const worst = longest(pull.measured);
  const result = {
    round,
    load_before: Number(load.toFixed(2)),
    answers: pull.waits.length,
    worst_ms: worst.ms,
    worst_path: worst.path,
    over_target: pull.measured.filter((w) => w.ms > TARGET_MS).length,
    control_worst_ms: longest(pull.controlWaits).ms,
    pull_ms: pull.pull.duration_ms,
    rss_mb: pull.pull.rss_mb,
  };
  results.push(result);
  console.log(`round ${round}: ${result.answers} answers during a ${String(result.pull_ms)} ms pull, worst ${result.worst_ms} ms (${result.worst_path}), ${result.over_target} over ${TARGET_MS} ms; the control's worst ${result.control_worst_ms} ms; load ${result.load_before}`);
}
console.log(JSON.stringify({ target_ms: TARGET_MS, rounds: results }));
process.exitCode = results.every((r) => r.worst_ms <= TARGET_MS) ? 0 : 1;
