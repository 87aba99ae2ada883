import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clientAddress } from './clientAddress.js';
import { ipMatcher } from './ipMatcher.js';

describe('clientAddress(peer, forwardedFor, trusted)', () => {
  const trusted = ipMatcher(['10.0.0.0/8', '::1']);
  const cases: [string, string | null, string | null, string][] = [
    ['untrusted peer: header ignored', '203.0.113.5', '198.51.100.1', '203.0.113.5'],
    ['trusted peer, one hop', '10.0.0.2', '198.51.100.1', '198.51.100.1'],
    ['trusted peer, proxies chained', '10.0.0.2', '198.51.100.1, 10.0.0.9, 10.0.0.8', '198.51.100.1'],
    ['spoofed left entries are not believed', '10.0.0.2', '1.1.1.1, 198.51.100.1', '198.51.100.1'],
    ['trusted peer without header', '10.0.0.2', null, '10.0.0.2'],
    ['every hop trusted: leftmost', '::1', '10.1.1.1,10.2.2.2', '10.1.1.1'],
    ['unknown peer', null, '198.51.100.1', 'unknown'],
  ];
  for (const [name, peer, header, expected] of cases) {
    it(name, () => assert.equal(clientAddress(peer, header, trusted), expected));
  }
  it('never trusts when no proxy is configured', () => {
    assert.equal(clientAddress('127.0.0.1', '198.51.100.1', ipMatcher([])), '127.0.0.1');
  });
});
// defaultGetClientAddress and each runtime's capability: src/runtime/runtime.test.ts.
