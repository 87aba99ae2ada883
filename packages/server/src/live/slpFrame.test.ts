import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decodeString, decodeVarInt, encodeString, encodeVarInt, FramingError, framePacket, takeFrame } from './slpFrame.js';

// The VarInt examples of wiki.vg "Protocol#VarInt and VarLong".
const VARINTS: Array<[number, string]> = [
  [0, '00'],
  [1, '01'],
  [2, '02'],
  [127, '7f'],
  [128, '8001'],
  [255, 'ff01'],
  [25565, 'ddc701'],
  [2097151, 'ffff7f'],
  [2147483647, 'ffffffff07'],
  [-1, 'ffffffff0f'],
  [-2147483648, '8080808008'],
];

describe('encodeVarInt(value) / decodeVarInt(buffer)', () => {
  for (const [value, hex] of VARINTS) {
    it(`${value} ⇄ ${hex}`, () => {
      assert.equal(encodeVarInt(value).toString('hex'), hex);
      assert.deepEqual(decodeVarInt(Buffer.from(hex, 'hex')), { value, size: hex.length / 2 });
    });
  }
  it('asks for more bytes when the VarInt is cut short', () => assert.equal(decodeVarInt(Buffer.from('ff', 'hex')), null));
  it('rejects a VarInt longer than 5 bytes', () => assert.throws(() => decodeVarInt(Buffer.from('ffffffffff01', 'hex')), FramingError));
});

describe('encodeString(text) / decodeString(buffer)', () => {
  it('round-trips UTF-8 with a byte-length prefix', () => {
    const bytes = encodeString('§aMOTD ✓');
    assert.equal(bytes[0], Buffer.byteLength('§aMOTD ✓'));
    assert.deepEqual(decodeString(bytes), { value: '§aMOTD ✓', size: bytes.length });
  });
  it('rejects a string longer than its packet', () => assert.throws(() => decodeString(Buffer.from([5, 0x61])), FramingError));
});

describe('takeFrame(buffer)', () => {
  const packet = Buffer.concat([framePacket(0x00, encodeString('{}')), framePacket(0x01, Buffer.alloc(8, 7))]);

  it('takes whole frames one at a time', () => {
    const first = takeFrame(packet);
    assert.deepEqual(first?.frame, { id: 0, data: encodeString('{}') });
    const second = takeFrame(first!.rest);
    assert.deepEqual(second?.frame, { id: 1, data: Buffer.alloc(8, 7) });
    assert.equal(second?.rest.length, 0);
  });
  it('waits for the rest of a split frame', () => {
    for (let cut = 0; cut < 5; cut++) assert.equal(takeFrame(packet.subarray(0, cut)), null);
  });
  it('rejects zero-length and oversized frames', () => {
    assert.throws(() => takeFrame(Buffer.from([0])), FramingError);
    assert.throws(() => takeFrame(encodeVarInt(2_097_152)), FramingError);
  });
});
