// Comparing two answers of the API: what may differ between equal calls masked, or only their shape.

/** Answers compared with what may differ between two equal calls masked: signed links (they carry a time), `updated`. */
export function masked(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(masked);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => [k, ['url', 'thumbUrl', 's3_url', 'updated'].includes(k) ? '…' : masked(x)]),
    );
  return v;
}

/** The shape of an answer: keys and kinds, for calls that make something new each time (new ids, codes, tokens). */
export function shape(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(shape);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)]));
  return v === null ? null : typeof v;
}
