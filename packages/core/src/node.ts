/**
 * @blockstats/core/node: the part of blockstats' core that touches files (Node, Bun and Deno).
 *
 * Reads a Minecraft world save (read-only, changed files only with a parse cache, on worker
 * threads for big saves) and keeps the activity record's crash-safe log. Everything computed
 * from what it reads is in `@blockstats/core`, which imports no Node built-in.
 *
 * @example
 * import { buildSnapshot, leaderboard } from '@blockstats/core';
 * import { readSave } from '@blockstats/core/node';
 *
 * const snapshot = buildSnapshot(await readSave('/srv/minecraft'), { now: Date.now() });
 * leaderboard(snapshot, 'jump', { limit: 3 });
 */
export { readSave } from './save/read-save.js';
export { locateSave } from './save/locate-save.js';
export type { ReadSaveOptions } from './save/read-save.js';
export { createParseCache, fileStamp } from './save/parse-cache.js';
export type { ParseCache, ParseCacheStats, FileStamp } from './save/parse-cache.js';
export { createParseWorkerPool } from './save/parse-worker-pool.js';
export type { ParseWorkerPool, ParseWorkerPoolOptions } from './save/parse-worker-pool.js';
/** For the blockstats packages' own worker threads (the server's PNG renderers). */
export { locateWorkerFile, workerEntry } from './save/worker-entry.js';
export { createSaveWatch } from './save/save-watch.js';
export type { SaveWatch, SaveWatchOptions, SaveWatchStats } from './save/save-watch.js';
export { readRecipeFile } from './save/read-recipe-file.js';
export { readRecipeUnlocks } from './save/read-recipe-unlocks.js';
export { mapLimit } from './save/map-limit.js';
export { readBoundedFile, readBoundedFileSync, FileRefusedError } from './save/read-bounded-file.js';
export { readRootTextFile } from './save/read-root-file.js';
export { readProfileFile } from './save/read-profile-file.js';
export { readPlayerListFile } from './save/read-player-list-file.js';
export type { ReadProfileFileOptions } from './save/read-profile-file.js';
export { loadRecord } from './record/load-record.js';
export { RECORD_FILE_BYTES } from './record/read-log.js';
export type { ReadLogOptions } from './record/read-log.js';
export { RECORD_LOCK_WAIT_MS } from './record/record-lock.js';
export { openRecord } from './record/open-record.js';
export type { RecordLog } from './record/open-record.js';
export { recordPull } from './record/record-pull.js';
export type { RecordedPull } from './record/record-pull.js';
export { pullOnce } from './record/pull-once.js';
export type { PullOnceOptions, PullOnceResult } from './record/pull-once.js';
export type { RecordPullOptions } from './record/record-pull.js';
export { openStatHistory } from './stat-history/open-stat-history.js';
export type { StatHistoryLog, OpenStatHistoryOptions } from './stat-history/open-stat-history.js';
export { recordStatHistory } from './stat-history/record-stat-history.js';
export type { RecordedHistory } from './stat-history/record-stat-history.js';
