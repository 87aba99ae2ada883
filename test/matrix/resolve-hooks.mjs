// Module resolution hooks for the test matrix: a bare specifier the workspace cannot resolve
// (`express` in examples/express.ts, `next/server.js` in a test) is resolved again from
// test/matrix, where `npm run install:matrix` puts the frameworks and runtimes. The examples keep
// the imports a user's project would write, and the workspace's own install stays lean.
const MATRIX = new URL('./package.json', import.meta.url).href;

/** Whether a specifier names a package (not a relative path, URL or node: built-in). */
const isBare = (specifier) => !/^(\.{0,2}\/|[a-z][a-z0-9+.-]*:)/i.test(specifier);

export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !isBare(specifier) || context.parentURL === MATRIX) throw error;
    return nextResolve(specifier, { ...context, parentURL: MATRIX });
  }
}
