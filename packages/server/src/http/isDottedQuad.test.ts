import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isDottedQuad } from './isDottedQuad.js';

describe('isDottedQuad', () => {
  it('accepts canonical dotted decimal only, from the given start', () => {
    for (const address of ['0.0.0.0', '10.9.9.9', '203.0.113.9', '255.255.255.255']) assert.equal(isDottedQuad(address, 0), true, address);
    assert.equal(isDottedQuad('::ffff:203.0.113.9', 7), true);
    for (const address of ['010.0.0.1', '1.2.3.256', '1.2.3', '1.2.3.4.5', '0x0a.9.9.9', '167381257', ' 1.2.3.4', '1.2.3.4:80', '1..2.3', '']) {
      assert.equal(isDottedQuad(address, 0), false, address);
    }
  });
});
