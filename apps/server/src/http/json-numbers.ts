import { randomBytes } from 'node:crypto';
import { JsonNumberText } from '@skillroom/contract';

// A JSON string (skipped whole, escapes included) or something that starts like a number.
const TOKEN = /"(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*/g;
// JSON's own number grammar: anything else that TOKEN finds is left for JSON.parse to refuse.
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const PLAIN_INTEGER = /^-?\d+$/;

/**
 * Whether JSON.parse would give this number a value that passes for an integer it was not written as: `1.0`, `3.4e1`,
 * `1e3` (integers in another form), integers beyond 2^53 (rounded to a neighbour) and `1e400` (no number at all).
 * Plain integers within 2^53 and real fractions (`0.5`, `1e-7`) are read as JSON.parse reads them.
 */
export function misleadingNumber(text: string): boolean {
  if (!JSON_NUMBER.test(text)) return false;
  const n = Number(text);
  if (PLAIN_INTEGER.test(text)) return !Number.isSafeInteger(n);
  return Number.isInteger(n) || !Number.isFinite(n);
}

/**
 * Source-aware JSON: JSON.parse turns `3.4e1` into 34, so the raw text is looked at first. Each misleading number
 * (see above) is written as a string carrying a marker that no client can know, parsed by the usual (secure) parser,
 * and then put back as a `JsonNumberText`: every integer field refuses it; `anyNumber` fields read its value.
 * A body without such numbers is parsed exactly as before.
 */
export function prepareJson(text: string): { text: string; restore: (parsed: unknown) => unknown } | null {
  let marker = '';
  const out = text.replace(TOKEN, (token) => {
    if (token.startsWith('"') || !misleadingNumber(token)) return token;
    marker ||= `~number~${randomBytes(12).toString('base64url')}:`;
    return `"${marker}${token}"`;
  });
  if (!marker) return null;
  return { text: out, restore: (parsed) => restoreNumbers(parsed, marker) };
}

/** Replaces the marked strings by `JsonNumberText`, without recursion (a deeply nested body cannot overflow). */
function restoreNumbers(root: unknown, marker: string): unknown {
  const wrap = (v: unknown) => (typeof v === 'string' && v.startsWith(marker) ? new JsonNumberText(v.slice(marker.length)) : v);
  const stack: unknown[] = [root];
  while (stack.length) {
    const value = stack.pop();
    if (!value || typeof value !== 'object') continue;
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const child = record[key];
      if (child && typeof child === 'object') stack.push(child);
      else record[key] = wrap(child);
    }
  }
  return wrap(root);
}
