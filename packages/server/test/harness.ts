/**
 * Router test harness: a router over the fixture world and a `get` that goes through
 * `router.fetch(new Request(url))`, as any runtime would call it.
 */
import { createRouter } from '../src/router/createRouter.js';
import type { RouterOptions } from '../src/router/RouterOptions.js';
import { fixtureRecord, fixtureSnapshot, NOW } from './fixture.js';

export const BASE = 'http://stats.test';

/** A fetched response with its body already read (JSON when it is JSON). */
export interface Fetched {
  status: number;
  headers: Headers;
  text: string;
  // Tests read deep into bodies; a typed body would only restate the OpenAPI schemas.
  body: any;
}

let record: ReturnType<typeof fixtureRecord> | undefined;

/** A router over the fixture (rate limit off unless asked for), and a reader for its answers. */
export function api(overrides: Partial<RouterOptions> = {}) {
  record ??= fixtureRecord();
  const snapshot = fixtureSnapshot();
  const rec = record;
  const router = createRouter({
    snapshot: () => snapshot,
    record: () => rec,
    clock: () => NOW,
    random: () => 0.5,
    rateLimit: false,
    onError: (error) => {
      throw error;
    },
    ...overrides,
  });
  async function get(path: string, init: RequestInit = {}): Promise<Fetched> {
    const response = await router.fetch(new Request(`${BASE}${path}`, init), { remoteAddress: '198.51.100.20' });
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    return { status: response.status, headers: response.headers, text, body: /json/.test(type) && text ? JSON.parse(text) : text };
  }
  return { router, get };
}

/** Asserts nothing here: returns the `type` code of a problem body. */
export const problemCode = (body: { type?: string }) => body.type?.split('/').pop();
