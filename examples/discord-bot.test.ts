import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildSnapshot, leaderboard, type Snapshot } from '@blockstats/core';
import { readSave } from '@blockstats/core/node';
import { generateDemoServer } from './demo/generate.js';
import { answer } from './discord-bot.js';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

let dir: string;
let snapshot: Snapshot;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blockstats-discord-'));
  generateDemoServer({ out: dir, players: 20, seed: 'hearthvale', now: Date.UTC(2026, 10, 16, 12) });
  snapshot = buildSnapshot(await readSave(dir), { now: Date.UTC(2026, 10, 16, 12) });
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe('examples/discord-bot.ts answer(snapshot, command)', () => {
  it('/top jump: the podium in order with values, and the leader\'s card as a PNG', async () => {
    const { text, png } = await answer(snapshot, '/top jump');
    const board = leaderboard(snapshot, 'jump', { limit: 5 })!;
    const lines = text.split('\n');
    assert.equal(lines[0], `**Jumps**, top 5 of ${board.total}`);
    assert.equal(lines.length, 6);
    assert.ok(lines[1]!.startsWith('🥇 **'));
    for (const [i, entry] of board.items.entries()) {
      assert.ok(lines[i + 1]!.endsWith(`: ${entry.display}`), lines[i + 1]);
    }
    assert.ok(png);
    assert.deepEqual([...png.subarray(0, 8)], PNG);
  });

  it('takes a count (capped at 10) and a stat title', async () => {
    assert.equal((await answer(snapshot, '/top play_time 3')).text.split('\n').length, 4);
    assert.equal((await answer(snapshot, '/top play_time 99')).text.split('\n').length, 11);
    assert.match((await answer(snapshot, '/top Jumps')).text, /^\*\*Jumps\*\*/);
  });

  it('an unknown stat answers with suggestions and no image', async () => {
    const { text, png } = await answer(snapshot, '/top diamond');
    assert.match(text, /I don't track a stat called "diamond"\. Try `mined_diamond_ore`/);
    assert.equal(png, null);
  });

  it('/card <player>: a summary line and the card; an unknown player says so', async () => {
    const name = snapshot.players.find((p) => p.ranked && p.name)!.name!;
    const { text, png } = await answer(snapshot, `/card ${name}`);
    assert.match(text, / played, \d+\/\d+ advancements, /);
    assert.deepEqual([...png!.subarray(0, 8)], PNG);
    const missing = await answer(snapshot, '/card no_such_player');
    assert.match(missing.text, /^No player "no\\_such\\_player"/);
    assert.equal(missing.png, null);
  });

  it('player names cannot inject Markdown', async () => {
    const { text } = await answer(snapshot, '/card **bold**');
    assert.match(text, /"\\\*\\\*bold\\\*\\\*"/);
  });

  it('anything else gets the help line', async () => {
    assert.match((await answer(snapshot, '/hello')).text, /^Commands: `\/top <stat> \[n\]`/);
  });
});
