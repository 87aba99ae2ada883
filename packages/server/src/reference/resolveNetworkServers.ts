import { realpath, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { SERVER_ID } from '../router/NetworkServer.js';
import { parseSaveLocation, redactLocation } from '../remote/parseSaveLocation.js';
import { ConfigError, type ConfigIssue } from './ConfigError.js';

/** One server of a network as configured (issue 38): its id, display name and save directory. */
export interface NetworkServerInput {
  /** snake_case, unique in the network (`?server=<id>`). */
  id: string;
  /** Display name; the id when absent. */
  name?: string;
  /** The Minecraft server directory holding its save, relative to `cwd` or absolute, or `sftp://user@host:port/path`. */
  save: string;
}

/** A network server checked and located: its save directory is absolute and no other's. */
export interface NetworkServerDir {
  id: string;
  name: string;
  /** The real path of a local save, or the `sftp://user@host:port/path` URL of a remote one. */
  dir: string;
}

/** Where each entry was given, for messages (`servers[1]`, or `--server creative=…`). */
export interface ResolveNetworkOptions {
  cwd: string;
  /** The configuration file, or null for servers given on the command line. */
  file?: string | null;
  /** The name of entry `index` in messages (default `servers[index]`). */
  label?: (index: number) => string;
}

/**
 * Checks a network's server list before anything is read, so that a mistake is a configuration
 * error at start and never a network served wrong: ids snake_case and unique, names 1 to 64
 * characters, every save an existing directory, and no two servers on the same save (compared by
 * real path, so a symlink or `..` does not make one save count twice). Throws a {@link ConfigError}
 * naming every offending entry. Whether each directory holds a save is the read's to say
 * (`readSave` throws `NOT_A_SAVE`).
 *
 * @example
 * const servers = await resolveNetworkServers([{ id: 'survival', save: '/srv/survival' }, { id: 'creative', save: '/srv/creative' }], { cwd: process.cwd() });
 */
export async function resolveNetworkServers(entries: readonly NetworkServerInput[], options: ResolveNetworkOptions): Promise<NetworkServerDir[]> {
  const label = options.label ?? ((index: number) => `servers[${index}]`);
  const issues: ConfigIssue[] = [];
  if (entries.length === 0) issues.push({ key: '(root)', message: 'a network needs at least one server' });
  const ids = new Map<string, number>();
  const saves = new Map<string, string>();
  const out: NetworkServerDir[] = [];
  for (const [index, entry] of entries.entries()) {
    const key = label(index);
    const problem = idProblem(entry.id, ids) ?? nameProblem(entry.name);
    if (problem) issues.push({ key, message: problem });
    ids.set(entry.id, index);
    const dir = await directoryOf(entry.save, options.cwd);
    if (typeof dir !== 'string') {
      issues.push({ key, message: dir.problem });
      continue;
    }
    const same = saves.get(dir);
    if (same !== undefined) issues.push({ key, message: `points at the same save as ${same} (${dir})` });
    saves.set(dir, entry.id);
    out.push({ id: entry.id, name: entry.name ?? entry.id, dir });
  }
  if (issues.length > 0) throw new ConfigError(options.file ?? null, issues);
  return out;
}

function idProblem(id: string, seen: ReadonlyMap<string, number>): string | null {
  if (!SERVER_ID.test(id)) return `id must be snake_case: a lowercase letter, then up to 31 lowercase letters, digits or _ (got ${JSON.stringify(id.slice(0, 40))})`;
  if (seen.has(id)) return `id ${JSON.stringify(id)} is given twice`;
  return null;
}

function nameProblem(name: string | undefined): string | null {
  if (name === undefined) return null;
  return name.trim() === '' || name.length > 64 || /[\u0000-\u001f\u007f]/.test(name) ? 'name must be 1 to 64 characters without control characters' : null;
}

/** The save directory's real path (an sftp:// save: its URL without secrets), or why there is none. */
async function directoryOf(save: string, cwd: string): Promise<string | { problem: string }> {
  if (save.trim() === '') return { problem: 'needs the server directory holding its save' };
  if (/^sftp:/i.test(save)) {
    const parsed = parseSaveLocation(save, cwd);
    if (!parsed.ok) return { problem: `${JSON.stringify(redactLocation(save))} ${parsed.message}` };
    return parsed.location.kind === 'sftp' ? parsed.location.url : parsed.location.path;
  }
  const path = resolve(cwd, save);
  try {
    if (!(await stat(path)).isDirectory()) return { problem: `${path} is not a directory (give the Minecraft server directory)` };
    return await realpath(path);
  } catch {
    return { problem: `there is no directory at ${path}` };
  }
}
