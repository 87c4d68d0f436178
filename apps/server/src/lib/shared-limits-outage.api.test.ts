import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logCollector, signUp, startTestServer, until, type TestServer } from '../../test/harness';
import { heldUpload, upload } from '../../test/media';
import { attempts, closedPort, redisLines, startTwin, TEST_REDIS_URL, testKeyPrefix, testRedis } from '../../test/redis';
import { startTcpProxy } from '../../test/tcp-proxy';

const LIMIT = 3;
const AWAY = 'Redis unavailable: limits are kept per instance until it is back';
const BACK = 'Redis available again: limits are shared';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The real Redis behind a TCP proxy the test cuts and restores; a Redis that does not answer fails this file.
describe('shared limits when Redis goes away and comes back', () => {
  const prefix = testKeyPrefix();
  const logsA = logCollector();
  const logsB = logCollector();
  let redis: Awaited<ReturnType<typeof testRedis>>;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let a: TestServer;
  let b: FastifyInstance;
  let png: Buffer;
  beforeAll(async () => {
    redis = await testRedis(prefix);
    const target = new URL(TEST_REDIS_URL);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
    const viaProxy = Object.assign(new URL(TEST_REDIS_URL), { host: `127.0.0.1:${proxy.port}` }).toString();
    a = await startTestServer(
      {
        REDIS_URL: viaProxy,
        REDIS_KEY_PREFIX: prefix,
        RATE_LIMIT_AUTH_PER_MINUTE: String(LIMIT),
        UPLOADS_PER_USER: '1',
        LOG_LEVEL: 'info',
      },
      { logStream: logsA.stream },
    );
    b = await startTwin(a, logsB.stream);
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await proxy?.close();
    await redis?.close();
  });

  it('goes on with per-instance limits while Redis is away (no 5xx, never unlimited), logs once each way, shares again', async () => {
    const u = await signUp(a);
    expect(await attempts([a.app, b], '203.0.113.1', LIMIT + 1)).toContain(429);
    expect(redisLines(logsA.lines)).toEqual([]);

    await proxy.cut();
    // Each instance counts on its own: LIMIT attempts on each go through, the next on each is refused.
    const away = '203.0.113.2';
    const onA = await attempts([a.app], away, LIMIT + 1);
    const onB = await attempts([b], away, LIMIT + 1);
    for (const statuses of [onA, onB]) {
      expect(statuses.slice(0, LIMIT)).not.toContain(429);
      expect(statuses.every((s) => s < 500)).toBe(true);
      expect(statuses[LIMIT]).toBe(429);
    }
    // Upload slots too: a second upload on the instance that runs one is refused; the other instance has its own.
    const held = heldUpload(a, u.token, png);
    await held.reading;
    let second = await upload(a, u.token, 7, { filename: 'a.png', type: 'image/png', content: png });
    for (let i = 0; i < 50 && second.statusCode !== 429; i++)
      second = await upload(a, u.token, 7, { filename: 'a.png', type: 'image/png', content: png });
    expect(second.statusCode).toBe(429);
    expect((await upload({ app: b }, u.token, 7, { filename: 'b.png', type: 'image/png', content: png })).statusCode).toBe(201);
    held.finish();
    expect((await held.answer).statusCode).toBe(201);

    // The client keeps reconnecting (several times a second): still one line per instance.
    await pause(2500);
    expect(redisLines(logsA.lines)).toEqual([AWAY]);
    expect(redisLines(logsB.lines)).toEqual([AWAY]);

    await proxy.restore();
    await until(() => redisLines(logsA.lines).length === 2 && redisLines(logsB.lines).length === 2);
    expect(redisLines(logsA.lines)).toEqual([AWAY, BACK]);
    expect(redisLines(logsB.lines)).toEqual([AWAY, BACK]);
    // Shared again: the attempt after the limit across both is refused.
    const back = await attempts([a.app, b], '203.0.113.3', LIMIT + 1);
    expect(back.slice(0, LIMIT)).not.toContain(429);
    expect(back[LIMIT]).toBe(429);
    expect(await redis.client.keys(`${prefix}rate-limit:*203.0.113.3`)).toHaveLength(1);
  });

  it('falls back when Redis hangs (connection open, no answer) instead of holding requests, and recovers', async () => {
    proxy.freeze();
    const started = Date.now();
    let statuses: number[];
    try {
      statuses = await attempts([a.app], '203.0.113.4', LIMIT + 1);
    } finally {
      proxy.thaw();
    }
    // One command's timeout (500 ms), then this instance's own count; without the timeout they would wait for the thaw.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(statuses.slice(0, LIMIT)).not.toContain(429);
    expect(statuses[LIMIT]).toBe(429);
    await until(() => redisLines(logsA.lines).length === 4);
    expect(redisLines(logsA.lines).slice(2)).toEqual([AWAY, BACK]);
  });
});

describe('a server whose Redis is away when it starts', () => {
  const logs = logCollector();
  let s: TestServer;
  beforeAll(async () => {
    const url = `redis://127.0.0.1:${await closedPort()}`;
    s = await startTestServer({ REDIS_URL: url, RATE_LIMIT_AUTH_PER_MINUTE: String(LIMIT), LOG_LEVEL: 'info' }, { logStream: logs.stream });
  });
  afterAll(() => s?.close());

  it('starts, says so once, and limits on its own', async () => {
    expect((await s.api('GET', '/api/public/v1/config')).statusCode).toBe(200);
    const statuses = await attempts([s.app], '203.0.113.9', LIMIT + 2);
    expect(statuses.slice(0, LIMIT)).not.toContain(429);
    expect(statuses.every((x) => x < 500)).toBe(true);
    expect(statuses.slice(LIMIT)).toEqual([429, 429]);
    await pause(2000);
    expect(redisLines(logs.lines)).toEqual([AWAY]);
  });
});
