// Findings 2, 3, 4, 5 and 12 (phantom player) of issue 14, at a small scale, against `blockstats
// serve`: a crafted 110-byte NBT file, a 20 MB stats file over a 1 MiB limit, a gzip bomb, FIFOs
// where root and player files go (server.properties included: serve must still listen), and an
// unreadable stats file of an unknown uuid. The server stays up, answers a normal client
// promptly with bounded memory, skips each file with a reason, adds no phantom player, reports
// the save as partly unreadable, stops on one signal, and starts again over the same files.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { cleanUp, getJson, makeServer, probe, PROMPT_MS, RSS_BOUND_MB, startServe, tempDir, until, uuid, writeConfig, type Served } from './support.js';

const PLAYERS = 20;
const CRAFTED = uuid(0); // playerdata: 40 lists claiming 16,777,215 END tags each (finding 2)
const HUGE = uuid(1); // stats: 20 MB, the limit 1 MiB (finding 3)
const BOMB = uuid(2); // playerdata: 32 MiB of zeros in ~32 KB of gzip, the limit 1 MiB (finding 5)
const PIPE = uuid(3); // stats: a FIFO (finding 4)
const PHANTOM = uuid(999); // stats only, unreadable, in no name list (finding 12)

/** The crafted file of finding 2: gzipped NBT, a compound of 40 lists of END tags each claiming 16,777,215 elements. */
function craftedNbt(): Buffer {
  const lists = Array.from({ length: 40 }, (_, i) => [9, 0, 1, 65 + i, 0, 0x00, 0xff, 0xff, 0xff]);
  return gzipSync(Buffer.from([10, 0, 0, ...lists.flat(), 0]), { level: 9 });
}

describe('hostile files in the save (findings 2, 3, 4, 5, 12)', { timeout: 90_000 }, () => {
  let served: Served | null = null;
  after(cleanUp);

  test('are skipped with a reason while the server keeps answering, and it restarts over them', async () => {
    const server = makeServer(PLAYERS);
    const world = join(server, 'world');
    const crafted = craftedNbt();
    assert.ok(crafted.length <= 120, `the crafted file is ${crafted.length} bytes`);
    writeFileSync(join(world, 'playerdata', `${CRAFTED}.dat`), crafted);
    writeFileSync(join(world, 'stats', `${HUGE}.json`), `{"stats":{"minecraft:custom":{"minecraft:jump":1}},"pad":"${'x'.repeat(20 * 1024 * 1024)}"}`);
    writeFileSync(join(world, 'playerdata', `${BOMB}.dat`), gzipSync(Buffer.alloc(32 * 1024 * 1024), { level: 9 }));
    execFileSync('rm', [join(world, 'stats', `${PIPE}.json`)]);
    execFileSync('mkfifo', [join(world, 'stats', `${PIPE}.json`)]);
    writeFileSync(join(world, 'stats', `${PHANTOM}.json`), '{"stats":{"minecraft:custom":');
    // FIFOs where root files go, server.properties included (the world is then found by default).
    for (const file of ['server.properties', 'usercache.json', 'whitelist.json']) {
      execFileSync('rm', ['-f', join(server, file)]);
      execFileSync('mkfifo', [join(server, file)]);
    }
    mkdirSync(join(server, 'plugins', 'floodgate'), { recursive: true });
    execFileSync('mkfifo', [join(server, 'plugins', 'floodgate', 'config.yml')]);

    const work = tempDir('hostile');
    const data = join(work, 'data');
    const config = writeConfig(work, { limits: { player_file_size: '1MiB', player_data_inflated_size: '1MiB' } });
    served = await startServe(['--server', server, '--data', data, '--config', config]);
    const client = probe(served.url, served.child.pid!);

    // Three pulls over the same files: none hangs, none crashes, each skips the same files.
    await served.waitForLine((line) => line.event === 'pull' && line.ok === true);
    const pulls = () => served!.lines.filter((line) => line.event === 'pull' && line.ok === true).length;
    const after1 = pulls();
    await until(async () => pulls(), (n) => n >= after1 + 2, 30_000);
    const pull = served.lines.filter((line) => line.event === 'pull').at(-1)!;
    const warnings = (pull.warning_list as string[]).join('\n');
    assert.match(warnings, new RegExp(`world/playerdata/${CRAFTED}\\.dat: not valid NBT: list of end tags`));
    assert.match(warnings, new RegExp(`world/stats/${HUGE}\\.json: is 20 MiB, over the 1 MiB size limit; skipped`));
    assert.match(warnings, new RegExp(`world/playerdata/${BOMB}\\.dat: decompresses to more than the 1 MiB limit; skipped`));
    assert.match(warnings, new RegExp(`world/stats/${PIPE}\\.json: a FIFO, socket or device, not a regular file; skipped`));
    for (const file of ['server.properties', 'usercache.json', 'whitelist.json', 'plugins/floodgate/config.yml']) {
      assert.match(warnings, new RegExp(`${file.replace('.', '\\.')}: unreadable: a FIFO \\(named pipe\\), not a regular file; skipped`), file);
    }

    // Every real player is served (their other files were read); the phantom is not.
    const players = await getJson(`${served.url}/v1/players?limit=100`);
    assert.equal(players.status, 200);
    assert.equal(players.body.meta.pagination.total, PLAYERS);
    assert.ok(!players.body.data.some((p: { uuid: string }) => p.uuid === PHANTOM), 'no phantom player');
    const health = await getJson(`${served.url}/v1/health`);
    assert.equal(health.body.data.status, 'degraded');
    assert.deepEqual(health.body.data.reasons.map((r: { code: string }) => r.code), ['save_partly_unreadable']);

    const seen = await client.stop();
    assert.deepEqual(seen.failures, []);
    assert.ok(seen.answers >= 5, `the client was answered (${seen.answers} times)`);
    assert.ok(seen.slowestMs < PROMPT_MS, `slowest answer ${Math.round(seen.slowestMs)} ms`);
    if (seen.peakRssMb !== null) assert.ok(seen.peakRssMb < RSS_BOUND_MB, `peak RSS ${Math.round(seen.peakRssMb)} MB`);

    // One signal stops it (nothing waits on a FIFO), and it starts again over the same files:
    // no crash loop on the crafted file.
    served.child.kill('SIGTERM');
    assert.deepEqual(await served.exited, { code: 0, signal: null });
    served = await startServe(['--server', server, '--data', data, '--config', config]);
    await served.waitForLine((line) => line.event === 'pull' && line.ok === true);
    assert.equal((await getJson(`${served.url}/v1/players?limit=1`)).body.meta.pagination.total, PLAYERS);
    served.child.kill('SIGTERM');
    assert.deepEqual(await served.exited, { code: 0, signal: null });
  });

  test('a large usercache is parsed off the event loop once, not at every pull; one over its limit is skipped', async () => {
    const server = makeServer(PLAYERS);
    // 40,000 entries (~4 MB): parsed on a worker thread, then reused while unchanged.
    const entries = Array.from({ length: 40_000 }, (_, i) => ({ name: i < PLAYERS ? `Cached${i}` : `Someone${i}`, uuid: uuid(i), expiresOn: '2027-01-01 00:00:00 +0000' }));
    writeFileSync(join(server, 'usercache.json'), JSON.stringify(entries));
    const work = tempDir('usercache');
    served = await startServe(['--server', server, '--data', join(work, 'data'), '--config', writeConfig(work)]);
    const client = probe(served.url, served.child.pid!);
    const good = () => served!.lines.filter((line) => line.event === 'pull' && line.ok === true);
    await until(async () => good().length, (n) => n >= 3, 30_000);
    assert.deepEqual(good().slice(1).map((line) => line.files_parsed), [0, 0], 'unchanged: nothing parsed again');
    const player = await getJson(`${served.url}/v1/players/${uuid(3)}`);
    assert.equal(player.body.data.name, 'Cached3');
    const seen = await client.stop();
    assert.deepEqual(seen.failures, []);
    assert.ok(seen.slowestMs < PROMPT_MS, `slowest answer ${Math.round(seen.slowestMs)} ms`);
    served.child.kill('SIGTERM');
    assert.deepEqual(await served.exited, { code: 0, signal: null });

    // Over root_file_size: skipped with a reason; names come from the players' own files.
    served = await startServe(['--server', server, '--data', join(work, 'data2'), '--config', writeConfig(work, { limits: { root_file_size: '1MiB' } })]);
    const pull = await served.waitForLine((line) => line.event === 'pull' && line.ok === true);
    assert.ok((pull.warning_list as string[]).some((w) => /^usercache\.json: unreadable: is \d+(\.\d)? MiB, over the 1 MiB size limit; skipped$/.test(w)));
    assert.equal((await getJson(`${served.url}/v1/players/${uuid(3)}`)).body.data.name, 'Player3');
    served.child.kill('SIGTERM');
    assert.deepEqual(await served.exited, { code: 0, signal: null });
  });
});
