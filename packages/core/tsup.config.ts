import { defineConfig } from 'tsup';

export default defineConfig({
  // The parse worker is a second entry: parseInWorkers starts it from `dist/parse-worker.js`,
  // next to `dist/index.js`.
  entry: { index: 'src/index.ts', 'parse-worker': 'src/save/parse-worker.ts' },
  format: ['esm'],
  dts: { entry: { index: 'src/index.ts' } },
  sourcemap: true,
  clean: true,
  target: 'node20',
});
