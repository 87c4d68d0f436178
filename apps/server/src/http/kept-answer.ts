/**
 * What a kept answer (`Idempotency-Key`, DESIGN §7) holds. A successful write keeps a small answer (`smallAnswer`):
 * the `@id`, `@type` and `id` of what it made, and the same of the resources it lists (an observation's ratings);
 * never a name, a note, a score or a signed link. A replay answers that body with the
 * first answer's status and `Location`: for a client the ids suffice, and it reads the rest when it needs it.
 * A refusal (400, 404...) is kept whole: it tells what was wrong, in the API's own words, and names no resource.
 */
export interface KeptAnswer {
  body: string | null;
  /** The IRIs (without a query) the answer names: an erasure of one of them minimizes the answer (`minimalAnswer`). */
  names: string[];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const parse = (body: string | null): unknown => {
  if (body === null) return null;
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
};
const idOf = (v: unknown) => (typeof v === 'number' || (typeof v === 'string' && /^[\w-]+$/.test(v)) ? v : undefined);

/** `@id` (without a query, which may quote a search), `@type` and `id` of a resource. */
function refOf(o: Json) {
  const kept: Json = {};
  if (typeof o['@id'] === 'string') kept['@id'] = o['@id'].split('?')[0];
  if (typeof o['@type'] === 'string') kept['@type'] = o['@type'];
  if (idOf(o.id) !== undefined) kept.id = o.id;
  return kept;
}

export function smallAnswer(status: number, body: string | null): KeptAnswer {
  const parsed = parse(body);
  if (status < 200 || status >= 300 || !isObject(parsed)) return { body: status >= 300 ? body : null, names: [] };
  const kept: Json = refOf(parsed);
  const names = typeof kept['@id'] === 'string' ? [kept['@id']] : [];
  for (const [k, v] of Object.entries(parsed)) {
    if (k in kept || k === '@context') continue;
    if (Array.isArray(v) && v.length && v.every((x) => isObject(x) && typeof x['@id'] === 'string')) {
      kept[k] = v.map((x) => refOf(x as Json));
      names.push(...(kept[k] as Json[]).map((x) => x['@id'] as string));
    }
  }
  return { body: Object.keys(kept).length ? JSON.stringify(kept) : null, names };
}

/**
 * What a kept answer keeps once a resource it names is erased (DESIGN §6): the answer's own `@id` and `id`, nothing
 * else. A replay then still tells the client that its write happened and what it made (a create answers its 201
 * again, and writes nothing), while nothing about the erased record stays. A body without either keeps none.
 */
export function minimalAnswer(body: string | null): string | null {
  const parsed = parse(body);
  if (!isObject(parsed)) return null;
  const { '@id': at, id } = refOf(parsed);
  const kept: Json = {};
  if (at !== undefined) kept['@id'] = at;
  if (id !== undefined) kept.id = id;
  return Object.keys(kept).length ? JSON.stringify(kept) : null;
}
