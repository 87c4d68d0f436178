import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionMembers, subscriptions, analyticsEvents } from '../../db/schema';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';

let s: TestServer;
const web = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-web-'));
beforeAll(async () => {
  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><title>Skillroom</title><script type="module" src="/web/assets/app.js"></script>',
  );
  fs.writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1)');
  s = await startTestServer({ WEB_DIST_DIR: web, DEMO: 'true', RATE_LIMIT_AUTH_PER_MINUTE: '5' });
});
afterAll(async () => {
  await s.close();
  fs.rmSync(web, { recursive: true, force: true });
});

describe('config', () => {
  it('answers version, locales and, in demo mode, the demo accounts', async () => {
    const res = await s.api('GET', '/api/public/v1/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      locales: ['en', 'zh-HK', 'es'],
      defaultLocale: 'en',
      demo: true,
    });
    expect(res.json().demoAccounts.map((a: { username: string }) => a.username)).toContain('teacher');
  });
});

describe('translations', () => {
  it.each(['en', 'zh-HK', 'es'])('serves the %s map of dotted keys', async (locale) => {
    const res = await s.api('GET', `/api/public/v1/translation/${locale}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.locale).toBe(locale);
    expect(Object.keys(body.translations).length).toBeGreaterThan(2);
    expect(body.translations['email.reset.subject']).toBeTruthy();
  });

  it('serves en for en-US and 404 for an unknown locale', async () => {
    expect((await s.api('GET', '/api/public/v1/translation/en-US')).json().locale).toBe('en');
    expect((await s.api('GET', '/api/public/v1/translation/xx')).statusCode).toBe(404);
  });

  it('has the same keys and placeholders in every locale', async () => {
    const maps = await Promise.all(
      ['en', 'zh-HK', 'es'].map(
        async (l) => (await s.api('GET', `/api/public/v1/translation/${l}`)).json().translations as Record<string, string>,
      ),
    );
    const keys = maps.map((m) => Object.keys(m).sort());
    expect(keys[1]).toEqual(keys[0]);
    expect(keys[2]).toEqual(keys[0]);
    const ph = (t: string) => (t.match(/%\w+%/g) ?? []).sort();
    for (const k of keys[0]!) expect([ph(maps[1]![k]!), ph(maps[2]![k]!)], k).toEqual([ph(maps[0]![k]!), ph(maps[0]![k]!)]);
  });
});

describe('security and errors', () => {
  it('sends a strict CSP without inline scripts and other security headers', async () => {
    const res = await s.api('GET', '/web/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('answers an unknown API route with a Hydra 404', async () => {
    const res = await s.api('GET', '/api/public/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()['@type']).toBe('hydra:Error');
  });

  it('answers a malformed URL with a Hydra 400, on the API and under /web', async () => {
    for (const url of ['/api/auth/v1/teaching-class/%E0%A4%A', '/web/%E0%A4%A']) {
      const res = await s.api('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()['@type'], url).toBe('hydra:Error');
    }
  });

  it('refuses a JSON body over 1 MB with 413', async () => {
    const res = await s.api('POST', '/api/public/v1/user', { body: { username: 'x'.repeat(1_100_000) } });
    expect(res.statusCode).toBe(413);
  });

  it('rate-limits sign-in attempts with 429', async () => {
    const codes: number[] = [];
    // From an address of its own, so the other tests' sign-ins are not counted.
    const attempt = () =>
      s.app.inject({
        method: 'POST',
        url: '/api/public/v1/login_check',
        remoteAddress: '192.0.2.7',
        headers: { 'content-type': 'application/json' },
        payload: { username: 'nobody', password: 'whatever1' },
      });
    for (let i = 0; i < 7; i++) codes.push((await attempt()).statusCode);
    expect(codes.slice(0, 5).every((c) => c === 401)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('web app', () => {
  it('serves the app page for / redirects and deep /web links, and assets with long caching', async () => {
    expect((await s.api('GET', '/')).headers.location).toBe('/web/');
    for (const url of ['/web/', '/web/teaching-class/12/student/3', '/web/profile/edit']) {
      const res = await s.api('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Skillroom</title>');
    }
    const asset = await s.api('GET', '/web/assets/app.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await s.api('GET', '/web/../package.json')).body).not.toContain('"workspaces"');
  });

  it('serves a new build of the app page without a restart', async () => {
    const index = path.join(web, 'index.html');
    const before = fs.readFileSync(index, 'utf8');
    fs.writeFileSync(index, before.replace('app.js', 'app-2.js'));
    // A different modification time, whatever the file system's clock resolution.
    fs.utimesSync(index, new Date(), new Date(Date.now() + 5000));
    try {
      expect((await s.api('GET', '/web/teaching-class/1')).body).toContain('app-2.js');
    } finally {
      fs.writeFileSync(index, before);
    }
  });
});

describe('analytics', () => {
  it('stores screen views and events of the signed-in user', async () => {
    const u = await signUp(s);
    const res = await s.api('POST', '/api/auth/v1/analytics-event', {
      token: u.token,
      body: { name: 'screen_view', screen: 'Class List', properties: { locale: 'en' } },
    });
    expect(res.statusCode).toBe(202);
    const rows = await s.ctx.db.select().from(analyticsEvents);
    expect(rows.some((r) => r.userId === u.id && r.screen === 'Class List')).toBe(true);
  });

  it('answers 400 for an unknown screen, 401 without a token', async () => {
    const u = await signUp(s);
    expect((await s.api('POST', '/api/auth/v1/analytics-event', { token: u.token, body: { name: 'x', screen: 'Nope' } })).statusCode).toBe(
      400,
    );
    expect((await s.api('POST', '/api/auth/v1/analytics-event', { body: { name: 'x' } })).statusCode).toBe(401);
  });
});

describe('logged-in user view', () => {
  it('tells the shell whether the user has a subscription (logo variant)', async () => {
    const u = await signUp(s);
    expect((await s.api('GET', `/api/auth/v1/user/${u.id}`, { token: u.token })).json().hasSubscription).toBe(false);
    const [sub] = await s.ctx.db
      .insert(subscriptions)
      .values({ name: 'District plan', start: '2026-01-01', end: '2027-12-31' })
      .returning();
    await s.ctx.db.insert(subscriptionMembers).values({ subscriptionId: sub!.id, userId: u.id, role: 'teacher' });
    expect((await s.api('GET', `/api/auth/v1/user/${u.id}`, { token: u.token })).json().hasSubscription).toBe(true);
  });
});

describe('API document', () => {
  it('lists every route in OpenAPI 3.1, with request bodies from the contract', async () => {
    const res = await s.api('GET', '/api/docs.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/public/v1/login_check', '/api/auth/v1/user/{id}', '/logout']));
    expect(doc.paths['/api/public/v1/user'].post.requestBody.content['application/ld+json'].schema.required).toContain('username');
    // Every write takes the optional Idempotency-Key header; reads do not.
    const header = (op: { parameters: { in: string; name: string }[] }) =>
      op.parameters.filter((p) => p.in === 'header').map((p) => p.name);
    expect(header(doc.paths['/api/auth/v1/rating/{id}'].patch)).toEqual(['Idempotency-Key']);
    expect(header(doc.paths['/api/auth/v1/rating/{id}'].delete)).toEqual(['Idempotency-Key']);
    expect(header(doc.paths['/api/auth/v1/rating/{id}'].get)).toEqual([]);
    const page = await s.api('GET', '/api/docs');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/api/auth/v1/user/{id}');
    expect(page.body).not.toContain('<script');
  });
});
