// The functions a CPU profile spent its samples in: self and total (inclusive) milliseconds,
// the top ones by each, over one `.cpuprofile` or a JSON array of them (bench/networkPullProfile.ts
// writes one a measured pull). Times are summed over the profiles; divide by their number.
//
//   node bench/profileTop.mjs FILE [top=40] [filter]
//
// `filter` keeps only the samples whose stack passes through a function of that name.
import { readFileSync } from 'node:fs';

const [file, topArg, filter] = process.argv.slice(2);
const top = Number(topArg ?? 40);
const loaded = JSON.parse(readFileSync(file, 'utf8'));
const profiles = Array.isArray(loaded) ? loaded : [loaded];
const self = new Map();
const total = new Map();
let sampled = 0;
for (const profile of profiles) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber + 1}`;
  for (let i = 0; i < profile.samples.length; i++) {
    const ms = (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i]) / 1000;
    const leaf = byId.get(profile.samples[i]);
    if (leaf.callFrame.functionName === '(idle)') continue;
    const stack = [];
    for (let id = leaf.id; id !== undefined; id = parent.get(id)) stack.push(byId.get(id));
    if (filter && !stack.some((n) => n.callFrame.functionName === filter)) continue;
    sampled += ms;
    self.set(label(leaf), (self.get(label(leaf)) ?? 0) + ms);
    for (const key of new Set(stack.map(label))) total.set(key, (total.get(key) ?? 0) + ms);
  }
}
const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${(ms / profiles.length).toFixed(1).padStart(8)} ms  ${key}`);
};
console.log(`${profiles.length} profile(s), ${(sampled / profiles.length).toFixed(0)} ms busy each`);
print('self (ms a profile)', self);
print('total (ms a profile)', total);
