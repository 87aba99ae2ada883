import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ipMatcher, parseIp } from './ipMatcher.js';

describe('parseIp(input)', () => {
  const same: [string, string][] = [
    ['1.2.3.4', '::ffff:1.2.3.4'],
    ['::ffff:1.2.3.4', '::ffff:102:304'],
    ['::1', '0:0:0:0:0:0:0:1'],
    ['[fe80::1%eth0]', 'fe80::1'],
    ['2001:DB8::', '2001:db8:0:0:0:0:0:0'],
    ['::', '0:0:0:0:0:0:0:0'],
    ['1:2:3:4:5:6:7::', '1:2:3:4:5:6:7:0'],
    ['::2:3:4:5:6:7:8', '0:2:3:4:5:6:7:8'],
    ['1:2::7:8', '1:2:0:0:0:0:7:8'],
    [' 10.0.0.1 ', '10.0.0.1'],
    ['010.000.000.001', '10.0.0.1'],
    ['64:ff9b::192.0.2.33', '64:ff9b::c000:221'],
  ];
  for (const [a, b] of same) it(`${a} equals ${b}`, () => assert.deepEqual(parseIp(a), parseIp(b)));
  for (const bad of ['', 'localhost', '1.2.3', '1.2.3.256', '::1::2', '1:2:3:4:5:6:7:8:9', 'g::1', '1.2.3.4.5',
    ':::', '1:2:3:4:5:6:7:8::', '12345::1', '1:', ':1', '1::2:', '::ffff:1.2.3.4.5', '::ffff:1.2.3', '::1.2.3.4:5', '1.2.3.4 5', '[::1', '1.2.3.-4', '1..2.3']) {
    it(`rejects ${JSON.stringify(bad)}`, () => assert.equal(parseIp(bad), null));
  }
});

describe('ipMatcher(list)', () => {
  const trusted = ipMatcher(['127.0.0.1', '10.0.0.0/8', '192.168.1.0/25', 'fd00::/8', '::1']);
  const cases: [string, boolean][] = [
    ['127.0.0.1', true],
    ['::ffff:127.0.0.1', true],
    ['127.0.0.2', false],
    ['10.255.0.1', true],
    ['11.0.0.1', false],
    ['192.168.1.127', true],
    ['192.168.1.128', false],
    ['fd12:3456::1', true],
    ['fe80::1', false],
    ['::1', true],
    ['not-an-ip', false],
  ];
  for (const [address, expected] of cases) it(`${address} → ${expected}`, () => assert.equal(trusted(address), expected));
  it('matches nothing when the list is empty', () => assert.equal(ipMatcher([])('127.0.0.1'), false));
  for (const bad of ['10.0.0.0/33', 'example.com', '10.0.0.0/x', '::/129']) {
    it(`throws on ${bad}`, () => assert.throws(() => ipMatcher([bad]), /trusted proxy/));
  }
});
