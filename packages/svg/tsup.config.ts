import { defineConfig } from 'tsup';

export default defineConfig({
  // `png`: toPng behind its own subpath, so the SVG entry never loads the native canvas module.
  entry: { index: 'src/index.ts', png: 'src/png.ts' },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
});
