/** A parsed JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Parses a save file's text that must be a JSON object. Throws an `Error` whose message is the
 * reason otherwise (`invalid JSON: …`, `not a JSON object`), as the file's warning says it.
 *
 * @example
 * parseJsonObject('{"DataVersion":4671}'); // { DataVersion: 4671 }
 * parseJsonObject('[1]'); // throws Error('not a JSON object')
 */
export function parseJsonObject(text: string): Record<string, unknown> {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch (error) {
    throw new Error(`invalid JSON: ${(error as Error).message}`);
  }
  if (!isRecord(file)) throw new Error('not a JSON object');
  return file;
}
