/** The numeric columns a shard carries: 32-bit integers or 64-bit floats. */
export type ShardColumn = Int32Array | Float64Array;

/** A shard's content: a JSON-serialisable header and named numeric columns. */
export interface ShardContent<H = unknown> {
  header: H;
  columns: Record<string, ShardColumn>;
}

/**
 * One shard as bytes: a 4-byte little-endian length, the JSON of `{ header, columns: [[name,
 * 'i32' | 'f64', length], …] }`, padding to 8 bytes, then each column's bytes (little-endian, as
 * typed arrays are on every platform blockstats runs on), each padded to 8 bytes. Compact (4 or 8
 * bytes a number, no parsing of numbers) and read back without copying.
 *
 * @example
 * const bytes = packShard({ header: { kind: 'stat' }, columns: { board: new Int32Array([4, 1]) } });
 * unpackShard(bytes).columns.board; // Int32Array [4, 1]
 */
export function packShard(content: ShardContent): Uint8Array {
  const names = Object.keys(content.columns);
  const layout = names.map((name) => {
    const column = content.columns[name]!;
    return [name, column instanceof Float64Array ? 'f64' : 'i32', column.length] as const;
  });
  const json = new TextEncoder().encode(JSON.stringify({ header: content.header, columns: layout }));
  let size = padded(4 + json.length);
  for (const name of names) size += padded(content.columns[name]!.byteLength);
  const bytes = new Uint8Array(size);
  new DataView(bytes.buffer).setUint32(0, json.length, true);
  bytes.set(json, 4);
  let offset = padded(4 + json.length);
  for (const name of names) {
    const column = content.columns[name]!;
    bytes.set(new Uint8Array(column.buffer, column.byteOffset, column.byteLength), offset);
    offset += padded(column.byteLength);
  }
  return bytes;
}

/** Reads a shard written by {@link packShard}; the columns are views on `bytes` (keep it whole). */
export function unpackShard<H = unknown>(bytes: Uint8Array): ShardContent<H> {
  // Columns are read in place, so the bytes must start 8-aligned in their buffer.
  const aligned = bytes.byteOffset % 8 === 0 ? bytes : bytes.slice();
  const view = new DataView(aligned.buffer, aligned.byteOffset, aligned.byteLength);
  const length = view.getUint32(0, true);
  const parsed = JSON.parse(new TextDecoder().decode(aligned.subarray(4, 4 + length))) as { header: H; columns: Array<[string, 'i32' | 'f64', number]> };
  const columns: Record<string, ShardColumn> = {};
  let offset = padded(4 + length);
  for (const [name, type, count] of parsed.columns) {
    const at = aligned.byteOffset + offset;
    const column = type === 'f64' ? new Float64Array(aligned.buffer, at, count) : new Int32Array(aligned.buffer, at, count);
    columns[name] = column;
    offset += padded(column.byteLength);
  }
  return { header: parsed.header, columns };
}

function padded(n: number): number {
  return Math.ceil(n / 8) * 8;
}
