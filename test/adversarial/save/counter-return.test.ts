// Finding 8 of issue 14, at a small scale, against `blockstats serve`: a stats file missing for a
// pull, then replaced by a folder for another, then back unchanged. The player keeps their
// numbers throughout, and the record gains nothing: no session, no deaths, no minutes for a
// player who never logged in.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { loadRecord } from '@blockstats/core/node';
import { cleanUp, getJson, makeServer, startServe, statsJson, tempDir, until, uuid, writeConfig, type Served } from './support.js';

describe('a stats file missing for a pull, then back (finding 8)', { timeout: 60_000 }, () => {
  let served: Served | null = null;
  after(cleanUp);

  test('keeps the player\'s numbers and adds no activity to the record', async () => {
    const server = makeServer(5);
    const work = tempDir('return');
    const data = join(work, 'data');
    served = await startServe(['--server', server, '--data', data, '--config', writeConfig(work)]);
    const goodPulls = () => served!.lines.filter((line) => line.event === 'pull' && line.ok === true).length;
    /** Waits for two more good pulls: the second surely began after whatever was just done. */
    const twoMorePulls = async () => {
      const seen = goodPulls();
      await until(async () => goodPulls(), (n) => n >= seen + 2, 20_000);
    };
    const target = uuid(0);
    const statsFile = join(server, 'world', 'stats', `${target}.json`);
    const deaths = async () => (await getJson(`${served!.url}/v1/players/${target}/stats?ids=deaths`)).body.data.stats[0].value as number;
    await twoMorePulls();
    assert.equal(await deaths(), 17);

    rmSync(statsFile);
    await twoMorePulls();
    assert.equal(await deaths(), 17, 'missing: the last good numbers are served');
    const health = await getJson(`${served.url}/v1/health`);
    assert.deepEqual(health.body.data.reasons.map((r: { code: string }) => r.code), ['save_partly_unreadable']);
    assert.match(health.body.data.reasons[0].detail, /missing at this pull/);

    mkdirSync(statsFile);
    await twoMorePulls();
    assert.equal(await deaths(), 17, 'a folder in its place: the same');

    rmSync(statsFile, { recursive: true });
    writeFileSync(statsFile, statsJson(0));
    await twoMorePulls();
    assert.equal(await deaths(), 17);
    assert.equal((await getJson(`${served.url}/v1/health`)).body.data.status, 'ok');

    const activity = await getJson(`${served.url}/v1/players/${target}/activity`);
    assert.equal(activity.status, 200);
    assert.deepEqual(
      { sessions: activity.body.data.all_time.sessions, deaths: activity.body.data.all_time.deaths, minutes: activity.body.data.all_time.minutes },
      { sessions: 0, deaths: 0, minutes: 0 },
    );
    served.child.kill('SIGTERM');
    assert.deepEqual(await served.exited, { code: 0, signal: null });
    // On disk: the player's counters were recorded once, never as zeroes.
    const { record, warnings } = await loadRecord(data);
    assert.deepEqual(warnings, []);
    assert.deepEqual(record.players[target]!.deaths!.values, [17]);
    assert.ok(record.times.length >= 8);
  });
});
