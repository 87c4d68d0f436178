import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

// A built web app in miniature: one hashed asset with the .br and .gz the build writes beside it.
let s: TestServer;
const web = fs.mkdtempSync(path.join(os.tmpdir(), 'skillroom-delivery-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const worker = `self.addEventListener('push', () => ${JSON.stringify('y'.repeat(4000))});`;
beforeAll(async () => {
  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Skillroom</title><script type="module" src="/web/assets/app-1a2b.js"></script>');
  fs.writeFileSync(path.join(web, 'assets', 'app-1a2b.js'), script);
  fs.writeFileSync(path.join(web, 'assets', 'app-1a2b.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(web, 'assets', 'app-1a2b.js.gz'), zlib.gzipSync(script));
  // The service worker is written after the bundle is compressed: it has no copies of its own.
  fs.writeFileSync(path.join(web, 'sw.js'), worker);
  fs.writeFileSync(path.join(web, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.mkdirSync(path.join(web, '.vite'));
  fs.writeFileSync(path.join(web, '.vite', 'manifest.json'), '{"index.html":{}}');
  fs.writeFileSync(path.join(web, '.sources-hash'), 'abc\n');
  s = await startTestServer({ WEB_DIST_DIR: web });
});
afterAll(async () => {
  await s.close();
  fs.rmSync(web, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) => s.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('built assets', () => {
  it.each([
    ['br, gzip', 'br', (b: Buffer) => zlib.brotliDecompressSync(b)],
    ['gzip, deflate', 'gzip', (b: Buffer) => zlib.gunzipSync(b)],
  ])('are sent precompressed for Accept-Encoding %s, cached for a year', async (accept, encoding, inflate) => {
    const res = await get('/web/assets/app-1a2b.js', accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(inflate(res.rawPayload).toString()).toBe(script);
  });

  it('are sent as they are to a client that accepts no encoding, still varying on it', async () => {
    const res = await get('/web/assets/app-1a2b.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(script);
  });

  it('serve the app page uncached, for the root and for any deep link', async () => {
    for (const url of ['/web/', '/web/teaching-class/3/students']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<title>Skillroom</title>');
    }
    expect((await get('/web/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  it('without a precompressed copy (sw.js) are compressed as they go, fresh on every visit', async () => {
    const res = await get('/web/sw.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(worker);
  });

  it("never serve the build's bookkeeping: the app page answers instead", async () => {
    for (const url of ['/web/.vite/manifest.json', '/web/.sources-hash']) {
      const res = await get(url);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).not.toContain('index.html');
      expect(res.body).not.toContain('abc');
    }
  });
});

describe('API answers', () => {
  it('are compressed above the threshold', async () => {
    const res = await get('/api/public/v1/translation/en', 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString()).locale).toBe('en');
    const br = await get('/api/public/v1/translation/en', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).length / 2);
  });

  it('stay as they are below the threshold or without Accept-Encoding', async () => {
    const small = await get('/api/public/v1/translation/xx', 'br, gzip');
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    const plain = await get('/api/public/v1/translation/en');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().locale).toBe('en');
  });
});
