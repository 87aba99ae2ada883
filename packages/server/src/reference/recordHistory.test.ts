import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { createReferenceServer } from './createReferenceServer.js';

const uuid = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
const work = mkdtempSync(join(tmpdir(), 'blockstats-history-serve-'));
after(() => rmSync(work, { recursive: true, force: true }));

function writeStats(server: string, jumps: number[]): void {
  jumps.forEach((jump, i) => {
    writeFileSync(join(server, 'world', 'stats', `${uuid(i)}.json`), JSON.stringify({ stats: { 'minecraft:custom': { 'minecraft:jump': jump, 'minecraft:play_time': 72_000 * 2 } }, DataVersion: 3953 }));
  });
}

describe('blockstats serve writes the stat history beside the record', () => {
  test('pulls on two server days close the first into its monthly file; a restart reads it back; period boards answer', async () => {
    const server = join(work, 'server');
    const data = join(work, 'data');
    mkdirSync(join(server, 'world', 'stats'), { recursive: true });
    writeStats(server, [100, 200, 300]);
    let now = Date.parse('2026-11-16T22:00:00Z'); // Monday, 23:00 in Berlin
    const config = { server_dir: server, data_dir: data, time_zone: 'Europe/Berlin', modrinth: { enabled: false }, skins: { enabled: false } } as const;
    const ref = createReferenceServer(config, { clock: () => now });
    await ref.start();
    await ref.pull(); // joins the first scheduled pull
    await ref.close();
    assert.ok(existsSync(join(data, 'history', 'today.bin')), 'the first pull wrote the day in progress');

    writeStats(server, [150, 200, 900]);
    now += 3_600_000; // Tuesday 00:00 in Berlin: a new server day
    const again = createReferenceServer(config, { clock: () => now });
    await again.start();
    await again.pull();
    assert.ok(existsSync(join(data, 'history', 'history-2026-11.bin')), 'the new day closed the first');
    writeStats(server, [170, 200, 950]);
    now += 900_000;
    assert.equal((await again.pull()).ok, true);
    const body = await (await again.fetch(new Request('http://x/v1/stats/jump?period=week'))).json() as { data: Array<{ value: number; player: { uuid: string } }>; meta: { period: { from: string; to: string } } };
    assert.deepEqual(body.meta.period, { name: 'week', from: '2026-11-16', to: '2026-11-17', recording_since: '2026-11-16' });
    // Monday: the first readings; then +70 and +650 (player 1 never moved).
    assert.deepEqual(body.data.map((e) => [e.player.uuid, e.value]), [[uuid(2), 650], [uuid(0), 70]]);
    await again.close();
  });
});
