import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, signUp, startTestServer, type TestServer } from '../../test/harness';
import { startTcpProxy } from '../../test/tcp-proxy';

// A restart can only be played against a database server; PGlite lives inside the process.
describe.runIf(dbKind === 'postgres')('database restart', () => {
  let s: TestServer;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  beforeAll(async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    s = await startTestServer({}, { mapDatabaseUrl: (url) => Object.assign(new URL(url), { host: `127.0.0.1:${proxy.port}` }).toString() });
  });
  afterAll(async () => {
    await s.close();
    await proxy.close();
  });

  it('answers 503 while the database is away and recovers when it is back, without crashing', async () => {
    const u = await signUp(s);
    expect((await s.api('GET', `/api/auth/v1/user/${u.id}`, { token: u.token })).statusCode).toBe(200);

    await proxy.cut();
    const away = await s.api('GET', `/api/auth/v1/user/${u.id}`, { token: u.token });
    expect(away.statusCode).toBe(503);
    expect(away.json()['@type']).toBe('hydra:Error');
    expect((await s.api('GET', '/api/public/v1/config')).statusCode).toBe(503);

    await proxy.restore();
    let status = 0;
    for (let i = 0; i < 20 && status !== 200; i++) {
      status = (await s.api('GET', `/api/auth/v1/user/${u.id}`, { token: u.token })).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
  });
});
