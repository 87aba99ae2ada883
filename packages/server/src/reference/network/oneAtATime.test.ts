import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { oneAtATime } from './oneAtATime.js';

describe('oneAtATime', () => {
  it('begins each call once the one before settled, a failure included, in call order', async () => {
    const events: string[] = [];
    const release = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
    const run = oneAtATime((name: string) => {
      events.push(`begin ${name}`);
      return new Promise<void>((resolve, reject) => release.set(name, { resolve, reject }));
    });
    const a = run('a');
    const b = run('b');
    const c = run('c');
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(events, ['begin a']);
    release.get('a')!.reject(new Error('disk full'));
    await assert.rejects(a, /disk full/);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(events, ['begin a', 'begin b']);
    release.get('b')!.resolve();
    await b;
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(events, ['begin a', 'begin b', 'begin c']);
    release.get('c')!.resolve();
    await c;
  });
});
