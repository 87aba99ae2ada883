import { open, utimes } from 'node:fs/promises';
import { formatBytes } from '@blockstats/core';
import { SFTP_NO_SUCH_FILE, type SftpSession } from './connectSftp.js';

/** How a copy went: whole (with the size and time it was copied at), or why nothing usable came. */
export type CopyOutcome =
  | { kind: 'copied'; size: number; mtime: number }
  | { kind: 'vanished' }
  | { kind: 'oversized'; size: number }
  | { kind: 'changed' }
  | { kind: 'not_regular' };

/**
 * Bytes asked for at most per read: a player file (up to ~200 KB) comes in one request, a round
 * trip each. OpenSSH answers up to 256 KiB (ssh2 splits a larger request, and one a server with
 * smaller packets would refuse). Files in flight × this is the copies' buffer memory (2 MiB at 8).
 */
const CHUNK = 256 * 1024;

/**
 * Copies one remote file to a local path, whole or not at all as far as the caller is concerned:
 * the size is checked against `maxBytes` before a byte is read (`oversized`), and a file that
 * changes while it is read (its size or time differs after the read, or it gives more or fewer
 * bytes than it said) is `changed`: the caller discards the local copy and tries at the next
 * sync. A file gone between the listing and the open is `vanished`. The copy gets the remote
 * file's modification time. Connection failures reject.
 */
export async function copyRemoteFile(session: SftpSession, remote: string, local: string, maxBytes: number): Promise<CopyOutcome> {
  let handle: Buffer;
  try {
    handle = await session.open(remote);
  } catch (error) {
    if ((error as { code?: unknown }).code === SFTP_NO_SUCH_FILE) return { kind: 'vanished' };
    throw error;
  }
  try {
    const before = await session.fstat(handle);
    if (!before.isFile()) return { kind: 'not_regular' };
    if (before.size > maxBytes) return { kind: 'oversized', size: before.size };
    const out = await open(local, 'w');
    let total = 0;
    try {
      const buffer = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(1, before.size + 1)));
      // Up to the size announced, not on to the end-of-file answer: a file grown meanwhile shows
      // in the fstat after (or in a read longer than the size), and that saves a round trip a file.
      while (total < before.size) {
        const n = await session.read(handle, buffer, total);
        if (n === 0) break;
        total += n;
        if (total > before.size) return { kind: total > maxBytes ? 'oversized' : 'changed', size: total } as CopyOutcome;
        await out.write(buffer, 0, n);
      }
    } finally {
      await out.close();
    }
    const after = await session.fstat(handle);
    if (total !== before.size || after.size !== before.size || after.mtime !== before.mtime) return { kind: 'changed' };
    // The reader takes a player's last time online from their files' modification times.
    await utimes(local, before.mtime, before.mtime);
    return { kind: 'copied', size: before.size, mtime: before.mtime };
  } finally {
    await session.close(handle).catch(() => undefined);
  }
}

/** The warning an outcome other than `copied` leaves, for the file's `SaveWarning`. */
export function copyWarning(outcome: Exclude<CopyOutcome, { kind: 'copied' }>, maxBytes: number, kept: boolean): string {
  const keptText = kept ? '; its previous copy is kept until the next sync' : '';
  switch (outcome.kind) {
    case 'vanished': return `vanished from the server while being copied${keptText}`;
    case 'changed': return `changed on the server while being copied${keptText}`;
    case 'not_regular': return 'not a regular file on the server; not copied';
    case 'oversized': return `${formatBytes(outcome.size)} on the server, over its limit of ${formatBytes(maxBytes)}; not copied`;
  }
}
