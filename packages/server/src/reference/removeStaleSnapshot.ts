import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from './logger.js';
import { SNAPSHOT_FILE } from './snapshotFile.js';

/**
 * Removes the `snapshot.json` a server that builds no snapshot of its own (one server of a
 * network, `buildSnapshot: false`) finds in its data directory: left there by a run from before
 * the network built every view, never read again, and as large as the save's snapshot. Logged
 * once (`stale_snapshot_removed`, or a warning when it cannot go); nothing when there is none.
 * Returns whether one was removed.
 *
 * @example
 * await removeStaleSnapshot('/var/lib/blockstats/servers/survival', log);
 */
export async function removeStaleSnapshot(dataDir: string, log: Logger): Promise<boolean> {
  const file = join(dataDir, SNAPSHOT_FILE);
  try {
    await unlink(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') log.log('warn', 'stale_snapshot_not_removed', { file, error: code ?? String(error) });
    return false;
  }
  log.log('info', 'stale_snapshot_removed', { file, reason: 'the network builds this server\'s view; its own snapshot is no longer read' });
  return true;
}
