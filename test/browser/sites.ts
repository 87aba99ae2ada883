// The sites the browser suite visits, each listening on a port the OS picks:
// - the demo server as `blockstats serve` runs it (reference server, its configuration defaults,
//   a generated demo save with its activity record, on demo time);
// - a real save from ../shared/real-saves, the same way;
// - a save of hostile player names, with heads and icons from a local image host, so the
//   external-images path runs without any third-party request.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSnapshot, mergeSaves, serverView, type PlayerSave, type Snapshot } from '@blockstats/core';
import { loadRecord, readSave } from '@blockstats/core/node';
import { createRouter } from '@blockstats/server';
import { toNodeListener } from '@blockstats/server/node';
import { createReferenceServer, type ReferenceServer } from '@blockstats/server/reference';
import { generateDemoRecord } from '../../examples/generate-demo-record.js';
import { generateDemoStatHistory } from '../../examples/generate-demo-stat-history.js';
import { generateDemoServer } from '../../examples/demo/generate.js';
import { DEMO_DEFAULTS } from '../../examples/generate-demo-server.js';
import { generateDemoNetwork } from '../../examples/network/generate.js';
import { fixtureRecord, fixtureSave, uuids } from '../../packages/server/test/fixture.js';

/** A site being served. */
export interface ServedSite {
  origin: string;
  close(): Promise<void>;
}


function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    resolve(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
  }));
}

const closing = (server: Server) => new Promise<void>((resolve) => {
  server.closeAllConnections();
  server.close(() => resolve());
});

/** A reference server (the `serve` configuration with lookups and the rate limit off) over a save. */
async function reference(serverDir: string, dataDir: string, clock?: () => number, name?: string): Promise<{ server: ReferenceServer; origin: string }> {
  const server = createReferenceServer(
    {
      server_dir: serverDir,
      data_dir: dataDir,
      ...(name ? { name } : {}),
      skins: { enabled: false },
      modrinth: { enabled: false },
      rate_limit: { requests: 0 },
    },
    { readOnly: true, ...(clock ? { clock } : {}) },
  );
  const pulled = await server.pull();
  if (!pulled.ok) throw new Error(`cannot read ${serverDir}: ${pulled.error}`);
  try {
    await server.loadRecord();
  } catch {
    // No record: the activity pages say so.
  }
  const { url } = await server.listen({ host: '127.0.0.1', port: 0 });
  return { server, origin: url };
}

/**
 * The demo server with its 45-day record and 180-day stat history, as `npm start` serves them:
 * 40 players by default (the demo generator at a crawlable size; `npm start` serves 240).
 */
export async function demoSite(players = 40): Promise<ServedSite & { dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'blockstats-browser-demo-'));
  const save = join(dir, 'server');
  const data = join(dir, 'data');
  generateDemoServer({ out: save, players, seed: DEMO_DEFAULTS.seed, now: Date.parse(DEMO_DEFAULTS.now) });
  const saved = await readSave(save);
  await generateDemoRecord({ server: save, data, save: saved });
  await generateDemoStatHistory({ server: save, data, save: saved });
  const { record } = await loadRecord(data);
  const now = record.times.at(-1)! + 15 * 60_000;
  const { server, origin } = await reference(save, data, () => now, 'Hearthvale SMP');
  return {
    origin,
    dir,
    async close() {
      await server.close({ graceMs: 0 });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One real server save, served read-only (the data directory is a temporary one). */
export async function realSaveSite(serverDir: string): Promise<ServedSite> {
  const data = mkdtempSync(join(tmpdir(), 'blockstats-browser-real-'));
  const { server, origin } = await reference(serverDir, data);
  return {
    origin,
    async close() {
      await server.close({ graceMs: 0 });
      rmSync(data, { recursive: true, force: true });
    },
  };
}

/** Player names a hostile player could pick (Bedrock names and old files are free text). */
export const HOSTILE_NAMES = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(2)>',
  "O'Brien & <b>Co</b>",
  'Ev\u202Eil\u200F',
  '<svg onload=alert(3)>',
] as const;

/** A 1×1 PNG for the local image host. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkaPhfDwAFgwJ/lH4nWQAAAABJRU5ErkJggg==', 'base64');

/**
 * The fixture world plus players with hostile names, served by a router with the site on and
 * heads and icons from a local image host (which counts what it serves).
 */
export async function hostileSite(): Promise<ServedSite & { uuids: string[]; imageOrigin: string; imageRequests: () => number }> {
  let images = 0;
  const imageHost = createServer((request, response) => {
    images++;
    response.writeHead(request.url?.startsWith('/') ? 200 : 404, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' });
    response.end(PIXEL);
  });
  const imageOrigin = await listen(imageHost);
  const save = fixtureSave();
  const template = save.players.find((p) => p.uuid === uuids.alex)!;
  const hostile = HOSTILE_NAMES.map((name, i) => {
    const uuid = `aaaaaaaa-0000-4000-8000-00000000000${i}`;
    save.players.push({ ...template, uuid, name, files: { ...template.files } } as PlayerSave);
    return uuid;
  });
  const now = Date.UTC(2026, 10, 18, 12);
  const snapshot: Snapshot = buildSnapshot(save, {
    now: now - 10 * 60_000,
    server: { name: '<i>Test</i> SMP "quoted"', short_name: 'Test' },
    textureTemplates: { head: `${imageOrigin}/heads/{id}.png` },
    iconUrlTemplate: `${imageOrigin}/icons/{item}.png`,
  });
  const record = fixtureRecord();
  const router = createRouter({ snapshot: () => snapshot, record: () => record, clock: () => now, rateLimit: false, site: { externalImages: true }, renderPng: async () => PIXEL });
  const server = createServer(toNodeListener(router.fetch));
  const origin = await listen(server);
  return {
    origin,
    uuids: hostile,
    imageOrigin,
    imageRequests: () => images,
    async close() {
      await Promise.all([closing(server), closing(imageHost)]);
    },
  };
}

/**
 * The generated demo network (three servers, overlapping players), served by a router given its
 * servers, with the site on: the network's pages and each server's under `?server=<id>`.
 */
export async function networkSite(): Promise<ServedSite & { servers: Array<{ id: string; name: string }> }> {
  const dir = mkdtempSync(join(tmpdir(), 'blockstats-browser-network-'));
  const now = Date.UTC(2026, 10, 16, 12);
  const summary = generateDemoNetwork({ out: dir, people: 24, seed: 'three-isles', now });
  const members = await Promise.all(summary.servers.map(async (s) => ({ id: s.id, save: await readSave(s.dir, { threads: 0 }) })));
  const network = mergeSaves(members);
  const whole = buildSnapshot(network, { now });
  const servers = summary.servers.map((s, i) => {
    const snapshot = buildSnapshot(serverView(members[i]!.save, network), { now });
    return { id: s.id, name: s.name, snapshot: () => snapshot };
  });
  const router = createRouter({ snapshot: () => whole, servers, clock: () => now, rateLimit: false, site: { externalImages: false } });
  const server = createServer(toNodeListener(router.fetch));
  const origin = await listen(server);
  return {
    origin,
    servers: servers.map(({ id, name }) => ({ id, name })),
    async close() {
      await closing(server);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
