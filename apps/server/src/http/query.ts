import type { z } from 'zod';
import { parse } from './validate';
/**
 * Query strings arrive as `id[]=1&id[]=2`, `id[0]=1`, `teachingClass.id=3` or `date[after]=…`.
 * Fastify's parser keeps those keys flat; this folds them into arrays and nested objects.
 */
export function foldQuery(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const values = Array.isArray(value) ? value : [value];
    const m = /^([^[\]]+)\[([^[\]]*)\]$/.exec(key);
    if (!m) {
      out[key] = value;
      continue;
    }
    const [, name, sub] = m as unknown as [string, string, string];
    if (sub === '' || /^\d+$/.test(sub)) {
      const prev = out[name];
      out[name] = [...(Array.isArray(prev) ? prev : prev === undefined ? [] : [prev]), ...values];
    } else {
      const prev = (typeof out[name] === 'object' && out[name] !== null && !Array.isArray(out[name]) ? out[name] : {}) as Record<string, unknown>;
      out[name] = { ...prev, [sub]: value };
    }
  }
  return out;
}

/** A list's query string folded and parsed with its contract schema, and the filters its page links repeat. */
export function parseListQuery<S extends z.ZodType>(schema: S, rawQuery: unknown): { q: z.output<S>; filters: Record<string, unknown> } {
  const raw = foldQuery((rawQuery ?? {}) as Record<string, unknown>);
  const { page: _p, itemsPerPage: _i, ...filters } = raw;
  return { q: parse(schema, raw), filters };
}
