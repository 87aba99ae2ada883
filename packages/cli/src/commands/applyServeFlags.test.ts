import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyServeFlags } from './applyServeFlags.js';

describe('applyServeFlags', () => {
  const config = {
    name: 'Hearthvale',
    schedule: { refresh: 900_000, record: true },
    rate_limit: { requests: 60, window: 60_000 },
    addresses: { java: 'old.example.net', bedrock: 'old.example.net:19132' },
    site: { enabled: true, theme: 'x' },
  };

  it('leaves the configuration as it is when no flag is given', () => {
    assert.deepEqual(applyServeFlags(config, {}), config);
  });

  it('lays each given flag over its key and keeps the key\'s other settings', () => {
    assert.deepEqual(applyServeFlags(config, { refresh: 30_000, rateLimit: 0, javaAddress: 'play.example.net', baseUrl: 'https://stats.example.net', site: false }), {
      name: 'Hearthvale',
      schedule: { refresh: 30_000, record: true },
      rate_limit: { requests: 0, window: 60_000 },
      addresses: { java: 'play.example.net', bedrock: 'old.example.net:19132' },
      base_url: 'https://stats.example.net',
      site: { enabled: false, theme: 'x' },
    });
  });

  it('adds keys a configuration does not have', () => {
    assert.deepEqual(applyServeFlags({}, { bedrockAddress: 'be.example.net', refresh: 60_000 }), {
      schedule: { refresh: 60_000 },
      addresses: { bedrock: 'be.example.net' },
    });
  });
});
