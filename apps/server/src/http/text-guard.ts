import type { FastifyInstance } from 'fastify';
import { V } from '@skillroom/contract';
import { ValidationError } from './errors';

// A NUL, or half of a UTF-16 pair: PostgreSQL stores neither (text nor jsonb), and no person types them.
const UNSAFE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The property path of the first string (value or key) that holds an unsafe character, or null.
 * Walks without recursion, so that a deeply nested body cannot overflow the stack.
 */
export function unsafeTextPath(root: unknown, rootPath = ''): string | null {
  const stack: [unknown, string][] = [[root, rootPath]];
  while (stack.length) {
    const [value, at] = stack.pop()!;
    if (typeof value === 'string') {
      if (UNSAFE.test(value)) return at;
    } else if (value && typeof value === 'object' && !ArrayBuffer.isView(value)) {
      for (const [key, child] of Object.entries(value)) {
        const childPath = Array.isArray(value) ? `${at}[${key}]` : at ? `${at}.${key}` : key;
        if (UNSAFE.test(key)) return at;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/**
 * Refuses such characters anywhere in a request's path, query or body, for every route at once
 * (a route added later cannot forget it): a 400 with a violation, before any handler runs.
 */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    for (const part of [req.params, req.query, req.body]) {
      const at = unsafeTextPath(part);
      if (at !== null) throw new ValidationError([{ propertyPath: at, message: V.character }]);
    }
  });
}
