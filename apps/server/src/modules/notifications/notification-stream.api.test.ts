import fs from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_BEARER, NOTIFICATION_STREAM_EVENT, type Notification } from '@skillroom/contract';
import { dbKind, signUp, startPeer, startTestServer, type TestServer } from '../../../test/harness';
import { API, createClass, type TestUser } from '../../../test/classes';
import { listen, openStream } from '../../../test/sse';
import { notifications } from '../../db/schema';

let s: TestServer;
let base: string;
let owner: TestUser;
let code: string;
let classId: number;
beforeAll(async () => {
  s = await startTestServer({ SSE_HEARTBEAT_MS: '50' });
  base = await listen(s.app);
  owner = await signUp(s);
  const cls = await createClass(s, owner);
  code = cls.invitationCode;
  classId = cls.id;
});
afterAll(() => s.close());

const streamUrl = (b: string, q = '') => `${b}${API}/notifications/stream${q}`;
/** A teacher asks to join the owner's class: one notification (type 4) for the owner. */
const askToJoin = async (via: Pick<TestServer, 'app'> = s) => {
  const t = await signUp(s);
  const res = await via.app.inject({
    method: 'POST',
    url: `${API}/teaching-class-teacher-invitation`,
    headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' },
    payload: { invitationCode: code },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
};

describe('GET /notifications/stream', () => {
  it('delivers a new notification to every open tab of its recipient, by bearer header or BEARER cookie', async () => {
    // The client accepts compression: events must still arrive as written, never held in a compressor.
    const byHeader = openStream(streamUrl(base), { authorization: `Bearer ${owner.token}`, 'accept-encoding': 'br, gzip' });
    const byCookie = openStream(streamUrl(base), { cookie: `${COOKIE_BEARER}=${owner.token}` });
    await Promise.all([byHeader.opened, byCookie.opened]);
    expect(byHeader.status).toBe(200);
    expect(byHeader.contentType).toBe('text/event-stream; charset=utf-8');
    expect(byHeader.contentEncoding).toBe('');
    const invitation = await askToJoin();
    for (const st of [byHeader, byCookie]) {
      const e = await st.next();
      const n = JSON.parse(e.data) as Notification;
      expect(e.event).toBe(NOTIFICATION_STREAM_EVENT);
      expect(e.id).toBe(String(n.id));
      expect(n).toMatchObject({
        '@type': 'Notification',
        notificationType: 4,
        entityType: 15,
        entityId: invitation.id,
        isRead: false,
        path: `/teaching-class/${classId}/teachers`,
      });
      st.close();
    }
  });

  it('sends heartbeats, and nothing of other users', async () => {
    const other = await signUp(s);
    const st = openStream(streamUrl(base), { authorization: `Bearer ${other.token}` });
    await st.opened;
    await askToJoin();
    // Heartbeats come every 50 ms here: once several have, the owner's notification has long been dispatched.
    while (st.comments < 4) await new Promise((r) => setImmediate(r));
    expect(st.events).toEqual([]);
    st.close();
  });

  it('resumes after Last-Event-ID (header or query) with what the client missed, in order', async () => {
    const first = await askToJoin();
    const second = await askToJoin();
    const rows = (await s.api('GET', `${API}/notifications?itemsPerPage=2`, { token: owner.token })).json()[
      'hydra:member'
    ] as Notification[];
    expect(rows.map((n) => n.entityId)).toEqual([second.id, first.id]);
    const before = rows[1]!.id - 1;
    const st = openStream(streamUrl(base), { authorization: `Bearer ${owner.token}`, 'last-event-id': String(before) });
    expect([(await st.next()).id, (await st.next()).id]).toEqual([String(rows[1]!.id), String(rows[0]!.id)]);
    const third = await askToJoin();
    expect(JSON.parse((await st.next()).data).entityId).toBe(third.id);
    st.close();
    const byQuery = openStream(streamUrl(base, `?lastEventId=${rows[0]!.id}`), { authorization: `Bearer ${owner.token}` });
    expect(JSON.parse((await byQuery.next()).data).entityId).toBe(third.id);
    byQuery.close();
  });

  it('answers 401 without a valid token and 400 for a bad lastEventId, before any stream', async () => {
    expect((await s.api('GET', `${API}/notifications/stream`)).statusCode).toBe(401);
    expect((await s.api('GET', `${API}/notifications/stream`, { token: 'forged.token.value' })).statusCode).toBe(401);
    expect((await s.api('GET', `${API}/notifications/stream?lastEventId=abc`, { token: owner.token })).statusCode).toBe(400);
    expect((await s.api('GET', `${API}/notifications/stream?other=1`, { token: owner.token })).statusCode).toBe(400);
    expect((await s.api('GET', `${API}/notifications/stream?lastEventId=99999999999`, { token: owner.token })).statusCode).toBe(400);
    expect((await s.api('GET', `${API}/notifications/stream?lastEventId=2147483648`, { token: owner.token })).statusCode).toBe(400);
  });

  it('ignores a Last-Event-ID that is not one of its ids, and starts live', async () => {
    const st = openStream(streamUrl(base), { authorization: `Bearer ${owner.token}`, 'last-event-id': '99999999999' });
    await st.opened;
    expect(st.status).toBe(200);
    const invitation = await askToJoin();
    expect(JSON.parse((await st.next()).data).entityId).toBe(invitation.id);
    st.close();
  });

  it('ends when the token it was opened with expires', async () => {
    const secret = fs.readFileSync(path.join(s.dataDir, 'keys', 'jwt-secret'), 'utf8').trim();
    const short = await new SignJWT({ userid: owner.id, username: owner.username, roles: ['ROLE_USER'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 1)
      .sign(new TextEncoder().encode(secret));
    const st = openStream(streamUrl(base), { authorization: `Bearer ${short}` });
    await st.opened;
    expect(st.status).toBe(200);
    await st.ended;
  });
});

describe('shutdown', () => {
  it('ends the open streams so that the server can close (clients reconnect elsewhere)', async () => {
    const other = await startTestServer();
    const u = await signUp(other);
    const st = openStream(streamUrl(await listen(other.app)), { authorization: `Bearer ${u.token}` });
    await st.opened;
    expect(st.status).toBe(200);
    await other.close();
    await st.ended;
  });
});

describe.skipIf(dbKind !== 'postgres')('two instances on one PostgreSQL', () => {
  it('delivers a notification made on one instance to a stream open on the other (LISTEN/NOTIFY)', async () => {
    const peer = await startPeer(s);
    try {
      const st = openStream(streamUrl(await listen(peer.app)), { authorization: `Bearer ${owner.token}` });
      await st.opened;
      const invitation = await askToJoin(s);
      expect(JSON.parse((await st.next()).data)).toMatchObject({ entityType: 15, entityId: invitation.id });
      // And the other way round.
      const back = openStream(streamUrl(base), { authorization: `Bearer ${owner.token}` });
      await back.opened;
      const viaPeer = await askToJoin(peer);
      expect(JSON.parse((await back.next()).data)).toMatchObject({ entityId: viaPeer.id });
      st.close();
      back.close();
    } finally {
      await peer.close();
    }
  });
});

describe('a stream opened without Last-Event-ID (DESIGN §8)', () => {
  it('starts at the user’s newest: a catch-up after the bus comes back replays no history, only what was missed', async () => {
    const u = await signUp(s);
    const { invitationCode } = await createClass(s, u);
    const join = async () => {
      const t = await signUp(s);
      const res = await s.api('POST', `${API}/teaching-class-teacher-invitation`, { token: t.token, body: { invitationCode } });
      return res.json().id as number;
    };
    await join();
    await join();
    const st = openStream(streamUrl(base), { authorization: `Bearer ${u.token}` });
    await st.opened;
    const live = await join();
    expect(JSON.parse((await st.next()).data).entityId).toBe(live);
    // Made on another instance while this one heard nothing: written straight to the table, never published.
    const [missed] = await s.ctx.db
      .insert(notifications)
      .values({ userId: u.id, notificationType: 4, entityType: 15, entityId: 999, title: 't', message: 'm', path: null })
      .returning();
    s.ctx.bus.resumed();
    expect(JSON.parse((await st.next()).data)).toMatchObject({ id: missed!.id, entityId: 999 });
    const after = await join();
    expect(JSON.parse((await st.next()).data).entityId).toBe(after);
    expect(st.events.map((e) => Number(e.id))).toEqual([expect.any(Number), missed!.id, expect.any(Number)]);
    st.close();
  });
});
