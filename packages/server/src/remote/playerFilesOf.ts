import type { ReadLimits, SaveWarning } from '@blockstats/core';
import { mapLimit } from '@blockstats/core/node';
import { SFTP_NO_SUCH_FILE, type SftpSession } from './connectSftp.js';
import { remoteJoin, type RemoteFile } from './listRemoteSave.js';

/** The folders whose files (`<uuid>.json`) a sync that lists only `playerdata/` looks up one by one. */
export const LOOKED_UP_FOLDERS = ['stats', 'advancements'] as const;

/** What looking up some players' stats and advancements files found. */
export interface LookedUp {
  /** The files there, as a listing gives them. */
  files: RemoteFile[];
  /** Every file looked up (relative paths), there or not: the mirror drops those not there. */
  looked: Set<string>;
  warnings: SaveWarning[];
}

/**
 * The `stats/` and `advancements/` files of `players` (uuids, as their `playerdata/` files are
 * named), each looked up by name (`lstat`, `inFlight` at once) instead of listing the folders: a
 * sync of a 10,000-player save lists 10,000 entries instead of 30,000. A file not there is in
 * `looked` only; one that is not a regular file is a warning, as in a listing.
 */
export async function playerFilesOf(session: SftpSession, root: string, world: string, players: Iterable<string>, limits: ReadLimits, inFlight: number): Promise<LookedUp> {
  const wanted = [...players].flatMap((uuid) => LOOKED_UP_FOLDERS.map((folder) => ({ file: `${world}/${folder}/${uuid}.json`, remote: remoteJoin(root, world, folder, `${uuid}.json`) })));
  const found = await mapLimit(wanted, inFlight, async ({ remote }) => {
    try {
      return await session.lstat(remote);
    } catch (error) {
      if ((error as { code?: unknown }).code === SFTP_NO_SUCH_FILE) return null;
      throw error;
    }
  });
  const result: LookedUp = { files: [], looked: new Set(wanted.map((w) => w.file)), warnings: [] };
  wanted.forEach(({ file, remote }, i) => {
    const attrs = found[i];
    if (!attrs) return;
    if (!attrs.isFile()) result.warnings.push({ file, reason: 'not a regular file on the server; not copied', unreadable: true });
    else result.files.push({ file, remote, size: attrs.size, mtime: attrs.mtime, maxBytes: limits.playerFileBytes });
  });
  return result;
}
