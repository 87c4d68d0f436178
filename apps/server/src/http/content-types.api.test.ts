import { describe, expect, it } from 'vitest';
import { withApiWorld, bodies, callsOf, concrete, fresh, type Call } from '../../test/api-world';
import { masked, shape } from '../../test/answer-shape';
import { API } from '../../test/classes';
import { dbKind } from '../../test/harness';
import { HYDRA_TYPE } from '../plugins/content-types';

const t = withApiWorld({ CORS_ORIGINS: 'https://app.example.org' });

/** The three ways clients send a call: the specification's (JSON-LD), a generated client's (JSON), and curl's (none). */
const VARIANTS = ['application/ld+json', 'application/json', undefined] as const;

async function send(call: Call, contentType: string | undefined, body: unknown) {
  return t.s.app.inject({
    method: call.method as 'GET',
    url: call.url,
    headers: {
      accept: 'application/ld+json',
      ...(contentType ? { 'content-type': contentType } : {}),
      ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
    },
    // The specification's client sends the header on DELETE and body-less POSTs too, with nothing after it.
    payload: body === undefined ? '' : JSON.stringify(body),
  });
}

const json = (body: string) => {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
};

/**
 * For every route of the API document: the same call with each content type gives the same answer. Reads and
 * repeatable writes must answer identically; writes that make something new each time, the same status and shape.
 */
describe(`every route of the API document (${dbKind})`, () => {
  it('answers the same with application/ld+json, application/json and no content type', async () => {
    const doc = (await t.s.api('GET', '/api/docs.json')).json();
    const calls = callsOf(doc, t.w).sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    const covered: string[] = [];
    const lists: string[] = [];
    for (const call of calls) {
      const key = `${call.method} ${call.path}`;
      const answers: { status: number; type: string; body: unknown; bytes: number }[] = [];
      for (const type of VARIANTS) {
        const resource = /\/([a-z-]+)\/\{id\}$/.exec(call.path)?.[1];
        const target =
          call.method === 'DELETE' && resource
            ? { ...call, url: concrete(call.path, t.w, fresh[resource] ? await fresh[resource](t.s, t.w) : 999999) }
            : call;
        const body = ['POST', 'PATCH', 'PUT'].includes(call.method) ? await bodies[key]?.(t.s, t.w) : undefined;
        const res = await send(target, type, body);
        const parsed = json(res.body);
        expect(res.statusCode, `${key} (${type ?? 'no content type'}): ${res.body.slice(0, 300)}`).toBeLessThan(500);
        if (parsed && typeof parsed === 'object' && '@type' in parsed)
          expect(res.headers['content-type'], `${key} answer type`).toBe(HYDRA_TYPE);
        answers.push({
          status: res.statusCode,
          type: String(res.headers['content-type'] ?? ''),
          body: parsed,
          bytes: res.rawPayload.length,
        });
      }
      const first = answers[0]!.body as { '@type'?: string } | null;
      if (call.method === 'GET' && first?.['@type'] === 'hydra:Collection') lists.push(call.path);
      const repeatable = call.method === 'GET' || call.method === 'PATCH';
      // Files made anew for each call (zip, PDF, spreadsheet) carry the moment they were made: compared by their size.
      const made = (a: { type: string; body: unknown }) => !/json|text\/html/.test(a.type) && typeof a.body === 'string';
      const view = (a: { status: number; type: string; body: unknown; bytes: number }) => ({
        status: a.status,
        type: a.type,
        body: made(a) ? a.bytes : repeatable ? masked(a.body) : shape(a.body),
      });
      expect(view(answers[1]!), `${key}: application/json`).toEqual(view(answers[0]!));
      expect(view(answers[2]!), `${key}: no content type`).toEqual(view(answers[0]!));
      covered.push(key);
    }
    console.info(`content types: ${covered.length} routes covered`);
    // Every list reads its query through a declaration (listQuery), so that no filter is ever silently dropped.
    const declared = new Set(t.s.ctx.routes.filter((r) => r.list).map((r) => r.url.replace(/:(\w+)/g, '{$1}')));
    expect(lists.filter((p) => !declared.has(p))).toEqual([]);
    expect(lists.length).toBeGreaterThanOrEqual(7);
    expect(covered.length).toBeGreaterThanOrEqual(35);
    // One sweep over every route of the API (about 130, three calls each): 12 s alone on this 2-core machine.
  }, 90_000);

  it('answers DELETE and body-less POST with a JSON content type and an empty body as if no body was sent', async () => {
    const place = fresh['teaching-class-student']!;
    for (const type of ['application/ld+json', 'application/json', 'application/ld+json; charset=utf-8', 'application/merge-patch+json']) {
      const id = await place(t.s, t.w);
      const res = await send(
        { method: 'DELETE', path: '', url: `${API}/teaching-class-student/${id}`, token: t.w.creator.token },
        type,
        undefined,
      );
      expect(res.statusCode, type).toBe(204);
      const code = await send(
        { method: 'POST', path: '', url: `${API}/teaching-class/${t.w.cls.id}/invitation-code`, token: t.w.creator.token },
        type,
        undefined,
      );
      expect(code.statusCode, type).toBe(200);
    }
  });

  it('refuses a body of another type with 415, and broken JSON with 400, in Hydra', async () => {
    const call = { method: 'POST', path: '', url: `${API}/school`, token: t.w.creator.token };
    const plain = await t.s.app.inject({
      method: 'POST',
      url: call.url,
      headers: { authorization: `Bearer ${t.w.creator.token}`, 'content-type': 'text/plain' },
      payload: 'name',
    });
    expect(plain.statusCode).toBe(415);
    expect(plain.json()['@type']).toBe('hydra:Error');
    const broken = await t.s.app.inject({
      method: 'POST',
      url: call.url,
      headers: { authorization: `Bearer ${t.w.creator.token}`, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.headers['content-type']).toBe(HYDRA_TYPE);
  });
});

describe('cross-origin calls', () => {
  it('answers a preflight from a listed origin with the methods and the headers asked for', async () => {
    const res = await t.s.app.inject({
      method: 'OPTIONS',
      url: `${API}/teaching-class-student/1`,
      headers: {
        origin: 'https://app.example.org',
        'access-control-request-method': 'DELETE',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://app.example.org');
    expect(String(res.headers['access-control-allow-methods'])).toContain('DELETE');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    const get = await t.s.app.inject({ method: 'GET', url: '/api/public/v1/config', headers: { origin: 'https://app.example.org' } });
    expect(get.headers['access-control-allow-origin']).toBe('https://app.example.org');
  });

  it('gives an origin that is not listed no CORS header', async () => {
    const res = await t.s.app.inject({ method: 'GET', url: '/api/public/v1/config', headers: { origin: 'https://evil.example.com' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
