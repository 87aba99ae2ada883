import { notModified } from '../http/notModified.js';
import { NOT_MODIFIED_HEADERS, type Rendered } from './Rendered.js';

const encoder = new TextEncoder();

/**
 * Answers 304 when the client's copy is current (If-None-Match, or If-Modified-Since where
 * Last-Modified really dates the content), else 200 with the representation.
 *
 * @example
 * answer(request, await renderJson(...)); // Response 200, or 304 with ETag and Cache-Control
 */
export function answer(request: Request, representation: Rendered): Response {
  const { body, headers, etag } = representation;
  if (etag !== null) {
    const lastModified = headers.get('last-modified');
    const current = { etag, lastModified: lastModified && representation.lastModifiedExact ? Date.parse(lastModified) : undefined };
    if (notModified(request.headers, current)) {
      const kept = new Headers();
      for (const name of NOT_MODIFIED_HEADERS) {
        const value = headers.get(name);
        if (value !== null) kept.set(name, value);
      }
      return new Response(null, { status: 304, headers: kept });
    }
  }
  // The Response copies `headers` into its own list: the memo's copy is never touched. A text
  // body is encoded once and kept (a remembered page is ~100 KB: encoding it was most of a
  // request's cost). A byte body is a view over any buffer; the Fetch types want an ArrayBuffer.
  const bytes = typeof body === 'string' ? (representation.encoded ??= encoder.encode(body)) : body;
  return new Response(bytes as BodyInit, { status: 200, headers });
}
