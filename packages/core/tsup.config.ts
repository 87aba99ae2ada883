import { defineConfig } from 'tsup';

export default defineConfig({
  // The parse worker is a second entry: parseInWorkers starts it from `dist/parse-worker.js`,
  // next to `dist/node.js`.
  entry: { index: 'src/index.ts', node: 'src/node.ts', 'parse-worker': 'src/save/parse-worker.ts' },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts', node: 'src/node.ts' } },
  sourcemap: true,
  clean: true,
  target: 'node20',
});
