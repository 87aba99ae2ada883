import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { Snapshot } from '@blockstats/core';
import type { Logger, LogFields } from './logger.js';
import { readSnapshotFile } from './snapshotFile.js';
import { createSnapshotPersister } from './snapshotPersister.js';

const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A minimal snapshot `readSnapshotFile` accepts; `generation` tells them apart. */
const snapshot = (generation: string): Snapshot => ({ format: 1, generation, players: [], stats: [] }) as unknown as Snapshot;

function capture(): { log: Logger; lines: Array<{ event: string; fields: LogFields }> } {
  const lines: Array<{ event: string; fields: LogFields }> = [];
  return { lines, log: { log: (_level, event, fields = {}) => void lines.push({ event, fields }) } };
}

/** A writer that waits to be released, recording what it was asked to write. */
function heldWriter() {
  const calls: string[] = [];
  const releases: Array<(error?: Error) => void> = [];
  const write = (_path: string, _root: string, value: Snapshot) => {
    calls.push(value.generation);
    return new Promise<void>((resolve, reject) => releases.push((error) => (error ? reject(error) : resolve())));
  };
  /** Releases the oldest held write, then lets its continuations run. */
  const release = async (error?: Error): Promise<void> => {
    releases.shift()!(error);
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { calls, write, release, held: () => releases.length };
}

describe('createSnapshotPersister(options)', () => {
  test('writes the snapshot file in the background, renamed into place, and resolves idle() once written', async () => {
    const data = mkdtempSync(join(tmpdir(), 'blockstats-persist-'));
    dirs.push(data);
    const { log, lines } = capture();
    let collections = 0;
    const persister = createSnapshotPersister({ path: join(data, 'snapshot.json'), serverRoot: '/srv/mc', log, afterWrite: () => collections++ });
    persister.save(snapshot('g1'));
    await persister.idle();
    assert.equal((await readSnapshotFile(join(data, 'snapshot.json'), '/srv/mc'))?.generation, 'g1');
    assert.deepEqual(readdirSync(data), ['snapshot.json'], 'no temporary file left');
    assert.equal(collections, 1);
    assert.deepEqual(lines.map((l) => [l.event, l.fields.generation]), [['snapshot_persisted', 'g1']]);
  });

  test('collects as each write begins, before any of its pieces, and again once it is written', async () => {
    const writer = heldWriter();
    const order: string[] = [];
    const write = (path: string, root: string, value: Snapshot): Promise<void> => {
      order.push(`write ${value.generation}`);
      return writer.write(path, root, value);
    };
    const persister = createSnapshotPersister({ path: '/nowhere/snapshot.json', serverRoot: '/srv/mc', log: capture().log, write, beforeWrite: () => order.push('before'), afterWrite: () => order.push('after') });
    persister.save(snapshot('g1'));
    persister.save(snapshot('g2'));
    assert.deepEqual(order, ['before', 'write g1'], 'the collection runs first, synchronously with the hand-over');
    await writer.release();
    assert.deepEqual(order, ['before', 'write g1', 'before', 'write g2'], 'no collection after g1 while g2 waits');
    await writer.release();
    assert.deepEqual(order, ['before', 'write g1', 'before', 'write g2', 'after']);
  });

  test('with begin, a write and its collections wait for their turn; the newest snapshot handed over meanwhile is written', async () => {
    const writer = heldWriter();
    const order: string[] = [];
    const turns: Array<() => void> = [];
    const write = (path: string, root: string, value: Snapshot): Promise<void> => {
      order.push(`write ${value.generation}`);
      return writer.write(path, root, value);
    };
    const persister = createSnapshotPersister({ path: '/nowhere/snapshot.json', serverRoot: '/srv/mc', log: capture().log, write, begin: (start) => turns.push(start), beforeWrite: () => order.push('before'), afterWrite: () => order.push('after') });
    assert.equal(persister.save(snapshot('g1')), true);
    assert.equal(persister.save(snapshot('g2')), true);
    let idle = false;
    void persister.idle().then(() => (idle = true));
    await Promise.resolve();
    assert.deepEqual(order, [], 'nothing runs before the turn comes');
    assert.equal(turns.length, 1, 'one turn asked for');
    assert.equal(idle, false, 'a write waiting for its turn is not idle');
    turns.shift()!();
    await Promise.resolve();
    assert.deepEqual(order, ['before', 'write g2'], 'g2 replaced g1 while it waited');
    await writer.release();
    assert.deepEqual(order, ['before', 'write g2', 'after']);
    await persister.idle();
    assert.equal(idle, true);
    // hurry() begins a waiting write at once; the turn given later changes nothing.
    persister.save(snapshot('g3'));
    persister.hurry();
    await Promise.resolve();
    assert.deepEqual(order.slice(3), ['before', 'write g3']);
    turns.shift()!();
    await writer.release();
    await persister.idle();
    assert.deepEqual(writer.calls, ['g2', 'g3']);
    // flush() does not wait for the turn either.
    persister.save(snapshot('g4'));
    const flushed = persister.flush();
    await Promise.resolve();
    assert.deepEqual(writer.calls, ['g2', 'g3', 'g4']);
    await writer.release();
    await flushed;
  });

  test('one write at a time; of the snapshots handed over meanwhile only the newest is written, then collected once', async () => {
    const writer = heldWriter();
    let collections = 0;
    const persister = createSnapshotPersister({ path: '/nowhere/snapshot.json', serverRoot: '/srv/mc', log: capture().log, write: writer.write, afterWrite: () => collections++ });
    persister.save(snapshot('g1'));
    persister.save(snapshot('g2'));
    persister.save(snapshot('g3'));
    assert.deepEqual(writer.calls, ['g1'], 'g1 is being written; g2 and g3 wait, g3 replacing g2');
    let idle = false;
    void persister.idle().then(() => (idle = true));
    await writer.release();
    assert.deepEqual(writer.calls, ['g1', 'g3']);
    assert.equal(collections, 0, 'no collection while another snapshot waits to be written');
    assert.equal(idle, false);
    await writer.release();
    assert.equal(collections, 1);
    assert.equal(writer.held(), 0);
    await persister.idle();
    assert.equal(idle, true);
  });

  test('with everyMs, a snapshot handed over sooner after a write began is kept unwritten: the next due one or flush() writes the newest', async () => {
    const writer = heldWriter();
    let now = 0;
    let collections = 0;
    const persister = createSnapshotPersister({ path: '/nowhere/snapshot.json', serverRoot: '/srv/mc', log: capture().log, write: writer.write, afterWrite: () => collections++, everyMs: 3_600_000, clock: () => now });
    assert.equal(persister.save(snapshot('g1')), true, 'the first one is written');
    await writer.release();
    now = 900_000;
    assert.equal(persister.save(snapshot('g2')), false);
    now = 3_599_999;
    assert.equal(persister.save(snapshot('g3')), false);
    assert.deepEqual(writer.calls, ['g1']);
    assert.equal(collections, 1, 'the persister collects only after its writes');
    now = 3_600_000;
    assert.equal(persister.save(snapshot('g4')), true, 'an hour after the last write began');
    await writer.release();
    now = 4_500_000;
    assert.equal(persister.save(snapshot('g5')), false);
    now = 5_400_000;
    assert.equal(persister.save(snapshot('g6')), false);
    let flushed = false;
    void persister.flush().then(() => (flushed = true));
    assert.deepEqual(writer.calls, ['g1', 'g4', 'g6'], 'flush writes the newest kept one, g6');
    await writer.release();
    await persister.flush();
    assert.equal(flushed, true);
    assert.deepEqual(writer.calls, ['g1', 'g4', 'g6'], 'nothing is left to flush');
    now = 5_000_000;
    assert.equal(persister.save(snapshot('g7')), true, 'the clock was set back: written, not held back until it catches up');
  });

  test('with everyMs, a snapshot handed over while a write still runs is kept, not queued', async () => {
    const writer = heldWriter();
    let now = 0;
    const persister = createSnapshotPersister({ path: '/nowhere/snapshot.json', serverRoot: '/srv/mc', log: capture().log, write: writer.write, everyMs: 60_000, clock: () => now });
    persister.save(snapshot('g1'));
    now = 10_000;
    assert.equal(persister.save(snapshot('g2')), false);
    await writer.release();
    await persister.idle();
    assert.deepEqual(writer.calls, ['g1']);
    await Promise.all([persister.flush(), writer.release()]);
    assert.deepEqual(writer.calls, ['g1', 'g2']);
  });

  test('after a failed write the next snapshot is written however soon, with everyMs', async () => {
    const writer = heldWriter();
    const persister = createSnapshotPersister({ path: '/nowhere/snapshot.json', serverRoot: '/srv/mc', log: capture().log, write: writer.write, everyMs: 3_600_000, clock: () => 0 });
    persister.save(snapshot('g1'));
    await writer.release(new Error('EIO: i/o error, write'));
    assert.equal(persister.save(snapshot('g2')), true);
    await writer.release();
    assert.equal(persister.save(snapshot('g3')), false, 'g2 was written: the interval applies again');
    assert.deepEqual(writer.calls, ['g1', 'g2']);
  });

  test('a failed write is logged and the next snapshot is written', async () => {
    const writer = heldWriter();
    const { log, lines } = capture();
    const persister = createSnapshotPersister({ path: '/nowhere/snapshot.json', serverRoot: '/srv/mc', log, write: writer.write });
    persister.save(snapshot('g1'));
    await writer.release(new Error('ENOSPC: no space left on device'));
    persister.save(snapshot('g2'));
    await writer.release();
    await persister.idle();
    assert.deepEqual(lines.map((l) => [l.event, l.fields.error ?? l.fields.generation]), [
      ['snapshot_persist_failed', 'ENOSPC: no space left on device'],
      ['snapshot_persisted', 'g2'],
    ]);
  });
});
