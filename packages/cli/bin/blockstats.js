#!/usr/bin/env node
// The `blockstats` command. This file is part of the package as committed, so npm can link it
// when it installs the workspace, before `prepare` has built dist/; it loads the built program.
const program = new URL('../dist/bin.js', import.meta.url);
try {
  await import(program.href);
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes(program.pathname)) {
    process.stderr.write('blockstats: the program is not built yet; run `npm run build` at the repository root.\n');
    process.exit(1);
  }
  throw error;
}
