import type { ReadLimits, SaveWarning } from '@blockstats/core';
import type { LogFields, LogLevel } from '../reference/logger.js';
import type { SftpSaveLocation } from './parseSaveLocation.js';
import type { RemoteSaveErrorCode } from './RemoteSaveError.js';
import type { SftpSettings } from './sftpSettings.js';

/** What `sftp-worker` starts with (its `workerData`): `sftpSource`'s location and options, less the logger. */
export interface SftpWorkerData {
  location: SftpSaveLocation;
  settings: SftpSettings;
  mirrorBase: string;
  limits: ReadLimits;
  keepOpenMs: number;
  fullListingEveryMs?: number;
}

/** From the server's thread to `sftp-worker`: a `SaveSource` call (`abort` stops the `prepare` of that id). */
export type SftpWorkerRequest =
  | { op: 'prepare'; id: number }
  | { op: 'abort'; id: number; reason: string }
  | { op: 'ahead' }
  | { op: 'cancel'; reason: string }
  | { op: 'close' };

/** From `sftp-worker`: a `prepare`'s outcome, or a line for the server's log. */
export type SftpWorkerReply =
  | { id: number; warnings: SaveWarning[] }
  | { id: number; error: { code: RemoteSaveErrorCode; message: string } }
  | { log: [LogLevel, string, LogFields] };
