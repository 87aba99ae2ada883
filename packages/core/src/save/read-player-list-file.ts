import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parseInWorkers } from './parse-in-workers.js';
import { parsePlayerList } from './parse-player-list.js';
import type { PlayerList } from './parse-request.js';
import { readRootTextFile } from './read-root-file.js';
import { OFF_THREAD_BYTES, type ReadLimits } from './read-limits.js';
import type { PlayerListEntry, SaveWarning } from './types.js';

/**
 * Reads `banned-players.json` or `ops.json` at a server root: one entry per uuid (the first
 * listed), sorted by uuid. Absent is empty; unusable (a FIFO or folder in its place, over
 * `limits.rootFileBytes`: see `readRootTextFile`) empty with a warning; a damaged list keeps what
 * could be salvaged, with a warning. A list of 1 MiB or more is parsed on a worker thread. Read
 * at every call, never cached: a ban takes effect at the next read.
 *
 * @example
 * const warnings: SaveWarning[] = [];
 * const ops = await readPlayerListFile('/srv/minecraft', 'ops.json', warnings, { limits: DEFAULT_READ_LIMITS });
 */
export async function readPlayerListFile(
  root: string,
  file: string,
  warnings: SaveWarning[],
  options: { limits: ReadLimits; signal?: AbortSignal },
): Promise<PlayerListEntry[]> {
  const path = join(root, ...file.split('/'));
  let list: PlayerList | null = null;
  const size = await stat(path).then((info) => (info.isFile() ? info.size : -1), () => -1);
  if (size >= OFF_THREAD_BYTES && size <= options.limits.rootFileBytes) {
    const outcome = (await parseInWorkers([{ kind: 'player-list', path }], { threads: 1, batchSize: 1, limits: options.limits, ...(options.signal ? { signal: options.signal } : {}) }))?.[0];
    if (outcome && !outcome.ok) {
      warnings.push({ file, reason: `unreadable: ${outcome.reason}`, unreadable: true });
      return [];
    }
    if (outcome) list = outcome.value as PlayerList;
  }
  if (list === null) {
    const text = await readRootTextFile(root, file, warnings, options.limits.rootFileBytes);
    if (text === null) return [];
    list = parsePlayerList(text);
  }
  if (list.problem !== null) warnings.push({ file, reason: list.problem });
  const byUuid = new Map<string, PlayerListEntry>();
  for (const entry of list.entries) if (!byUuid.has(entry.uuid)) byUuid.set(entry.uuid, entry);
  return [...byUuid.values()].sort((a, b) => (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0));
}
