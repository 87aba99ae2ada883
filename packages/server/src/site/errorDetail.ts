import type { ApiError } from '../http/ApiError.js';
import type { SiteClaim } from './SiteClaim.js';
import type { Translate } from './translator.js';

/** What an error page says under its heading. */
export function errorDetail(claim: SiteClaim, error: ApiError | null, detail: string, t: Translate): string | null {
  if (!error) return null; // an internal error discloses nothing
  if (error.code !== 'not-found') return detail;
  if (claim.kind !== 'page') return t('notFound.page');
  const notFound = claim.match.page.notFound;
  const raw = notFound ? claim.match.params[notFound.param] : undefined;
  // The API's not-found details name endpoints ("GET /v1/events lists them"): not for players.
  if (!notFound || raw === undefined || error.parameter === undefined) return /\bGET \/|\/v1\b/.test(detail) ? t('notFound.page') : detail;
  let input = raw;
  try {
    input = decodeURIComponent(raw);
  } catch {
    // Shown as sent.
  }
  return t(`notFound.${notFound.kind}`, { input: input.length > 64 ? `${input.slice(0, 64)}…` : input });
}
