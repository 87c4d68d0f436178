/**
 * What a kept answer (`Idempotency-Key`, DESIGN §7) keeps once a resource it names is erased (DESIGN §6): the answer's
 * own `@id` (without a query, which may quote a search) and `id`, nothing else. A replay then still tells the client
 * that its write happened and what it made (a create answers its 201 again, and writes nothing), while no name, note,
 * link or other content of the erased record stays in the table. A body without either (a list, an error) keeps none.
 */
export function minimalAnswer(body: string | null): string | null {
  if (body === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const { '@id': at, id } = parsed as Record<string, unknown>;
  const kept: Record<string, string | number> = {};
  if (typeof at === 'string') kept['@id'] = at.split('?')[0]!;
  if (typeof id === 'number' || (typeof id === 'string' && /^\d+$/.test(id))) kept.id = id;
  return Object.keys(kept).length ? JSON.stringify(kept) : null;
}
