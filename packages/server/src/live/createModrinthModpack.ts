import { deepFreeze } from './deepFreeze.js';
import { createModrinthClient, ModrinthError, type ModrinthClient, type ModrinthClientOptions } from './createModrinthClient.js';
import { modrinthProjectUrl, stringList, stringOrNull } from './modrinthFields.js';
import type { Modpack, ModpackFile, ModpackSource, ModpackVersion } from './types.js';
import { UnavailableError } from './UnavailableError.js';

export interface ModrinthModpackOptions extends ModrinthClientOptions {
  /** Modrinth project id or slug of the client modpack. Omitted: `modpack()` resolves null. */
  project?: string | null;
  /** How long a read is served before asking Modrinth again. Default 5 minutes. */
  cacheMs?: number;
  /** Wait after a failed read (unless Modrinth said how long). Default 60 s. */
  retryMs?: number;
  /** Share one client (and its rate-limit state) with the mods capability. */
  client?: ModrinthClient;
  onError?: (error: Error) => void;
}

/**
 * The configured client modpack, read live from Modrinth (`GET /project/{id}` and
 * `GET /project/{id}/version`) with a short cache. When Modrinth fails the last good read is
 * served; with none, `modpack()` rejects with {@link UnavailableError} (503, `Retry-After`).
 * Concurrent calls share one read.
 *
 * @example
 * const pack = createModrinthModpack({ project: 'example-pack' });
 * const modpack = await pack.modpack(); // Modpack | null (none configured)
 */
export function createModrinthModpack(options: ModrinthModpackOptions = {}): ModpackSource {
  const project = options.project?.trim() || null;
  const client = options.client ?? createModrinthClient(options);
  const clock = options.clock ?? Date.now;
  const cacheMs = options.cacheMs ?? 5 * 60 * 1000;
  const retryMs = options.retryMs ?? 60 * 1000;
  const report = options.onError ?? (() => {});

  let cached: { at: number; modpack: Modpack } | null = null;
  let retryAt = 0;
  let inFlight: Promise<Modpack> | null = null;

  async function read(id: string): Promise<Modpack> {
    const path = `/project/${encodeURIComponent(id)}`;
    const [body, versions] = await Promise.all([client.get(path), client.get(`${path}/version`)]);
    if (body === null || versions === null) {
      throw new ModrinthError(`Modrinth has no project ${JSON.stringify(id)} (check the modpack setting)`, 'http', 404);
    }
    if (typeof body !== 'object' || Array.isArray(body) || !Array.isArray(versions)) {
      throw new ModrinthError(`Modrinth sent an unexpected answer for project ${JSON.stringify(id)}`, 'invalid');
    }
    return deepFreeze(toModpack(body as Record<string, unknown>, versions, new Date(clock()).toISOString()));
  }

  return {
    async modpack(): Promise<Modpack | null> {
      if (project === null) return null;
      const now = clock();
      if (cached !== null && now - cached.at < cacheMs) return cached.modpack;
      if (inFlight === null && now < retryAt) {
        if (cached !== null) return cached.modpack;
        throw new UnavailableError('the modpack could not be read from Modrinth', (retryAt - now) / 1000);
      }
      inFlight ??= read(project).finally(() => {
        inFlight = null;
      });
      try {
        const modpack = await inFlight;
        cached = { at: clock(), modpack };
        retryAt = 0;
        return modpack;
      } catch (error) {
        const seconds = error instanceof ModrinthError ? error.retryAfterSeconds : null;
        const wait = seconds !== null ? seconds * 1000 : retryMs;
        if (retryAt <= clock()) {
          // Only the first of several concurrent callers records the failure.
          retryAt = clock() + wait;
          report(error as Error);
        }
        if (cached !== null) return cached.modpack;
        throw new UnavailableError('the modpack could not be read from Modrinth', wait / 1000, { cause: error });
      }
    },
  };
}

function toModpack(project: Record<string, unknown>, versions: unknown[], fetchedAt: string): Modpack {
  const parsed = versions
    .filter((v): v is Record<string, unknown> => v !== null && typeof v === 'object' && typeof (v as Record<string, unknown>)['id'] === 'string')
    .map(toVersion);
  // Labrinth lists newest first; sort anyway (stable) so "latest" never depends on that.
  parsed.sort((a, b) => time(b.published_at) - time(a.published_at));
  const downloads = project['downloads'];
  return {
    project_id: String(project['id'] ?? ''),
    slug: stringOrNull(project['slug']),
    name: stringOrNull(project['title']),
    description: stringOrNull(project['description']),
    icon_url: stringOrNull(project['icon_url']),
    project_url: modrinthProjectUrl(project),
    downloads: typeof downloads === 'number' && Number.isFinite(downloads) ? downloads : null,
    game_versions: stringList(project['game_versions']),
    loaders: stringList(project['loaders']),
    latest: parsed[0] ?? null,
    fetched_at: fetchedAt,
  };
}

function toVersion(version: Record<string, unknown>): ModpackVersion {
  const files = Array.isArray(version['files']) ? version['files'] : [];
  const parsedFiles = files
    .filter((f): f is Record<string, unknown> => f !== null && typeof f === 'object')
    .map(toFile)
    .filter((f): f is ModpackFile => f !== null);
  // Modrinth: "if no file is primary, the first one is".
  if (parsedFiles.length > 0 && !parsedFiles.some((f) => f.primary)) parsedFiles[0]!.primary = true;
  return {
    id: String(version['id']),
    name: stringOrNull(version['name']),
    version_number: stringOrNull(version['version_number']),
    version_type: stringOrNull(version['version_type']),
    published_at: stringOrNull(version['date_published']),
    game_versions: stringList(version['game_versions']),
    loaders: stringList(version['loaders']),
    changelog: stringOrNull(version['changelog']),
    files: parsedFiles,
  };
}

function toFile(file: Record<string, unknown>): ModpackFile | null {
  const url = stringOrNull(file['url']);
  const filename = stringOrNull(file['filename']);
  if (url === null || filename === null) return null;
  const hashes = (file['hashes'] ?? {}) as Record<string, unknown>;
  const size = file['size'];
  return {
    filename,
    url,
    size: typeof size === 'number' && Number.isFinite(size) ? size : null,
    primary: file['primary'] === true,
    sha1: stringOrNull(hashes['sha1']),
    sha512: stringOrNull(hashes['sha512']),
  };
}

function time(iso: string | null): number {
  const ms = iso === null ? Number.NaN : Date.parse(iso);
  return Number.isNaN(ms) ? -Infinity : ms;
}
