
/** Severity of a log line. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Structured fields of a log line (JSON-serialisable). */
export type LogFields = Record<string, unknown>;

/**
 * Where the reference server reports: one structured line per request, per pull and per event.
 * `event` is a short stable name (`request`, `pull`, `listening`, `shutdown`…).
 */
export interface Logger {
  log(level: LogLevel, event: string, fields?: LogFields): void;
}

const ORDER: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** Options of {@link jsonLogger}. */
export interface JsonLoggerOptions {
  /** Lines below this level are dropped. Default `info`. */
  level?: LogLevel;
  /** Epoch ms for the `time` field. Default `Date.now`. */
  clock?: () => number;
}

/**
 * A logger writing one JSON object per line (`{"time":…,"level":"info","event":"pull",…}`): what
 * log collectors (journald, Docker, Loki) ingest without a parser.
 *
 * @example
 * const log = jsonLogger(process.stdout, { level: 'info' });
 * log.log('info', 'request', { method: 'GET', path: '/v1/stats', status: 200, ms: 3 });
 */
export function jsonLogger(stream: { write(chunk: string): unknown }, options: JsonLoggerOptions = {}): Logger {
  const threshold = ORDER[options.level ?? 'info'];
  const clock = options.clock ?? Date.now;
  return {
    log(level, event, fields = {}) {
      if (ORDER[level] < threshold) return;
      stream.write(`${JSON.stringify({ time: new Date(clock()).toISOString(), level, event, ...fields })}\n`);
    },
  };
}

/** A logger that drops everything. */
export const silentLogger: Logger = { log() {} };

/** True when `level` is at or above `threshold`. */
export function atLeast(level: LogLevel, threshold: LogLevel): boolean {
  return ORDER[level] >= ORDER[threshold];
}
