/**
 * `JSON.stringify(value)` in pieces: objects and arrays down to `depth` levels are written
 * member by member, anything deeper is stringified whole. Joined, the pieces are exactly
 * `JSON.stringify(value)` for plain data (no `toJSON` above `depth`, which falls back to a whole
 * stringify). Large values (a 10k-player snapshot is ~35 MB of JSON) can then be written to a
 * file without one string of the whole text, plus its encoded copy, in memory at once.
 */
export function* jsonChunks(value: unknown, depth: number): Generator<string> {
  if (depth <= 0 || typeof value !== 'object' || value === null || typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    // As JSON.stringify inside an array: what has no JSON form becomes null.
    yield JSON.stringify(value) ?? 'null';
    return;
  }
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) yield ',';
      yield* jsonChunks(value[i], depth - 1);
    }
    yield ']';
    return;
  }
  yield '{';
  let first = true;
  for (const key of Object.keys(value)) {
    const member = (value as Record<string, unknown>)[key];
    // As JSON.stringify: members without a JSON form are left out of objects.
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
    yield `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    yield* jsonChunks(member, depth - 1);
  }
  yield '}';
}
