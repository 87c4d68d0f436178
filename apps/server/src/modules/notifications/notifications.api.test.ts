import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityType, NotificationType } from '@skillroom/contract';
import { notifications } from '../../db/schema';
import { signUp, startTestServer, type TestServer } from '../../../test/harness';
import { API, type TestUser } from '../../../test/classes';
import { notificationsService } from './notifications.service';

let s: TestServer;
let alice: TestUser;
let bob: TestUser;
/** Makes n notifications for a user, as the events of DESIGN §3 do. */
const make = (u: TestUser, n: number) =>
  s.ctx.db.transaction(async (tx) => {
    for (let i = 1; i <= n; i++)
      await notificationsService.notify(tx, {
        recipients: [u.id],
        notificationType: NotificationType.TeacherInvitationAccepted,
        entityType: EntityType.TeachingClass,
        entityId: i,
        params: { creator: 'Ann', class: `Class ${i}` },
        path: `/teaching-class/${i}`,
      });
  });

beforeAll(async () => {
  s = await startTestServer();
  [alice, bob] = await Promise.all([signUp(s), signUp(s, { preferredLanguage: 'es' })]);
  await make(alice, 30);
  await make(bob, 2);
});
afterAll(() => s.close());

const list = (u: TestUser | undefined, q = '') => s.api('GET', `${API}/notifications${q}`, { token: u?.token });

describe('GET /notifications', () => {
  it('lists only the user’s own, newest first, 25 a page by default, with Hydra pages', async () => {
    const res = await list(alice);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body['hydra:totalItems']).toBe(30);
    expect(body['hydra:member']).toHaveLength(25);
    expect(body['hydra:member'][0]).toMatchObject({
      '@type': 'Notification',
      user: `${API}/user/${alice.id}`,
      notificationType: 5,
      entityType: 14,
      entityId: 30,
      isRead: false,
      platformType: 1,
      title: 'You joined a class',
      message: 'Ann accepted your request: you are now a co-teacher of Class 30.',
      path: '/teaching-class/30',
    });
    expect(body['hydra:view']['hydra:next']).toContain('page=2');
    const two = (await list(alice, '?page=2&itemsPerPage=10')).json();
    expect(two['hydra:member'].map((n: { entityId: number }) => n.entityId)).toEqual([20, 19, 18, 17, 16, 15, 14, 13, 12, 11]);
    const spanish = (await list(bob)).json()['hydra:member'][0];
    expect(spanish.title).toBe('Te has unido a una clase');
  });

  it('answers 401 without a token and 400 for bad paging or filters', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
    for (const q of ['?page=0', '?itemsPerPage=5000', '?isRead=maybe', '?page=x']) expect((await list(alice, q)).statusCode, q).toBe(400);
  });
});

describe('PATCH /notification/{id}, mark all read, and the unread count', () => {
  let first: { id: number };
  beforeAll(async () => {
    first = (await list(alice, '?itemsPerPage=1')).json()['hydra:member'][0];
  });

  it('marks one read (isRead=false then counts one fewer) and back unread', async () => {
    const res = await s.api('PATCH', `${API}/notification/${first.id}`, { token: alice.token, body: { isRead: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: first.id, isRead: true });
    expect((await list(alice, '?isRead=false')).json()['hydra:totalItems']).toBe(29);
    expect((await list(alice, '?isRead=1')).json()['hydra:totalItems']).toBe(1);
    // What the client read may be sent back: read-only fields are ignored, only isRead is written.
    const echoed = await s.api('PATCH', `${API}/notification/${first.id}`, {
      token: alice.token,
      body: { ...first, isRead: true, title: 'Changed' },
    });
    expect(echoed.statusCode).toBe(200);
    expect(echoed.json()).toMatchObject({ isRead: true, title: 'You joined a class' });
    const merge = await s.api('PATCH', `${API}/notification/${first.id}`, {
      token: alice.token,
      body: { isRead: false },
      headers: { 'content-type': 'application/merge-patch+json' },
    });
    expect(merge.json().isRead).toBe(false);
  });

  it('refuses bad bodies and other users, changing nothing', async () => {
    for (const body of [{ isRead: 'yes' }, {}, { isRead: true, colour: 'x' }, [true]]) {
      expect((await s.api('PATCH', `${API}/notification/${first.id}`, { token: alice.token, body })).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    }
    expect((await s.api('PATCH', `${API}/notification/${first.id}`, { token: bob.token, body: { isRead: true } })).statusCode).toBe(404);
    expect((await s.api('GET', `${API}/notification/${first.id}`, { token: bob.token })).statusCode).toBe(404);
    expect((await s.api('PATCH', `${API}/notification/${first.id}`, { body: { isRead: true } })).statusCode).toBe(401);
    expect((await s.api('GET', `${API}/notification/abc`, { token: alice.token })).statusCode).toBe(400);
    expect((await s.api('GET', `${API}/notification/${first.id}`, { token: alice.token })).json()).toMatchObject({
      '@context': '/api/contexts/Notification',
      id: first.id,
      isRead: false,
    });
  });

  it('marks all of the user’s own read, and no one else’s', async () => {
    const res = await s.api('POST', `${API}/notifications/mark-all-read`, { token: alice.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 30 });
    expect((await list(alice, '?isRead=false')).json()['hydra:totalItems']).toBe(0);
    expect((await list(bob, '?isRead=false')).json()['hydra:totalItems']).toBe(2);
    expect((await s.api('POST', `${API}/notifications/mark-all-read`, { token: alice.token })).json()).toEqual({ updated: 0 });
    const [{ n }] = (await s.ctx.db.select({ n: count() }).from(notifications).where(eq(notifications.isRead, false))) as [{ n: number }];
    expect(n).toBe(2);
  });
});
