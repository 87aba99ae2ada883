import type { GetClientAddress } from '../http/clientAddress.js';
import type { ConnInfo } from './ConnInfo.js';

/**
 * The {@link ConnInfo} convention: `router.fetch(request, { remoteAddress })`, as this package's
 * Node adapter and the framework examples call it.
 *
 * @example
 * nodeClientAddress(request, { remoteAddress: '203.0.113.9' }); // '203.0.113.9'
 */
export const nodeClientAddress: GetClientAddress = (_request, ...extra) => {
  const info = extra[0] as ConnInfo | null | undefined;
  return info && typeof info === 'object' && typeof info.remoteAddress === 'string' ? info.remoteAddress : undefined;
};
