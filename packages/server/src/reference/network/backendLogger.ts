import type { Logger } from '../logger.js';

/** The network's log for one of its servers: every line says which (`server: <id>`). */
export function backendLogger(log: Logger, id: string): Logger {
  return {
    log: (level, event, fields = {}) => log.log(level, event, { server: id, ...fields }),
    ...(log.flush ? { flush: () => log.flush!() } : {}),
  };
}
