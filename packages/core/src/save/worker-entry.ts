import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * A worker thread's script beside the module that starts it: `<name>.js` in a build (tsup puts
 * each worker entry in `dist/` with the chunks that start it), `<name>.ts` when running from the
 * TypeScript sources. `from` is the starting module's `import.meta.url`. Null when neither
 * exists (say, bundled into an application): the caller then does without the thread.
 *
 * @example
 * const script = locateWorkerFile('parse-worker', import.meta.url);
 */
export function locateWorkerFile(name: string, from: string): URL | null {
  const here = new URL(from);
  const extensions = here.pathname.endsWith('.ts') ? ['.ts', '.js'] : ['.js', '.ts'];
  for (const extension of extensions) {
    const candidate = new URL(`./${name}${extension}`, here);
    if (candidate.protocol === 'file:' && existsSync(fileURLToPath(candidate))) return candidate;
  }
  return null;
}

/**
 * What to start a Worker with to run `script`. A `.ts` script needs tsx inside the worker, and
 * a worker does not always get it from `--import tsx`: tsx registers its hooks in worker threads
 * only on Node ≥ 22.22.3 / 24.11.1, and on Node 20 a worker of a `.ts` file fails with
 * ERR_UNKNOWN_FILE_EXTENSION. So the worker starts from a two-line module that registers tsx
 * itself (in `namespace`, so it never doubles a tsx the worker already has) and imports the
 * script through it. Without a resolvable tsx the script is started as is (another loader may
 * handle it; if none does, the worker fails to start and the caller does without it).
 *
 * @example
 * new Worker(workerEntry(script, 'blockstats-parse-worker'));
 */
export function workerEntry(script: URL, namespace: string): URL {
  if (!script.pathname.endsWith('.ts')) return script;
  let tsx: string;
  try {
    tsx = import.meta.resolve('tsx/esm/api');
  } catch {
    return script;
  }
  const href = JSON.stringify(script.href);
  const source =
    `const { register } = await import(${JSON.stringify(tsx)});\n` +
    `await register({ namespace: ${JSON.stringify(namespace)} }).import(${href}, ${href});\n`;
  return new URL(`data:text/javascript,${encodeURIComponent(source)}`);
}
