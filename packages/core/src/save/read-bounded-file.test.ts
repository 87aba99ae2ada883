import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { hashFile } from './hash-file.js';
import { FileRefusedError, readBoundedFile, readBoundedFileSync, ReadScratch, textOf } from './read-bounded-file.js';

const dir = mkdtempSync(join(tmpdir(), 'blockstats-bounded-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const path = (name: string) => join(dir, name);
writeFileSync(path('small.json'), '\ufeff{"a":1}');
writeFileSync(path('big.json'), Buffer.alloc(3 * 1024 * 1024, 0x20));
execFileSync('mkfifo', [path('fifo.json')]);
mkdirSync(path('folder.json'));

const scratch = new ReadScratch();
const readers: Array<[string, (p: string, max: number) => Promise<Buffer>]> = [
  ['readBoundedFileSync', async (p, max) => readBoundedFileSync(p, max)],
  ['readBoundedFileSync with a scratch', async (p, max) => Buffer.from(readBoundedFileSync(p, max, scratch))],
  ['readBoundedFile', readBoundedFile],
];

for (const [name, read] of readers) {
  describe(`${name}(path, maxBytes)`, () => {
    test('reads a regular file within its limit', async () => {
      assert.equal(textOf(await read(path('small.json'), 1024)), '{"a":1}');
    });

    const refused: Array<[string, string, number, RegExp]> = [
      ['a FIFO, at once, without waiting for a writer', 'fifo.json', 1024, /^a FIFO \(named pipe\), not a regular file; skipped$/],
      ['a folder', 'folder.json', 1024, /^a folder, not a regular file; skipped$/],
      ['a device', '/dev/zero', 1024, /^a device, not a regular file; skipped$/],
      ['a file over the limit, before reading it', 'big.json', 1024 * 1024, /^is 3 MiB, over the 1 MiB size limit; skipped$/],
    ];
    for (const [what, file, max, reason] of refused) {
      test(`refuses ${what}`, async () => {
        await assert.rejects(read(file.startsWith('/') ? file : path(file), max), (error: unknown) => {
          assert.ok(error instanceof FileRefusedError);
          assert.match(error.message, reason);
          return true;
        });
      });
    }

    test('passes other errors through (a vanished file is ENOENT)', async () => {
      await assert.rejects(read(path('missing.json'), 1024), { code: 'ENOENT' });
    });
  });
}

describe('hashFile(path, maxBytes)', () => {
  test('refuses a FIFO and a file over the limit, never waiting or reading', async () => {
    await assert.rejects(hashFile(path('fifo.json')), /not a regular file/);
    await assert.rejects(hashFile(path('big.json'), 1024), /over the 1 KiB size limit/);
    assert.equal((await hashFile(path('small.json'))).sha1.length, 40);
  });
});

describe('ReadScratch', () => {
  const sizes = [5, 300, 40, 4096, 70_000, 12, 70_001, 200_000, 3];
  sizes.forEach((size, i) => writeFileSync(path(`s${i}.bin`), Buffer.from(Array.from({ length: size }, (_, k) => (k * 31 + i) & 0xff))));

  test('reads file after file into one buffer, each read whole and right, the next overwriting the last', () => {
    const one = new ReadScratch();
    let previous: Buffer | null = null;
    sizes.forEach((size, i) => {
      const bytes = readBoundedFileSync(path(`s${i}.bin`), 1024 * 1024, one);
      assert.equal(bytes.length, size);
      assert.ok(bytes.equals(Buffer.from(Array.from({ length: size }, (_, k) => (k * 31 + i) & 0xff))), `file ${i}`);
      if (previous !== null && previous.buffer === bytes.buffer) assert.equal(previous[0], bytes[0], 'a view of the same bytes');
      previous = bytes;
    });
    const a = readBoundedFileSync(path('s3.bin'), 1024 * 1024, one);
    const b = readBoundedFileSync(path('s1.bin'), 1024 * 1024, one);
    assert.ok(a.buffer === b.buffer, 'the largest buffer needed is kept and reused');
  });

  test('lets go of a buffer larger than it keeps, and keeps the largest one within the bound', () => {
    const small = new ReadScratch(100_000);
    const big = readBoundedFileSync(path('s7.bin'), 1024 * 1024, small); // 200,000 bytes: not kept
    const kept = readBoundedFileSync(path('s4.bin'), 1024 * 1024, small); // 70,000 (+1 for growth): kept
    assert.ok(big.buffer !== kept.buffer);
    assert.ok(readBoundedFileSync(path('s0.bin'), 1024 * 1024, small).buffer === kept.buffer, 'a smaller file reuses it');
    const grown = readBoundedFileSync(path('s6.bin'), 1024 * 1024, small); // 70,001: needs 70,002
    assert.ok(grown.buffer !== kept.buffer);
    assert.ok(readBoundedFileSync(path('s1.bin'), 1024 * 1024, small).buffer === grown.buffer, 'the larger one is kept from then on');
    assert.ok(readBoundedFileSync(path('s7.bin'), 1024 * 1024, small).buffer !== grown.buffer);
    assert.ok(readBoundedFileSync(path('s2.bin'), 1024 * 1024, small).buffer === grown.buffer, 'a file over the bound does not replace it');
  });
});
