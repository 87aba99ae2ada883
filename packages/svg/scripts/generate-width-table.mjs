#!/usr/bin/env node
// Regenerates src/data/verdana-11px.json, the Verdana 11 px advance widths that badge layout
// uses, from the measurements published in anafanafo 2.0.0 (MIT, the table shields.io's
// badge-maker measures with). Only the figures are taken; the lookup code is our own
// (src/text-width.ts), so the runtime needs neither anafanafo nor node:fs.
//
// anafanafo is present as a dependency of the badge-maker devDependency:
//   node packages/svg/scripts/generate-width-table.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const pkgDir = dirname(require.resolve('anafanafo/package.json'));
const { version } = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
/** @type {[number, number, number][]} */
const ranges = JSON.parse(readFileSync(join(pkgDir, 'data', 'verdana-11px-normal.json'), 'utf8'));

// Sanity checks: sorted, non-overlapping, finite widths. The lookup relies on them.
let previousEnd = -1;
for (const [lo, hi, width] of ranges) {
  if (!(lo > previousEnd && hi >= lo && Number.isFinite(width) && width >= 0)) {
    throw new Error(`unexpected range [${lo}, ${hi}, ${width}] after ${previousEnd}`);
  }
  previousEnd = hi;
}
// anafanafo guesses the width of "m" for code points it has no figure for; keep that rule as data.
const m = ranges.find(([lo, hi]) => lo <= 0x6d && 0x6d <= hi);
if (!m) throw new Error('no width for "m"');

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'data', 'verdana-11px.json');
const body = [
  '{',
  '  "font": "11px Verdana",',
  `  "source": "anafanafo ${version} data/verdana-11px-normal.json (MIT)",`,
  `  "unknownWidth": ${m[2]},`,
  '  "ranges": [',
  ranges.map((r) => `    [${r.join(',')}]`).join(',\n'),
  '  ]',
  '}',
  '',
].join('\n');
writeFileSync(out, body);
console.log(`wrote ${ranges.length} ranges to ${out}`);
