import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, logCollector, startTestServer, until, type TestServer } from '../../test/harness';

/**
 * A PostgreSQL outage is logged by its code and message: never the driver's client that pg-pool hangs on the error
 * (connection parameters, the backend's processID and secretKey), nor the connection string.
 */
const FORBIDDEN = ['secretKey', 'processID', 'password', 'connectionParameters', 'connectionString'];

describe(`driver objects never reach a log (${dbKind})`, () => {
  let s: TestServer;
  const logs = logCollector();
  beforeAll(async () => {
    s = await startTestServer({ LOG_LEVEL: 'info' }, { logStream: logs.stream });
  });
  afterAll(() => s.close());

  const clean = (text: string) => {
    for (const word of FORBIDDEN) expect(text).not.toContain(word);
    if (s.databaseUrl) {
      expect(text).not.toContain(s.databaseUrl);
      expect(text).not.toContain(new URL(s.databaseUrl).pathname.slice(1));
    }
  };

  it('logs an error carrying a pg client (or logged as a plain object) as its type, code and message', () => {
    const client = {
      connectionParameters: { user: 'skillroom', database: 'skillroom_secret_db', password: 'pw-in-client', host: '10.0.0.5' },
      processID: 4242,
      secretKey: 987654321,
      connectionString: 'postgres://skillroom:pw-in-url@10.0.0.5/skillroom_secret_db',
    };
    const err = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', client });
    s.app.log.error({ err }, 'database unavailable');
    s.app.log.warn({ err: { client, message: 'not an Error' } }, 'odd');
    s.app.log.warn({ err: Object.assign(new Error('wrapped'), { cause: { detail: 'x', connection: client } }) }, 'nested');
    const lines = logs.lines.filter((l) => ['database unavailable', 'odd', 'nested'].includes(String(l.msg)));
    expect(lines).toHaveLength(3);
    expect(lines[0]!.err).toEqual({ type: 'Error', code: '57P01', message: 'terminating connection due to administrator command' });
    expect(lines[1]!.err).toEqual({ type: 'Object', message: 'not an Error' });
    const text = JSON.stringify(lines);
    clean(text);
    for (const word of ['pw-in-client', 'pw-in-url', '4242', '987654321', 'skillroom_secret_db', '10.0.0.5'])
      expect(text).not.toContain(word);
  });

  it('logs a PostgreSQL backend killed under an idle pooled connection and the notification bus without the client', async () => {
    if (!s.databaseUrl) return expect(s.ctx.database.kind).toBe('pglite');
    // Idle pooled connections and the LISTEN connection of the notification bus, all terminated from outside.
    await Promise.all([s.ctx.database.ping(), s.ctx.database.ping(), s.ctx.database.ping()]);
    const admin = new pg.Client({ connectionString: s.databaseUrl });
    await admin.connect();
    try {
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      expect(killed.rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await until(() => logs.lines.some((l) => String(l.msg).startsWith('database unavailable')));
    const outage = logs.lines.find((l) => String(l.msg).startsWith('database unavailable'));
    expect(outage?.err).toMatchObject({ code: '57P01' });
    expect(Object.keys(outage!.err as object).sort()).toEqual(['code', 'message', 'type']);
    clean(logs.text());
    // The next query finds the database again.
    await until(
      async () =>
        await s.ctx.database.ping().then(
          () => true,
          () => false,
        ),
    );
  });
});
