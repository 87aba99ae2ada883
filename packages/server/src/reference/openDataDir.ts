import { cleanTemporaryFiles } from '../live/jsonFile.js';
import type { Logger } from './logger.js';
import { lockDataDir, type DataDirLock } from './lockDataDir.js';

/**
 * Makes the data directory this process's before it reads or records there: locks it (a second
 * process recording into it would miss the other's pulls, so it refuses to start; a lock whose
 * holder is gone is taken over, logged), then removes the temporary files of a write killed
 * mid-way. Read-only use takes no lock. Returns the lock to release at close.
 */
export async function openDataDir(dataDir: string, context: { readOnly?: boolean; clock: () => number; log: Logger }): Promise<DataDirLock | null> {
  const { log } = context;
  const lock = context.readOnly
    ? null
    : await lockDataDir(dataDir, {
      clock: context.clock,
      onTakeOver: (stale) => log.log('warn', 'data_dir_lock_taken_over', { data_dir: dataDir, stale_holder: stale ?? 'unreadable', reason: 'the process that held it is gone' }),
    });
  const removed = await cleanTemporaryFiles(dataDir);
  if (removed.length > 0) log.log('info', 'temporary_files_removed', { files: removed });
  return lock;
}
