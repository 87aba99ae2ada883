// Issue 40, part 1: PNG cards never slow anyone else. The built `blockstats serve` on the demo
// server, with its defaults, while 32 clients (each its own loopback address, each within the
// rate limit: one request at a time, at most 4 a second) ask for PNG cards nobody asked for
// before (random player, colour and scale). Before, every card was drawn on the thread that
// answers requests and `/v1/health` waited 0.5 to 1 s; now the cards are drawn on worker
// threads behind a bounded queue, so `/v1/health` and a leaderboard stay fast, and the cards
// the queue has no room for are refused with 503 and Retry-After. The pool's own rules (queue,
// per-client share, cache, crash, timeout) are unit-tested in packages/server/src/png.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { NORMAL_CLIENT_ADDRESSES, normalClient, probeOnce, spawnAttack, type Target } from '../../support/attacks.js';
import { REPO_ROOT } from '../../support/repo.js';
import { startServe, type ServeProcess } from '../../support/serveProcess.js';

/** How long the cards are asked for: long enough for a thousand requests, short for the suite. */
const ATTACK_MS = 10_000;
/** How long the other clients' latency is measured first, without the cards. */
const BASELINE_MS = 3_000;
/**
 * The bound the issue sets on the other clients' p99 while the cards are asked for: 50 ms, plus
 * six times what this machine alone makes it just before (a shared machine's scheduling is no
 * part of the server: at a load average of 19 on 2 cores, the p99 of the same probes without
 * any card is 25 to 60 ms). On a quiet machine that is 60 to 80 ms; before issue 40, the same
 * clients waited 0.5 to 9 s.
 */
const P99_MS = 50;
const MACHINE_FACTOR = 6;
/**
 * The card clients run at the lowest priority: on this one machine they stand for clients on
 * others, and must not take the CPU the server needs from it.
 */
const ATTACKER_WRAP = ['nice', '-n', '19'];
/** 32 attackers on addresses of their own (the normal clients use 127.0.0.2 to .41). */
const ATTACKERS = Array.from({ length: 32 }, (_, i) => `127.0.1.${i + 1}`);

describe('blockstats serve (built), 32 clients asking for uncached PNG cards (issue 40)', { skip: process.platform === 'linux' ? false : 'needs the whole 127.0.0.0/8 on loopback (Linux)' }, () => {
  let work: string;
  let served: ServeProcess;
  let target: Target;
  let players: string[];

  before(async () => {
    work = await mkdtemp(join(tmpdir(), 'blockstats-png-cards-'));
    served = await startServe(['--server', join(REPO_ROOT, 'examples/demo-server'), '--data', join(work, 'data')], { command: 'built' });
    target = { host: '127.0.0.1', port: served.port };
    const list = await fetch(`${served.url}/v1/players?limit=500`);
    players = ((await list.json()) as { data: Array<{ name: string | null; uuid: string }> }).data.map((p) => p.name ?? p.uuid);
    assert.ok(players.length > 200);
    // The first card starts the render thread; the probes' answers are warm too.
    for (const path of [`/v1/card/player/${encodeURIComponent(players[0]!)}.png`, '/v1/health', '/v1/stats/jump']) {
      assert.equal((await probeOnce(target, path, { localAddress: '127.0.0.90', timeoutMs: 30_000 })).status, 200, path);
    }
  });

  after(async () => {
    await served?.stop();
    await rm(work, { recursive: true, force: true });
  });

  /** `/v1/health` and `/v1/stats/jump` every 50 ms each, on fresh connections from 40 addresses. */
  const probes = () => ({
    health: normalClient(target, '/v1/health', { everyMs: 50, localAddresses: NORMAL_CLIENT_ADDRESSES.slice(0, 20) }),
    board: normalClient(target, '/v1/stats/jump', { everyMs: 50, localAddresses: NORMAL_CLIENT_ADDRESSES.slice(20) }),
  });

  test('/v1/health and /v1/stats/jump keep p99 ≤ 50 ms (+ the machine\'s own); the cards that do not fit are 503s, never errors', async (t) => {
    const quiet = probes();
    await new Promise((resolve) => setTimeout(resolve, BASELINE_MS));
    const machine = Math.max((await quiet.health.stop()).p99, (await quiet.board.stop()).p99);
    const bound = Math.round(P99_MS + MACHINE_FACTOR * machine);
    const { health, board } = probes();
    const attack = await spawnAttack({ kind: 'cards', target, clients: ATTACKERS.length, everyMs: 250, players, localAddresses: ATTACKERS }, { wrap: ATTACKER_WRAP });
    await new Promise((resolve) => setTimeout(resolve, ATTACK_MS));
    const cards = await attack.stop();
    const [healthReport, boardReport] = await Promise.all([health.stop(), board.stop()]);
    t.diagnostic(`before the cards, p99 ${machine} ms: the bound is ${bound} ms`);
    t.diagnostic(`cards: ${cards.opened} asked, ${JSON.stringify(cards.statuses)}, ${cards.closedByServer} connection errors`);
    t.diagnostic(`/v1/health: ${healthReport.requests} requests, p50 ${healthReport.p50} ms, p99 ${healthReport.p99} ms, max ${healthReport.max} ms`);
    t.diagnostic(`/v1/stats/jump: ${boardReport.requests} requests, p50 ${boardReport.p50} ms, p99 ${boardReport.p99} ms, max ${boardReport.max} ms`);

    assert.equal(served.child.exitCode, null, 'the server is still running');
    // Every card was answered: drawn (200) or refused for now (503); nothing else.
    assert.equal(cards.closedByServer, 0);
    assert.ok(Object.keys(cards.statuses!).every((status) => status === '200' || status === '503'), JSON.stringify(cards.statuses));
    assert.ok((cards.statuses!['200'] ?? 0) >= 20, `cards were drawn meanwhile (${cards.statuses!['200']})`);
    assert.ok(cards.opened >= 200, `the attackers kept asking (${cards.opened})`);
    for (const [path, report] of [['/v1/health', healthReport], ['/v1/stats/jump', boardReport]] as const) {
      assert.deepEqual(Object.keys(report.statuses), ['200'], `${path}: ${JSON.stringify(report.statuses)}`);
      assert.ok(report.requests >= 100, `${path} was asked often enough for a p99 (${report.requests})`);
      assert.ok(report.p99 <= bound, `${path}: p99 ${report.p99} ms > ${bound} ms (p50 ${report.p50}, max ${report.max})`);
    }
  });

  test('a card refused for now is a 503 problem with Retry-After; an unknown player is a 404 problem, not an SVG', async () => {
    const missing = await fetch(`${served.url}/v1/card/player/NobodyAtAll.png`);
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get('content-type'), 'application/problem+json');
    assert.match(((await missing.json()) as { type: string }).type, /\/not-found$/);
    // One client asking many cards at once gets its share drawn and the rest refused.
    const answers = await Promise.all(players.slice(10, 30).map((name) => fetch(`${served.url}/v1/card/player/${encodeURIComponent(name)}.png?color=123456`)));
    const refused = answers.filter((r) => r.status === 503);
    assert.ok(refused.length > 0, `some of 20 cards at once were refused (${answers.map((r) => r.status).join(' ')})`);
    assert.ok(answers.every((r) => r.status === 200 || r.status === 503));
    for (const r of refused) {
      assert.equal(r.headers.get('content-type'), 'application/problem+json');
      assert.match(r.headers.get('retry-after') ?? '', /^[1-9]\d*$/);
      assert.match(((await r.json()) as { type: string }).type, /\/unavailable$/);
    }
    await Promise.all(answers.filter((r) => r.status === 200).map((r) => r.arrayBuffer()));
  });

  test('SIGTERM stops the render threads with the server', async () => {
    const code = await served.stop();
    assert.equal(code, 0);
    assert.ok(served.lines.some((line) => line.event === 'stopped'));
  });
});
