const DASHED = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BARE = /^[0-9a-f]{32}$/i;

/**
 * Normalises a UUID written dashed (`8667ba71-b85a-4004-af54-457a9734eed7`) or bare
 * (`8667ba71b85a4004af54457a9734eed7`), in any letter case, to the dashed lowercase form every
 * file name, API response and lookup uses. Anything else gives null.
 *
 * @example
 * parseUuid('8667BA71B85A4004AF54457A9734EED7'); // '8667ba71-b85a-4004-af54-457a9734eed7'
 * parseUuid('Steve'); // null
 */
export function parseUuid(text: string): string | null {
  if (typeof text !== 'string') return null;
  if (DASHED.test(text)) return text.toLowerCase();
  if (!BARE.test(text)) return null;
  const hex = text.toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

