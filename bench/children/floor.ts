import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import nbt from 'prismarine-nbt';
import { cpuMs, peakRssMb, reportResult } from '../lib/child.js';

// The floor the issue measures the snapshot against: one thread, synchronous reads, the same
// player files the reader reads. JSON files are read and JSON.parse-d; `.dat` files are read and
// gunzipped (the least any reader must do to get at NBT), and separately NBT-parsed with the
// same library the reader uses, so both floors can be reported.
// Usage: floor.ts <world dir>

export interface FloorResult {
  files: number;
  bytes: number;
  /** Read + JSON.parse of stats and advancements files. */
  jsonMs: number;
  /** Read + gunzip of playerdata files. */
  datMs: number;
  /** prismarine-nbt parse of the gunzipped playerdata (not in the floor; reported beside it). */
  nbtMs: number;
  /** jsonMs + datMs: the floor. */
  floorMs: number;
  /** CPU time of the floor (JSON and gunzip), in ms. */
  cpuMs: number;
  peakRssMb: number;
}

const world = process.argv[2];
if (!world) throw new Error('usage: floor.ts <world dir>');
const uuidFile = /^[0-9a-f-]{36}\.(json|dat)$/;
const list = (folder: string): string[] => readdirSync(join(world, folder)).filter((n) => uuidFile.test(n)).map((n) => join(world, folder, n));

const cpu0 = cpuMs();
let files = 0;
let bytes = 0;
let sink = 0;
const t0 = performance.now();
for (const folder of ['stats', 'advancements']) {
  for (const path of list(folder)) {
    const text = readFileSync(path, 'utf8');
    const parsed = JSON.parse(text) as Record<string, unknown>;
    sink += Object.keys(parsed).length;
    files++;
    bytes += text.length;
  }
}
const t1 = performance.now();
const raw: Buffer[] = [];
for (const path of list('playerdata')) {
  const gz = readFileSync(path);
  raw.push(gunzipSync(gz));
  files++;
  bytes += gz.length;
}
const t2 = performance.now();
const floorCpu = cpuMs() - cpu0;
for (const data of raw) sink += Object.keys((nbt.parseUncompressed(data, 'big') as { value: object }).value).length;
const t3 = performance.now();
if (sink < 0) console.error(sink);

reportResult({
  files,
  bytes,
  jsonMs: t1 - t0,
  datMs: t2 - t1,
  nbtMs: t3 - t2,
  floorMs: t2 - t0,
  cpuMs: floorCpu,
  peakRssMb: peakRssMb(),
} satisfies FloorResult);
