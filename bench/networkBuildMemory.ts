// Where a network build's memory goes (issue 38): reads a generated network's saves (packed,
// through a parse cache each, as `serve` reads them), then merges them, builds the network's
// snapshot and each server's view as a network pull does, printing the live heap after a full
// collection at each step, and each snapshot's generation (to check a change leaves every answer as it was).
// Usage: node --expose-gc --conditions=source --import tsx bench/networkBuildMemory.ts DIR(network-5x2000-…) [now-ms]
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildSnapshotInSteps, mergeSaves, serverView, type Snapshot } from '@blockstats/core';
import { createParseCache, readSave } from '@blockstats/core/node';

const gc = (globalThis as { gc?: () => void }).gc!;
const mb = (n: number): number => Math.round(n / 1048576);
function mark(step: string, extra: Record<string, unknown> = {}): void {
  gc();
  const m = process.memoryUsage();
  process.stdout.write(`${JSON.stringify({ step, heap: mb(m.heapUsed), external: mb(m.external + m.arrayBuffers), rss: mb(m.rss), ...extra })}\n`);
}

async function main(): Promise<void> {
  const dir = process.argv[2]!;
  const now = Number(process.argv[3] ?? 1_780_000_000_000);
  const pause = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
  mark('start');
  const members = [];
  for (const id of readdirSync(dir).sort()) members.push({ id, save: await readSave(join(dir, id), { cache: createParseCache() }) });
  mark('read');
  const network = mergeSaves(members);
  mark('merged', { people: network.players.length });
  const snapshot = await buildSnapshotInSteps(network, { now }, pause);
  mark('network built', { generation: snapshot.generation });
  const views = new Map<string, Snapshot>();
  for (const m of members) {
    views.set(m.id, await buildSnapshotInSteps(serverView(m.save, network), { now }, pause));
    mark(`view ${m.id}`, { generation: views.get(m.id)!.generation });
  }
  process.stdout.write(`${JSON.stringify({ kept: [snapshot.players.length, views.size] })}\n`);
}

void main();
