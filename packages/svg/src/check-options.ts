/**
 * Rejects option keys a function does not know, with a clear error: a misspelt `colour` should
 * fail loudly instead of silently drawing the default (badge-maker does the same).
 */
export function checkOptions(fn: string, options: unknown, known: readonly string[]): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(`${fn}: options must be an object`);
  }
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) {
      throw new TypeError(`${fn}: unknown option ${JSON.stringify(key)} (known: ${known.join(', ')})`);
    }
  }
}
