import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { ContentCoding } from './acceptEncoding.js';
import type { CompressedCache } from './CompressedCache.js';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Bodies shorter than this go as they are: the coding's overhead would eat the saving. */
export const MIN_COMPRESS_BYTES = 1024;

/** Text worth compressing: pages, JSON (problems too), SVG, CSS, scripts. PNGs are compressed already. */
const COMPRESSIBLE = /^\s*(?:text\/|image\/svg\+xml|application\/(?:json|javascript|xml|[\w.-]+\+(?:json|xml))\s*(?:;|$))/i;

/** Response headers as the Node adapter writes them (lower-case names). */
export type OutgoingHeaders = Record<string, string | string[]>;

/**
 * An answer's headers and body as they go out: the given `headers`, untouched, with the values
 * in `set` added or replacing theirs. (A copy of a dozen headers with one more name costs V8
 * microseconds; the writer lists both instead, see {@link headerList}.)
 */
export interface Encoded {
  headers: OutgoingHeaders;
  /** Headers to set over `headers` (a record that may be shared between answers: not to be modified). */
  set: Readonly<Record<string, string>> | null;
  body: Uint8Array | null;
}

/**
 * The answer rewriter of one request: compression as negotiated, and a 304 echoing the tag the
 * client holds. A promise only when a body must be compressed now (not yet in the cache), so a
 * ready answer is written in the same turn as its request.
 */
export type Encode = (status: number, headers: OutgoingHeaders, body: Uint8Array | null) => Encoded | Promise<Encoded>;

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(', ') : value);

/** Whether an answer's representation depends on `Accept-Encoding` (and so may be compressed). */
export function compressible(status: number, headers: OutgoingHeaders): boolean {
  if (status < 200 || status === 204 || status === 206 || status === 304) return false;
  if (headers['content-encoding'] !== undefined) return false;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(single(headers['cache-control']) ?? '')) return false;
  return COMPRESSIBLE.test(single(headers['content-type']) ?? '');
}

/** `Vary` with `Accept-Encoding` added (once). */
export function varyOnEncoding(vary: string | string[] | undefined): string {
  const value = single(vary)?.trim();
  if (!value) return 'Accept-Encoding';
  if (value === '*' || /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(value)) return value;
  return `${value}, Accept-Encoding`;
}

/** An answer's few `Vary` values → what an answer sent as it is sets (see {@link identitySet}). */
const identitySets = new Map<string, Readonly<Record<string, string>>>();

/**
 * What a compressible answer sent as it is sets: `Vary` with `Accept-Encoding`. The same few
 * records for every answer (frozen, never modified): a request that asks for no coding, or for a
 * small body, builds no new string or record.
 */
function identitySet(vary: string | string[] | undefined): Readonly<Record<string, string>> {
  const key = Array.isArray(vary) ? vary.join(', ') : (vary ?? '');
  let set = identitySets.get(key);
  if (set === undefined) {
    if (identitySets.size >= 64) identitySets.clear();
    set = Object.freeze({ vary: varyOnEncoding(vary) });
    identitySets.set(key, set);
  }
  return set;
}

/**
 * The ETag of a compressed representation: the identity one with the coding inside the quotes
 * (`"abc"` → `"abc-br"`, `W/"abc"` → `W/"abc-br"`), so a cache never takes one for the other.
 */
export function encodedEtag(etag: string, coding: ContentCoding): string {
  return etag.replace(/"$/, `-${coding}"`);
}

/**
 * `If-None-Match` as the router knows its tags (the codings' suffixes removed), and the coding a
 * tag named, so a 304 can echo the tag the client holds.
 */
export function decodeIfNoneMatch(value: string): { value: string; coding: ContentCoding | null } {
  let coding: ContentCoding | null = null;
  const stripped = value.replace(/-(br|gzip)"/g, (_, found: ContentCoding) => {
    coding = found;
    return '"';
  });
  return { value: stripped, coding };
}

/**
 * Brotli's quality for answers compressed as they are asked for: each page's first visitor after
 * a pull waits for it. At 10,000 players quality 9 took 12-13 ms of CPU for the stats and
 * advancements pages (89-108 KB) and 5 ms for the home page; 5 takes 0.2-0.9 ms, for 1-2 % more bytes.
 */
const BROTLI_QUALITY = 5;

function encode(coding: ContentCoding, body: Uint8Array): Promise<Uint8Array> {
  return coding === 'br'
    ? brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
    : gz(body, { level: 6 });
}

/**
 * An answer in the negotiated coding: a compressible body of at least {@link MIN_COMPRESS_BYTES}
 * is compressed (once per representation and coding: the bytes are cached by ETag), with
 * `Content-Encoding`, its length and a coding-specific ETag; every compressible answer varies on
 * `Accept-Encoding`. Anything else is returned as it is. `headers` is not modified. A promise
 * only when the bytes are not in the cache yet.
 */
export function compressAnswer(status: number, headers: OutgoingHeaders, body: Uint8Array | null, coding: ContentCoding | null, cache: CompressedCache): Encoded | Promise<Encoded> {
  if (!compressible(status, headers)) return { headers, set: null, body };
  if (!coding || !body || body.byteLength < MIN_COMPRESS_BYTES) return { headers, set: identitySet(headers.vary), body };
  const set: Record<string, string> = { vary: varyOnEncoding(headers.vary) };
  const etag = single(headers.etag);
  const key = etag ? `${coding} ${etag}` : null;
  const cached = key ? cache.get(key) : undefined;
  if (cached) return withCoding({ headers, set, body }, cached, coding, etag);
  return encode(coding, body).then((compressed) => {
    if (key) cache.set(key, compressed);
    return withCoding({ headers, set, body }, compressed, coding, etag);
  });
}

/** The answer with the compressed body, unless compressing did not make it smaller. */
function withCoding(answer: Encoded & { set: Record<string, string> }, compressed: Uint8Array, coding: ContentCoding, etag: string | undefined): Encoded {
  if (compressed.byteLength >= answer.body!.byteLength) return answer;
  answer.set['content-encoding'] = coding;
  answer.set['content-length'] = String(compressed.byteLength);
  if (etag) answer.set.etag = encodedEtag(etag, coding);
  return { ...answer, body: compressed };
}
