/**
 * Names Windows will not create as a file or folder, with or without an extension (`con`,
 * `nul.txt`, `COM1`), and the folder names a static host would serve in place of a page's own
 * `index.html`.
 */
const RESERVED = /^(?:(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(?:\..*)?|index\.html?)$/i;

/** Longest segment kept readable (file systems allow 255 bytes; a page adds `/index.html`). */
const MAX_SEGMENT_LENGTH = 64;

/**
 * Whether `segment` can be one folder of the static export and one segment of a URL as it is,
 * on any common file system and static host: ASCII letters, digits, `_`, `.` and `-` only (no
 * slash, colon, backslash, percent sign or space), not `.` or `..`, not ending in a dot (Windows
 * drops it), not a reserved name (`con`, `index.html`), at most 64 characters. Case collisions
 * are the caller's: a player's name is unique ignoring case; advancement paths are lower case.
 *
 * @example
 * isSafeSegment('Steve'); // true
 * isSafeSegment('index.html'); // false
 * isSafeSegment('..'); // false
 */
export function isSafeSegment(segment: string): boolean {
  return (
    segment.length <= MAX_SEGMENT_LENGTH &&
    /^[A-Za-z0-9_.-]+$/.test(segment) &&
    !segment.endsWith('.') &&
    !RESERVED.test(segment)
  );
}
