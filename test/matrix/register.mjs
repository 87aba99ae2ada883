// `node --import ./test/matrix/register.mjs …`: resolves the bare imports the workspace cannot
// from test/matrix (resolve-hooks.mjs), for a child process that runs a file importing a
// framework, as test/support/matrix.ts's useMatrix does in a test's own process.
import { register } from 'node:module';

register('./resolve-hooks.mjs', import.meta.url);
