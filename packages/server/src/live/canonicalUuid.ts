/** A UUID as the game writes it: lower-case hex, dashed 8-4-4-4-12. */
const CANONICAL = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A UUID in any case, dashed or not. */
const ANY = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/**
 * `uuid` in the game's form (lower case, dashed), or null when it is not a UUID. A UUID already in
 * that form, as every player's is, comes back as the same string: no new one is made (a pull asks
 * for each of 10,000 players' skins).
 *
 * @example
 * canonicalUuid('8667BA71B85A4004AF54457A9734EED7'); // '8667ba71-b85a-4004-af54-457a9734eed7'
 */
export function canonicalUuid(uuid: unknown): string | null {
  if (typeof uuid !== 'string') return null;
  if (CANONICAL.test(uuid)) return uuid;
  if (!ANY.test(uuid)) return null;
  const hex = uuid.replaceAll('-', '').toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
