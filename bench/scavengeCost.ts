// What a young-generation collection (scavenge) costs beside an old generation of each kind
// (issue 42's p99): a child process keeps MB of data in one of three shapes, collects it into the
// old generation, then allocates short-lived objects for a few seconds with 16 MB semi-spaces (as
// `blockstats serve`) under `--trace-gc-nvp`; the table gives each case's scavenges and their median
// and 90th-percentile milliseconds. The shapes: small objects (as a snapshot's objects, arrays and
// maps are), large arrays of numbers (one large-object page each), typed arrays (their bytes off
// the JavaScript heap).
//
//   node --import tsx bench/scavengeCost.ts [--mb 20,300] [--seconds 3]
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

/** The child: builds the old generation, then makes garbage; V8 prints a line a collection to stdout. */
const CHILD = `
const [mb, shape, seconds] = process.argv.slice(1);
const keep = [];
for (let bytes = 0; bytes < Number(mb) * 1e6; ) {
  if (shape === 'objects') { const a = []; for (let i = 0; i < 1000; i++) a.push({ x: i, y: 'p' + i }); keep.push(a); bytes += 60_000; }
  else if (shape === 'arrays') { keep.push(new Array(60_000).fill(1.5)); bytes += 480_000; }
  else { keep.push(new Float64Array(60_000)); bytes += 480_000; }
}
gc(); gc();
console.log('MEASURE');
let made = 0;
const end = Date.now() + Number(seconds) * 1000;
while (Date.now() < end) { const g = []; for (let i = 0; i < 1000; i++) g.push({ a: i, b: [i] }); made += g.length; }
console.log('kept', keep.length, 'made', made);
`;

const SHAPES = ['objects', 'arrays', 'typed'] as const;

/** Median and 90th percentile of the scavenges' times after the old generation was built. */
function scavenges(mb: number, shape: string, seconds: number): { count: number; median: number; p90: number } {
  const run = spawnSync(process.execPath, ['--expose-gc', '--max-semi-space-size=16', '--trace-gc-nvp', '-e', CHILD, mb.toString(), shape, seconds.toString()], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`the child (${mb} MB of ${shape}) failed: ${run.stderr}`);
  const after = run.stdout.slice(run.stdout.indexOf('MEASURE'));
  const times = [...after.matchAll(/gc=s .*? scavenge=([\d.]+)/g)].map((m) => Number(m[1])).sort((a, b) => a - b);
  if (times.length === 0) throw new Error(`no scavenge in ${seconds} s (${mb} MB of ${shape})`);
  return { count: times.length, median: times[times.length >> 1]!, p90: times[Math.floor(times.length * 0.9)]! };
}

const { values } = parseArgs({ options: { mb: { type: 'string' }, seconds: { type: 'string' } } });
const sizes = (values.mb ?? '20,300').split(',').map(Number);
const seconds = Number(values.seconds ?? 3);
if (sizes.some((n) => !(n > 0)) || !(seconds > 0)) throw new Error('usage: scavengeCost.ts [--mb 20,300] [--seconds 3]');
console.log(`Node ${process.version}, semi-spaces of 16 MB, ${seconds} s of garbage a case\n`);
console.log('| old generation | scavenges | median ms | p90 ms |\n| --- | --- | --- | --- |');
for (const mb of sizes) {
  for (const shape of SHAPES) {
    const { count, median, p90 } = scavenges(mb, shape, seconds);
    console.log(`| ${mb} MB of ${shape} | ${count} | ${median.toFixed(2)} | ${p90.toFixed(2)} |`);
  }
}
