import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultGetClientAddress } from '../http/clientAddress.js';
import { bunClientAddress } from './bunClientAddress.js';
import { cloudflareClientAddress } from './cloudflareClientAddress.js';
import { denoClientAddress } from './denoClientAddress.js';
import { nodeClientAddress } from './nodeClientAddress.js';

const request = new Request('http://x/v1', { headers: { 'cf-connecting-ip': '9.9.9.9' } });
const bunServer = { requestIP: (r: Request) => (r === request ? { address: '5.6.7.8', family: 'IPv4', port: 1 } : null) };
const denoInfo = { remoteAddr: { transport: 'tcp', hostname: '1.2.3.4', port: 5 } };

describe('client address capabilities', () => {
  const table: [string, (request: Request, ...extra: unknown[]) => string | null | undefined, unknown, string | undefined][] = [
    ['nodeClientAddress reads { remoteAddress }', nodeClientAddress, { remoteAddress: '::1' }, '::1'],
    ['nodeClientAddress: nothing passed', nodeClientAddress, undefined, undefined],
    ['nodeClientAddress: no address on the socket', nodeClientAddress, { remoteAddress: undefined }, undefined],
    ['bunClientAddress reads server.requestIP', bunClientAddress, bunServer, '5.6.7.8'],
    ['bunClientAddress: not a Bun server', bunClientAddress, { remoteAddress: '::1' }, undefined],
    ['denoClientAddress reads info.remoteAddr.hostname', denoClientAddress, denoInfo, '1.2.3.4'],
    ['denoClientAddress: not Deno info', denoClientAddress, {}, undefined],
    ['cloudflareClientAddress reads CF-Connecting-IP', cloudflareClientAddress, undefined, '9.9.9.9'],
    ['default: Node adapter', defaultGetClientAddress, { remoteAddress: '::1' }, '::1'],
    ['default: Deno', defaultGetClientAddress, denoInfo, '1.2.3.4'],
    ['default: Bun', defaultGetClientAddress, bunServer, '5.6.7.8'],
    ['default: never believes CF-Connecting-IP (anyone can send it off Cloudflare)', defaultGetClientAddress, undefined, undefined],
    ['default: a Workers env object is no address', defaultGetClientAddress, { BLOCKSTATS: {} }, undefined],
  ];
  for (const [title, get, extra, expected] of table) {
    it(title, () => assert.equal(get(request, ...(extra === undefined ? [] : [extra])), expected));
  }
  it('cloudflareClientAddress: no header', () => assert.equal(cloudflareClientAddress(new Request('http://x/')), undefined));
});
