import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

let s: TestServer;
let port: number;
beforeAll(async () => {
  s = await startTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  port = (s.app.server.address() as AddressInfo).port;
});
afterAll(() => s.close());

/** Sends raw bytes over TCP (inject would skip Node's HTTP parser) and reads the answer until the server closes. */
function raw(request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (d) => (data += d.toString('utf8')));
    socket.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' || e.code === 'EPIPE' ? undefined : reject(e)));
    socket.on('close', () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(request, () => setImmediate(() => socket.end()));
  });
}

const expectHydra = (res: { status: number; headers: Record<string, string>; body: string }, status: number) => {
  expect(res.status, res.body).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/ld\+json/);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(body['@type']).toBe('hydra:Error');
  expect(body.status).toBe(status);
  expect(String(body['hydra:description'])).not.toMatch(/at .*\.js|node_modules/);
};

describe('errors Node answers before Fastify', () => {
  it('answers a 100 KB Authorization header with a Hydra 431', async () => {
    expectHydra(await raw(`GET /api/auth/v1/teaching-classes HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${'a'.repeat(100_000)}\r\n\r\n`), 431);
  });

  it('answers a 100 KB address with a Hydra 431', async () => {
    expectHydra(await raw(`GET /api/public/v1/schools?name=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`), 431);
  });

  it('answers a request that is not HTTP with a Hydra 400', async () => {
    expectHydra(await raw('HELLO THERE\r\n\r\n'), 400);
    expectHydra(await raw('GET / HTTP/1.1\r\nHost: x\r\nContent-Length: banana\r\n\r\n'), 400);
  });

  it('answers an unknown expectation with a Hydra 417', async () => {
    expectHydra(await raw('GET /api/public/v1/config HTTP/1.1\r\nHost: x\r\nExpect: coffee\r\nConnection: close\r\n\r\n'), 417);
  });
});

describe('errors Fastify makes itself', () => {
  it('answers a path segment past the longest it reads with a Hydra 414', async () => {
    const res = await s.api('GET', `/api/auth/v1/school/${'9'.repeat(500)}`);
    expect(res.statusCode, res.body).toBe(414);
    expect(res.headers['content-type']).toMatch(/^application\/ld\+json/);
    expect(res.json()['@type']).toBe('hydra:Error');
  });

  it('answers a broken %-escape with a Hydra 400', async () => {
    const res = await s.api('GET', '/api/public/v1/sch%ools');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()['@type']).toBe('hydra:Error');
  });

  it.each([
    ['a body over the limit', 413, { 'content-type': 'application/json' }, JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) })],
    ['a body that is not JSON', 400, { 'content-type': 'application/json' }, '{"name":'],
    ['a content type no route reads', 415, { 'content-type': 'text/csv' }, 'a,b'],
  ])('answers %s in Hydra', async (_label, status, headers, payload) => {
    const res = await s.app.inject({ method: 'POST', url: '/api/public/v1/login_check', headers, payload });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/ld\+json/);
    expect(res.json()['@type']).toBe('hydra:Error');
  });
});
