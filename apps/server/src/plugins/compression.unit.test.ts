import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerCompression } from './compression';

async function server() {
  const app = Fastify();
  await registerCompression(app);
  app.get('/big', async () => ({ text: 'a'.repeat(5000) }));
  // What a server-sent event stream looks like to the compression hook.
  app.get('/stream', (_req, reply) => {
    const events = new PassThrough();
    void reply.type('text/event-stream').header('cache-control', 'no-cache').send(events);
    events.end(`data: ${'b'.repeat(5000)}\n\n`);
  });
  await app.ready();
  return app;
}

describe('compression', () => {
  it('compresses a JSON answer above the threshold', async () => {
    const app = await server();
    const res = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString()).text).toHaveLength(5000);
    await app.close();
  });

  it('never buffers a server-sent event stream behind a compressor', async () => {
    const app = await server();
    const res = await app.inject({ url: '/stream', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.startsWith('data: b')).toBe(true);
    await app.close();
  });

  it('does not inflate compressed request bodies (limits are checked on what arrives)', async () => {
    const app = Fastify();
    await registerCompression(app);
    app.post('/echo', async (req) => ({ got: req.body }));
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync('{"a":1}'),
    });
    expect(res.statusCode).toBe(400);
    await app.close();
  });
});
