import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, signUp, startPeer, startTestServer, type TestServer } from '../../../test/harness';
import { API, createClass } from '../../../test/classes';
import { listen, openStream } from '../../../test/sse';
import { startTcpProxy } from '../../../test/tcp-proxy';

// A lost LISTEN connection can only be played against a database server; PGlite lives inside the process.
describe.runIf(dbKind === 'postgres')('notification bus after a lost database connection', () => {
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

  it('listens again and hands its open streams what was made meanwhile on another instance', async () => {
    const owner = await signUp(s);
    const asker = await signUp(s);
    const { invitationCode } = await createClass(s, owner);
    const st = openStream(`${await listen(s.app)}${API}/notifications/stream`, { authorization: `Bearer ${owner.token}` });
    await st.opened;

    await proxy.cut();
    // Another instance, on the database directly, makes a notification this one cannot hear.
    const peer = await startPeer(s);
    try {
      const res = await peer.app.inject({ method: 'POST', url: `${API}/teaching-class-teacher-invitation`, headers: { authorization: `Bearer ${asker.token}`, 'content-type': 'application/json' }, payload: { invitationCode } });
      expect(res.statusCode).toBe(201);
      await proxy.restore();
      const e = await st.next();
      expect(JSON.parse(e.data)).toMatchObject({ notificationType: 4, entityId: res.json().id });
    } finally {
      st.close();
      await peer.close();
    }
  });
});
