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
  /** Hands every buffered line to the stream now (call it before `process.exit`). */
  flush?(): void;
  /**
   * One `request` line: what `log('info', 'request', { method, path, status, ms })` writes, and
   * what the request log calls instead when a logger has it (the JSON logger writes it without
   * building the fields object: the server writes one a request).
   */
  request?(method: string, path: string, status: number, ms: number): void;
}

const ORDER: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** Options of {@link jsonLogger}. */
export interface JsonLoggerOptions {
  /** Lines below this level are dropped. Default `info`. */
  level?: LogLevel;
  /** Epoch ms for the `time` field. Default `Date.now`. */
  clock?: () => number;
  /**
   * Lines are dropped (and counted in a `log_dropped` line once the stream catches up) while
   * the stream holds more than this many bytes it could not write yet: a log reader that stalls
   * must not grow the server's memory without bound. Default 8 MiB.
   */
  maxPendingBytes?: number;
}

/** Lines are handed to the stream in one write once this many characters are buffered… */
const FLUSH_AT = 64 * 1024;
/** …or this many milliseconds after the first of them. */
const FLUSH_AFTER_MS = 5;

/** A stream's own backlog (a pipe whose reader is slow), when it tells. */
function backlog(stream: { writableLength?: unknown }): number {
  return typeof stream.writableLength === 'number' ? stream.writableLength : 0;
}

/**
 * A logger writing one JSON object per line (`{"time":…,"level":"info","event":"pull",…}`): what
 * log collectors (journald, Docker, Loki) ingest without a parser.
 *
 * Lines are written in batches: those of the next 5 ms go to the stream in one write (sooner
 * when 64 KiB are buffered), so a server under load makes one system call for a hundred request
 * lines instead of one each. Warnings and errors are written at once, with everything before
 * them. The pending write keeps the process alive until it is done; call `flush()` before
 * `process.exit`.
 *
 * @example
 * const log = jsonLogger(process.stdout, { level: 'info' });
 * log.log('info', 'request', { method: 'GET', path: '/v1/stats', status: 200, ms: 3 });
 */
export function jsonLogger(stream: { write(chunk: string): unknown }, options: JsonLoggerOptions = {}): Logger {
  const threshold = ORDER[options.level ?? 'info'];
  const clock = options.clock ?? Date.now;
  const maxPending = options.maxPendingBytes ?? 8 * 1024 * 1024;
  let pending = '';
  let timer: ReturnType<typeof setTimeout> | null = null;
  let dropped = 0;
  const isoTime = isoTimes();
  const requestFields = requestLines();

  const flush = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (pending === '') return;
    const chunk = pending;
    pending = '';
    stream.write(chunk);
  };

  const append = (text: string, now: boolean): void => {
    pending += text;
    if (now || pending.length >= FLUSH_AT) flush();
    else timer ??= setTimeout(flush, FLUSH_AFTER_MS);
  };

  /** Whether a line fits (counted as dropped when it does not); says so once the stream caught up. */
  const room = (time: string): boolean => {
    if (backlog(stream as { writableLength?: unknown }) + pending.length > maxPending) {
      dropped++;
      return false;
    }
    if (dropped > 0) {
      append(jsonLine(time, 'warn', 'log_dropped', { lines: dropped, reason: 'the log stream fell behind' }), false);
      dropped = 0;
    }
    return true;
  };

  return {
    log(level, event, fields) {
      if (ORDER[level] < threshold) return;
      const time = isoTime(clock());
      if (room(time)) append(jsonLine(time, level, event, fields), ORDER[level] >= ORDER.warn);
    },
    request(method, path, status, ms) {
      if (ORDER.info < threshold) return;
      const time = isoTime(clock());
      if (!room(time)) return;
      append(`{"time":"${time}${requestFields(method, path, status)}${numberJson(ms)}}\n`, false);
    },
    flush,
  };
}

/**
 * The middle of a request line, from the end of the time to the `ms` value
 * (`","level":"info","event":"request","method":"GET","path":"/v1/stats","status":200,"ms":`):
 * a server answers the same few URLs most of the time, so each is written once (a few hundred
 * kept; forgotten all at once when full).
 */
function requestLines(): (method: string, path: string, status: number) => string {
  const known = new Map<string, { method: string; status: number; text: string }>();
  return (method, path, status) => {
    const hit = known.get(path);
    if (hit !== undefined && hit.method === method && hit.status === status) return hit.text;
    const text = `","level":"info","event":"request","method":${quote(method)},"path":${quote(path)},"status":${numberJson(status)},"ms":`;
    if (known.size >= 256) known.clear();
    known.set(path, { method, status, text });
    return text;
  };
}

/** JSON of small whole numbers and tenths (statuses, milliseconds), made once each. */
const tenths: string[] = [];

/** `JSON.stringify(n)` for a number. */
function numberJson(n: number): string {
  const k = Math.round(n * 10);
  if (k >= 0 && k < 100_000 && k / 10 === n) return (tenths[k] ??= String(n));
  return Number.isFinite(n) ? String(n) : 'null';
}

/**
 * `new Date(ms).toISOString()`, made faster for a clock that moves forward: `Date` formats the
 * minute once, the seconds and milliseconds are appended (formatting a date costs about a
 * microsecond, as much as the rest of a request line).
 */
function isoTimes(): (ms: number) => string {
  let minute = Number.NaN;
  let prefix = '';
  let last = Number.NaN;
  let lastText = '';
  return (ms) => {
    // Under load many lines share a millisecond.
    if (ms === last) return lastText;
    const m = Math.floor(ms / 60_000);
    if (m !== minute) {
      const iso = Number.isInteger(ms) ? new Date(m * 60_000).toISOString() : '';
      // Years before 0 or after 9999 are written differently: those few take the long way.
      if (iso.length !== 24) return new Date(ms).toISOString();
      minute = m;
      prefix = iso.slice(0, 17);
    }
    if (!Number.isInteger(ms)) return new Date(ms).toISOString();
    const rest = ms - m * 60_000;
    const seconds = Math.floor(rest / 1000);
    const millis = rest - seconds * 1000;
    last = ms;
    lastText = `${prefix}${seconds < 10 ? '0' : ''}${seconds}.${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
    return lastText;
  };
}

/** `JSON.stringify(text)`, without its cost for what log lines are made of (printable ASCII). */
function quote(text: string): string {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Anything JSON escapes (controls, `"`, `\\`) or that needs a closer look (non-ASCII).
    if (c < 0x20 || c === 0x22 || c === 0x5c || c > 0x7e) return JSON.stringify(text);
  }
  return `"${text}"`;
}

/** Levels, events and field names: a few dozen strings, each quoted once. */
const names = new Map<string, string>();

function quoteName(name: string): string {
  let quoted = names.get(name);
  if (quoted === undefined) {
    quoted = quote(name);
    if (names.size >= 1024) names.clear();
    names.set(name, quoted);
  }
  return quoted;
}

/** A property key JavaScript orders before the others (an array index). */
const INDEX = /^(?:0|[1-9]\d{0,9})$/;

/**
 * One log line: `time`, `level` and `event` first, then the fields, exactly as
 * `JSON.stringify({ time, level, event, ...fields })` writes it, but for flat fields (strings,
 * numbers, booleans) without building that object or calling the general serialiser: the
 * request log writes one line per request.
 */
export function jsonLine(time: string, level: string, event: string, fields: LogFields | undefined): string {
  let line = `{"time":"${time}","level":${quoteName(level)},"event":${quoteName(event)}`;
  if (fields !== undefined) {
    // A field named like the head (or an object that serialises itself) overrides it, as the spread did.
    if ('time' in fields || 'level' in fields || 'event' in fields || 'toJSON' in fields) {
      return `${JSON.stringify({ time, level, event, ...fields })}\n`;
    }
    let first = true;
    for (const key in fields) {
      // Integer-like keys come first (they are enumerated first): then the spread puts them before the head.
      if (first && key.charCodeAt(0) <= 0x39 && INDEX.test(key)) return `${JSON.stringify({ time, level, event, ...fields })}\n`;
      first = false;
      if (!Object.hasOwn(fields, key)) continue;
      const value = fields[key];
      let text: string | undefined;
      if (typeof value === 'string') text = quote(value);
      else if (typeof value === 'number') text = numberJson(value);
      else if (typeof value === 'boolean') text = value ? 'true' : 'false';
      else text = JSON.stringify(value); // undefined for undefined, functions and symbols: left out, as JSON does
      if (text !== undefined) line += `,${quoteName(key)}:${text}`;
    }
  }
  return `${line}}\n`;
}

/** A logger that drops everything. */
export const silentLogger: Logger = { log() {} };

/** True when `level` is at or above `threshold`. */
export function atLeast(level: LogLevel, threshold: LogLevel): boolean {
  return ORDER[level] >= ORDER[threshold];
}
