import fc from 'fast-check';

/**
 * One seed for every property of the security tests: a failure is replayed by running again
 * (HOSTILE_SEED=<n> explores other cases).
 */
export const SEED = Number(process.env.HOSTILE_SEED ?? 20261122);

export const SQL_INJECTION = [
  "' OR 1=1 --",
  '"; DROP TABLE patients; --',
  "'; DELETE FROM users WHERE '1'='1",
  "' UNION SELECT password_hash FROM users --",
  "1' AND pg_sleep(5) --",
  "%' OR '1'='1",
  "\\'; --",
  '$1',
  "' || (SELECT version()) || '",
  "1; COPY patients TO PROGRAM 'id'",
] as const;

export const HTML_INJECTION = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '<svg/onload=alert(1)>',
  ['{{7*7}}', '$', '{7*7}<%= 7*7 %>'].join(''),
  '</textarea><iframe src=//evil>',
] as const;

/** Right-to-left, emoji, combining marks, control characters, NUL, BOM, zero width, lone surrogate. */
export const UNICODE = [
  'مرحبا بالعالم',
  'שלום\u202Egnp.exe',
  '👩‍⚕️🏥💉🇮🇩',
  'Z̴̡͓̈́a̷̛l̸g̴o̵',
  '\u0001\u0007\u0008\u001b[31m\u007f',
  '\uFEFFbom',
  'zero\u200Bwidth\u200D',
  '\uD83D',
  '𝕂𝕝𝕚𝕟𝕚𝕜𝕚𝕥𝕒',
  'İıſK',
  '\r\n\t\v\f',
  // PostgreSQL text cannot hold NUL: the database refuses it, and that must be a 400
  'nul\u0000byte',
] as const;

export const PATH_ATTACKS = [
  '../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '%2e%2e%2f',
  '....//....//',
  'C:\\Windows\\win.ini',
  '/dev/zero',
  'file:///etc/passwd',
] as const;

/** Numbers that break naive code: float limits, int4/int8 edges, signed zero, scientific notation. */
export const HUGE_NUMBERS = [
  1e308, -1e308, -0, 0, -1, 0.5, 5e-324, 2147483647, 2147483648, -2147483649, 9007199254740991,
  9007199254740992, 1e21,
] as const;

/** The same as strings, plus what JSON cannot carry. */
export const NUMBER_STRINGS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e308',
  '1e309',
  '0x10',
  '1_000',
  '99999999999999999999999',
  '2147483648',
  ' 10 ',
  '10abc',
  '',
] as const;

/**
 * Dates in each format the API reads, outside 1900–2100 or impossible (issue 13: 31_12_9999 once
 * answered 500), beside a few real ones so a request also gets past the schema.
 */
export const HOSTILE_DATES = {
  dmy: [
    '31_12_9999',
    '1_1_0001',
    '31_12_1899',
    '1_1_2101',
    '31_02_2025',
    '29_2_2100',
    '0_0_0000',
    '1_1_2000',
    '31_12_2100',
  ],
  ddmmyyyy: [
    '31/12/9999',
    '01/01/0001',
    '31/12/1899',
    '01/01/2101',
    '31/02/2025',
    '29/02/1900',
    '00/00/0000',
    '01/01/1900',
    '17/08/1985',
  ],
  iso: [
    '9999-12-31',
    '0001-01-01',
    '1899-12-31',
    '2101-01-01',
    '2025-02-31',
    '2100-02-29',
    '0000-00-00',
    '2026-03-05',
  ],
  mmddyyyy: ['12319999', '01010001', '12311899', '01012101', '02312025', '02292100', '00000000', '03052026'],
} as const;

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'] as const;

export const hostileString = fc.oneof(
  fc.constantFrom(...SQL_INJECTION),
  fc.constantFrom(...HTML_INJECTION),
  fc.constantFrom(...UNICODE),
  fc.constantFrom(...PATH_ATTACKS),
  fc.constantFrom(...NUMBER_STRINGS),
  fc.string({ unit: 'binary', maxLength: 40 }).map((s) => s.replaceAll('\u0000', '')),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
  // overlong: far beyond any field's limit
  fc
    .constantFrom(300, 5_001, 20_000)
    .chain((n) => fc.constantFrom('a', 'é', '😀', "'").map((c) => c.repeat(n))),
);

/** Any JSON value of the wrong kind: scalars, hostile strings, huge numbers, nested containers. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    fc.constantFrom(...HUGE_NUMBERS),
    fc.constantFrom(true, false, null),
    fc.integer(),
    fc.double({ noNaN: true }),
    fc.constant([]),
    fc.constant({}),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...PROTO_KEYS)), tie('value'), {
      maxKeys: 3,
    }),
  ),
})).value;

/** A JSON (OpenAPI 3.0 flavoured) schema as @fastify/swagger writes it. */
export interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  default?: unknown;
}

export type RefResolver = (ref: string) => JsonSchema;

/** Known-good values for some field names (real ids), so that a body gets past the schema to the service. */
export type FieldHints = (key: string, schema: JsonSchema) => fc.Arbitrary<unknown> | undefined;
const noHints: FieldHints = () => undefined;

/** A string the schema accepts, but as adversarial as its limits allow. */
function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 20_000;
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= min && s.length <= max);
    } catch {
      // a pattern JavaScript cannot read: fall through to plain strings
    }
  }
  const fit = (s: string) => (s.length > max ? s.slice(0, max) : s.padEnd(min, 'x'));
  return fc.oneof(
    hostileString.map(fit),
    fc.string({ minLength: min, maxLength: Math.min(max, 60) }),
    fc.constant('x'.repeat(Math.max(min, Math.min(max, 20_000)))),
  );
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lowExclusive = schema.exclusiveMinimum === true;
  const highExclusive = schema.exclusiveMaximum === true;
  const min = schema.minimum ?? (integer ? Number.MIN_SAFE_INTEGER : -1e308);
  const max = schema.maximum ?? (integer ? Number.MAX_SAFE_INTEGER : 1e308);
  const inRange = (n: number) =>
    (lowExclusive ? n > min : n >= min) &&
    (highExclusive ? n < max : n <= max) &&
    (!integer || Number.isInteger(n));
  const edges = [min, max, ...HUGE_NUMBERS, 1, 10, 13, 20].filter(inRange);
  const base = integer
    ? fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return (edges.length ? fc.oneof(fc.constantFrom(...edges), base) : base).filter(inRange);
}

/**
 * Values the schema accepts — types, enums, lengths, ranges, patterns — filled with hostile content
 * (injection strings cut to the field's limit, edge numbers); `hints` give known ids by field name.
 */
export function validArb(
  schema: JsonSchema,
  resolve: RefResolver,
  hints: FieldHints = noHints,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (schema.$ref) return validArb(resolve(schema.$ref), resolve, hints, depth);
  if (schema.allOf?.length) return validArb(Object.assign({}, ...schema.allOf), resolve, hints, depth);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => validArb(v, resolve, hints, depth + 1)));
  const inner = (): fc.Arbitrary<unknown> => {
    if (schema.enum?.length) return fc.constantFrom(...schema.enum);
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
    switch (type) {
      case 'string':
        return stringFor(schema);
      case 'integer':
        return numberFor(schema, true);
      case 'number':
        return numberFor(schema, false);
      case 'boolean':
        return fc.boolean();
      case 'array': {
        const items = schema.items ? validArb(schema.items, resolve, hints, depth + 1) : fc.constant(null);
        const minLength = schema.minItems ?? 0;
        const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 3, depth > 1 ? 1 : 3));
        return fc.array(items, { minLength, maxLength });
      }
      case 'object':
      case undefined: {
        if (!schema.properties) return fc.constant({});
        const model: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [key, property] of Object.entries(schema.properties)) {
          model[key] = hints(key, property) ?? validArb(property, resolve, hints, depth + 1);
        }
        return fc.record(model, { requiredKeys: schema.required ?? [] });
      }
      default:
        return fc.constant(null);
    }
  };
  const arb = inner();
  const nullable = schema.nullable || (Array.isArray(schema.type) && schema.type.includes('null'));
  return nullable
    ? fc.oneof({ weight: 4, arbitrary: arb }, { weight: 1, arbitrary: fc.constant(null) })
    : arb;
}

/**
 * Bodies for a JSON schema: schema-valid but adversarial, one field of the wrong type, fields
 * missing, extra (prototype-pollution) keys, or no object at all.
 */
export function hostileBodyArb(
  schema: JsonSchema | undefined,
  resolve: RefResolver,
  hints: FieldHints = noHints,
): fc.Arbitrary<unknown> {
  const notAnObject = fc.oneof(
    hostileString,
    fc.constantFrom(...HUGE_NUMBERS),
    fc.constantFrom(true, null),
    fc.array(hostileValue, { maxLength: 3 }),
  );
  if (!schema)
    return fc.oneof(notAnObject, fc.dictionary(fc.string({ maxLength: 8 }), hostileValue, { maxKeys: 3 }));
  const valid = validArb(schema, resolve, hints);
  const keys = Object.keys((schema.$ref ? resolve(schema.$ref) : schema).properties ?? {});
  const asObject = (v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  const wrongField = keys.length
    ? fc
        .tuple(valid, fc.constantFrom(...keys), hostileValue)
        .map(([body, key, value]) => ({ ...asObject(body), [key]: value }))
    : valid;
  const missing = keys.length
    ? fc.tuple(valid, fc.subarray(keys, { minLength: 1 })).map(([body, drop]) => {
        const copy = { ...asObject(body) };
        for (const k of drop) delete copy[k];
        return copy;
      })
    : valid;
  const extra = fc
    .tuple(
      valid,
      fc.dictionary(
        fc.oneof(
          fc.string({ minLength: 1, maxLength: 12 }),
          fc.constantFrom('isAdmin', 'corpId', 'role', 'id', 'uid', 'deletedAt'),
        ),
        hostileValue,
        { minKeys: 1, maxKeys: 3 },
      ),
    )
    .map(([body, more]) => ({ ...asObject(body), ...more }));
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    { weight: 3, arbitrary: wrongField },
    { weight: 2, arbitrary: missing },
    { weight: 2, arbitrary: extra },
    { weight: 1, arbitrary: notAnObject },
  );
}

/** A JSON text that smuggles prototype-pollution keys past `JSON.stringify` (which would drop `__proto__`). */
export function withPollution(body: unknown, key: 'proto' | 'constructor'): string {
  const text = JSON.stringify(body ?? {});
  const smuggled =
    key === 'proto'
      ? '"__proto__":{"isAdmin":true,"polluted":1}'
      : '"constructor":{"prototype":{"polluted":1}}';
  return text.startsWith('{') && text !== '{}' ? `{${smuggled},${text.slice(1)}` : `{${smuggled}}`;
}

/** Texts sent as application/json that are not JSON (or not what a JSON parser should accept). */
export const MALFORMED_JSON = [
  '',
  '{',
  '{"a":',
  "{'a':1}",
  '{"a":1,}',
  '[1,2',
  'undefined',
  'NaN',
  '{"a":NaN}',
  '{"a":1e999}',
  '\uFEFF{}',
  '{"a":"\\ud800"}',
  '{"a":"\\x00"}',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"a":"${'z'.repeat(2 * 1024 * 1024)}"}`,
  '{"a":1}{"b":2}',
  'null',
  '"just a string"',
  '12345',
] as const;

/** Content types a JSON route must refuse cleanly. */
export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'image/png',
  '*/*',
  'application/json, text/plain',
] as const;
