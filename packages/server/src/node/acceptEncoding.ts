/** A content coding the Node adapter compresses with. */
export type ContentCoding = 'br' | 'gzip';

/**
 * The coding to answer with, from `Accept-Encoding` (RFC 9110 §12.5.3): the acceptable one
 * (q > 0) with the highest q-value, Brotli on a tie; `*` stands for codings not named; no
 * header, or nothing acceptable, is null (identity).
 *
 * @example
 * negotiateEncoding('gzip, deflate, br'); // 'br'
 * negotiateEncoding('br;q=0.5, gzip'); // 'gzip'
 * negotiateEncoding('*;q=0'); // null
 */
export function negotiateEncoding(header: string | null | undefined): ContentCoding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.slice(0, 1024).split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param);
      if (match) weight = Math.min(1, Number(match[1]));
    }
    q.set(name === 'x-gzip' ? 'gzip' : name, weight);
  }
  const star = q.get('*') ?? 0;
  const br = q.get('br') ?? star;
  const gzip = q.get('gzip') ?? star;
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}
