// The router's conformance suite: the same requests (every endpoint family, 304, HEAD, errors,
// embeds, a preflight, 405s, the website's pages and files) through `router.fetch` in this
// process (the reference), then in workerd, Bun and Deno, and through Express, Hono and Fastify,
// each at the root and under /minecraft. Bodies must be byte-identical and headers equal, transport headers aside. A runtime
// that cannot start here is reported as skipped with the reason; under CI it fails instead. The
// runtimes and frameworks come from the test matrix (test/support/matrix.ts): without it only the
// reference is checked and the rest skips.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it, type TestContext } from 'node:test';
import { build } from 'esbuild';
import { buildSnapshot, type Snapshot } from '@blockstats/core';
import { readSave } from '@blockstats/core/node';
import { generateDemoServer } from '../../examples/demo/generate.js';
import { useMatrix } from '../support/matrix.js';
import { REPO_ROOT } from '../support/repo.js';
import { CONFORMANCE_NOW, conformanceApp } from './app.js';
import { conformanceRequests, type ConformanceRequest } from './requests.js';
import type { Target } from './targets.js';

const skip = useMatrix();
/** The targets module, loaded only with the matrix installed (it imports the frameworks). */
const targets = () => import('./targets.js');

/** Headers that belong to the connection, not to the answer. */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'server']);
const BASE_PATHS = ['', '/minecraft'];

interface Answer {
  request: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

let dir: string;
let snapshot: Snapshot;
let requests: ConformanceRequest[];
let runtimeBundle: string;
let workerBundle: string;
/** The reference answers per base path. */
const reference = new Map<string, Answer[]>();

async function normalise(label: string, response: Response): Promise<Answer> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (TRANSPORT.has(name)) return;
    // Compression is the Node adapter's (workerd, Bun and Deno leave it to their edge), so its
    // `Vary: Accept-Encoding` belongs to the transport too (the requests ask for identity).
    if (name === 'vary') value = value.split(',').map((v) => v.trim()).filter((v) => v.toLowerCase() !== 'accept-encoding').join(', ');
    if (value !== '' || name !== 'vary') headers[name] = value;
  });
  return { request: label, status: response.status, headers, body: Buffer.from(await response.arrayBuffer()).toString('base64') };
}

/** The length an answer states, or its body's when it states none (HEAD states GET's). */
const lengthOf = (a: Answer) => a.headers['content-length'] ?? String(Buffer.from(a.body, 'base64').byteLength);

const label = (r: ConformanceRequest) => `${r.method} ${r.path}${r.headers ? ` ${JSON.stringify(r.headers)}` : ''}`;

/** Sends every request to `origin`; one answer each, in order. */
async function over(origin: string, basePath: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const r of requests) {
    // identity: workerd compresses text for clients that accept it (fetch does by default).
    const response = await fetch(`${origin}${basePath}${r.path}`, { method: r.method, headers: { 'accept-encoding': 'identity', ...r.headers }, redirect: 'manual' });
    answers.push(await normalise(label(r), response));
  }
  return answers;
}

/** Compares a target's answers with the reference, listing every difference. */
function assertConforms(answers: Answer[], basePath: string): void {
  const expected = reference.get(basePath)!;
  const differences: string[] = [];
  expected.forEach((want, i) => {
    const got = answers[i]!;
    if (got.status !== want.status) differences.push(`${want.request}: status ${got.status}, reference ${want.status}`);
    const names = new Set([...Object.keys(want.headers), ...Object.keys(got.headers)]);
    for (const name of names) {
      // In process a body's length is the body's; over HTTP the server states it (or, for a
      // body-less 204/304, may leave it out: RFC 9110 §8.6).
      if (name === 'content-length' && lengthOf(got) === lengthOf(want)) continue;
      if (got.headers[name] !== want.headers[name]) differences.push(`${want.request}: ${name}: ${got.headers[name]} (reference ${want.headers[name]})`);
    }
    if (got.body !== want.body) differences.push(`${want.request}: body differs (${Buffer.from(got.body, 'base64').toString('utf8').slice(0, 200)}…)`);
  });
  assert.deepEqual(differences, []);
}

/** Starts a target; when it cannot start here, skips (or fails under CI) saying why. */
async function started(t: TestContext, name: string, start: () => Promise<Target>): Promise<Target | null> {
  try {
    return await start();
  } catch (error) {
    const reason = `${name} could not start on this machine: ${(error as Error).message.split('\n').slice(0, 3).join(' ')}`;
    if (process.env.CI) throw new Error(reason);
    t.skip(reason);
    return null;
  }
}

async function bundle(file: string, cloudflare: boolean): Promise<string> {
  const out = join(dir, file);
  await build({
    stdin: {
      contents: `
        import { conformanceApp } from ${JSON.stringify(join(REPO_ROOT, 'test', 'conformance', 'app.ts'))};
        import { cloudflareClientAddress } from '@blockstats/server';
        import snapshot from ${JSON.stringify(join(dir, 'snapshot.json'))};
        const peer = ${cloudflare} ? cloudflareClientAddress : undefined;
        const root = conformanceApp(snapshot, '', peer);
        const mounted = conformanceApp(snapshot, '/minecraft', peer);
        export function dispatch(request, ...extra) {
          const path = new URL(request.url).pathname;
          return (path === '/minecraft' || path.startsWith('/minecraft/') ? mounted : root).fetch(request, ...extra);
        }
        export default { fetch: (request, env, ctx) => dispatch(request, env, ctx) };`,
      resolveDir: REPO_ROOT,
      loader: 'ts',
    },
    bundle: true,
    outfile: out,
    format: 'esm',
    platform: 'neutral',
    // What wrangler passes to esbuild for a Worker (plus `source`: the workspace's TypeScript).
    conditions: ['source', 'workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    logLevel: 'silent',
  });
  return out;
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'blockstats-conformance-'));
  generateDemoServer({ out: join(dir, 'server'), players: 24, seed: 'hearthvale', now: CONFORMANCE_NOW - 3_600_000 });
  snapshot = JSON.parse(JSON.stringify(buildSnapshot(await readSave(join(dir, 'server')), { now: CONFORMANCE_NOW - 600_000 })));
  writeFileSync(join(dir, 'snapshot.json'), JSON.stringify(snapshot));
  const named = snapshot.players.filter((p) => p.name);
  const probe = await conformanceApp(snapshot).fetch(new Request('http://x/v1/stats?limit=3'));
  // The site's files, as its home page links them.
  const home = await (await conformanceApp(snapshot).fetch(new Request('http://x/'))).text();
  const assets = [...new Set([...home.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!))];
  // …and the files its style sheet names (the pixel face's subsets).
  const css = assets.find((path) => path.endsWith('/site.css'));
  if (css) {
    const style = await (await conformanceApp(snapshot).fetch(new Request(`http://x${css}`))).text();
    for (const m of style.matchAll(/url\(([\w.-]+)\)/g)) {
      const path = css.replace(/[^/]+$/, m[1]!);
      if (!assets.includes(path)) assets.push(path);
    }
  }
  assert.ok(assets.length >= 2, `the home page links the site's files (found ${assets.join(', ')})`);
  requests = conformanceRequests(named[0]!.name!, named[1]!.name!, probe.headers.get('etag')!, assets);
  for (const basePath of BASE_PATHS) {
    const app = conformanceApp(snapshot, basePath);
    const answers: Answer[] = [];
    for (const r of requests) {
      const response = await app.fetch(new Request(`http://127.0.0.1${basePath}${r.path}`, { method: r.method, headers: r.headers ?? {} }), { remoteAddress: '127.0.0.1' });
      answers.push(await normalise(label(r), response));
    }
    reference.set(basePath, answers);
  }
  if (skip) return;
  runtimeBundle = await bundle('runtime.mjs', false);
  workerBundle = await bundle('worker.mjs', true);
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe('conformance: the reference answers as the spec says', () => {
  it('covers every status the suite means to exercise', () => {
    const statuses = new Set(reference.get('')!.map((a) => a.status));
    for (const status of [200, 204, 304, 400, 404, 405, 503]) assert.ok(statuses.has(status), `no ${status} among the reference answers`);
    const pages = reference.get('')!.filter((a) => a.status === 200 && a.headers['content-type']?.startsWith('text/html'));
    assert.ok(pages.length >= 14, `website pages among the reference answers: ${pages.map((a) => a.request).join(', ')}`);
  });
});

const runtimes: [string, () => Promise<Target>, string][] = [
  ['workerd (Miniflare, as wrangler dev runs it)', async () => (await targets()).startWorkerd(workerBundle), '127.0.0.1'],
  ['Bun', async () => (await targets()).startBun(runtimeBundle), '127.0.0.1'],
  ['Deno', async () => (await targets()).startDeno(runtimeBundle), '127.0.0.1'],
];
for (const [name, start, peer] of runtimes) {
  describe(`conformance: ${name}`, { skip }, () => {
    it('answers every request as the reference does, at the root and under /minecraft, and sees the client address', async (t) => {
      const target = await started(t, name, start);
      if (!target) return;
      try {
        for (const basePath of BASE_PATHS) assertConforms(await over(target.origin, basePath), basePath);
        assert.match(await (await fetch(`${target.origin}/__peer`)).text(), new RegExp(`^(::ffff:)?${peer.replace(/\./g, '\\.')}$`));
      } finally {
        await target.close();
      }
    });
  });
}

type Targets = Awaited<ReturnType<typeof targets>>;
const frameworks: [string, (t: Targets, snapshot: Snapshot, basePath: string) => Promise<Target>][] = [
  ['Express (app.use)', (t, ...args) => t.startExpress(...args)],
  ['Hono (app.route)', (t, ...args) => t.startHono(...args)],
  ['Fastify (plugin with a prefix)', (t, ...args) => t.startFastify(...args)],
];
for (const [name, start] of frameworks) {
  describe(`conformance: ${name}`, { skip }, () => {
    for (const basePath of BASE_PATHS) {
      it(`answers every request as the reference does, mounted at ${basePath || '/'}`, async () => {
        const target = await start(await targets(), snapshot, basePath);
        try {
          assertConforms(await over(target.origin, basePath), basePath);
        } finally {
          await target.close();
        }
      });
    }
  });
}
