/**
 * A restarted reference server answers every endpoint exactly as the pull that wrote its
 * `snapshot.json` did, before its own first pull ends: every route of /openapi.json (each filled
 * in for a Java and a Bedrock player, a stat, an advancement, an event; recipes included), the
 * website's pages, badges and cards, byte for byte with their headers (ETags included), at the
 * same injected clock. The restarted server's first pull is made to fail (the world's name in
 * server.properties points nowhere) so only what was restored can answer.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createReferenceServer, type ReferenceServer, type ReferenceServerConfig } from '@blockstats/server/reference';
import { generateDemoServer } from '../examples/demo/generate.js';

const NOW = Date.UTC(2026, 10, 16, 12, 0, 0);
const BASE = 'http://stats.test';

let work: string;
let config: ReferenceServerConfig;
let now = NOW;

/** The same seeded randomness for each server, so the random endpoints pick alike. */
function seeded(): () => number {
  let seed = 7;
  return () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
}

/** Modrinth never answers: the mods list is the jars the pull read, none resolved. */
const offlineFetch: typeof fetch = async () => new Response('down', { status: 503 });

function server(): ReferenceServer {
  return createReferenceServer(config, { clock: () => now, random: seeded(), fetch: offlineFetch, renderPng: async (svg) => new TextEncoder().encode(`png of ${svg.length} chars`) });
}

/** Every answer's status, headers and body, by path, fetched in the order given. */
async function answers(ref: ReferenceServer, paths: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const path of paths) {
    const response = await ref.fetch(new Request(`${BASE}${path}`), { remoteAddress: '203.0.113.9' });
    const body = await response.text();
    out.set(path, JSON.stringify({ status: response.status, headers: [...response.headers], body }));
  }
  return out;
}

before(() => {
  work = mkdtempSync(join(tmpdir(), 'blockstats-restart-'));
  generateDemoServer({ out: join(work, 'server'), players: 40, seed: 'hearthvale', now: NOW });
  config = {
    server_dir: join(work, 'server'),
    data_dir: join(work, 'data'),
    name: 'Hearthvale SMP',
    rate_limit: { requests: 0 },
    status: { java: null },
    skins: { enabled: false },
    modrinth: { modpack: 'hearthvale' },
  };
});
after(() => rmSync(work, { recursive: true, force: true }));

describe('a restarted reference server', () => {
  it('answers every endpoint family byte for byte as before the restart', async () => {
    const first = server();
    // Two pulls a day apart, so the record holds activity and the feed and events have history.
    now = NOW - 86_400_000;
    await first.start(); // opens the record; its first pull runs now
    assert.equal((await first.pull()).ok, true);
    while (first.health().pulls < 1) await new Promise((resolve) => setTimeout(resolve, 10));
    now = NOW;
    const pulled = await first.pull();
    assert.equal(pulled.ok, true, pulled.error ?? '');
    const snapshot = first.snapshot()!;
    const java = snapshot.players.find((p) => p.edition === 'java' && p.recipes > 50 && p.advancements_earned > 3)!;
    const bedrock = snapshot.players.find((p) => p.edition === 'bedrock')!;
    const stat = snapshot.stats.find((s) => s.id === 'minecraft:custom/minecraft:jump') ?? snapshot.stats[0]!;
    const advancement = snapshot.advancements[3]!;
    const document = await (await first.fetch(new Request(`${BASE}/openapi.json`))).json() as { paths: Record<string, unknown> };
    const events = await (await first.fetch(new Request(`${BASE}/v1/events`))).json() as { data: Array<{ id: string }> };
    assert.ok(events.data?.length > 0, JSON.stringify(events).slice(0, 500));

    const fill = (template: string, player: string) => template
      .replace('{player}', encodeURIComponent(player))
      .replace('{stat_id}', encodeURIComponent(stat.id))
      .replace('{advancement_id}', encodeURIComponent(advancement.id))
      .replace('{event_id}', encodeURIComponent(events.data[0]!.id));
    const paths = new Set<string>();
    for (const template of Object.keys(document.paths)) {
      for (const player of [java.name!, bedrock.uuid]) paths.add(fill(template, player));
    }
    for (const player of [java.name!, java.uuid, bedrock.uuid]) {
      const id = encodeURIComponent(player);
      for (const suffix of ['/advancements?include=recipes', '/advancements?include=recipes&limit=500', '/advancements?completed=false', '/stats?ids=jump,play_time']) paths.add(`/v1/players/${id}${suffix}`);
      for (const page of ['/players/', '/compare?players=']) paths.add(`${page}${id}`);
      paths.add(`/v1/badge/player/${id}.svg?stat=play_time`);
    }
    for (const path of [
      '/v1/compare?players=' + encodeURIComponent(`${java.name},${bedrock.uuid}`), '/v1/feed?limit=100', '/v1/advancements?include=all&sort=rarity',
      '/v1/players?sort=name&limit=100', '/v1/history?resolution=raw', '/v1/activity/players?period=all&sort=deaths', '/v1/hall-of-fame?limit=5',
      '/', '/stats', `/stats/${encodeURIComponent(stat.id)}`, `/stats/${encodeURIComponent(stat.id)}/page/2`, '/players', '/players/page/2',
      '/advancements', `/advancements/${advancement.id}`, '/hall-of-fame', '/events', `/events/${events.data[0]!.id}`, '/activity', '/totals',
      '/compare', '/site.css', '/nowhere',
    ]) paths.add(path);

    const before = await answers(first, [...paths]);
    await first.close();

    // The restarted server's pulls fail: only the restored state can answer.
    const properties = join(config.server_dir, 'server.properties');
    writeFileSync(properties, readFileSync(properties, 'utf8').replace(/^level-name=.*$/m, 'level-name=moved-away'));
    const second = server();
    await second.start();
    // The stat history is read in the background after a start (periods answer 503 until then).
    await second.historyReady?.();
    assert.equal(second.snapshot()?.generation, snapshot.generation);
    const afterRestart = await answers(second, [...paths]);
    await second.close();
    assert.equal(second.health().lastSuccessAt, Date.parse(snapshot.data_updated_at));

    const differing = [...paths].filter((path) => !/^\/v1\/health$/.test(path) && before.get(path) !== afterRestart.get(path));
    const shown = differing.map((path) => {
      const [a, b] = [before.get(path)!, afterRestart.get(path)!];
      let at = 0;
      while (a[at] === b[at]) at++;
      return `${path} differs at ${at}\n  before …${a.slice(Math.max(0, at - 80), at + 160)}\n  after  …${b.slice(Math.max(0, at - 80), at + 160)}`;
    });
    assert.deepEqual(shown, [], `${differing.length} of ${paths.size} answers differ`);
  });
});
