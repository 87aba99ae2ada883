import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inetAton } from './inetAton.js';

describe('inetAton(text)', () => {
  // What glibc's inet_aton and the WHATWG URL parser make of each (checked with `new URL('http://' + text).hostname`).
  const addresses: [string, string][] = [
    ['10.9.9.9', '10.9.9.9'],
    ['0x0a.9.9.9', '10.9.9.9'],
    ['0XA.0x9.0x09.9', '10.9.9.9'],
    ['012.9.9.9', '10.9.9.9'],
    ['010.0.0.1', '8.0.0.1'],
    ['0377.0377.0377.0377', '255.255.255.255'],
    ['167381257', '9.250.9.9'],
    ['0xffffffff', '255.255.255.255'],
    ['037777777777', '255.255.255.255'],
    ['4294967295', '255.255.255.255'],
    ['0', '0.0.0.0'],
    ['10.9', '10.0.0.9'],
    ['10.65535', '10.0.255.255'],
    ['10.9.2313', '10.9.9.9'],
    ['127.1', '127.0.0.1'],
  ];
  for (const [text, dotted] of addresses) it(`${text} → ${dotted}`, () => assert.equal(inetAton(text), dotted));

  const notAddresses = ['', '.', '1.', '.1', '1..2', '1.2.3.4.5', '256.1.1.1', '1.2.3.256', '1.2.65536', '1.16777216', '4294967296', '0x100000000', '08', '09.1.1.1', '0x', '0xg', '+1.2.3.4', '1.2.3.4 ', ' 1.2.3.4', '1e3', 'localhost', '１.2.3.4', '99999999999'];
  for (const text of notAddresses) it(`${JSON.stringify(text)} is not an address`, () => assert.equal(inetAton(text), null));

  it('agrees with the WHATWG URL parser on every address above', () => {
    for (const [text, dotted] of addresses) assert.equal(new URL(`http://${text}/`).hostname, dotted, text);
  });
});
