// The blockstats API on Deno: `Deno.serve` hands the router its handler info, whose remoteAddr is
// the client's address (the router's default reads it).
//
//   npx deno run --allow-net --allow-read --allow-env --allow-sys examples/deno.ts [SERVER_DIR] [PORT]
import { buildSnapshot } from '@blockstats/core';
import { readSave } from '@blockstats/core/node';
import { createRouter } from '@blockstats/server';

/** The slice of Deno's API this example uses (the workspace type-checks it without Deno's types). */
declare const Deno: {
  serve(options: { port: number; hostname: string; onListen(address: { port: number }): void }, handler: (request: Request, info: unknown) => Promise<Response>): unknown;
  args: string[];
};

const dir = Deno.args[0] ?? new URL('demo-server', import.meta.url).pathname;
const snapshot = buildSnapshot(await readSave(dir), { now: Date.now() });
const router = createRouter({ snapshot: () => snapshot });
Deno.serve({ port: Number(Deno.args[1] ?? 8080), hostname: '127.0.0.1', onListen: ({ port }) => console.log(`listening on http://127.0.0.1:${port}/v1`) }, (request, info) => router.fetch(request, info));
