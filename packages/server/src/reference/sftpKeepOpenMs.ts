import type { ReferenceServerOptions } from './types.js';

/**
 * How long a remote save's connection is kept after a pull (`sftpKeepOpenMs`'s default): past
 * the next scheduled pull, however late it starts, for a server that schedules its own; not at
 * all for one-shot use (a process that exits after its pull) or a network's server (the network
 * gives its own).
 */
export function sftpKeepOpenMs(options: Pick<ReferenceServerOptions, 'manualPulls' | 'readOnly'>, refreshMs: number): number {
  return options.manualPulls || options.readOnly ? 0 : 2 * refreshMs;
}
