import type { QueryError } from '@blockstats/core';
import { ApiError } from '../http/ApiError.js';
import { UnavailableError } from '../live/UnavailableError.js';

/** SPEC Errors rule 1: a player `not-found` explains the accepted forms. */
export const PLAYER_FORMS =
  'A player is identified by in-game name (exact, case-insensitive; a reused name means its most recently seen account), dashed UUID (8-4-4-4-12 hex digits) or bare UUID (32 hex digits).';

/** Shortens user input quoted back in a `detail`, so a huge path never comes back huge. */
export function quote(input: string): string {
  const clean = input.replace(/[\u0000-\u001f\u007f]/g, '');
  return JSON.stringify(clean.length > 64 ? `${clean.slice(0, 64)}…` : clean);
}

/** `text` cut to at most `max` characters, marked with an ellipsis when cut. */
function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The 404 for an unresolvable player. */
export function playerNotFound(input: string, parameter = 'player'): ApiError {
  return new ApiError('not-found', `No player matches ${quote(input)}. ${PLAYER_FORMS}`, { parameter, badge: 'player not found' });
}

/**
 * Recognises the core's QueryError by shape, so a second copy of the core (a bundled dist beside
 * the source, say) is still understood.
 */
function isQueryError(error: unknown): error is QueryError {
  return error instanceof Error && error.name === 'QueryError'
    && ((error as QueryError).code === 'not_found' || (error as QueryError).code === 'invalid')
    && typeof (error as QueryError).parameter === 'string';
}

/**
 * Maps what handlers and the core throw onto the one error type the response builder knows:
 * the core's QueryError (`not_found` → 404, `invalid` → 400, naming the parameter), a live
 * capability's UnavailableError (503 with Retry-After when known). Anything else is returned as
 * null: an internal error whose details must not reach the client.
 */
export function toApiError(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  if (isQueryError(error)) {
    if (error.code === 'not_found') {
      if (error.parameter === 'player' || error.parameter === 'players') {
        return playerNotFound(error.values?.[0] ?? '', error.parameter);
      }
      return new ApiError('not-found', error.message, { parameter: error.parameter, badge: `${error.parameter} not found` });
    }
    // The message quotes the offending input: bounded, so a huge query never comes back whole.
    return new ApiError('invalid-request', `${error.parameter}: ${shorten(error.message, 300)}`, {
      parameter: error.parameter,
      badge: `invalid ${error.parameter}`,
      ...(error.values?.length > 0 ? { extensions: { values: error.values.slice(0, 50).map((value) => shorten(value, 64)) } } : {}),
    });
  }
  if (error instanceof UnavailableError) {
    return new ApiError('unavailable', 'The upstream source of this data is unreachable and nothing is cached yet; try again later.', {
      ...(error.retryAfterSeconds === null ? {} : { headers: { 'retry-after': String(error.retryAfterSeconds) } }),
    });
  }
  return null;
}
