import type { NodeLimits } from '../node/NodeLimits.js';
import type { ReferenceConfigFile } from './configSchema.js';

/** The configuration's `http` keys, as `NodeLimits` names them. */
const NAMES = {
  max_connections: 'maxConnections',
  max_connections_per_address: 'maxConnectionsPerAddress',
  max_pipelined_requests: 'maxPipelinedRequests',
  abuse_cooldown: 'abuseCooldownMs',
  max_queued_bytes: 'maxQueuedBytes',
  max_header_bytes: 'maxHeaderBytes',
  max_url_bytes: 'maxUrlBytes',
  headers_timeout: 'headersTimeoutMs',
  request_timeout: 'requestTimeoutMs',
  keep_alive_timeout: 'keepAliveTimeoutMs',
  idle_timeout: 'idleTimeoutMs',
} as const satisfies Record<keyof NonNullable<ReferenceConfigFile['http']>, keyof NodeLimits>;

/** The configuration key of a limit, for messages that tell the operator what to raise. */
export function limitKey(limit: keyof NodeLimits): string {
  const entry = Object.entries(NAMES).find(([, name]) => name === limit);
  return entry ? `http.${entry[0]}` : limit;
}

/** The configuration's `http` section as the Node adapter takes it (durations are already milliseconds). */
export function httpLimits(http: ReferenceConfigFile['http']): Partial<NodeLimits> {
  const limits: Partial<NodeLimits> = {};
  for (const [key, name] of Object.entries(NAMES) as [keyof typeof NAMES, keyof NodeLimits][]) {
    const value = http?.[key];
    if (value !== undefined) limits[name] = value;
  }
  return limits;
}
