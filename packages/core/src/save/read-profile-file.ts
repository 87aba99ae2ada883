import { stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileStamp, type FileStamp, type ParseCache } from './parse-cache.js';
import { parseInWorkers } from './parse-in-workers.js';
import { parseProfileList } from './parse-profile-list.js';
import { indexProfiles, profileLookup, type ProfileIndex, type ProfileLookup } from './profile-index.js';
import type { ParseOutcome } from './parse-request.js';
import { readRootTextFile } from './read-root-file.js';
import { OFF_THREAD_BYTES, type ReadLimits } from './read-limits.js';
import type { SaveWarning } from './types.js';

/** How `readProfileFile` reads. */
export interface ReadProfileFileOptions {
  limits: ReadLimits;
  /** Keeps the parsed list of an unchanged file (size and modification time) between reads. */
  cache?: ParseCache;
  signal?: AbortSignal;
}

/** A profile list as kept: its lookup by uuid, and what was wrong with the file. */
interface Profiles {
  byUuid: ProfileLookup;
  problem: string | null;
}

function kept(index: ProfileIndex): Profiles {
  return { byUuid: profileLookup(index), problem: index.problem };
}

/** Parses a large list on a worker thread (its JSON would hold up this thread); null without workers. */
async function parseOffThread(path: string, options: ReadProfileFileOptions): Promise<ParseOutcome | null> {
  const outcomes = await parseInWorkers([{ kind: 'profiles', path }], {
    threads: 1,
    batchSize: 1,
    limits: options.limits,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return outcomes?.[0] ?? null;
}

const NO_PROFILES: ProfileLookup = { size: 0, get: () => undefined };

/**
 * Reads a profile list at a server root (`usercache.json`, `whitelist.json`, `banned-players.json`,
 * `ops.json`: arrays of `{uuid, name}`): its entries by uuid (see `ProfileIndex`). Absent is an
 * empty list; unusable (see `readRootTextFile`) an empty list and a warning; a damaged list keeps what could be salvaged,
 * with a warning. Bounded by `limits.rootFileBytes`; a list of over 1 MiB is parsed on a worker
 * thread, and with a `cache` an unchanged file is not parsed again.
 *
 * @example
 * const warnings: SaveWarning[] = [];
 * const ops = await readProfileFile('/srv/minecraft', 'ops.json', warnings, { limits: DEFAULT_READ_LIMITS });
 * ops.get('069a79f4-44e9-4726-a5be-fca90e38aaf5')?.name; // 'Notch'
 */
export async function readProfileFile(
  root: string,
  file: string,
  warnings: SaveWarning[],
  options: ReadProfileFileOptions,
): Promise<ProfileLookup> {
  const path = join(root, ...file.split('/'));
  let stamp: FileStamp | null = null;
  try {
    const info = await stat(path);
    if (info.isFile()) stamp = fileStamp(dirname(path), basename(path), info.size, info.mtimeMs);
  } catch {
    // Absent or unreadable: readRootTextFile below says which.
  }
  let profiles = stamp ? options.cache?.get<Profiles>('profiles', stamp) : undefined;
  if (profiles === undefined) {
    let outcome: ParseOutcome | null = null;
    if (stamp !== null && stamp.size >= OFF_THREAD_BYTES && stamp.size <= options.limits.rootFileBytes) {
      outcome = await parseOffThread(path, options);
      if (outcome !== null && !outcome.ok) {
        warnings.push({ file, reason: `unreadable: ${outcome.reason}`, unreadable: true });
        return NO_PROFILES;
      }
    }
    if (outcome === null) {
      const text = await readRootTextFile(root, file, warnings, options.limits.rootFileBytes);
      if (text === null) return NO_PROFILES;
      profiles = kept(indexProfiles(parseProfileList(text)));
    } else {
      profiles = kept(outcome.value as ProfileIndex);
    }
    // Only a file that was read is cached: a failure is tried again at the next read.
    if (stamp !== null) options.cache?.set('profiles', stamp, profiles);
  }
  if (profiles.problem !== null) warnings.push({ file, reason: profiles.problem });
  return profiles.byUuid;
}
