import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSvg, visibleTexts, byName } from '../test/parse-svg.js';
import { errorBadge } from './error-badge.js';
import { palette } from './palette.js';

describe('errorBadge(status, message)', () => {
  const cases: Array<[number, string, string[]]> = [
    [404, 'player not found', ['404', 'player not found']],
    [400, 'unknown stat "x"', ['400', 'unknown stat "x"']],
    [503, 'data unavailable', ['503', 'data unavailable']],
    [200, 'not an error', ['500', 'not an error']],
    [Number.NaN, 'bug', ['500', 'bug']],
    [404.5, 'bug', ['500', 'bug']],
    [404, '', ['404', 'error']],
    [404, '<script>alert(1)</script>', ['404', '<script>alert(1)</script>']],
  ];
  for (const [status, message, texts] of cases) {
    it(`${status} ${JSON.stringify(message)} reads ${texts.join(' | ')}`, () => {
      const svg = parseSvg(errorBadge(status, message));
      assert.deepEqual(visibleTexts(svg), texts);
      assert.equal(svg.attrs['aria-label'], texts.join(': '));
    });
  }

  it('is red', () => {
    assert.equal(byName(parseSvg(errorBadge(404, 'player not found')), 'rect')[2]?.attrs.fill, palette.red);
  });

  it('never throws, even for a non-string message', () => {
    assert.doesNotThrow(() => parseSvg(errorBadge(404, undefined as unknown as string)));
  });
});
