import { defineConfig } from 'tsup';

export default defineConfig({
  // One entry per subpath export: `index` (worker-safe router), `node` (adapter), `live` (Node
  // live sources), `reference` (reference server), `redis` (the Redis rate-limit store),
  // `testing` (loopback doubles of the game server, Modrinth and the skin services, for e2e tests).
  // `png-worker` is no subpath: createPngWorkers starts it by file from `dist/`, beside the chunk
  // that holds createPngWorkers; `sftp-worker` likewise (sftpWorkerSource).
  entry: {
    index: 'src/index.ts',
    node: 'src/node.ts',
    live: 'src/live.ts',
    reference: 'src/reference.ts',
    redis: 'src/redis.ts',
    testing: 'src/live/testing/index.ts',
    'png-worker': 'src/png/png-worker.ts',
    'sftp-worker': 'src/remote/sftp-worker.ts',
  },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts', node: 'src/node.ts', live: 'src/live.ts', reference: 'src/reference.ts', redis: 'src/redis.ts', testing: 'src/live/testing/index.ts' } },
  sourcemap: true,
  clean: true,
  target: 'node20',
  // The website's .tsx: JSX compiled to preact's automatic runtime (as tsconfig.base.json says).
  esbuildOptions(options) {
    options.jsx = 'automatic';
    options.jsxImportSource = 'preact';
  },
});
