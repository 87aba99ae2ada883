// The site's pages at 10,000 players written to files, to compare two builds byte for byte (a
// change meant to make a page cheaper must not change what it serves): `blockstats serve`'s
// reference server, on a fixed clock, pulls the bench's save once and a router with that clock serves each path;
// each body goes to `--out` under a name made of its path. Run it on both builds, then
// `diff -r before after`.
//
//   node --conditions=source --import tsx bench/pageDump.ts --work /tmp/sc-work --out /tmp/pages-after [--paths /,/stats?lang=de]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createReferenceServer } from '../packages/server/src/reference/createReferenceServer.js';
import { createRouter } from '../packages/server/src/router/createRouter.js';
import { ensureSave } from './generate/generate-save.js';

/** Every page kind, some in other languages (the stats page in three), searched and paged. */
const DEFAULT_PATHS = [
  '/', '/stats', '/stats?lang=de', '/stats?lang=ja', '/stats?lang=pt-BR', '/stats?q=mine', '/stats?q=zzzz', '/players', '/players?lang=de',
  '/players?page=3', '/players?lang=ru&page=2', '/players/{player}', '/players/{player}?lang=fr', '/players/{player}?lang=zh-CN',
  '/advancements', '/advancements?lang=ja', '/advancements?lang=pl', '/stats/play_time', '/stats/play_time?lang=tr', '/hall-of-fame',
  '/totals', '/events', '/activity', '/activity?lang=es',
];

const { values: args } = parseArgs({ options: { work: { type: 'string' }, out: { type: 'string' }, paths: { type: 'string' } } });
if (!args.work || !args.out) throw new Error('usage: pageDump.ts --work DIR --out DIR [--paths /,/stats?lang=de]');
const paths = args.paths ? args.paths.split(',') : DEFAULT_PATHS;
const save = await ensureSave(args.work, 10_000, {});
const dataDir = mkdtempSync(join(tmpdir(), 'blockstats-dump-'));
const clock = () => Date.parse('2026-03-02T12:00:00Z');
const server = createReferenceServer({ server_dir: save.dir, data_dir: dataDir, skins: { enabled: false }, modrinth: { enabled: false } }, { log: { log() {} }, manualPulls: true, renderPng: null, clock });
try {
  await server.start();
  await server.historyReady?.();
  await server.pull();
  const router = createRouter({ snapshot: () => server.snapshot(), record: () => server.record(), statHistory: () => [server.statHistory()!], clock, site: true });
  const ask = async (path: string) => router.fetch(new Request(`http://stats.test${path}`, { headers: { accept: 'text/html' } }));
  // The player of the profile pages: the first of the play-time board.
  const board = (await (await ask('/v1/stats/play_time?limit=1')).json()) as { data: Array<{ player: { name: string } }> };
  const player = encodeURIComponent(board.data[0]!.player.name);
  mkdirSync(args.out, { recursive: true });
  for (const path of paths) {
    const response = await ask(path.replace('{player}', player));
    const body = Buffer.from(await response.arrayBuffer());
    writeFileSync(join(args.out, `${path.replace(/[^a-z0-9]+/gi, '_')}.html`), body);
    console.log(`${path}: ${response.status}, ${body.byteLength} bytes`);
  }
} finally {
  await server.close();
  // The last-good store's write of the pull may still be under way after close: remove what it leaves.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  rmSync(dataDir, { recursive: true, force: true });
}
