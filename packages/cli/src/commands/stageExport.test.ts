import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { EXPORT_MARK, stageExport } from './stageExport.js';

/** A process id no process has (Linux's limit is 4,194,304). */
const DEAD = 99_999_999;

describe('stageExport(target, { clean })', () => {
  let work: string;
  let out: string;
  const previous = () => {
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, '_redirects'), `${EXPORT_MARK}: …\n`);
    writeFileSync(join(out, 'old.json'), 'previous');
  };
  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'blockstats-stage-'));
    out = join(work, 'public');
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  test('writes beside the target and renames into place; the previous export is gone after commit', async () => {
    previous();
    const staged = await stageExport(out, { clean: false });
    assert.equal(join(staged.dir, '..'), work);
    writeFileSync(join(staged.dir, 'new.json'), 'new');
    assert.ok(existsSync(join(out, 'old.json')), 'the previous export stays until commit');
    await staged.commit();
    assert.deepEqual(readdirSync(out), ['new.json']);
    assert.deepEqual(readdirSync(work), ['public']);
  });

  test('discard leaves the previous export as it was', async () => {
    previous();
    const staged = await stageExport(out, { clean: false });
    writeFileSync(join(staged.dir, 'new.json'), 'new');
    await staged.discard();
    assert.deepEqual(readdirSync(out).sort(), ['_redirects', 'old.json']);
    assert.deepEqual(readdirSync(work), ['public']);
  });

  test('removes the folders of killed exports, and leaves those of running ones', async () => {
    mkdirSync(join(work, `.public.blockstats-${DEAD}-abc`));
    mkdirSync(join(work, `.public.blockstats-${process.ppid}-def`));
    const staged = await stageExport(out, { clean: false });
    assert.ok(!existsSync(join(work, `.public.blockstats-${DEAD}-abc`)));
    assert.ok(existsSync(join(work, `.public.blockstats-${process.ppid}-def`)));
    await staged.discard();
  });

  test('puts back a previous export moved aside by an export killed between its two renames', async () => {
    const aside = join(work, `.public.blockstats-old-${DEAD}-0000`);
    mkdirSync(aside);
    writeFileSync(join(aside, '_redirects'), `${EXPORT_MARK}: …\n`);
    writeFileSync(join(aside, 'old.json'), 'previous');
    const staged = await stageExport(out, { clean: false });
    assert.equal(readFileSync(join(out, 'old.json'), 'utf8'), 'previous');
    assert.ok(!existsSync(aside));
    await staged.discard();
  });

  test('refuses a folder of other files unless --clean, and a file', async () => {
    mkdirSync(out);
    writeFileSync(join(out, 'mine.txt'), 'mine');
    await assert.rejects(stageExport(out, { clean: false }), /not a blockstats export.*--clean/);
    assert.deepEqual(readdirSync(work), ['public']);
    const staged = await stageExport(out, { clean: true });
    await staged.commit();
    assert.deepEqual(readdirSync(out), []);
    const file = join(work, 'file');
    writeFileSync(file, 'x');
    await assert.rejects(stageExport(file, { clean: true }), /not a directory/);
  });

  test('follows a symbolic link given as the target and replaces what it points to', async () => {
    previous();
    const link = join(work, 'link');
    symlinkSync(out, link);
    const staged = await stageExport(link, { clean: false });
    assert.equal(staged.out, out);
    await staged.commit();
    assert.deepEqual(readdirSync(out), []);
  });
});
