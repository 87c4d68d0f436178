import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PublicConfig, PushPayload } from '@skillroom/contract';
import { pushTokens } from '../../db/schema';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { API, createClass, type TestUser } from '../../../test/classes';
import { startPushEndpoint } from '../../../test/push-endpoint';
import { notificationsRepository } from '../notifications/notifications.repository';
import { pushJobId, pushService } from './push.service';

let s: TestServer;
let push: Awaited<ReturnType<typeof startPushEndpoint>>;
let owner: TestUser;
let other: TestUser;
let code: string;
const statuses = new Map<string, number>();
const flakies = new Map<string, () => number>();
const setFlaky = (path: string, status: () => number) => flakies.set(path, status);
const send = (...a: Parameters<TestServer['ctx']['jobs']['send']>) => s.ctx.jobs.send(...a);
beforeAll(async () => {
  push = await startPushEndpoint((path) => flakies.get(path)?.() ?? statuses.get(path) ?? 201);
  // One retry, a second after: a push service that keeps failing is given up on within the test's time.
  s = await startTestServer({ PUSH_ALLOW_HTTP: 'true' }, { jobs: { tune: { push: { retryDelaySeconds: 1, retryLimit: 1 } } } });
  [owner, other] = await Promise.all([signUp(s), signUp(s)]);
  code = (await createClass(s, owner, { name: 'Pushed class' })).invitationCode;
});
afterAll(async () => {
  await s.close();
  await push.close();
});

const register = (u: TestUser | undefined, token: unknown) => s.api('POST', `${API}/firebase-token`, { token: u?.token, body: { token } });
const tokenRow = async (id: number) => (await s.ctx.db.select().from(pushTokens).where(eq(pushTokens.id, id)))[0];
const askToJoin = async () => {
  const t = await signUp(s, { firstName: 'Pia' });
  expect(
    (await s.api('POST', `${API}/teaching-class-teacher-invitation`, { token: t.token, body: { invitationCode: code } })).statusCode,
  ).toBe(201);
};

describe('VAPID keys', () => {
  it('are made in DATA_DIR/keys on first start and published in the public config', async () => {
    const cfg = (await s.api('GET', '/api/public/v1/config')).json() as PublicConfig;
    expect(cfg.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(cfg.vapidPublicKey).toBe(s.ctx.push.publicKey);
  });
});

describe('POST /firebase-token', () => {
  it('stores the browser subscription (201), and again is the same record (200)', async () => {
    const sub = push.subscription();
    const res = await register(owner, sub.token);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ '@type': 'FirebaseToken', user: `${API}/user/${owner.id}`, errorCount: 0, messageCount: 0 });
    expect(JSON.parse(res.json().token)).toEqual(JSON.parse(sub.token));
    const again = await register(owner, sub.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(res.json().id);
  });

  it('moves a browser to the user now signed in on it', async () => {
    const sub = push.subscription();
    const first = (await register(owner, sub.token)).json();
    const moved = await register(other, sub.token);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ id: first.id, user: `${API}/user/${other.id}` });
    await s.api('DELETE', `${API}/firebase-token/${first.id}`, { token: other.token });
  });

  it('refuses what is not a push subscription, and anonymous calls', async () => {
    const good = JSON.parse(push.subscription().token);
    for (const token of [
      'abc',
      '',
      42,
      JSON.stringify({ endpoint: 'not a url', keys: good.keys }),
      JSON.stringify({ endpoint: good.endpoint }),
      JSON.stringify({ ...good, keys: { p256dh: 'AAAA', auth: 'AAAA' } }),
    ]) {
      expect((await register(owner, token)).statusCode, String(token)).toBe(400);
    }
    expect(
      (await s.api('POST', `${API}/firebase-token`, { token: owner.token, body: { token: JSON.stringify(good), colour: 'red' } }))
        .statusCode,
    ).toBe(400);
    expect((await register(undefined, JSON.stringify(good))).statusCode).toBe(401);
  });
});

describe('delivery', () => {
  it('pushes every new notification, encrypted, to each of the user’s browsers and counts it', async () => {
    const sub = push.subscription('deliver');
    const { id } = (await register(owner, sub.token)).json();
    await askToJoin();
    // The owner registered a browser in the first test too: both get it.
    const both = [await push.next(), await push.next()];
    expect(both.map((p) => p.path).sort()).toEqual(['/push/deliver', '/push/s1']);
    const got = both.find((p) => p.path === '/push/deliver')!;
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(got.headers.authorization).toMatch(/^vapid t=.+, k=/);
    const payload = got.payload as PushPayload;
    expect(payload).toMatchObject({
      title: 'Request to join a class',
      message: 'Pia ' + payload.message.slice(4),
      notificationType: 4,
      entityType: 15,
    });
    expect(payload.path).toMatch(/^\/teaching-class\/\d+\/teachers$/);
    await vi.waitFor(async () => expect((await tokenRow(id))?.messageCount).toBe(1), { timeout: 30_000, interval: 100 });
  });

  it('removes a token the push service says is gone (404, 410) and counts other failures', async () => {
    const gone = push.subscription('gone');
    const missing = push.subscription('missing');
    const refused = push.subscription('refused');
    const broken = push.subscription('broken');
    statuses.set(gone.path, 410);
    statuses.set(missing.path, 404);
    statuses.set(refused.path, 400);
    statuses.set(broken.path, 500);
    const ids = await Promise.all([gone, missing, refused, broken].map(async (x) => (await register(owner, x.token)).json().id as number));
    await askToJoin();
    await vi.waitFor(
      async () => {
        expect(await tokenRow(ids[0]!)).toBeUndefined();
        expect(await tokenRow(ids[1]!)).toBeUndefined();
        expect((await tokenRow(ids[2]!))?.errorCount).toBe(1);
        // A 500 is tried again (here once): counted when the job gives up. A busy machine delivers late: wait for
        // the outcome, not for a time.
        expect((await tokenRow(ids[3]!))?.errorCount).toBe(1);
      },
      { timeout: 30_000, interval: 100 },
    );
    await Promise.all(ids.slice(2).map((id) => s.api('DELETE', `${API}/firebase-token/${id}`, { token: owner.token })));
  });

  it('tries again after a 500 from the push service, with the job of the notification, and delivers once', async () => {
    const flaky = push.subscription('flaky');
    const { id } = (await register(other, flaky.token)).json();
    // The endpoint answers 500 to the first message, 201 after.
    let calls = 0;
    setFlaky(flaky.path, () => (calls++ === 0 ? 500 : 201));
    const before = push.received.length;
    const [row] = await notificationsRepository.insertMany(s.ctx.db, [
      { userId: other.id, notificationType: 3, entityType: 13, entityId: 1, title: 'Flaky', message: 'Sent twice, seen once', path: null },
    ]);
    await pushService.announce(s.ctx.jobs.send.bind(s.ctx.jobs), row!.id);
    const outcome = await s.ctx.jobs.waitFor('push', pushJobId(row!.id));
    expect(outcome).toMatchObject({ state: 'completed', retryCount: 1, output: { sent: 1 } });
    expect(calls).toBe(2);
    expect(push.received.slice(before).filter((p) => p.path === flaky.path)).toHaveLength(1);
    expect(await tokenRow(id)).toMatchObject({ messageCount: 1, errorCount: 0 });
    // The job data names the notification only.
    expect((await s.ctx.jobs.get('push', outcome.id))!.data).toEqual({ notificationId: row!.id });
  });
});

describe('sweep', () => {
  it('pushes a notification whose announcement no instance heard (a lost connection, a restart)', async () => {
    const sub = push.subscription('sweep');
    await register(other, sub.token);
    // Written without its NOTIFY, as if every listener had been away.
    const [row] = await notificationsRepository.insertMany(s.ctx.db, [
      { userId: other.id, notificationType: 3, entityType: 13, entityId: 1, title: 'Missed', message: 'Missed while away', path: null },
    ]);
    await pushService.sweep(s.ctx.db, send);
    await s.ctx.jobs.drain('push');
    const got = push.received.find((p) => p.path === '/push/sweep')!;
    expect(got.payload).toMatchObject({ id: row!.id, title: 'Missed' });
    // Claimed once: a second sweep sends nothing more.
    await pushService.sweep(s.ctx.db, send);
    await s.ctx.jobs.drain('push');
    expect(push.received.filter((p) => p.path === '/push/sweep')).toHaveLength(1);
  });
});

describe('DELETE /firebase-token/{id}', () => {
  it('removes the user’s own token (sign-out); others’ do not exist for them', async () => {
    const { id } = (await register(owner, push.subscription().token)).json();
    expect((await s.api('DELETE', `${API}/firebase-token/${id}`, { token: other.token })).statusCode).toBe(404);
    expect((await s.api('DELETE', `${API}/firebase-token/${id}`)).statusCode).toBe(401);
    expect((await s.api('DELETE', `${API}/firebase-token/${id}`, { token: owner.token })).statusCode).toBe(204);
    expect(await tokenRow(id)).toBeUndefined();
    expect((await s.api('DELETE', `${API}/firebase-token/${id}`, { token: owner.token })).statusCode).toBe(404);
  });
});
