import { ANALYTICS_MAX_PROPERTIES } from '@skillroom/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../../db/schema';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';

const URL = '/api/auth/v1/analytics-event';

describe('POST /analytics-event: bounded events', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ ANALYTICS_EVENTS_PER_MINUTE: '5' });
  });
  afterAll(() => s.close());

  const stored = async (userId: number) => (await s.ctx.db.select({ n: count() }).from(analyticsEvents).where(eq(analyticsEvents.userId, userId)))[0]!.n;

  it(`refuses more than ${ANALYTICS_MAX_PROPERTIES} properties with a violation, and a body over 8 KB with 413, storing nothing`, async () => {
    const u = await signUp(s);
    const many = Object.fromEntries(Array.from({ length: ANALYTICS_MAX_PROPERTIES + 1 }, (_, i) => [`k${i}`, i]));
    const tooMany = await s.api('POST', URL, { token: u.token, body: { name: 'x', properties: many } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().violations[0].propertyPath).toBe('properties');
    const huge = Object.fromEntries(Array.from({ length: 30_000 }, (_, i) => [`k${i}`, 1]));
    const tooBig = await s.api('POST', URL, { token: u.token, body: { name: 'x', properties: huge } });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()['@type']).toBe('hydra:Error');
    expect(await stored(u.id)).toBe(0);
    const fine = Object.fromEntries(Array.from({ length: ANALYTICS_MAX_PROPERTIES }, (_, i) => [`k${i}`, 'v']));
    expect((await s.api('POST', URL, { token: u.token, body: { name: 'x', properties: fine } })).statusCode).toBe(202);
  });

  it('limits events per user and minute (429), while another user on the same address goes on', async () => {
    const [u, other] = await Promise.all([signUp(s), signUp(s)]);
    for (let i = 0; i < 5; i++) expect((await s.api('POST', URL, { token: u.token, body: { name: 'e' } })).statusCode).toBe(202);
    const refused = await s.api('POST', URL, { token: u.token, body: { name: 'e' } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()['@type']).toBe('hydra:Error');
    expect(await stored(u.id)).toBe(5);
    expect((await s.api('POST', URL, { token: other.token, body: { name: 'e' } })).statusCode).toBe(202);
  });
});
