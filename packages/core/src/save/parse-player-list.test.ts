import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parsePlayerList } from './parse-player-list.js';
import { readSave } from './read-save.js';

const STEVE = '8667ba71-b85a-4004-af54-457a9734eed7';
const ALEX = 'ec561538-f3fd-461d-aff5-086b22154bce';
const BEDROCK = '00000000-0000-0000-0009-01f80f5bac02';

describe('parsePlayerList(text)', () => {
  it('reads banned-players.json: uuid, name and when the ban ends, nothing else', () => {
    const text = JSON.stringify([
      { uuid: STEVE, name: 'Steve', created: '2024-01-01 10:00:00 +0000', source: 'Server', expires: 'forever', reason: 'x-ray' },
      { uuid: ALEX.toUpperCase(), name: 'Alex', created: '2024-01-01 10:00:00 +0000', source: 'Mod', expires: '2024-06-01 12:00:00 +0200', reason: 'spam' },
      { uuid: BEDROCK, expires: 'next tuesday' },
    ]);
    assert.deepEqual(parsePlayerList(text), {
      entries: [
        { uuid: STEVE, name: 'Steve', expires: null },
        { uuid: ALEX, name: 'Alex', expires: Date.UTC(2024, 5, 1, 10) },
        { uuid: BEDROCK, name: null, expires: null }, // an unreadable date: the ban stands
      ],
      problem: null,
    });
  });

  it('reads ops.json', () => {
    const text = JSON.stringify([{ uuid: STEVE, name: 'Steve', level: 4, bypassesPlayerLimit: false }]);
    assert.deepEqual(parsePlayerList(text).entries, [{ uuid: STEVE, name: 'Steve', expires: null }]);
  });

  it('keeps the intact entries of a broken file and says what happened', () => {
    const broken = `[{"uuid":"${STEVE}","name":"Steve","expires":"forever"},{"uuid":"${ALEX}","na`;
    const { entries, problem } = parsePlayerList(broken);
    assert.deepEqual(entries.map((e) => e.uuid), [STEVE]);
    assert.match(problem ?? '', /^invalid JSON .*recovered 1 intact entries$/);
    assert.deepEqual(parsePlayerList('{"uuid":"x"}'), { entries: [], problem: 'not a JSON array' });
    assert.deepEqual(parsePlayerList(JSON.stringify([{ name: 'NoUuid' }, 3])), { entries: [], problem: '2 entries without a valid uuid ignored' });
  });
});

describe('readSave: the ban and operator lists', () => {
  const temps: string[] = [];
  after(() => Promise.all(temps.map((dir) => rm(dir, { recursive: true, force: true }))));

  async function server(files: Record<string, string>): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'blockstats-lists-'));
    temps.push(dir);
    await mkdir(join(dir, 'world', 'stats'), { recursive: true });
    await writeFile(join(dir, 'world', 'stats', `${STEVE}.json`), '{"stats":{},"DataVersion":4671}');
    for (const [file, text] of Object.entries(files)) await writeFile(join(dir, file), text);
    return dir;
  }

  it('gives both lists sorted by uuid, one entry per uuid', async () => {
    const dir = await server({
      'banned-players.json': JSON.stringify([{ uuid: STEVE, name: 'Steve', expires: 'forever' }, { uuid: BEDROCK, name: '.Pocket', expires: 'forever' }, { uuid: STEVE, name: 'Again' }]),
      'ops.json': JSON.stringify([{ uuid: ALEX, name: 'Alex', level: 4 }]),
    });
    const save = await readSave(dir);
    assert.deepEqual(save.bannedPlayers, [{ uuid: BEDROCK, name: '.Pocket', expires: null }, { uuid: STEVE, name: 'Steve', expires: null }]);
    assert.deepEqual(save.operators, [{ uuid: ALEX, name: 'Alex', expires: null }]);
    assert.deepEqual(save.warnings, []);
  });

  it('gives empty lists without the files, and a warning for a broken one', async () => {
    const none = await readSave(await server({}));
    assert.deepEqual([none.bannedPlayers, none.operators], [[], []]);
    const broken = await readSave(await server({ 'ops.json': '[{"uuid":' }));
    assert.deepEqual(broken.operators, []);
    assert.deepEqual(broken.warnings.map((w) => w.file), ['ops.json']);
  });
});
