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

/** What the directory listing said of a file: the copy must end with the file still so. */
export interface ListedStamp {
  size: number;
  mtime: number;
}

/**
 * Copies one remote file to a local path, whole or not at all as far as the caller is concerned.
 * The listing's size and time are the reference: they were checked against `maxBytes` before
 * (a read longer than that is `oversized`), and a file that is not so after its read (its size or
 * time differs, or it gave more or fewer bytes) changed since it was listed or while it was read:
 * `changed`, and the caller discards the local copy and tries at the next sync; but a file found
 * otherwise than listed is copied once more at once with what the fstat found (the listing of a
 * large first copy is a minute old by its last files, and a live server rewrites its online
 * players' files every few minutes). A file gone between the listing and the open is `vanished`.
 * The copy gets the modification time it was checked against. Connection failures reject.
 *
 * Three round trips a file: the open, the read (one for a player file), and the fstat and close
 * sent together; no fstat before the read, the listing's stamp stands in for it. Every request is
 * a packet each way, encrypted or decrypted and written on the main thread: a first copy of
 * 10,000 players (30,000 files) over loopback took 32.1 s of its CPU with five round trips a file
 * and 28.6 s with three (`bench/sftpSync.ts`, one run each, quiet).
 */
export async function copyRemoteFile(session: SftpSession, remote: string, local: string, listed: ListedStamp, maxBytes: number, again = true): Promise<CopyOutcome> {
  let handle: Buffer;
  try {
    handle = await session.open(remote);
  } catch (error) {
    if ((error as { code?: unknown }).code === SFTP_NO_SUCH_FILE) return { kind: 'vanished' };
    throw error;
  }
  let held = true;
  try {
    const out = await open(local, 'w');
    let total = 0;
    try {
      const buffer = Buffer.allocUnsafe(Math.min(CHUNK, listed.size + 1));
      // Up to the size listed, not on to the end-of-file answer: a file grown meanwhile shows in
      // the fstat after (or in a read longer than the size), and that saves a round trip a file.
      while (total < listed.size) {
        const n = await session.read(handle, buffer, total);
        if (n === 0) break;
        total += n;
        if (total > listed.size) break;
        await out.write(buffer, 0, n);
      }
    } finally {
      await out.close();
    }
    held = false;
    const [after] = await Promise.all([session.fstat(handle), session.close(handle)]);
    if (!after.isFile()) return { kind: 'not_regular' };
    if (total !== listed.size || after.size !== listed.size || after.mtime !== listed.mtime) {
      const size = Math.max(total, after.size);
      if (size > maxBytes) return { kind: 'oversized', size };
      if (!again) return { kind: 'changed' };
      return await copyRemoteFile(session, remote, local, { size: after.size, mtime: after.mtime }, maxBytes, false);
    }
    // The reader takes a player's last time online from their files' modification times.
    await utimes(local, listed.mtime, listed.mtime);
    return { kind: 'copied', size: listed.size, mtime: listed.mtime };
  } finally {
    if (held) await session.close(handle).catch(() => undefined);
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
