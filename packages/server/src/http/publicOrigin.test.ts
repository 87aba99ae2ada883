import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { publicOrigin } from './publicOrigin.js';

describe('publicOrigin(request, options)', () => {
  const forwarded = new Request('http://127.0.0.1:8080/v1/stats', {
    headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'stats.example.org, inner.local' },
  });
  it('prefers the configured base URL, trailing slash dropped', () => {
    assert.equal(publicOrigin(forwarded, { baseUrl: 'https://cfg.example/api/', fromTrustedProxy: true }), 'https://cfg.example/api');
  });
  it('uses the request origin by default', () => assert.equal(publicOrigin(forwarded, {}), 'http://127.0.0.1:8080'));
  it('believes forwarded headers from a trusted proxy', () => {
    assert.equal(publicOrigin(forwarded, { fromTrustedProxy: true }), 'https://stats.example.org');
  });
  it('ignores forwarded values that are not a scheme or a host', () => {
    const odd = new Request('http://h:1/v1', { headers: { 'x-forwarded-proto': 'javascript', 'x-forwarded-host': 'evil.example/<x>' } });
    assert.equal(publicOrigin(odd, { fromTrustedProxy: true }), 'http://h:1');
  });
});
