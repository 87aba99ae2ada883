import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { ConfigError } from './ConfigError.js';
import { resolveNetworkServers } from './resolveNetworkServers.js';

describe('resolveNetworkServers', () => {
  const root = mkdtempSync(join(tmpdir(), 'network-servers-'));
  for (const dir of ['survival', 'creative']) mkdirSync(join(root, dir));
  symlinkSync(join(root, 'survival'), join(root, 'link'), 'dir');
  writeFileSync(join(root, 'file'), '');
  after(() => rmSync(root, { recursive: true, force: true }));

  test('gives each server its real directory and, without a name, its id as name', async () => {
    const servers = await resolveNetworkServers([{ id: 'survival', name: 'Survival', save: 'survival' }, { id: 'creative', save: join(root, 'creative') }], { cwd: root });
    assert.deepEqual(servers, [
      { id: 'survival', name: 'Survival', dir: join(root, 'survival') },
      { id: 'creative', name: 'creative', dir: join(root, 'creative') },
    ]);
  });

  test('names every offending entry of the configuration at once', async () => {
    const error = await resolveNetworkServers([
      { id: 'survival', save: 'survival' },
      { id: 'survival', save: 'creative' },
      { id: 'Lobby', save: 'creative' },
      { id: 'again', save: 'link' },
      { id: 'file', save: 'file' },
      { id: 'gone', save: 'gone' },
      { id: 'blank', name: ' ', save: '' },
    ], { cwd: root, file: 'blockstats.json' }).catch((e: unknown) => e);
    assert.ok(error instanceof ConfigError);
    assert.equal(error.file, 'blockstats.json');
    assert.deepEqual(error.issues.map((i) => `${i.key} ${i.message.split(' (')[0]}`), [
      'servers[1] id "survival" is given twice',
      'servers[2] id must be snake_case: a lowercase letter, then up to 31 lowercase letters, digits or _',
      'servers[2] points at the same save as survival',
      'servers[3] points at the same save as survival',
      `servers[4] ${join(root, 'file')} is not a directory`,
      `servers[5] there is no directory at ${join(root, 'gone')}`,
      'servers[6] name must be 1 to 64 characters without control characters',
      'servers[6] needs the server directory holding its save',
    ]);
  });

  test('refuses an empty network', async () => {
    await assert.rejects(resolveNetworkServers([], { cwd: root }), /at least one server/);
  });
});
