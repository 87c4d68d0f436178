import { users } from '../db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logCollector, signUp, startTestServer, type TestServer } from '../../test/harness';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$SECRETHASHVALUE';

describe('logs keep no secrets', () => {
  let s: TestServer;
  const logs = logCollector();
  beforeAll(async () => {
    s = await startTestServer({ LOG_LEVEL: 'info' }, { logStream: logs.stream });
  });
  afterAll(() => s.close());

  it('drops the parameters of a failed query, and secret fields at any depth', async () => {
    const taken = await signUp(s);
    // A sign-up losing a race for its username: the failed insert carries the new password hash among its parameters.
    const row = { username: taken.username, email: `x${taken.user.email}`, passwordHash: HASH, firstName: 'A', lastName: 'B' };
    const err = await s.ctx.db.insert(users).values(row).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    // The raw error does carry the hash: this is what used to reach the log.
    expect(JSON.stringify({ message: (err as Error).message, ...(err as object) })).toContain('SECRETHASHVALUE');
    s.app.log.error(
      { err, body: { plainPassword: 'pw-plain', currentPassword: 'pw-current', password: 'pw-login', nested: { refresh_token: 'rt-secret', passwordHash: HASH } }, token: 'tk-secret' },
      'failed',
    );
    const text = logs.text();
    expect(text).toContain('Failed query');
    for (const secret of ['SECRETHASHVALUE', 'pw-plain', 'pw-current', 'pw-login', 'rt-secret', 'tk-secret']) expect(text).not.toContain(secret);
  });

  it('logs a sign-in request without its token or cookie', async () => {
    const u = await signUp(s);
    await s.api('GET', `/api/auth/v1/user/${u.id}`, { token: u.token, headers: { cookie: `BEARER=${u.token}` } });
    expect(logs.lines.some((l) => String((l.req as { url?: string } | undefined)?.url ?? '').includes(`/user/${u.id}`))).toBe(true);
    expect(logs.text()).not.toContain(u.token);
    expect(logs.text()).not.toContain(u.refresh);
  });
});
