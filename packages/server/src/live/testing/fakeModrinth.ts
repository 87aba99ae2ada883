import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { modrinthJarVersions, modrinthPackVersions, modrinthProjects } from './samples.js';

/**
 * - `ok`: answers like Labrinth;
 * - `429`: rate-limited (`ratelimit_error`, `X-Ratelimit-Remaining: 0`, `X-Ratelimit-Reset`);
 * - `500`: an internal error;
 * - `hang`: reads the request and never answers;
 * - `huge`: answers 200 with a JSON body of `hugeBytes` (default 700 MB) streamed without a
 *   Content-Length, generated as it is sent (never held in memory).
 */
export type FakeModrinthMode = 'ok' | '429' | '500' | 'hang' | 'huge';

/** A request the fake received. */
export interface RecordedModrinthRequest {
  method: string;
  /** Path without the query, e.g. `/v2/projects`. */
  path: string;
  query: Record<string, string>;
  userAgent: string | null;
  body: unknown;
}

type Json = Record<string, unknown>;

export interface FakeModrinthOptions {
  mode?: FakeModrinthMode;
  /** Projects served by `/v2/projects` and `/v2/project/{id|slug}`. */
  projects?: Json[];
  /** Versions whose files `/v2/version_files` finds by hash. */
  versions?: Json[];
  /** `/v2/project/{id|slug}/version` bodies, keyed by project id. */
  projectVersions?: Record<string, Json[]>;
  /** `X-Ratelimit-Reset` seconds. Default 42. */
  resetSeconds?: number;
  /** `X-Ratelimit-Remaining` on successful answers. Default 297. */
  remaining?: number;
  /** Body length in `huge` mode. Default 700 MB. */
  hugeBytes?: number;
}

export interface FakeModrinth {
  /** Base URL ending in `/v2`, for `baseUrl`. */
  baseUrl: string;
  requests: RecordedModrinthRequest[];
  set(options: FakeModrinthOptions): void;
  close(): Promise<void>;
}

/**
 * A Modrinth API v2 double on 127.0.0.1 answering the endpoints blockstats uses:
 * `POST /v2/version_files`, `GET /v2/projects?ids=[…]`, `GET /v2/project/{id|slug}` and
 * `GET /v2/project/{id|slug}/version`, with Labrinth's error shapes and rate-limit headers.
 */
export async function fakeModrinth(options: FakeModrinthOptions = {}): Promise<FakeModrinth> {
  let current = {
    mode: 'ok' as FakeModrinthMode,
    projects: modrinthProjects as Json[],
    versions: modrinthJarVersions as Json[],
    projectVersions: { EEFFGGHH: modrinthPackVersions } as Record<string, Json[]>,
    resetSeconds: 42,
    remaining: 297,
    hugeBytes: 700 * 1024 * 1024,
    ...options,
  };
  const requests: RecordedModrinthRequest[] = [];

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const text = await readBody(request);
    let body: unknown = null;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      body = text;
    }
    requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      userAgent: request.headers['user-agent'] ?? null,
      body,
    });
    const { mode } = current;
    if (mode === 'hang') return;
    if (mode === '429') {
      return send(response, 429, {
        error: 'ratelimit_error',
        description: `You are being rate-limited. Please wait ${current.resetSeconds * 1000} milliseconds. 0/300 remaining.`,
      }, 0);
    }
    if (mode === '500') return send(response, 500, { error: 'internal_error', description: 'An internal error occurred' });
    if (mode === 'huge') return sendHuge(response, current.hugeBytes);
    route(request.method ?? 'GET', url, body, response);
  });

  function send(response: ServerResponse, status: number, body: unknown, remaining = current.remaining): void {
    response.writeHead(status, {
      'Content-Type': 'application/json',
      'Access-Control-Allow-Origin': '*',
      'X-Ratelimit-Limit': '300',
      'X-Ratelimit-Remaining': String(remaining),
      'X-Ratelimit-Reset': String(current.resetSeconds),
    });
    response.end(body === '' ? '' : JSON.stringify(body));
  }

  /** `[{"id":"…"},…` for `bytes` bytes, written as the client takes it; stops when the client goes. */
  function sendHuge(response: ServerResponse, bytes: number): void {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    const piece = Buffer.from(`${'{"id":"AAAAAAAA","title":"padding"},'.repeat(1_800)}`);
    let sent = 0;
    const more = (): void => {
      while (sent < bytes && !response.destroyed) {
        const chunk = sent === 0 ? Buffer.concat([Buffer.from('['), piece]) : piece;
        sent += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', more);
      }
      if (!response.destroyed) response.end('{}]');
    };
    response.on('close', () => {
      sent = bytes;
    });
    more();
  }

  function findProject(idOrSlug: string): Json | undefined {
    const key = idOrSlug.toLowerCase();
    return current.projects.find((p) => p['id'] === idOrSlug || String(p['slug']).toLowerCase() === key);
  }

  function route(method: string, url: URL, body: unknown, response: ServerResponse): void {
    const path = url.pathname;
    if (method === 'POST' && path === '/v2/version_files') {
      const request = body as { hashes?: unknown; algorithm?: unknown } | null;
      if (!request || !Array.isArray(request.hashes) || (request.algorithm !== 'sha1' && request.algorithm !== 'sha512')) {
        return send(response, 400, { error: 'invalid_input', description: 'Error while validating input' });
      }
      const algorithm = request.algorithm;
      const found: Record<string, Json> = {};
      for (const hash of request.hashes) {
        const version = current.versions.find((v) =>
          (v['files'] as Array<{ hashes: Record<string, string> }>).some((f) => f.hashes[algorithm] === hash));
        if (version && typeof hash === 'string') found[hash] = version;
      }
      return send(response, 200, found);
    }
    if (method === 'GET' && path === '/v2/projects') {
      let ids: unknown;
      try {
        ids = JSON.parse(url.searchParams.get('ids') ?? '');
      } catch {
        ids = null;
      }
      if (!Array.isArray(ids)) {
        return send(response, 400, { error: 'json_error', description: 'Error while parsing JSON: expected value at line 1 column 1' });
      }
      const projects = ids.map((id) => (typeof id === 'string' ? findProject(id) : undefined)).filter((p) => p !== undefined);
      return send(response, 200, [...new Set(projects)]);
    }
    const single = /^\/v2\/project\/([^/]+)(\/version)?$/.exec(path);
    if (method === 'GET' && single) {
      const project = findProject(decodeURIComponent(single[1] ?? ''));
      if (!project) return send(response, 404, '');
      return send(response, 200, single[2] ? (current.projectVersions[String(project['id'])] ?? []) : project);
    }
    send(response, 404, '');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}/v2`,
    requests,
    set(next) {
      current = { ...current, ...next };
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', () => resolve(''));
  });
}
