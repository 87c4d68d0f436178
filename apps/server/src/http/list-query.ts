import { camelName, snakeName, type Filter, type ListQuery, type ListQueryOutput, type Violation } from '@skillroom/contract';
import { ValidationError } from './errors';
import { toViolations } from './validate';

/** The query names as written in links: the canonical spelling, values deduplicated (see `viewLinkQuery`). */
export type LinkQuery = Record<string, string | string[] | Record<string, string>>;

export const QUERY_MESSAGES = {
  unknown: 'This query parameter is not understood.',
  several: 'This value should be a single value.',
} as const;

interface Key {
  raw: string;
  name: string;
  /** `[]`/`[0]` (a list) → '', `[after]` → 'after', none → undefined. */
  sub: string | undefined;
}

/** `teaching_class.id[]` → name `teachingClass.id`, sub ''; `exists[creator]` → `exists`, `creator`. */
function splitKey(raw: string): Key | null {
  const m = /^([^[\]]+)(?:\[([^[\]]*)\])?$/.exec(raw);
  if (!m) return null;
  const sub = m[2] === undefined ? undefined : /^\d*$/.test(m[2]) ? '' : camelName(m[2]);
  return { raw, name: camelName(m[1]!), sub };
}

const asStrings = (v: unknown): string[] => (Array.isArray(v) ? v : [v]).map((x) => String(x ?? ''));

/** The canonical name a raw query key stands for, if any (e.g. to key a rate limit on `invitation_code`). */
export function queryValue(raw: Record<string, unknown> | undefined, name: string): string | undefined {
  for (const [k, v] of Object.entries(raw ?? {})) if (splitKey(k)?.name === name) return asStrings(v)[0];
  return undefined;
}

/**
 * Reads a query string with a route's `listQuery` declaration: both spellings, `x=v&x[]=v` as one value,
 * every name not declared is a 400 naming it. Answers the parsed query and the canonical filters for the links.
 */
export function readListQuery<L extends ListQuery>(raw: Record<string, unknown> | undefined, list: L): { query: ListQueryOutput<L>; links: LinkQuery } {
  const filters = list.filters as Record<string, Filter>;
  const violations: Violation[] = [];
  const values = new Map<string, Set<string>>();
  const keyed = new Map<string, Map<string, Set<string>>>();
  for (const [rawKey, v] of Object.entries(raw ?? {})) {
    const key = splitKey(rawKey);
    const f = key ? filters[key.name] : undefined;
    const fits = key && f && (f.shape === 'keyed' ? key.sub !== undefined && key.sub !== '' && f.keys?.includes(key.sub) : key.sub === undefined || key.sub === '');
    if (!key || !f || !fits) {
      violations.push({ propertyPath: rawKey, message: QUERY_MESSAGES.unknown });
      continue;
    }
    if (f.shape === 'keyed') {
      const subs = keyed.get(key.name) ?? new Map<string, Set<string>>();
      keyed.set(key.name, subs);
      const set = subs.get(key.sub!) ?? new Set<string>();
      asStrings(v).forEach((x) => set.add(x));
      subs.set(key.sub!, set);
    } else {
      const set = values.get(key.name) ?? new Set<string>();
      asStrings(v).forEach((x) => set.add(x));
      values.set(key.name, set);
    }
  }
  const links: LinkQuery = {};
  const single = (name: string, set: Set<string>): string | undefined => {
    if (set.size === 1) return [...set][0];
    violations.push({ propertyPath: name, message: QUERY_MESSAGES.several });
    return undefined;
  };
  for (const [name, set] of values) {
    const value = filters[name]!.shape === 'many' ? [...set] : single(name, set);
    if (value !== undefined) links[name] = value;
  }
  for (const [name, subs] of keyed) {
    const obj: Record<string, string> = {};
    for (const [sub, set] of subs) {
      const value = single(`${name}[${sub}]`, set);
      if (value !== undefined) obj[sub] = value;
    }
    links[name] = obj;
  }
  if (violations.length) throw new ValidationError(violations);
  const r = list.schema.safeParse(links);
  if (!r.success) {
    // Named as the client wrote the parameter: `id`, `exists[creator]`, never `id.0`.
    const name = (path: PropertyKey[]) => (filters[String(path[0])]?.shape === 'keyed' && path[1] !== undefined ? `${String(path[0])}[${String(path[1])}]` : String(path[0] ?? ''));
    throw new ValidationError(toViolations(r.error, '', links).map((v, i) => ({ ...v, propertyPath: name(r.error.issues[i]!.path) })));
  }
  const { page: _page, itemsPerPage: _size, ...kept } = links;
  return { query: r.data as ListQueryOutput<L>, links: kept };
}

/** `a=1`, `a[]=1&a[]=2`, `a[b]=1`: how a canonical filter is written back into a link. */
export function appendLinkQuery(qs: URLSearchParams, query: LinkQuery) {
  for (const [k, v] of Object.entries(query)) {
    if (Array.isArray(v) && v.length === 1) qs.append(k, v[0]!);
    else if (Array.isArray(v)) v.forEach((x) => qs.append(`${k}[]`, x));
    else if (typeof v === 'object') for (const [sub, x] of Object.entries(v)) qs.append(`${k}[${sub}]`, x);
    else qs.append(k, v);
  }
}

/** The OpenAPI parameters of a list: each name in its canonical and snake-case spelling, with `[]`/`[key]` forms. */
export function listParameters(list: ListQuery) {
  const out: Record<string, unknown>[] = [];
  for (const [name, f] of Object.entries(list.filters as Record<string, Filter>)) {
    const names = f.shape === 'keyed' ? (f.keys ?? []).map((k) => `${name}[${k}]`) : f.shape === 'many' ? [name, `${name}[]`] : [name];
    for (const n of names) {
      const schema = n.endsWith('[]') ? { type: 'array', items: f.value } : f.value;
      out.push({ name: n, in: 'query', required: false, schema, ...(f.description ? { description: f.description } : {}) });
      const snake = snakeName(n);
      if (snake !== n) out.push({ name: snake, in: 'query', required: false, schema, description: `Same as \`${n}\`.` });
    }
  }
  return out;
}
