import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

/**
 * The headers every answer carried before @fastify/helmet sent them, written out: the same set, nothing more. The
 * policy's directives are compared one by one (helmet joins them with ";", we wrote "; ").
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];
const directives = (csp: unknown) => String(csp).split(/;\s*/);
const SAME = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(self), microphone=(self), geolocation=()',
};
/** Helmet's defaults that we never sent. */
const NEVER = [
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'cross-origin-embedder-policy',
];

describe.each([
  ['no CORS origins', {}, 'same-origin'],
  ['CORS origins', { CORS_ORIGINS: 'https://app.example.org' }, 'cross-origin'],
])('security headers with %s', (_name, env: Record<string, string>, corp) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(env);
  });
  afterAll(() => s.close());

  const answers: [string, () => Promise<{ statusCode: number; headers: Record<string, unknown> }>, number][] = [
    ['a public JSON answer', () => s.api('GET', '/api/public/v1/config'), 200],
    ['an unknown route (404)', () => s.api('GET', '/api/public/v1/nowhere'), 404],
    ['an anonymous call of an authenticated route (401)', () => s.api('GET', '/api/auth/v1/teaching-classes'), 401],
    [
      'a body of the wrong type (415)',
      () => s.api('POST', '/api/public/v1/login_check', { headers: { 'content-type': 'text/plain' }, body: 'x' }),
      415,
    ],
    ['invalid input (400)', () => s.api('POST', '/api/public/v1/user', { body: {} }), 400],
    // The tests' server has no web build: its page says so (503), with the same headers as the app's pages.
    ['the web app', () => s.api('GET', '/web/'), 503],
  ];

  it.each(answers)('are sent on %s', async (_label, call, status) => {
    const res = await call();
    expect(res.statusCode).toBe(status);
    expect(res.headers).toMatchObject({ ...SAME, 'cross-origin-resource-policy': corp });
    expect(directives(res.headers['content-security-policy'])).toEqual(CSP);
    for (const h of NEVER) expect(res.headers[h], h).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('leave an answer uncached unless its route says otherwise', async () => {
    expect((await s.api('GET', '/api/public/v1/config')).headers['cache-control']).toBe('no-store');
    expect((await s.api('GET', '/api/public/v1/translation/en')).headers['cache-control']).toBe('public, max-age=300');
  });
});
