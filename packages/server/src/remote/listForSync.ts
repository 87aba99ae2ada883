import { listRemoteSave, type RemoteListing } from './listRemoteSave.js';
import { copiedAsListed } from './mirrorManifest.js';
import { LOOKED_UP_FOLDERS, playerFilesOf } from './playerFilesOf.js';
import type { SyncOptions } from './syncMirror.js';

/** What a sync copies from: the files there, those the mirror keeps, and whose `playerdata/` changed. */
export interface SyncListing {
  /** The files the reader needs as the server has them (listed, or looked up by name). */
  listing: RemoteListing;
  /** Files the mirror keeps: those found, and with a `playerdata/` listing those not looked up. */
  wanted: Set<string>;
  /** Players (uuids) whose `playerdata/` file changed or appeared since the mirror's copy. */
  playerdata: Set<string>;
}

/** The player (uuid) a file of the world's `folder` belongs to, or null for any other file. */
export function playerOf(file: string, world: string, folder: string): string | null {
  const prefix = `${world}/${folder}/`;
  if (!file.startsWith(prefix)) return null;
  const name = file.slice(prefix.length);
  const dot = name.lastIndexOf('.');
  return dot === 36 && !name.includes('/') ? name.slice(0, dot) : null;
}

/**
 * Lists the save for a sync: every folder (`full`), or only `playerdata/` with the `stats/` and
 * `advancements/` files looked up by name for the players whose `playerdata/` file changed,
 * appeared or went, and for `plan.recheck` (see `listingGuide`). The mirror keeps its copies of
 * the files not looked up as they are.
 */
export async function listForSync(options: SyncOptions, full: boolean): Promise<SyncListing> {
  const { session, manifest, limits } = options;
  const listing = await listRemoteSave(session, options.root, limits, options.where, full ? 'all' : 'playerdata');
  const playerdata = new Set<string>();
  for (const f of listing.files) {
    const uuid = playerOf(f.file, listing.world, 'playerdata');
    if (uuid !== null && !copiedAsListed(manifest, f)) playerdata.add(uuid);
  }
  const wanted = new Set(listing.files.map((f) => f.file));
  if (full) return { listing, wanted, playerdata };

  const lookUp = new Set([...playerdata, ...(options.plan?.recheck ?? [])]);
  for (const file of manifest.keys()) {
    const uuid = playerOf(file, listing.world, 'playerdata');
    if (uuid !== null && !wanted.has(file)) lookUp.add(uuid); // its playerdata went: its other files may have too
  }
  options.signal?.throwIfAborted();
  const lookedUp = await playerFilesOf(session, options.root, listing.world, lookUp, limits, options.filesInFlight * 4);
  listing.files.push(...lookedUp.files);
  listing.warnings.push(...lookedUp.warnings);
  for (const f of lookedUp.files) wanted.add(f.file);
  for (const file of manifest.keys()) {
    if (!lookedUp.looked.has(file) && LOOKED_UP_FOLDERS.some((folder) => playerOf(file, listing.world, folder) !== null)) wanted.add(file);
  }
  return { listing, wanted, playerdata };
}
