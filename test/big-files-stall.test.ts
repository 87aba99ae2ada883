/**
 * Files just under the size limits are read without harm: against the built `blockstats serve`
 * with its defaults, a first pull after a restart meets a 16 MB stats file of 600,000 counters
 * and a 16 MB `usercache.json` (~150,000 names; see test/support/bigFilesPull.ts). Throughout
 * that pull every answer is a 200 and none hangs, the stats file is refused with a warning naming
 * it, and the refused file's counters are never kept.
 *
 * How long an answer may wait during that pull (100 ms, issue 40) is a speed target, so it is
 * measured by `bench/bigFilesStall.ts` (results in BENCHMARKS.md), not asserted here: on a shared
 * machine the scheduler alone delays a bare `node:http` server by 100-400 ms now and then. The
 * bound here only catches a server that stopped answering; whether the files' parsing stays off
 * the serving thread shows in the bench's waits.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ensureBuilt } from '../packages/cli/test/support.js';
import { bigFilesPull, longest } from './support/bigFilesPull.js';

/** The longest wait that is not a hang, whatever the machine is doing. */
const HANG_MS = 5_000;

before(() => ensureBuilt());

describe('blockstats serve with files just under the size limits', () => {
  it('keeps answering while a pull reads a 16 MB stats file and a 16 MB usercache.json, and refuses the stats file', async () => {
    const { waits, pull, lines, victim } = await bigFilesPull();
    assert.equal(pull.ok ?? true, true);
    assert.ok(waits.length > 10, `only ${waits.length} answers during the pull`);
    assert.ok(waits.every((w) => w.status === 200), JSON.stringify(waits.filter((w) => w.status !== 200).slice(0, 3)));
    const worst = longest(waits);
    assert.ok(worst.ms < HANG_MS, `${worst.path} waited ${worst.ms} ms during the pull: ${JSON.stringify(pull)}`);
    // The stats file is refused with a warning naming it.
    assert.ok(lines.some((l) => JSON.stringify(l).includes(`stats/${victim}`)), 'a warning names the refused stats file');
    // Memory stays bounded: the refused file's counters are never kept.
    assert.ok(Number(pull.rss_mb) < 350, `rss ${String(pull.rss_mb)} MB after the pull`);
  });
});
