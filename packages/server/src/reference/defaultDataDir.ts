import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import { basename, join, resolve } from 'node:path';

/**
 * Where the record, caches and last snapshot of a server are kept when no data directory is
 * configured: `$XDG_STATE_HOME/blockstats/<folder>-<hash>` (default `~/.local/state/…`), one
 * folder per server directory (or `sftp://` location). Never inside the save itself: blockstats only ever reads the
 * world, and a backup or a copy of the server must not pick up its state.
 *
 * @example
 * defaultDataDir('/srv/minecraft', {}); // '/home/me/.local/state/blockstats/minecraft-3f2a9c1e'
 */
export function defaultDataDir(serverDir: string, env: Record<string, string | undefined> = process.env): string {
  // An sftp:// location is its own key; a path is made absolute first.
  const server = /^sftp:\/\//i.test(serverDir) ? serverDir : resolve(serverDir);
  const state = env.XDG_STATE_HOME && env.XDG_STATE_HOME.startsWith('/') ? env.XDG_STATE_HOME : join(env.HOME || homedir(), '.local', 'state');
  const hash = createHash('sha256').update(server).digest('hex').slice(0, 8);
  const name = basename(server).replace(/[^\w.-]+/g, '_').slice(0, 40) || 'server';
  return join(state, 'blockstats', `${name}-${hash}`);
}
