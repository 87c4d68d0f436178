import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { drainAndClose } from '../../plugins/shutdown';
import { startTestServer, type TestServer } from '../../../test/harness';

const HEALTH = '/api/public/v1/health';

describe('public health route (what a load balancer checks)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s.close();
  });

  it('answers 200 without a token when the database answers', async () => {
    const res = await s.api('GET', HEALTH);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 as a Hydra error when the database does not answer, and 200 again once it does', async () => {
    const ping = vi.spyOn(s.ctx.database, 'ping').mockRejectedValueOnce(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    const down = await s.api('GET', HEALTH);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ '@type': 'hydra:Error', 'hydra:description': 'The database does not answer.' });
    expect(JSON.stringify(down.json())).not.toContain('ECONNREFUSED');
    expect((await s.api('GET', HEALTH)).statusCode).toBe(200);
    ping.mockRestore();
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await s.api('GET', '/api/docs.json')).json() as { paths: Record<string, { get?: { security?: unknown[] } }> };
    expect(Object.keys(doc.paths)).toContain(HEALTH);
  });

  // Last: the instance closes at the end of it.
  it('answers 503 from the moment the instance begins stopping, while other routes are still served during the grace', async () => {
    const closing = drainAndClose(s.app, 400);
    const stopping = await s.api('GET', HEALTH);
    expect(stopping.statusCode).toBe(503);
    expect(stopping.json()).toMatchObject({ 'hydra:description': 'This instance is stopping.' });
    expect((await s.api('GET', '/api/public/v1/config')).statusCode).toBe(200);
    await closing;
  });
});
