import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { hashFile } from './hash-file.js';
import { FileRefusedError, readBoundedFile, readBoundedFileSync, textOf } from './read-bounded-file.js';

const dir = mkdtempSync(join(tmpdir(), 'blockstats-bounded-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const path = (name: string) => join(dir, name);
writeFileSync(path('small.json'), '\ufeff{"a":1}');
writeFileSync(path('big.json'), Buffer.alloc(3 * 1024 * 1024, 0x20));
execFileSync('mkfifo', [path('fifo.json')]);
mkdirSync(path('folder.json'));

const readers: Array<[string, (p: string, max: number) => Promise<Buffer>]> = [
  ['readBoundedFileSync', async (p, max) => readBoundedFileSync(p, max)],
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
