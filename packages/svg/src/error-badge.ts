import { badge } from './badge.js';
import { cleanText } from './clean-text.js';

/**
 * Renders an embed error as a red badge: the HTTP status on the left, the reason on the right,
 * as SPEC.md's embed error rule asks (an unknown player is a red `404` badge). It never throws:
 * a status outside 400–599 is drawn as 500, since it can only come from a bug.
 *
 * @example
 * errorBadge(404, 'player not found');
 * // => an SVG reading "404 | player not found"
 */
export function errorBadge(status: number, message: string): string {
  const code = Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
  // A reason that cleans to nothing (blank, control characters only) still reads as an error.
  const text = (typeof message === 'string' ? cleanText(message) : '') || 'error';
  return badge({ label: String(code), message: text, color: 'red' });
}
