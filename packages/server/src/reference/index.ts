export { configSchema, type ReferenceConfigFile, type ReferenceConfigInput } from './configSchema.js';
export { ConfigError, type ConfigIssue } from './ConfigError.js';
export { validateConfig } from './validateConfig.js';
export { loadConfig } from './loadConfig.js';
export { parseDuration, formatDuration } from './parseDuration.js';
export { defaultDataDir } from './defaultDataDir.js';
export { lockDataDir, DataDirLockedError, DATA_DIR_LOCK, type DataDirHolder, type DataDirLock, type LockDataDirOptions } from './lockDataDir.js';
export { DEFAULT_EVENT_POOL } from './defaultEventPool.js';
export { jsonLogger, silentLogger, type Logger, type LogLevel, type LogFields, type JsonLoggerOptions } from './logger.js';
export { keepLastGood, lostTooMany, playersToRestore, suspiciousSave, type KeptSave } from './keepLastGood.js';
export { pullLimits, DEFAULT_PULL_LIMITS, type PullLimits } from './pullLimits.js';
export { parseSize } from './parseSize.js';
export { readSnapshotFile, writeSnapshotFile, SNAPSHOT_FILE } from './snapshotFile.js';
export {
  createReferenceServer,
  DEFAULT_REFRESH_MS,
  DEFAULT_PERSIST_MS,
  type Listening,
  type PullResult,
  type ReferenceHealth,
  type ReferenceServer,
  type ReferenceServerConfig,
  type ReferenceServerOptions,
} from './createReferenceServer.js';
export { parseSaveLocation, type SaveLocation, type SaveLocationResult, type LocalSaveLocation, type SftpSaveLocation } from '../remote/parseSaveLocation.js';
export { saveSource, localSource, sftpSource, type SaveSource, type MirrorOptions } from '../remote/createSaveSource.js';
export { sftpSettings, DEFAULT_SFTP, type SftpSettings } from '../remote/sftpSettings.js';
export { RemoteSaveError, type RemoteSaveErrorCode } from '../remote/RemoteSaveError.js';
export { fingerprintOf, verifyHostKey, type HostKeyPins, type HostKeyVerdict } from '../remote/hostKeyVerifier.js';
export { resolveNetworkServers, type NetworkServerInput, type NetworkServerDir, type ResolveNetworkOptions } from './resolveNetworkServers.js';
export { snapshotOptions, playerRules } from './snapshotOptions.js';
export { siteOption } from './siteOption.js';
export { createNetworkServer, type NetworkServerConfig, type NetworkConfigSource } from './network/createNetworkServer.js';
export { backendDataDir, type NetworkServerEntry } from './network/backendConfig.js';
