import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, logCollector, signUp, startTestServer, until, type TestServer } from '../../test/harness';
import { startTcpProxy } from '../../test/tcp-proxy';

// A restart can only be played against a database server; PGlite lives inside the process.
describe.runIf(dbKind === 'postgres')('database restart', () => {
  let s: TestServer;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  const logs = logCollector();
  beforeAll(async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    s = await startTestServer(
      { LOG_LEVEL: 'info', DB_STATEMENT_TIMEOUT_MS: '1000' },
      { mapDatabaseUrl: (url) => Object.assign(new URL(url), { host: `127.0.0.1:${proxy.port}` }).toString(), logStream: logs.stream },
    );
  });
  afterAll(async () => {
    await s.close();
    await proxy.close();
  });

  const outageLines = () => logs.lines.filter((l) => /database/i.test(String(l.msg)) || l.err);

  it('answers 503 while the database is away and recovers when it is back, logging the outage once at each end', async () => {
    const u = await signUp(s);
    expect((await s.api('GET', `/api/auth/v1/user/${u.id}`, { token: u.token })).statusCode).toBe(200);

    await proxy.cut();
    for (let i = 0; i < 10; i++) {
      const away = await s.api('GET', `/api/auth/v1/user/${u.id}`, { token: u.token });
      expect(away.statusCode).toBe(503);
      expect(away.json()['@type']).toBe('hydra:Error');
    }
    expect((await s.api('GET', '/api/public/v1/config')).statusCode).toBe(503);

    await proxy.restore();
    let status = 0;
    await until(async () => (status = (await s.api('GET', `/api/auth/v1/user/${u.id}`, { token: u.token })).statusCode) === 200);
    expect(status).toBe(200);
    await until(() => outageLines().length >= 2);
    expect(outageLines().map((l) => l.msg)).toEqual(['database unavailable: answering 503 until it is back', 'database available again']);
  });

  it('fails a request with 503 when the database hangs, instead of waiting for it', async () => {
    const u = await signUp(s);
    proxy.freeze();
    try {
      const frozen = await s.api('GET', `/api/auth/v1/user/${u.id}`, { token: u.token });
      expect(frozen.statusCode).toBe(503);
    } finally {
      proxy.thaw();
    }
    let status = 0;
    await until(async () => (status = (await s.api('GET', `/api/auth/v1/user/${u.id}`, { token: u.token })).statusCode) === 200);
    expect(status).toBe(200);
  });
});
