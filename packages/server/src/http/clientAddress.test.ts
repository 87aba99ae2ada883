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
    ['a dual-stack peer is its IPv4 address', '::ffff:203.0.113.5', null, '203.0.113.5'],
    ['a hop with a port', '10.0.0.2', '198.51.100.1:61000', '198.51.100.1'],
    ['a trusted hop with a port is skipped', '10.0.0.2', '198.51.100.1, 10.0.0.9:5555', '198.51.100.1'],
    ['a bracketed IPv6 hop with a port', '10.0.0.2', '[2001:db8:0:1::7]:443', '2001:db8:0:1::/64'],
    ['an IPv4-mapped hop', '10.0.0.2', '::ffff:198.51.100.1', '198.51.100.1'],
    ['an IPv6 peer counts per /64', '2001:db8:aa:bb:1:2:3:4', null, '2001:db8:aa:bb::/64'],
    ['a hex hop is its dotted address', '10.0.0.2', '0xc6.51.100.1', '198.51.100.1'],
    ['a 32-bit integer hop is its dotted address', '10.0.0.2', '3325256705', '198.51.100.1'],
    ['a trusted proxy spelled in hex is still trusted', '10.0.0.2', '198.51.100.1, 0x0a.0.0.9', '198.51.100.1'],
    ['a hop that is no address is refused: the proxy that sent it is counted', '10.0.0.2', 'not-an-ip', '10.0.0.2'],
    ['a made-up hop behind a trusted one counts against that one', '10.0.0.2', '999.1.1.1, 10.0.0.9', '10.0.0.9'],
  ];
  for (const [name, peer, header, expected] of cases) {
    it(name, () => assert.equal(clientAddress(peer, header, trusted), expected));
  }
  it('gives every spelling of one client, and every address of one /64, the same key', () => {
    const spellings = ['2001:db8:0:1::1', '2001:DB8:0:1:0:0:0:1', '2001:0db8::1:0:0:0:2', '[2001:db8:0:1::3]:8080'];
    const keys = new Set(spellings.map((hop) => clientAddress('10.0.0.2', hop, trusted)));
    assert.deepEqual([...keys], ['2001:db8:0:1::/64']);
  });
  it('gives one client one key however a trusted proxy spells its IPv4 address', () => {
    const spellings = ['10.9.9.9', '0x0a.9.9.9', '168364297', '012.9.9.9', '10.9.2313', '0xa090909', '10.9.9.9:5000', '::ffff:10.9.9.9', '::ffff:a09:909'];
    const keys = new Set(spellings.map((hop) => clientAddress('127.0.0.1', hop, ipMatcher(['127.0.0.1']))));
    assert.deepEqual([...keys], ['10.9.9.9']);
  });
  it('never trusts when no proxy is configured', () => {
    assert.equal(clientAddress('127.0.0.1', '198.51.100.1', ipMatcher([])), '127.0.0.1');
  });
});
// defaultGetClientAddress and each runtime's capability: src/runtime/runtime.test.ts.
