/**
 * Floodgate gives a Bedrock player the UUID `new UUID(0, xuid)`: the first 16 hex digits are zero
 * (DECISIONS 6, Floodgate's own `isFloodgateId`). Expects the dashed lowercase form.
 *
 * @example
 * isBedrockUuid('00000000-0000-0000-0009-01f80f5bac02'); // true
 */
export function isBedrockUuid(uuid: string): boolean {
  return uuid.startsWith('00000000-0000-0000-');
}
