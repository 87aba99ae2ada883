import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { BENCH_NETWORK, ensureNetwork, networkMembership } from '../../bench/generate/generate-network.js';

describe('the bench network generator', () => {
  it('spreads five servers of ~10,000 slots over a pool with 60 % of the people on two or more', () => {
    const members = networkMembership(BENCH_NETWORK, 20260301);
    const slots = members.map((m) => m.length);
    for (const count of slots) assert.ok(Math.abs(count - 10_000) < 400, `a server has ${count} players`);
    const servers = new Map<number, number>();
    for (const list of members) for (const person of list) servers.set(person, (servers.get(person) ?? 0) + 1);
    const shared = [...servers.values()].filter((n) => n >= 2).length / servers.size;
    assert.ok(Math.abs(shared - 0.6) < 0.02, `${(shared * 100).toFixed(1)} % shared`);
    assert.ok([...servers.values()].every((n) => n >= 1 && n <= 3));
  });

  it('writes the same person under the same UUID on every server they play on', async () => {
    const work = mkdtempSync(join(tmpdir(), 'bench-network-'));
    try {
      const network = await ensureNetwork(work, { servers: 3, slotsPerServer: 40, shared: 0.6 }, { seed: 7 });
      const uuids = network.servers.map((s) => new Set(readdirSync(join(s.world, 'stats')).map((f) => f.replace(/\.json$/, ''))));
      network.servers.forEach((server, i) => assert.equal(uuids[i]!.size, server.indices.length));
      const onTwo = [...uuids[0]!].filter((u) => uuids[1]!.has(u) || uuids[2]!.has(u));
      const people = network.servers.map((s) => s.indices);
      const expected = people[0]!.filter((p) => people[1]!.includes(p) || people[2]!.includes(p));
      assert.equal(onTwo.length, expected.length);
      assert.ok(onTwo.length > 0);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
