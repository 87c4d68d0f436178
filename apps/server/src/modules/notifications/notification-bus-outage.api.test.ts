import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKind, signUp, startPeer, startTestServer, type TestServer } from '../../../test/harness';
import { API, createClass } from '../../../test/classes';
import { listen, openStream } from '../../../test/sse';
import { startTcpProxy } from '../../../test/tcp-proxy';

// A lost LISTEN connection can only be played against a database server; PGlite lives inside the process.
describe.runIf(dbKind === 'postgres')('notification bus after a lost database connection', () => {
  let s: TestServer;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let base: string | undefined;
  const streamUrl = async () => `${(base ??= await listen(s.app))}${API}/notifications/stream`;
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
    const st = openStream(await streamUrl(), { authorization: `Bearer ${owner.token}` });
    await st.opened;

    await proxy.cut();
    // Another instance, on the database directly, makes a notification this one cannot hear.
    const peer = await startPeer(s);
    try {
      const res = await peer.app.inject({
        method: 'POST',
        url: `${API}/teaching-class-teacher-invitation`,
        headers: { authorization: `Bearer ${asker.token}`, 'content-type': 'application/json' },
        payload: { invitationCode },
      });
      expect(res.statusCode).toBe(201);
      await proxy.restore();
      const e = await st.next();
      expect(JSON.parse(e.data)).toMatchObject({ notificationType: 4, entityId: res.json().id });
    } finally {
      st.close();
      await peer.close();
    }
  });

  it('replays no history to a stream opened without Last-Event-ID, while one with it still catches up', async () => {
    const owner = await signUp(s);
    const { invitationCode } = await createClass(s, owner);
    // The askers sign up before the outage: this instance cannot reach the database during it.
    const askers = await Promise.all([1, 2, 3, 4].map(() => signUp(s)));
    const join = async (via: Pick<TestServer, 'app'>) => {
      const t = askers.pop()!;
      const headers = { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' };
      const url = `${API}/teaching-class-teacher-invitation`;
      const res = await via.app.inject({ method: 'POST', url, headers, payload: { invitationCode } });
      expect(res.statusCode).toBe(201);
      return res.json().id as number;
    };
    const history = [await join(s), await join(s)];
    const auth = { authorization: `Bearer ${owner.token}` };
    const fresh = openStream(await streamUrl(), auth);
    const resumed = openStream(await streamUrl(), { ...auth, 'last-event-id': '0' });
    await fresh.opened;
    // The resumed one gets the history at once; the fresh one nothing of it.
    expect([JSON.parse((await resumed.next()).data).entityId, JSON.parse((await resumed.next()).data).entityId]).toEqual(history);

    await proxy.cut();
    const peer = await startPeer(s);
    try {
      const missed = await join(peer);
      await proxy.restore();
      expect(JSON.parse((await fresh.next()).data).entityId).toBe(missed);
      expect(JSON.parse((await resumed.next()).data).entityId).toBe(missed);
      const live = await join(s);
      expect(JSON.parse((await fresh.next()).data).entityId).toBe(live);
      expect(fresh.events).toHaveLength(2);
    } finally {
      fresh.close();
      resumed.close();
      await peer.close();
    }
  });
});
