import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { svgHeaders } from './svg-headers.js';

describe('svgHeaders', () => {
  it('declares SVG, forbids sniffing and allows nothing to load or run', () => {
    assert.equal(svgHeaders['Content-Type'], 'image/svg+xml; charset=utf-8');
    assert.equal(svgHeaders['X-Content-Type-Options'], 'nosniff');
    const csp = svgHeaders['Content-Security-Policy'];
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /\bsandbox\b/);
    assert.doesNotMatch(csp, /script-src|unsafe-eval|\*/);
  });

  it('is frozen, so no route can change it for the others', () => {
    assert.ok(Object.isFrozen(svgHeaders));
  });

  it('spreads into a Headers object', () => {
    const headers = new Headers({ ...svgHeaders });
    assert.equal(headers.get('x-content-type-options'), 'nosniff');
  });
});
