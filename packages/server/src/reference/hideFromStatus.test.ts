import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LiveStatus } from '../live/types.js';
import { hideFromStatus } from './hideFromStatus.js';

const STEVE = '8667ba71-b85a-4004-af54-457a9734eed7';
const ALEX = 'ec561538-f3fd-461d-aff5-086b22154bce';

const live: LiveStatus = {
  online: true, players_online: 3, players_max: 20, version: '1.21.11', protocol: 774, motd: 'hi',
  sample: [{ name: 'Steve', uuid: STEVE }, { name: 'Alex', uuid: ALEX }, { name: 'and 1 more', uuid: null }],
  latency_ms: 4, edition: 'java', reason: null, bedrock: null, checked_at: '2026-11-16T12:00:00.000Z',
};

describe('hideFromStatus(source, hidden)', () => {
  it('leaves hidden players out of the sample and keeps the game server\'s counts', async () => {
    const status = await hideFromStatus({ status: async () => live }, () => new Set([STEVE])).status();
    assert.deepEqual(status.sample, [{ name: 'Alex', uuid: ALEX }, { name: 'and 1 more', uuid: null }]);
    assert.equal(status.players_online, 3);
  });

  it('passes the status through untouched when nobody in it is hidden', async () => {
    assert.equal(await hideFromStatus({ status: async () => live }, () => new Set()).status(), live);
    assert.equal(await hideFromStatus({ status: async () => live }, () => new Set(['00000000-0000-4000-8000-000000000000'])).status(), live);
  });
});
