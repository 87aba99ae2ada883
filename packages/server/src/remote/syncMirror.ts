import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ReadLimits, SaveWarning } from '@blockstats/core';
import { mapLimit } from '@blockstats/core/node';
import type { SftpSession } from './connectSftp.js';
import { copyRemoteFile, copyWarning, type CopyOutcome } from './copyRemoteFile.js';
import { listForSync, playerOf } from './listForSync.js';
import type { RemoteFile } from './listRemoteSave.js';
import type { ListingPlan } from './listingGuide.js';
import { copiedAsListed, type MirrorManifest } from './mirrorManifest.js';
import { LOOKED_UP_FOLDERS } from './playerFilesOf.js';

/** What one sync did (the `sync` log line). */
export interface SyncReport {
  /** Files listed on the server that the reader needs. */
  listed: number;
  /** Files copied anew (changed or new since the last sync). */
  copied: number;
  /** Bytes those copies took. */
  bytes: number;
  /** Files removed from the mirror (gone from the server, or refused now). */
  removed: number;
  /** Files refused, vanished or changed mid-copy: the pull's warnings. */
  warnings: SaveWarning[];
  /** Whether every folder was listed (else `playerdata/`, the players' other files looked up). */
  full: boolean;
  /** Whether the mirror held nothing before (a first copy). */
  firstCopy: boolean;
  /** Players (uuids) whose `playerdata/` file changed or appeared. */
  playerdata: Set<string>;
  /** Players whose `stats/` or `advancements/` file changed or appeared, and was copied. */
  others: Set<string>;
  /** Players whose `stats/` or `advancements/` file changed but vanished or changed mid-copy. */
  pending: Set<string>;
}

export interface SyncOptions {
  session: SftpSession;
  /** The remote server root. */
  root: string;
  /** `sftp://…` for messages. */
  where: string;
  /** The folder the reader reads. */
  mirrorDir: string;
  /** A fresh folder for this sync's copies, removed at the end. */
  stagingDir: string;
  /** The mirror's content; updated in place as files are published. */
  manifest: MirrorManifest;
  limits: ReadLimits;
  /** Files copied at once. */
  filesInFlight: number;
  /** How to list (see `listingGuide`); every folder when absent. */
  plan?: ListingPlan;
  signal?: AbortSignal;
}

const PLAYER_FOLDERS = ['stats', 'advancements', 'playerdata'];

/**
 * Brings the mirror up to date with the server: lists what the reader needs (every folder, or as
 * `plan` says: see `listForSync`), copies into the staging folder each file whose size or mtime
 * differs from the manifest (at most `filesInFlight` at once, each within its `ReadLimits` size),
 * and only once every copy is done publishes them into the mirror by renames, removes what the
 * server no longer has, and records the manifest. A connection lost or stalled before that
 * rejects and leaves the mirror as the last complete sync left it: the reader never sees a
 * half-copied file, nor a half-done sync.
 */
export async function syncMirror(options: SyncOptions): Promise<SyncReport> {
  const { session, manifest, mirrorDir, stagingDir, signal } = options;
  const full = options.plan?.full ?? true;
  const firstCopy = manifest.size === 0;
  const { listing, wanted, playerdata } = await listForSync(options, full);
  signal?.throwIfAborted();
  const warnings = [...listing.warnings];
  const stale = listing.files.filter((f) => !copiedAsListed(manifest, f));
  await rm(stagingDir, { recursive: true, force: true });
  await mkdir(stagingDir, { recursive: true });
  // A save's files sit in a handful of folders: each is made once a sync, not once a file.
  const folders = folderMaker();
  try {
    const outcomes = await mapLimit(stale, options.filesInFlight, async (file): Promise<CopyOutcome> => {
      signal?.throwIfAborted();
      if (file.size > file.maxBytes) return { kind: 'oversized', size: file.size };
      const local = join(stagingDir, ...file.file.split('/'));
      await folders.make(dirname(local));
      return copyRemoteFile(session, file.remote, local, file, file.maxBytes);
    });
    signal?.throwIfAborted();
    // Everything is here: publish. Local renames only, nothing left that can wait on the network.
    // What changed and was copied: a file refused for its size, or caught mid-write, is no change yet.
    const playersOf = (kinds: readonly CopyOutcome['kind'][]): Set<string> => new Set(stale.filter((_, i) => kinds.includes(outcomes[i]!.kind)).flatMap((f) => LOOKED_UP_FOLDERS.map((folder) => playerOf(f.file, listing.world, folder)).filter((uuid) => uuid !== null)));
    const others = playersOf(['copied']);
    const pending = playersOf(['vanished', 'changed']);
    const report: SyncReport = { listed: listing.files.length, copied: 0, bytes: 0, removed: 0, warnings, full, firstCopy, playerdata, others, pending };
    for (let i = 0; i < stale.length; i++) await publish(stale[i]!, outcomes[i]!, options, report, folders);
    for (const file of [...manifest.keys()]) {
      if (wanted.has(file)) continue;
      await rm(join(mirrorDir, ...file.split('/')), { force: true });
      manifest.delete(file);
      report.removed++;
    }
    // The reader takes a folder with any of these for a world, even one with no player yet.
    for (const folder of PLAYER_FOLDERS) await mkdir(join(mirrorDir, ...listing.world.split('/'), folder), { recursive: true });
    return report;
  } finally {
    await rm(stagingDir, { recursive: true, force: true });
  }
}

/** Moves one copy into the mirror, or drops the mirror's copy of a file refused now. */
async function publish(file: RemoteFile, outcome: CopyOutcome, options: SyncOptions, report: SyncReport, folders: FolderMaker): Promise<void> {
  const target = join(options.mirrorDir, ...file.file.split('/'));
  if (outcome.kind === 'copied') {
    await folders.make(dirname(target));
    await rename(join(options.stagingDir, ...file.file.split('/')), target);
    options.manifest.set(file.file, { size: outcome.size, mtime: outcome.mtime });
    report.copied++;
    report.bytes += outcome.size;
    return;
  }
  // Vanished or changed mid-copy: most likely rewritten right now; the previous copy (if any)
  // stays, with its old stamp, so the next sync looks again. Refused: the mirror must not keep
  // serving an older copy as if current; the reader then keeps the player's last good data.
  const transient = outcome.kind === 'vanished' || outcome.kind === 'changed';
  const kept = transient && options.manifest.has(file.file);
  if (!transient && options.manifest.delete(file.file)) {
    await rm(target, { force: true });
    report.removed++;
  }
  report.warnings.push({ file: file.file, reason: copyWarning(outcome, file.maxBytes, kept), ...(transient ? {} : { unreadable: true as const }) });
}

interface FolderMaker {
  /** Makes the folder (and its parents) unless this maker made it already. */
  make(path: string): Promise<void>;
}

/** Makes folders, each once: concurrent callers of one folder share its making. */
function folderMaker(): FolderMaker {
  const made = new Map<string, Promise<unknown>>();
  return {
    async make(path) {
      let making = made.get(path);
      if (making === undefined) made.set(path, (making = mkdir(path, { recursive: true })));
      await making;
    },
  };
}
