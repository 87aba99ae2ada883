import { lstatSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeJsonAtomic } from '../live/jsonFile.js';

/** What the mirror holds: per file (relative path), the remote size and mtime it was copied at. */
export type MirrorManifest = Map<string, { size: number; mtime: number }>;

/**
 * Whether the mirror's copy of `file` is the one the server lists now: same size and mtime. A file
 * the manifest does not hold is not.
 *
 * @example
 * const stale = listing.files.filter((f) => !copiedAsListed(manifest, f));
 */
export function copiedAsListed(manifest: MirrorManifest, file: { file: string; size: number; mtime: number }): boolean {
  const known = manifest.get(file.file);
  return known !== undefined && known.size === file.size && known.mtime === file.mtime;
}

interface StoredManifest {
  format: 1;
  /** The location mirrored: another one starts an empty mirror. */
  location: string;
  files: Record<string, [size: number, mtime: number]>;
}

/**
 * Reads the manifest of a mirror of `location`, keeping only the entries whose local copy is
 * there at the size recorded (a copy deleted or damaged by hand is fetched again). Missing,
 * unreadable, or of another location: empty.
 */
export async function loadMirrorManifest(path: string, location: string, mirrorDir: string): Promise<MirrorManifest> {
  const manifest: MirrorManifest = new Map();
  let stored: StoredManifest;
  try {
    stored = JSON.parse(await readFile(path, 'utf8')) as StoredManifest;
  } catch {
    return manifest;
  }
  if (stored?.format !== 1 || stored.location !== location || typeof stored.files !== 'object' || stored.files === null) return manifest;
  for (const [file, entry] of Object.entries(stored.files)) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'number' || typeof entry[1] !== 'number') continue;
    const local = lstatSync(join(mirrorDir, ...file.split('/')), { throwIfNoEntry: false });
    if (local?.isFile() && local.size === entry[0]) manifest.set(file, { size: entry[0], mtime: entry[1] });
  }
  return manifest;
}

/** Writes the manifest whole (a rename: a crash leaves the previous one). */
export async function saveMirrorManifest(path: string, location: string, manifest: MirrorManifest): Promise<void> {
  const files: StoredManifest['files'] = {};
  for (const [file, { size, mtime }] of manifest) files[file] = [size, mtime];
  await writeJsonAtomic(path, { format: 1, location, files } satisfies StoredManifest);
}
