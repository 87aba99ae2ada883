// Counts the bytes of typed arrays this thread's JavaScript allocates (their backing stores, the
// memory V8 counts outside its heap: about every 64 MB of it starts a full collection), by where
// they were allocated: a bench-only probe, loaded before the code it watches. The typed array
// constructors become counting subclasses (Node's own buffers, made from its primordials, are
// not counted); a view over an existing buffer (`subarray`, `new X(buffer, …)`) allocates
// nothing and is not counted. `globalThis.__externalProbe.take()` gives the bytes since the last
// take and the top allocation sites (those of 4 KB and more; smaller ones count under "small").
//
//   node --conditions=source --import tsx --import ./bench/externalProbe.mjs bench/networkPullProfile.ts --work DIR --pulls 2

const KINDS = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array'];
/** Allocations from this size on are attributed to their site (a stack trace each). */
const SITE_BYTES = 4096;

let bytes = 0;
let count = 0;
let sites = new Map();

function siteOf() {
  const holder = {};
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 8;
  Error.captureStackTrace(holder, siteOf);
  Error.stackTraceLimit = limit;
  const frames = holder.stack.split('\n').slice(1).map((line) => line.trim().replace(/^at /, ''));
  // The first frame past the probe and the column classes' own constructors.
  const frame = frames.find((f) => !f.includes('externalProbe') && !/^new \w*Column\b/.test(f) && !/^(new )?\w+Array(Buffer)?\b/.test(f)) ?? frames[0] ?? '?';
  return frame.replace(/\(file:\/\/.*\/packages\//, '(').replace(/\?[^:]*:/, ':');
}

/** One allocation of `n` bytes, under its site when it is large enough to name one. */
function counted(n) {
  bytes += n;
  count++;
  const site = n >= SITE_BYTES ? siteOf() : 'small';
  sites.set(site, (sites.get(site) ?? 0) + n);
}

for (const kind of KINDS) {
  const Original = globalThis[kind];
  if (typeof Original !== 'function') continue;
  const Counting = {
    [kind]: class extends Original {
      constructor(...args) {
        super(...args);
        if (args[0] instanceof OriginalBuffer || (typeof SharedArrayBuffer !== 'undefined' && args[0] instanceof SharedArrayBuffer)) return;
        counted(this.byteLength);
      }
      static [Symbol.hasInstance](value) {
        return value instanceof Original;
      }
    },
  }[kind];
  globalThis[kind] = Counting;
}

// `new ArrayBuffer(n)` allocates too (a buffer made first, typed views over it after).
const OriginalBuffer = globalThis.ArrayBuffer;
globalThis.ArrayBuffer = class ArrayBuffer extends OriginalBuffer {
  constructor(...args) {
    super(...args);
    counted(this.byteLength);
  }
  static [Symbol.hasInstance](value) {
    return value instanceof OriginalBuffer;
  }
};

globalThis.__externalProbe = {
  /** Bytes and allocations since the last take, and the `top` sites by bytes. */
  take(top = 12) {
    const out = { mb: +(bytes / 2 ** 20).toFixed(1), count, sites: [...sites].sort((a, b) => b[1] - a[1]).slice(0, top).map(([s, b]) => `${(b / 2 ** 20).toFixed(1)} MB ${s}`) };
    bytes = 0;
    count = 0;
    sites = new Map();
    return out;
  },
};
