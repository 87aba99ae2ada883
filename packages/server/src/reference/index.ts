export { configSchema, type ReferenceConfigFile, type ReferenceConfigInput } from './configSchema.js';
export { ConfigError, type ConfigIssue } from './ConfigError.js';
export { validateConfig } from './validateConfig.js';
export { loadConfig } from './loadConfig.js';
export { parseDuration, formatDuration } from './parseDuration.js';
export { defaultDataDir } from './defaultDataDir.js';
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
export { resolveNetworkServers, type NetworkServerInput, type NetworkServerDir, type ResolveNetworkOptions } from './resolveNetworkServers.js';
export { snapshotOptions, playerRules } from './snapshotOptions.js';
export { siteOption } from './siteOption.js';
