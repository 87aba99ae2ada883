import { resolve } from 'node:path';
import type { Snapshot } from '@blockstats/core';
import { advancementPath, staticFile } from '@blockstats/server';
import { cleanText } from '@blockstats/svg';
import type { Command } from 'commander';
import { CliError, EXIT } from '../errors.js';
import type { CliIo } from '../io.js';
import { LOCAL_BASE_URL, openLocal, type LocalApi, type SaveOptions } from '../local.js';
import { examples, networkOptions, saveOptions } from '../options.js';
import { note } from '../output.js';
import { progressBar } from '../progress.js';
import { periodTargets } from './exportPeriods.js';
import { exportSite } from './exportSite.js';
import { exportWriter, type ExportWriter } from './exportWriter.js';
import { EXPORT_MARK, stageExport } from './stageExport.js';
import { unsafeNames, type UnsafeNames } from './unsafeNames.js';

interface ExportOptions extends SaveOptions {
  out: string;
  baseUrl?: string;
  clean?: boolean;
  /** False with `--no-site`. */
  site?: boolean;
}

/** `blockstats export`: the whole API as static files. */
export function exportCommand(program: Command, io: CliIo): void {
  const command = program
    .command('export')
    .description('Write the website and the whole API as static files (every page of the site as <path>/index.html with relative links; every collection page, every player, stat, advancement and event, SVG badges, SVG and PNG cards of players, boards and events as the API would answer them; with a stat history in the data directory, the current week\'s, month\'s and year\'s boards, totals and hall of fame as <path>@period=<period>.json, and the player of the week and month), for any static host or CDN. On a network (--server id=DIR, repeated) the network\'s site and API are at the root and each server\'s under servers/<id>/, linked by the site\'s server switcher. Live endpoints (status, mods, modpack, random, compare, health) and the compare page are not exported.')
    .requiredOption('-o, --out <dir>', 'output directory: new, empty or a previous export, replaced whole once the export is complete')
    .option('--base-url <url>', 'public URL the files will be served from (used in every absolute link)')
    .option('--clean', 'replace the output directory even if it holds files that are not a blockstats export')
    .option('--no-site', 'write the API files only, without the website');
  // A network (--server id=DIR, repeated) is exported whole: every server's view, no --view.
  networkOptions(command, false);
  saveOptions(command, true, true, false, false);
  examples(command, [
    'blockstats export --server /srv/minecraft --out public --base-url https://stats.example.net',
    'blockstats export --config /etc/blockstats.json --out /var/www/stats --clean',
    'blockstats export --server /srv/minecraft --out public --hide Notch --hide 069a79f444e94726a5befca90e38aaf5',
    'blockstats export --server survival=/srv/network/survival --server creative=/srv/network/creative --out public --base-url https://stats.example.net',
  ]);
  command.action(async (options: ExportOptions) => {
    const target = resolve(io.cwd, options.out);
    if (target === resolve('/') || target === resolve(io.cwd)) throw new CliError(`Refusing to export into ${target}: give a dedicated --out directory.`, EXIT.usage);
    const site = options.site !== false;
    const api = await openLocal(options, io, { record: true, network: true, ...(site ? { site: { staticExport: true } } : {}) });
    if (!options.baseUrl && !api.target.config.base_url) {
      note(io, `No --base-url given: absolute links in the files point to ${LOCAL_BASE_URL}. Pass the URL the files will be served from.`);
    }
    reportUnsafeNames(io, unsafeNames(api.snapshot));
    // Written beside the target and renamed into place: a finished export or none.
    const staged = await stageExport(target, { clean: options.clean === true });
    try {
      const writer = exportWriter(staged.dir, (text) => note(io, text));
      const result = await exportAll(api, writer, progressBar(io.stderr, 'Exporting'), { pngCards: site });
      let pages = '';
      if (site && api.target.config.site?.enabled !== false) {
        const website = await exportSite(api, writer, result.written, progressBar(io.stderr, 'Exporting the website'));
        result.files += website.files;
        pages = `, ${website.pages} pages of the website`;
      }
      await staged.commit();
      const problems = writer.problems.length > 0 ? `; ${writer.problems.length} ${writer.problems.length === 1 ? 'entry' : 'entries'} left out (warnings above)` : '';
      note(io, `Wrote ${result.files} files (${(writer.bytes / 1_048_576).toFixed(1)} MiB${pages}) to ${staged.out}${result.skipped.length ? `; skipped ${result.skipped.join(', ')}` : ''}${problems}.`);
    } catch (error) {
      await staged.discard();
      throw error;
    }
  });
}

/** Says which players and advancements are under their UUID or an encoded id, and how many. */
function reportUnsafeNames(io: CliIo, unsafe: UnsafeNames): void {
  const count = unsafe.players.length + unsafe.advancements.length;
  if (count === 0) return;
  const shown = [...unsafe.players, ...unsafe.advancements].slice(0, 5).map((name) => JSON.stringify(cleanText(name, 40)));
  note(
    io,
    `Warning: ${unsafe.players.length} player ${unsafe.players.length === 1 ? 'name' : 'names'} and ${unsafe.advancements.length} advancement ${unsafe.advancements.length === 1 ? 'id' : 'ids'} cannot be a safe path (${shown.join(', ')}${count > 5 ? ', …' : ''}): their pages and files are under the player's UUID or an encoded id (~ and a hash), linked as such.`,
  );
}

/** What {@link exportAll} wrote. */
export interface ExportResult {
  files: number;
  /** The files written, by `staticFile` name (a network server's under `servers/<id>/`). */
  written: Set<string>;
  /** Endpoints with no data to export (503: e.g. no activity record yet). */
  skipped: string[];
}

/** One request of the export: a target in a view (a network server's id, or null). */
interface ExportItem {
  view: string | null;
  target: string;
}

/** The folder of a view in the export: the network's (or a single server's) at the root, a network server's under `servers/<id>/`. */
export const viewFolder = (view: string | null): string => (view === null ? '' : `servers/${view}/`);

/** `target` in a view: `server=<id>` added to its query (as the site's and the API's links carry it). */
function inView(target: string, view: string | null): string {
  if (view === null) return target;
  const url = new URL(target, 'http://x');
  url.searchParams.set('server', view);
  return `${url.pathname}${url.search}`;
}

/** The exportable targets of one view's snapshot. */
function targetsOf(snapshot: Snapshot, pngCards: boolean): string[] {
  const queue: string[] = ['/v1', '/openapi.json', '/v1/openapi.json', '/v1/server'];
  const paged = ['/v1/stats', '/v1/totals', '/v1/advancements', '/v1/advancements?include=all', '/v1/players', '/v1/hall-of-fame', '/v1/feed', '/v1/activity', '/v1/activity/players', '/v1/history', '/v1/events'];
  queue.push(...paged);
  for (const stat of snapshot.stats) {
    const id = encodeURIComponent(stat.id);
    queue.push(`/v1/stats/${id}`, `/v1/card/stat/${id}.svg`);
    // The leaderboard page's link preview (og:image) is the board's PNG card.
    if (pngCards) queue.push(`/v1/card/stat/${id}.png`);
  }
  queue.push('/v1/card/hall-of-fame.svg', ...(pngCards ? ['/v1/card/hall-of-fame.png'] : []));
  for (const advancement of snapshot.advancements) {
    const path = `/v1/advancements/${advancementPath(advancement.id)}`;
    queue.push(path, `${path}/holders`);
  }
  for (const player of snapshot.players) {
    const base = `/v1/players/${player.uuid}`;
    queue.push(base, `${base}/stats`, `${base}/advancements`, `${base}/milestones`, `${base}/activity`, `/v1/badge/player/${player.uuid}.svg`, `/v1/card/player/${player.uuid}.svg`);
    // The website's link previews (og:image) point at the PNG card.
    if (pngCards) queue.push(`/v1/card/player/${player.uuid}.png`);
  }
  return queue;
}

/**
 * Requests every exportable target through the router and writes each body to its static file;
 * collections are followed page by page through their `next` links, so every page a client
 * can reach exists. On a network, the network's files are at the root and each server's (the
 * answers under `?server=<id>`) under `servers/<id>/`. A target that fails (one hostile entry of
 * the save) is reported through `writer` and left out.
 */
export async function exportAll(api: LocalApi, writer: ExportWriter, progress: { update(done: number, total: number): void; done(): void }, options: { pngCards?: boolean } = {}): Promise<ExportResult> {
  const views: Array<{ view: string | null; snapshot: Snapshot }> = api.network
    ? [{ view: null, snapshot: api.snapshot }, ...api.network.servers.map((s) => ({ view: s.id, snapshot: api.network!.snapshots.get(s.id)! }))]
    : [{ view: null, snapshot: api.snapshot }];
  const queue: ExportItem[] = views.flatMap(({ view, snapshot }) => targetsOf(snapshot, options.pngCards === true).map((target) => ({ view, target })));
  const written = new Set<string>();
  const skipped = new Set<string>();
  // The period boards of each view with a stat history (issue 41); without one, a single note.
  for (const { view, snapshot } of views) {
    if ((await api.request(inView('/v1/crowns', view))).status === 200) queue.push(...periodTargets(snapshot).map((target) => ({ view, target })));
    else skipped.add(`${view === null ? '' : `${view}: `}periods (no stat history)`);
  }

  let done = 0;
  for (let i = 0; i < queue.length; i++) {
    const { view, target } = queue[i]!;
    const response = await api.request(inView(target, view));
    const body = new Uint8Array(await response.arrayBuffer());
    done++;
    progress.update(done, queue.length);
    if (response.status === 503) {
      skipped.add(`${view === null ? '' : `${view}: `}${new URL(target, 'http://x').pathname.replace(/\/players\/[^/]+\//, '/players/{player}/')}`);
      continue;
    }
    if (!response.ok) {
      writer.problem(`skipped ${inView(target, view)}: it answered ${response.status}: ${new TextDecoder().decode(body).slice(0, 200)}`);
      continue;
    }
    const file = `${viewFolder(view)}${staticFile(target)}`;
    if (!(await writer.write(file, body))) continue;
    written.add(file);

    // Follow the pages: every `next` link a client can reach becomes a file too.
    if ((response.headers.get('content-type') ?? '').startsWith('application/json')) {
      const json = JSON.parse(new TextDecoder().decode(body)) as { data?: unknown; meta?: { pagination?: { next?: string | null } } };
      const next = json.meta?.pagination?.next;
      if (next) {
        const url = new URL(next);
        // A server's links carry server=<id>: its files are under its folder instead.
        url.searchParams.delete('server');
        queue.push({ view, target: `${url.pathname}${url.search}` });
      }
      // Each event of the list, as /v1/events/{event_id} answers it.
      if (new URL(target, 'http://x').pathname === '/v1/events' && Array.isArray(json.data)) {
        for (const event of json.data as Array<{ id: string }>) {
          const id = encodeURIComponent(event.id);
          queue.push({ view, target: `/v1/events/${id}` }, { view, target: `/v1/card/event/${id}.svg` }, ...(options.pngCards ? [{ view, target: `/v1/card/event/${id}.png` }] : []));
        }
      }
    }
  }
  progress.done();
  await writer.write('_redirects', new TextEncoder().encode(redirects([...written])));
  return { files: written.size + 1, written, skipped: [...skipped] };
}

/**
 * Rewrite rules for hosts that read a `_redirects` file (Netlify; Cloudflare Pages takes the
 * extensionless rule): a page with a query maps to its `@query` file, anything else to `.json`;
 * on a network, a URL with `server=<id>` (the links in a server's answers) maps the same way into
 * `servers/<id>/`, before the network's rules. Real files (the SVGs, openapi.json) are served as
 * they are.
 */
function redirects(files: string[]): string {
  const lines = [`${EXPORT_MARK}: map API URLs to the exported files (a 200 rewrite, not a redirect).`];
  const network = files.some((file) => file.startsWith('servers/'));
  const rule = (file: string, server: boolean) => {
    const [path, rest] = file.split('@') as [string, string];
    const keys = [...new URLSearchParams(rest.replace(/\.json$/, '')).keys()].map((key) => `${key}=:${key.replace(/\W/g, '_')}`);
    const conditions = [...keys, ...(server ? ['server=:server'] : [])].join(' ');
    return `/${path} ${conditions} /${server ? 'servers/:server/' : ''}${path}@${keys.join('&')}.json 200`;
  };
  const queried = files.filter((f) => f.includes('@')).sort();
  // A server's query pages first: their rules name one condition more.
  for (const file of queried.filter((f) => f.startsWith('servers/'))) {
    const line = rule(file.replace(/^servers\/[^/]+\//, ''), true);
    if (!lines.includes(line)) lines.push(line);
  }
  for (const file of queried.filter((f) => !f.startsWith('servers/'))) {
    const line = rule(file, false);
    if (!lines.includes(line)) lines.push(line);
  }
  if (network) lines.push('/v1 server=:server /servers/:server/v1.json 200', '/v1/* server=:server /servers/:server/v1/:splat.json 200');
  lines.push('/v1 /v1.json 200', '/v1/* /v1/:splat.json 200');
  return `${lines.join('\n')}\n`;
}
