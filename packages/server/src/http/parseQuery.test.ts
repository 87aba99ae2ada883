import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from './ApiError.js';
import { parseQuery } from './parseQuery.js';
import { queryParams as q } from './queryParams.js';

const params = {
  limit: q.limit(50),
  offset: q.offset(),
  ranked: q.boolean('ranked only', undefined),
  completed: q.boolean('completed', true),
  sort: q.oneOf(['last_online', 'name'] as const, 'order', 'last_online'),
  edition: q.oneOf(['java', 'bedrock'] as const, 'edition', undefined),
  search: q.text('search'),
  ids: q.list('ids'),
  since: q.instant('since'),
};

function parse(query: string) {
  return parseQuery(params, new URLSearchParams(query));
}

function failure(query: string): ApiError {
  try {
    parse(query);
  } catch (error) {
    assert.ok(error instanceof ApiError);
    return error;
  }
  assert.fail(`expected ${query} to be refused`);
}

describe('parseQuery(params, search)', () => {
  it('applies every default when the query is empty', () => {
    assert.deepEqual(parse(''), {
      limit: 50, offset: 0, ranked: undefined, completed: true, sort: 'last_online',
      edition: undefined, search: undefined, ids: undefined, since: undefined,
    });
  });

  const accepted: [string, Record<string, unknown>][] = [
    ['limit=1', { limit: 1 }],
    ['limit=500', { limit: 500 }],
    ['limit=501', { limit: 500 }],
    ['limit=99999999999999999999999', { limit: 500 }],
    ['offset=1234', { offset: 1234 }],
    ['ranked=true', { ranked: true }],
    ['ranked=false', { ranked: false }],
    ['completed=false', { completed: false }],
    ['sort=name', { sort: 'name' }],
    ['edition=bedrock', { edition: 'bedrock' }],
    ['search=Steve', { search: 'Steve' }],
    ['ids=jump,%20play_time,,jump', { ids: ['jump', 'play_time'] }],
    ['since=1700000000', { since: 1_700_000_000_000 }],
    ['since=2024-05-01T18:03:11Z', { since: Date.UTC(2024, 4, 1, 18, 3, 11) }],
    ['since=2024-05-01T18:03:11%2B02:00', { since: Date.UTC(2024, 4, 1, 16, 3, 11) }],
    ['since=2024-05-01', { since: Date.UTC(2024, 4, 1) }],
    ['limit=&search=', { limit: 50, search: undefined }],
    ['unknown=1&another=x', {}],
  ];
  for (const [query, expected] of accepted) {
    it(`accepts ${query}`, () => {
      const out = parse(query) as Record<string, unknown>;
      for (const [key, value] of Object.entries(expected)) assert.deepEqual(out[key], value, key);
    });
  }

  const refused: [string, string][] = [
    ['limit=0', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=ten', 'limit'],
    ['limit=5&limit=6', 'limit'],
    ['offset=-3', 'offset'],
    ['offset=1e3', 'offset'],
    ['ranked=yes', 'ranked'],
    ['ranked=TRUE', 'ranked'],
    ['sort=rarity', 'sort'],
    ['edition=pocket', 'edition'],
    [`search=${'x'.repeat(201)}`, 'search'],
    ['ids=,,', 'ids'],
    ['since=yesterday', 'since'],
    ['since=2024-13-45T99:99:99Z', 'since'],
  ];
  for (const [query, parameter] of refused) {
    it(`refuses ${query.slice(0, 40)} naming ${parameter}`, () => {
      const error = failure(query);
      assert.equal(error.status, 400);
      assert.equal(error.code, 'invalid-request');
      assert.equal(error.parameter, parameter);
      assert.match(error.detail, new RegExp(`^${parameter} `));
    });
  }

  it('lists every malformed parameter under errors', () => {
    const error = failure('limit=0&sort=nope');
    assert.deepEqual((error.extensions.errors as { parameter: string }[]).map((e) => e.parameter), ['limit', 'sort']);
  });

  it('enforces required and exact-count lists', () => {
    const p = { players: q.list('two players', { required: true, count: 2 }) };
    assert.deepEqual(parseQuery(p, new URLSearchParams('players=a,b')), { players: ['a', 'b'] });
    for (const query of ['', 'players=a', 'players=a,b,c', 'players=a,a']) {
      assert.throws(() => parseQuery(p, new URLSearchParams(query)), (e: unknown) => e instanceof ApiError && e.parameter === 'players');
    }
  });
});
