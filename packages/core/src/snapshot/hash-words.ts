/**
 * The constants `contentHash` and its element sums (`number-sums.ts`) are built from: the two
 * lanes' seeds and odd multipliers, and the type tags mixed in before each value so `["ab"]`,
 * `["a","b"]`, `1` and `"1"` differ.
 */
export const SEED_A = 0xdeadbeef;
export const SEED_B = 0x41c6ce57;
export const MUL_A = 2654435761;
export const MUL_B = 1597334677;

export const NULL = 0x6e;
export const TRUE = 0x74;
export const FALSE = 0x66;
export const INT = 0x23;
export const FLOAT = 0x2e;
export const STRING = 0x22;
export const ARRAY = 0x5b;
export const OBJECT = 0x7b;
export const OBJECT_END = 0x7d;
