/**
 * Validates served responses against the OpenAPI document with real validators:
 * `@seriousme/openapi-schema-validator` checks the document against the OpenAPI 3.1 schema, and
 * Ajv (JSON Schema 2020-12, with formats) checks every response body and header against it.
 *
 * Strictness: before compiling, every object schema of the document that does not say otherwise
 * is closed (`additionalProperties: false`), so a field the service sends but the document does
 * not describe is a mismatch. (The published document stays open: v1 only grows additively.)
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ValidateFunction } from 'ajv';

// Both are CommonJS modules whose default export is the function itself.
const Ajv2020 = ((Ajv2020Module as unknown as { default?: unknown }).default ?? Ajv2020Module) as typeof import('ajv/dist/2020.js').default;
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as unknown as (ajv: InstanceType<typeof Ajv2020>) => void;

type Json = any;

/** Headers the service sends whose presence on a response must be documented there. */
const DOCUMENTED_HEADERS = [
  'etag', 'cache-control', 'last-modified', 'retry-after', 'allow',
  'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'ratelimit-policy',
  'access-control-allow-origin', 'access-control-expose-headers',
  'access-control-allow-methods', 'access-control-allow-headers', 'access-control-max-age',
];

/** Checks the document itself against the OpenAPI 3.1 schema; returns its errors. */
export async function documentErrors(document: Json): Promise<unknown[]> {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(document));
  return result.valid ? [] : (result.errors as unknown[]) ?? ['invalid'];
}

function close(schema: Json): Json {
  if (Array.isArray(schema)) return schema.map(close);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    // `properties` maps names to schemas: close each, never the map itself.
    out[key] = key === 'properties' ? Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, close(v)])) : close(value);
  }
  if (out.properties && out.additionalProperties === undefined && out.unevaluatedProperties === undefined) out.additionalProperties = false;
  return out;
}

const pointer = (...parts: string[]) => `#/${parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;

/** One served exchange. */
export interface Exchange {
  method: string;
  url: string;
  status: number;
  headers: Headers;
  text: string;
}

/** Builds a checker of served responses against `document`. */
export function responseValidator(document: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const closed = close(document);
  ajv.addSchema(closed, 'openapi');
  const compiled = new Map<string, ValidateFunction>();
  const validate = (ref: string, value: unknown) => {
    let fn = compiled.get(ref);
    if (!fn) {
      fn = ajv.compile({ $ref: `openapi${ref}` });
      compiled.set(ref, fn);
    }
    return fn(value) ? [] : (fn.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
  };

  const templates = Object.keys(document.paths).map((template) => ({
    template,
    regex: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{(\w+)\}/g, (_, name: string) => (name === 'advancement_id' ? '(.+)' : '([^/]+)'))}/?$`),
    literal: template.replace(/\{\w+\}/g, '').length,
  }));

  const resolve = (node: Json): [Json, string | null] => {
    if (node && typeof node.$ref === 'string') {
      const parts = node.$ref.slice(2).split('/').map((p: string) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
      let target: Json = document;
      for (const part of parts) target = target?.[part];
      return [target, node.$ref];
    }
    return [node, null];
  };

  /** Mismatches of one exchange (empty when it conforms). */
  return function check(exchange: Exchange): string[] {
    const errors: string[] = [];
    const url = new URL(exchange.url);
    const match = templates.filter((t) => t.regex.test(url.pathname)).sort((a, b) => b.literal - a.literal)[0];
    const method = exchange.method === 'HEAD' ? 'get' : exchange.method.toLowerCase();
    let response: Json;
    let responseRef: string;
    const operation = match ? document.paths[match.template][method] : undefined;
    if (operation) {
      const declared = operation.responses[String(exchange.status)];
      if (!declared) return [`${exchange.method} ${url.pathname}: status ${exchange.status} is not documented`];
      const [target, ref] = resolve(declared);
      response = target;
      responseRef = ref ?? pointer('paths', match!.template, method, 'responses', String(exchange.status));
    } else {
      const name = exchange.status === 405 ? 'MethodNotAllowed'
        : exchange.status === 429 ? 'RateLimitExceeded'
          : exchange.status === 404 && !url.pathname.startsWith('/v1') && url.pathname !== '/openapi.json' ? 'UnversionedPath'
            : exchange.status === 404 ? 'NotFound' : exchange.status === 500 ? 'InternalError' : null;
      if (!name) return [`${exchange.method} ${url.pathname}: no operation documents status ${exchange.status}`];
      response = document.components.responses[name];
      responseRef = pointer('components', 'responses', name);
    }

    // Headers: every rate-limit/CORS/cache header sent is documented and matches its schema.
    const documented = new Map<string, Json>();
    for (const [name, header] of Object.entries(response.headers ?? {})) documented.set(name.toLowerCase(), resolve(header)[0]);
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      const required = (header as Json).required ?? resolve(header)[0]?.required;
      if (required && !exchange.headers.has(name)) errors.push(`missing required header ${name}`);
    }
    for (const name of DOCUMENTED_HEADERS) {
      const value = exchange.headers.get(name);
      if (value === null) continue;
      const header = documented.get(name);
      if (!header) {
        errors.push(`header ${name} is sent but not documented on ${exchange.status}`);
        continue;
      }
      const schema = header.schema ?? {};
      const typed = schema.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
      const key = JSON.stringify(schema);
      let fn = compiled.get(key);
      if (!fn) {
        fn = ajv.compile(schema);
        compiled.set(key, fn);
      }
      if (!fn(typed)) errors.push(`header ${name}: ${JSON.stringify(value)} ${fn.errors?.[0]?.message}`);
    }

    // Body.
    const contentType = exchange.headers.get('content-type')?.split(';')[0]?.trim();
    const content = response.content as Record<string, Json> | undefined;
    if (exchange.status === 304 || exchange.status === 204 || exchange.method === 'HEAD') {
      if (exchange.text !== '') errors.push(`${exchange.status} must have no body`);
      if (exchange.method !== 'HEAD' && content) errors.push(`${exchange.status} documents content`);
      return errors.map((e) => `${exchange.method} ${url.pathname}${url.search} → ${exchange.status}: ${e}`);
    }
    if (!content || !contentType || !content[contentType]) {
      errors.push(`content type ${contentType} is not documented`);
    } else if (contentType.endsWith('json')) {
      let body: unknown;
      try {
        body = JSON.parse(exchange.text);
      } catch {
        errors.push('body is not JSON');
      }
      if (body !== undefined) errors.push(...validate(`${responseRef}/content/${contentType.replace(/\//g, '~1')}/schema`, body));
    } else if (contentType === 'image/png') {
      if (!exchange.text.startsWith('\uFFFDPNG')) errors.push('PNG body expected');
    } else if (!exchange.text.startsWith('<svg')) {
      errors.push('SVG body expected');
    }
    return errors.map((e) => `${exchange.method} ${url.pathname}${url.search} → ${exchange.status}: ${e}`);
  };
}
