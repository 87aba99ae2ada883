// The blockstats API on Bun: `Bun.serve` hands the router the server, whose requestIP is the
// client's address (the router's default reads it).
//
//   npx bun examples/bun.ts [SERVER_DIR] [PORT]
import { buildSnapshot } from '@blockstats/core';
import { readSave } from '@blockstats/core/node';
import { createRouter } from '@blockstats/server';

/** The slice of Bun's API this example uses (the workspace type-checks it without Bun's types). */
declare const Bun: {
  serve(options: { port: number; hostname: string; fetch(request: Request, server: unknown): Promise<Response> }): { url: URL };
  argv: string[];
};

const dir = Bun.argv[2] ?? new URL('demo-server', import.meta.url).pathname;
const snapshot = buildSnapshot(await readSave(dir), { now: Date.now() });
const router = createRouter({ snapshot: () => snapshot });
const server = Bun.serve({ port: Number(Bun.argv[3] ?? 8080), hostname: '127.0.0.1', fetch: (request, srv) => router.fetch(request, srv) });
console.log(`listening on ${server.url.origin}/v1`);
