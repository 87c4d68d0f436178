// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, withQuery } from './api-client';
import { clearTokens } from './session';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/ld+json' } });

describe('api client (spec §7)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearTokens();
  });

  it('sends JSON-LD under /api/auth/v1 and answers the parsed body', async () => {
    const fetchMock = vi.fn(async () => json(200, { ok: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await api('/thing/1', { method: 'PATCH', body: { a: 1 } })).toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/v1/thing/1');
    expect(init.headers).toMatchObject({ accept: 'application/ld+json', 'content-type': 'application/ld+json' });
  });

  it('turns a 400 into field violations and a hydra error into its description', async () => {
    vi.stubGlobal('fetch', async () =>
      json(400, {
        '@type': 'ConstraintViolationList',
        'hydra:description': 'name: blank',
        violations: [{ propertyPath: 'name', message: 'blank' }],
      }),
    );
    const e = (await api('/x', { public: true }).catch((x: unknown) => x)) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(400);
    expect(e.violations).toEqual([{ propertyPath: 'name', message: 'blank' }]);
    vi.stubGlobal('fetch', async () => json(403, { '@type': 'hydra:Error', 'hydra:description': 'Access Denied.' }));
    await expect(api('/x', { public: true })).rejects.toMatchObject({ status: 403, message: 'Access Denied.' });
  });

  it('sends an Idempotency-Key on every write, a fresh one unless the caller resends with its own (DESIGN §7)', async () => {
    const fetchMock = vi.fn(async () => json(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    await api('/a', { public: true });
    await api('/a', { method: 'POST', body: {}, public: true });
    await api('/a', { method: 'POST', body: {}, public: true });
    await api('/a/1', { method: 'DELETE', public: true, idempotencyKey: 'k-1' });
    const keys = fetchMock.mock.calls.map(
      (c) => ((c as unknown as [string, RequestInit])[1].headers as Record<string, string>)['idempotency-key'],
    );
    expect(keys[0]).toBeUndefined();
    expect(keys[1]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[2]).not.toBe(keys[1]);
    expect(keys[3]).toBe('k-1');
  });

  it('reports a network failure as the generic fetch error', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('offline');
    });
    await expect(api('/x', { public: true })).rejects.toMatchObject({ status: 0, message: 'Unable to retrieve data.' });
  });

  it('builds query strings with repeated array values and 0/1 switches', () => {
    expect(withQuery('/medias', { id: [1, 2], mediaType: 8, none: undefined, empty: '' })).toBe(
      '/medias?id%5B%5D=1&id%5B%5D=2&mediaType=8',
    );
    expect(withQuery('/teaching-classes', { isFinished: false, page: 1 })).toBe('/teaching-classes?isFinished=0&page=1');
  });
});
