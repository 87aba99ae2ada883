// The JSON characters the one-pass scanners (stats and advancements files) read, as char codes,
// and the whitespace they skip.

export const QUOTE = 34;
export const COLON = 58;
export const COMMA = 44;
export const OPEN = 123;
export const CLOSE = 125;
export const MINUS = 45;
export const ZERO = 48;
export const NINE = 57;

/** Index of the first character that is not JSON whitespace, from `i`. */
export function skipSpace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9) i++;
    else return i;
  }
}
