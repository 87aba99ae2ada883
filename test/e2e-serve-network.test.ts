// End to end: the BUILT `blockstats serve` on the generated demo network (three servers,
// examples/generate-demo-network.ts), from the CLI README's network configuration and from `--server id=DIR`
// flags, with pulls every second. Network and per-server answers are checked against sums
// computed from the raw files (examples/network/raw-network.ts); a server made unreadable is
// stale in /v1/health while its last good data stays served; configuration errors exit 2.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { findStat, statTotal } from '../packages/core/src/index.js';
import { NETWORK_DEFAULTS } from '../examples/generate-demo-network.js';
import { generateDemoNetwork, type NetworkSummary } from '../examples/network/generate.js';
import { rawView, readRawNetwork, type RawNetwork, type RawPlayer } from '../examples/network/raw-network.js';
import { cliArgs, startServe, type ServeProcess } from './support/serveProcess.js';
import { REPO_ROOT } from './support/repo.js';
import { getJson } from './support/getJson.js';
import { until } from './support/until.js';

const IDS = ['survival', 'creative', 'skyblock'];
const QUIET = { skins: { enabled: false }, modrinth: { enabled: false }, schedule: { refresh: '1s' } };

const valueOf = (p: RawPlayer, stat: string): number => statTotal(findStat(stat)!, p.counters);

/** `uuid value` of every player's stat in a view, sorted, as the API gives it. */
async function statLines(url: string, stat: string, view: string | null): Promise<string[]> {
  const { status, body } = await getJson(`${url}/v1/players?limit=500${view ? `&server=${view}` : ''}`);
  assert.equal(status, 200);
  const lines: string[] = [];
  for (const player of body.data as Array<{ uuid: string }>) {
    const stats = await getJson(`${url}/v1/players/${player.uuid}/stats?ids=${stat}${view ? `&server=${view}` : ''}`);
    lines.push(`${player.uuid} ${(stats.body.data.stats as Array<{ value: number }>)[0]?.value ?? 0}`);
  }
  return lines.sort();
}

function expectedLines(players: Map<string, RawPlayer>, stat: string): string[] {
  return [...players.values()].map((p) => `${p.uuid} ${valueOf(p, stat)}`).sort();
}

/** `blockstats serve` of the built CLI, expected to refuse to start: its exit code and stderr. */
function serveRefused(args: readonly string[]): { status: number | null; stderr: string } {
  const run = spawnSync(process.execPath, [...cliArgs('built'), 'serve', '--host', '127.0.0.1', '--port', '0', ...args], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 20_000, env: { ...process.env, NO_COLOR: '1' } });
  return { status: run.status, stderr: run.stderr };
}

describe('blockstats serve on a network (built CLI, demo network, 1 s pulls)', () => {
  const work = mkdtempSync(join(tmpdir(), 'blockstats-e2e-network-'));
  let summary: NetworkSummary;
  let raw: RawNetwork;
  let config: string;
  let served: ServeProcess | null = null;

  before(() => {
    summary = generateDemoNetwork({ out: join(work, 'network'), seed: NETWORK_DEFAULTS.seed, people: NETWORK_DEFAULTS.people, now: Date.parse(NETWORK_DEFAULTS.now) });
    raw = readRawNetwork(summary.servers);
    // The CLI README's network configuration, as written there, on the generated network.
    const readme = readFileSync(join(REPO_ROOT, 'packages', 'cli', 'README.md'), 'utf8');
    const block = /<!-- network-example -->\n```json\n([\s\S]*?)```/.exec(readme)?.[1];
    assert.ok(block, 'the CLI README has the network example');
    const example = JSON.parse(block.replaceAll('/srv/network', join(work, 'network')).replaceAll('/var/lib/blockstats', join(work, 'data'))) as Record<string, unknown>;
    config = join(work, 'blockstats.json');
    writeFileSync(config, JSON.stringify({ ...example, ...QUIET }));
  });

  after(async () => {
    if (served && served.child.exitCode === null) served.child.kill('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  });

  test('from a configuration file: the network and each server answer with the raw files\' sums', async () => {
    served = await startServe(['--config', config], { command: 'built' });
    const url = served.url;
    await until(() => getJson(`${url}/v1/health`), ({ body }) => body.data.status === 'ok');
    const server = await getJson(`${url}/v1/server`);
    assert.equal(server.body.data.name, 'Three Isles');
    assert.deepEqual(server.body.data.servers.map((s: { id: string }) => s.id), IDS);
    assert.deepEqual(await statLines(url, 'jump', null), expectedLines(rawView(raw, IDS), 'jump'));
    assert.deepEqual(await statLines(url, 'play_time', 'creative'), expectedLines(rawView(raw, ['creative']), 'play_time'));
    // Each server keeps its own record; the network's is computed from them.
    for (const id of IDS) assert.ok(existsSync(join(work, 'data', 'servers', id, 'record')), `record of ${id}`);
    assert.ok(!existsSync(join(work, 'data', 'record')));
    const activity = await until(() => getJson(`${url}/v1/activity`), ({ status }) => status === 200);
    const creative = await getJson(`${url}/v1/activity?server=creative`);
    assert.equal(creative.status, 200);
    assert.equal(activity.body.meta.recording_since, creative.body.meta.recording_since);
    // Each server keeps its own stat history; period boards answer for the network and each server.
    for (const id of IDS) assert.ok(existsSync(join(work, 'data', 'servers', id, 'history')), `history of ${id}`);
    for (const view of ['', '&server=creative']) {
      const week = await until(() => getJson(`${url}/v1/stats/jump?period=week${view}`), ({ status }) => status === 200);
      assert.equal(week.body.meta.period.name, 'week');
    }
  });

  test('a server made unreadable is stale in /v1/health and keeps its last good data', async () => {
    const url = served!.url;
    const before = await statLines(url, 'jump', null);
    const creativeDir = join(work, 'network', 'creative');
    renameSync(creativeDir, `${creativeDir}.away`);
    try {
      const health = await until(() => getJson(`${url}/v1/health`), ({ body }) => body.data.reasons.some((r: { code: string }) => r.code === 'server_stale'));
      const stale = health.body.data.reasons.find((r: { code: string }) => r.code === 'server_stale');
      assert.match(stale.detail, /^Server creative has not been read since \d{4}-\d\d-\d\dT/);
      const line = await served!.waitForLine((l) => l.event === 'server_stale');
      assert.equal(line.server, 'creative');
      assert.equal(typeof line.since, 'string');
      // The next network pull after that still merges creative's last good save.
      const staleAt = Date.parse(String(line.since));
      await until(() => getJson(`${url}/v1/health`), ({ body }) => Date.parse(body.data.data_updated_at) > staleAt);
      assert.deepEqual(await statLines(url, 'jump', null), before);
      assert.equal((await getJson(`${url}/v1/players?server=creative&limit=1`)).status, 200);
    } finally {
      renameSync(`${creativeDir}.away`, creativeDir);
    }
    await served!.waitForLine((l) => l.event === 'server_back' && l.server === 'creative');
    await until(() => getJson(`${url}/v1/health`), ({ body }) => !body.data.reasons.some((r: { code: string }) => r.code === 'server_stale'));
  });

  test('a restarted network answers as before its restart', async () => {
    const url = served!.url;
    const before = (await getJson(`${url}/v1/players?limit=500&server=skyblock`)).body.data;
    assert.equal(await served!.stop(), 0);
    served = await startServe(['--config', config], { command: 'built' });
    assert.ok(served.lines.some((l) => l.event === 'snapshot_loaded' && l.network === true));
    assert.deepEqual((await getJson(`${served.url}/v1/players?limit=500&server=skyblock`)).body.data, before);
    assert.equal(await served.stop(), 0);
    served = null;
  });

  test('from --server id=DIR flags: the same network', async () => {
    const quiet = join(work, 'quiet.json');
    writeFileSync(quiet, JSON.stringify(QUIET));
    const flags = summary.servers.flatMap((s) => ['--server', `${s.id}=${s.dir}`]);
    served = await startServe([...flags, '--config', quiet, '--data', join(work, 'data-flags')], { command: 'built' });
    await until(() => getJson(`${served!.url}/v1/health`), ({ body }) => body.data.status === 'ok');
    assert.deepEqual(await statLines(served.url, 'jump', 'survival'), expectedLines(rawView(raw, ['survival']), 'jump'));
    assert.deepEqual(await statLines(served.url, 'deaths', null), expectedLines(rawView(raw, IDS), 'deaths'));
    assert.equal(await served.stop(), 0);
    served = null;
  });

  test('blockstats record on a network: one record per server; a server that cannot be read is named, exit 1', () => {
    const data = join(work, 'data-record');
    const flags = summary.servers.flatMap((s) => ['--server', `${s.id}=${s.dir}`]);
    const record = () => spawnSync(process.execPath, [...cliArgs('built'), 'record', ...flags, '--data', data, '--json'], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 30_000, env: { ...process.env, NO_COLOR: '1' } });
    const first = record();
    assert.equal(first.status, 0, first.stderr);
    assert.deepEqual(JSON.parse(first.stdout).servers, IDS);
    for (const id of IDS) assert.ok(existsSync(join(data, 'servers', id, 'record')), `record of ${id}`);
    const skyblock = summary.servers[2]!.dir;
    renameSync(skyblock, `${skyblock}.away`);
    try {
      const second = spawnSync(process.execPath, [...cliArgs('built'), 'record', ...flags.slice(0, 4), '--server', `skyblock=${join(work, 'network', 'skyblock-gone')}`, '--data', data], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 30_000 });
      assert.equal(second.status, 2, 'a missing directory is a configuration error');
      // A save that is found but lost every player (a wipe mid-copy): refused, last good data kept.
      mkdirSync(join(skyblock, 'world', 'stats'), { recursive: true });
      copyFileSync(join(`${skyblock}.away`, 'server.properties'), join(skyblock, 'server.properties'));
      const third = record();
      assert.equal(third.status, 1, third.stderr);
      assert.match(third.stderr, /Server skyblock has not been read/);
      assert.equal(JSON.parse(third.stdout).recorded, true);
    } finally {
      rmSync(skyblock, { recursive: true, force: true });
      renameSync(`${skyblock}.away`, skyblock);
    }
  });

  test('configuration errors exit 2 naming each server, before anything is served', () => {
    const [a, b] = summary.servers;
    const twice = serveRefused(['--server', `${a!.id}=${a!.dir}`, '--server', `${a!.id}=${b!.dir}`, '--server', `other=${a!.dir}`, '--data', join(work, 'data-bad')]);
    assert.equal(twice.status, 2);
    assert.match(twice.stderr, /--server survival=…: id "survival" is given twice/);
    assert.match(twice.stderr, /--server other=…: points at the same save as survival/);
    const empty = join(work, 'empty');
    mkdirSync(empty);
    const notSave = serveRefused(['--server', `a=${a!.dir}`, '--server', `b=${empty}`, '--data', join(work, 'data-bad')]);
    assert.equal(notSave.status, 2);
    assert.match(notSave.stderr, /--server b=…: .* holds no Minecraft save/);
    const badUrl = join(work, 'bad-url.json');
    writeFileSync(badUrl, JSON.stringify({ servers: [{ id: 'a', save: a!.dir }, { id: 'b', save: 'sftp://:22/x' }] }));
    const malformed = serveRefused(['--config', badUrl]);
    assert.equal(malformed.status, 2);
    assert.match(malformed.stderr, /servers\.1\.save/);
    assert.ok(!existsSync(join(work, 'data-bad', 'snapshot.json')));
  });
});
