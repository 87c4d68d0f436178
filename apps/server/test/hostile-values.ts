import fc from 'fast-check';

/** The part of JSON Schema the API document's zod schemas produce. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  example?: unknown;
  examples?: unknown[];
  default?: unknown;
}

// Values that broke, or could break, a layer between the parser and the database.
const NULS = ['\u0000', 'a\u0000b', '\u0000\u0000\u0000', 'Ana\u0000 Silva'];
const LONE_SURROGATES = ['\ud800', '\udfff', 'a\udc00b', '\ud83d', 'x\ud800\ud800'];
const OUT_OF_RANGE = [2147483648, 3000000000, 2 ** 53 + 2, 1e21, 1e308, -1, 0, -2147483649, 1.5, -0.000001, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER];
const IRIS = [
  '/api/auth/v1/school/3000000000',
  '/api/auth/v1/teaching-class/99999999999999999999',
  '/api/auth/v1/user/2147483648',
  '/api/auth/v1/media/0',
  '/api/auth/v1/media/-1',
  '/api/auth/v1/student/1e3',
  '/api/auth/v1/student/1.5',
  '/api/auth/v1/school/0x10',
  '../../../../etc/passwd',
  '/api/auth/v1/teaching-class/%00',
  '3000000000',
  '00000000000000000000001',
];
const DATES = [
  '0000-01-01',
  '9999-12-31',
  '275760-09-13',
  '+275760-09-13',
  '-000001-01-01',
  '1899-12-31',
  '2201-01-01',
  '2026-02-30',
  '2026-13-01',
  '2026-1-1',
  '2026-09-01T25:61:00Z',
  '2026-09-01T00:00:00+99:99',
  '1970-01-01T00:00:00.000000000001Z',
];
const INJECTIONS = [
  "' OR 1=1 --",
  '"; drop table school; --',
  '%',
  '_',
  '\\',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '%s%n%x',
  '..',
  '\r\nX-Injected: 1',
  'null',
  'undefined',
  'NaN',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
];
const STRUCTURES: unknown[] = [
  null,
  true,
  false,
  [],
  [[[[[]]]]],
  {},
  { '@id': '/api/auth/v1/school/3000000000' },
  { id: 3000000000 },
  { id: '3000000000' },
  { '@id': 5 },
  { id: { id: 1 } },
  { constructor: { prototype: { admin: true } } },
  { toString: 'x', valueOf: 1 },
  Array.from({ length: 1001 }, (_, i) => i + 1),
];

const loneSurrogateUnit = fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff');
const anyUnit = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: loneSurrogateUnit },
  { weight: 1, arbitrary: fc.constant('\u0000') },
);

/** Hostile strings only (what a query string or a path can carry). */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NULS, ...LONE_SURROGATES, ...DATES, ...INJECTIONS, ...IRIS),
  fc.constantFrom(...OUT_OF_RANGE).map(String),
  fc.string({ unit: anyUnit, maxLength: 40 }),
  // Lengths around the limits the contract uses (50, 100, 180, 200, 255, 4096), and far past them.
  fc.constantFrom(49, 50, 51, 100, 101, 180, 181, 200, 201, 255, 256, 4096, 4097, 20000).map((n) => 'x'.repeat(n)),
  fc.constantFrom('', ' ', '\t\n', '\u200b', '\ufeff', '\u202e', 'ǅ', 'İ', 'ß'.repeat(100), '🌳'.repeat(60)),
);

/** Any hostile JSON value. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 3, arbitrary: fc.constantFrom(...OUT_OF_RANGE) },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })) },
  { weight: 3, arbitrary: fc.constantFrom(...STRUCTURES) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 4 }) },
);

/** JSON text that JSON.stringify cannot write: numbers past double range, a negative zero, duplicate keys. */
export const RAW_LITERALS = ['1e999', '-1e999', '-0', '123456789012345678901234567890', '0.0000000000000000000000000001', '"\\ud800"', '"\\u0000"'];

/** Path segments in place of an id, none of them naming a row (so that even DELETE may take them). */
export const hostilePathSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '3000000000',
    '2147483648',
    '99999999999999999999',
    '1e3',
    '1.5',
    ' 1',
    '0x1',
    'abc',
    '%00',
    '%ED%A0%80',
    '%F0%9F%8C%B3',
    '..',
    '%2e%2e',
    'null',
    'undefined',
    '[]',
    '{}',
  ),
  hostileString.filter((x) => x !== '' && !/^\s*\d+\s*$/.test(x)).map(encodeLoosely),
);

/** Percent-encodes text; an unpaired surrogate is sent as its (invalid) CESU-8 bytes, which encodeURIComponent refuses. */
export function encodeLoosely(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    out +=
      ch.length === 1 && c >= 0xd800 && c <= 0xdfff
        ? [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('')
        : encodeURIComponent(ch);
  }
  return out;
}

const isNull = (s: JsonSchema) => s.type === 'null';
const options = (s: JsonSchema): JsonSchema[] => (s.anyOf ? s.anyOf.flatMap(options) : [s]);

/** A relation (DESIGN §4): the contract writes it as an IRI, an id or an object with @id. */
export const isReference = (s: JsonSchema) => {
  const o = options(s).filter((x) => !isNull(x));
  return o.some((x) => x.type === 'number') && o.some((x) => x.type === 'string') && o.some((x) => x.properties?.['@id']);
};

export interface Plausible {
  /** The id of an existing row a property of this name may refer to, if any. */
  refFor(name: string): number | undefined;
  /** A number unique to this request, so that names and e-mails do not collide. */
  n: number;
}

/**
 * A value the schema would take, so that a body is valid but for its hostile parts and reaches as deep into the
 * server as a real request would. Formats and examples come from the contract's schema metadata.
 */
export function plausible(s: JsonSchema, name: string, ctx: Plausible): unknown {
  if (s.example !== undefined) return s.example;
  if (s.examples?.length) return s.examples[0];
  if (s.enum?.length) return s.enum[0];
  if (isReference(s)) return ctx.refFor(name) ?? 1;
  if (s.anyOf) return plausible(s.anyOf.find((x) => !isNull(x)) ?? s.anyOf[0]!, name, ctx);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string': {
      if (s.format === 'date') return '2026-09-01';
      if (/email/i.test(name)) return `fuzz${ctx.n}@example.org`;
      if (/password/i.test(name)) return 'correct horse battery';
      let text = s.pattern ? `fuzz${ctx.n}` : `Fuzz ${ctx.n}`;
      if (s.pattern && !new RegExp(s.pattern).test(text)) text = String(ctx.n);
      return text.padEnd(s.minLength ?? 0, 'z').slice(0, s.maxLength ?? Infinity);
    }
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => plausible(s.items ?? {}, name.replace(/s$/, ''), ctx));
    case 'null':
      return null;
    default:
      return Object.fromEntries((s.required ?? []).map((k) => [k, plausible(s.properties?.[k] ?? {}, k, ctx)]));
  }
}
