import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_NODE_LIMITS, defaultMaxConnections, resolveNodeLimits } from './NodeLimits.js';
import { openFileLimit } from './openFileLimit.js';

describe('resolveNodeLimits(limits)', () => {
  it('fills the defaults', () => {
    assert.deepEqual(resolveNodeLimits(), DEFAULT_NODE_LIMITS);
    assert.equal(resolveNodeLimits({ maxUrlBytes: 100 }).maxUrlBytes, 100);
    assert.equal(resolveNodeLimits({ abuseCooldownMs: 0 }).abuseCooldownMs, 0, 'the cooldown may be switched off');
  });
  const bad: [string, Record<string, unknown>, RegExp][] = [
    ['zero', { maxConnections: 0 }, /limits\.maxConnections must be a positive integer, got 0/],
    ['a fraction', { maxPipelinedRequests: 1.5 }, /limits\.maxPipelinedRequests must be a positive integer/],
    ['a string', { maxHeaderBytes: '16k' }, /limits\.maxHeaderBytes must be a positive integer/],
    ['an unknown name', { maxConections: 5 }, /limits\.maxConections is not a limit/],
    ['a headers timeout past the request timeout', { headersTimeoutMs: 40_000 }, /headersTimeoutMs \(40000\) must not exceed limits\.requestTimeoutMs \(30000\)/],
  ];
  for (const [title, limits, message] of bad) it(`throws on ${title}`, () => assert.throws(() => resolveNodeLimits(limits as never), message));
});

describe('defaultMaxConnections(fileLimit)', () => {
  const cases: [number | null, number][] = [[null, 10_000], [1_048_576, 10_000], [20_000, 10_000], [1_024, 512], [1, 1]];
  for (const [limit, expected] of cases) it(`${limit} open files → ${expected}`, () => assert.equal(defaultMaxConnections(limit), expected));
});

describe('openFileLimit(read)', () => {
  const limits = 'Limit                     Soft Limit           Hard Limit           Units     \nMax open files            20000                524288               files     \n';
  it('reads the soft limit', () => assert.equal(openFileLimit(() => limits), 20_000));
  it('knows no limit when unlimited or unreadable', () => {
    assert.equal(openFileLimit(() => limits.replace('20000 ', 'unlimited')), null);
    assert.equal(openFileLimit(() => {
      throw new Error('ENOENT');
    }), null);
  });
});
