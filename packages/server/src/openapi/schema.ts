import type { JsonSchema } from '../http/queryParams.js';

/**
 * Small builders for the JSON Schemas (2020-12, as OpenAPI 3.1 uses) of the API's resources.
 * Objects are built flat (no allOf), so "Value fields plus rank" is one object schema: that keeps
 * the description readable and lets a strict validator close objects (`additionalProperties:
 * false`) without composition pitfalls.
 */
export const s = {
  ref: (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` }),
  string: (description?: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'string', ...(description ? { description } : {}), ...extra }),
  integer: (description?: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'integer', ...(description ? { description } : {}), ...extra }),
  number: (description?: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'number', ...(description ? { description } : {}), ...extra }),
  boolean: (description?: string): JsonSchema => ({ type: 'boolean', ...(description ? { description } : {}) }),
  dateTime: (description?: string): JsonSchema => ({ type: 'string', format: 'date-time', ...(description ? { description } : {}) }),
  uri: (description?: string): JsonSchema => ({ type: 'string', format: 'uri', ...(description ? { description } : {}) }),
  enum: (values: readonly (string | number)[], description?: string): JsonSchema => ({ enum: [...values], ...(description ? { description } : {}) }),
  array: (items: JsonSchema, description?: string): JsonSchema => ({ type: 'array', items, ...(description ? { description } : {}) }),
  /** A map from string keys to one schema. */
  map: (values: JsonSchema, description?: string): JsonSchema => ({ type: 'object', additionalProperties: values, ...(description ? { description } : {}) }),
  /** `schema` or null. Primitive types become a type list; anything else an anyOf. */
  nullable(schema: JsonSchema): JsonSchema {
    if (typeof schema.type === 'string' && schema.enum === undefined) {
      return { ...schema, type: [schema.type, 'null'] };
    }
    const { description, ...rest } = schema;
    return { ...(description ? { description } : {}), anyOf: [rest, { type: 'null' }] };
  },
  /**
   * An object whose properties are all required unless listed in `optional`: the API always
   * sends every field (null when unknown), so "required" is the honest default.
   */
  object(properties: Record<string, JsonSchema>, options: { description?: string; optional?: readonly string[] } = {}): JsonSchema {
    const optional = new Set(options.optional ?? []);
    return {
      type: 'object',
      ...(options.description ? { description: options.description } : {}),
      required: Object.keys(properties).filter((key) => !optional.has(key)),
      properties,
    };
  },
};
