// The hiding flags (--hide, --[no-]exclude-banned, --[no-]exclude-ops) on the offline queries,
// export and the configuration, in-process through run() on a generated demo server.
import assert from 'node:assert/strict';
import { readdir, readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { generateDemo, memoryIo } from '../test/support.js';
import { run } from './run.js';

interface Listed { uuid: string; name: string | null }

describe('hiding players from the CLI', () => {
  let work: string;
  let server: string;
  let top: Listed;
  let second: Listed;
  before(async () => {
    work = await mkdtemp(join(tmpdir(), 'blockstats-hide-cli-'));
    server = join(work, 'server');
    generateDemo(server, 30);
    const board = JSON.parse((await cli('top', 'jump', '--limit', '2', '--json')).stdout) as Array<{ player: Listed }>;
    [top, second] = board.map((e) => e.player) as [Listed, Listed];
  });
  after(async () => {
    await rm(work, { recursive: true, force: true });
  });

  async function cli(...argv: string[]) {
    const io = memoryIo({ cwd: work, env: { XDG_STATE_HOME: join(work, 'state'), BLOCKSTATS_SERVER: server } });
    const code = await run(argv, io.io);
    return { code, stdout: io.stdout(), stderr: io.stderr() };
  }
  const uuids = async (...flags: string[]) => {
    const players = JSON.parse((await cli('players', '--all', '--json', ...flags)).stdout) as Listed[];
    return new Set(players.map((p) => p.uuid));
  };
  const setLists = async (banned: Listed[], ops: Listed[]) => {
    await writeFile(join(server, 'banned-players.json'), JSON.stringify(banned.map((p) => ({ uuid: p.uuid, name: p.name, expires: 'forever', reason: 'test' }))));
    await writeFile(join(server, 'ops.json'), JSON.stringify(ops.map((p) => ({ uuid: p.uuid, name: p.name, level: 4 }))));
  };

  test('banned players are left out by default; --no-exclude-banned shows them', async () => {
    await setLists([top], []);
    try {
      assert.ok(!(await uuids()).has(top.uuid));
      const player = await cli('player', top.name!);
      assert.equal(player.code, 2, 'unknown, as if never seen');
      assert.match(player.stderr, /No player/i);
      const board = JSON.parse((await cli('top', 'jump', '--limit', '1', '--json')).stdout) as Array<{ rank: number; player: Listed }>;
      assert.deepEqual([board[0]!.rank, board[0]!.player.uuid], [1, second.uuid], 'ranks close up');
      assert.ok((await uuids('--no-exclude-banned')).has(top.uuid));
      assert.equal((await cli('player', top.name!, '--no-exclude-banned')).code, 0);
    } finally {
      await setLists([], []);
    }
  });

  test('operators are shown by default; --exclude-ops leaves them out', async () => {
    await setLists([], [second]);
    try {
      assert.ok((await uuids()).has(second.uuid));
      assert.ok(!(await uuids('--exclude-ops')).has(second.uuid));
      const info = JSON.parse((await cli('api', '/v1/server', '--exclude-ops')).stdout);
      assert.deepEqual(info.data.hiding, { exclude_banned: true, exclude_ops: true, hide_list: 0, hidden_players: 1 });
    } finally {
      await setLists([], []);
    }
  });

  test('--hide takes names and UUIDs, repeated, on top of the configuration\'s list', async () => {
    const bare = second.uuid.replace(/-/g, '').toUpperCase();
    const hidden = await uuids('--hide', top.name!.toUpperCase(), '--hide', bare);
    assert.ok(!hidden.has(top.uuid) && !hidden.has(second.uuid));
    const config = join(work, 'blockstats.json');
    await writeFile(config, JSON.stringify({ players: { hide: [top.uuid] } }));
    const both = await uuids('--config', config, '--hide', second.name!);
    assert.ok(!both.has(top.uuid) && !both.has(second.uuid));
    assert.ok(!(await uuids('--config', config)).has(top.uuid));
    assert.ok((await uuids('--config', config)).has(second.uuid));
  });

  test('a bad --hide value and --hide on record are usage errors', async () => {
    const empty = await cli('players', '--hide', ' ');
    assert.equal(empty.code, 2);
    assert.match(empty.stderr, /--hide.*must be a player UUID \(dashed or bare\) or name/);
    const record = await cli('record', '--hide', 'x');
    assert.equal(record.code, 2);
    assert.match(record.stderr, /unknown option '--hide'/);
  });

  test('export leaves a hidden player out of every file', async () => {
    await setLists([top], []);
    try {
      const out = join(work, 'public');
      const exported = await cli('export', '--out', out, '--hide', second.name!);
      assert.equal(exported.code, 0, exported.stderr);
      const files = await listFiles(out);
      assert.ok(files.length > 100, `${files.length} files`);
      for (const player of [top, second]) {
        assert.ok(!files.some((f) => f.includes(player.uuid)), `no file of ${player.name}`);
        for (const file of files) {
          const text = await readFile(join(out, file), 'utf8');
          assert.ok(!text.includes(player.uuid), `${file} names ${player.name}`);
        }
      }
    } finally {
      await setLists([], []);
    }
  });
});

async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(join(dir, entry.name), path)));
    else out.push(path);
  }
  return out;
}
