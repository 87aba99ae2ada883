/**
 * Freezes a plain JSON value in place. Cached results are handed to every caller as the same
 * object, so one caller mutating its copy must not change what the others are served.
 */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
