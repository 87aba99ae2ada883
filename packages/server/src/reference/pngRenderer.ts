import { createPngPool } from '../png/createPngPool.js';
import type { RouterOptions } from '../router/RouterOptions.js';
import type { ReferenceConfigFile } from './configSchema.js';
import type { Logger } from './logger.js';

/** The reference server's `renderPng` and what stops it at shutdown. */
export interface PngRenderer {
  render: NonNullable<RouterOptions['renderPng']>;
  close(): Promise<void>;
}

/**
 * The renderer the reference server gives its router: `given` when the host passes one (null:
 * no PNG at all), otherwise a `createPngPool` configured by the `png` keys. Its workers start on
 * the first render, so a CLI query that never draws a card starts no thread.
 */
export function pngRenderer(config: Pick<ReferenceConfigFile, 'png'>, given: RouterOptions['renderPng'] | null | undefined, log: Logger): PngRenderer | null {
  if (given === null) return null;
  if (given) return { render: given, close: async () => undefined };
  const png = config.png ?? {};
  const pool = createPngPool({
    ...(png.threads !== undefined ? { threads: png.threads } : {}),
    ...(png.queue !== undefined ? { queue: png.queue } : {}),
    ...(png.per_client !== undefined ? { perClient: png.per_client } : {}),
    ...(png.cache !== undefined ? { cacheBytes: png.cache } : {}),
    ...(png.timeout !== undefined ? { timeoutMs: png.timeout } : {}),
    onWorkerLost: (reason, detail) => log.log('warn', 'png_worker_replaced', { reason, detail }),
  });
  return { render: (svg, request) => pool.render(svg, request), close: () => pool.close() };
}
