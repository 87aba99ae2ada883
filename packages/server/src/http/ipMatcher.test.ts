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
  it('answers as a byte-wise comparison of parsed addresses does, IPv4 shortcut included', () => {
    // The reference: every address and range parsed to 16 bytes, prefixes compared bit by bit.
    const reference = (list: string[]) => (address: string) => {
      const bytes = parseIp(address);
      return bytes !== null && list.some((entry) => {
        const [addr, bits] = entry.split('/');
        const net = parseIp(addr!)!;
        const prefix = bits === undefined ? 128 : Number(bits) + (addr!.includes(':') ? 0 : 96);
        for (let bit = 0; bit < prefix; bit++) {
          if (((bytes[bit >> 3]! >> (7 - (bit & 7))) & 1) !== ((net[bit >> 3]! >> (7 - (bit & 7))) & 1)) return false;
        }
        return true;
      });
    };
    let seed = 7;
    const next = (n: number) => {
      // 32-bit arithmetic (a double product loses its low bits), and the high bits (the low ones repeat every 2^k draws).
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      return Math.floor((seed / 2147483648) * n);
    };
    const quad = () => [next(256), next(256), next(256), next(256)].join('.');
    const lists = [
      ['127.0.0.1'], ['10.0.0.0/8', '192.168.0.0/16'], ['0.0.0.0/0'], ['::/0'], ['::ffff:0:0/96'], ['::ffff:10.0.0.0/104'],
      ['::/64'], ['::fffe:0:0/96'], ['fd00::/8', '172.16.0.0/12'], ['203.0.113.7/31', '::1'], ['1.2.3.4/0'],
    ];
    for (const list of lists) {
      const fast = ipMatcher(list);
      const slow = reference(list);
      for (let i = 0; i < 400; i++) {
        const base = i % 3 === 0 ? `10.${next(4)}.${next(4)}.${next(256)}` : i % 3 === 1 ? `203.0.113.${next(12)}` : quad();
        for (const address of [base, `::ffff:${base}`, `::FFFF:${base}`, ` ${base}`, `${base}.1`, `::ffff:${base.replace(/\.\d+$/, '')}`]) {
          assert.equal(fast(address), slow(address), `${address} in ${list.join(', ')}`);
        }
      }
      for (const address of ['::1', 'fd12::1', '::ffff:a00:1', '0.0.0.0', '255.255.255.255', '1.2.3.04', '1.2.3.1234', '::ffff:', '1..2.3']) {
        assert.equal(fast(address), slow(address), `${address} in ${list.join(', ')}`);
      }
    }
  });
  it('matches nothing when the list is empty', () => assert.equal(ipMatcher([])('127.0.0.1'), false));
  for (const bad of ['10.0.0.0/33', 'example.com', '10.0.0.0/x', '::/129']) {
    it(`throws on ${bad}`, () => assert.throws(() => ipMatcher([bad]), /trusted proxy/));
  }
});
