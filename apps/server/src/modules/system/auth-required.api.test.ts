import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/**
 * Every route under /api/auth/ answers 401 without a token, and changes nothing: taken from the API document,
 * which collects each route as it is registered, so that a route added later is checked without a new test.
 */
describe('every signed-in route', () => {
  it('answers 401 to a call without a token, and to one with a forged token', async () => {
    const doc = (await s.api('GET', '/api/docs.json')).json() as { paths: Record<string, Record<string, unknown>> };
    const calls = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith('/api/auth/'))
      .flatMap(([p, methods]) => Object.keys(methods).map((m) => ({ method: m.toUpperCase(), url: p.replace(/\{[^}]+\}/g, '1') })));
    expect(calls.length).toBeGreaterThan(20);
    const forged = 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyaWQiOjEsInVzZXJuYW1lIjoidGVhY2hlciJ9.c2lnbmF0dXJl';
    for (const { method, url } of calls) {
      const body = ['POST', 'PATCH', 'PUT'].includes(method) ? {} : undefined;
      const anonymous = await s.api(method as 'GET', url, { body });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const bad = await s.api(method as 'GET', url, { body, token: forged });
      expect(bad.statusCode, `${method} ${url} with a forged token`).toBe(401);
    }
  });
});
