// Finding 7 of issue 14, at a small scale, against the reference server: files vanishing between
// the listing and the reading during the first pull after a restart. A few vanished files keep
// their players' last good data (kept on disk from before the restart), nothing of the loss is
// persisted, the failure is not cached under the files' unchanged size and time (they are read
// again once back), and a pull that lost most players' files at once is rejected while the last
// good snapshot keeps serving.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, renameSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { createReferenceServer, type ReferenceServer } from '@blockstats/server/reference';
import { cleanUp, makeServer, tempDir, uuid } from './support.js';

const PLAYERS = 10;
const OFFLINE = { modrinth: { enabled: false }, skins: { enabled: false } } as const;

function clock(start: number) {
  let now = start;
  return () => (now += 60_000);
}

async function advancementsEarned(ref: ReferenceServer, i: number): Promise<number> {
  const body = await (await ref.fetch(new Request(`http://x/v1/players/${uuid(i)}`))).json() as { data: { advancements_earned: number } };
  return body.data.advancements_earned;
}

/** Moves players' files out of the world (and back), keeping their size and modification time. */
function move(server: string, players: number[], parts: string[], back = false): void {
  const away = join(server, 'away');
  mkdirSync(away, { recursive: true });
  for (const i of players) {
    for (const part of parts) {
      const name = `${uuid(i)}.${part === 'playerdata' ? 'dat' : 'json'}`;
      const [from, to] = back ? [join(away, `${part}-${name}`), join(server, 'world', part, name)] : [join(server, 'world', part, name), join(away, `${part}-${name}`)];
      const { atime, mtime } = statSync(from);
      renameSync(from, to);
      utimesSync(to, atime, mtime);
    }
  }
}

describe('files vanishing mid-pull after a restart (finding 7)', { timeout: 60_000 }, () => {
  after(cleanUp);

  test('keep their players\' last good data, are read again once back, and a mass loss is rejected', async () => {
    const server = makeServer(PLAYERS);
    const data = join(tempDir('vanish'), 'data');
    const config = { server_dir: server, data_dir: data, ...OFFLINE };

    const first = createReferenceServer(config, { clock: clock(Date.parse('2026-11-16T12:00:00Z')) });
    await first.start();
    assert.equal((await first.pull()).ok, true);
    await first.close();

    // Restart; during its first pull, two players' advancements vanish between listing and reading.
    let vanish: (() => void) | null = () => move(server, [0, 1], ['advancements']);
    const second = createReferenceServer(config, {
      clock: clock(Date.parse('2026-11-17T12:00:00Z')),
      onProgress: (done) => {
        if (done === 0 && vanish) {
          vanish();
          vanish = null;
        }
      },
    });
    await second.start();
    const pulled = await second.pull();
    assert.equal(pulled.ok, true, pulled.error ?? '');
    assert.equal(pulled.kept, 2);
    assert.equal(await advancementsEarned(second, 0), 1);
    assert.equal(await advancementsEarned(second, 1), 1);
    assert.deepEqual(second.health().problems.map((p) => p.code), ['save_partly_unreadable']);
    // Nothing of the loss was persisted.
    const persisted = JSON.parse(readFileSync(join(data, 'snapshot.json'), 'utf8')) as { snapshot: { players: Array<{ uuid: string; advancements_earned: number }> } };
    assert.equal(persisted.snapshot.players.find((p) => p.uuid === uuid(0))?.advancements_earned, 1);

    // Back with the same size and modification time: read again, not a cached failure.
    move(server, [0, 1], ['advancements'], true);
    const healed = await second.pull();
    assert.equal(healed.ok, true);
    assert.equal(healed.kept, 0);
    assert.deepEqual(second.health().problems, []);
    await second.close();

    // Restart again; this time the world is being moved away mid-pull: most players lose every file.
    vanish = () => move(server, [0, 1, 2, 3, 4, 5], ['stats', 'advancements', 'playerdata']);
    const third = createReferenceServer(config, {
      clock: clock(Date.parse('2026-11-18T12:00:00Z')),
      onProgress: (done) => {
        if (done === 0 && vanish) {
          vanish();
          vanish = null;
        }
      },
    });
    await third.start();
    const served = third.snapshot();
    const rejected = await third.pull();
    assert.equal(rejected.ok, false);
    assert.match(rejected.error!, /^6 of the 10 players of the last good pull lost files at once or vanished/);
    assert.equal(third.snapshot(), served, 'the persisted snapshot keeps serving');
    const health = await (await third.fetch(new Request('http://x/v1/health'))).json() as { data: { status: string; reasons: Array<{ code: string; detail: string }> } };
    assert.equal(health.data.status, 'degraded');
    assert.match(health.data.reasons.find((r) => r.code === 'pull_failed')!.detail, /lost files at once/);
    move(server, [0, 1, 2, 3, 4, 5], ['stats', 'advancements', 'playerdata'], true);
    const recovered = await third.pull();
    assert.equal(recovered.ok, true);
    assert.equal(recovered.players, PLAYERS);
    await third.close();
  });
});
