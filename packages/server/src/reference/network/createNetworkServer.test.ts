// The network server in-process on the generated demo network (three servers, overlapping
// players): each server only reads and records (the network builds every view), a pull after one
// player's file changed answers exactly as a network read and built from scratch, and /v1/status
// gives the proxy's ping with every backend's own (and its home page lists them) and, under
// ?server=, one backend's alone.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildSnapshot, mergeSaves, serverView, type Snapshot } from '@blockstats/core';
import { readSave } from '@blockstats/core/node';
import { NETWORK_DEFAULTS } from '../../../../../examples/generate-demo-network.js';
import { generateDemoNetwork, type NetworkSummary } from '../../../../../examples/network/generate.js';
import { closedPort, fakeJavaServer, javaStatusComponent, type FakeJavaServer } from '../../live/testing/index.js';
import { createRouter, type BlockstatsRouter } from '../../router/createRouter.js';
import type { Logger } from '../logger.js';
import { snapshotOptions } from '../snapshotOptions.js';
import { SNAPSHOT_FILE } from '../snapshotFile.js';
import { backendConfig, backendDataDir } from './backendConfig.js';
import { createNetworkServer, type NetworkServerConfig } from './createNetworkServer.js';
import { VIEW_SNAPSHOT_FILE } from './networkPersister.js';

const START = Date.parse(NETWORK_DEFAULTS.now) + 30 * 60_000;
const QUIET = { skins: { enabled: false }, modrinth: { enabled: false }, rate_limit: { requests: 0 }, schedule: { watch: false } } as const;
/** Answers compared between the served network and one built from scratch, in every view. */
const PATHS = ['/v1/players?limit=500', '/v1/stats/jump', '/v1/stats/play_time', '/v1/totals', '/v1/hall-of-fame', '/v1/advancements', '/v1/feed', '/v1/server'];

async function json(fetch: (request: Request) => Promise<Response>, path: string): Promise<{ status: number; body: any }> {
  const response = await fetch(new Request(`http://stats.test${path}`));
  return { status: response.status, body: await response.json() };
}

const inView = (path: string, id: string | null): string => (id === null ? path : `${path}${path.includes('?') ? '&' : '?'}server=${id}`);

/** The network read and built from scratch, as it stands on disk, at `at`: a router over it. */
async function fromScratch(config: NetworkServerConfig, summary: NetworkSummary, at: number): Promise<BlockstatsRouter> {
  const members = await Promise.all(summary.servers.map(async (s) => ({ id: s.id, save: await readSave(s.dir, { threads: 0 }) })));
  const network = mergeSaves(members);
  const snapshots = new Map<string, Snapshot>([['', buildSnapshot(network, snapshotOptions(config, at, null))]]);
  for (const [i, m] of members.entries()) {
    const own = backendConfig(config, { ...config.servers[i]!, save: summary.servers[i]!.dir });
    snapshots.set(m.id, buildSnapshot(serverView(m.save, network), snapshotOptions(own, at, null)));
  }
  return createRouter({
    snapshot: () => snapshots.get('')!,
    servers: summary.servers.map((s) => ({ id: s.id, name: s.name, snapshot: () => snapshots.get(s.id)! })),
    rateLimit: false,
  });
}

/** Adds `by` jumps to one player's stats file (a new modification time, as the game's save). */
function addJumps(statsDir: string, by: number, at: number): void {
  const file = join(statsDir, readdirSync(statsDir).filter((f) => f.endsWith('.json')).sort()[0]!);
  const stats = JSON.parse(readFileSync(file, 'utf8')) as { stats: Record<string, Record<string, number>> };
  const custom = (stats.stats['minecraft:custom'] ??= {});
  custom['minecraft:jump'] = (custom['minecraft:jump'] ?? 0) + by;
  writeFileSync(file, JSON.stringify(stats));
  utimesSync(file, at / 1000, at / 1000);
}

describe('createNetworkServer (demo network, in-process)', () => {
  const work = mkdtempSync(join(tmpdir(), 'blockstats-network-server-'));
  let summary: NetworkSummary;
  let proxy: FakeJavaServer;
  let survival: FakeJavaServer;

  before(async () => {
    summary = generateDemoNetwork({ out: join(work, 'network'), seed: NETWORK_DEFAULTS.seed, people: NETWORK_DEFAULTS.people, now: Date.parse(NETWORK_DEFAULTS.now) });
    proxy = await fakeJavaServer({ status: { ...javaStatusComponent, players: { max: 500, online: 37 } } });
    survival = await fakeJavaServer({ status: { ...javaStatusComponent, players: { max: 100, online: 12 } } });
  });
  after(async () => {
    await Promise.all([proxy.close(), survival.close()]);
    rmSync(work, { recursive: true, force: true });
  });

  test('each server only reads; after one player changed, every view answers as the network built from scratch', async () => {
    let now = START;
    const data = join(work, 'data');
    const config: NetworkServerConfig = { ...QUIET, data_dir: data, servers: summary.servers.map((s) => ({ id: s.id, name: s.name, save: s.dir })) };
    const server = await createNetworkServer(config, { clock: () => now, manualPulls: true });
    try {
      await server.start();
      assert.equal((await server.pull()).ok, true);
      const first = server.snapshot()!;
      const creative = summary.servers.find((s) => s.id === 'creative')!;
      now += 15 * 60_000;
      addJumps(join(creative.dir, 'world', 'stats'), 1000, now);
      const second = await server.pull();
      assert.equal(second.ok, true);
      assert.equal(second.changed, true);
      assert.notEqual(server.snapshot(), first);
      const expected = await fromScratch(config, summary, now);
      for (const id of [null, ...summary.servers.map((s) => s.id)]) {
        for (const path of PATHS) {
          const [served, built] = await Promise.all([json(server.fetch, inView(path, id)), json(expected.fetch, inView(path, id))]);
          assert.equal(served.status, 200, `${inView(path, id)}: ${JSON.stringify(served.body)}`);
          assert.deepEqual(served.body, built.body, inView(path, id));
        }
      }
    } finally {
      await server.close({ graceMs: 1000 });
    }
    // The network's snapshot and each view are kept; no server writes a snapshot of its own.
    assert.ok(existsSync(join(data, SNAPSHOT_FILE)));
    for (const s of summary.servers) {
      assert.ok(existsSync(join(backendDataDir(data, s.id), VIEW_SNAPSHOT_FILE)), `${s.id}'s view`);
      assert.ok(!existsSync(join(backendDataDir(data, s.id), SNAPSHOT_FILE)), `no snapshot of ${s.id}'s own`);
    }
  });

  test('a snapshot.json a server kept before the network built every view is removed at the first start, logged once', async () => {
    const data = join(work, 'data-upgraded');
    const config: NetworkServerConfig = { ...QUIET, data_dir: data, servers: summary.servers.map((s) => ({ id: s.id, save: s.dir })) };
    const leftover = join(backendDataDir(data, 'survival'), SNAPSHOT_FILE);
    mkdirSync(dirname(leftover), { recursive: true });
    writeFileSync(leftover, JSON.stringify({ format: 1, server_root: summary.servers[0]!.dir, snapshot: {} }));
    const lines: Array<Record<string, unknown>> = [];
    const log: Logger = { log: (level, event, fields = {}) => lines.push({ level, event, ...fields }) };
    // Started twice: the second start finds nothing left to remove and says nothing.
    for (let start = 0; start < 2; start++) {
      const server = await createNetworkServer(config, { clock: () => START, manualPulls: true, log });
      try {
        await server.start();
      } finally {
        await server.close({ graceMs: 1000 });
      }
    }
    assert.ok(!existsSync(leftover));
    const removed = lines.filter((line) => String(line.event).startsWith('stale_snapshot'));
    assert.deepEqual(removed.map((line) => [line.level, line.event, line.server, line.file]), [['info', 'stale_snapshot_removed', 'survival', leftover]]);
  });

  test('/v1/status gives the proxy\'s ping with every backend\'s own in `servers`, and each backend\'s alone under ?server= (none configured: not pinged)', async () => {
    const down = `127.0.0.1:${await closedPort()}`;
    const config: NetworkServerConfig = {
      ...QUIET,
      data_dir: join(work, 'data-status'),
      status: { java: proxy.address, timeout: 5_000 },
      servers: summary.servers.map((s) => ({ id: s.id, save: s.dir, ...(s.id === 'survival' ? { java: survival.address } : s.id === 'skyblock' ? { java: down } : {}) })),
    };
    const server = await createNetworkServer(config, { clock: () => START, manualPulls: true });
    try {
      await server.start();
      await server.pull();
      const network = await json(server.fetch, '/v1/status');
      assert.equal(network.status, 200);
      assert.deepEqual([network.body.data.online, network.body.data.players_online, network.body.data.players_max], [true, 37, 500]);
      // Every backend, in configuration order: its own ping, a down one offline with null counts.
      const backends = network.body.data.servers as Array<Record<string, unknown>>;
      assert.deepEqual(backends.map((b) => [b.id, b.name, b.online, b.players_online, b.players_max, b.reason]), summary.servers.map((s) => (
        s.id === 'survival' ? [s.id, s.id, true, 12, 100, null]
          : s.id === 'skyblock' ? [s.id, s.id, false, null, null, 'refused']
            : [s.id, s.id, false, null, null, 'not_configured'])));
      const own = await json(server.fetch, '/v1/status?server=survival');
      assert.deepEqual([own.body.data.online, own.body.data.players_online, own.body.data.players_max], [true, 12, 100]);
      assert.deepEqual(own.body.data, backends.map(({ id: _id, name: _name, ...live }) => live)[summary.servers.findIndex((s) => s.id === 'survival')], 'the same ping as in the network\'s list');
      assert.equal('servers' in own.body.data, false);
      const none = await json(server.fetch, '/v1/status?server=creative');
      assert.equal(none.status, 200);
      assert.equal(none.body.data.online, false);
      assert.equal(none.body.data.players_online, null);
      assert.equal((await json(server.fetch, '/v1/status?server=nowhere')).status, 400);
      // The site's home lists the pinged backends under the proxy's status, in the network's view only.
      const home = await (await server.fetch(new Request('http://stats.test/'))).text();
      const list = /<ul class="server-status"[^>]*>(.*?)<\/ul>/s.exec(home)?.[1] ?? '';
      assert.deepEqual([...list.matchAll(/data-server="([a-z_]+)"/g)].map((m) => m[1]), summary.servers.filter((s) => s.id !== 'creative').map((s) => s.id));
      assert.match(list, /<li data-server="survival">.*Online · 12 of 100 players/s);
      assert.match(list, /<li data-server="skyblock">.*Offline/s);
      const survivalHome = await (await server.fetch(new Request('http://stats.test/?server=survival'))).text();
      assert.doesNotMatch(survivalHome, /class="server-status"/);
    } finally {
      await server.close({ graceMs: 1000 });
    }
  });
});
