import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clientKey, withoutPort } from './clientKey.js';

describe('clientKey(address)', () => {
  // Every spelling in a row is one client.
  const sameClient: [string, string[]][] = [
    ['203.0.113.9', ['203.0.113.9', '::ffff:203.0.113.9', '::FFFF:203.0.113.9', '::ffff:cb00:7109', '0:0:0:0:0:ffff:203.0.113.9', '203.0.113.9:443', '[::ffff:203.0.113.9]:443', '0313.0.0161.011', '0xcb.0x0.0x71.0x9', '203.0.28937', '203.28937', '3405803785', '0xcb007109', '3405803785:443']],
    ['10.9.9.9', ['0x0a.9.9.9', '0X0A.011.9.0x9', '10.9.2313', '168364297', '012.9.9.9']],
    ['1.2.0.3', ['1.2.3']],
    ['0.0.0.0', ['0.0.0.0', '::ffff:0.0.0.0']],
    ['255.255.255.255', ['255.255.255.255']],
    ['2001:db8:0:1::/64', ['2001:db8:0:1::1', '2001:DB8:0:1:0:0:0:1', '2001:0db8:0000:0001::ffff', '[2001:db8:0:1::2]:8080', '2001:db8:0:1:a:b:c:d', 'fe80::1%eth0'.replace('fe80::1', '2001:db8:0:1::1')]],
    ['fe80:0:0:0::/64', ['fe80::1', 'fe80::2%eth0', '[fe80::abcd]']],
    ['0:0:0:0::/64', ['::1', '::']],
    ['unknown', ['unknown']],
  ];
  for (const [key, spellings] of sameClient) {
    for (const spelling of spellings) it(`${spelling} → ${key}`, () => assert.equal(clientKey(spelling), key));
  }

  it('keeps /64 neighbours apart', () => {
    assert.notEqual(clientKey('2001:db8:0:1::1'), clientKey('2001:db8:0:2::1'));
    assert.notEqual(clientKey('1.2.3.4'), clientKey('1.2.3.5'));
  });

  // Not addresses: kept as given (cut to 64 characters), never merged with a real address.
  // '203.000.113.009': a leading zero is octal wherever an address is read, and 9 is no octal digit.
  for (const raw of ['1.2.3.256', '1.2.3.4.5', '01.2.3.4x', '203.000.113.009', '4294967296', '0x1.0x100.0.0', 'localhost', '', ':::', '1.2.3.4:']) {
    it(`keeps ${JSON.stringify(raw)} as it is`, () => assert.equal(clientKey(raw), raw));
  }
  it('cuts a long non-address to 64 characters', () => assert.equal(clientKey('x'.repeat(500)), 'x'.repeat(64)));
});

describe('withoutPort(address)', () => {
  const cases: [string, string][] = [
    ['198.51.100.7:61000', '198.51.100.7'],
    ['198.51.100.7', '198.51.100.7'],
    ['[2001:db8::1]:80', '2001:db8::1'],
    ['[2001:db8::1]', '2001:db8::1'],
    ['2001:db8::1', '2001:db8::1'],
    ['::ffff:1.2.3.4', '::ffff:1.2.3.4'],
  ];
  for (const [input, expected] of cases) it(`${input} → ${expected}`, () => assert.equal(withoutPort(input), expected));
});
