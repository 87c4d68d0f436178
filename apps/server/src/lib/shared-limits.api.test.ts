import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, until, type TestServer } from '../../test/harness';
import { heldUpload, upload } from '../../test/media';
import { attempts, startTwin, TEST_REDIS_URL, testKeyPrefix, testRedis } from '../../test/redis';
import { RedisLink } from './redis-link';
import { SharedSlots } from './shared-slots';

const LIMIT = 3;
const prefix = testKeyPrefix();

// Against the machine's real Redis (TEST_REDIS_URL); a Redis that does not answer fails this file (see test/redis.ts).
describe('shared limits: two instances on one Redis (REDIS_URL)', () => {
  let redis: Awaited<ReturnType<typeof testRedis>>;
  let a: TestServer;
  let b: FastifyInstance;
  let png: Buffer;
  beforeAll(async () => {
    redis = await testRedis(prefix);
    a = await startTestServer({
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      RATE_LIMIT_AUTH_PER_MINUTE: String(LIMIT),
      UPLOADS_PER_USER: '1',
    });
    b = await startTwin(a);
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis?.close();
  });

  it('counts one sign-up limit for both: the attempt after RATE_LIMIT_AUTH_PER_MINUTE across the two is refused on either', async () => {
    const ip = '198.51.100.7';
    const first = await attempts([a.app, b], ip, LIMIT);
    expect(first.filter((s) => s === 429)).toEqual([]);
    expect(first.every((s) => s < 500)).toBe(true);
    // Each instance alone has seen fewer than the limit: only a shared count refuses these.
    expect(await attempts([a.app], ip, 1)).toEqual([429]);
    expect(await attempts([b], ip, 1)).toEqual([429]);
    const refused = await b.inject({
      method: 'POST',
      url: '/api/public/v1/user',
      remoteAddress: ip,
      headers: { 'content-type': 'application/ld+json' },
      payload: '{}',
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The count is in Redis, under this run's prefix.
    const keys = await redis.client.keys(`${prefix}rate-limit:*${ip}`);
    expect(keys).toHaveLength(1);
    expect(Number(await redis.client.get(keys[0]!.slice(prefix.length)))).toBe(LIMIT + 3);
    // Another address is not limited by this one's attempts.
    expect(await attempts([a.app, b], '198.51.100.8', 1)).not.toContain(429);
  });

  it("shares a user's upload slots: while an upload runs on one instance, the user's next on the other is refused", async () => {
    const u = await signUp(a);
    const slotKey = `slots:upload:${u.id}`;
    const first = heldUpload(a, u.token, png);
    await first.reading;
    await until(async () => (await redis.client.zcard(slotKey)) === 1);
    expect(await redis.client.zcard(slotKey)).toBe(1);

    const other = await upload({ app: b }, u.token, 7, { filename: 'b.png', type: 'image/png', content: png });
    expect(other.statusCode).toBe(429);
    expect(other.json()).toMatchObject({ 'hydra:description': 'At most 1 uploads at a time: please wait for one to finish.' });

    first.finish();
    expect((await first.answer).statusCode).toBe(201);
    await until(async () => (await redis.client.zcard(slotKey)) === 0);
    expect(await redis.client.zcard(slotKey)).toBe(0);
    expect((await upload({ app: b }, u.token, 7, { filename: 'b.png', type: 'image/png', content: png })).statusCode).toBe(201);
  });

  it('frees a slot whose instance died once its lease ends, and keeps it while its holder renews it', async () => {
    const [one, two] = await Promise.all([
      RedisLink.open(TEST_REDIS_URL, prefix, a.app.log),
      RedisLink.open(TEST_REDIS_URL, prefix, a.app.log),
    ]);
    // Long enough that a busy test machine still renews in time (every lease/3), short enough for a test.
    const lease = 2000;
    const alive = new SharedSlots('lease', 1, one, lease);
    const other = new SharedSlots('lease', 1, two, lease);
    try {
      const held = await alive.take(42);
      expect(held).not.toBeNull();
      expect(await other.take(42)).toBeNull();
      // Renewed every lease/3: still held well after one lease.
      await new Promise((r) => setTimeout(r, 2.5 * lease));
      expect(await other.take(42)).toBeNull();
      // Its instance stops renewing without giving it back (killed): free within a lease.
      alive.stop();
      let taken: (() => void) | null = null;
      await until(async () => (taken = await other.take(42)) !== null, 40);
      expect(taken).not.toBeNull();
      taken!();
    } finally {
      alive.stop();
      other.stop();
      await Promise.all([one.close(), two.close()]);
    }
  });
});
