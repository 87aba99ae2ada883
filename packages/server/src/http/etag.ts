const encoder = new TextEncoder();

/**
 * A strong ETag (RFC 9110 §8.8.3) for a representation: a SHA-256 of the data generation and the
 * exact bytes sent, so it changes exactly when either changes (DECISIONS 21). Web Crypto is used
 * because it exists in every runtime the router targets (Node, Bun, Deno, Workers).
 *
 * @example
 * await strongEtag('2024-06-01T12:00:00.000Z', '{"data":[]}'); // '"Vx3…"' (27 base64url characters)
 */
export async function strongEtag(generation: string, body: string | Uint8Array): Promise<string> {
  const bytes = typeof body === 'string' ? encoder.encode(body) : body;
  const head = encoder.encode(`${generation}\n`);
  const input = new Uint8Array(head.length + bytes.length);
  input.set(head, 0);
  input.set(bytes, head.length);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', input));
  let binary = '';
  for (const byte of digest.subarray(0, 20)) binary += String.fromCharCode(byte);
  return `"${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}"`;
}
