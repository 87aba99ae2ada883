import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { createModrinthClient, ModrinthError, type ModrinthClient, type ModrinthClientOptions } from './createModrinthClient.js';
import { deepFreeze } from './deepFreeze.js';
import { readJsonFile, writeJsonAtomic } from './jsonFile.js';
import { modrinthProjectUrl, stringList, stringOrNull } from './modrinthFields.js';
import type { ModEntry, ModJar, ModList, ModsSource } from './types.js';

export interface ModrinthModsOptions extends ModrinthClientOptions {
  /** Folder where the last good list is kept (`modrinth-mods.json`). */
  dataDir: string;
  /** The jars of the server's `mods/` folder, or a function that scans them at each refresh. */
  modsFolderJars?: ModJar[] | (() => ModJar[] | Promise<ModJar[]>);
  /** Extra Modrinth slugs or ids to list (e.g. client-side mods the server does not run). */
  slugs?: string[];
  /** Age after which the list is refreshed. Default 6 hours. */
  refreshMs?: number;
  /** Wait after a failed refresh (unless Modrinth said how long). Default 5 minutes. */
  retryMs?: number;
  /** Share one client (and its rate-limit state) with the modpack capability. */
  client?: ModrinthClient;
  /** Told about failed refreshes and unreadable cache files. */
  onError?: (error: Error) => void;
}

/** The Modrinth-backed mods capability. */
export interface ModrinthMods extends ModsSource {
  /**
   * Fetches the list now (concurrent calls share one fetch). Resolves true on success; never
   * rejects: on failure the last good list stays and the error goes to `onError`.
   */
  refresh(): Promise<boolean>;
}

/** Stored shape of `modrinth-mods.json`. */
interface Stored {
  format: 1;
  fetched_at: string;
  /** Fingerprint of the jars and slugs the list was built from. */
  inputs: string;
  mods: ModEntry[];
}

export const MODS_FILE = 'modrinth-mods.json';
const BATCH = 100;
const HEX = /^[0-9a-f]+$/;

/**
 * The server's mods from Modrinth: jars resolved by sha1 through `POST /version_files`, plus
 * configured slugs, then project metadata in bulk through `GET /projects?ids=[…]`. A mod
 * Modrinth does not know is listed with `resolved: false` and null metadata (SPEC rule 3).
 *
 * The list is refreshed when older than `refreshMs` (in the background: requests get the last
 * good list at once) and persisted atomically in `dataDir`, so a restart or an outage still
 * serves it. `mods()` resolves null only when nothing was ever fetched (the router's 503).
 *
 * @example
 * const mods = createModrinthMods({ dataDir: './data', modsFolderJars: () => scanModJars('./server/mods') });
 * await mods.refresh();
 * const list = await mods.mods(); // { mods: [...], fetched_at } | null
 */
export function createModrinthMods(options: ModrinthModsOptions): ModrinthMods {
  const client = options.client ?? createModrinthClient(options);
  const clock = options.clock ?? Date.now;
  const refreshMs = options.refreshMs ?? 6 * 60 * 60 * 1000;
  const retryMs = options.retryMs ?? 5 * 60 * 1000;
  const path = join(options.dataDir, MODS_FILE);
  const slugs = [...new Set((options.slugs ?? []).map((s) => s.trim()).filter((s) => s !== ''))];
  const report = options.onError ?? (() => {});

  let stored: Stored | null = null;
  let stale = false;
  let retryAt = 0;
  let inFlight: Promise<boolean> | null = null;
  const loaded = load();

  async function load(): Promise<void> {
    try {
      const value = await readJsonFile(path);
      if (value === undefined) return;
      if (!isStored(value)) throw new Error(`${path} does not hold a mod list; it will be replaced`);
      stored = deepFreeze(value);
      // A static jar list that changed since the file was written makes the list stale now.
      const jars = options.modsFolderJars;
      if (Array.isArray(jars) && value.inputs !== fingerprint(jars, slugs)) stale = true;
    } catch (error) {
      report(error as Error);
    }
  }

  async function fetchList(): Promise<boolean> {
    try {
      const jars = await currentJars();
      const mods = await resolveMods(client, jars, slugs);
      const next: Stored = { format: 1, fetched_at: new Date(clock()).toISOString(), inputs: fingerprint(jars, slugs), mods };
      stored = deepFreeze(next);
      stale = false;
      retryAt = 0;
      try {
        await writeJsonAtomic(path, next);
      } catch (error) {
        report(new Error(`cannot save the mod list to ${path}: ${(error as Error).message}`, { cause: error }));
      }
      return true;
    } catch (error) {
      const seconds = error instanceof ModrinthError ? error.retryAfterSeconds : null;
      retryAt = clock() + (seconds !== null ? seconds * 1000 : retryMs);
      report(error as Error);
      return false;
    }
  }

  async function currentJars(): Promise<ModJar[]> {
    const jars = options.modsFolderJars ?? [];
    return typeof jars === 'function' ? await jars() : jars;
  }

  function refresh(): Promise<boolean> {
    inFlight ??= loaded.then(fetchList).finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  return {
    refresh,
    async mods(): Promise<ModList | null> {
      await loaded;
      const now = clock();
      if (stored === null) {
        if (now >= retryAt || inFlight !== null) await refresh();
      } else if ((stale || now - Date.parse(stored.fetched_at) >= refreshMs) && now >= retryAt) {
        void refresh();
      }
      const current = stored as Stored | null;
      return current === null ? null : { mods: current.mods, fetched_at: current.fetched_at };
    },
  };
}

async function resolveMods(client: ModrinthClient, jars: ModJar[], slugs: string[]): Promise<ModEntry[]> {
  const hashes = [...new Set(jars.map((j) => j.sha1.toLowerCase()).filter((h) => HEX.test(h)))];
  const versions = new Map<string, Record<string, unknown>>();
  for (const batch of chunks(hashes, BATCH)) {
    const answer = await client.post('/version_files', { hashes: batch, algorithm: 'sha1' });
    if (answer === null || typeof answer !== 'object' || Array.isArray(answer)) {
      throw new ModrinthError('Modrinth sent an unexpected /version_files answer', 'invalid');
    }
    for (const [hash, version] of Object.entries(answer)) {
      if (version !== null && typeof version === 'object') versions.set(hash.toLowerCase(), version as Record<string, unknown>);
    }
  }

  const projectIds = new Set<string>(slugs);
  for (const version of versions.values()) {
    const id = stringOrNull(version['project_id']);
    if (id !== null) projectIds.add(id);
  }
  const projects = new Map<string, Record<string, unknown>>();
  for (const batch of chunks([...projectIds], BATCH)) {
    const answer = await client.get('/projects', { ids: JSON.stringify(batch) });
    if (!Array.isArray(answer)) throw new ModrinthError('Modrinth sent an unexpected /projects answer', 'invalid');
    for (const project of answer) {
      if (project === null || typeof project !== 'object') continue;
      const id = stringOrNull((project as Record<string, unknown>)['id']);
      if (id !== null) projects.set(id, project as Record<string, unknown>);
    }
  }
  const bySlug = new Map([...projects.values()].map((p) => [String(p['slug']).toLowerCase(), p]));

  const entries: ModEntry[] = [];
  const listed = new Set<string>();
  for (const jar of jars) {
    const version = versions.get(jar.sha1.toLowerCase());
    const project = version ? projects.get(String(version['project_id'])) : undefined;
    if (version && project) {
      listed.add(String(project['id']));
      entries.push({ ...projectFields(project), source: 'jar', file: jar.file, version: stringOrNull(version['version_number']) });
    } else {
      entries.push({ ...unresolved(null), source: 'jar', file: jar.file, version: null });
    }
  }
  for (const slug of slugs) {
    const project = projects.get(slug) ?? bySlug.get(slug.toLowerCase());
    if (project && listed.has(String(project['id']))) continue; // Already listed from its jar.
    if (project) listed.add(String(project['id']));
    entries.push({ ...(project ? projectFields(project) : unresolved(slug)), source: 'config', file: null, version: null });
  }
  return entries.sort((a, b) => sortKey(a).localeCompare(sortKey(b)) || (a.file ?? '').localeCompare(b.file ?? ''));
}

function projectFields(project: Record<string, unknown>): Omit<ModEntry, 'source' | 'file' | 'version'> {
  const downloads = project['downloads'];
  return {
    project_id: stringOrNull(project['id']),
    slug: stringOrNull(project['slug']),
    name: stringOrNull(project['title']),
    description: stringOrNull(project['description']),
    categories: stringList(project['categories']),
    game_versions: stringList(project['game_versions']),
    loaders: stringList(project['loaders']),
    downloads: typeof downloads === 'number' && Number.isFinite(downloads) ? downloads : null,
    icon_url: stringOrNull(project['icon_url']),
    project_url: modrinthProjectUrl(project),
    resolved: true,
  };
}

/** Null metadata; a configured slug keeps the slug it was configured with, its only identity. */
function unresolved(slug: string | null): Omit<ModEntry, 'source' | 'file' | 'version'> {
  return {
    project_id: null, slug, name: null, description: null, categories: [], game_versions: [], loaders: [],
    downloads: null, icon_url: null, project_url: null, resolved: false,
  };
}

function sortKey(entry: ModEntry): string {
  return (entry.name ?? entry.slug ?? entry.file ?? '').toLowerCase();
}

function fingerprint(jars: ModJar[], slugs: string[]): string {
  const text = JSON.stringify([jars.map((j) => `${j.file}:${j.sha1}`).sort(), [...slugs].sort()]);
  return createHash('sha1').update(text).digest('hex');
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function isStored(value: unknown): value is Stored {
  const v = value as Partial<Stored> | null;
  return v !== null && typeof v === 'object' && v.format === 1 && typeof v.fetched_at === 'string'
    && !Number.isNaN(Date.parse(v.fetched_at)) && typeof v.inputs === 'string' && Array.isArray(v.mods);
}
