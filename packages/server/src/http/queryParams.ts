import * as v from 'valibot';
import { parseInstant } from './parseInstant.js';

/** A JSON Schema fragment (OpenAPI 3.1 uses JSON Schema 2020-12). */
export type JsonSchema = Record<string, unknown>;

/**
 * A valibot schema reading a raw query value (the string, or `undefined` when absent) into `T`.
 * Declared here rather than as valibot's own `GenericSchema`, so the package's public types stay
 * small: valibot's types in the declarations cost every user's type-check seconds.
 */
export interface QuerySchema<T> {
  readonly kind: 'schema';
  readonly async: false;
  readonly '~types'?: { readonly input: string | undefined; readonly output: T } | undefined;
}

/**
 * One query parameter: the valibot schema that turns the raw string (or `undefined` when absent)
 * into a typed, defaulted value, and the OpenAPI description of the same rule. Routes declare
 * their parameters once with these builders; validation and documentation both read them.
 */
export interface QueryParam<T> {
  schema: QuerySchema<T>;
  doc: { description: string; schema: JsonSchema; required?: boolean };
}

/** Largest page size (SPEC "Limits"): larger values are clamped, not refused. */
export const MAX_LIMIT = 500;
/** Longest accepted free-text parameter: longer input is refused with a clean 400. */
export const MAX_TEXT_LENGTH = 200;

// Any number of digits: a huge limit is still "above 500" and clamped, a huge offset still an
// offset past the end (the URL's own length bounds the input).
const integer = (message: string) =>
  v.pipe(v.string(), v.regex(/^\d+$/, message), v.transform(Number));

/**
 * Builders for the query parameters the spec uses. Every failure message is phrased to follow
 * the parameter's name (`limit must be …`): `parseQuery` prefixes it.
 */
export const queryParams = {
  /** Page size: 1..500, larger values silently clamped to 500 (SPEC "Common query parameters"). */
  limit(defaultValue: number): QueryParam<number> {
    const message = `must be an integer from 1 to ${MAX_LIMIT} (larger values are clamped to ${MAX_LIMIT})`;
    return {
      schema: v.optional(
        v.pipe(integer(message), v.minValue(1, message), v.transform((n) => Math.min(n, MAX_LIMIT))),
        String(defaultValue),
      ),
      doc: {
        description: `Page size, 1 to ${MAX_LIMIT}; larger values are clamped to ${MAX_LIMIT}. Default ${defaultValue}.`,
        schema: { type: 'integer', minimum: 1, default: defaultValue },
      },
    };
  },

  /** Records to skip: an integer ≥ 0, default 0 (beyond the safe-integer range it stays past the end). */
  offset(): QueryParam<number> {
    const message = 'must be an integer of 0 or more';
    return {
      schema: v.optional(v.pipe(integer(message), v.transform((n: number) => Math.min(n, Number.MAX_SAFE_INTEGER))), '0'),
      doc: { description: 'Number of records to skip. Default 0.', schema: { type: 'integer', minimum: 0, default: 0 } },
    };
  },

  /** `true` or `false`; absent gives the default (or `undefined` when there is none). */
  boolean<D extends boolean | undefined>(description: string, defaultValue: D): QueryParam<D extends boolean ? boolean : boolean | undefined> {
    const parse = v.pipe(
      v.string(),
      v.picklist(['true', 'false'], 'must be true or false'),
      v.transform((s) => s === 'true'),
    );
    return {
      schema: (defaultValue === undefined ? v.optional(parse) : v.optional(parse, String(defaultValue))) as never,
      doc: {
        description,
        schema: defaultValue === undefined ? { type: 'boolean' } : { type: 'boolean', default: defaultValue },
      },
    };
  },

  /** One of a fixed list of lowercase values. */
  oneOf<const T extends readonly [string, ...string[]], D extends T[number] | undefined>(
    values: T,
    description: string,
    defaultValue: D,
  ): QueryParam<D extends string ? T[number] : T[number] | undefined> {
    const parse = v.picklist(values, `must be one of ${values.join(', ')}`);
    return {
      schema: (defaultValue === undefined ? v.optional(parse) : v.optional(parse, defaultValue)) as never,
      doc: {
        description,
        schema: defaultValue === undefined ? { type: 'string', enum: [...values] } : { type: 'string', enum: [...values], default: defaultValue },
      },
    };
  },

  /** Free text (search terms), at most {@link MAX_TEXT_LENGTH} characters. */
  text(description: string, options: { required?: boolean } = {}): QueryParam<string | undefined> {
    const parse = v.pipe(v.string(), v.maxLength(MAX_TEXT_LENGTH, `must be at most ${MAX_TEXT_LENGTH} characters`));
    return {
      schema: (options.required ? v.pipe(v.optional(parse), v.check((s) => s !== undefined, 'is required'), v.transform((s) => s as string)) : v.optional(parse)) as never,
      doc: { description, schema: { type: 'string', maxLength: MAX_TEXT_LENGTH }, ...(options.required ? { required: true } : {}) },
    };
  },

  /**
   * An embed colour (SPEC color rule): a palette name or a bare hex value, judged by the renderer.
   * It never fails: input that cannot be a colour (repeated, or longer than any colour) becomes
   * absent, so the image falls back to its default instead of answering 400.
   */
  color(description: string): QueryParam<string | undefined> {
    const longestColour = 32;
    return {
      schema: v.optional(
        v.pipe(v.unknown(), v.transform((raw) => (typeof raw === 'string' && raw.length <= longestColour ? raw : undefined))),
      ) as never,
      doc: { description, schema: { type: 'string' } },
    };
  },

  /**
   * A comma-separated list (`ids=jump,play_time`): trimmed, empty items dropped, duplicates
   * removed in order. `count` pins the exact number of items (compare's two players).
   */
  list(description: string, options: { required?: boolean; count?: number; maxItems?: number } = {}): QueryParam<string[] | undefined> {
    const maxItems = options.maxItems ?? 250;
    const countMessage = options.count === undefined ? '' : `must list exactly ${options.count} distinct comma-separated values`;
    const split = v.pipe(
      v.string(),
      v.maxLength(maxItems * 64, 'is too long'),
      v.transform((s: string) => [...new Set(s.split(',').map((x) => x.trim()).filter((x) => x !== ''))]),
      v.check((a: string[]) => a.length > 0, 'must list at least one value'),
      v.check((a: string[]) => a.length <= maxItems, `must list at most ${maxItems} values`),
      v.check((a: string[]) => options.count === undefined || a.length === options.count, countMessage),
    );
    const schema = options.required
      ? v.pipe(v.optional(split), v.check((a) => a !== undefined, 'is required'))
      : v.optional(split);
    return {
      schema: schema as never,
      doc: {
        description,
        schema: { type: 'string', maxLength: maxItems * 64 },
        ...(options.required ? { required: true } : {}),
      },
    };
  },

  /**
   * A point in time: ISO 8601 date-time (or date; UTC when it has no offset) or epoch seconds;
   * becomes epoch milliseconds.
   */
  instant(description: string): QueryParam<number | undefined> {
    const message = 'must be an ISO 8601 date-time or epoch seconds';
    return {
      schema: v.optional(
        v.pipe(
          v.string(),
          v.maxLength(64, message),
          v.transform(parseInstant),
          v.check((n) => Number.isFinite(n), message),
        ),
      ),
      doc: { description, schema: { type: 'string', maxLength: 64 } },
    };
  },
};
