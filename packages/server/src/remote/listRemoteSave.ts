import { parseServerProperties, type ReadLimits, type SaveWarning } from '@blockstats/core';
import type { FileEntryWithStats } from 'ssh2';
import { SFTP_NO_SUCH_FILE, type SftpSession } from './connectSftp.js';
import { RemoteSaveError } from './RemoteSaveError.js';

/** A remote file the reader needs, as listed. */
export interface RemoteFile {
  /** Relative to the server root, `/`-separated: the mirror's path too. */
  file: string;
  /** Path on the SFTP server. */
  remote: string;
  size: number;
  /** Modification time, seconds (SFTP's resolution). */
  mtime: number;
  /** The limit its kind has in `ReadLimits`: a larger file is refused, not copied. */
  maxBytes: number;
}

/** What a save's listing found. */
export interface RemoteListing {
  files: RemoteFile[];
  /** The world folder's name (`level-name`), relative to the root. */
  world: string;
  warnings: SaveWarning[];
}

/**
 * The files the save reader reads (`@blockstats/core`'s `locateSave`, `readRootFiles`,
 * `listSaveFiles`), and only those: the root's server.properties, usercache, whitelist, ban and
 * operator lists, Floodgate's config (plugin or mod), the world's `stats/`, `advancements/`,
 * `playerdata/` files named by a uuid, and `mods/*.jar`.
 */
const ROOT_FILES = ['server.properties', 'usercache.json', 'whitelist.json', 'banned-players.json', 'ops.json'];
const FLOODGATE_CONFIGS = ['plugins/floodgate/config.yml', 'config/floodgate/config.yml'];
const PLAYER_FOLDERS = [
  { folder: 'stats', name: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.json$/i },
  { folder: 'advancements', name: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.json$/i },
  { folder: 'playerdata', name: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.dat$/i },
] as const;
/** The player folders a listing of players' data only reads (see `listRemoteSave`'s `only`). */
const PLAYERDATA_ONLY = PLAYER_FOLDERS.filter(({ folder }) => folder === 'playerdata');
const JAR = /\.jar$/i;

/** Joins remote path parts with `/` (SFTP paths are POSIX whatever the local system). */
export function remoteJoin(base: string, ...parts: string[]): string {
  return [base === '.' ? '' : base.replace(/\/+$/, ''), ...parts].filter((p, i) => i > 0 || p !== '').join('/') || '/';
}

/** A folder's entries; a missing folder is empty. */
async function entries(session: SftpSession, path: string): Promise<FileEntryWithStats[]> {
  try {
    return await session.readdir(path);
  } catch (error) {
    if ((error as { code?: unknown }).code === SFTP_NO_SUCH_FILE) return [];
    throw error;
  }
}

/** The level name of a server.properties small enough to read, or the game's default. */
async function levelName(session: SftpSession, root: string, listed: FileEntryWithStats | undefined, maxBytes: number): Promise<string> {
  if (!listed || !listed.attrs.isFile() || listed.attrs.size > maxBytes) return 'world';
  const handle = await session.open(remoteJoin(root, 'server.properties'));
  try {
    const buffer = Buffer.alloc(listed.attrs.size);
    let read = 0;
    while (read < buffer.length) {
      const n = await session.read(handle, buffer.subarray(read), read);
      if (n === 0) break;
      read += n;
    }
    return parseServerProperties(buffer.subarray(0, read).toString('utf8'))['level-name']?.trim() || 'world';
  } finally {
    await session.close(handle).catch(() => undefined);
  }
}

/** A level name usable as a folder of the mirror: one or more plain path segments, never `..`. */
function safeWorld(name: string): boolean {
  return name.split('/').every((part) => part !== '' && part !== '.' && part !== '..' && !part.includes('\0') && !part.includes('\\'));
}

/**
 * Lists what the reader needs of a remote server root. Rejects with a {@link RemoteSaveError}
 * `not_a_save` when the path is missing or holds no world. Entries that are not regular files
 * (a symbolic link, a folder named like a player file) are warnings, never copied. With `only`
 * `'playerdata'` the `stats/` and `advancements/` folders are not listed (see `playerFilesOf`).
 */
export async function listRemoteSave(session: SftpSession, root: string, limits: ReadLimits, where: string, only: 'all' | 'playerdata' = 'all'): Promise<RemoteListing> {
  const warnings: SaveWarning[] = [];
  let rootEntries: FileEntryWithStats[];
  try {
    rootEntries = await session.readdir(root);
  } catch (error) {
    if ((error as { code?: unknown }).code === SFTP_NO_SUCH_FILE) throw new RemoteSaveError('not_a_save', `${where}: no such folder on the server`);
    throw error;
  }
  const byName = new Map(rootEntries.map((entry) => [entry.filename, entry]));
  const world = await levelName(session, root, byName.get('server.properties'), limits.rootFileBytes);
  if (!safeWorld(world)) throw new RemoteSaveError('not_a_save', `${where}: server.properties names the world "${world}", which is not a folder name blockstats will mirror`);
  const worldEntry = world.includes('/') ? await session.stat(remoteJoin(root, world)).catch(() => null) : byName.get(world)?.attrs;
  if (!worldEntry?.isDirectory()) {
    throw new RemoteSaveError('not_a_save', `${where}: no world folder "${world}" there; give the server's root folder (the one holding server.properties)`);
  }
  const files: RemoteFile[] = [];
  const take = (file: string, remote: string, attrs: FileEntryWithStats['attrs'], maxBytes: number): void => {
    if (!attrs.isFile()) warnings.push({ file, reason: 'not a regular file on the server; not copied', unreadable: true });
    else files.push({ file, remote, size: attrs.size, mtime: attrs.mtime, maxBytes });
  };
  for (const name of ROOT_FILES) {
    const entry = byName.get(name);
    if (entry) take(name, remoteJoin(root, name), entry.attrs, limits.rootFileBytes);
  }
  // The folders are listed at once: each listing is many requests in a row (a batch of names
  // per answer), and the server answers one folder's while the next answer of another travels.
  const folders = only === 'all' ? PLAYER_FOLDERS : PLAYERDATA_ONLY;
  const [floodgate, players, mods] = await Promise.all([
    Promise.all(FLOODGATE_CONFIGS.map((file) => entries(session, remoteJoin(root, file.slice(0, file.lastIndexOf('/')))))),
    Promise.all(folders.map(({ folder }) => entries(session, remoteJoin(root, world, folder)))),
    entries(session, remoteJoin(root, 'mods')),
  ]);
  FLOODGATE_CONFIGS.forEach((file, i) => {
    const entry = floodgate[i]!.find((e) => e.filename === 'config.yml');
    if (entry) take(file, remoteJoin(root, file), entry.attrs, limits.rootFileBytes);
  });
  folders.forEach(({ folder, name }, i) => {
    const remoteFolder = remoteJoin(root, world, folder);
    for (const entry of players[i]!) {
      if (name.test(entry.filename)) take(`${world}/${folder}/${entry.filename}`, `${remoteFolder}/${entry.filename}`, entry.attrs, limits.playerFileBytes);
    }
  });
  for (const entry of mods) {
    if (JAR.test(entry.filename) && !entry.filename.includes('/')) take(`mods/${entry.filename}`, remoteJoin(root, 'mods', entry.filename), entry.attrs, limits.modJarBytes);
  }
  return { files, world, warnings };
}
