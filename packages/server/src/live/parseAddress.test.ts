import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseAddress } from './parseAddress.js';

describe('parseAddress(address, defaultPort)', () => {
  const ok: Array<[string, { host: string; port: number; explicitPort: boolean }]> = [
    ['play.example.org', { host: 'play.example.org', port: 25565, explicitPort: false }],
    ['play.example.org:25566', { host: 'play.example.org', port: 25566, explicitPort: true }],
    [' 10.0.0.5:1 ', { host: '10.0.0.5', port: 1, explicitPort: true }],
    ['[2001:db8::1]:19133', { host: '2001:db8::1', port: 19133, explicitPort: true }],
    ['[::1]', { host: '::1', port: 25565, explicitPort: false }],
    ['::1', { host: '::1', port: 25565, explicitPort: false }],
  ];
  for (const [input, expected] of ok) {
    it(`parses ${JSON.stringify(input)}`, () => assert.deepEqual(parseAddress(input, 25565), expected));
  }

  const bad = ['', '   ', 'host:', 'host:0', 'host:65536', 'host:abc', ':25565', 'a b', 'http://host', '[nope]:1', 'a:b:c'];
  for (const input of bad) {
    it(`rejects ${JSON.stringify(input)} naming the address`, () => {
      assert.throws(() => parseAddress(input, 25565), (error: unknown) => error instanceof TypeError && error.message.includes(JSON.stringify(input)));
    });
  }
});
