import type { PingFailure } from './types.js';

/** Socket error codes and the coarse reason a failed ping reports (never the address or text). */
const FAILURE_BY_CODE: Readonly<Record<string, PingFailure>> = {
  ECONNREFUSED: 'refused',
  ECONNRESET: 'refused',
  EPIPE: 'refused',
  ENOTFOUND: 'unreachable',
  EAI_AGAIN: 'unreachable',
  EAI_FAIL: 'unreachable',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  EADDRNOTAVAIL: 'unreachable',
  ETIMEDOUT: 'timeout',
};

/** The reason a Java or Bedrock ping failed with this socket error; unknown codes are `unreachable`. */
export function pingFailure(error: unknown): PingFailure {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return (code !== undefined && FAILURE_BY_CODE[code]) || 'unreachable';
}
